"""The ``ismcts`` bot: information-set Monte Carlo tree search, for any registered game.

The search itself (determinizations, information-set nodes, progressive widening, rollouts
cut by the game's evaluation, rewards) is :class:`~savanna.bots.search.Search`, described
in :mod:`savanna.bots.search`; this module is the bot around it and its settings.

The budget is a number of simulations (``sims``), a time (``seconds``), or both (whichever
ends first). A time budget makes play depend on machine speed: use ``sims`` for
reproducible runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field, model_validator

from savanna.bots.bot import Bot, BotConfig, register_bot
from savanna.bots.search import (
    DEFAULT_C,
    DEFAULT_DEPTH,
    DEFAULT_POOL,
    DEFAULT_PRIOR,
    DEFAULT_REWARD,
    DEFAULT_ROLLOUT,
    DEFAULT_WIDEN,
    InfoSetNode,
    Prior,
    Reward,
    Rollout,
    Search,
)
from savanna.core import Observation

__all__ = [
    "DEFAULT_C",
    "DEFAULT_DEPTH",
    "DEFAULT_POOL",
    "DEFAULT_PRIOR",
    "DEFAULT_REWARD",
    "DEFAULT_ROLLOUT",
    "DEFAULT_SIMULATIONS",
    "DEFAULT_WIDEN",
    "ISMCTSBot",
    "ISMCTSConfig",
    "InfoSetNode",
    "Prior",
    "Reward",
    "Rollout",
    "Search",
]

DEFAULT_SIMULATIONS = 1000
"""Simulations per decision when neither ``sims`` nor ``seconds`` is given."""


class ISMCTSConfig(BotConfig):
    """Settings of the ``ismcts`` bot."""

    sims: int | None = Field(default=None, ge=1, le=10_000_000)
    """Simulations per decision (default 1000 when ``seconds`` is not given either)."""
    seconds: float | None = Field(default=None, gt=0, le=3600)
    """Thinking time per decision, in seconds."""
    c: float = Field(default=DEFAULT_C, ge=0, le=10)
    """UCB exploration constant (returns are normalised to [0, 1])."""
    rollout: Rollout = DEFAULT_ROLLOUT
    """Policy of the playouts after the tree."""
    prior: Prior = DEFAULT_PRIOR
    """First action tried at a new information set: the game's heuristic choice, or a random one."""
    depth: Annotated[int, Field(ge=0, le=1_000_000)] | Literal["full"] | None = None
    """Rollout actions before the evaluation (default 10 when the game has one); ``full``: to the end."""
    widen: float = Field(default=DEFAULT_WIDEN, gt=0, le=1)
    """Progressive widening exponent: a node visited n times considers ceil((n+1)**widen) actions."""
    pool: int = Field(default=DEFAULT_POOL, ge=0, le=1_000_000)
    """Determinizations drawn per search before copies are reused (0: a fresh one every time)."""
    reward: Reward = DEFAULT_REWARD
    """What each seat maximises: its normalised score, its place, or a first place."""

    @model_validator(mode="after")
    def _default_budget(self) -> ISMCTSConfig:
        if self.sims is None and self.seconds is None:
            object.__setattr__(self, "sims", DEFAULT_SIMULATIONS)
        return self


@register_bot
class ISMCTSBot(Bot):
    """Information-set MCTS over determinizations drawn from the bot's own observation.

    Settings: ``sims`` (simulations per decision), ``seconds`` (time per decision), ``c``
    (exploration), ``rollout`` (``random`` or ``heuristic``), ``prior`` (``heuristic`` or
    ``none``: which action a new information set tries first), ``depth`` (rollout actions
    before the game's evaluation, ``full`` for none), ``widen`` (progressive widening
    exponent), ``pool`` (determinizations drawn per search), ``reward`` (``score``,
    ``rank`` or ``win``).
    """

    kind = "ismcts"
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
            depth=resolve_depth(config.depth),
            widen=config.widen,
            pool=config.pool,
            reward=config.reward,
        )
        search.run(sims=config.sims, seconds=config.seconds)
        self.last_search = search
        return search.best_action()


def resolve_depth(depth: int | str | None) -> int | None:
    """The rollout cut of a ``depth`` setting: ``None`` (auto) is :data:`DEFAULT_DEPTH`,
    ``"full"`` is no cut (``None``)."""
    if depth is None:
        return DEFAULT_DEPTH
    if depth == "full":
        return None
    return int(depth)
