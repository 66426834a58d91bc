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

from typing import TYPE_CHECKING

from savanna.core.display import Label, ScoreLine, ScoreSheet
from savanna.games.hyena.phase import Place

if TYPE_CHECKING:
    from savanna.games.hyena.state import HyenaState

__all__ = ["score_sheets", "scores"]


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
