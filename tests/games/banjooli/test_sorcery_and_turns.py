"""Spelling and unspelling, the reroll, the turn order and the end of the game.

Source: banjooli-xeet-rules-en.txt, Course of the Game, B. Spelling and Unspelling, End of
the Game and Score; banjooli-xeet-rules-fr.txt, DÉROULEMENT DE LA PARTIE.
"""

from __future__ import annotations

import pytest
from tests.games.banjooli.helpers import game, position, sp, texts

from savanna.core.errors import IllegalActionError


def refused(state, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value.rule.id


def test_spell_colour_flips_the_ostrich_named_by_the_sorcery_die() -> None:
    s = position(game(), dice="BBBBBY", at={"Y": sp(2, 1)})
    assert "spell Y" in texts(s)
    s.apply_text("spell Y")
    assert s.scared[1] and s.seat == 1


def test_spell_colour_refuses_another_ostrich() -> None:
    s = position(game(), dice="BBBBBY", at={"Y": sp(2, 1), "R": sp(2, 2)})
    assert refused(s, "spell R") == "spell.colour"


def test_spell_colour_white_is_a_joker() -> None:
    s = position(game(), dice="BBBBBW", at={"Y": sp(2, 1), "R": sp(2, 2)})
    assert {"spell Y", "spell R"} <= set(texts(s))


def test_spell_colour_arrived_colour_is_a_joker() -> None:
    s = position(game(), dice="BBBBBG", arrived="G", at={"R": sp(2, 2)})
    assert "spell R" in texts(s)


def test_spell_at_exit_is_refused() -> None:
    s = position(game(), dice="BBBBBY")
    assert refused(s, "spell Y") == "spell.at_exit"


def test_spell_arrived_is_refused() -> None:
    s = position(game(), dice="BBBBBW", arrived="Y")
    assert refused(s, "spell Y") == "spell.arrived"


def test_spell_already_scared_is_refused() -> None:
    s = position(game(), dice="BBBBBY", scared="Y", at={"Y": sp(2, 1)})
    assert refused(s, "spell Y") == "spell.already_scared"
    assert "unspell Y" in texts(s)


def test_unspell_running_is_refused() -> None:
    s = position(game(), dice="BBBBBY", at={"Y": sp(2, 1)})
    assert refused(s, "unspell Y") == "unspell.running"


def test_unspell_scared_ostrich_runs_again() -> None:
    s = position(game(), dice="BBBBBW", scared="Y", at={"Y": sp(2, 1)})
    s.apply_text("unspell Y")
    assert not s.scared[1]


def test_reroll_once_any_subset_of_the_six_dice() -> None:
    """FR: "il pourra jetter de nouveau les dés qu'il veut, mais ceci une seule fois"."""
    s = position(game(), phase="reroll", dice="BYGGRG")
    assert len(s.legal_actions()) == 64
    s.apply_text("reroll 1,3,6")
    assert s.dice == [-1, 1, -1, 3, 2, -1] and s.is_chance_node()
    for face in "PWY":
        s.apply_text(f"roll {face}")
    assert s.dice == [4, 1, 5, 3, 2, 1] and s.phase_name == "decide"
    assert refused(s, "reroll 1") == "reroll.once"


def test_reroll_keep_goes_straight_to_the_decision() -> None:
    s = position(game(), phase="reroll", dice="BYGGRG")
    s.apply_text("keep")
    assert s.phase_name == "decide" and not s.rerolled


def test_reroll_spear_gives_one_roll_only() -> None:
    """Naangateku: the speared seat's next turn has no reroll."""
    s = position(game(), dice="BBRRGW", spear="1")
    s.apply_text("move B")
    for _ in range(2):
        s.apply_text("step F")
    assert s.seat == 1
    for face in "BBRRGW":
        s.apply_text(f"roll {face}")
    assert s.phase_name == "decide"
    assert refused(s, "reroll 12") == "reroll.spear"
    assert s.spear == [False] * 4


def test_turn_order_passes_the_dice_to_the_left() -> None:
    s = position(game(), dice="BBRRGW", seat=3)
    s.apply_text("move B")
    s.apply_text("step F")
    s.apply_text("step F")
    assert s.seat == 0 and s.turn == 1 and s.is_chance_node()


def test_end_third_arrival_ends_the_game_immediately() -> None:
    s = position(game(), phase="step", mover="G", points=2, arrived="RY", at={"G": sp(15, 2)})
    s.apply_text("step F")
    assert s.is_terminal() and s.arrived == [2, 1, 3]


def test_end_second_arrival_does_not_end_the_game() -> None:
    s = position(game(), phase="step", mover="G", points=1, arrived="R", at={"G": sp(15, 2)})
    s.apply_text("step F")
    assert not s.is_terminal()


def test_end_turn_cap_ends_a_game_that_runs_too_long() -> None:
    g = game()
    s = position(g, dice="BBRRGW", turn=g.max_turns - 1)
    s.apply_text("move B")
    s.apply_text("step F")
    s.apply_text("step F")
    assert s.is_terminal()
    with pytest.raises(IllegalActionError) as info:
        s.parse_action("keep")
    assert info.value.rule.id == "game.over"
