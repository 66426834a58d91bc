"""Clauses of variant 2 (jeu-de-l-hyene-rules-fr.txt, DEUXIEME VARIANTE): bank or move."""

from __future__ import annotations

from ._support import body, hyena, play, position, refused

R = "three-sticks"


def test_turn_bank_or_move_one_throw_then_the_seat_chooses() -> None:
    state = hyena(R, first="seat1").new_initial_state()
    assert state.is_chance_node()
    play(state, "2w")
    assert state.current_player() == 0
    assert state.legal_action_texts() == ["bank"]  # no taba banked: she cannot leave yet
    assert refused(state, "throw") == "turn.bank_or_move"


def test_turn_bank_or_move_banking_adds_the_throws_tabas_and_passes_the_turn() -> None:
    state = position(R, "turn=0:decide:0w mothers=V0,V0 banks=0,0 home=- hyena=-")
    play(state, "bank")
    assert body(state) == "turn=1:throw mothers=V0,V0 banks=6,0 home=- hyena=-"


def test_depart_fee_refused_without_a_banked_taba() -> None:
    state = position(R, "turn=0:decide:2w mothers=V0,V0 banks=0,0 home=- hyena=-")
    assert refused(state, "move") == "depart.fee"


def test_depart_fee_one_banked_taba_and_she_moves_the_throw() -> None:
    state = position(R, "turn=0:decide:2w mothers=V0,V0 banks=3,0 home=- hyena=-")
    play(state, "move")
    assert body(state) == "turn=1:throw mothers=O2,V0 banks=2,0 home=- hyena=-"


def test_well_exact_an_exact_count_enters_the_well() -> None:
    state = position(R, "turn=0:decide:3w mothers=O27,V0 banks=0,0 home=- hyena=-")
    play(state, "move")
    assert "mothers=W30," in body(state)


def test_well_bounce_a_move_passing_the_well_comes_back_by_the_excess() -> None:
    state = position(R, "turn=0:decide:0w mothers=O28,V0 banks=0,0 home=- hyena=-")
    play(state, "move")  # 28 + 6 = 34: 4 too many, back to 26
    assert "mothers=O26," in body(state)


def test_well_pay_missing_one_taba_per_missing_hole() -> None:
    state = position(R, "turn=0:decide:3w mothers=O20,V0 banks=8,0 home=- hyena=-")
    assert state.legal_action_texts() == ["bank", "move", "pay"]
    play(state, "pay")  # 7 holes missing after moving 3
    assert body(state) == "turn=1:throw mothers=W30,V0 banks=1,0 home=- hyena=-"


def test_well_pay_missing_refused_with_too_few_tabas() -> None:
    state = position(R, "turn=0:decide:3w mothers=O20,V0 banks=6,0 home=- hyena=-")
    assert refused(state, "pay") == "well.pay_missing"


def test_well_pay_missing_refused_when_the_move_does_not_fall_short() -> None:
    state = position(R, "turn=0:decide:3w mothers=O27,V0 banks=6,0 home=- hyena=-")
    assert refused(state, "pay") == "well.pay_missing"
    state = position(R, "turn=0:decide:3w mothers=B20,V0 banks=6,0 home=- hyena=-")
    assert refused(state, "pay") == "well.pay_missing"


def test_well_fee_refused_with_fewer_than_four_tabas() -> None:
    state = position(R, "turn=0:decide:2w mothers=W30,V0 banks=3,0 home=- hyena=-")
    assert refused(state, "move") == "well.fee"


def test_well_fee_four_tabas_wash_and_food_then_she_moves_home() -> None:
    state = position(R, "turn=0:decide:2w mothers=W30,V0 banks=5,0 home=- hyena=-")
    play(state, "move")
    assert body(state) == "turn=1:throw mothers=B28,V0 banks=1,0 home=- hyena=-"


def test_home_first_the_first_home_becomes_the_hyena_unpaid() -> None:
    state = position(R, "turn=0:decide:3w mothers=B2,O5 banks=9,0 home=- hyena=-")
    play(state, "move")
    assert body(state) == "turn=1:throw mothers=H0,O5 banks=9,0 home=0 hyena=0:V0"


def test_hyena_fee_refused_with_fewer_than_two_tabas() -> None:
    state = position(R, "turn=0:decide:3w mothers=H0,O5 banks=1,0 home=0 hyena=0:V0")
    assert refused(state, "move") == "hyena.fee"


def test_hyena_fee_two_tabas_and_it_runs_double() -> None:
    state = position(R, "turn=0:decide:3w mothers=H0,O5 banks=2,0 home=0 hyena=0:V0")
    play(state, "move")
    assert body(state) == "turn=1:throw mothers=H0,O5 banks=0,0 home=0 hyena=0:O6"


def test_hyena_well_the_hyena_needs_no_exact_count() -> None:
    state = position(R, "turn=0:decide:0w mothers=H0,O5 banks=0,0 home=0 hyena=0:O25")
    assert refused(state, "pay") == "well.pay_missing"
    play(state, "move")
    assert "hyena=0:W30" in body(state)


def test_hyena_well_fee_refused_with_fewer_than_ten_tabas() -> None:
    state = position(R, "turn=0:decide:1w mothers=H0,O5 banks=9,0 home=0 hyena=0:W30")
    assert refused(state, "move") == "hyena.well_fee"


def test_hyena_speed_double_on_the_way_back_too_and_it_devours() -> None:
    state = position(R, "turn=0:decide:3w mothers=H0,B26 banks=10,0 home=0 hyena=0:W30")
    play(state, "move")  # 30 - 2 x 3 = 24: passes the mother on 26
    assert body(state) == "turn=0:over mothers=H0,X26 banks=0,0 home=0 hyena=0:B24"
    assert state.scores() == [2.0, 0.0]


def test_hyena_devours_only_the_mothers_it_reaches_or_passes() -> None:
    state = position(
        R, "turn=0:decide:2w mothers=H0,O21,B25 banks=0,0,0 home=0 hyena=0:B26", players=3
    )
    play(state, "move")  # 26 -> 22: passes 25, does not reach 21
    assert "mothers=H0,O21,X25" in body(state)
