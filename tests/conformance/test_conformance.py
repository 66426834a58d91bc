"""Conformance suite: every registered game obeys the core protocol.

Run over every game found in the registry (plus the test-only toy game), for the default
options and for each option value in turn, as OpenSpiel's games_sim_test does for its games.
The skip list is empty and stays so.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest

from savanna.core import (
    BoolOption,
    ChoiceOption,
    Game,
    IntOption,
    NotationError,
    SavannaError,
    load_game,
    record_of,
    registered_games,
    replay,
)
from savanna.core.registry import broken_games


def _configs() -> list[tuple[str, int | None, dict[str, object]]]:
    configs: list[tuple[str, int | None, dict[str, object]]] = [("toy", None, {})]
    for name, cls in registered_games().items():
        spec = cls.spec
        configs.append((name, None, {}))
        configs.append((name, spec.min_players, {}))
        configs.append((name, spec.max_players, {}))
        for opt in spec.options:
            values: list[object] = []
            if isinstance(opt, ChoiceOption):
                values = [c for c in opt.choices if c != opt.default]
            elif isinstance(opt, IntOption):
                values = [v for v in (opt.low, opt.high) if v != opt.default]
            elif isinstance(opt, BoolOption):
                values = [not opt.default]
            configs.extend((name, None, {opt.name: v}) for v in values)
    return configs


CONFIGS = _configs()
IDS = [f"{n}-p{p}-" + ",".join(f"{k}={v}" for k, v in o.items()) for n, p, o in CONFIGS]


@pytest.fixture(params=CONFIGS, ids=IDS)
def game(request, toy_game_class) -> Game:
    name, players, options = request.param
    return load_game(name, players=players, options=options)


def test_every_game_entry_point_loads() -> None:
    assert broken_games() == {}
    assert {"banjooli", "hyena"} <= set(registered_games())


def _check_position(game: Game, state, rng: random.Random, deep: bool) -> None:
    legal = state.legal_actions()
    assert legal, "a position that is not over has legal actions"
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum((p for _, p in outcomes), Fraction(0)) == 1
        assert all(0 <= a < game.max_chance_outcomes and p > 0 for a, p in outcomes)
        assert len({a for a, _ in outcomes}) == len(outcomes)
    else:
        assert all(0 <= a < game.num_distinct_actions for a in legal)
        assert len(set(legal)) == len(legal)
        mask = state.legal_actions_mask()
        assert sum(mask) == len(legal)
    if not deep:
        return
    # notation round-trips for every legal action
    for action in legal:
        assert state.parse_action(state.action_to_text(action)) == action
    # position notation round-trips
    text = state.to_text()
    again = game.parse_position(text)
    assert again.to_text() == text
    assert again.current_player() == state.current_player()
    assert sorted(again.legal_actions()) == sorted(legal)
    # clones are independent
    clone = state.clone()
    assert clone.to_text() == text and clone.history == state.history
    clone.apply(legal[0])
    assert state.to_text() == text
    # observations: JSON-able, fixed tensor shape, consistent determinization
    size = math.prod(game.observation_tensor_shape)
    for seat in [None, *range(game.num_players)]:
        obs = state.observation(seat)
        json.dumps(obs.to_json())
        assert obs.seat == seat and obs.game == game.name
        assert len(game.observation_tensor(obs)) == size
        if seat is not None:
            sampled = game.sample_state(obs, rng)
            assert sampled.observation(seat).text == obs.text, "determinization must match the view"
            assert sampled.current_player() == state.current_player()


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_obey_the_protocol(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        deep = steps & (steps - 1) == 0 or steps % 97 == 0
        _check_position(game, state, rng, deep)
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        steps += 1
        assert steps <= game.max_game_length
    assert state.legal_actions() == []
    low, high = game.score_bounds
    scores = state.scores()
    assert len(scores) == game.num_players and all(low <= s <= high for s in scores)
    ranking = state.ranking()
    assert len(ranking) == game.num_players and min(ranking) == 0
    assert state.winners()
    record = record_of(state, seed=seed)
    assert replay(record).to_text() == state.to_text()


def test_same_seed_gives_same_game(game: Game) -> None:
    from savanna.core import random_playout

    a = random_playout(game, random.Random(9))
    b = random_playout(game, random.Random(9))
    assert a.history == b.history


def test_garbage_input_gets_typed_errors(game: Game) -> None:
    state = game.new_initial_state()
    for text in ("", "???", "x" * 500, "\x00"):
        with pytest.raises(SavannaError):
            state.parse_action(text)
    for text in ("", "garbage", "{]"):
        with pytest.raises(NotationError):
            game.parse_position(text)


def test_other_seats_secrets_never_reach_an_observation(game: Game) -> None:
    """States that differ only in what a seat may not know look the same to that seat.

    ``sample_state`` redraws everything hidden from the seat; the seat's observation, its
    tensor and its drawings must not change, and for hidden-information games the redraws
    must really differ from the true state (so the check is not vacuous).
    """
    rng = random.Random(17)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    differed = False
    for seat in range(game.num_players):
        view = state.observation(seat)
        for _ in range(8):
            other = game.sample_state(view, rng)
            differed |= other.to_text() != state.to_text()
            again = other.observation(seat)
            assert again.text == view.text
            assert game.observation_tensor(again) == game.observation_tensor(view)
            assert game.render_text(again) == game.render_text(view)
            assert game.render_svg(again) == game.render_svg(view)
    if not game.spec.perfect_information and not state.is_terminal():
        assert differed, "hidden information was never redrawn"
