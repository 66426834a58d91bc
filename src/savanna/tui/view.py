"""What each viewer may be told about an action: the terminal's log of the game.

A shared screen must not print an action's notation to someone who could not know it (a
dealt prediction card is a chance outcome whose text names the card). The terminal does
not guess which actions are secret: the game declares each action's audience
(:meth:`~savanna.core.State.action_viewers`), and the seat that acted always knows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from savanna.core import CHANCE, Audience

__all__ = ["Event", "Viewer"]

Viewer = int | None
"""A seat, or ``None`` for a spectator."""


@dataclass(frozen=True, slots=True)
class Event:
    """One action of the game as the terminal logs it.

    Attributes:
        index: its index in the state's history.
        actor: the seat that acted, or :data:`~savanna.core.CHANCE`.
        text: its notation (shown only to ``viewers``).
        viewers: who may read it (the game's declaration, the actor added).
    """

    index: int
    actor: int
    text: str
    viewers: Audience

    @property
    def is_chance(self) -> bool:
        """Whether chance (dice, sticks, a deal) made this action."""
        return self.actor == CHANCE

    def shown_to(self, viewer: Viewer) -> str | None:
        """The notation when ``viewer`` may read it, else ``None``."""
        return self.text if self.viewers.includes(viewer) else None
