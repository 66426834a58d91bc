"""The lion fan variant (option ``lion``, off by default; rules document, "Lion variant").

Source: design — rules-questions Banjooli 15; banjooli-xeet-rules-en.txt, Components (a Lion
token with no rule).
"""

from __future__ import annotations

import pytest
from tests.games.banjooli.helpers import game, position, sp

from savanna.core.errors import NotationError


def test_lion_run_back_one_space_per_white_die_scaring_the_ostriches_it_passes() -> None:
    g = game(lion=True)
    # Steps to the line: row 15 -> 1, row 14 -> 2, row 13 -> 3.
    s = position(g, phase="reroll", dice="WWWBBR", at={"B": sp(15, 0), "Y": sp(13, 2), "R": sp(12, 1)})
    s.apply_text("keep")
    assert s.lion == 3
    assert s.scared[0] and s.scared[1] and not s.scared[2]
    assert "lion: 3" in g.render_text(s.observation(0))


def test_lion_run_without_white_dice_does_not_move() -> None:
    s = position(game(lion=True), phase="reroll", dice="GGYBBW", lion=4, at={"B": sp(10, 0)})
    s.apply_text("keep")
    assert s.lion == 4 and not any(s.scared)


def test_lion_run_goes_home_at_the_exit() -> None:
    g = game(lion=True)
    s = position(g, phase="reroll", dice="WWBBRG", lion=15, at={"B": sp(0, 0)})
    s.apply_text("keep")  # 15 + 2 reaches the Exit (17 steps): back to the line
    assert s.lion == 0 and s.scared[0]


def test_lion_run_is_off_by_default() -> None:
    s = position(game(), phase="reroll", dice="WWWBBR", at={"B": sp(15, 0)})
    s.apply_text("keep")
    assert s.lion == 0 and not s.scared[0]
    with pytest.raises(NotationError):
        position(game(), lion=2)
