"""The PettingZoo parallel form: PettingZoo's parallel_api_test and parallel_seed_test, turns,
ignored actions of the agents not to act, rewards and refusals."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from savanna.core import Game, IllegalActionError, OptionError
from savanna.interop.common import normalised_rewards
from savanna.interop.pettingzoo import SavannaParallelEnv, parallel_env
from tests.interop.conftest import Config


def _env(config: Config, **kwargs: Any) -> SavannaParallelEnv:
    name, players, options = config
    return parallel_env(name, players=players, **options, **kwargs)


def test_pettingzoo_parallel_api_test_passes(config: Config) -> None:
    parallel_api_test(_env(config), num_cycles=300)


def test_pettingzoo_parallel_seed_test_passes(config: Config) -> None:
    parallel_seed_test(lambda: _env(config), num_cycles=100)


def _play(env: SavannaParallelEnv, seed: int, others: int | None) -> tuple[list[int], dict[str, float]]:
    """A random game; ``others`` is the action given to agents not to act (None: left out)."""
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen: list[int] = []
    while env.agents:
        acting = [a for a, o in observations.items() if o["action_mask"].any()]
        assert acting == [f"player_{env.state.current_player()}"]
        action = int(rng.choice(np.flatnonzero(observations[acting[0]]["action_mask"])))
        chosen.append(action)
        actions = {a: (action if a == acting[0] else others) for a in env.agents}
        observations, rewards, terminations, truncations, _ = env.step(
            {a: v for a, v in actions.items() if v is not None}
        )
        assert not any(truncations.values())
    assert all(terminations.values())
    assert not any(o["action_mask"].any() for o in observations.values())
    return chosen, rewards


def test_only_the_acting_agent_s_action_counts(game: Game) -> None:
    env = parallel_env(game)
    left_out, rewards = _play(env, 3, None)
    history = list(env.state.history)
    given, _ = _play(env, 3, 0)
    assert given == left_out and env.state.history == history
    assert rewards == {
        f"player_{seat}": r for seat, r in enumerate(normalised_rewards(game, env.state.scores()))
    }


def test_observations_are_each_seat_s_own_view(game: Game) -> None:
    env = parallel_env(game)
    observations, _ = env.reset(seed=1)
    for seat in range(game.num_players):
        expected = np.asarray(game.observation_tensor(env.state.observation(seat)), dtype=np.float32)
        assert (observations[f"player_{seat}"]["observation"].reshape(-1) == expected).all()


def test_the_acting_agent_must_give_an_action_and_a_finished_game_refuses_steps() -> None:
    env = parallel_env("toy", players=2, length=3)
    env.reset(seed=0)
    with pytest.raises(OptionError, match="is to act"):
        env.step({})
    while env.agents:
        env.step({a: 0 for a in env.agents})
    with pytest.raises(OptionError, match="game is over"):
        env.step({"player_0": 0})


def test_an_illegal_action_loses_or_raises_naming_the_rule() -> None:
    env = parallel_env("toy", players=2)
    env.reset(seed=0)
    acting = f"player_{env.state.current_player()}"
    bad = env.game.num_distinct_actions
    _, rewards, terminations, _, infos = env.step({acting: bad})
    assert rewards[acting] == -1.0 and all(terminations.values()) and env.agents == []
    assert infos[acting]["illegal_action"]["rule"]
    strict = parallel_env("toy", players=2, illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step({acting: bad})
    assert strict.agents  # the game goes on


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [({"render_mode": "human"}, "render mode"), ({"illegal_action": "ignore"}, "illegal_action")],
)
def test_bad_settings_are_refused_in_one_line(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        parallel_env("toy", **kwargs)


def test_ansi_render_is_the_spectator_view() -> None:
    env = parallel_env("toy", render_mode="ansi")
    env.reset(seed=4)
    assert env.render() == env.game.render_text(env.state.observation(None))
