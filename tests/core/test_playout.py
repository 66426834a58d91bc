"""Whole playouts in one call play the games of the step-by-step loops they replace.

Each case plays seeded games of every registered game both ways and compares the actions,
the seats of the decisions, the notation and the generators' states afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.core import CHANCE, TERMINAL, Game, State, load_game, registered_games
from savanna.core.playout import playout, rollout
from savanna.core.rng import make_rng, sequence_rng
from savanna.lab import SimulationPlan, play_one
from savanna.lab.simulation import _random_game

CONFIGURATIONS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in sorted(registered_games())] + [
    ("banjooli", {"special": "vortex", "berries": True}),
    ("banjooli", {"tiles": 6, "special": "lava"}),
    ("hyena", {"rules": "traditional"}),
]


@pytest.fixture(params=CONFIGURATIONS, ids=lambda c: f"{c[0]}-{'-'.join(map(str, c[1].values()))}")
def game(request: pytest.FixtureRequest) -> Iterator[Game]:
    name, options = request.param
    yield load_game(name, options=options)


def _stepwise(game: Game, rng: random.Random) -> tuple[State, int]:
    """``savanna bench``'s loop, step by step."""
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            decisions += 1
        state.apply_unchecked(action)
    return state, decisions


def test_a_playout_plays_the_bench_loop_s_game(game: Game) -> None:
    for seed in range(6):
        theirs, ours = random.Random(seed), random.Random(seed)
        reference, decisions = _stepwise(game, theirs)
        state = game.new_initial_state()
        assert playout(state, ours) == decisions
        assert state.history == reference.history and state.is_terminal()
        assert ours.getstate() == theirs.getstate()


def test_a_playout_stops_after_its_limit(game: Game) -> None:
    rng = random.Random(3)
    state = game.new_initial_state()
    playout(state, rng, limit=17)
    assert len(state.history) == 17 and not state.is_terminal()
    playout(state, rng)
    assert state.is_terminal()
    assert playout(state, rng) == 0  # over: nothing more to play


def test_the_lab_s_random_games_are_play_game_s(game: Game) -> None:
    for seed in (0, 7, 2**40 + 5):
        deciders: list[int] = []
        notation: list[str] = []
        bots = make_bots(game, [parse_bot_spec("random")] * game.num_players, seed)
        reference = play_game(game, bots, seed=seed, deciders=deciders, notation=notation)
        our_deciders: list[int] = []
        our_notation: list[str] = []
        state = _random_game(game, seed, our_deciders, our_notation)
        assert state.history == reference.history
        assert our_deciders == deciders and our_notation == notation
        # Every generator ends where play_game's left it.
        seats = [make_rng(seed, "bot", s) for s in range(game.num_players)]
        chance = sequence_rng(seed)
        playout(game.new_initial_state(), chance, seats=seats)
        assert [s.getstate() for s in seats] == [b.rng.getstate() for b in bots]


def test_a_lab_run_of_random_bots_gives_the_outcomes_of_play_game(game: Game) -> None:
    plan = SimulationPlan.create(game.name, bots=["random"], games=3, seed=11, options=dict(game.options))
    for index in range(3):
        outcome = play_one(plan, index, records=True)
        seed = plan.game_seed(index)
        deciders: list[int] = []
        state = play_game(
            game, make_bots(game, [parse_bot_spec("random")] * game.num_players, seed), seed=seed, deciders=deciders
        )
        assert outcome["length"] == len(state.history) and outcome["decisions"] == len(deciders)
        assert outcome["scores"] == [float(s) for s in state.scores()]


def _search_rollout(state: State, rng: random.Random, left: int) -> int:
    """The ISMCTS rollout loop as it was written step by step (its random policy)."""
    draw = rng.random
    while True:
        player = state.current_player()
        if player == TERMINAL or left == 0:
            return left
        left -= 1
        if player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        state.apply_unchecked(legal[int(draw() * len(legal))])


def test_a_rollout_plays_the_search_s_step_by_step_rollout(game: Game) -> None:
    start = game.new_initial_state()
    playout(start, random.Random(1), limit=40)
    for seed, limit in [(0, -1), (1, 0), (2, 1), (3, 10), (4, 97), (5, -1)]:
        theirs, ours = random.Random(seed), random.Random(seed)
        reference, state = start.clone(), start.clone()
        assert rollout(state, ours, limit) == _search_rollout(reference, theirs, limit)
        assert state.history == reference.history
        assert ours.getstate() == theirs.getstate()
