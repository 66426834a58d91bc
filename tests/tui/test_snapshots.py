"""Drawings of fixed positions compared with stored text.

Regenerate after an intended change of a drawing with::

    SAVANNA_UPDATE_SNAPSHOTS=1 pytest tests/tui/test_snapshots.py

and review the diff of ``tests/tui/snapshots/``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from savanna.core import load_game, sample_action
from savanna.tui.seat import parse_seats
from savanna.tui.session import PlaySession
from tests.tui.conftest import make_console, screen

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("SAVANNA_UPDATE_SNAPSHOTS") == "1"


def prefix(game: str, players: int, steps: int, seed: int) -> list[int]:
    """The first ``steps`` actions of a seeded random game."""
    state = load_game(game, players=players).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(sample_action(state, rng))
    return list(state.history)


def check(name: str, text: str) -> None:
    """``text`` equals the stored snapshot. With ``SAVANNA_UPDATE_SNAPSHOTS=1`` a different
    drawing is written and the test fails all the same (review the diff, then rerun
    without it): an update never passes by comparing the new file with itself."""
    path = SNAPSHOTS / f"{name}.txt"
    stored = path.read_text(encoding="utf-8") if path.exists() else None
    if UPDATE and stored != text:
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        pytest.fail(f"snapshot {path.name} written: review the diff, then run without SAVANNA_UPDATE_SNAPSHOTS")
    assert stored is not None, f"no snapshot {path.name}: run with SAVANNA_UPDATE_SNAPSHOTS=1"
    assert text == stored


CASES = [
    # name, game, players, steps, seed, viewer, lang, width, height
    ("toy-seat1-en", "toy", 2, 7, 1, 0, "en", 80, 24),
    ("toy-spectator-fr", "toy", 3, 9, 2, None, "fr", 80, 24),
    ("hyena-seat2-en-wide", "hyena", 2, 26, 3, 1, "en", 120, 40),
    ("hyena-spectator-fr", "hyena", 4, 40, 5, None, "fr", 80, 24),
    ("banjooli-seat1-en", "banjooli", 3, 12, 1, 0, "en", 80, 24),
    ("banjooli-seat1-fr-reroll", "banjooli", 2, 11, 3, 0, "fr", 80, 24),
]


@pytest.mark.parametrize(
    ("name", "game", "players", "steps", "seed", "viewer", "lang", "width", "height"), CASES
)
def test_position_drawing(
    toy,
    name: str,
    game: str,
    players: int,
    steps: int,
    seed: int,
    viewer: int | None,
    lang: str,
    width: int,
    height: int,
) -> None:
    configured = load_game(game, players=players)
    seats = parse_seats(",".join(["human"] + ["bot:random"] * (players - 1)))
    console = make_console(width, height)
    play = PlaySession(
        configured,
        seats,
        seed=seed,
        lang=lang,
        console=console,
        history=prefix(game, players, steps, seed),
    )
    menu = None
    if play.state.current_player() == viewer:
        menu = play._menu()
    play.draw(viewer, menu=menu)
    check(name, screen(console))


def test_end_of_game_drawing(toy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    configured = load_game("toy", players=2)
    history = prefix("toy", 2, 200, 9)
    console = make_console()
    play = PlaySession(
        configured,
        parse_seats("human,bot:random"),
        seed=9,
        console=console,
        history=history,
        out=Path("end.json"),
    )
    play.run()
    check("toy-end-en", screen(console))


def test_every_stored_snapshot_is_checked() -> None:
    """An orphan snapshot (a case renamed or removed) fails instead of lying around."""
    checked = {case[0] for case in CASES} | {"toy-end-en"}
    assert {p.stem for p in SNAPSHOTS.glob("*.txt")} == checked
