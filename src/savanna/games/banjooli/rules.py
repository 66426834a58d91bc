"""The rule catalogue of Banjooli Xeet: each clause id with its source, and which clause
refuses an action.

Clause ids are the ones used in ``docs/rules/banjooli.md`` and in the test names. The
sentences (English and French) come from the message catalogue, ``data/messages.<lang>.toml``
(key ``rule.<clause id>``); a clause without a sentence there fails at import.
:func:`refusal` names the clause that refuses an illegal action in a position.

Example:
    >>> RULES["move.rock"].text("fr")
    'Les cases rocher sont infranchissables.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from savanna.core.display import Label
from savanna.core.errors import RuleRef
from savanna.core.messages import MessageCatalogue, load_messages
from savanna.games.banjooli.actions import (
    FACES,
    WHITE,
    Action,
    ChooseSpace,
    Give,
    MagicFive,
    Move,
    Pass,
    Reroll,
    Spell,
    Step,
    Swap,
    Unspell,
    from_id,
)
from savanna.games.banjooli.board import NONE, SpaceKind
from savanna.games.banjooli.moves import counts_now
from savanna.games.banjooli.phase import ARRIVED, EMPTY, Phase, Reason

if TYPE_CHECKING:
    from savanna.games.banjooli.state import BanjooliState

__all__ = ["GAME", "MESSAGES", "RULES", "SOURCES", "refusal"]

GAME: Final = "banjooli"
"""The registry name of the game, the owner of its rule clauses."""
MESSAGES: Final[MessageCatalogue] = load_messages("savanna.games.banjooli")
"""Every text Banjooli shows people, in English and French."""

_EN = "banjooli-xeet-rules-en.txt"
_FR = "banjooli-xeet-rules-fr.txt"

SOURCES: Final[tuple[tuple[str, str], ...]] = (
    ("setup.layout", f"{_EN}, Components (Important) and Initial Setup 2"),
    ("setup.deal", f"{_EN}, Initial Setup 4"),
    ("setup.first", f"{_EN}, Initial Setup (the player who best imitates an ostrich starts): design, a draw"),
    ("berry.placement", f"{_EN}, Initial Setup (Optional Setup)"),
    ("reroll.once", f"{_FR}, DÉROULEMENT DE LA PARTIE"),
    ("reroll.first", f"{_EN}, Course of the Game (throw, throw again once, then choose A or B)"),
    ("reroll.spear", f"{_EN}, Berries (Naangateku)"),
    ("move.colour_count", f"{_EN}, A. Moving an Ostrich"),
    ("move.joker_alone", f"{_EN}, A. Moving an Ostrich (white jokers)"),
    ("move.joker_all", f"{_EN}, A. Moving an Ostrich (several jokers)"),
    ("move.joker_rolled", f"{_EN}, A. Moving an Ostrich (each white die; finished ostriches' colours)"),
    (
        "move.joker_one_kind",
        f"{_EN}, A. Moving an Ostrich (finished ostriches' colours); {_FR}, A DÉPLACER UNE AUTRUCHE",
    ),
    ("move.five_magic", f"{_EN}, A. Moving an Ostrich (magic power)"),
    ("move.scared", f"{_EN}, B. Spelling and Unspelling (Spell)"),
    ("move.arrived", f"{_EN}, End of the Game and Score"),
    ("move.full_movement", f"{_FR}, A DÉPLACER UNE AUTRUCHE 1; {_EN}, A. Moving an Ostrich 1"),
    ("move.forward", f"{_EN}, A. Moving an Ostrich 1"),
    ("move.fence", f"{_EN}, A. Moving an Ostrich 4"),
    ("move.rock", f"{_EN}, A. Moving an Ostrich 2"),
    ("move.occupied_end", f"{_EN}, A. Moving an Ostrich 2"),
    ("jump.one_point", f"{_EN}, A. Moving an Ostrich 3"),
    ("jump.two_adjacent", f"{_EN}, A. Moving an Ostrich 3"),
    ("jump.landing", "design (rules-questions Banjooli 7)"),
    ("quicksand.scare", f"{_EN}, A. Moving an Ostrich 4"),
    ("spell.colour", f"{_EN}, B. Spelling and Unspelling"),
    ("spell.at_exit", f"{_EN}, B. Spelling and Unspelling (Spell)"),
    ("spell.arrived", f"{_EN}, B. Spelling and Unspelling (Spell)"),
    ("spell.already_scared", f"{_EN}, B. Spelling and Unspelling (Spell)"),
    ("unspell.running", f"{_EN}, B. Spelling and Unspelling (Unspell)"),
    ("turn.pass", "design (rules-questions Banjooli 3)"),
    ("end.third_arrival", f"{_EN}, End of the Game and Score"),
    ("end.turn_cap", "design"),
    ("croc.water", f"{_EN}, Special Tiles (The Crocodiles)"),
    (
        "croc.bite",
        f"{_EN}, Special Tiles (The Crocodiles); {_FR}, TUILES SPÉCIALES (Les Crocodiles)",
    ),
    ("ravine.bridge", f"{_EN}, Special Tiles (The Ravine)"),
    ("lava.back", f"{_EN}, Special Tiles (The Lava River)"),
    ("vortex.swap", f"{_EN}, Special Tiles (The Vortex)"),
    ("berry.give", f"{_EN}, Berries (Naangateku)"),
    ("joka.back", f"{_EN}, Berries (Joka)"),
    ("frenzy.all_dice", f"{_EN}, Berries (Dof Nooxoor)"),
    ("lion.run", f"design (rules-questions Banjooli 15; {_EN}, Components: 1 Lion token)"),
    ("score.prediction", f"{_EN}, End of the Game and Score; {_FR}, FIN DE PARTIE ET SCORE"),
)
"""Clause id → where it comes from (seed file and section, or ``design``), in document order."""

RULES: Final[dict[str, RuleRef]] = {
    cid: MESSAGES.rule(GAME, cid, source) for cid, source in SOURCES
}


def refusal(state: BanjooliState, action: int) -> tuple[str, Label | None]:
    """The clause that refuses ``action`` in ``state`` (the core's catch-all otherwise), and
    what in the position makes it refuse, when the clause alone does not say.

    ``action`` is a seat action id (legal or not); the position's phase decides which
    clause speaks.
    """
    value = from_id(action)
    if state.phase == Phase.REROLL and not isinstance(value, Reroll):
        return "reroll.first", Label("step.reroll")  # keep or reroll before anything else
    if isinstance(value, Move) and value.joker is not None and state.phase in (Phase.DECIDE, Phase.FRENZY):
        counts = counts_now(state)
        if counts is not None and counts[value.joker] == 0 and _move_refusal(state, value) == "move.joker_rolled":
            return "move.joker_rolled", Label(f"detail.no_die.{FACES[value.joker]}")
    return _clause(state, value), None


def _clause(state: BanjooliState, value: Action) -> str:
    phase = state.phase
    if isinstance(value, Reroll) and phase in (Phase.DECIDE, Phase.STEP):
        if value.mask and not state.rerolled and state.after_roll != Phase.REROLL:
            return "reroll.spear"
        return "reroll.once"
    if isinstance(value, Move | MagicFive) and phase in (Phase.DECIDE, Phase.FRENZY):
        return _move_refusal(state, value)
    if isinstance(value, Step) and phase == Phase.STEP and state.board is not None:
        return _step_refusal(state, value.direction)
    if isinstance(value, Spell | Unspell) and phase == Phase.DECIDE:
        o = value.ostrich
        face = state.dice[5]
        if not (face in (WHITE, o) or face in state.arrived):
            return "spell.colour"
        if state.pos[o] == ARRIVED:
            return "spell.arrived"
        if isinstance(value, Spell):
            return "spell.already_scared" if state.scared[o] else "spell.at_exit"
        return "unspell.running"
    if isinstance(value, Pass) and phase == Phase.DECIDE:
        return "turn.pass"
    if phase == Phase.FRENZY and isinstance(value, Reroll | Pass):
        return "frenzy.all_dice"  # no reroll and no pass: every result is applied
    if isinstance(value, Give) and phase == Phase.GIVE:
        return "berry.give"
    if isinstance(value, Swap) and phase == Phase.SWAP:
        return "vortex.swap"
    if isinstance(value, ChooseSpace) and phase == Phase.PLACE:
        return "berry.placement"
    if isinstance(value, ChooseSpace) and phase == Phase.SPACE:
        board = state.board
        if board is not None and value.space < board.size and state.occ[value.space] != EMPTY:
            return "move.occupied_end"
        return _SPACE_RULES.get(state.reason, "action.not_legal")
    return "action.not_legal"


_SPACE_RULES: Final = {Reason.CROCODILE: "croc.bite", Reason.LAVA: "lava.back", Reason.JOKA: "joka.back"}
_IMPASSABLE_RULES: Final = {SpaceKind.WATER: "croc.water", SpaceKind.RAVINE: "ravine.bridge"}


def _move_refusal(state: BanjooliState, move: Move | MagicFive) -> str:
    o = move.ostrich
    counts = counts_now(state)
    assert counts is not None  # a decision or a frenzy
    if state.pos[o] == ARRIVED:
        return "move.arrived"
    if state.scared[o]:
        return "move.scared"
    if isinstance(move, MagicFive):
        return "move.five_magic"
    joker = move.joker
    if joker is not None and joker != WHITE and joker not in state.arrived:
        return "move.colour_count"  # another colour's dice only move that ostrich
    if counts[o] == 0:
        return "move.joker_alone" if joker is not None else "move.colour_count"
    if joker is not None and counts[joker] == 0:
        return "move.joker_rolled"  # no die of that joker kind in the roll
    if move.part and state.phase == Phase.DECIDE:
        return "move.joker_all"  # only the frenzy uses part of a joker kind
    return "move.full_movement"


def _step_refusal(state: BanjooliState, d: int) -> str:
    board = state.board
    assert board is not None
    s = state.pos[state.mover]
    t = board.fwd[3 * s + d]
    if t == NONE:
        return "move.fence" if board.fenced[s] else "move.forward"
    if t >= 0 and not board.passable[t] and state.occ[t] == EMPTY:
        return _IMPASSABLE_RULES.get(board.kind[t], "move.rock")
    if t >= 0 and state.occ[t] != EMPTY:
        b = board.fwd[3 * t + d]
        if b >= 0 and state.occ[b] != EMPTY:
            return "jump.two_adjacent"
        if b == NONE or (b >= 0 and not board.passable[b]):
            return "jump.landing"
    return "move.full_movement"
