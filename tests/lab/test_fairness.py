"""Fairness questions: the stratified test, its intervals, verdicts, power and stopping rule."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from scipy import stats as sps

from savanna.core import OptionError
from savanna.lab import SimulationPlan
from savanna.lab.fairness import (
    FairnessSettings,
    answer,
    games_needed,
    run_until_answered,
)
from savanna.lab.stratified import stratified_test
from savanna.lab.summary import summarise

CARDS = ("A", "B", "C", "D", "E")


def _plan(games: int = 100, players: int = 3) -> SimulationPlan:
    return SimulationPlan.create("toystats", bots=["random"], games=games, seed=11, players=players)


def _games(
    n: int, players: int = 3, favour: str | None = None, boost: float = 0.0, seed: int = 1
) -> list[dict]:
    """Synthetic outcomes: cards dealt at random; the ``favour`` card's seat wins more often."""
    rng = random.Random(seed)
    out = []
    for g in range(n):
        cards = rng.sample(CARDS, players)
        weights = [1.0 + (boost if c == favour else 0.0) for c in cards]
        winner = rng.choices(range(players), weights)[0]
        scores = [float(rng.randint(0, 5) + (3 if s == winner else 0)) for s in range(players)]
        out.append(
            {
                "index": g,
                "seed": g,
                "variant": 0,
                "seats": ["random"] * players,
                "order": list(range(1, players + 1)),
                "ranking": [0 if s == winner else 1 for s in range(players)],
                "scores": scores,
                "length": 10,
                "decisions": 5,
                "statistics": {
                    "game": {"winner_card": cards[winner]},
                    "seats": {"card": cards},
                },
                "record": "{}\n",
            }
        )
    return out


def _question(tests: dict, factor: str, response: str) -> dict:
    return next(
        q for q in tests["questions"] if q["factor"] == factor and q["response"] == response
    )


def test_with_every_level_once_per_game_the_test_is_pearsons_goodness_of_fit(
    toystats: type,
) -> None:
    # One winner per game and each seat once per game: the stratified statistic reduces
    # to the multinomial chi-square of the winners' seats.
    outcomes = _games(300)
    plan = _plan(300)
    q = _question(answer(plan, outcomes, ["seat"]), "seat", "win")
    winners = [sum(1 for o in outcomes if o["ranking"][s] == 0) for s in range(3)]
    expected = sps.chisquare(winners)
    assert q["statistic"] == pytest.approx(expected.statistic, abs=1e-3)
    assert q["df"] == 2
    assert q["p"] == pytest.approx(expected.pvalue, abs=1e-5)


def test_the_variance_is_the_exact_permutation_variance_within_games() -> None:
    # Three games of three seats: enumerate all 6^3 within-game permutations of the levels.
    levels = np.array([[0, 1, 2], [0, 0, 1], [2, 1, 0]])
    y = np.array([[1.0, 0.0, 0.0], [3.0, 1.0, 2.0], [0.0, 1.0, 1.0]])
    result = stratified_test(levels, y, 3, None, 0)
    totals = []
    for perms in itertools.product(itertools.permutations(range(3)), repeat=3):
        shuffled = np.array([levels[g][list(p)] for g, p in enumerate(perms)])
        totals.append(stratified_test(shuffled, y, 3, None, 0)["total"])
    totals_array = np.array(totals)
    assert np.allclose(totals_array.mean(axis=0), 0.0)
    exact = np.cov(totals_array.T, bias=True)
    assert np.allclose(result["variance"], exact)
    observed = result["total"]
    assert float(observed @ np.linalg.pinv(exact, hermitian=True) @ observed) == pytest.approx(
        result["statistic"], rel=1e-9
    )


def test_without_any_card_effect_false_alarms_stay_near_five_percent(toystats: type) -> None:
    # Seats of one game are dependent (one wins): a test that ignored it would misfire.
    plan = _plan(120)
    rejections = 0
    runs = 200
    for seed in range(runs):
        q = _question(answer(plan, _games(120, seed=seed), ["card"]), "card", "win")
        rejections += q["p"] < 0.05
    assert 0.01 <= rejections / runs <= 0.10


def test_a_favoured_card_is_named_in_the_verdict_with_its_p_value(toystats: type) -> None:
    plan = _plan(600)
    tests = answer(plan, _games(600, favour="C", boost=1.5), ["card"])
    q = _question(tests, "card", "win")
    assert q["p_adjusted"] < 0.001
    assert q["verdict"].startswith("card C wins ")
    assert "more often than average (p " in q["verdict"]
    row = next(r for r in q["levels"] if r["level"] == "C")
    assert row["ci"][0] > 0 and row["effect"] == pytest.approx(row["observed"] - row["expected"])
    others = [r for r in q["levels"] if r["level"] != "C"]
    assert all(r["effect"] < 0 for r in others)


def test_no_effect_gives_a_bounded_no_evidence_verdict_and_a_power_statement(
    toystats: type,
) -> None:
    plan = _plan(400)
    q = _question(answer(plan, _games(400, seed=3), ["card"]), "card", "win")
    bound = max(max(abs(r["ci"][0]), abs(r["ci"][1])) for r in q["levels"])
    assert q["verdict"].startswith(
        f"no evidence of a difference larger than {bound * 100:.1f} points"
    )
    power = q["power"]
    assert 0 < power["detectable"] < bound + 0.05
    # Quadrupling the games halves the detectable difference: games ~ (z * sd / margin)^2.
    assert power["games_for_margin"] > 400
    assert "a difference of 2.0 points needs about" in power["text"]


def test_levels_are_in_natural_order_and_numeric_factors_are_binned(toystats: type) -> None:
    plan = _plan(60)
    outcomes = _games(60)
    for o in outcomes:
        o["statistics"]["game"]["turns"] = 10 + o["index"]  # 60 distinct values
        o["statistics"]["seats"]["label"] = [f"P{(o['index'] + s) % 11 + 1}" for s in range(3)]
    tests = answer(plan, outcomes, ["label", "turns"])
    labels = [r["level"] for r in _question(tests, "label", "win")["levels"]]
    assert labels == [f"P{k}" for k in range(1, 12)]
    bins = [r["level"] for r in _question(tests, "turns", "frequency")["levels"]]
    assert bins == ["10–19", "20–29", "30–39", "40–49", "50–59", "60–69"]


def test_small_counts_use_seeded_permutations(toystats: type) -> None:
    plan = _plan(12)
    settings = FairnessSettings(permutations=499)
    first = _question(answer(plan, _games(12), ["card"], settings), "card", "win")
    assert first["method"] == "499 random permutations within games"
    again = _question(answer(plan, _games(12), ["card"], settings), "card", "win")
    assert first == again
    assert 0 < first["p"] <= 1


def test_a_game_factor_asks_about_frequency_seats_and_scores(toystats: type) -> None:
    plan = _plan(150)
    tests = answer(plan, _games(150), ["winner_card"])
    responses = [q["response"] for q in tests["questions"]]
    assert responses == ["frequency", "win", "score"]
    seat_question = _question(tests, "winner_card", "win")
    assert seat_question["levels"][0]["who"] == "seat 1 when winner card is A"
    assert tests["correction"].startswith("Holm over the 3 questions")


def test_unknown_and_list_valued_factors_are_refused(toystats: type) -> None:
    plan = _plan(5)
    outcomes = _games(5)
    with pytest.raises(OptionError, match="no such factor; known: bot, card, order, seat"):
        answer(plan, outcomes, ["colour"])
    for o in outcomes:
        o["statistics"]["game"]["runners"] = ["A", "B"]
    with pytest.raises(OptionError, match="several values per game"):
        answer(plan, outcomes, ["runners"])


def test_games_needed_grows_with_the_square_of_the_width_ratio(toystats: type) -> None:
    plan = _plan(200)
    tests = answer(plan, _games(200), ["seat"])
    width = _question(tests, "seat", "win")["width"]
    settings = FairnessSettings(width=width / 2)
    need = games_needed(tests, settings, 200, plan.block)
    assert 790 <= need <= 810 and need % plan.block == 0
    assert games_needed(tests, FairnessSettings(width=1.0), 200, plan.block) == 201


def test_a_run_stops_once_answered_the_same_on_one_or_two_workers(toystats: type) -> None:
    plan = SimulationPlan.create(
        "toystats", bots=["random"], games=2000, seed=4, players=2, options={"length": 4}
    )
    settings = FairnessSettings(width=0.2)
    one, stop_one = run_until_answered(plan, ["card"], settings, workers=1)
    two, stop_two = run_until_answered(plan, ["card"], settings, workers=2)
    assert stop_one == stop_two and stop_one["reached"]
    assert 200 <= len(one) < 2000 and one == two
    final = answer(plan, one, ["card"], settings)
    assert all(q["width"] <= 0.2 for q in final["questions"] if q["response"] == "win")
    assert summarise(plan, one) == summarise(plan, two)


@pytest.mark.slow
def test_a_run_stops_once_answered_the_same_on_ray(toystats: type) -> None:
    ray = pytest.importorskip("ray")
    plan = SimulationPlan.create(
        "toystats", bots=["random"], games=2000, seed=4, players=2, options={"length": 4}
    )
    settings = FairnessSettings(width=0.2)
    local, stop_local = run_until_answered(plan, ["card"], settings, workers=1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote, stop_remote = run_until_answered(plan, ["card"], settings, use_ray=True)
    finally:
        ray.shutdown()
    assert stop_local == stop_remote and local == remote
