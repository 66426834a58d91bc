"""No reference cycles per game: a played game's states, bots and records free themselves.

Reference counting frees an object the moment its last reference goes, unless it sits in
a cycle, which waits for the cycle collector (a pause proportional to every live object,
about a tenth of the lab's time when each game left some). Each case below plays seeded
games of every registered game with the collector off, then counts what it finds
unreachable: nothing may be left.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator

import pytest

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.core import Game, load_game, registered_games
from savanna.lab import SimulationPlan, play_one


def _left_in_cycles(play: Callable[[int], object], games: int) -> int:
    """Objects left in reference cycles by ``games`` calls of ``play`` (after a first call,
    which may fill the caches of the game and its board)."""
    play(0)
    gc.collect()
    gc.disable()
    try:
        for index in range(1, games + 1):
            play(index)
        return gc.collect()
    finally:
        gc.enable()


@pytest.fixture(params=sorted(registered_games()))
def game(request: pytest.FixtureRequest) -> Iterator[Game]:
    yield load_game(request.param)


def test_the_count_sees_a_cycle() -> None:
    def leaky(index: int) -> None:
        loop: list[object] = [index]
        loop.append(loop)

    assert _left_in_cycles(leaky, 3) >= 3


def test_random_playouts_leave_no_cycle(game: Game) -> None:
    def playout(index: int) -> None:
        rng = random.Random(index)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
            else:
                state.apply_unchecked(rng.choice(state.legal_actions()))

    assert _left_in_cycles(playout, 10) == 0


def test_clones_and_observations_leave_no_cycle(game: Game) -> None:
    def search_like(index: int) -> None:
        rng = random.Random(index)
        state = game.new_initial_state()
        while not state.is_terminal():
            copy = state.clone()
            copy.observation(rng.randrange(game.num_players))
            copy.legal_actions()
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
            else:
                state.apply_unchecked(rng.choice(state.legal_actions()))

    assert _left_in_cycles(search_like, 3) == 0


@pytest.mark.parametrize("records", [False, True])
def test_lab_games_leave_no_cycle(game: Game, records: bool) -> None:
    plan = SimulationPlan.create(game.name, bots=["heuristic", "random"], games=12, seed=3)
    assert _left_in_cycles(lambda index: play_one(plan, index, records), 8) == 0


def test_ismcts_games_leave_no_cycle(game: Game) -> None:
    specs = [parse_bot_spec("ismcts:sims=8:depth=10")] + [parse_bot_spec("random")] * (game.num_players - 1)

    def searched(index: int) -> None:
        play_game(game, make_bots(game, specs, index), seed=index)

    assert _left_in_cycles(searched, 1) == 0
