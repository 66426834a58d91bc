"""Scoring of Banjooli Xeet (rule ``score.prediction``): points, places and score sheets.

A Prediction card names the 1st, 2nd, 3rd and last ostrich. When the race ends: 5, 4 and
3 points for the 1st, 2nd and 3rd guessed right, 2 for each predicted top-three ostrich
that arrived in the top three at another place, all doubled when the card's last is the
unique last ostrich; +2 per Oor berry picked. Ties are broken by the number of exact
places guessed, then shared (rules-questions Banjooli 10).

Example:
    >>> score_card((2, 3, 4, 0), [2, 4, 3], 0)  # R G P B; arrived R P G; blue is last
    (18, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from savanna.core.display import Label, ScoreLine, ScoreSheet
from savanna.core.game import ranking_from_scores
from savanna.core.outcome import Answer, OutcomeQuestion
from savanna.games.banjooli.components import COLOURS, load_data
from savanna.games.banjooli.phase import ARRIVED, NO_CARD

if TYPE_CHECKING:
    from savanna.games.banjooli.state import BanjooliState

__all__ = [
    "CARDS",
    "OOR",
    "OOR_POINTS",
    "OUTCOME_QUESTIONS",
    "PLACE_POINTS",
    "game_statistics",
    "last_ostrich",
    "outcomes",
    "places",
    "score_card",
    "score_parts",
    "score_sheets",
]

CARDS: tuple[tuple[int, int, int, int], ...] = tuple(c.ostriches for c in load_data().cards)
"""Each Prediction card as ostrich numbers: 1st, 2nd, 3rd, last."""
OOR: int = load_data().berry_index("oor")
"""The token number of the Oor (jade) berry."""
OOR_POINTS = 2
"""Points of each Oor berry picked."""
PLACE_POINTS = (5, 4, 3)
"""Points of the 1st, 2nd and 3rd guessed right."""
MISPLACED_POINTS = 2
"""Points of a predicted top-three ostrich arrived in the top three at another place."""


def score_card(order: tuple[int, ...], arrived: list[int], last: int | None) -> tuple[int, int]:
    """Points and exact places of a Prediction ``order`` (Oor berries aside).

    ``arrived`` is the arrival order and ``last`` the unique last ostrich (``None`` on a
    tie for last).
    """
    points = exact = 0
    top = arrived[:3]
    for place in range(3):
        o = order[place]
        if place < len(top) and top[place] == o:
            points += PLACE_POINTS[place]
            exact += 1
        elif o in top:
            points += MISPLACED_POINTS
    if last is not None and order[3] == last:
        points *= 2
        exact += 1
    return points, exact


def last_ostrich(state: BanjooliState) -> int | None:
    """The unique last ostrich (most steps still needed), or ``None`` on a tie."""
    board = state.board
    if board is None:
        return None
    far = [(board.dist[state.pos[o]], o) for o in range(5) if state.pos[o] != ARRIVED]
    far.sort(reverse=True)
    if len(far) > 1 and far[0][0] == far[1][0]:
        return None
    return far[0][1]


def _oor_counts(state: BanjooliState) -> list[int]:
    counts = [0] * state.n
    for token, seat in state.picked:
        if token == OOR:
            counts[seat] += 1
    return counts


def score_parts(state: BanjooliState) -> list[tuple[int, int]]:
    """Each seat's ``(points, exact places)``, Oor berries included in the points."""
    last = last_ostrich(state)
    arrived = state.arrived
    oor = _oor_counts(state)
    out = []
    for seat, card in enumerate(state.cards):
        points, exact = score_card(CARDS[card], arrived, last) if card != NO_CARD else (0, 0)
        out.append((points + OOR_POINTS * oor[seat], exact))
    return out


def places(parts: list[tuple[int, int]]) -> list[int]:
    """Places by points, ties broken by exact places, then shared."""
    return ranking_from_scores([p for p, _ in parts], [e for _, e in parts])


def _lines(order: tuple[int, ...], card: int, arrived: list[int], last: int | None, oor: int) -> list[ScoreLine]:
    """The lines of one card, in the order the rules count them."""
    lines = [ScoreLine(Label("score.card", {"card": card + 1, "order": " ".join(COLOURS[o] for o in order)}), None)]
    top = arrived[:3]
    base = 0
    misplaced = 0
    for place, key in enumerate(("score.first", "score.second", "score.third")):
        right = place < len(top) and top[place] == order[place]
        points = PLACE_POINTS[place] if right else 0
        base += points
        if not right and order[place] in top:
            misplaced += 1
        lines.append(ScoreLine(Label(key), points))
    base += MISPLACED_POINTS * misplaced
    lines.append(ScoreLine(Label("score.misplaced", {"count": misplaced}), MISPLACED_POINTS * misplaced))
    if last is None:
        lines.append(ScoreLine(Label("score.last_tied"), 0))
    elif order[3] == last:
        lines.append(ScoreLine(Label("score.last_right"), base))  # the doubling adds the base again
    else:
        lines.append(ScoreLine(Label("score.last_wrong"), 0))
    lines.append(ScoreLine(Label("score.oor", {"count": oor}), OOR_POINTS * oor))
    return lines


def score_sheets(state: BanjooliState) -> list[ScoreSheet]:
    """Each seat's score worked out line by line (shows every card: call it at the end only)."""
    parts = score_parts(state)
    place_of = places(parts)
    last = last_ostrich(state)
    oor = _oor_counts(state)
    sheets = []
    for seat, card in enumerate(state.cards):
        lines = _lines(CARDS[card], card, state.arrived, last, oor[seat]) if card != NO_CARD else []
        total, exact = parts[seat]
        tied = [s for s in range(state.n) if s != seat and parts[s][0] == total]
        tiebreak = None
        if any(parts[s][1] == exact for s in tied):
            tiebreak = Label("tie.shared")
        elif tied:
            tiebreak = Label("tie.exact_places", {"count": exact})
        sheets.append(ScoreSheet(seat, tuple(lines), total, place_of[seat], tiebreak))
    return sheets


def game_statistics(state: BanjooliState) -> dict[str, Any]:
    """Balance facts of a finished game for the simulation lab.

    ``game``: tiles, special tile, the tiles in order, the colours that finished 1st to
    3rd, the last ostrich (``tie`` when tied), the number of turns and how it ended.
    ``seats``: the Prediction card (``P1``-``P10``) and the Oor berries of each seat.
    """
    options = state.game.options
    names = ("blue", "yellow", "red", "green", "purple")
    stats: dict[str, Any] = {
        "tiles": int(options["tiles"]),
        "special": str(options["special"]),
        "layout": list(state.board.tiles) if state.board is not None else [],
        "turns": state.turn,
        "ended_by": "arrival" if len(state.arrived) == 3 else "turn_cap",
    }
    for place, o in enumerate(state.arrived[:3]):
        stats[f"finish_{place + 1}"] = names[o]
    last = last_ostrich(state)
    stats["last"] = names[last] if last is not None else "tie"
    return {
        "game": stats,
        "seats": {
            "prediction": [f"P{c + 1}" if c != NO_CARD else "none" for c in state.cards],
            "oor": _oor_counts(state),
        },
    }


_FINISHES = ("first", "second", "third", "last", "other")
OUTCOME_QUESTIONS: tuple[OutcomeQuestion, ...] = tuple(
    OutcomeQuestion(
        f"ostrich.{letter}",
        Label(f"colour.{letter}"),
        tuple(Answer(finish, Label(f"outcome.{finish}")) for finish in _FINISHES),
    )
    for letter in COLOURS
)
"""Where each ostrich finishes (the coach's odds): 1st, 2nd or 3rd across the line, the
unique last (rule ``score.prediction``: the ostrich a card's ×2 bets on), or another place
(4th, or last with a tie)."""


def outcomes(state: BanjooliState) -> dict[str, str]:
    """Where each ostrich finished in the finished ``state`` (see :data:`OUTCOME_QUESTIONS`)."""
    last = last_ostrich(state)
    out = {}
    for o, letter in enumerate(COLOURS):
        if o in state.arrived[:3]:
            finish = _FINISHES[state.arrived.index(o)]
        elif o == last:
            finish = "last"
        else:
            finish = "other"
        out[f"ostrich.{letter}"] = finish
    return out
