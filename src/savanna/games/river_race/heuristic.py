"""The river race's documented good-human strategy (the ``heuristic`` bot).

It sees only its seat's observation. It fills in the other seats' cards with a random
consistent guess (:func:`~savanna.games.river_race.observation.sample_state`; its own card
it knows) and judges positions with the evaluation
(:func:`~savanna.games.river_race.evaluation.estimate_scores`) by its *margin*: its own
projected score minus the mean of the others'.

* **Moving.** Try every legal move and keep the one with the best margin; the choice at a
  river's fork (courtyard or path around) comes out of the same comparison.
* **Bargaining, as the sacrificer.** For each pawn waiting beside its sacrifice place,
  once per turn, the ride's worth to its owner is the owner's projected gain if the pawn
  stood across the river. When its gold and the deals made pay the card, ask :data:`ASK`
  of that worth, scaled by the card in mind (``0.5 + 0.5 * price / mean price`` of the
  cards the table has not seen revealed: a dear card asks more, a cheap one less; never
  less than what makes the deal worth it, see below), if the owner can pay it; a ride
  worth nothing to its owner is not offered. When they do not, the passengers' gold is
  what pays the card: ask the most the owner pays without bargaining (:data:`ACCEPT` of
  the ride's worth to its margin), or the pawn's share of the gold still lacking if that
  is more, even below what carrying a rival is otherwise worth. Then cross as soon as the
  card can be paid, else end the turn and wait for gold. Where a card may be given back
  (rule ``sacrifice.withdraw``, the second material), crossing (or waiting) with it and
  giving it back are compared by the margin instead: the card's price decides.
* **Bargaining, as the owner of a waiting pawn.** A price ``p`` moves one's margin by
  ``-p (1 + 1/(players - 1))`` (one pays, an opponent receives). Accept when that is
  covered by :data:`ACCEPT` of the ride's worth to one's margin; otherwise counter with
  :data:`COUNTER` of it when that is lower than the offer, else refuse.
* **Replying to a counter.** Accept when the price covers the margin the sacrificer loses
  by carrying an opponent (its gain divided among the other seats) by at least one gold,
  or when the card lacks gold and the counter either pays it or leaves other waiting pawns
  to ask for the rest; else refuse.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from savanna.games.river_race.actions import (
    Accept,
    Counter,
    Cross,
    Offer,
    Refuse,
    Withdraw,
    from_id,
)
from savanna.games.river_race.council import card_price, dealt_gold, waiting
from savanna.games.river_race.evaluation import estimate_scores, expected_prices
from savanna.games.river_race.observation import determinize, sample_state
from savanna.games.river_race.phase import ANSWER, COUNCIL, MOVE, REPLY

if TYPE_CHECKING:
    from savanna.core.game import Observation
    from savanna.games.river_race.game import RiverRaceGame
    from savanna.games.river_race.state import RiverRaceState

__all__ = ["ACCEPT", "ASK", "COUNTER", "choose", "choose_in", "choose_in_state", "margin", "ride_worth"]

ASK: Final = 0.7
"""Share of a ride's worth to its owner that the sacrificer asks first."""
ACCEPT: Final = 0.8
"""Share of a ride's worth (to one's margin) one pays without bargaining."""
COUNTER: Final = 0.45
"""Share of a ride's worth (to one's margin) one offers back."""


def margin(scores: Sequence[float], seat: int) -> float:
    """``seat``'s score minus the mean of the others'."""
    others = [s for i, s in enumerate(scores) if i != seat]
    return scores[seat] - (sum(others) / len(others) if others else 0.0)


def _landed(state: RiverRaceState, pawn: int) -> RiverRaceState:
    board = state.game.board
    other = state.clone()
    place = board.place_of_yard[state.pos[pawn]]
    other.pos[pawn] = board.places[place].landing
    return other


def ride_worth(state: RiverRaceState, pawn: int, before: Sequence[float] | None = None) -> tuple[float, float]:
    """What taking ``pawn`` across now is worth: to its owner's score, and to its owner's margin
    (``before``: ``estimate_scores(state)`` when already known)."""
    owner = pawn // 3
    if before is None:
        before = estimate_scores(state)
    after = estimate_scores(_landed(state, pawn))
    return after[owner] - before[owner], margin(after, owner) - margin(before, owner)


def choose(game: RiverRaceGame, observation: Observation, legal_actions: Sequence[int], rng: random.Random) -> int:
    """The heuristic's choice among ``legal_actions`` for ``observation``'s seat."""
    legal = list(legal_actions)
    if len(legal) == 1:
        return legal[0]
    state = sample_state(game, observation, rng)
    seat = observation.seat if observation.seat is not None else state.current_player()
    return choose_in(state, seat, legal)


def choose_in_state(state: RiverRaceState, legal_actions: Sequence[int], rng: random.Random) -> int:
    """:func:`choose` for the seat to act, read from a full ``state`` without building its
    observation: the same choice, from the same draws of ``rng`` (the other seats' cards
    are redrawn by :func:`~savanna.games.river_race.observation.determinize`)."""
    legal = list(legal_actions)
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player()
    return choose_in(determinize(state, seat, rng), seat, legal)


def choose_in(state: RiverRaceState, seat: int, legal: list[int]) -> int:
    """The heuristic's choice for ``seat`` in ``state``, a guess it holds of the position."""
    if state.phase == MOVE:
        return _best_move(state, seat, legal)
    if state.phase == COUNCIL:
        return _council(state, seat, legal)
    if state.phase == ANSWER:
        return _answer(state, seat, legal)
    if state.phase == REPLY:
        return _reply(state, seat, legal)
    return legal[0]  # pragma: no cover - every seat phase is handled above


def _best_move(state: RiverRaceState, seat: int, legal: list[int]) -> int:
    best, best_value = legal[0], -math.inf
    for action in legal:
        child = state.clone()
        child.apply_unchecked(action)
        value = margin(estimate_scores(child), seat)
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


def _share(players: int) -> float:
    """How much one gold paid to an opponent moves the payer's margin."""
    return 1.0 + 1.0 / max(1, players - 1)


def _council(state: RiverRaceState, seat: int, legal: list[int]) -> int:
    n = state.game.num_players
    offers: dict[int, list[int]] = {}
    crosses = []
    withdraws = []
    others = []
    for action in legal:
        act = from_id(action)
        if isinstance(act, Offer):
            offers.setdefault(act.target, []).append(act.price)
        elif isinstance(act, Cross):
            crosses.append(action)
        elif isinstance(act, Withdraw):
            withdraws.append(action)
        else:
            others.append(action)
    before: list[float] | None = None  # the position as it stands, valued once for every target
    for target in sorted(offers):
        place = state.game.board.place_of_yard[state.pos[target]]
        if before is None:
            before = estimate_scores(state)
        worth, worth_margin = ride_worth(state, target, before)
        floor = _least_price(worth, n)
        price = card_price(state, place)
        need = price - state.gold[seat] - dealt_gold(state, place)
        candidates = sum(1 for p in waiting(state, place) if p // 3 != seat and p not in state.asked)
        top = max(offers[target])
        if need > 0:
            # The card in mind, short of gold: the passengers' gold is what pays the card, so
            # ask at least the most the owner pays without bargaining (a counter brings less),
            # or its share of the gold still lacking, even below what carrying a rival is
            # otherwise worth.
            most = math.floor(ACCEPT * worth_margin / _share(n))
            if most < 1 or top < 1:
                continue
            return Offer(target, min(max(most, math.ceil(need / max(1, candidates))), top)).to_id()
        # The card in mind, paid alone: a dear card asks more than a cheap one (its price
        # against the mean price of the cards still unseen), what the ride is worth being the scale.
        mean = _mean_price(state, place)
        scale = 0.5 + 0.5 * price / mean if mean > 0 else 1.0
        ask = max(round(ASK * worth * scale), floor)
        if worth < 1 or floor > top:
            continue
        return Offer(target, min(ask, top)).to_id()
    if withdraws:
        # The card in mind: give a dear card back when crossing (or waiting) with it is
        # worth less than a fresh card later.
        return _best_move(state, seat, crosses + withdraws if crosses else others + withdraws)
    if crosses:
        return crosses[0]
    return _best_move(state, seat, others)  # step a pawn up, or roll


def _mean_price(state: RiverRaceState, place: int) -> float:
    """The mean price of ``place``'s passage over the cards the table has not seen revealed."""
    upper, lower = expected_prices(state)
    return upper if state.game.board.places[place].upper else lower


def _least_price(worth: float, players: int) -> int:
    """The least price that pays the sacrificer for carrying a rival gaining ``worth``."""
    return max(1, math.ceil(worth / max(1, players - 1) / _share(players) + 1))


def _answer(state: RiverRaceState, seat: int, legal: list[int]) -> int:
    pawn, price = state.offer
    _, worth = ride_worth(state, pawn)
    cost = price * _share(state.game.num_players)
    if cost <= ACCEPT * worth:
        return Accept().to_id()
    counter = math.floor(COUNTER * worth / _share(state.game.num_players))
    if worth >= 1 and 0 <= counter < price and Counter(counter).to_id() in legal:
        return Counter(counter).to_id()
    return Refuse().to_id()


def _reply(state: RiverRaceState, seat: int, legal: list[int]) -> int:
    pawn, _ = state.offer
    counter = state.counter
    place = state.game.board.place_of_yard[state.pos[pawn]]
    worth, _ = ride_worth(state, pawn)
    if counter >= _least_price(worth, state.game.num_players):
        return Accept().to_id()
    # The card in mind: a counter below the ride's worth is taken only when the card needs
    # that gold, and it pays the card now or other pawns still wait to be asked for the rest.
    need = card_price(state, place) - state.gold[seat] - dealt_gold(state, place)
    others = any(p // 3 != seat and p not in state.asked for p in waiting(state, place))
    if need > 0 and counter >= 1 and (counter >= need or others):
        return Accept().to_id()
    return Refuse().to_id()
