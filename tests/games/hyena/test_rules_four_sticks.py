"""Clauses of variant 1 (jeu-de-l-hyene-rules-fr.txt, PREMIERE VARIANTE) and the shared ones.

Each clause is set up from position notation, applied, and, where a rule can refuse,
refused with its rule id.
"""

from __future__ import annotations

from ._support import body, play, position, refused

R = "four-sticks"


def test_turn_until_two_keeps_throwing_after_other_throws() -> None:
    state = position(R, "turn=0:throw mothers=O5,V0 banks=0,0 home=- hyena=-")
    play(state, "3w", "0w", "1w")
    assert body(state) == "turn=0:throw mothers=O8,V0 banks=1,0 home=- hyena=-"


def test_turn_until_two_ends_the_turn_after_moving_two() -> None:
    state = position(R, "turn=0:throw mothers=O5,V0 banks=0,0 home=- hyena=-")
    play(state, "2w")
    assert body(state) == "turn=1:start mothers=O7,V0 banks=0,0 home=- hyena=-"


def test_turn_throw_only_is_the_single_seat_action() -> None:
    state = position(R, "turn=1:start mothers=O5,V0 banks=0,0 home=- hyena=-")
    assert state.legal_action_texts() == ["throw"]
    assert refused(state, "bank") == "turn.throw_only"
    assert refused(state, "move") == "turn.throw_only"
    assert refused(state, "2w") == "chance.not_now"
    play(state, "throw")
    assert state.is_chance_node()
    assert refused(state, "throw") == "seat.not_to_act"


def test_depart_taba_a_thrown_taba_lets_the_mother_leave() -> None:
    state = position(R, "turn=0:throw mothers=V0,V0 banks=0,0 home=- hyena=-")
    play(state, "1w")
    assert body(state) == "turn=0:throw mothers=O0,V0 banks=0,0 home=- hyena=-"


def test_depart_taba_other_throws_in_the_village_are_void() -> None:
    state = position(R, "turn=0:throw mothers=V0,V0 banks=0,0 home=- hyena=-")
    play(state, "3w", "4w", "0w", "2w")
    assert body(state) == "turn=1:start mothers=V0,V0 banks=0,0 home=- hyena=-"


def test_move_taba_banks_a_taba_without_moving() -> None:
    state = position(R, "turn=0:throw mothers=O5,V0 banks=2,0 home=- hyena=-")
    play(state, "1w")
    assert body(state) == "turn=0:throw mothers=O5,V0 banks=3,0 home=- hyena=-"


def test_throw_table_four_white_sides_move_six_days() -> None:
    state = position(R, "turn=0:throw mothers=O5,V0 banks=0,0 home=- hyena=-")
    play(state, "4w")
    assert body(state).startswith("turn=0:throw mothers=O11,")


def test_well_stop_a_move_passing_the_well_stops_there() -> None:
    state = position(R, "turn=0:throw mothers=O28,V0 banks=0,0 home=- hyena=-")
    play(state, "4w")
    assert body(state) == "turn=0:throw mothers=W30,V0 banks=0,0 home=- hyena=-"


def test_well_fee_banked_tabas_pay_on_arrival() -> None:
    state = position(R, "turn=0:throw mothers=O27,V0 banks=5,0 home=- hyena=-")
    play(state, "3w")
    assert body(state) == "turn=0:throw mothers=B30,V0 banks=1,0 home=- hyena=-"


def test_well_wait_a_throw_brings_as_many_tabas_as_it_is_worth() -> None:
    """FR PREMIERE VARIANTE, ARRIVE AU PUITS: while she waits "tout les résultat des jets de
    dés suivants donne droit à des tabas (que le résultat soit 1,2, 3 ou 6 points)": a throw
    worth 3 brings 3 tabas (rules version 2 gave one taba whatever the throw)."""
    state = position(R, "turn=0:throw mothers=W30,V0 banks=0,0 home=- hyena=-")
    play(state, "0w", "1w")  # a null throw brings nothing, a taba one
    assert body(state) == "turn=0:throw mothers=W30,V0 banks=1,0 home=- hyena=-"
    play(state, "3w")  # 3 more: the fee of 4 is paid, she sets off home
    assert body(state) == "turn=0:throw mothers=B30,V0 banks=0,0 home=- hyena=-"


def test_well_wait_six_days_bring_six_tabas_and_the_rest_stays_banked() -> None:
    state = position(R, "turn=0:throw mothers=W30,V0 banks=1,0 home=- hyena=-")
    play(state, "4w")
    assert body(state) == "turn=0:throw mothers=B30,V0 banks=3,0 home=- hyena=-"


def test_home_reach_the_village_needs_no_exact_count() -> None:
    state = position(R, "turn=1:throw mothers=V0,B2 banks=0,0 home=- hyena=-")
    play(state, "4w")
    assert "mothers=V0,H0" in body(state)


def test_home_first_releases_the_hyena_and_pays_its_fee_when_banked() -> None:
    state = position(R, "turn=1:throw mothers=O3,B2 banks=0,3 home=- hyena=-")
    play(state, "3w")
    assert body(state) == "turn=1:throw mothers=O3,H0 banks=0,1 home=1 hyena=1:O0"


def test_hyena_fee_the_hyena_waits_in_the_village_until_paid() -> None:
    state = position(R, "turn=1:throw mothers=O3,B2 banks=0,0 home=- hyena=-")
    play(state, "3w")
    assert body(state) == "turn=1:throw mothers=O3,H0 banks=0,0 home=1 hyena=1:V0"
    play(state, "1w")  # waiting: a taba brings one taba
    assert body(state) == "turn=1:throw mothers=O3,H0 banks=0,1 home=1 hyena=1:V0"
    play(state, "3w")  # a 3 brings three: the fee of two is paid, one stays banked
    assert body(state) == "turn=1:throw mothers=O3,H0 banks=0,2 home=1 hyena=1:O0"


def test_hyena_speed_moves_twice_the_throw() -> None:
    state = position(R, "turn=1:throw mothers=O3,H0 banks=0,0 home=1 hyena=1:O4")
    play(state, "3w")
    assert "hyena=1:O10" in body(state)


def test_hyena_well_stops_at_the_well_and_eats_no_one_on_the_way_out() -> None:
    state = position(R, "turn=1:throw mothers=O28,H0 banks=0,0 home=1 hyena=1:O24")
    play(state, "3w")
    assert body(state) == "turn=1:throw mothers=O28,H0 banks=0,0 home=1 hyena=1:W30"


def test_hyena_well_fee_ten_tabas_then_it_turns_back_and_devours_at_the_well() -> None:
    state = position(R, "turn=1:throw mothers=W30,H0,O20 banks=0,0,0 home=1 hyena=1:W30", players=3)
    play(state, "3w")  # a 3 brings three tabas (rule well.wait)
    assert "hyena=1:W30" in body(state) and "banks=0,3,0" in body(state)
    state = position(R, "turn=1:throw mothers=W30,H0,O20 banks=0,9,0 home=1 hyena=1:W30", players=3)
    play(state, "1w")
    assert body(state) == "turn=1:throw mothers=X30,H0,O20 banks=0,0,0 home=1 hyena=1:B30"


def test_hyena_devours_every_mother_it_reaches_or_passes_on_the_way_back() -> None:
    state = position(
        R, "turn=1:throw mothers=B15,H0,O14,B10 banks=0,0,0,0 home=1 hyena=1:B20", players=4
    )
    play(state, "3w")  # 20 -> 14: passes 15, lands on 14, stops short of 10
    assert body(state) == "turn=1:throw mothers=X15,H0,X14,B10 banks=0,0,0,0 home=1 hyena=1:B14"


def test_hyena_devours_a_mother_who_walks_into_it() -> None:
    state = position(R, "turn=0:throw mothers=O18,H0,B3 banks=0,0,0 home=1 hyena=1:B20", players=3)
    play(state, "3w")
    assert body(state).startswith("turn=1:start mothers=X21,H0,B3")


def test_end_game_when_no_mother_is_left_and_ranking_hyena_first() -> None:
    state = position(
        R, "turn=1:throw mothers=B15,H0,H0 banks=0,0,0 home=1,2 hyena=1:B20", players=3
    )
    play(state, "3w")
    assert state.is_terminal()
    assert state.scores() == [0.0, 3.0, 2.0]
    assert state.ranking() == [2, 0, 1]
    assert refused(state, "throw") == "game.over"


def test_end_game_when_the_hyena_is_back_in_the_village() -> None:
    state = position(R, "turn=1:throw mothers=V0,H0,B6 banks=0,0,0 home=1 hyena=1:B8", players=3)
    play(state, "4w")
    assert state.is_terminal()
    assert body(state) == "turn=1:over mothers=V0,H0,X6 banks=0,0,0 home=1 hyena=1:H0"
    assert state.ranking() == [1, 0, 1]  # the mother who never left shares the last place


def test_end_ranking_mothers_home_after_the_owner_in_order_of_arrival() -> None:
    state = position(R, "turn=2:throw mothers=B4,H0,B2 banks=0,0,0 home=1 hyena=1:O0", players=3)
    play(state, "3w", "throw", "4w")
    assert state.is_terminal()
    assert state.home == [1, 2, 0]
    assert state.scores() == [1.0, 3.0, 2.0]


def test_turn_skip_seats_with_nothing_left_to_play() -> None:
    state = position(
        R, "turn=2:throw mothers=B1,H0,O5,H0 banks=0,0,0,0 home=3,1 hyena=3:O2", players=4
    )
    play(state, "2w")
    assert body(state).startswith("turn=3:start")
    play(state, "throw", "2w")
    assert body(state).startswith("turn=0:start")
    play(state, "throw", "2w")  # seat 0 home; seat 1 (home, no hyena) is skipped
    assert body(state).startswith("turn=2:start")
