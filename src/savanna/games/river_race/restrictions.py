"""The kinds of decision the lab may take away from a river race bot (restricted play).

Each :class:`~savanna.core.Restriction` keeps some of the legal actions, or shows the
restricted seat a position with its own card redrawn (``ignore-price``); the lab measures
what giving the decision up costs (``savanna simulate river-race --restrict NAME``,
``docs/lab.md``). They read only the action ids and the seat's own cards.

==================  ==================================================================
name                the restricted seat ...
==================  ==================================================================
``never-offer``     never offers a ride to a rival pawn (as a sacrificer)
``never-ride``      refuses every offer for its waiting pawns (never pays for a ride)
``never-counter``   never counter-offers (accepts or refuses)
``never-bargain``   makes no deal at all: never offers, refuses every offer
``never-wait``      crosses as soon as it can pay (it rolls only when it cannot)
``never-step``      never steps onto a sacrifice place (it crosses only as a passenger)
``never-withdraw``  never gives its card back (rule ``sacrifice.withdraw``)
``always-upper``    takes the upper courtyard at every fork
``always-lower``    takes the lower courtyard at every fork
``always-around``   takes the path around at every fork
``ignore-price``    decides as if its own card were an unseen one, drawn afresh (and crosses
                    only when that card could be paid)
==================  ==================================================================

Example:
    >>> from savanna.games.river_race.game import RiverRaceGame
    >>> [r.name for r in RiverRaceGame().restrictions()][:3]
    ['never-offer', 'never-ride', 'never-counter']
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING, Final, cast

from savanna.core.messages import load_messages
from savanna.core.restriction import Allow, Restriction
from savanna.games.river_race.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_VALUE,
    AROUND,
    K_ACCEPT,
    K_COUNTER,
    K_CROSS,
    K_DONE,
    K_MOVE,
    K_OFFER,
    K_STEP,
    K_WITHDRAW,
    LOWER,
    NO_BRANCH,
    UPPER,
)
from savanna.games.river_race.council import can_cross
from savanna.games.river_race.observation import redraw_own
from savanna.games.river_race.phase import ANSWER, COUNCIL, MOVE

if TYPE_CHECKING:
    from savanna.core.game import State
    from savanna.games.river_race.state import RiverRaceState

__all__ = ["NAMES", "restrictions"]

_MESSAGES: Final = load_messages("savanna.games.river_race")

NAMES: Final = (
    "never-offer",
    "never-ride",
    "never-counter",
    "never-bargain",
    "never-wait",
    "never-step",
    "never-withdraw",
    "always-upper",
    "always-lower",
    "always-around",
    "ignore-price",
)
"""The restrictions, in the order ``savanna simulate --restrict`` lists them."""


def _drop(legal: list[int], kinds: tuple[int, ...]) -> list[int]:
    """``legal`` without the actions of ``kinds`` (all of ``legal`` if nothing would be left)."""
    kept = [a for a in legal if ACTION_KIND[a] not in kinds]
    return kept or legal


def _never_offer(state: State, seat: int, legal: list[int]) -> list[int]:
    return _drop(legal, (K_OFFER,)) if _phase(state) == COUNCIL else legal


def _never_ride(state: State, seat: int, legal: list[int]) -> list[int]:
    return _drop(legal, (K_ACCEPT, K_COUNTER)) if _phase(state) == ANSWER else legal


def _never_counter(state: State, seat: int, legal: list[int]) -> list[int]:
    return _drop(legal, (K_COUNTER,)) if _phase(state) == ANSWER else legal


def _never_bargain(state: State, seat: int, legal: list[int]) -> list[int]:
    return _never_ride(state, seat, _never_offer(state, seat, legal))


def _never_wait(state: State, seat: int, legal: list[int]) -> list[int]:
    # A sacrificer that can pay may still offer rides first, but not roll with its card.
    if _phase(state) != COUNCIL or not any(ACTION_KIND[a] == K_CROSS for a in legal):
        return legal
    return _drop(legal, (K_DONE,))


def _never_step(state: State, seat: int, legal: list[int]) -> list[int]:
    return _drop(legal, (K_STEP,)) if _phase(state) == COUNCIL else legal


def _never_withdraw(state: State, seat: int, legal: list[int]) -> list[int]:
    return _drop(legal, (K_WITHDRAW,)) if _phase(state) == COUNCIL else legal


def _always(branch: int) -> Allow:
    def allow(state: State, seat: int, legal: list[int]) -> list[int]:
        if _phase(state) != MOVE:
            return legal
        # The pawns whose move passes a fork offer a move per branch; keep theirs of
        # ``branch`` (a pawn that cannot take it keeps its others).
        taking = {ACTION_ARG[a] for a in legal if ACTION_KIND[a] == K_MOVE and ACTION_VALUE[a] == branch}
        return [
            a
            for a in legal
            if ACTION_KIND[a] != K_MOVE
            or ACTION_VALUE[a] in (NO_BRANCH, branch)
            or ACTION_ARG[a] not in taking
        ]

    return allow


def _unseen_price(state: State, seat: int, legal: list[int]) -> list[int]:
    # Given the position the seat believes (its card redrawn, see _ignore_price): a crossing
    # is kept only when that card could be paid. The legal actions of the real position
    # would tell the seat whether its real card can be paid, which is what it ignores.
    if _phase(state) != COUNCIL:
        return legal
    believed = cast("RiverRaceState", state)
    tables = believed.tables
    kept = []
    for action in legal:
        if ACTION_KIND[action] == K_CROSS:
            place = tables.place_of_altar[believed.pos[3 * seat + ACTION_ARG[action]]]
            if not can_cross(believed, place):
                continue
        kept.append(action)
    return kept or legal


def _ignore_price(state: State, seat: int, rng: random.Random) -> State | None:
    return redraw_own(cast("RiverRaceState", state), seat, rng)


def _phase(state: State) -> int:
    return cast("RiverRaceState", state).phase


@cache
def restrictions() -> tuple[Restriction, ...]:
    """The river race's restrictions, worded from its catalogue."""
    allow: dict[str, Allow] = {
        "never-offer": _never_offer,
        "never-ride": _never_ride,
        "never-counter": _never_counter,
        "never-bargain": _never_bargain,
        "never-wait": _never_wait,
        "never-step": _never_step,
        "never-withdraw": _never_withdraw,
        "always-upper": _always(UPPER),
        "always-lower": _always(LOWER),
        "always-around": _always(AROUND),
    }
    out = []
    for name in NAMES:
        words = {lang: _MESSAGES.text(f"restriction.{name}", lang) for lang in ("en", "fr")}
        if name == "ignore-price":
            out.append(Restriction(name, words["en"], words["fr"], allow=_unseen_price, blind=_ignore_price))
        else:
            out.append(Restriction(name, words["en"], words["fr"], allow=allow[name]))
    return tuple(out)
