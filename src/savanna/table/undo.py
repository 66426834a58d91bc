"""Taking a move back: allowed only while it taught the player nothing.

The rule players accept in other games: a person playing against bots may take back their
last action unless something was learnt since it was played — a chance outcome (dice, a
deal), another seat's reply, or the action itself showing something hidden (a peek). Only
the last action can be taken back; several own actions in a row come back one by one.

A peek is found without asking the game (:func:`showed_something`): the action is replayed
in states the player cannot tell from the real one (the game's determinization,
``Game.sample_state``); if the player's view after it is not the same in all of them, it
showed something.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from savanna.core import State, canonical_json, make_rng
from savanna.table.log import Entry

__all__ = ["PEEK_SAMPLES", "REASONS", "Undo", "showed_something"]

PEEK_SAMPLES: Final = 8
"""States the player cannot tell from the real one, tried to see whether a move showed something."""

REASONS: Final = ("unavailable", "nothing", "after_chance", "after_reply", "after_peek")
"""Why an undo is refused: not offered at this table, nothing of the seat's to take back,
chance has spoken since, another seat has replied since, the move showed something hidden."""


@dataclass(frozen=True, slots=True)
class Undo:
    """What an undo did: ``refused`` is ``None`` when the action was taken back.

    Attributes:
        refused: one of :data:`REASONS`, or ``None``.
        entry: the action taken back, or the one that stands in the way (``None`` for
            ``unavailable`` and ``nothing``).
    """

    refused: str | None
    entry: Entry | None = None

    @property
    def done(self) -> bool:
        """Whether the action was taken back."""
        return self.refused is None


def showed_something(before: State, action: int, seat: int, seed: int) -> bool:
    """Whether ``seat`` learnt something hidden by playing ``action`` in ``before``.

    The action is replayed in states ``seat`` cannot tell from ``before``; if ``seat``'s
    view after it is not the same in all of them, the action showed something. When that
    cannot be worked out, the answer is yes: refusing an undo is the safe mistake.

    Args:
        before: the position the action was played in.
        action: the action.
        seat: who played it.
        seed: the seed drawing at the action's index (the determinizations are drawn from it).
    """
    game = before.game
    if game.spec.perfect_information:
        return False
    index = len(before.history)
    rng = make_rng(seed, "peek", index)
    observation = before.observation(seat)
    views = set()
    try:
        for _ in range(PEEK_SAMPLES):
            other = game.sample_state(observation, rng)
            if action not in other.legal_actions():
                return True
            other.apply_unchecked(action)
            after = other.observation(seat)
            views.add((after.text, canonical_json(dict(after.data))))
    except Exception:  # a determinization that fails cannot vouch for the move
        return True
    return len(views) > 1
