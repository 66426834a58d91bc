"""Clauses of the traditional ruleset (hyena-traditional-rules.md, Davies 1925)."""

from __future__ import annotations

import pytest

from savanna.core.errors import NotationError

from ._support import body, play, position, refused

R = "traditional"


def test_throw_table_three_flat_sides_move_four_and_none_six() -> None:
    state = position(R, "turn=0:throw mothers=O2,V0 banks=0,0 home=- hyena=-")
    play(state, "3w")
    assert "mothers=O6," in body(state)
    play(state, "0w")
    assert "mothers=O12," in body(state)


def test_turn_until_two_ends_on_a_throw_of_two() -> None:
    state = position(R, "turn=0:throw mothers=O2,V0 banks=0,0 home=- hyena=-")
    play(state, "2w")
    assert body(state) == "turn=1:start mothers=O4,V0 banks=0,0 home=- hyena=-"
    assert refused(state, "pay") == "turn.throw_only"


def test_depart_taba_the_mother_leaves_on_a_thrown_taba_only() -> None:
    state = position(R, "turn=0:throw mothers=V0,V0 banks=0,0 home=- hyena=-")
    play(state, "0w", "3w")
    assert "mothers=V0," in body(state)
    play(state, "1w")
    assert "mothers=O0," in body(state) and "banks=0,0" in body(state)


def test_well_exact_a_throw_passing_the_well_does_not_move_her() -> None:
    state = position(R, "turn=0:throw mothers=O27,V0 banks=0,0 home=- hyena=-")
    play(state, "3w", "0w")  # 4 and 6 would pass the well
    assert "mothers=O27," in body(state)


def test_well_exact_an_exact_throw_enters_the_well() -> None:
    state = position(R, "turn=0:throw mothers=O26,V0 banks=0,0 home=- hyena=-")
    play(state, "3w")
    assert "mothers=W30," in body(state)


def test_well_step_in_one_hole_short_a_banked_taba_steps_her_in() -> None:
    state = position(R, "turn=0:throw mothers=O27,V0 banks=1,0 home=- hyena=-")
    play(state, "2w")
    assert body(state) == "turn=1:start mothers=W30,V0 banks=0,0 home=- hyena=-"


def test_well_step_in_waits_for_a_taba_when_none_is_banked() -> None:
    state = position(R, "turn=0:throw mothers=O29,V0 banks=0,0 home=- hyena=-")
    play(state, "3w")
    assert "mothers=O29," in body(state)
    play(state, "1w")  # the thrown taba is banked, then spent to step in
    assert body(state) == "turn=0:throw mothers=W30,V0 banks=0,0 home=- hyena=-"


def test_well_fee_five_tabas_before_she_sets_off_home() -> None:
    state = position(R, "turn=0:throw mothers=W30,V0 banks=4,0 home=- hyena=-")
    play(state, "1w")
    assert body(state) == "turn=0:throw mothers=B30,V0 banks=0,0 home=- hyena=-"


def test_well_wait_only_a_thrown_taba_counts() -> None:
    state = position(R, "turn=0:throw mothers=W30,V0 banks=0,0 home=- hyena=-")
    play(state, "0w", "3w")
    assert "banks=0,0" in body(state)
    play(state, "1w")
    assert "banks=1,0" in body(state)


def test_well_wait_other_throws_are_banked_as_days_and_walked_on_leaving() -> None:
    """TRAD (At the well): "while she waits, her son may bank his other throws for later use".
    Rules version 2 threw them away. The days are kept (``days=``) and walked at once when
    she sets off home: nothing is gained by keeping them longer."""
    state = position(R, "turn=0:throw mothers=W30,V0 banks=0,0 home=- hyena=-")
    play(state, "0w", "3w")  # 6 and 4 days banked
    assert body(state) == "turn=0:throw mothers=W30,V0 banks=0,0 days=10,0 home=- hyena=-"
    play(state, "1w", "1w", "1w", "1w")
    assert body(state) == "turn=0:throw mothers=W30,V0 banks=4,0 days=10,0 home=- hyena=-"
    play(state, "2w")  # the turn-ending 2 is banked too
    assert body(state) == "turn=1:start mothers=W30,V0 banks=4,0 days=12,0 home=- hyena=-"
    play(state, "throw", "2w", "throw", "1w")  # seat 1's turn; then the fifth taba
    assert body(state) == "turn=0:throw mothers=B18,V0 banks=0,0 home=- hyena=-"


def test_well_wait_banked_days_can_bring_her_home_at_once() -> None:
    state = position(R, "turn=0:throw mothers=W30,O4 banks=4,0 days=30,0 home=- hyena=-")
    play(state, "1w")
    assert body(state) == "turn=0:throw mothers=H0,O4 banks=0,0 home=0 hyena=0:V0"


def test_well_wait_banked_days_only_in_the_traditional_rules() -> None:
    with pytest.raises(NotationError):
        position("four-sticks", "turn=0:throw mothers=W30,V0 banks=0,0 days=4,0 home=- hyena=-")
    with pytest.raises(NotationError):  # days are banked at the well only
        position(R, "turn=0:throw mothers=O20,V0 banks=0,0 days=4,0 home=- hyena=-")


def test_move_taba_on_the_way_home_is_banked() -> None:
    """TRAD (Dice): "A taba does not move her: it is written down to the player's credit".
    Ludii's encoding also lets a throw of 1 on the way home move her one hole instead; the
    summary does not, and the throws decide everything in this ruleset (turn.throw_only), so
    a taba on the way home is banked (docs/rules/hyena.md, "Banking on the way home")."""
    state = position(R, "turn=0:throw mothers=B20,V0 banks=0,0 home=- hyena=-")
    play(state, "1w", "3w")
    assert "mothers=B16," in body(state) and "banks=1,0" in body(state)


def test_hyena_speed_and_well_fee_in_the_traditional_rules() -> None:
    state = position(R, "turn=1:throw mothers=O10,H0 banks=0,10 home=1 hyena=1:O20")
    play(state, "0w")  # 2 x 6 = 12 passes the well: the hyena stops there and pays ten
    assert body(state) == "turn=1:throw mothers=O10,H0 banks=0,0 home=1 hyena=1:B30"
    play(state, "3w")  # back 2 x 4 = 8 holes, to hole 22
    assert "hyena=1:B22" in body(state)


def test_well_wait_banked_days_go_with_a_devoured_mother() -> None:
    state = position(R, "turn=1:throw mothers=W30,H0 banks=0,10 days=8,0 home=1 hyena=1:O26")
    play(state, "2w")  # 2 x 2 = 4: the hyena reaches the well, pays ten and turns back
    assert body(state) == "turn=1:over mothers=X30,H0 banks=0,0 home=1 hyena=1:B30"
    assert position(R, body(state)).to_text() == state.to_text().replace(" steps=1", " steps=0")
