"""What each viewer may be told about an action, decided from observations alone.

A shared screen must not print an action's notation to someone who could not know it:
a dealt prediction card is a chance outcome whose text names the card. The terminal does
not ask games which actions are secret; it asks the observations. Viewer ``v`` (a seat, or
``None`` for a spectator) may read an action when ``v``'s observation after it differs
from ``v``'s observation after every other action that was possible at that moment: ``v``
can then tell it happened, so writing it down leaks nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from savanna.core import CHANCE, State, canonical_json

__all__ = ["MAX_ALTERNATIVES", "Event", "Viewer", "who_can_tell"]

Viewer = int | None
"""A seat, or ``None`` for a spectator."""

MAX_ALTERNATIVES = 512
"""Above this many possible actions, an action is treated as hidden from everyone (safe)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One action of the game as the terminal logs it.

    Attributes:
        index: its index in the state's history.
        actor: the seat that acted, or :data:`~savanna.core.CHANCE`.
        text: its notation (shown only to ``viewers``).
        viewers: who may read it.
    """

    index: int
    actor: int
    text: str
    viewers: frozenset[Viewer]

    @property
    def is_chance(self) -> bool:
        """Whether chance (dice, sticks, a deal) made this action."""
        return self.actor == CHANCE

    def shown_to(self, viewer: Viewer) -> str | None:
        """The notation when ``viewer`` may read it, else ``None``."""
        return self.text if viewer in self.viewers else None


def _key(state: State, viewer: Viewer) -> tuple[str, str]:
    obs = state.observation(viewer)
    return obs.text, canonical_json(dict(obs.data))


def who_can_tell(state: State, action: int) -> frozenset[Viewer]:
    """The viewers that can tell ``action`` apart from the alternatives in ``state``.

    ``state`` is the position before the action (it is not changed).
    """
    alternatives = state.legal_actions()
    viewers: list[Viewer] = [None, *range(state.game.num_players)]
    if action not in alternatives or len(alternatives) > MAX_ALTERNATIVES:
        return frozenset()
    if len(alternatives) == 1:
        # A forced action: everyone knew it would happen.
        return frozenset(viewers)
    after: dict[int, dict[Viewer, tuple[str, str]]] = {}
    for alternative in alternatives:
        child = state.clone()
        child.apply_unchecked(alternative)
        after[alternative] = {v: _key(child, v) for v in viewers}
    mine = after[action]
    return frozenset(
        v
        for v in viewers
        if all(after[other][v] != mine[v] for other in alternatives if other != action)
    )
