"""Scoring of the Hyena game (rule ``end.ranking``): scores and score sheets.

The hyena's owner (the first mother home) scores the number of players; the mothers home
after her score one less per place in their order of arrival; the others (devoured, or
still out when the game ends) score 0 and share the last place.

Example:
    >>> from savanna.games.hyena.game import HyenaGame
    >>> game = HyenaGame(players=3, options={"rules": "three-sticks"})
    >>> state = game.parse_position(
    ...     "three-sticks/40 turn=0:over steps=99 mothers=H0,X12,H0 banks=0,0,0 home=2,0 hyena=2:H0")
    >>> scores(state)
    [2.0, 0.0, 3.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from savanna.core.display import Label, ScoreLine, ScoreSheet
from savanna.core.outcome import Answer, OutcomeQuestion
from savanna.games.hyena.phase import IN_PLAY, Place

if TYPE_CHECKING:
    from savanna.games.hyena.state import HyenaState

__all__ = ["game_statistics", "home_first", "home_first_question", "score_sheets", "scores"]


def scores(state: HyenaState) -> list[float]:
    """Each seat's score: ``players`` for the first home, one less per later place, else 0."""
    n = state.game.num_players
    result = [0.0] * n
    for place, seat in enumerate(state.home):
        result[seat] = float(n - place)
    return result


def _line(state: HyenaState, seat: int, points: float) -> ScoreLine:
    if seat in state.home:
        rank = state.home.index(seat) + 1
        label = Label("score.hyena") if rank == 1 else Label("score.home", {"rank": rank})
    elif state.phase[seat] == Place.EATEN:
        label = Label("score.devoured")
    else:
        label = Label("score.out")
    return ScoreLine(label, int(points))


def score_sheets(state: HyenaState) -> list[ScoreSheet]:
    """One sheet per seat: how the seat ended, its points, its place; the last share a place."""
    points = scores(state)
    places = state.ranking()
    sheets = []
    for seat, total in enumerate(points):
        shared = any(other != seat and points[other] == total for other in range(len(points)))
        sheets.append(
            ScoreSheet(seat, (_line(state, seat, total),), total, places[seat], Label("tie.shared") if shared else None)
        )
    return sheets


def fate(state: HyenaState, seat: int) -> str:
    """How ``seat`` ended: ``hyena`` (first home), ``home``, ``eaten`` or ``out``."""
    if state.home and state.home[0] == seat:
        return "hyena"
    if seat in state.home:
        return "home"
    return "eaten" if state.phase[seat] == Place.EATEN else "out"


def game_statistics(state: HyenaState) -> dict[str, Any]:
    """Balance facts of a finished game for the simulation lab.

    ``game``: the ruleset and length, how the game ended (``finished``, or ``turn_cap`` when
    rule ``end.cap`` stopped it), whether the hyena drank at the well (and so could hunt),
    how many mothers it ate and whether it ate anyone.
    ``seats``: each seat's fate (``hyena``, ``home``, ``eaten`` or ``out``).
    """
    finished = state.hyena_owner >= 0 and (
        state.hyena_phase == Place.HOME or not any(p in IN_PLAY for p in state.phase)
    )
    eaten = sum(1 for p in state.phase if p == Place.EATEN)
    return {
        "game": {
            "rules": state.game.ruleset.name,
            "length": state.well,
            "ended_by": "finished" if finished else "turn_cap",
            "hyena_drank": state.hyena_phase in (Place.BACK, Place.HOME),
            "eaten": eaten,
            "anyone_eaten": eaten > 0,
        },
        "seats": {"fate": [fate(state, seat) for seat in range(state.game.num_players)]},
    }


def home_first_question(players: int) -> OutcomeQuestion:
    """Whose mother comes home first and releases the hyena (rule ``home.first``), or nobody
    (a game stopped by rule ``end.cap``): the coach's odds."""
    answers = tuple(Answer(f"seat.{s}", Label("outcome.seat", {"seat": s + 1})) for s in range(players))
    return OutcomeQuestion("home_first", Label("outcome.home_first"), (*answers, Answer("nobody", Label("outcome.nobody"))))


def home_first(state: HyenaState) -> str:
    """The answer to :func:`home_first_question` in a finished game."""
    return f"seat.{state.home[0]}" if state.home else "nobody"
