"""The Hyena evaluation (``HyenaGame.evaluate``): search rollouts end on its estimate.

It must stay within the score bounds, keep the scores the ranking has already fixed (rule
end.ranking), favour the mother with less left to do, fear a returning hyena (rule
hyena.devours), and predict real games better than knowing nothing.
"""

from __future__ import annotations

import random
import statistics

import pytest

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.core import load_game
from savanna.core.play import sample_action
from savanna.games.hyena.evaluation import hyena_effort, mother_effort

from ._support import hyena, position

RULESETS = ("three-sticks", "four-sticks", "traditional")


@pytest.mark.parametrize("rules", RULESETS)
def test_evaluate_stays_within_score_bounds_through_whole_games(rules: str) -> None:
    game = hyena(rules, players=4, length=30)
    low, high = game.score_bounds
    rng = random.Random(5)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            estimate = game.evaluate(state)
            assert len(estimate) == game.num_players
            assert all(low <= v <= high for v in estimate)
            state.apply_unchecked(sample_action(state, rng))
        assert game.evaluate(state) == state.scores()


def test_end_ranking_scores_already_fixed_are_kept() -> None:
    # seat 0 owns the hyena (first home), seat 2 came home second, seat 3 was devoured
    state = position(
        "three-sticks",
        "turn=1:throw mothers=H0,B10,H0,X0 banks=3,0,0,0 home=0,2 hyena=0:B12",
        players=4,
    )
    estimate = state.game.evaluate(state)
    assert estimate[0] == 4.0  # the hyena's owner ranks first
    assert estimate[2] == 3.0  # second home
    assert estimate[3] == 0.0  # devoured
    assert 0.0 < estimate[1] < 2.0  # at best third, and the hyena is close behind


def test_evaluate_favours_the_mother_with_less_left_to_do() -> None:
    state = position(
        "three-sticks", "turn=0:throw mothers=B5,O10,V0 banks=0,2,0 home=- hyena=-", players=3
    )
    first, second, third = state.game.evaluate(state)
    assert first > second > third
    assert mother_effort(state, 0) == 5
    assert mother_effort(state, 1) == 2 * 30 - 10 + (4 - 2)  # holes plus the unpaid well fee


def test_hyena_devours_a_mother_far_from_home_once_it_runs_back() -> None:
    near = position(
        "three-sticks", "turn=1:throw mothers=H0,B2,B28 banks=0,0,0 home=0 hyena=0:B29", players=3
    )
    near_home, far_from_home = near.game.evaluate(near)[1:]
    assert near_home > 1.5  # she is home long before the hyena
    assert far_from_home < 0.5  # the hyena runs twice as fast and is just behind her
    assert hyena_effort(near) == 29 / 2


def test_unreleased_hyena_gives_the_leader_the_owners_score() -> None:
    state = position(
        "three-sticks", "turn=0:throw mothers=B1,O3,O3 banks=0,0,0 home=- hyena=-", players=3
    )
    leader = state.game.evaluate(state)[0]
    assert leader == pytest.approx(3.0, abs=0.05)


def test_evaluate_refuses_another_games_state() -> None:
    game = hyena("three-sticks")
    with pytest.raises(TypeError, match="hyena state"):
        game.evaluate(load_game("banjooli").new_initial_state())


@pytest.mark.parametrize("rules", RULESETS)
def test_evaluate_predicts_final_scores_better_than_the_average(rules: str) -> None:
    """Halfway through heuristic games, the estimate is nearer the final score than the mean."""
    game = load_game("hyena", players=4, options={"rules": rules})
    estimates: list[float] = []
    finals: list[float] = []
    for seed in range(40):
        final = play_game(game, make_bots(game, [parse_bot_spec("heuristic")] * 4, seed), seed=seed)
        state = game.new_initial_state()
        for action in final.history[: len(final.history) // 2]:
            state.apply_unchecked(action)
        estimate = game.evaluate(state)
        assert estimate is not None
        estimates += estimate
        finals += final.returns()
    mean = statistics.fmean(finals)
    error = statistics.fmean(abs(e - f) for e, f in zip(estimates, finals, strict=True))
    baseline = statistics.fmean(abs(mean - f) for f in finals)
    assert error < 0.85 * baseline
