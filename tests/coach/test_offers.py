"""The coach at a river race offer: accepting, refusing and each counter-offer valued."""

from __future__ import annotations

from savanna.coach import advise
from savanna.coach.text import hint_lines
from savanna.games.river_race import RiverRaceState
from tests.games.river_race.helpers import play, position


def _offer(price: int) -> RiverRaceState:
    """Seat 2 (9 gold) asked ``price`` gold by seat 1's sacrificer to carry its waiting pawn."""
    council = position(phase="council", pawns="s1u,camp,camp/y1u,a0,camp", cards="1u:7@0", gold="2,9")
    return play(council, f"offer 2a {price}")


def test_every_answer_to_an_offer_gets_an_expected_score_and_a_dear_price_is_behind() -> None:
    state = _offer(9)
    seat = state.current_player()
    legal = state.legal_actions()
    answers = {state.action_to_text(a) for a in legal}
    assert {"accept", "refuse", "counter 0"} <= answers and len(answers) == len(legal) > 3
    hint = advise(state.game, state.observation(seat), legal_actions=legal, samples=24, seed=1)
    valued = {a.notation: a for a in hint.actions}
    assert set(valued) == answers  # accept, refuse and every counter, each compared
    for action in valued.values():
        assert action.score.low <= action.score.value <= action.score.high
    best = hint.best
    assert best is not None and best.notation != "accept"
    # paying 9 of its 9 gold for one crossing costs the owner more than it gains (the field
    # of more than 8 answers is halved by mean: accept is dropped early, far behind)
    accept = valued["accept"]
    assert accept.gap is not None and accept.gap.value > 2.0 and (accept.behind or accept.dropped)
    assert accept.score.value < valued["refuse"].score.value
    lines = "\n".join(hint_lines(state.game, hint, "en", width=80, top=20))
    for word in ("accept", "refuse", "counter 0"):
        assert word in lines
