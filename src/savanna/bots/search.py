"""Information-set Monte Carlo tree search, for any registered game (the ``ismcts`` bot's engine).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) with multi-player returns:

* every iteration *determinizes*: a full state consistent with what the bot's seat knows,
  drawn by ``game.sample_state(observation, rng)``, so the bot never reads the true state.
  Drawing (which parses the observation) costs more than a whole cut rollout, so a search
  draws up to ``pool`` determinizations and then reuses a copy of one of them, chosen at
  random (``pool=0``: a fresh draw every iteration). A game of perfect information has a
  single determinization, drawn once;
* chance nodes are crossed by drawing an outcome with its probability
  (``state.sample_chance(rng)``);
* tree nodes are information sets, keyed by ``(seat to act, observation(seat).text)``, so
  determinizations that look the same to the acting seat share statistics. An information
  set met for the first time is added to the tree and the rollout starts there; its
  statistics (and its heuristic prior) start at its second visit;
* selection is UCB1 over the actions legal *in this determinization*, counting for each
  action how often it was available (the availability count replaces the parent's visits);
* *progressive widening*: a node visited ``n`` times considers only its first
  ``ceil((n + 1) ** widen)`` actions, in the order of its prior (the game's heuristic
  choice first unless ``prior=none``, then a random order fixed when the node is made).
  With many actions (64 rerolls in Banjooli) the budget goes to a few, not to one visit
  each; ``widen=1`` tries every action once before any is tried twice;
* rollouts play the ``random`` or ``heuristic`` policy. When the game has an evaluation
  (``Game.evaluate``), a rollout stops after ``depth`` actions (chance outcomes included)
  and the evaluation gives the returns; ``depth=full``, or a game whose ``evaluate``
  returns ``None``, plays rollouts to the end;
* every seat maximises its own reward, and each node is credited with the reward of the
  seat acting there. ``reward=score`` (the default) is the seat's score normalised to
  ``[0, 1]`` with ``game.score_bounds``; ``reward=rank`` is its place, 1 for first and 0
  for last (``(players - 1 - place) / (players - 1)``, tied seats sharing the better
  place); ``reward=win`` is 1 for a first place (shared or not), else 0. Places come from
  ``state.ranking()`` at the end of a game and from the evaluation's scores after a cut.

The budget is a number of simulations (``sims``), a time (``seconds``), or both (whichever
ends first). A time budget makes play depend on machine speed: use ``sims`` for
reproducible runs.

This module holds the search alone (no settings parsing), so that ``make compile`` can
build it with mypyc; :mod:`savanna.bots.ismcts` is the bot around it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Literal

from savanna.bots.bot import MESSAGES, BotError
from savanna.core import CHANCE, TERMINAL, Game, Observation, State, ranking_from_scores
from savanna.core.playout import rollout

__all__ = [
    "DEFAULT_C",
    "DEFAULT_DEPTH",
    "DEFAULT_POOL",
    "DEFAULT_PRIOR",
    "DEFAULT_REWARD",
    "DEFAULT_ROLLOUT",
    "DEFAULT_WIDEN",
    "InfoSetNode",
    "Prior",
    "Reward",
    "Rollout",
    "Search",
]

DEFAULT_DEPTH = 10
"""Rollout actions (chance included) before the game's evaluation is asked, by default."""
DEFAULT_POOL = 32
"""Determinizations drawn per search before copies of them are reused, by default."""
DEFAULT_C = 0.7
"""UCB exploration constant by default (returns are normalised to [0, 1])."""
DEFAULT_WIDEN = 0.5
"""Progressive widening exponent by default."""

Rollout = Literal["random", "heuristic"]
"""Policy of the playouts after the tree."""
Prior = Literal["none", "heuristic"]
"""First action tried at a new information set: a random one, or the game's heuristic choice."""
Reward = Literal["score", "rank", "win"]
"""What each seat maximises: its normalised score, its place, or a first place."""
DEFAULT_ROLLOUT: Rollout = "random"
DEFAULT_PRIOR: Prior = "heuristic"
DEFAULT_REWARD: Reward = "score"


class InfoSetNode:
    """Statistics of one information set: per action, visits, total reward, availability.

    Args:
        order: the node's legal actions when it was made, in the order progressive
            widening admits them (prior first).
    """

    __slots__ = ("available", "known", "order", "reward", "total", "visits")

    def __init__(self, order: Sequence[int]) -> None:
        self.visits: dict[int, int] = {}
        self.reward: dict[int, float] = {}
        self.available: dict[int, int] = {}
        self.order = list(order)
        self.known = set(order)
        self.total = 0

    def select(
        self, legal: Sequence[int], c: float, widen: float
    ) -> tuple[int, bool]:
        """The action to follow among ``legal``, and whether it was never tried before.

        Only the first ``ceil((total + 1) ** widen)`` actions of the node's order that are
        legal here are considered (at least one). An untried one among them comes first,
        in order; otherwise the UCB1 maximum, ties going to the first in order.
        """
        available = self.available
        known = self.known
        order = self.order
        for a in legal:
            available[a] = available.get(a, 0) + 1
            if a not in known:  # legal in this determinization only: admitted last
                known.add(a)
                order.append(a)
        allowed = math.ceil((self.total + 1) ** widen)
        legal_set = set(legal)
        candidates = []
        for a in order:
            if a in legal_set:
                candidates.append(a)
                if len(candidates) == allowed:
                    break
        visits = self.visits
        for a in candidates:
            if a not in visits:
                return a, True
        reward = self.reward
        best = candidates[0]
        best_value = -math.inf
        for a in candidates:
            n = visits[a]
            value = reward[a] / n + c * math.sqrt(math.log(available[a]) / n)
            if value > best_value:
                best, best_value = a, value
        return best, False

    def update(self, action: int, value: float) -> None:
        """Credit ``action`` with one visit worth ``value``."""
        self.visits[action] = self.visits.get(action, 0) + 1
        self.reward[action] = self.reward.get(action, 0.0) + value
        self.total += 1


class Search:
    """One ISMCTS search from one observation (the tree lives as long as the search).

    Args:
        game: the configured game.
        observation: the searching seat's observation; the only knowledge used.
        legal_actions: the searching seat's legal actions.
        rng: the source of every random draw (determinizations, chance, rollouts).
        c: UCB exploration constant.
        rollout: the playout policy, ``"random"`` or ``"heuristic"``.
        prior: ``"heuristic"`` puts the game's heuristic choice first in each new
            information set's order (a cheap prior that matters when there are many
            actions and few simulations); ``"none"`` orders the actions at random.
        depth: rollout actions (chance included) before ``game.evaluate`` is asked;
            ``None`` plays rollouts to the end. If the game's evaluation returns
            ``None`` the search plays full rollouts from then on.
        widen: progressive widening exponent in ``(0, 1]``.
        pool: determinizations drawn before copies of them are reused (``0``: a fresh
            draw for every simulation).
        reward: ``"score"``, ``"rank"`` or ``"win"`` (see the module description).

    Raises:
        BotError: for a spectator's observation (there is no seat to search for).
    """

    def __init__(
        self,
        game: Game,
        observation: Observation,
        legal_actions: Sequence[int],
        rng: random.Random,
        *,
        c: float = DEFAULT_C,
        rollout: Rollout = DEFAULT_ROLLOUT,
        prior: Prior = DEFAULT_PRIOR,
        depth: int | None = None,
        widen: float = DEFAULT_WIDEN,
        pool: int = DEFAULT_POOL,
        reward: Reward = DEFAULT_REWARD,
    ) -> None:
        if observation.seat is None:
            raise BotError(MESSAGES.words("error.spectator"))
        self.game = game
        self.observation = observation
        self.seat: int = observation.seat
        self.root_legal = list(legal_actions)
        self._root_set = frozenset(self.root_legal)
        self.rng = rng
        self.c = c
        self.widen = widen
        self.depth = depth
        self.heuristic_rollout = rollout == "heuristic"
        self.heuristic_prior = prior == "heuristic"
        self.pool_size = 1 if game.spec.perfect_information else pool
        self._pool: list[State] = []
        self.root = InfoSetNode(self._order(observation, self.root_legal))
        self.tree: dict[tuple[int, str], InfoSetNode | None] = {
            (self.seat, observation.text): self.root
        }
        self.simulations = 0
        self.evaluations = 0
        self.reward = reward
        low, high = game.score_bounds
        self._low = low
        self._span = (high - low) or 1.0
        self._last_place = max(game.num_players - 1, 1)

    def _order(self, observation: Observation, legal: Sequence[int]) -> list[int]:
        """Widening order of a new node: the prior's choice first, the rest shuffled."""
        rest = list(legal)
        first: list[int] = []
        if self.heuristic_prior and len(rest) > 1:
            choice = self.game.heuristic_action(observation, rest, self.rng)
            rest.remove(choice)
            first = [choice]
        self.rng.shuffle(rest)
        return first + rest

    def run(self, *, sims: int | None = None, seconds: float | None = None) -> None:
        """Run simulations until ``sims`` are done or ``seconds`` have passed."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        done = 0
        while (sims is None or done < sims) and (
            deadline is None or time.perf_counter() < deadline
        ):
            self.simulate()
            done += 1

    def _determinize(self) -> State:
        """A full state consistent with the root observation (see ``pool``)."""
        pool = self._pool
        if len(pool) < self.pool_size:
            state = self.game.sample_state(self.observation, self.rng)
            pool.append(state)
            return state.clone()
        if not pool:
            return self.game.sample_state(self.observation, self.rng)
        return pool[self.rng.randrange(len(pool))].clone()

    def simulate(self) -> None:
        """One iteration: determinize, select and expand in the tree, roll out, back up."""
        rng = self.rng
        state = self._determinize()
        seat = self.seat
        path: list[tuple[InfoSetNode, int, int]] = []
        node = self.root
        root_set = self._root_set
        legal = [a for a in state.legal_actions() if a in root_set] or self.root_legal
        c, widen, tree = self.c, self.widen, self.tree
        while True:
            action, fresh = node.select(legal, c, widen)
            path.append((node, action, seat))
            state.apply_unchecked(action)
            if fresh:
                break
            while state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
            if state.is_terminal():
                break
            seat = state.current_player()
            observation = state.observation(seat)
            key = (seat, observation.text)
            if key not in tree:
                tree[key] = None  # met once: the rollout starts here
                break
            found = tree[key]
            legal = state.legal_actions()
            if found is None:
                found = tree[key] = InfoSetNode(self._order(observation, legal))
            node = found
        rewards = self._rewards(state, self._rollout(state))
        for node_, action, acting in path:
            node_.update(action, rewards[acting])
        self.simulations += 1

    def _rewards(self, state: State, returns: Sequence[float]) -> list[float]:
        """Each seat's reward in ``[0, 1]`` from the returns (final or evaluated) of ``state``."""
        if self.reward == "score":
            low, span = self._low, self._span
            return [min(1.0, max(0.0, (r - low) / span)) for r in returns]
        places = state.ranking() if state.is_terminal() else ranking_from_scores(returns)
        if self.reward == "win":
            return [1.0 if p == 0 else 0.0 for p in places]
        last = self._last_place
        return [(last - p) / last for p in places]

    def _rollout(self, state: State) -> Sequence[float]:
        """Play on from ``state`` (in place); the final scores, or the evaluation after ``depth``
        actions."""
        rng = self.rng
        game = self.game
        left = -1 if self.depth is None else self.depth
        if not self.heuristic_rollout:
            # The hottest loop of the search, in one call (savanna.core.playout).
            if rollout(state, rng, left) == 0 and not state.is_terminal():
                estimate = game.evaluate(state)
                if estimate is not None:
                    self.evaluations += 1
                    return estimate
                self.depth = None  # the game has no evaluation: full rollouts from now on
                rollout(state, rng, -1)
            return state.returns()
        apply = state.apply_unchecked
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if left == 0:
                estimate = game.evaluate(state)
                if estimate is not None:
                    self.evaluations += 1
                    return estimate
                self.depth = None  # the game has no evaluation: full rollouts from now on
            left -= 1
            if player == CHANCE:
                apply(state.sample_chance(rng))
                continue
            apply(game.heuristic_action(state.observation(player), state.legal_actions(), rng))

    def best_action(self) -> int:
        """The most visited root action (ties: higher mean reward, then legal order)."""
        root = self.root

        def key(a: int) -> tuple[int, float]:
            n = root.visits.get(a, 0)
            return n, (root.reward.get(a, 0.0) / n if n else 0.0)

        return max(self.root_legal, key=key)
