"""The OpenSpiel adapter: registration, game type and info, OpenSpiel's own checks, bots."""

from __future__ import annotations

import math
import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from savanna.core import (
    ChoiceOption,
    Game,
    IllegalActionError,
    IntOption,
    OptionError,
    load_game,
    registered_games,
)
from savanna.interop import openspiel
from tests.interop.conftest import IMPERFECT, Config


def _spiel(config: Config) -> openspiel.SavannaSpielGame:
    name, players, options = config
    return openspiel.load_game(name, players=players, **options)


def _random_play(
    state: openspiel.SavannaSpielState, rng: random.Random, limit: int | None = None
) -> None:
    steps = 0
    while not state.is_terminal() and (limit is None or steps < limit):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights=probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1


def test_register_games_names_every_registered_game() -> None:
    names = openspiel.register_games()
    assert set(registered_games()) <= set(names)
    for name, short in names.items():
        assert short == f"python_savanna_{name}"
        assert short in pyspiel.registered_names()


def test_register_game_twice_is_harmless() -> None:
    assert openspiel.register_game("toy") == openspiel.register_game("toy") == "python_savanna_toy"


def test_game_type_declares_the_spec(game: Game) -> None:
    spiel_type = openspiel.game_type(type(game))
    spec = game.spec
    assert spiel_type.short_name == openspiel.short_name(spec.name)
    assert spiel_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert spiel_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert spiel_type.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert spiel_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    expected_information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if spec.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    assert spiel_type.information == expected_information
    assert (spiel_type.min_num_players, spiel_type.max_num_players) == (
        spec.min_players,
        spec.max_players,
    )
    parameters = spiel_type.parameter_specification
    assert parameters["players"] == spec.default_players
    for option in spec.options:
        assert parameters[option.name] == option.default


def test_game_info_comes_from_the_configured_game(config: Config, game: Game) -> None:
    spiel = _spiel(config)
    assert spiel.num_distinct_actions() == game.num_distinct_actions
    assert spiel.max_chance_outcomes() == game.max_chance_outcomes
    assert spiel.num_players() == game.num_players
    assert (spiel.min_utility(), spiel.max_utility()) == game.score_bounds
    assert spiel.max_game_length() == game.max_game_length
    assert spiel.observation_tensor_shape() == list(game.observation_tensor_shape)
    assert spiel.information_state_tensor_shape() == list(game.observation_tensor_shape)
    assert spiel.savanna_game.options == game.options


def test_openspiel_random_simulation_test_passes(config: Config) -> None:
    """OpenSpiel's own C++ checker: legal actions, chance, returns, clones, serialisation."""
    sims = 2 if config[0] == "toy" else 1
    pyspiel.random_sim_test(_spiel(config), num_sims=sims, serialize=True, verbose=False)


def test_playouts_keep_openspiel_invariants(config: Config) -> None:
    spiel = _spiel(config)
    rng = random.Random(5)
    low, high = spiel.min_utility(), spiel.max_utility()
    state = spiel.new_initial_state()
    steps = 0
    while not state.is_terminal():
        assert state.returns() == [0.0] * spiel.num_players()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            exact = dict(state.inner.chance_outcomes())
            assert all(p == float(exact[a]) for a, p in outcomes)
            assert all(0 <= a < spiel.max_chance_outcomes() for a, _ in outcomes)
        else:
            legal = state.legal_actions()
            assert legal and all(0 <= a < spiel.num_distinct_actions() for a in legal)
            mask = state.legal_actions_mask()
            assert [i for i, m in enumerate(mask) if m] == legal
        if steps in (1, 8, 32):
            copy = state.clone()
            assert copy.history() == state.history() and str(copy) == str(state)
            for player in range(spiel.num_players()):
                assert copy.information_state_string(player) == state.information_state_string(
                    player
                )
            _random_play(copy, random.Random(steps))  # playing on the copy leaves the state alone
            assert copy.history()[: len(state.history())] == state.history()
        _random_play(state, rng, limit=1)
        steps += 1
    assert steps <= spiel.max_game_length()
    assert state.legal_actions() == []
    assert all(low <= r <= high for r in state.returns())
    assert state.returns() == state.inner.scores()


def test_serialised_state_round_trips() -> None:
    spiel = openspiel.load_game("toy", players=3)
    state = spiel.new_initial_state()
    _random_play(state, random.Random(2), limit=12)
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, state))[1]
    assert again.history() == state.history() and str(again) == str(state)
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.history() == state.history() and str(unpickled) == str(state)


def test_parameters_reach_the_savanna_game() -> None:
    cls = registered_games()["toy"]
    spiel = pyspiel.load_game("python_savanna_toy", {"players": 3, "length": 9})
    assert isinstance(spiel.savanna_game, cls)
    assert spiel.savanna_game.num_players == 3 and spiel.savanna_game.options == {"length": 9}


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_choice_option_is_accepted_as_a_parameter(name: str) -> None:
    spec = registered_games()[name].spec
    for option in spec.options:
        if isinstance(option, ChoiceOption):
            for choice in option.choices:
                assert (
                    openspiel.load_game(name, **dict[str, Any]({option.name: choice})).savanna_game.options[
                        option.name
                    ]
                    == choice
                )
        elif isinstance(option, IntOption):
            assert (
                openspiel.load_game(name, **{option.name: option.low}).savanna_game.options[
                    option.name
                ]
                == option.low
            )


def test_bad_parameters_raise_option_error() -> None:
    with pytest.raises(OptionError):
        openspiel.load_game("toy", players=9)
    with pytest.raises(OptionError):
        openspiel.load_game("toy", length=99)
    with pytest.raises(OptionError):
        openspiel.load_game("no-such-game")


def test_illegal_action_is_refused_with_the_rule() -> None:
    spiel = openspiel.load_game("toy", length=3)
    state = spiel.new_initial_state()
    for action in (0, 1, 2, 0):  # deal A, B; roll 3; seat 0 moves A to the end
        state.apply_action(action)
    assert state.is_terminal()
    with pytest.raises(IllegalActionError) as refused:
        state.inner.apply(1)
    assert refused.value.rule.id == "game.over"
    state = spiel.new_initial_state()
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(7)  # no such chance outcome
    assert refused.value.rule.id == "chance.outcome"


def test_observation_is_the_seat_observation(config: Config) -> None:
    spiel = _spiel(config)
    state = spiel.new_initial_state()
    _random_play(state, random.Random(3), limit=10)
    for player in range(spiel.num_players()):
        seen = state.inner.observation(player)
        assert state.observation_string(player) == seen.text
        expected = np.asarray(spiel.savanna_game.observation_tensor(seen), dtype=np.float32)
        assert np.array_equal(
            np.asarray(state.observation_tensor(player), dtype=np.float32), expected
        )
        assert np.array_equal(
            np.asarray(state.information_state_tensor(player), dtype=np.float32), expected
        )


def test_information_state_is_perfect_recall_of_own_view_and_actions() -> None:
    spiel = openspiel.load_game("toy", players=2, length=6)
    state = spiel.new_initial_state()
    for action in (2, 0, 1):  # deal C to seat 0, A to seat 1, roll 2
        state.apply_action(action)
    state.apply_action(2)  # seat 0 moves C
    lines = state.information_state_string(0).split("\n")
    assert lines[0].startswith("obs ") and '"dealt": 0' in lines[0]
    assert "act move C" in lines
    assert lines[-1] == "obs " + state.inner.observation(0).text
    assert "act move C" not in state.information_state_string(1).split("\n")
    # Seat 1 never sees seat 0's card C: its recall is the same whichever card seat 0 holds.
    other = spiel.new_initial_state()
    for action in (1, 0, 1, 2):
        other.apply_action(action)
    assert other.information_state_string(1) == state.information_state_string(1)
    assert other.information_state_string(0) != state.information_state_string(0)


def test_public_observer_shows_the_spectator_view() -> None:
    spiel = openspiel.load_game("toy")
    state = spiel.new_initial_state()
    for action in (2, 0, 1):
        state.apply_action(action)
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = spiel.make_py_observer(public)
    assert observer.string_from(state, 0) == state.inner.observation(None).text
    observer.set_from(state, 0)
    assert observer.tensor.tolist() == pytest.approx(
        spiel.savanna_game.observation_tensor(state.inner.observation(None))
    )


@pytest.mark.parametrize(
    ("kind", "params"),
    [
        (
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
            None,
        ),
        (pyspiel.IIGObservationType(public_info=False, perfect_recall=False), None),
        (None, {"detail": 1}),
    ],
    ids=["all-players", "private-only", "params"],
)
def test_observer_refuses_kinds_that_would_leak_or_are_unknown(
    kind: Any, params: Any
) -> None:
    spiel = openspiel.load_game("toy")
    with pytest.raises(ValueError):
        spiel.make_py_observer(kind, params)


@pytest.mark.parametrize("name", IMPERFECT)
def test_resample_keeps_the_information_state(name: str) -> None:
    spiel = openspiel.load_game(name)
    # Play random prefixes of growing length until one stops at a seat's decision; each
    # try uses its own seed, and the number of tries is bounded.
    for attempt in range(200):
        state = spiel.new_initial_state()
        _random_play(state, random.Random(11 + attempt), limit=15 + attempt % 7)
        if not (state.is_chance_node() or state.is_terminal()):
            break
    else:
        pytest.fail("no random prefix stopped at a decision")
    player = state.current_player()
    sampler_values = iter([0.1, 0.5, 0.9])
    for _ in range(3):
        value = next(sampler_values)
        sampled = state.resample_from_infostate(player, lambda v=value: v)
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert sampled.observation_string(player) == state.observation_string(player)
        assert sampled.legal_actions() == state.legal_actions()


def _bots_game(
    bots: list[pyspiel.Bot],
    state: openspiel.SavannaSpielState,
    seed: int,
    decisions: int | None = None,
) -> list[float]:
    """Play bots against each other (``decisions``: stop after that many bot moves)."""
    rng = np.random.RandomState(seed)
    while not state.is_terminal() and (decisions is None or decisions > 0):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            legal = state.legal_actions()
            action = bots[state.current_player()].step(state)
            assert action in legal
            state.apply_action(action)
            decisions = None if decisions is None else decisions - 1
    return state.returns()


def _bot_game_name() -> str:
    """The registered game with the shortest bound on its length (the toy game if none)."""
    games = {n: c for n, c in registered_games().items() if n != "toy"}
    if not games:
        return "toy"
    return min(
        games, key=lambda n: (load_game(n, players=games[n].spec.min_players).max_game_length, n)
    )


def test_openspiel_mcts_bot_plays_a_game_to_the_end() -> None:
    name = _bot_game_name()
    spiel = openspiel.load_game(name, players=registered_games()[name].spec.min_players)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(spiel, 2.0, 4, evaluator, random_state=rng) for _ in range(spiel.num_players())
    ]
    state = spiel.new_initial_state()
    returns = _bots_game(bots, state, 1)
    assert state.is_terminal()
    assert all(spiel.min_utility() <= r <= spiel.max_utility() for r in returns)


def _ismcts_bots(
    spiel: openspiel.SavannaSpielGame, seed: int, simulations: int
) -> list[pyspiel.Bot]:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return [
        ismcts.ISMCTSBot(
            spiel,
            evaluator,
            uct_c=2.0,
            max_simulations=simulations,
            random_state=rng,
            max_world_samples=(4 if seat % 2 else ismcts.UNLIMITED_NUM_WORLD_SAMPLES),
        )
        for seat in range(spiel.num_players())
    ]


def test_openspiel_ismcts_bot_plays_the_toy_game_to_the_end() -> None:
    spiel = openspiel.load_game("toy", players=3)
    state = spiel.new_initial_state()
    returns = _bots_game(_ismcts_bots(spiel, 2, 16), state, 2)
    assert state.is_terminal()
    assert all(spiel.min_utility() <= r <= spiel.max_utility() for r in returns)


@pytest.mark.parametrize("name", IMPERFECT)
def test_openspiel_ismcts_bot_decides_in_every_imperfect_information_game(name: str) -> None:
    """Resampling and information-state keys hold up inside OpenSpiel's own ISMCTS."""
    spiel = openspiel.load_game(name, players=registered_games()[name].spec.min_players)
    state = spiel.new_initial_state()
    _bots_game(_ismcts_bots(spiel, 3, 4), state, 3, decisions=4)
    assert len(state.history()) > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", IMPERFECT)
def test_openspiel_ismcts_bot_plays_every_imperfect_information_game_to_the_end(name: str) -> None:
    spiel = openspiel.load_game(name, players=registered_games()[name].spec.min_players)
    state = spiel.new_initial_state()
    returns = _bots_game(_ismcts_bots(spiel, 4, 4), state, 4)
    assert state.is_terminal()
    assert all(spiel.min_utility() <= r <= spiel.max_utility() for r in returns)


_CPP_BOT_ON_A_PYTHON_GAME = """
import pyspiel
from open_spiel.python.games import kuhn_poker  # registers python_kuhn_poker

game = pyspiel.load_game("python_kuhn_poker")
state = game.new_initial_state()
while state.is_chance_node():
    state.apply_action(state.legal_actions()[0])
evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
if "{bot}" == "ismcts":
    bot = pyspiel.ISMCTSBot(0, evaluator, 2.0, 20)
else:
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, 20, 1000, False, 0, False)
print(bot.step(state))
"""


@pytest.mark.parametrize("bot", ["ismcts", "mcts"])
def test_openspiel_cpp_bots_crash_on_a_game_written_in_python_as_docs_interop_says(bot: str) -> None:
    """docs/interop.md tells users not to run ``pyspiel.ISMCTSBot``/``pyspiel.MCTSBot`` on
    Python games: they release the GIL and call back into Python. Reproduced with
    OpenSpiel's own ``python_kuhn_poker`` in a child process; when a release of OpenSpiel
    fixes it, this test fails and the paragraph must go."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _CPP_BOT_ON_A_PYTHON_GAME.replace("{bot}", bot)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode < 0, (done.returncode, done.stdout, done.stderr[-500:])
