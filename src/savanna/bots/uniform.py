"""The ``random`` bot: a uniform choice among the legal actions."""

from __future__ import annotations

from collections.abc import Sequence

from savanna.bots.bot import Bot, Turn, register_bot
from savanna.core import Observation

__all__ = ["RandomBot"]


@register_bot
class RandomBot(Bot):
    """Plays a uniformly random legal action (the baseline every other bot must beat)."""

    kind = "random"

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        """A legal action drawn uniformly with the bot's rng."""
        return legal_actions[self.rng.randrange(len(legal_actions))]

    def decide(self, turn: Turn) -> int:
        """The same draw as :meth:`act`, without building the observation it ignores."""
        legal = turn.legal_actions
        return legal[self.rng.randrange(len(legal))]
