"""An estimate of each seat's final score from a full state (for the heuristic and ISMCTS).

The estimate projects the race:

1. *Route.* Each pawn not yet home plans, at every river still ahead, the cheapest of
   the upper courtyard, the lower courtyard and the path around, counting
   :data:`TURN_VALUE` gold per turn of its own moves, the expected price of a sacrifice
   (the mean card of the unseen deck), a wait when the place is busy, and the next coin of
   the spring. A pawn already committed (in a courtyard, on a sacrifice place, on a path
   around) keeps its course.
2. *Time.* A seat moves one pawn per turn, so its pawns' moves add up: its pawns arrive,
   fastest first, after the sum of their move turns (:data:`MOVE` spaces a turn) plus
   their waits. Turns are counted round the table from the seat to play.
3. *End.* The game ends at the earliest of: the persecutor's arrival (its rings and
   :data:`SACRIFICE_RATE` sacrifices per turn), a seat's third arrival, the arrival that
   takes the last hut. Pawns home before the end take the huts in order of arrival.
4. *Uncertainty.* Steps 2-3 are averaged over :data:`SAMPLES` fixed perturbations of
   every time (a fixed table, so the estimate is deterministic).
5. *Gold.* Each seat keeps its gold, minus the sacrifices it plans, plus the springs it
   plans to pass and its expected pity coins until the end.

A terminal state is scored exactly.
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING, Final

from savanna.games.river_race.board import ALTAR, CAMP, LANDING, PATH, VILLAGE, YARD
from savanna.games.river_race.council import card_price, sacrificers, waiting

if TYPE_CHECKING:
    from savanna.games.river_race.board import Board
    from savanna.games.river_race.state import RiverRaceState

__all__ = [
    "MOVE",
    "RIDE_SHARE",
    "RIDE_SHARE_KEPT",
    "SACRIFICE_RATE",
    "SAMPLES",
    "TURN_VALUE",
    "Plan",
    "estimate_scores",
    "expected_prices",
    "plan_pawn",
    "ride_share",
]

MOVE: Final = 7.5
"""Spaces a pawn covers in a turn on average (two dice, occupied spaces jumped)."""
TURN_VALUE: Final = 3.0
"""Gold a turn of one pawn's moves is worth when choosing a route."""
SACRIFICE_RATE: Final = 0.06
"""Sacrifices per turn (of any seat) expected to move the persecutor, besides rings."""
BUSY_WAIT: Final = 1.0
"""Rounds a pawn waits in a courtyard before it crosses."""
WAIT_VALUE: Final = 1.0
"""Gold a round of waiting is worth when choosing a route (the seat moves other pawns meanwhile)."""
RIDE_SHARE: Final = 0.4
"""Share of a card's price a passenger is expected to pay its sacrificer."""
RIDE_SHARE_KEPT: Final = 0.8
"""The same where cards may be given back (rule sacrifice.withdraw, the second material): the
cards kept are the ones worth crossing with, and short sacrificers (start gold 0 to 2) ask
their passengers for most of the price (designer note 12)."""
PITY: Final = 7.0 / 6.0
"""Expected pity gold per roll (each of two dice shows 1 with chance 1/6, coins average 3.5)."""
SAMPLES: Final = 12
"""Perturbed projections averaged."""
SPREAD: Final = 0.25
"""Relative spread of each projected time."""
_NOISE: Final = tuple(
    tuple(rng.gauss(0.0, 1.0) for _ in range(16))
    for rng in [random.Random(1985)]
    for _ in range(SAMPLES)
)
"""Fixed standard normal draws: per sample, one per pawn (15) and one for the persecutor."""
_FACTORS: Final = tuple(tuple(1 + SPREAD * z for z in noise) for noise in _NOISE)
"""Each draw of :data:`_NOISE` as the factor it puts on a projected time."""


class Plan:
    """A pawn's projected course: its own move turns, waits, gold paid and gained."""

    __slots__ = ("cost", "gain", "moves", "wait")

    def __init__(
        self, moves: float = 0.0, wait: float = 0.0, cost: float = 0.0, gain: float = 0.0
    ) -> None:
        self.moves = moves
        self.wait = wait
        self.cost = cost
        self.gain = gain

    def value(self) -> float:
        """The plan's cost in gold (turns valued at :data:`TURN_VALUE`)."""
        return (self.moves + self.wait) * TURN_VALUE + self.cost - self.gain


def ride_share(state: RiverRaceState) -> float:
    """:data:`RIDE_SHARE`, or :data:`RIDE_SHARE_KEPT` under rule sacrifice.withdraw."""
    return RIDE_SHARE_KEPT if state.tables.withdraw else RIDE_SHARE


def expected_prices(state: RiverRaceState) -> tuple[float, float]:
    """Mean upper and lower prices of the cards not revealed (the deck and held cards)."""
    cards = state.game.material.cards
    unseen = [c for pool in state.pools for c in pool]
    if not unseen:
        unseen = list(range(len(cards)))
    upper = sum(cards[c].upper for c in unseen) / len(unseen)
    lower = sum(cards[c].lower for c in unseen) / len(unseen)
    return upper, lower


def _spring_coin(state: RiverRaceState, river: int) -> float:
    stack = state.game.material.spring.stack
    taken = state.springs[river]
    return float(stack[taken]) if taken < len(stack) else 0.0


_PLANS: dict[tuple[object, ...], dict[int, Plan]] = {}
"""Plans already made, by everything a plan reads besides its pawn and space (see
:func:`estimate_scores`), then by pawn and space: the moves a heuristic compares leave most
pawns' plans as they were."""
_CONTEXTS_KEPT: Final = 5_000
"""Contexts of :data:`_PLANS` kept before it starts afresh."""
_ESTIMATES: dict[tuple[object, ...], tuple[float, ...]] = {}
"""Estimates already made, by everything an estimate reads (see :func:`estimate_scores`):
a heuristic comparing moves, a search and the coach's simulations meet the same positions
again (the same pawns, gold, cards and springs after other dice or other bargaining)."""
_ESTIMATES_KEPT: Final = 20_000
"""Estimates kept before :data:`_ESTIMATES` starts afresh."""

_Fork = tuple[float, float, float, float, int]
"""The way chosen at a fork: its steps, gold paid, gold gained, waits, and where it ends."""


def plan_pawn(state: RiverRaceState, pawn: int, prices: tuple[float, float] | None = None) -> Plan:
    """The cheapest projected course of ``pawn`` from where it stands to the village."""
    return _plan(state, pawn, prices or expected_prices(state), sacrificers(state), {})


def _plan(
    state: RiverRaceState,
    pawn: int,
    prices: tuple[float, float],
    busy: list[int],
    forks: dict[int, _Fork],
) -> Plan:
    """:func:`plan_pawn` with the sacrificer of every place (``busy``) and the choices made
    at the forks already planned for ``state`` (``forks``, filled in as they are made)."""
    board = state.game.board
    space = state.pos[pawn]
    kind = board.kind[space]
    if kind == VILLAGE:
        return Plan()
    plan = Plan()
    if kind == ALTAR:
        place = board.place_of_altar[space]
        info = board.places[place]
        held = state.held[place]
        price = float(card_price(state, place)) if held >= 0 else prices[0 if info.upper else 1]
        riders = sum(1 for p in waiting(state, place) if p // 3 != pawn // 3)
        income = min(price, ride_share(state) * price * riders)
        gold = state.gold[pawn // 3] + income
        plan.cost += price - income
        if price > gold:
            plan.wait += (price - gold) / PITY  # rounds of pity coins until it can pay
        space = info.landing
    elif kind == YARD:
        place = board.place_of_yard[space]
        info = board.places[place]
        price = prices[0 if info.upper else 1]
        plan.wait += BUSY_WAIT
        if busy[place] >= 0:
            plan.cost += ride_share(state) * price
        else:
            plan.cost += price
        space = info.landing
    steps, cost, gain, wait = _route(state, space, prices, busy, forks)
    plan.moves += steps / MOVE
    plan.cost += cost
    plan.gain += gain
    plan.wait += wait
    return plan


def _stretch(board: Board, space: int) -> tuple[int, tuple[int, ...], int]:
    """From ``space``, the road to the next fork (or the village): its steps, the rivers of
    the springs on it in order, and the fork's space (or the village's)."""
    steps = 0
    springs: list[int] = []
    while space != board.village and board.fork[space] < 0:
        kind = board.kind[space]
        if kind not in (
            CAMP,
            PATH,
            LANDING,
        ):  # pragma: no cover - courtyards and places are reached through forks
            break
        if board.spring[space] >= 0:
            springs.append(board.spring[space])
        space = board.next[space]
        steps += 1
    return steps, tuple(springs), space


@cache
def _stretches(board: Board) -> tuple[tuple[int, tuple[int, ...], int], ...]:
    """:func:`_stretch` of every space of ``board`` (made once per board)."""
    return tuple(_stretch(board, space) for space in range(board.size))


def _route(
    state: RiverRaceState,
    space: int,
    prices: tuple[float, float],
    busy: list[int],
    forks: dict[int, _Fork],
) -> tuple[float, float, float, float]:
    """Steps, gold paid, gold gained and waits from ``space`` choosing each river's cheapest
    way. The road between forks is read from :func:`_stretches` (its steps and springs add
    whole numbers, so the sums are those of walking it space by space)."""
    board = state.game.board
    stretches = _stretches(board)
    steps = 0.0
    cost = gain = wait = 0.0
    while True:
        s_steps, springs, space = stretches[space]
        steps += s_steps
        for river in springs:
            gain += _spring_coin(state, river)
        if space == board.village or board.fork[space] < 0:
            break
        way = forks.get(space)
        if way is None:
            way = forks[space] = _fork(state, space, prices, busy)
        o_steps, o_cost, o_gain, o_wait, space = way
        steps += o_steps
        cost += o_cost
        gain += o_gain
        wait += o_wait
    return steps, cost, gain, wait


def _fork(state: RiverRaceState, space: int, prices: tuple[float, float], busy: list[int]) -> _Fork:
    """The cheapest way at fork ``space``: either courtyard or the path around."""
    board = state.game.board
    river = board.fork[space]
    _, _, around = board.branches_at(space)
    options = []
    for place_index in (2 * river, 2 * river + 1):
        place = board.places[place_index]
        price = prices[0 if place.upper else 1]
        o_steps = 1.0
        o_wait = BUSY_WAIT
        o_cost = ride_share(state) * price if busy[place_index] >= 0 else price
        options.append(
            (
                o_steps / MOVE * TURN_VALUE + o_wait * WAIT_VALUE + o_cost,
                o_steps,
                o_cost,
                0.0,
                o_wait,
                place.landing,
            )
        )
    coin = _spring_coin(state, river)
    exit_ = board.around_exit[river]
    a_steps = float(board.dist_around[around] - board.dist_around[exit_]) + 1.0
    options.append((a_steps / MOVE * TURN_VALUE - coin, a_steps, 0.0, coin, 0.0, exit_))
    _, o_steps, o_cost, o_gain, o_wait, landing = min(options)
    return o_steps, o_cost, o_gain, o_wait, landing


def estimate_scores(state: RiverRaceState) -> list[float]:
    """Each seat's projected final score (see the module description)."""
    if state.is_terminal():
        return [float(s) for s in state.scores()]
    prices = expected_prices(state)
    # everything the estimate reads (the lists' lengths are fixed by the tables)
    seen = (
        id(state.tables),
        prices,
        state.persecutor,
        state.rings,
        state.turn,
        *state.pos,
        *state.hut,
        *state.gold,
        *state.springs,
        *state.held,
        *state.bag,
    )
    known = _ESTIMATES.get(seen)
    if known is None:
        if len(_ESTIMATES) >= _ESTIMATES_KEPT:
            _ESTIMATES.clear()
        known = _ESTIMATES[seen] = _estimate(state, prices)
    return list(known)


def _estimate(state: RiverRaceState, prices: tuple[float, float]) -> tuple[float, ...]:
    """:func:`estimate_scores` of a state in play, made afresh (``prices``: its expected prices)."""
    game = state.game
    n = game.num_players
    board = game.board
    huts = game.huts
    busy = sacrificers(state)
    forks: dict[int, _Fork] = {}
    # what a pawn's plan reads besides its own space (a pawn on a sacrifice place also reads
    # its card, its riders and its seat's gold: planned afresh)
    context = (id(state.tables), prices, tuple(busy), tuple(state.springs))
    kept_here = _PLANS.get(context)
    if kept_here is None:
        if len(_PLANS) >= _CONTEXTS_KEPT:
            _PLANS.clear()
        kept_here = _PLANS[context] = {}
    gold = [float(g) for g in state.gold]
    pos = state.pos
    hut_of = state.hut
    kind = board.kind
    size = board.size
    # each seat's pawns not yet home, in projected order, with their arrival times
    times: list[float] = []  # own turns from now
    pawns: list[int] = []
    for seat in range(n):
        plans = []
        for pawn in range(3 * seat, 3 * seat + 3):
            if hut_of[pawn] >= 0:
                continue
            space = pos[pawn]
            if kind[space] == ALTAR:
                plan = _plan(state, pawn, prices, busy, forks)
            else:
                key = pawn * size + space
                kept = kept_here.get(key)
                if kept is None:
                    kept = kept_here[key] = _plan(state, pawn, prices, busy, forks)
                plan = kept
            gold[seat] += plan.gain - plan.cost
            plans.append((plan.moves + plan.wait, plan.moves, plan.wait, pawn))
        plans.sort()
        moved = 0.0
        for _, moves, wait, pawn in plans:
            moved += moves
            times.append(max(moved, wait + moves))
            pawns.append(pawn)
    turn = state.turn
    after = [(s - turn) % n for s in range(n)]  # each seat's place after the seat to play
    offset = [a / n for a in after]
    taken = 0
    home = [0] * n
    mine = [0] * n
    for pawn, hut in enumerate(hut_of):
        if hut >= 0:
            taken += 1
            home[pawn // 3] += 1
            mine[pawn // 3] += huts[hut]
    rings_per_step = game.material.persecutor.rings + 1
    left = board.persecutor_length - state.persecutor - state.rings / rings_per_step
    rate = (PITY / 3.5) / rings_per_step + SACRIFICE_RATE  # steps per turn of any seat
    persecutor_turns = left / rate
    expected = [0.0] * n
    end_total = 0.0
    last = len(huts)
    # each pawn's noise by its seat's place after the seat to play (and its letter), never by
    # the seat's number, so that no seat is judged faster or slower than another (rotations)
    timed = [
        (t, after[pawn // 3] * 3 + pawn % 3, offset[pawn // 3], pawn) for t, pawn in zip(times, pawns, strict=True)
    ]
    for factor in _FACTORS:
        arrivals = sorted([((t * factor[k] + o) * n, pawn) for t, k, o, pawn in timed])
        end = persecutor_turns * factor[15]
        count = home[:]
        hut = taken
        for when, pawn in arrivals:
            if when > end or hut >= last:
                break
            seat = pawn // 3
            expected[seat] += huts[hut]  # whole numbers: the same sum as per sample first
            hut += 1
            count[seat] += 1
            if count[seat] == 3 or hut >= last:
                end = when
                break
        end_total += end
    mean_end = end_total / SAMPLES
    own_rolls = mean_end / n
    pity_left = min(own_rolls * PITY, sum((v + 1) * c for v, c in enumerate(state.bag)) / n)
    return tuple(max(0.0, gold[seat] + pity_left + mine[seat] + expected[seat] / SAMPLES) for seat in range(n))
