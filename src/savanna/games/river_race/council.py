"""The council at the start of a turn, read from a position: who holds which sacrifice
place, what may be bargained, and whether a card can be paid.

Before rolling, a seat with a pawn waiting beside a free sacrifice place, or holding a
card, may step up (rule ``sacrifice.step``), offer prices for the rivals' pawns waiting
beside its place (``offer.yard``, ``offer.price``, ``offer.once``) and cross when the gold
covers the card (``cross.price``), then roll (``council.when``). These functions only read
the position; the phase machine (:mod:`.state`) applies the actions.

Example:
    >>> from savanna.games.river_race.game import RiverRaceGame
    >>> game = RiverRaceGame(players=2, options={"first": "seat1"})
    >>> state = game.parse_position(
    ...     "river-race/2 first=1 turn=1 turns=3 phase=council dice=- ones=0 gold=13,5 rings=0 "
    ...     "persecutor=3 bag=8,6,4,2,1,1 springs=0,0 pawns=s1u,camp,camp/y1u,camp,camp "
    ...     "cards=1u:7@0 pools=1,2,3,4,5,6,7,8,9,10,11,12 discard=- asked=- deals=- "
    ...     "offer=- counter=- end=-")
    >>> sacrificer(state, 0), waiting(state, 0), card_price(state, 0), can_cross(state, 0)
    (0, [3], 12, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from savanna.games.river_race.actions import CROSS_IDS, OFFER_IDS, ROLL_ID, STEP_IDS, WITHDRAW_IDS
from savanna.games.river_race.phase import NO_CARD, NOBODY

if TYPE_CHECKING:
    from savanna.games.river_race.state import RiverRaceState

__all__ = [
    "can_cross",
    "card_price",
    "council_ids",
    "dealt_gold",
    "free_gold",
    "has_council",
    "rent_due",
    "sacrificer",
    "sacrificers",
    "waiting",
]

_STEP_IDS: Final[tuple[int, ...]] = STEP_IDS
_CROSS_IDS: Final[tuple[int, ...]] = CROSS_IDS
_OFFER_IDS: Final[tuple[tuple[int, ...], ...]] = OFFER_IDS
_WITHDRAW_IDS: Final[tuple[int, ...]] = WITHDRAW_IDS


def sacrificer(state: RiverRaceState, place: int) -> int:
    """The pawn on the sacrifice place ``place``, or :data:`~.phase.NOBODY`."""
    altar = state.tables.altar[place]
    pos = state.pos
    for pawn in range(len(pos)):
        if pos[pawn] == altar:
            return pawn
    return NOBODY


def sacrificers(state: RiverRaceState) -> list[int]:
    """:func:`sacrificer` of every sacrifice place, in one pass."""
    place_of_altar = state.tables.place_of_altar
    out = [NOBODY] * state.tables.places
    pos = state.pos
    for pawn in range(len(pos)):
        place = place_of_altar[pos[pawn]]
        if place >= 0 and out[place] < 0:
            out[place] = pawn
    return out


def waiting(state: RiverRaceState, place: int) -> list[int]:
    """The pawns waiting in the courtyard of ``place``, in pawn order."""
    yard = state.tables.yard[place]
    pos = state.pos
    return [pawn for pawn in range(len(pos)) if pos[pawn] == yard]


def free_gold(state: RiverRaceState, seat: int) -> int:
    """``seat``'s gold not yet promised in this turn's deals."""
    promised = 0
    for deal in state.deals:
        if deal[0] // 3 == seat:
            promised += deal[1]
    return state.gold[seat] - promised


def card_price(state: RiverRaceState, place: int) -> int:
    """The price the card held at ``place`` asks for its passage (the card must be held)."""
    tables = state.tables
    card = state.held[place] % tables.cards  # as indexing the cards: -1 is the last one
    return tables.prices[card * tables.places + place]


def dealt_gold(state: RiverRaceState, place: int) -> int:
    """The prices agreed this turn for pawns waiting in ``place``'s courtyard."""
    yard = state.tables.yard[place]
    dealt = 0
    for deal in state.deals:
        if state.pos[deal[0]] == yard:
            dealt += deal[1]
    return dealt


def can_cross(state: RiverRaceState, place: int) -> bool:
    """Whether the sacrificer of ``place`` (which holds a card) can pay to cross now."""
    seat = sacrificer(state, place) // 3
    return state.gold[seat] + dealt_gold(state, place) >= card_price(state, place)


def council_ids(state: RiverRaceState) -> list[int]:
    """The ids of the seat's choices in the council (in no particular order)."""
    seat = state.turn
    out = [ROLL_ID]
    tables = state.tables
    cap = tables.max_price
    pos = state.pos
    held = state.held
    sacs = sacrificers(state)
    for place in range(len(held)):
        sac = sacs[place]
        yard = tables.yard[place]
        if sac < 0:
            for pawn in range(3 * seat, 3 * seat + 3):
                if pos[pawn] == yard:
                    out.append(_STEP_IDS[pawn % 3])  # rule sacrifice.step: the first in letter order
                    break
            continue
        if sac // 3 != seat or held[place] == NO_CARD:
            continue
        for pawn in range(len(pos)):
            if pos[pawn] != yard:
                continue
            owner = pawn // 3
            if owner == seat or pawn in state.asked:
                continue  # rules offer.yard, offer.once
            top = min(cap, free_gold(state, owner))  # rule offer.price
            offers = _OFFER_IDS[pawn]
            for price in range(top + 1):
                out.append(offers[price])
        if can_cross(state, place):
            out.append(_CROSS_IDS[sac % 3])  # rule cross.price
        if tables.withdraw:
            out.append(_WITHDRAW_IDS[sac % 3])  # rule sacrifice.withdraw
    return out


def rent_due(state: RiverRaceState, skip: int = -1) -> list[int]:
    """Rule council.rent: the rival seats the seat to play pays if it rolls now, one entry
    per sacrifice place where it holds the card and per rival seat with a pawn waiting in
    that place's courtyard (in place order, then seat order); empty without a rent.
    ``skip``: a place whose card is being given back (rule sacrifice.withdraw)."""
    tables = state.tables
    if not tables.rent:
        return []
    seat = state.turn
    pos = state.pos
    out: list[int] = []
    sacs = sacrificers(state)
    for place in range(len(sacs)):
        sac = sacs[place]
        if sac < 0 or sac // 3 != seat or state.held[place] == NO_CARD or place == skip:
            continue
        yard = tables.yard[place]
        owners: list[int] = []
        for pawn in range(len(pos)):
            owner = pawn // 3
            if pos[pawn] == yard and owner != seat and owner not in owners:
                owners.append(owner)
        out += owners
    return out


def has_council(state: RiverRaceState) -> bool:
    """Whether the seat to play has a choice before rolling: a waiting pawn beside a free
    sacrifice place, or a card. It depends on public facts only (never on a card's price,
    which would tell the table whether the sacrificer can pay)."""
    seat = state.turn
    tables = state.tables
    # A place offers a choice only through one of the seat's own pawns: on its
    # sacrifice place (as its sacrificer), or waiting in its courtyard (a free place).
    for pawn in range(3 * seat, 3 * seat + 3):
        space = state.pos[pawn]
        place = tables.place_of_altar[space]
        if place >= 0 and sacrificer(state, place) // 3 == seat:
            return True
        place = tables.place_of_yard[space]
        if place >= 0 and sacrificer(state, place) < 0:
            return True
    return False
