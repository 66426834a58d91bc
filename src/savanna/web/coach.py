"""The coach at a web table: ``odds`` and ``hint`` for one seat, from that seat's view only.

The host turns the coach on when creating the table (``"coach": true``); it cannot be
turned on later, and every page of the table says when it is on. A seated player then asks
over the websocket::

    → {"type": "coach", "what": "odds"}                     (or "hint")
    ← {"type": "coach", "what": "odds", "state": "thinking", "seconds": 1.0, "version": 12}
    ← {"type": "coach", "what": "odds", "state": "done", "version": 12, "lines": ["…", …]}

The answer is :mod:`savanna.coach`'s, in the client's language: ``odds`` (how the game may
end, the seat's score, what the others probably hold), ``hint`` (the seat's moves with their
expected score and chance to win, the best marked). It is computed in the bot pool, off the
event loop, from the game's actions: they are replayed there, and only the asking seat's
observations — the present one and those of the others' moves it could read — reach the
analysis (the hidden cards are drawn from what the seat believes of them, after those
moves), so what it says is what the seat could have worked out itself. A spectator has no
coach (``coach/spectator``), nor does a table whose host did not turn it on (``coach/off``);
a player asks one question at a time (``coach/busy``).

Rated games will refuse the coach once ratings exist (there are no ratings yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from typing import Any

from savanna.coach import advise, analyse
from savanna.coach.belief import Decision, decision_seen, posterior
from savanna.coach.text import belief_lines, hint_lines, odds_lines
from savanna.core import Game, derive_seed, load_game
from savanna.core.messages import typeset

__all__ = ["COACH_SECONDS", "QUESTIONS", "WIDTH", "coach_answer"]

COACH_SECONDS = 1.0
"""The time one answer may think (the pool is shared with the bots: keep it short)."""
COACH_SAMPLES: int | None = None
"""Rounds of one answer (``None``: the time budget alone; tests set a number)."""
QUESTIONS = ("odds", "hint")
WIDTH = 50
"""The width of the coach's lines (the panel shows them in a fixed-width font)."""
HINT_MOVES = 8


@lru_cache(maxsize=32)
def _game(name: str, players: int, options: tuple[tuple[str, Any], ...]) -> Game:
    return load_game(name, players=players, options=dict(options))


def coach_answer(
    name: str,
    players: int,
    options: tuple[tuple[str, Any], ...],
    history: Sequence[int],
    seat: int,
    what: str,
    seed: int,
    lang: str,
    seconds: float | None,
    samples: int | None,
) -> list[str]:
    """The coach's answer to ``what`` for ``seat`` after ``history`` (runs in a pool process).

    The game is replayed from its actions; the analysis gets ``seat``'s observation, its
    legal actions when it is to act, and the other seats' decisions ``seat`` could read
    (each as ``seat``'s own observation before it) — never a state.
    """
    game = _game(name, players, options)
    state = game.new_initial_state()
    decisions: list[Decision] = []
    for action in history:
        decision = decision_seen(state, action, seat)
        if decision is not None:
            decisions.append(decision)
        state.apply(action)
    observation = state.observation(seat)
    to_act = state.current_player() == seat
    belief = posterior(game, observation, decisions, seed=derive_seed(seed, "beliefs", seat))
    ask = advise if what == "hint" else partial(analyse, moves=False)  # the odds: the whole budget
    result = ask(
        game,
        observation,
        belief=belief,
        legal_actions=state.legal_actions() if to_act else None,
        seed=derive_seed(seed, "coach", what, seat, len(history)),
        seconds=seconds,
        samples=samples,
    )
    if what == "hint":
        lines = hint_lines(game, result, lang, WIDTH, top=HINT_MOVES)
    else:
        lines = odds_lines(game, result, lang, WIDTH)
        if belief.beliefs:
            lines += ["", *belief_lines(game, belief.beliefs, lang, WIDTH)]
    return [typeset(line, lang) for line in lines]
