"""Moving an ostrich: colour counts, jokers, the magic roll, full movement, steps and jumps.

Source: banjooli-xeet-rules-en.txt, A. Moving an Ostrich; banjooli-xeet-rules-fr.txt,
A DÉPLACER UNE AUTRUCHE.
"""

from __future__ import annotations

import pytest
from tests.games.banjooli.helpers import CURVE_FIRST, game, position, sp, texts

from savanna.core.errors import IllegalActionError


def refused(state, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value.rule.id


def play(state, *moves: str) -> None:
    for text in moves:
        state.apply_text(text)


def test_move_colour_count_gives_one_space_per_die_of_the_colour() -> None:
    """EN A: red, red, green, green, green: red moves two or green moves three."""
    s = position(game(), dice="RRGGGB")
    assert texts(s) == ["move R", "move G"]
    s.apply_text("move G")
    assert s.points == 3


def test_move_colour_count_refuses_a_colour_not_rolled() -> None:
    s = position(game(), dice="RRGGGB")
    assert refused(s, "move Y") == "move.colour_count"


def test_move_joker_white_is_optional_and_all_or_nothing() -> None:
    """EN A: red, white, white, white, yellow: red or yellow moves one or four spaces."""
    s = position(game(), dice="RWWWYB")
    assert texts(s) == ["move Y", "move Y+W", "move R", "move R+W"]
    s.apply_text("move R+W")
    assert s.points == 4


def test_move_joker_alone_is_refused() -> None:
    s = position(game(), dice="RWWWYB")
    assert refused(s, "move G+W") == "move.joker_alone"


def test_move_joker_finished_colour_is_a_joker() -> None:
    """EN A: yellow arrived; purple, white, green, yellow, yellow: yellow or white as jokers."""
    s = position(game(), dice="PWGYYB", arrived="Y", at={"P": sp(3, 4)})
    options = texts(s)
    assert "move P+Y" in options and "move P+W" in options and "move G+Y" in options
    s.apply_text("move P+Y")
    assert s.points == 3


def test_move_joker_one_kind_refuses_two_kinds_together() -> None:
    s = position(game(), dice="PWGYYB", arrived="Y", at={"P": sp(3, 4)})
    assert refused(s, "move P+W+Y") == "move.joker_one_kind"


def test_move_colour_count_refuses_another_colour_used_as_a_joker() -> None:
    s = position(game(), dice="PWGYYB")
    assert refused(s, "move P+G") == "move.colour_count"


def test_move_five_magic_with_five_distinct_colours() -> None:
    s = position(game(), dice="BYRGPB")
    assert "move G*5" in texts(s)
    s.apply_text("move G*5")
    assert s.points == 5


def test_move_five_magic_with_five_whites() -> None:
    s = position(game(), dice="WWWWWB")
    assert sorted(texts(s)) == sorted(f"move {c}*5" for c in "BYRGP")


def test_move_five_magic_counts_an_arrived_colour_but_not_a_scared_ostrich() -> None:
    s = position(game(), dice="BYRGPB", arrived="R", scared="G", at={"G": sp(2, 3)})
    options = texts(s)
    assert "move B*5" in options and "move G*5" not in options and "move R*5" not in options
    assert refused(s, "move G*5") == "move.scared"


def test_move_five_magic_is_refused_on_an_ordinary_roll() -> None:
    s = position(game(), dice="BYRGGB")
    assert refused(s, "move B*5") == "move.five_magic"


def test_move_scared_ostrich_cannot_move() -> None:
    s = position(game(), dice="GGGBBW", scared="G", at={"G": sp(1, 3)})
    assert refused(s, "move G") == "move.scared"


def test_move_arrived_ostrich_cannot_move() -> None:
    s = position(game(), dice="GGGBBW", arrived="G")
    assert refused(s, "move G") == "move.arrived"


def test_move_forward_straight_or_diagonal() -> None:
    s = position(game(), dice="BRRRRW", at={"B": sp(1, 2)})
    play(s, "move B")
    assert texts(s) == ["step L", "step F", "step R"]
    play(s, "step L")
    assert s.pos[0] == sp(2, 1)


def test_move_forward_refuses_leaving_the_lanes() -> None:
    s = position(game(), phase="step", mover="B", points=1, at={"B": sp(2, 0)})
    assert refused(s, "step L") == "move.forward"


def test_move_rock_is_impassable() -> None:
    s = position(game(), phase="step", mover="Y", points=1, at={"Y": sp(0, 1)})
    assert refused(s, "step F") == "move.rock"
    assert "step L" in texts(s)


def test_move_fence_keeps_the_lane_in_a_curve() -> None:
    g = game()
    s = position(g, layout=CURVE_FIRST, phase="step", mover="P", points=1, at={"P": 19})
    assert texts(s) == ["step F"]
    assert refused(s, "step L") == "move.fence"


def test_move_full_movement_refuses_a_move_that_cannot_be_completed() -> None:
    """FR A 1: "Si le mouvement ne peut pas être accompli dans sa totalité" — another ostrich."""
    g = game()
    s = position(g, layout=CURVE_FIRST, dice="PPBBBW", at={"P": 19, "R": 21, "G": 22, "B": 0})
    assert "move P" not in texts(s)
    assert refused(s, "move P") == "move.full_movement"
    s2 = position(g, layout=CURVE_FIRST, dice="PBBBBW", at={"P": 19, "R": 21, "G": 22, "B": 0})
    assert "move P" in texts(s2)


def test_move_full_movement_only_offers_steps_that_complete_the_move() -> None:
    # Blue on row 2 lane 0 with 2 points: F is blocked beyond by two adjacent ostriches at
    # row 3 lane 0 / row 4 lane 0 ... R leads on; only steps from which both points are spent.
    g = game()
    s = position(g, phase="step", mover="B", points=2,
                 at={"B": sp(2, 0), "Y": sp(3, 0), "R": sp(4, 0), "G": sp(4, 1), "P": sp(5, 2)})
    assert texts(s) == ["step R"]
    assert refused(s, "jump F") == "jump.two_adjacent"


def test_move_quicksand_stop_counts_as_a_complete_move() -> None:
    s = position(game(), dice="GGGGBW", at={"G": sp(4, 2)})
    play(s, "move G", "step F")
    assert s.scared[3] and s.pos[3] == sp(5, 2)
    assert s.seat == 1  # the turn passed: the movement ended on the quicksand


def test_quicksand_scare_on_entering() -> None:
    s = position(game(), phase="step", mover="R", points=1, at={"R": sp(6, 0)})
    s.apply_text("step F")
    assert s.scared[2]


def test_move_occupied_end_becomes_a_jump() -> None:
    """EN A 2: the movement cannot end on an occupied space; the ostrich jumps over it."""
    s = position(game(), phase="step", mover="B", points=1, at={"B": sp(2, 2), "Y": sp(3, 2)})
    assert s.action_to_text(s.parse_action("step F")) == "jump F"
    s.apply_text("jump F")
    assert s.pos[0] == sp(4, 2)


def test_jump_one_point_advances_two_spaces() -> None:
    s = position(game(), dice="BBRRGW", at={"B": sp(2, 2), "Y": sp(3, 2)})
    play(s, "move B", "jump F", "step F")
    assert s.pos[0] == sp(5, 2)


def test_jump_chained_in_one_move() -> None:
    s = position(game(), phase="step", mover="B", points=2,
                 at={"B": sp(2, 2), "Y": sp(3, 2), "R": sp(5, 2)})
    play(s, "jump F", "jump F")
    assert s.pos[0] == sp(6, 2)


def test_jump_two_adjacent_is_refused() -> None:
    s = position(game(), phase="step", mover="B", points=1,
                 at={"B": sp(2, 2), "Y": sp(3, 2), "R": sp(4, 2)})
    assert refused(s, "jump F") == "jump.two_adjacent"


def test_jump_landing_on_a_rock_is_refused() -> None:
    # Rock at row 2 lane 2 of the rocks tile (space 57): jumping the ostrich on 52 straight.
    s = position(game(), phase="step", mover="B", points=1, at={"B": 47, "Y": 52})
    assert refused(s, "jump F") == "jump.landing"


def test_jump_diagonal_over_an_ostrich() -> None:
    s = position(game(), phase="step", mover="B", points=1, at={"B": sp(2, 1), "Y": sp(3, 2)})
    s.apply_text("jump R")
    assert s.pos[0] == sp(4, 3)


def test_jump_across_a_fence_is_impossible() -> None:
    g = game()
    # Purple enters the curve: green sits diagonally on the first space of lane 3 (14).
    s = position(g, layout=CURVE_FIRST, phase="step", mover="P", points=1, at={"P": 3, "G": 19, "B": 14})
    assert refused(s, "jump R") == "jump.landing"


def test_crossing_the_line_loses_the_points_left() -> None:
    s = position(game(), phase="step", mover="G", points=3, at={"G": sp(15, 1)})
    s.apply_text("step F")
    assert s.arrived == [3] and s.points == 0 and s.seat == 1


def test_turn_pass_only_when_nothing_is_legal() -> None:
    """Q3: blue and green scared, only jokers for the others: the only action is pass."""
    s = position(game(), dice="BBRWGG", arrived="R", scared="BG", at={"B": sp(1, 0), "G": sp(1, 3)})
    assert texts(s) == ["unspell G"]
    s2 = position(game(), dice="BBRWGY", arrived="R", scared="BG", at={"B": sp(1, 0), "G": sp(1, 3)})
    assert texts(s2) == ["pass"]
    s2.apply_text("pass")
    assert s2.seat == 1


def test_turn_pass_refused_when_a_move_exists() -> None:
    s = position(game(), dice="BBRWGY")
    assert refused(s, "pass") == "turn.pass"


def test_numeric_notation_is_accepted() -> None:
    """Components: ostriches 1-5, 6 = joker."""
    s = position(game(), dice="RWWWYB")
    assert s.parse_action("move 3+6") == s.parse_action("move R+W")
    assert s.parse_action("move 2") == s.parse_action("move Y")


def test_legal_actions_are_sorted_with_several_joker_kinds() -> None:
    # Arrival order green then yellow: joker kinds must still come out in id order.
    s = position(game(), dice="PWGYYW", arrived="GY", at={"P": sp(3, 4)})
    legal = s.legal_actions()
    assert legal == sorted(legal) and "move P+G" in texts(s) and "move P+Y" in texts(s)


# -- quicksand.scare, however the ostrich gets there (rules version 3) ---------------------
# EN A.4: "An ostrich that enters in a quicksand space stops its movement and is immediately
# 'scared'"; FR A.4: quicksand stops "l'autruche qui y passerait". Being put there by a berry
# or a special tile is entering it too (docs/rules/banjooli.md, quicksand.scare).


def test_quicksand_scare_joka_back_onto_quicksand() -> None:
    """Joka jumps the ostrich two spaces back (FR "un saut de 2 cases en arrière"): landing on
    quicksand scares it."""
    berry = sp(7, 2)  # plain land in the last row of the Quicksand Flats
    s = position(game(berries=True), phase="step", mover="B", points=2, at={"B": sp(6, 2)}, berries={berry: "k"})
    s.apply_text("step F")
    assert s.phase_name == "space" and sp(5, 2) in s.choices  # 32 is quicksand
    s.apply_text(f"to {sp(5, 2)}")
    assert s.pos[0] == sp(5, 2) and s.scared[0] and s.seat == 1


def test_quicksand_scare_joka_back_onto_land_keeps_it_running() -> None:
    berry = sp(7, 2)
    s = position(game(berries=True), phase="step", mover="B", points=2, at={"B": sp(6, 2)}, berries={berry: "k"})
    s.apply_text("step F")
    s.apply_text(f"to {sp(5, 1)}")
    assert s.pos[0] == sp(5, 1) and not s.scared[0]


def test_quicksand_scare_lava_back_onto_quicksand() -> None:
    """Quicksand Flats (row 3: quicksand in lanes 0 and 4, spaces 20 and 24), then the Lava
    River (rows 25-29 land, 30-39 lava). Blue jumps yellow onto the lava and must go back:
    25 and 26 are taken, so the nearest high ground is the quicksand row behind."""
    g = game(special="lava")
    s = position(g, layout="quicksand,lava,plain,rocks", phase="step", mover="B", points=1,
                 at={"B": 20, "Y": 25, "R": 26, "G": 0, "P": 1})
    s.apply_text("jump F")
    assert s.phase_name == "space" and 20 in s.choices
    s.apply_text("to 20")
    assert s.pos[0] == 20 and s.scared[0]


def test_quicksand_scare_vortex_swap_onto_quicksand() -> None:
    """The Vortex (spaces 5-29, vortex 17), Open Plain, Rocky Pass, Quicksand Flats (its
    second row: quicksand on 77). Blue enters the vortex, the die names red on 77: blue
    takes red's place on the quicksand and is scared."""
    g = game(special="vortex")
    s = position(g, layout="vortex,plain,rocks,quicksand", phase="step", mover="B", points=1,
                 at={"B": 12, "R": 77})
    s.apply_text("step F")
    s.apply_text("vortex R")
    assert s.pos[0] == 77 and s.scared[0] and s.pos[2] == 17


# -- refusals that name the right rule (rules version 3) ----------------------------------


def refusal_of(state, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value


def test_move_joker_rolled_names_the_missing_white_die() -> None:
    """EN A: "Each white die ... in the movement dice can be used as a joker": no white die,
    no white joker. Version 2 named move.joker_one_kind, a rule about mixing two kinds."""
    s = position(game(), dice="RRGGGB")
    error = refusal_of(s, "move R+W")
    assert error.rule.id == "move.joker_rolled"
    assert "no white die" in str(error) and "aucun dé blanc" in error.text("fr")


def test_move_joker_rolled_names_the_missing_arrived_colour() -> None:
    s = position(game(), dice="PWGRRB", arrived="Y", at={"P": sp(3, 4)})
    error = refusal_of(s, "move P+Y")
    assert error.rule.id == "move.joker_rolled"
    assert "no yellow die" in str(error) and "aucun dé jaune" in error.text("fr")


@pytest.mark.parametrize("text", ["move R", "move R+W", "spell Y", "unspell Y", "pass", "step F"])
def test_reroll_first_names_the_reroll_step(text: str) -> None:
    """EN Course of the Game: the player throws, may rethrow dice once, then "has to choose one
    of the following options with the outcome". Version 2 answered core/action.not_legal."""
    s = position(game(), phase="reroll", dice="RRWGGY")
    error = refusal_of(s, text)
    assert error.rule.id == "reroll.first"
    assert "kept or some rerolled" in str(error) and "on garde d'abord les dés" in error.text("fr")
    assert "at this step the dice are kept or rerolled" in str(error)  # and the step's words
