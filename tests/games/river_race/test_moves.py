"""Moving pawns: river-race-description-fr.txt, DÉPLACEMENT and LES SOURCES, and the designed
parts of docs/rules/river-race.md (Moving). Each test is named after its clause."""

from __future__ import annotations

from tests.games.river_race.helpers import field, play, position, refused


def test_roll_dice_two_dice_make_21_rolls_with_exact_odds() -> None:
    """roll.dice: two six-sided dice; a double has chance 1/36, any other roll 2/36."""
    state = position()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21 and sum(p for _, p in outcomes) == 1
    odds = {state.action_to_text(a): p for a, p in outcomes}
    assert str(odds["3+3"]) == "1/36" and str(odds["2+5"]) == "1/18"
    assert state.parse_action("5+2") == state.parse_action("2+5")


def test_move_one_pawn_the_whole_roll_moves_one_pawn_and_the_turn_passes() -> None:
    """move.one_pawn: the roll moves one pawn only; then the next seat plays."""
    state = play(position(pawns="a0,a3,camp/camp,camp,camp"), "2+3")
    assert state.legal_action_texts() == ["move a", "move b", "move c"]
    play(state, "move b")
    assert field(state, "pawns") == "a0,a8,camp/camp,camp,camp"
    assert field(state, "turn") == "2" and field(state, "phase") == "roll"


def test_move_camp_order_pawns_leave_the_camp_in_letter_order() -> None:
    """move.camp_order: pawns in the camp are alike, so they leave it a, then b, then c."""
    state = play(position(), "2+3")
    assert state.legal_action_texts() == ["move a"]
    assert refused(state, "move b") == "move.camp_order"
    later = play(position(pawns="a5,camp,camp/camp,camp,camp"), "2+3")
    assert later.legal_action_texts() == ["move a", "move b"]
    assert refused(later, "move c") == "move.camp_order"


def test_move_all_points_a_pawn_moves_exactly_the_total() -> None:
    """move.all_points: from a0 a roll of 6 ends on a6, never short of it."""
    state = play(position(pawns="a0,camp,camp/camp,camp,camp"), "2+4", "move a")
    assert field(state, "pawns").startswith("a6,")


def test_move_skip_occupied_spaces_are_jumped_and_not_counted() -> None:
    """move.skip: two occupied spaces in the way add two spaces to a move of 3."""
    state = play(position(pawns="a0,camp,camp/a1,a2,camp"), "1+2", "coin 3", "move a")
    assert field(state, "pawns").split("/")[0] == "a5,camp,camp"


def test_move_skip_a_pawn_never_ends_on_an_occupied_space() -> None:
    """move.skip: a move whose last counted space is occupied goes on to the next free one."""
    state = play(position(pawns="a0,camp,camp/a3,camp,camp"), "1+2", "coin 3", "move a")
    assert field(state, "pawns").split("/")[0] == "a4,camp,camp"


def test_move_fork_a_pawn_passing_the_fork_takes_the_branch_named() -> None:
    """move.fork: from a8 a roll of 5 reaches the fork (a10) and goes on: the player names
    the upper courtyard, the lower courtyard or the path around."""
    base = position(pawns="a8,camp,camp/camp,camp,camp")
    state = play(base.clone(), "2+3")
    assert state.legal_action_texts() == ["move a upper", "move a lower", "move a around", "move b"]
    assert refused(state, "move a") == "move.fork"
    around = play(state.clone(), "move a around")
    assert field(around, "pawns").startswith("o2,")  # a9, a10, o0, o1, o2
    lower = play(state.clone(), "move a lower")
    assert field(lower, "pawns").startswith("y1l,")


def test_move_branch_only_at_fork_no_branch_is_named_away_from_a_fork() -> None:
    """move.branch_only_at_fork: a move that does not pass a fork names no branch."""
    state = play(position(pawns="a0,camp,camp/camp,camp,camp"), "2+3")
    assert refused(state, "move a upper") == "move.branch_only_at_fork"
    exact = play(position(pawns="a8,camp,camp/camp,camp,camp"), "1+1", "coin 1", "coin 1")
    assert "move a" in exact.legal_action_texts()  # ends on the fork itself: no branch
    assert refused(exact, "move a around") == "move.branch_only_at_fork"


def test_move_stop_a_courtyard_stops_a_pawn_and_the_points_left_are_lost() -> None:
    """move.stop: from a8 a roll of 12 into the upper courtyard stops there."""
    state = play(position(pawns="a8,camp,camp/camp,camp,camp"), "6+6", "move a upper")
    assert field(state, "pawns").startswith("y1u,")


def test_move_stop_the_village_stops_a_pawn() -> None:
    """move.stop and village.hut: from c5 a roll of 12 enters the village and stops."""
    state = play(position(pawns="c5,camp,camp/camp,camp,camp"), "6+6", "move a")
    assert field(state, "pawns").startswith("h0,")


def test_move_wait_a_pawn_in_a_courtyard_does_not_move() -> None:
    """move.wait: a waiting pawn leaves only by stepping up or crossing, never by a roll."""
    state = play(position(pawns="y1u,a0,camp/s1u,camp,camp", cards="1u:3@0"), "2+3")
    assert "move a" not in state.legal_action_texts()
    assert refused(state, "move a") == "move.wait"


def test_move_altar_a_sacrificer_leaves_its_place_only_by_crossing() -> None:
    """move.altar: a pawn on a sacrifice place does not move with the dice."""
    state = position(turn="2", phase="council", pawns="camp,camp,camp/s1u,a0,camp", cards="1u:12@0", gold="5,0")
    play(state, "roll", "2+3")
    assert refused(state, "move a") == "move.altar"


def test_move_village_a_pawn_in_the_village_no_longer_moves() -> None:
    """move.village: a pawn in a hut stays there."""
    state = play(position(pawns="h0,a0,camp/camp,camp,camp"), "2+3")
    assert refused(state, "move a") == "move.village"


def test_move_none_a_player_who_cannot_move_passes_and_only_then() -> None:
    """move.none: pawns that cannot move leave ``pass`` as the only action; with a movable
    pawn, ``pass`` is refused."""
    stuck = position(
        pawns="h0,s1u,y1u/camp,camp,camp", cards="1u:12@0", gold="0,5", phase="move", dice="2+3"
    )
    assert stuck.legal_action_texts() == ["pass"]
    play(stuck, "pass")
    assert field(stuck, "turn") == "2"
    free = play(position(), "2+3")
    assert refused(free, "pass") == "move.none"


def test_village_hut_an_arriving_pawn_takes_the_best_free_hut() -> None:
    """village.hut: with huts 0 and 1 taken, the next arrival takes hut 2 (the third best)."""
    state = play(position(pawns="h0,c6,camp/h1,camp,camp"), "2+3", "move b")
    assert field(state, "pawns") == "h0,h2,camp/h1,camp,camp"
    assert state.game.huts[:3] == [20, 16, 13]


def test_spring_coin_a_pawn_passing_over_a_spring_takes_its_top_coin() -> None:
    """spring.coin: the spring of river 1 lies under o10; passing it pays the stack's top
    coin (2, 4, 6, 4, 2 in turn)."""
    state = play(position(pawns="o8,camp,camp/camp,camp,camp", springs="2,0"), "1+2", "coin 1", "move a")
    assert field(state, "gold") == "12,5"  # 5 + pity 1 + the spring's third coin, 6
    assert field(state, "springs") == "3,0"


def test_spring_coin_jumping_over_an_occupied_spring_space_still_pays() -> None:
    """spring.coin: the pawn passes over the spring even when it jumps the pawn standing there."""
    state = play(position(pawns="o9,camp,camp/o10,camp,camp"), "2+2", "move a")
    assert field(state, "gold") == "7,5" and field(state, "springs") == "1,0"


def test_spring_coin_a_dry_spring_pays_nothing() -> None:
    """spring.coin: after five pawns the stack is empty."""
    state = play(position(pawns="o8,camp,camp/camp,camp,camp", springs="5,0"), "2+2", "move a")
    assert field(state, "gold") == "5,5"
