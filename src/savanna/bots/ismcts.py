"""The ``ismcts`` bot: information-set Monte Carlo tree search, for any registered game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) with multi-player returns:

* every iteration *determinizes*: ``game.sample_state(observation, rng)`` draws a full
  state consistent with what the bot's seat knows, so the bot never reads the true state;
* chance nodes are crossed by drawing an outcome with its probability
  (``state.sample_chance(rng)``);
* tree nodes are information sets, keyed by ``(seat to act, observation(seat).text)``, so
  determinizations that look the same to the acting seat share statistics;
* selection is UCB1 over the actions legal *in this determinization*, counting for each
  action how often it was available (the availability count replaces the parent's visits);
* a new information set is expanded one action at a time (the game's heuristic choice
  first, unless ``prior=none``), then a rollout plays to the end with the ``random`` or
  ``heuristic`` policy;
* every seat maximises its own score: returns are normalised to ``[0, 1]`` with
  ``game.score_bounds`` and each node is credited with the score of the seat acting there.

The budget is a number of simulations (``sims``), a time (``seconds``), or both (whichever
ends first). A time budget makes play depend on machine speed: use ``sims`` for
reproducible runs.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Literal

from pydantic import Field, model_validator

from savanna.bots.bot import Bot, BotConfig, BotError, register_bot
from savanna.core import CHANCE, TERMINAL, Game, Observation, State

__all__ = ["ISMCTSBot", "ISMCTSConfig", "InfoSetNode", "Search"]

DEFAULT_SIMULATIONS = 1000


class ISMCTSConfig(BotConfig):
    """Settings of the ``ismcts`` bot."""

    sims: int | None = Field(default=None, ge=1, le=10_000_000)
    """Simulations per decision (default 1000 when ``seconds`` is not given either)."""
    seconds: float | None = Field(default=None, gt=0, le=3600)
    """Thinking time per decision, in seconds."""
    c: float = Field(default=0.7, ge=0, le=10)
    """UCB exploration constant (returns are normalised to [0, 1])."""
    rollout: Literal["random", "heuristic"] = "random"
    """Policy of the playouts after the tree."""
    prior: Literal["none", "heuristic"] = "heuristic"
    """First action tried at a new information set: the game's heuristic choice, or a random one."""

    @model_validator(mode="after")
    def _default_budget(self) -> ISMCTSConfig:
        if self.sims is None and self.seconds is None:
            object.__setattr__(self, "sims", DEFAULT_SIMULATIONS)
        return self


class InfoSetNode:
    """Statistics of one information set: per action, visits, total reward, availability."""

    __slots__ = ("available", "preferred", "reward", "visits")

    def __init__(self, preferred: int | None = None) -> None:
        self.visits: dict[int, int] = {}
        self.reward: dict[int, float] = {}
        self.available: dict[int, int] = {}
        self.preferred = preferred

    def select(self, legal: Sequence[int], c: float, rng: random.Random) -> tuple[int, bool]:
        """The action to follow among ``legal``, and whether it was never tried before.

        Untried actions come first (the preferred one if it is legal and untried, else a
        random one); otherwise the UCB1 maximum, ties going to the first in ``legal`` order.
        """
        visits = self.visits
        available = self.available
        untried = []
        for a in legal:
            available[a] = available.get(a, 0) + 1
            if a not in visits:
                untried.append(a)
        if untried:
            if self.preferred in untried:
                return self.preferred, True
            return untried[rng.randrange(len(untried))], True
        reward = self.reward
        best = legal[0]
        best_value = -math.inf
        for a in legal:
            n = visits[a]
            value = reward[a] / n + c * math.sqrt(math.log(available[a]) / n)
            if value > best_value:
                best, best_value = a, value
        return best, False

    def update(self, action: int, value: float) -> None:
        """Credit ``action`` with one visit worth ``value``."""
        self.visits[action] = self.visits.get(action, 0) + 1
        self.reward[action] = self.reward.get(action, 0.0) + value


class Search:
    """One ISMCTS search from one observation (the tree lives as long as the search).

    Args:
        game: the configured game.
        observation: the searching seat's observation; the only knowledge used.
        legal_actions: the searching seat's legal actions.
        rng: the source of every random draw (determinizations, chance, rollouts).
        c: UCB exploration constant.
        rollout: the playout policy, ``"random"`` or ``"heuristic"``.
        prior: ``"heuristic"`` tries the game's heuristic choice first at each new
            information set (a cheap prior that matters when there are many actions and
            few simulations); ``"none"`` tries untried actions in random order.

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
        c: float = 0.7,
        rollout: str = "random",
        prior: str = "heuristic",
    ) -> None:
        if observation.seat is None:
            raise BotError(
                "ISMCTS searches for a seat, not for a spectator's observation",
                "l'ISMCTS cherche pour une place, pas pour l'observation d'un spectateur",
            )
        self.game = game
        self.observation = observation
        self.seat: int = observation.seat
        self.root_legal = list(legal_actions)
        self.rng = rng
        self.c = c
        self.heuristic_rollout = rollout == "heuristic"
        self.heuristic_prior = prior == "heuristic"
        self.root = InfoSetNode(
            game.heuristic_action(observation, self.root_legal, rng)
            if self.heuristic_prior
            else None
        )
        self.tree: dict[tuple[int, str], InfoSetNode] = {(self.seat, observation.text): self.root}
        self.simulations = 0
        low, high = game.score_bounds
        self._low = low
        self._span = (high - low) or 1.0

    def run(self, *, sims: int | None = None, seconds: float | None = None) -> None:
        """Run simulations until ``sims`` are done or ``seconds`` have passed."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        done = 0
        while (sims is None or done < sims) and (
            deadline is None or time.perf_counter() < deadline
        ):
            self.simulate()
            done += 1

    def simulate(self) -> None:
        """One iteration: determinize, select and expand in the tree, roll out, back up."""
        rng = self.rng
        state = self.game.sample_state(self.observation, rng)
        seat = self.seat
        path: list[tuple[InfoSetNode, int, int]] = []
        node = self.root
        legal = [a for a in state.legal_actions() if a in self.root_legal] or self.root_legal
        while True:
            action, fresh = node.select(legal, self.c, rng)
            path.append((node, action, seat))
            state.apply_unchecked(action)
            if fresh:
                break
            while state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
            if state.is_terminal():
                break
            seat = state.current_player()
            key = (seat, state.observation(seat).text)
            legal = state.legal_actions()
            found = self.tree.get(key)
            if found is None:
                preferred = None
                if self.heuristic_prior and len(legal) > 1:
                    preferred = self.game.heuristic_action(state.observation(seat), legal, rng)
                found = self.tree[key] = InfoSetNode(preferred)
            node = found
        self._rollout(state)
        returns = state.returns()
        low, span = self._low, self._span
        for node_, action, acting in path:
            node_.update(action, (returns[acting] - low) / span)
        self.simulations += 1

    def _rollout(self, state: State) -> None:
        # The hottest loop of the search: one current_player() call per step.
        rng = self.rng
        game = self.game
        heuristic = self.heuristic_rollout
        apply = state.apply_unchecked
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return
            if player == CHANCE:
                apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if heuristic:
                apply(game.heuristic_action(state.observation(player), legal, rng))
            else:
                apply(legal[rng.randrange(len(legal))])

    def best_action(self) -> int:
        """The most visited root action (ties: higher mean reward, then legal order)."""
        root = self.root

        def key(a: int) -> tuple[int, float]:
            n = root.visits.get(a, 0)
            return n, (root.reward.get(a, 0.0) / n if n else 0.0)

        return max(self.root_legal, key=key)


@register_bot
class ISMCTSBot(Bot):
    """Information-set MCTS over determinizations drawn from the bot's own observation.

    Settings: ``sims`` (simulations per decision), ``seconds`` (time per decision), ``c``
    (exploration), ``rollout`` (``random`` or ``heuristic``), ``prior`` (``heuristic`` or
    ``none``: which action a new information set tries first).
    """

    kind = "ismcts"
    summary = "information-set MCTS (settings: sims, seconds, c, rollout)"
    config_model = ISMCTSConfig

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        """Search from ``observation`` and return the most visited legal action."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        config = self.config
        assert isinstance(config, ISMCTSConfig)  # set by Bot.__init__ from config_model
        search = Search(
            self.game,
            observation,
            legal_actions,
            self.rng,
            c=config.c,
            rollout=config.rollout,
            prior=config.prior,
        )
        search.run(sims=config.sims, seconds=config.seconds)
        self.last_search = search
        return search.best_action()
