"""Games and states survive ``pickle`` and ``copy.deepcopy`` in every engine build.

Worker processes receive what they play by pickle, and tools copy states; a compiled
class that cannot be rebuilt (mypyc's classes are not rebuilt without their constructor's
arguments) would break them in the compiled build only (``make test-compiled`` runs this
file too).
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from savanna.core import load_game, registered_games, sample_action

GAMES = sorted(registered_games())


@pytest.mark.parametrize("name", GAMES)
def test_a_game_and_its_states_survive_pickle_and_deepcopy(name: str) -> None:
    game = load_game(name)
    state = game.new_initial_state()
    rng = random.Random(15)
    for _ in range(40):  # some way into the game, past the set-up
        if state.is_terminal():
            break
        state.apply(sample_action(state, rng))
    assert repr(pickle.loads(pickle.dumps(game))) == repr(game)
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert type(twin) is type(state)
        assert twin.to_text() == state.to_text() and twin.history == state.history
        assert twin.legal_actions() == state.legal_actions()
        if not state.is_terminal():  # and both play on alike
            ahead = state.clone()
            action = sample_action(ahead, random.Random(1))
            ahead.apply(action)
            twin.apply(action)
            assert twin.to_text() == ahead.to_text()
