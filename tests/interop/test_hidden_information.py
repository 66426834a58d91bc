"""No adapter gives a seat anything that changes with another seat's secret.

For every imperfect-information game (the toy game's card, Banjooli's prediction card, ...)
a random game is replayed with one chance outcome swapped for another that the observing
seat cannot see but another seat can. While the observing seat's own Savanna observation
stays the same, everything the adapters give that seat (OpenSpiel observation and
information-state strings and tensors, PettingZoo AEC and parallel and Gymnasium single and
vector observations) must stay the same too.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from savanna.core import Game, State, load_game, random_playout
from savanna.interop import openspiel
from savanna.interop.gymnasium import make, make_vec
from savanna.interop.pettingzoo import parallel_env, raw_env
from tests.interop.conftest import IMPERFECT

WATCHER = 0


def _replay(game: Game, actions: list[int]) -> State:
    state = game.new_initial_state()
    for action in actions:
        state.apply(action)
    return state


def _secret_swaps(game: Game, history: list[int], limit: int = 4) -> list[tuple[int, int]]:
    """(index, other outcome) pairs: chance outcomes another seat sees and the watcher does not."""
    swaps: list[tuple[int, int]] = []
    state = game.new_initial_state()
    for index, action in enumerate(history[:200]):
        if state.is_chance_node():
            for other, _ in state.chance_outcomes():
                if other == action:
                    continue
                real, swapped = state.clone(), state.clone()
                real.apply(action)
                swapped.apply(other)
                hidden = real.observation(WATCHER).text == swapped.observation(WATCHER).text
                seen_by_other = any(
                    real.observation(s).text != swapped.observation(s).text
                    for s in range(game.num_players)
                    if s != WATCHER
                )
                if hidden and seen_by_other:
                    swaps.append((index, other))
                    break
        if len(swaps) >= limit:
            break
        state.apply(action)
    return swaps


def _adapter_views(spiel_state: openspiel.SavannaSpielState, game: Game) -> list[object]:
    aec = raw_env(game)
    aec.state = spiel_state.inner  # type: ignore[method-assign,assignment]  # the adapter's state, set for the test
    gym = make(game, opponents="random", seat=WATCHER)
    gym.state = spiel_state.inner
    parallel = parallel_env(game)
    parallel.state = spiel_state.inner
    vector = make_vec(game, 1, opponents="random", seat=WATCHER)
    vector.envs[0].state = spiel_state.inner
    vector._fill(0)
    return [
        spiel_state.observation_string(WATCHER),
        list(spiel_state.observation_tensor(WATCHER)),
        spiel_state.information_state_string(WATCHER),
        list(spiel_state.information_state_tensor(WATCHER)),
        aec.observe(f"player_{WATCHER}")["observation"].tolist(),
        gym._observe().tolist(),
        parallel._observations()[f"player_{WATCHER}"]["observation"].tolist(),
        vector._observations[0].tolist(),
    ]


@pytest.mark.parametrize("name", IMPERFECT)
def test_no_adapter_output_changes_with_another_seats_secret(name: str) -> None:
    spiel = openspiel.load_game(name)
    game = spiel.savanna_game
    history = random_playout(game, random.Random(21)).history
    swaps = _secret_swaps(game, history)
    assert swaps, f"{name}: found no chance outcome hidden from seat {WATCHER} but seen by another"
    compared = 0
    for index, other in swaps:
        real, swapped = spiel.new_initial_state(), spiel.new_initial_state()
        for action in history[:index]:
            real.apply_action(action)
            swapped.apply_action(action)
        real.apply_action(history[index])
        swapped.apply_action(other)
        for action in history[index + 1 : index + 60]:
            if real.inner.observation(WATCHER).text != swapped.inner.observation(WATCHER).text:
                break  # the game itself revealed the secret to the watcher (e.g. at the end)
            assert _adapter_views(real, game) == _adapter_views(swapped, game)
            compared += 1
            if real.is_terminal() or action not in swapped.legal_actions():
                break
            real.apply_action(action)
            swapped.apply_action(action)
    assert compared > 0


def test_toy_card_of_another_seat_is_invisible_to_every_adapter() -> None:
    game = load_game("toy", players=2)
    spiel = openspiel.load_game("toy", players=2)
    views = []
    for card in range(3):  # seat 0 holds A; seat 1 holds A, B or C; roll 2; seat 0 moves B
        state = spiel.new_initial_state()
        for action in (0, card, 1, 1):
            state.apply_action(action)
        assert state.inner.cards == [0, card]  # type: ignore[attr-defined]  # the toy game's state
        views.append(_adapter_views(state, game))
    assert views[0] == views[1] == views[2]
    # ... while seat 1 itself does see its card.
    texts = set()
    for card in range(3):
        state = spiel.new_initial_state()
        for action in (0, card):
            state.apply_action(action)
        texts.add(state.information_state_string(1))
        assert np.asarray(state.observation_tensor(1))[4 + card] == 1.0
    assert len(texts) == 3
