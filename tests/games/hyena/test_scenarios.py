"""Scenario tests written as step tables: (action, position after).

The hyena's release and its hunt, told from start to finish.
"""

from __future__ import annotations

from ._support import body, play, position

RELEASE_AND_HUNT_FOUR_STICKS = [
    # seat 0's mother reaches home with a 3: she releases the hyena; 2 banked tabas pay it out
    ("3w", "turn=0:throw mothers=H0,O20,B12 banks=0,0,1 home=0 hyena=0:O0"),
    ("4w", "turn=0:throw mothers=H0,O20,B12 banks=0,0,1 home=0 hyena=0:O12"),  # 2 x 6
    ("1w", "turn=0:throw mothers=H0,O20,B12 banks=1,0,1 home=0 hyena=0:O12"),
    (
        "4w",
        "turn=0:throw mothers=H0,O20,B12 banks=1,0,1 home=0 hyena=0:O24",
    ),  # eats no one going out
    ("3w", "turn=0:throw mothers=H0,O20,B12 banks=1,0,1 home=0 hyena=0:W30"),  # stops at the well
    ("2w", "turn=1:start mothers=H0,O20,B12 banks=3,0,1 home=0 hyena=0:W30"),  # waiting: a 2 brings 2
    ("throw", "turn=1:throw mothers=H0,O20,B12 banks=3,0,1 home=0 hyena=0:W30"),
    ("4w", "turn=1:throw mothers=H0,O26,B12 banks=3,0,1 home=0 hyena=0:W30"),
    ("2w", "turn=2:start mothers=H0,O28,B12 banks=3,0,1 home=0 hyena=0:W30"),
    ("throw", "turn=2:throw mothers=H0,O28,B12 banks=3,0,1 home=0 hyena=0:W30"),
    ("2w", "turn=0:start mothers=H0,O28,B10 banks=3,0,1 home=0 hyena=0:W30"),
]


def test_the_hyena_is_released_runs_double_and_waits_at_the_well() -> None:
    state = position(
        "four-sticks", "turn=0:throw mothers=B3,O20,B12 banks=2,0,1 home=- hyena=-", players=3
    )
    for action, after in RELEASE_AND_HUNT_FOUR_STICKS:
        play(state, action)
        assert body(state) == after, action


HUNT_THREE_STICKS = [
    ("3w", "turn=0:decide:3w mothers=H0,W30,B20,B8 banks=10,2,0,0 home=0 hyena=0:W30"),
    # the hyena pays ten, turns back 6 holes: the mother at the well is caught
    ("move", "turn=2:throw mothers=H0,X30,B20,B8 banks=0,2,0,0 home=0 hyena=0:B24"),
    ("0w", "turn=2:decide:0w mothers=H0,X30,B20,B8 banks=0,2,0,0 home=0 hyena=0:B24"),
    ("move", "turn=3:throw mothers=H0,X30,B14,B8 banks=0,2,0,0 home=0 hyena=0:B24"),
    ("3w", "turn=3:decide:3w mothers=H0,X30,B14,B8 banks=0,2,0,0 home=0 hyena=0:B24"),
    ("move", "turn=0:throw mothers=H0,X30,B14,B5 banks=0,2,0,0 home=0 hyena=0:B24"),
    ("0w", "turn=0:decide:0w mothers=H0,X30,B14,B5 banks=0,2,0,0 home=0 hyena=0:B24"),
    # 24 - 12: the mother on 14 is caught; seat 2 is out, seat 3 plays
    ("move", "turn=3:throw mothers=H0,X30,X14,B5 banks=0,2,0,0 home=0 hyena=0:B12"),
    ("0w", "turn=3:decide:0w mothers=H0,X30,X14,B5 banks=0,2,0,0 home=0 hyena=0:B12"),
]


def test_the_hyena_hunts_on_the_way_back_and_a_mother_escapes_home() -> None:
    state = position(
        "three-sticks",
        "turn=0:throw mothers=H0,W30,B20,B8 banks=10,2,0,0 home=0 hyena=0:W30",
        players=4,
    )
    for action, after in HUNT_THREE_STICKS:
        play(state, action)
        assert body(state) == after, action
    play(state, "move")  # seat 3 is on hole 5: a 6 brings her home
    assert body(state) == "turn=3:over mothers=H0,X30,X14,H0 banks=0,2,0,0 home=0,3 hyena=0:B12"
    assert state.scores() == [4.0, 0.0, 0.0, 3.0]
    assert state.ranking() == [0, 2, 2, 1]
