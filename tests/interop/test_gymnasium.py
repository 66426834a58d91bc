"""The Gymnasium adapter: Gymnasium's own check_env, bots, illegal actions, seeding."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from savanna.core import Game, IllegalActionError, OptionError
from savanna.interop.common import normalised_rewards
from savanna.interop.gymnasium import SavannaEnv, make
from tests.interop.conftest import Config


def _make(config: Config, **kwargs: Any) -> SavannaEnv:
    name, players, options = config
    return make(name, players=players, **kwargs, **options)


def test_gymnasium_check_env_passes(config: Config) -> None:
    check_env(_make(config, opponents="random"), skip_render_check=True)


def test_gymnasium_check_env_passes_with_heuristic_opponents_on_the_last_seat(game: Game) -> None:
    check_env(make(game, opponents="heuristic", seat=game.num_players - 1))


def _episode(env: SavannaEnv, seed: int) -> tuple[list[int], float, dict[str, Any]]:
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    reward, done = 0.0, False
    if info["game_over"]:  # the other seats ended the game before this seat's first turn
        observation, reward, done, _, info = env.step(0)
        assert done
    while not done:
        assert observation in env.observation_space
        legal = info["legal_actions"]
        assert legal == sorted(env.state.legal_actions())
        assert list(np.flatnonzero(info["action_mask"])) == legal
        assert env.state.current_player() == env.seat
        action = int(rng.choice(legal))
        actions.append(action)
        observation, reward, done, truncated, info = env.step(action)
        assert not truncated
    return actions, reward, info


def test_episode_reward_is_the_seat_score_normalised(game: Game) -> None:
    env = make(game, opponents="random", seat=game.num_players - 1)
    _, reward, info = _episode(env, 4)
    assert env.state.is_terminal()
    assert reward == pytest.approx(normalised_rewards(game, env.state.scores())[env.seat])
    assert not info["action_mask"].any() and info["legal_actions"] == [] and info["game_over"]


def test_a_game_over_before_the_first_turn_reports_the_result() -> None:
    """Toy game, 4 seats, length 4: some seeds let the other seats finish first."""
    env = make("toy", opponents="random", players=4, seat=3, length=4)
    for seed in range(200):
        _, info = env.reset(seed=seed)
        if info["game_over"]:
            history = list(env.state.history)
            _, reward, terminated, _, _ = env.step(0)
            assert terminated and env.state.history == history
            assert reward == normalised_rewards(env.game, env.state.scores())[3]
            return
    pytest.fail("no seed ended the game before seat 3 played")


def test_same_seed_same_episode() -> None:
    env = make("toy", opponents=["random", "heuristic"], players=3, seat=1)
    first = _episode(env, 9)[0], list(env.state.history)
    second = _episode(env, 9)[0], list(env.state.history)
    assert first == second
    _episode(env, 10)
    assert list(env.state.history) != first[1]


def test_opponents_are_savanna_bots_seeing_only_their_seat() -> None:
    env = make("toy", opponents="ismcts:sims=10", players=2, seat=0)
    _, _, _ = _episode(env, 1)
    assert [spec.kind for spec in env.opponent_specs.values()] == ["ismcts"]
    assert env._bots[1].seat == 1


def test_illegal_action_loses_by_default_naming_the_rule() -> None:
    env = make("toy", opponents="random")
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(7)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"]["rule"] == "core/action.unknown"
    with pytest.raises(OptionError, match="reset"):
        env.step(0)


def test_illegal_action_raises_when_asked_and_leaves_the_state() -> None:
    env = make("toy", opponents="random", illegal_action="raise")
    env.reset(seed=0)
    before = env.state.to_text()
    with pytest.raises(IllegalActionError) as refused:
        env.step(7)
    assert refused.value.rule.id == "action.unknown"
    assert env.state.to_text() == before
    env.step(0)


def test_render_shows_the_agent_view_only() -> None:
    env = make("toy", opponents="random", render_mode="ansi", seat=1)
    env.reset(seed=2)
    assert env.render() == env.game.render_text(env.state.observation(1))
    assert make("toy", opponents="random").render() is None


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seat": 2}, "seat"),
        ({"opponents": ["random", "random"]}, "bot specs"),
        ({"opponents": "grandmaster"}, "unknown bot"),
        ({"illegal_action": "shrug"}, "illegal_action"),
        ({"render_mode": "human"}, "render mode"),
        ({"length": 99}, "length"),
    ],
)
def test_bad_configuration_raises_option_error(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        make("toy", **kwargs)


def test_configured_game_and_options_are_not_mixed() -> None:
    from savanna.core import load_game

    with pytest.raises(OptionError):
        make(load_game("toy"), length=5)


def test_registered_ids_make_the_same_environment_through_gymnasium(game: Game) -> None:
    import gymnasium

    from savanna.interop.gymnasium import env_id, register_envs

    assert env_id("toy") in register_envs()
    options: dict[str, Any] = dict(game.options)
    made = gymnasium.make(env_id(game.name), opponents="random", players=game.num_players, **options)
    assert isinstance(made.unwrapped, SavannaEnv)
    assert made.unwrapped.game.options == game.options
    assert made.unwrapped.game.num_players == game.num_players
    check_env(made.unwrapped)
    observation, _ = made.reset(seed=1)
    assert observation in made.observation_space
