"""The ``heuristic`` bot: each game's documented good-human strategy."""

from __future__ import annotations

from collections.abc import Sequence

from savanna.bots.bot import Bot, Turn, register_bot
from savanna.core import Observation

__all__ = ["HeuristicBot"]


@register_bot
class HeuristicBot(Bot):
    """Plays ``game.heuristic_action(observation, legal_actions, rng)``.

    The strategy lives with each game (its ``heuristic`` module), so this bot stays
    game-agnostic and, like every bot, sees only its own observation.
    """

    kind = "heuristic"

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        """The game's heuristic choice for this observation."""
        return self.game.heuristic_action(observation, legal_actions, self.rng)

    def decide(self, turn: Turn) -> int:
        """The same choice as :meth:`act`, by the game's fast path (no observation built)."""
        return turn.heuristic_action(self.rng)
