"""Builders of Banjooli positions through the position notation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from savanna.games.banjooli import BanjooliGame, BanjooliState

STRAIGHTS = "plain,quicksand,rocks,dry_river"
"""Four straight tiles: spaces 5 + 5*row + lane (row 0 is the first row after the Exit).

Rocks: 11, 23, 45, 57, 59, 73. Quicksand: 32, 40, 44, 71. Crossing from row 15 (80-84).
"""
CURVE_FIRST = "bend_left,plain,quicksand,rocks"
"""A left bend first: its fenced lanes are 5-6, 7-9, 10-13, 14-18 (16 quicksand), 19-24."""

LETTERS = "BYRGP"


def sp(row: int, lane: int) -> int:
    """Space number on a straight-only layout (row 0 = first row after the Exit)."""
    return 5 + 5 * row + lane


def game(players: int = 4, **options: object) -> BanjooliGame:
    """A configured game (layouts of every test position must be legal for it)."""
    return BanjooliGame(players=players, options=options)


def position(
    g: BanjooliGame,
    *,
    layout: str = STRAIGHTS,
    phase: str = "decide",
    seat: int = 0,
    at: Mapping[str, int | str] | None = None,
    scared: str = "",
    arrived: str = "",
    cards: Sequence[int] | None = None,
    dice: str = "BYRGPW",
    mover: str | None = None,
    points: int = 0,
    turn: int = 0,
    berries: Mapping[int, str] | None = None,
    picked: str = "-",
    peeks: Sequence[Sequence[int]] | None = None,
    spear: str = "-",
    choices: tuple[str, Sequence[int]] = ("-", ()),
    rerolled: bool = False,
    after: str = "reroll",
    to_roll: str = "-",
    flags: str = "-",
    frenzy: str = "000000",
    direction: str = "+",
    lion: int = 0,
) -> BanjooliState:
    """A state built from notation; ``at`` maps colour letters to spaces (``"F"`` = arrived)."""
    where: dict[str, int | str] = {c: i for i, c in enumerate(LETTERS)}
    where.update(at or {})
    for c in arrived:
        where[c] = "F"
    n = g.num_players
    cards = list(cards) if cards is not None else list(range(n))
    ostriches = ",".join(f"{where[c]}{'s' if c in scared else ''}" for c in LETTERS)
    berry_text = ",".join(f"{s}:{t}" for s, t in sorted((berries or {}).items())) or "-"
    peek_text = "/".join(".".join(str(s) for s in p) or "-" for p in (peeks or [[]] * n))
    reason, spaces = choices
    fields = [
        "banjooli",
        f"L={layout}",
        f"P={phase}",
        f"S={seat}",
        f"D={direction}",
        f"T={turn}",
        f"O={ostriches}",
        f"A={arrived or '-'}",
        "C=" + ",".join(str(c) for c in cards),
        f"X={dice}",
        f"Q={to_roll}",
        f"N={after}",
        f"R={int(rerolled)}",
        "M=" + (f"{LETTERS.index(mover)}:{points}" if mover else "-"),
        f"F={flags}",
        f"Z={frenzy}",
        f"B={berry_text}",
        f"K={picked}",
        f"J={peek_text}",
        f"G={spear}",
        f"V={reason}:" + (".".join(str(s) for s in spaces) or "-"),
        "Y=-",
        f"H={lion}",
    ]
    return g.parse_position(" ".join(fields))


def texts(state: BanjooliState) -> list[str]:
    """The notation of every legal action."""
    return state.legal_action_texts()
