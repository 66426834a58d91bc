"""The rule catalogue of the river race: clause id → :class:`RuleRef` with its source.

Clause ids are the ones used in ``docs/rules/river-race.md`` and in the test names. The
sentences live in the message catalogue, ``data/messages.en.toml`` and
``data/messages.fr.toml`` (key ``rule.<clause id>``); numbers that come from the components
(dice, bag, prices, stacks) are filled in from ``data/material.toml``, so the texts follow
the data. :data:`MESSAGES` holds every other text the game shows people too.

Example:
    >>> RULES["move.skip"].en
    'Occupied spaces are jumped over and not counted.'
    >>> RULES["spring.coin"].fr  # typeset: a no-break space before the colon
    "Un pion qui passe au-dessus d'une source prend la pièce du dessus de la pile\xa0: 2, 4, 6, 4, 2 pièces d'or."
    >>> MESSAGES.text("label.gold", "fr")
    'or'
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

from savanna.core.display import Label
from savanna.core.errors import RuleRef
from savanna.core.messages import MessageCatalogue, load_messages
from savanna.games.river_race.actions import (
    Counter,
    Cross,
    Move,
    Offer,
    Pass,
    Step,
    Withdraw,
    from_id,
)
from savanna.games.river_race.board import load_board
from savanna.games.river_race.components import DEFAULT_MATERIAL, load_material
from savanna.games.river_race.council import card_price, dealt_gold, sacrificer
from savanna.games.river_race.phase import ANSWER, COUNCIL, MOVE, NO_CARD, OVER
from savanna.games.river_race.walking import move_refusal

if TYPE_CHECKING:
    from savanna.games.river_race.state import RiverRaceState

__all__ = ["GAME", "MESSAGES", "RULES", "SEED", "refusal", "rule_catalogue"]

GAME: Final = "river-race"
SEED: Final = "river-race-description-fr.txt"
MESSAGES: Final[MessageCatalogue] = load_messages("savanna.games.river_race")
"""Every text the river race shows people, in English and French."""
_DESIGN: Final = "design (docs/rules/river-race.md"

_SOURCES: Final[tuple[tuple[str, str], ...]] = (
    ("setup.pawns", f"{SEED}, FIN DE LA PARTIE (ses trois pions)"),
    ("setup.gold", f"{_DESIGN}, Gold and coins)"),
    ("setup.first", f"{_DESIGN}, Players and turns)"),
    ("setup.persecutor", f"{_DESIGN}, The persecutor)"),
    ("roll.dice", f"design; {SEED}, DÉPLACEMENT (en lançant les dés)"),
    ("move.one_pawn", f"design; {SEED}, DÉPLACEMENT (la totalité des points)"),
    ("move.all_points", f"{SEED}, DÉPLACEMENT (doit utiliser la totalité des points)"),
    ("move.camp_order", f"{_DESIGN}, Moving)"),
    ("move.skip", f"{SEED}, DÉPLACEMENT (doit sauter les cases occupées)"),
    ("move.fork", f"design; {SEED}, CASES SACRIFICE and LES SOURCES (faire le tour de la rivière)"),
    ("move.branch_only_at_fork", f"{_DESIGN}, Moving)"),
    ("move.stop", f"design; {SEED}, CASES SACRIFICE (les pions attendent dans les cours) and DÉPLACEMENT (dès qu'un pion arrive au village)"),
    ("move.wait", f"{SEED}, CASES SACRIFICE (les pions attendent dans les cours jusqu'à ce qu'un joueur fasse un sacrifice qui permet de traverser le fleuve)"),
    ("move.altar", f"{SEED}, CASES SACRIFICE (une fois le sacrifice fait, on peut se déplacer sur la rive opposée)"),
    ("move.village", f"{SEED}, DÉPLACEMENT (il se place dans la hutte)"),
    ("move.none", f"{_DESIGN}, Moving)"),
    ("village.hut", f"{SEED}, DÉPLACEMENT (il se place dans la hutte de plus forte valeur)"),
    ("pity.coin", f"{SEED}, DÉPLACEMENT (quand un joueur fait 1 au dé, les dieux prennent pitié de lui)"),
    ("pity.bag", f"design; {SEED}, DÉPLACEMENT (une pièce d'or au hasard, d'une valeur allant de 1 à 6)"),
    ("persecutor.ring", f"{SEED}, LE PERSÉCUTEUR"),
    ("persecutor.sacrifice", f"{SEED}, LE PERSÉCUTEUR (également d'une case à chaque sacrifice)"),
    ("sacrifice.step", f"design; {SEED}, CASES SACRIFICE (les pions attendent dans les cours jusqu'à ce qu'un joueur fasse un sacrifice)"),
    ("sacrifice.draw", f"{SEED}, CASES SACRIFICE (le joueur qui occupe le lieu de sacrifice tire la carte du dessus de la pioche)"),
    ("sacrifice.secret", f"{SEED}, CASES SACRIFICE (la regarde secrètement)"),
    ("deck.reshuffle", f"{_DESIGN}, The sacrifice cards)"),
    ("council.when", f"design; {SEED}, CASES SACRIFICE (il peut alors traverser quand il le souhaite)"),
    ("council.rent", f"{_DESIGN}, The negotiation; designer note 8)"),
    ("sacrifice.withdraw", f"{_DESIGN}, The negotiation; designer note 12)"),
    ("council.sacrificer", f"{SEED}, CASES SACRIFICE (le joueur qui occupe le lieu de sacrifice)"),
    ("offer.yard", f"{SEED}, CASES SACRIFICE (les pions de son choix qui se trouvent dans la cour attenante)"),
    ("offer.once", f"{_DESIGN}, The negotiation)"),
    ("offer.price", f"{_DESIGN}, The negotiation)"),
    ("answer.reply", f"design; {SEED}, CASES SACRIFICE (dès qu'un accord intervient)"),
    ("answer.counter", f"{_DESIGN}, The negotiation)"),
    ("cross.price", f"{SEED}, CASES SACRIFICE (il paye à la banque le montant indiqué sur la carte)"),
    ("cross.payment", f"{SEED}, CASES SACRIFICE (après paiement des prix convenus ... dévoilée puis défaussée)"),
    ("cross.own", f"design; {SEED}, CASES SACRIFICE (faire traverser avec lui les pions de son choix)"),
    ("spring.coin", f"{SEED}, LES SOURCES"),
    ("end.three", f"{SEED}, FIN DE LA PARTIE"),
    ("end.huts", f"{SEED}, FIN DE LA PARTIE"),
    ("end.persecutor", f"{SEED}, FIN DE LA PARTIE and LE PERSÉCUTEUR"),
    ("end.cap", f"{_DESIGN}, Ending)"),
    ("score.total", f"{SEED}, FIN DE LA PARTIE"),
    ("score.tie", f"{_DESIGN}, Scoring and ties)"),
)


def _component_fields(players: int, material: str = DEFAULT_MATERIAL) -> dict[str, str]:
    m = load_material(material)
    values = ", ".join(f"{n}×{v}" for v, n in enumerate(m.bag.coins, start=1) if n)
    length = load_board().persecutor_length
    return {
        "dice": str(m.dice.count),
        "bag": str(sum(m.bag.coins)),
        "bag_values": values,
        "players": str(players),
        "start_gold": ", ".join(str(g) for g in m.gold.start[players]),
        "left": str(length - m.persecutor.start[players]),
        "max_price": str(m.negotiation.max_price),
        "stack": ", ".join(str(c) for c in m.spring.stack),
        "max_turns": str(m.limits.max_turns),
        "rings": str(m.persecutor.rings),
    }


@cache
def rule_catalogue(players: int, material: str = DEFAULT_MATERIAL) -> dict[str, RuleRef]:
    """Every clause of the river race for ``players`` players on ``material`` (figures filled in)."""
    fields = _component_fields(players, material)
    rules = {}
    for clause, source in _SOURCES:
        wanted = {k: v for k, v in fields.items() if "{" + k + "}" in MESSAGES.template(f"rule.{clause}")}
        rules[clause] = MESSAGES.rule(GAME, clause, source, fields=wanted)
    return rules


RULES: Final[dict[str, RuleRef]] = rule_catalogue(4)
"""Every clause of the river race, worded for four players."""


def refusal(state: RiverRaceState, action: int) -> tuple[str, Label | None]:
    """The clause that refuses seat action ``action`` in ``state``, and what in the position
    makes it refuse (``None`` when the clause says it all)."""
    try:
        act = from_id(action)
    except ValueError:
        return "action.unknown", None
    phase = state.phase
    if phase == OVER:
        return "game.over", None
    if state.is_chance_node():
        return "seat.not_to_act", Label("detail.chance_acts")
    if phase == MOVE:
        if isinstance(act, Move):
            return move_refusal(state, act) or "action.not_legal", None
        if isinstance(act, Pass):
            return "move.none", Label("detail.can_move")
        return "council.when", Label("detail.rolled")
    if phase == COUNCIL:
        if isinstance(act, Move | Pass):
            return "roll.dice", Label("detail.roll_first")
        if isinstance(act, Offer):
            return _offer_refusal(state, act), None
        if isinstance(act, Step):
            return "sacrifice.step", None
        if isinstance(act, Cross | Withdraw):
            pawn = 3 * state.turn + act.pawn
            place = state.game.board.place_of_altar[state.pos[pawn]]
            if place < 0 or state.held[place] == NO_CARD:
                return "council.sacrificer", None
            if isinstance(act, Withdraw):
                return "sacrifice.withdraw", Label("detail.no_withdraw")
            have = state.gold[state.turn] + dealt_gold(state, place)
            return "cross.price", Label("detail.card_asks", {"price": card_price(state, place), "have": have})
        return "answer.reply", Label("detail.no_price")
    if phase == ANSWER and isinstance(act, Counter):
        return "answer.counter", Label("detail.offer_is", {"price": state.offer[1]})
    return "answer.reply", None


def _offer_refusal(state: RiverRaceState, offer: Offer) -> str:
    board = state.game.board
    if offer.target >= 3 * state.game.num_players or offer.target // 3 == state.turn:
        return "offer.yard"
    place = board.place_of_yard[state.pos[offer.target]]
    if place < 0 or state.held[place] == NO_CARD or sacrificer(state, place) // 3 != state.turn:
        return "offer.yard"
    if offer.target in state.asked:
        return "offer.once"
    return "offer.price"
