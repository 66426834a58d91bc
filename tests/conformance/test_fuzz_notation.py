"""Fuzzing the notation parsers of every registered game: only typed errors escape.

As python-chess fuzzes its FEN parser: any text given to ``parse_action`` or
``parse_position`` either parses or raises a :class:`SavannaError`; and a position that
parses prints back to a text that parses to the same position (a fixed point).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from savanna.core import SavannaError, load_game, registered_games

GAMES = sorted(registered_games())


def _states(name: str) -> list:
    game = load_game(name)
    rng = random.Random(3)
    state = game.new_initial_state()
    states = [state.clone()]
    steps = 0
    while not state.is_terminal() and steps < 400:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        if steps % 37 == 0:
            states.append(state.clone())
    return states


TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzBYRGPW0123456789 +-=:,./;|", max_size=40),
)


@pytest.mark.parametrize("name", GAMES)
@given(text=TEXT, pick=st.integers(min_value=0, max_value=10**6))
def test_parse_action_raises_only_typed_errors(name: str, text: str, pick: int) -> None:
    states = _CACHE.setdefault(name, _states(name))
    state = states[pick % len(states)]
    try:
        action = state.parse_action(text)
    except SavannaError:
        return
    assert action in state.legal_actions(), "a parsed action is a legal action of the position"


@pytest.mark.parametrize("name", GAMES)
@given(text=TEXT)
def test_parse_position_raises_only_typed_errors(name: str, text: str) -> None:
    game = load_game(name)
    try:
        state = game.parse_position(text)
    except SavannaError:
        return
    assert game.parse_position(state.to_text()).to_text() == state.to_text()


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_mutated_positions_raise_only_typed_errors(name: str, data: st.DataObject) -> None:
    states = _CACHE.setdefault(name, _states(name))
    text = data.draw(st.sampled_from(states)).to_text()
    cut = data.draw(st.integers(min_value=0, max_value=len(text)))
    insert = data.draw(st.text(alphabet="0123456789,=-+ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz;:/ ", max_size=4))
    mutated = text[:cut] + insert + text[cut + len(insert) :]
    game = states[0].game
    try:
        state = game.parse_position(mutated)
    except SavannaError:
        return
    assert game.parse_position(state.to_text()).to_text() == state.to_text()


_CACHE: dict[str, list] = {}
