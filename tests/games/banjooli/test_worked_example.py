"""The rulebook's worked example: Noa, Milagros, Martin and Manuela.

Source: banjooli-xeet-rules-en.txt, Example, steps 1-4. Seats: 0 Noa, 1 Milagros,
2 Martin, 3 Manuela. Step 3 as printed moves the yellow ostrich with green, green, white,
white, which the movement rule refuses (erratum, rules document "Q6"): the engine names the
rule and Martin plays the legal alternative, which also shows that a jump costs one point
and advances two spaces.
"""

from __future__ import annotations

import pytest
from tests.games.banjooli.helpers import game, position, sp, texts

from savanna.core.errors import IllegalActionError

STEP_TABLE_1_2 = [
    # (seat, action) — Noa rolls, keeps yellow, rerolls the other four movement dice.
    (None, "roll B"), (None, "roll Y"), (None, "roll G"), (None, "roll G"), (None, "roll R"), (None, "roll G"),
    (0, "reroll 1345"),
    (None, "roll B"), (None, "roll Y"), (None, "roll P"), (None, "roll W"),
]


def test_example_steps_1_and_2_noa_moves_yellow_three_and_milagros_spells_it() -> None:
    g = game()
    s = position(g, phase="roll", to_roll="012345", after="reroll", at={"Y": sp(2, 1)})
    for seat, action in STEP_TABLE_1_2:
        assert s.current_player() == (seat if seat is not None else -1)
        s.apply_text(action)
    assert s.dice == [0, 1, 1, 4, 5, 3]  # blue, yellow, yellow, purple, white | green
    options = texts(s)
    assert {"move Y", "move Y+W", "move P", "move P+W"} <= set(options)
    s.apply_text("move Y+W")
    assert s.points == 3
    for _ in range(3):
        s.apply_text("step F")
    assert s.pos[1] == sp(5, 1) and s.seat == 1
    # Step 2: Milagros rolls blue, blue, green, green, purple and white on the sorcery die.
    for face in "BBGGPW":
        s.apply_text(f"roll {face}")
    s.apply_text("keep")
    assert "spell Y" in texts(s)
    s.apply_text("spell Y")
    assert s.scared[1] and s.seat == 2


def test_example_step_3_erratum_yellow_cannot_move_with_green_dice() -> None:
    g = game()
    at: dict[str, int | str] = {"R": "F", "G": sp(12, 2), "B": sp(13, 2), "Y": sp(10, 0), "P": sp(6, 4)}
    s = position(g, seat=2, dice="GGWWRY", arrived="R", at=at, scared="B", rerolled=False)
    with pytest.raises(IllegalActionError) as info:
        s.apply_text("move Y+W")
    assert info.value.rule.id == "move.joker_alone"
    with pytest.raises(IllegalActionError) as info:
        s.apply_text("move Y+G")
    assert info.value.rule.id == "move.colour_count"
    with pytest.raises(IllegalActionError) as info:
        s.apply_text("move G+W+R")
    assert info.value.rule.id == "move.joker_one_kind"
    assert {"move G", "move G+W", "move G+R"} <= set(texts(s))
    # The legal alternative: green with green, green, white, white jumps the (scared) blue.
    s.apply_text("move G+W")
    assert s.points == 4
    s.apply_text("jump F")
    assert s.pos[3] == sp(14, 2) and s.points == 3  # one point, two spaces
    s.apply_text("step F")
    s.apply_text("step F")  # crosses the line; the last point is lost
    assert s.arrived == [2, 3] and s.seat == 3


def test_example_step_4_manuela_cannot_move_then_rerolls_the_sorcery_die_and_unspells_blue() -> None:
    g = game()
    at: dict[str, int | str] = {"R": "F", "G": "F", "B": sp(13, 2), "Y": sp(10, 0), "P": sp(6, 4)}
    s = position(g, seat=3, phase="roll", to_roll="012345", after="reroll", arrived="RG", at=at, scared="B")
    for face in "BBRWGP":
        s.apply_text(f"roll {face}")
    keep = s.clone()
    keep.apply_text("keep")
    assert texts(keep) == ["spell P"]  # white, red and green are jokers and cannot move alone
    s.apply_text("reroll 6")
    s.apply_text("roll W")
    assert "unspell B" in texts(s)
    s.apply_text("unspell B")
    assert not s.scared[0] and s.seat == 0
