"""The clock arithmetic of time controls (pure: stamps and a moment in, time left out)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from savanna.table import TableError
from savanna.table.clocks import LOSE, REALTIME, TURN, TimeControl, clocks

BLITZ = TimeControl(REALTIME, base=60, increment=2)


def test_each_action_costs_its_actor_the_time_since_the_one_before():
    stamps = [(0, 10.0), (-1, 10.0), (1, 25.0), (0, 26.0)]
    c = clocks(BLITZ, 2, 0.0, stamps, acting=1, now=30.0)
    # seat 0: 60 - 10 + 2 - 1 + 2 = 53; seat 1: 60 - 15 + 2 = 47, minus 4 s deciding now.
    assert c.left == (53.0, 43.0)
    assert c.deadline == 26.0 + 47.0 and not c.out


def test_chance_costs_nobody_and_nobody_acting_has_no_deadline():
    c = clocks(BLITZ, 2, 0.0, [(-1, 5.0)], acting=None, now=100.0)
    assert c.left == (60.0, 60.0) and c.deadline is None and not c.out


def test_a_clock_runs_out_at_its_deadline_and_stays_at_zero():
    c = clocks(BLITZ, 2, 0.0, [], acting=0, now=60.0)
    assert c.out and c.left[0] == 0.0
    # Played 30 s late: the clock stops at zero, then gets only the increment.
    later = clocks(BLITZ, 2, 0.0, [(0, 90.0)], acting=0, now=90.0)
    assert later.left[0] == 2.0


def test_turn_based_gives_each_decision_its_own_deadline():
    day = TimeControl(TURN, per_move=86400, on_time=LOSE)
    c = clocks(day, 3, 0.0, [(0, 100.0), (1, 50_000.0)], acting=2, now=60_000.0)
    assert c.deadline == 50_000.0 + 86400 and c.left[2] == 86400 - 10_000.0
    assert clocks(day, 3, 0.0, [(0, 100.0)], acting=1, now=100.0 + 86400).out


def test_a_seat_taken_back_from_a_bot_decides_from_then_on():
    day = TimeControl(TURN, per_move=3600)
    assert clocks(day, 2, 0.0, [(0, 10.0)], acting=1, now=20.0, due_since=5000.0).deadline == 8600.0


@given(
    st.lists(st.tuples(st.integers(-1, 2), st.floats(0, 1000)), max_size=30),
    st.floats(1, 600),
    st.floats(0, 30),
    st.integers(0, 2),
    st.floats(0, 2000),
)
def test_the_same_stamps_give_the_same_deadline_and_time_only_runs_down(raw, base, inc, acting, extra):
    stamps, t = [], 0.0
    for actor, gap in raw:
        t += gap
        stamps.append((actor, t))
    control = TimeControl(REALTIME, base=base, increment=inc)
    first = clocks(control, 3, 0.0, stamps, acting, t)
    again = clocks(control, 3, 0.0, list(stamps), acting, t)  # a restart, another process
    assert first == again
    assert all(x >= 0 for x in first.left)
    assert first.deadline is not None and first.deadline >= t
    later = clocks(control, 3, 0.0, stamps, acting, t + extra)
    assert later.deadline == first.deadline
    assert later.left[acting] == pytest.approx(max(0.0, first.left[acting] - extra), abs=1e-6)
    assert later.out == (extra >= first.left[acting])


@pytest.mark.parametrize("data,why", [
    ({"pace": "slow"}, "realtime or turn"),
    ({"pace": "turn"}, "per_move"),
    ({"pace": "realtime", "base": -1}, "base"),
    ({"pace": "realtime", "base": 60, "on_time": "sulk"}, "on_time"),
    ([1], "object"),
])
def test_a_bad_time_control_is_refused_naming_what_is_wrong(data, why):
    with pytest.raises(TableError, match=why) as caught:
        TimeControl.from_json(data)
    assert caught.value.code == "time/invalid" and "temps" in caught.value.text("fr")


def test_the_stored_form_reads_back():
    assert TimeControl.from_json(BLITZ.to_json()) == BLITZ and TimeControl.from_json(None) is None
