"""Who plays first (rule ``setup.first``): the sources do not say, so a seeded draw.

Source: jeu-de-l-hyene-rules-fr.txt and hyena-traditional-rules.md are silent on who starts;
docs/rules/hyena.md, "Who plays first". Rules version 1 always let seat 0 start.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from savanna.core.errors import IllegalActionError, NotationError

from ._support import hyena, play


@pytest.mark.parametrize("rules", ["four-sticks", "three-sticks", "traditional"])
def test_setup_first_a_seat_drawn_by_chance_plays_first(rules: str) -> None:
    game = hyena(rules, players=4)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.to_text().split()[1] == "turn=0:first"
    assert state.chance_outcomes() == [(seat, Fraction(1, 4)) for seat in range(4)]
    assert state.legal_action_texts() == ["first 0", "first 1", "first 2", "first 3"]
    assert state.describe_action(2) == "player 3 plays first"
    assert state.describe_action(2, "fr") == "le joueur 3 joue en premier"
    play(state, "first 2")
    if state.is_chance_node():  # three sticks: chance throws for the seat
        play(state, "2w")
    assert state.current_player() == 2


def test_setup_first_then_turns_go_to_the_left() -> None:
    state = play(hyena("four-sticks", players=3).new_initial_state(), "first 2", "throw", "2w")
    assert state.current_player() == 0


def test_setup_first_seat1_starts_without_a_draw() -> None:
    state = hyena("four-sticks", players=3, first="seat1").new_initial_state()
    assert not state.is_chance_node() and state.current_player() == 0


def test_setup_first_nothing_else_before_the_draw() -> None:
    state = hyena("four-sticks").new_initial_state()
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("throw")
    assert info.value.rule.id == "setup.first"
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("2w")
    assert info.value.rule.id == "setup.first"
    with pytest.raises(NotationError, match="a seat from 0 to 1"):
        state.parse_action("first 2")  # two seats: 0 and 1
    for malformed in ("jump", "5w", "first 0x", "first"):  # what the notation does not read
        with pytest.raises(NotationError) as error:
            state.parse_action(malformed)
        assert not isinstance(error.value, IllegalActionError)
    play(state, "first 1")
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("first 0")
    assert info.value.rule.id == "chance.not_now"


def test_setup_first_position_round_trips_and_is_checked() -> None:
    game = hyena("three-sticks")
    state = game.new_initial_state()
    assert game.parse_position(state.to_text()).to_text() == state.to_text()
    with pytest.raises(NotationError):
        hyena("three-sticks", first="seat1").parse_position(state.to_text())
    with pytest.raises(NotationError):  # the draw comes before any move
        game.parse_position("three-sticks/30 turn=0:first mothers=O3,V0 banks=0,0 home=- hyena=-")
