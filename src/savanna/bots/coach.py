"""The ``coach`` bot: plays the move the coach marks best.

Each decision with a choice runs :func:`savanna.coach.analyse` on the bot's own
observation (the other seats' secrets sampled, never read) and plays the best action:
the model's own move (the game's heuristic) unless another is clearly ahead of it in the
coach's rollouts. So the bot is the heuristic improved by one step of look-ahead, and
``savanna simulate banjooli --bots coach,heuristic`` measures what following the coach is
worth.

Settings: ``samples`` (rounds per decision, default 60; the same on every machine),
``seconds`` (a time budget instead, or with it), ``model`` (``heuristic`` or ``random``:
how every seat plays after the move) and ``objective`` (``score`` or ``win``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field, model_validator

from savanna.bots.bot import Bot, BotConfig, register_bot
from savanna.coach import analyse
from savanna.core import Observation

__all__ = ["DEFAULT_SAMPLES", "CoachBot", "CoachConfig"]

DEFAULT_SAMPLES = 60
"""Rounds per decision when neither ``samples`` nor ``seconds`` is given."""


class CoachConfig(BotConfig):
    """Settings of the ``coach`` bot."""

    samples: int | None = Field(default=None, ge=1, le=1_000_000)
    """Rounds of the analysis per decision (default 60 when ``seconds`` is not given)."""
    seconds: float | None = Field(default=None, gt=0, le=3600)
    """Time per decision, in seconds."""
    model: Literal["heuristic", "random"] = "heuristic"
    """How every seat plays after the move in the coach's simulations."""
    objective: Literal["score", "win"] = "score"
    """What the best move maximises: the expected score or the chance to finish first."""

    @model_validator(mode="after")
    def _default_budget(self) -> CoachConfig:
        if self.samples is None and self.seconds is None:
            object.__setattr__(self, "samples", DEFAULT_SAMPLES)
        return self


@register_bot
class CoachBot(Bot):
    """Plays the coach's best move (see the module description)."""

    kind = "coach"
    config_model = CoachConfig

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        """Analyse ``observation`` and return the best legal action."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        config = self.config
        assert isinstance(config, CoachConfig)  # set by Bot.__init__ from config_model
        result = analyse(
            self.game,
            observation,
            legal_actions=legal_actions,
            seed=self.rng.getrandbits(63),
            samples=config.samples,
            seconds=config.seconds,
            policy=config.model,
            objective=config.objective,
        )
        self.last_analysis = result
        best = result.best
        assert best is not None  # the seat is to act: every legal action was analysed
        return best.action
