"""Scores, places, score sheets and balance statistics of the river race.

Rule ``score.total``: a player's score is their gold plus the values of their huts; the
highest total wins. Rule ``score.tie`` (design): tied totals are ranked by the best hut
each holds (the earlier arrival); players still tied share the place.

Example:
    >>> from savanna.games.river_race.game import RiverRaceGame
    >>> game = RiverRaceGame(players=2, options={"first": "seat1"})
    >>> state = game.parse_position(
    ...     "river-race/2 first=1 turn=2 turns=9 phase=over dice=- ones=0 gold=3,10 rings=0 "
    ...     "persecutor=3 bag=8,6,4,2,1,1 springs=0,0 pawns=h0,h3,c2/h1,h2,a0 cards=- "
    ...     "pools=1,2,3,4,5,6,7,8,9,10,11,12 discard=- asked=- deals=- offer=- counter=- end=huts")
    >>> totals(state), ranking(state)
    ([67, 69], [1, 0])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from savanna.core.display import Label, ScoreLine, ScoreSheet
from savanna.core.game import ranking_from_scores
from savanna.core.outcome import Answer, OutcomeQuestion
from savanna.games.river_race.actions import (
    AROUND,
    Accept,
    Counter,
    Cross,
    Move,
    Offer,
    from_id,
    pawn_name,
)
from savanna.games.river_race.council import card_price
from savanna.games.river_race.phase import ENDINGS, OVER

if TYPE_CHECKING:
    from savanna.core.game import Observation
    from savanna.games.river_race.game import RiverRaceGame
    from savanna.games.river_race.state import RiverRaceState

__all__ = ["best_huts", "outcome_questions", "outcomes", "ranking", "score_sheets", "statistics", "totals"]


def totals(state: RiverRaceState) -> list[int]:
    """Each seat's gold plus its huts' values (rule ``score.total``)."""
    huts = state.game.huts
    out = list(state.gold)
    for pawn, hut in enumerate(state.hut):
        if hut >= 0:
            out[pawn // 3] += huts[hut]
    return out


def best_huts(state: RiverRaceState) -> list[int]:
    """Each seat's best hut value, 0 without a hut (the tie-break of rule ``score.tie``)."""
    huts = state.game.huts
    out = [0] * state.game.num_players
    for pawn, hut in enumerate(state.hut):
        if hut >= 0:
            out[pawn // 3] = max(out[pawn // 3], huts[hut])
    return out


def ranking(state: RiverRaceState) -> list[int]:
    """Each seat's place (0 first): total, then best hut; still tied seats share a place."""
    return ranking_from_scores([float(t) for t in totals(state)], [float(b) for b in best_huts(state)])


def score_sheets(observation: Observation, huts: list[int]) -> list[ScoreSheet] | None:
    """Each seat's score sheet from an observation of a finished game, else ``None``.

    Lines: the seat's gold (``sheet.gold``), then each of its huts (``sheet.hut``). A seat
    tied on total with another says how the tie was broken (``tie.best_hut``) or that it
    was not (``tie.shared``).
    """
    d = observation.data
    if d["phase"] != "over":
        return None
    n = d["players"]
    gold = d["gold"]
    totals_ = list(gold)
    best = [0] * n
    lines: list[list[ScoreLine]] = [[ScoreLine(Label("sheet.gold", {"gold": g}), g)] for g in gold]
    for pawn, hut in enumerate(d["huts"]):
        if hut < 0:
            continue
        seat = pawn // 3
        totals_[seat] += huts[hut]
        best[seat] = max(best[seat], huts[hut])
        lines[seat].append(ScoreLine(Label("sheet.hut", {"pawn": pawn_name(pawn), "value": huts[hut]}), huts[hut]))
    places = ranking_from_scores([float(t) for t in totals_], [float(b) for b in best])
    sheets = []
    for seat in range(n):
        tied = [s for s in range(n) if s != seat and totals_[s] == totals_[seat]]
        tiebreak = None
        if tied:
            shared = any(best[s] == best[seat] for s in tied)
            tiebreak = Label("tie.shared") if shared else Label("tie.best_hut", {"value": best[seat]})
        sheets.append(ScoreSheet(seat, tuple(lines[seat]), float(totals_[seat]), places[seat], tiebreak))
    return sheets


def statistics(state: RiverRaceState) -> dict[str, Any]:
    """Balance facts of a finished game for the simulation lab.

    ``game``: how it ended (``ended_by``), the number of turns and rounds, the seat that
    played first, sacrifices made, pawns taken across as passengers, gold paid to the bank
    and between players, offers, counters and deals, and every choice made at a river's
    fork (``fork_choices``: ``courtyard`` or ``around``, one entry per pawn and river) and
    every completed passage (``passages``: ``sacrifice`` or ``around``).
    ``seats``: each seat's place in the turn order (``order``: 0 = played first), its
    pawns in the village, and its gold.
    """
    game = state.game
    n = game.num_players
    board = game.board
    replay = game.new_initial_state()
    choices: list[str] = []
    passages: list[str] = []
    sacrifices = passengers = bank_paid = deals_paid = offers = counters = deals = 0
    for action in state.history:
        if not replay.is_chance_node():
            act = from_id(action)
            if isinstance(act, Move) and act.branch:
                choices.append("around" if act.branch == AROUND else "courtyard")
                if act.branch == AROUND:
                    passages.append("around")
            elif isinstance(act, Offer):
                offers += 1
            elif isinstance(act, Counter):
                counters += 1
            elif isinstance(act, Accept):
                deals += 1
            elif isinstance(act, Cross):
                sac = 3 * replay.turn + act.pawn
                place = board.place_of_altar[replay.pos[sac]]
                yard = board.places[place].yard
                before = [p for p, space in enumerate(replay.pos) if space == yard]
                bank_paid += card_price(replay, place)
                deals_paid += sum(price for p, price in replay.deals if replay.pos[p] == yard)
                replay.apply_unchecked(action)
                crossed = [p for p in before if replay.pos[p] != yard]
                sacrifices += 1
                passengers += sum(1 for p in crossed if p // 3 != sac // 3)
                passages += ["sacrifice"] * (1 + len(crossed))
                continue
        replay.apply_unchecked(action)
    order = [(seat - state.first) % n for seat in range(n)]
    home = [sum(1 for p in state.pawns_of(s) if state.hut[p] >= 0) for s in range(n)]
    return {
        "game": {
            "ended_by": state.ended if state.phase == OVER else "running",
            "turns": state.turns,
            "rounds": -(-state.turns // n),
            "first": state.first,
            "sacrifices": sacrifices,
            "passengers": passengers,
            "bank_paid": bank_paid,
            "deals_paid": deals_paid,
            "offers": offers,
            "counters": counters,
            "deals": deals,
            "fork_choices": choices,
            "passages": passages,
            "persecutor": state.persecutor,
            "bag_left": sum(state.bag),
        },
        "seats": {"order": order, "home": home, "gold": list(state.gold)},
    }


def outcome_questions(game: RiverRaceGame) -> tuple[OutcomeQuestion, ...]:
    """The coach's questions: which rule ends the game (``end.three``, ``end.huts``,
    ``end.persecutor``, ``end.cap``) and who takes the best hut (rule ``village.hut``), or
    nobody."""
    ending = OutcomeQuestion(
        "ending", Label("outcome.ending"), tuple(Answer(e, Label(f"outcome.{e}")) for e in ENDINGS)
    )
    seats = tuple(Answer(f"seat.{s}", Label("outcome.seat", {"seat": s + 1})) for s in range(game.num_players))
    best = OutcomeQuestion(
        "best_hut",
        Label("outcome.best_hut", {"value": game.huts[0]}),
        (*seats, Answer("nobody", Label("outcome.nobody"))),
    )
    return (ending, best)


def outcomes(state: RiverRaceState) -> dict[str, str]:
    """The answers to :func:`outcome_questions` on a finished game."""
    holder = next((pawn // 3 for pawn, hut in enumerate(state.hut) if hut == 0), None)
    return {"ending": state.ended, "best_hut": "nobody" if holder is None else f"seat.{holder}"}
