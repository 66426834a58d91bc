"""The toy race with a ``game_statistics`` hook, to test how the lab aggregates it."""

from __future__ import annotations

import random
from typing import Any

from savanna.core import GameSpec, Restriction, State
from tests.support.toygame import RUNNERS, ToyGame


class ToyStatsGame(ToyGame):
    """The toy race reporting its winning runner, the runners left behind and each seat's card."""

    spec = GameSpec(
        name="toystats",
        title="Toy race with statistics",
        titles=(("en", "Toy race with statistics"), ("fr", "Course jouet avec statistiques")),
        min_players=2,
        max_players=4,
        default_players=2,
        options=ToyGame.spec.options,
        perfect_information=False,
        version=1,
        rules_document="tests/support/toygame.py",
    )

    def restrictions(self) -> tuple[Restriction, ...]:
        """``ignore-card`` (the seat's card redrawn: the heuristic then backs a guess) and
        ``never-a`` (runner A is never moved while another can be)."""
        return (
            Restriction("ignore-card", "decides as if its card were unseen", "ignore sa carte", blind=_ignore_card),
            Restriction.dropping("never-a", "never moves runner A", "ne bouge jamais A", [0]),
        )

    def game_statistics(self, state: State) -> dict[str, Any]:
        pos = state.pos  # type: ignore[attr-defined]
        winner = max(range(3), key=lambda i: pos[i])
        return {
            "game": {
                "winner": RUNNERS[winner],
                "left_at_start": [RUNNERS[i] for i in range(3) if pos[i] == 0],
            },
            "seats": {"card": [RUNNERS[c] for c in state.cards]},  # type: ignore[attr-defined]
        }


def _ignore_card(state: State, seat: int, rng: random.Random) -> State:
    other = state.clone()
    other.cards[seat] = rng.randrange(3)  # type: ignore[attr-defined]
    return other


class ToyWorkerFailureGame(ToyStatsGame):
    """The toy race whose statistics fail in a worker process (and only there)."""

    def game_statistics(self, state: State) -> dict[str, Any]:
        import multiprocessing

        if multiprocessing.parent_process() is not None:
            raise RuntimeError("statistics broke in a worker")
        return super().game_statistics(state)
