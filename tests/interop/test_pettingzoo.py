"""The PettingZoo adapter: PettingZoo's own api_test and seed_test, rewards, illegal moves."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers

from savanna.core import Game, IllegalActionError, OptionError, registered_games
from savanna.interop.common import normalised_rewards
from savanna.interop.pettingzoo import env, raw_env
from tests.interop.conftest import Config


def _env(config: Config, **kwargs: Any) -> Any:
    name, players, options = config
    return env(name, players=players, **options, **kwargs)


def test_pettingzoo_api_test_passes(config: Config) -> None:
    api_test(_env(config), num_cycles=60)


def test_pettingzoo_seed_test_passes(config: Config) -> None:
    seed_test(lambda: _env(config), num_cycles=40)


def test_env_is_wrapped_as_the_classic_environments_are() -> None:
    wrapped = env("toy")
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper)
    assert isinstance(wrapped.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(wrapped.env.env, wrappers.TerminateIllegalWrapper)
    assert isinstance(wrapped.unwrapped, raw_env)
    assert wrapped.unwrapped.metadata["name"] == "savanna_toy_v1"


def test_spaces_follow_the_game(game: Game) -> None:
    aec = raw_env(game)
    assert aec.possible_agents == [f"player_{s}" for s in range(game.num_players)]
    for agent in aec.possible_agents:
        space = aec.observation_space(agent)
        assert isinstance(space, spaces.Dict) and isinstance(aec.action_space(agent), spaces.Discrete)
        assert space["observation"].shape == game.observation_tensor_shape
        assert space["action_mask"].shape == (game.num_distinct_actions,)
        assert aec.action_space(agent).n == game.num_distinct_actions  # type: ignore[attr-defined]


def _play_out(aec: raw_env, seed: int) -> dict[str, float]:
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.any() and list(np.flatnonzero(mask)) == sorted(aec.game_state.legal_actions())
        aec.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


def test_rewards_are_the_final_scores_normalised(game: Game) -> None:
    aec = raw_env(game)
    totals = _play_out(aec, 7)
    assert aec.game_state.is_terminal()
    expected = normalised_rewards(game, aec.game_state.scores())
    assert [totals[a] for a in aec.possible_agents] == pytest.approx(expected)
    assert all(-1.0 <= r <= 1.0 for r in expected)
    assert aec.agents == []


def test_same_seed_same_game() -> None:
    first, second = raw_env("toy", players=3), raw_env("toy", players=3)
    _play_out(first, 42)
    _play_out(second, 42)
    assert first.game_state.history == second.game_state.history
    third = raw_env("toy", players=3)
    _play_out(third, 43)
    assert third.game_state.history != first.game_state.history


def test_mask_is_empty_for_agents_not_to_act() -> None:
    aec = raw_env("toy", players=3)
    aec.reset(seed=1)
    acting = aec.agent_selection
    for agent in aec.possible_agents:
        assert aec.observe(agent)["action_mask"].any() == (agent == acting)


def test_raw_env_refuses_an_unknown_action_naming_the_rule() -> None:
    aec = raw_env("toy")
    aec.reset(seed=0)
    before = aec.game_state.to_text()
    with pytest.raises(IllegalActionError) as refused:
        aec.step(5)
    assert refused.value.rule.id == "action.unknown"
    assert aec.game_state.to_text() == before


def _env_with_a_masked_action() -> tuple[Any, str, int]:
    """A wrapped env of a registered game, reset, at a turn where some action is not legal."""
    for name in sorted(registered_games()):
        wrapped = env(name)
        wrapped.reset(seed=0)
        rng = np.random.default_rng(0)
        for agent in wrapped.agent_iter():
            observation, _, termination, truncation, _ = wrapped.last()
            if termination or truncation:
                break
            mask = observation["action_mask"]
            if not mask.all():
                return wrapped, agent, int(np.flatnonzero(mask == 0)[0])
            wrapped.step(int(rng.choice(np.flatnonzero(mask))))
    pytest.fail("no registered game reached a turn with an illegal action (Banjooli always does)")


def test_wrapped_env_ends_the_game_on_an_illegal_action() -> None:
    wrapped, agent, illegal = _env_with_a_masked_action()
    wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1.0
    assert all(r == 0.0 for a, r in wrapped.rewards.items() if a != agent)


def test_render_shows_the_spectator_view() -> None:
    aec = raw_env("toy", render_mode="ansi")
    aec.reset(seed=3)
    assert aec.render() == aec.game.render_text(aec.game_state.observation(None))
    assert raw_env("toy").render() is None


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"render_mode": "human"}, "render mode"),
        ({"players": 9}, "players"),
        ({"length": 1}, "length"),
    ],
)
def test_bad_configuration_raises_option_error(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        raw_env("toy", **kwargs)


def test_none_is_refused_before_the_end() -> None:
    aec = raw_env("toy")
    aec.reset(seed=0)
    with pytest.raises(OptionError):
        aec.step(None)


def test_state_is_pettingzoo_global_view_through_the_wrappers(config: Config) -> None:
    """``env.state()`` works on the wrapped env (an attribute used to shadow the method)."""
    from pettingzoo.test.state_test import test_state, test_state_space

    wrapped = _env(config)
    test_state_space(wrapped)
    test_state(wrapped, num_cycles=20)


def test_state_is_every_seats_observation_in_seat_order(game: Game) -> None:
    aec = env(game)
    aec.reset(seed=5)
    rng = np.random.default_rng(5)
    for _agent in aec.agent_iter(40):
        observation, _, termination, truncation, _ = aec.last()
        inner = aec.unwrapped
        expected = np.concatenate(
            [np.ravel(inner.observe(a)["observation"]) for a in inner.possible_agents]
        )
        state = aec.state()
        assert state.dtype == np.float32 and aec.unwrapped.state_space.contains(state)
        assert np.array_equal(state, expected)
        if termination or truncation:
            aec.step(None)
        else:
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
