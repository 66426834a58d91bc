"""The coach at a terminal table: ``odds`` and ``hint``, for the seat to act, from its view.

Off by default; ``savanna play --coach`` turns it on for every person at the table (the
commands line under the choices then shows ``odds · hint``, so everyone sees it is on).
``odds`` shows how the game may end, the seat's score and chance to win, and what the
others probably hold; ``hint`` the seat's moves with their expected score and chance to
win, the best marked. Both are computed by :mod:`savanna.coach` from the seat's own
observation and the others' moves it could read (the hidden cards are drawn from what the
seat believes of them), within the coach's time budget, and fit the window's width.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from savanna.coach import advise, analyse
from savanna.coach.belief import BeliefTracker, decision_seen
from savanna.coach.text import belief_lines, hint_lines, odds_lines, say
from savanna.core import Game, State, derive_seed
from savanna.core.messages import typeset

__all__ = ["COACH_SECONDS", "TerminalCoach", "words"]

COACH_SECONDS = 1.0
"""The time one ``odds`` or ``hint`` may think."""
HINT_MOVES = 8
"""Moves a hint lists at most (the best first)."""


def words(key: str, lang: str, **fields: object) -> str:
    """A coach message for the terminal (French typography's no-break spaces applied)."""
    text = say(key, lang, **fields)
    return typeset(text, lang)


@dataclass
class _Seen:
    """What one seat has read of the game so far, replayed for its beliefs."""

    state: State
    tracker: BeliefTracker
    history: list[int] = field(default_factory=list)


class TerminalCoach:
    """Answers ``odds`` and ``hint`` at one table.

    Args:
        game: the configured game.
        lang: ``"en"`` or ``"fr"``.
        seconds: the time budget of one answer (``None``: rounds only).
        samples: the most rounds of one answer (with ``seconds=None``, the same answer on
            every machine: the tests use it).
    """

    def __init__(
        self,
        game: Game,
        lang: str = "en",
        seconds: float | None = COACH_SECONDS,
        samples: int | None = None,
    ) -> None:
        self.game = game
        self.lang = lang
        self.seconds = seconds
        self.samples = samples
        self._seen: dict[int, _Seen] = {}

    def lines(self, state: State, seat: int, what: str, seed: int, width: int) -> list[str]:
        """The answer to ``what`` (``"odds"`` or ``"hint"``) for ``seat``, in ``width`` columns.

        Only ``state.observation(seat)`` and the actions ``seat`` could read reach the coach.
        """
        observation = state.observation(seat)
        to_act = state.current_player() == seat
        belief = self._tracker(state, seat, seed).posterior(observation)
        ask = advise if what == "hint" else partial(analyse, moves=False)  # the odds: the whole budget
        result = ask(
            self.game,
            observation,
            belief=belief,
            legal_actions=state.legal_actions() if to_act else None,
            seed=derive_seed(seed, "coach", what, seat, len(state.history)),
            seconds=self.seconds,
            samples=self.samples,
        )
        if what == "hint":
            out = hint_lines(self.game, result, self.lang, width, top=HINT_MOVES)
        else:
            out = odds_lines(self.game, result, self.lang, width)
            if belief.beliefs:
                out += ["", *belief_lines(self.game, belief.beliefs, self.lang, width)]
        return [typeset(line, self.lang) for line in out]

    def _tracker(self, state: State, seat: int, seed: int) -> BeliefTracker:
        """The seat's belief tracker, fed the actions played since it was last asked.

        A history that no longer extends the one already read (an ``undo``) starts it over.
        """
        history = state.history
        seen = self._seen.get(seat)
        if seen is None or history[: len(seen.history)] != seen.history:
            seen = _Seen(self.game.new_initial_state(), BeliefTracker(self.game, seat, seed=derive_seed(seed, "beliefs", seat)))
            self._seen[seat] = seen
        replay = seen.state
        for action in history[len(seen.history) :]:
            decision = decision_seen(replay, action, seat)
            if decision is not None:
                seen.tracker.add(decision)
            replay.apply(action)
            seen.history.append(action)
        return seen.tracker
