"""The throw tables: data, exact probabilities, and a seeded sample against them."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest
from pydantic import ValidationError

from savanna.core.errors import OptionError
from savanna.games.hyena.ruleset import RULESET_NAMES, Ruleset, load_ruleset, throw_probabilities

from ._support import hyena

# Critical values of chi-square at p = 0.001 (3 and 4 degrees of freedom).
CHI2_CRITICAL = {3: 16.266, 4: 18.467}


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_throw_table_lists_every_number_of_white_sides_with_a_source(name: str) -> None:
    rs = load_ruleset(name)
    assert [t.white for t in rs.throws] == list(range(rs.sticks + 1))
    assert all(t.source for t in rs.throws) and rs.source


def test_throw_table_four_sticks_values() -> None:
    """jeu-de-l-hyene-rules-fr.txt, PREMIERE VARIANTE: 0 nothing, 1 taba, 2, 3 and 6 days."""
    rs = load_ruleset("four-sticks")
    assert [(t.kind, t.value) for t in rs.throws] == [
        ("null", 0),
        ("taba", 1),
        ("days", 2),
        ("days", 3),
        ("days", 6),
    ]
    assert [t.ends_turn for t in rs.throws] == [False, False, True, False, False]


def test_throw_table_three_sticks_values() -> None:
    """jeu-de-l-hyene-rules-fr.txt, DEUXIEME VARIANTE: 1, 2, 3 tabas, and 6 for no white side."""
    rs = load_ruleset("three-sticks")
    assert [(t.kind, t.value) for t in rs.throws] == [
        ("points", 6),
        ("points", 1),
        ("points", 2),
        ("points", 3),
    ]


def test_throw_table_traditional_values() -> None:
    """hyena-traditional-rules.md, Dice: 1 = taba, 2, 4 for three flat, 6 for none."""
    rs = load_ruleset("traditional")
    assert [(t.kind, t.value) for t in rs.throws] == [
        ("days", 6),
        ("taba", 1),
        ("days", 2),
        ("days", 4),
    ]
    assert [str(p) for p in rs.probabilities] == ["1/8", "3/8", "3/8", "1/8"]


@pytest.mark.parametrize("sticks", [1, 2, 3, 4, 5])
def test_throw_probabilities_are_binomial_and_sum_to_one(sticks: int) -> None:
    probs = throw_probabilities(sticks)
    assert sum(probs) == 1
    assert probs == tuple(Fraction(comb(sticks, k), 2**sticks) for k in range(sticks + 1))


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_chance_node_carries_the_exact_throw_probabilities(name: str) -> None:
    game = hyena(name, first="seat1")
    state = game.new_initial_state()
    if not state.is_chance_node():
        state.apply_text("throw")
    outcomes = state.chance_outcomes()
    assert outcomes == list(enumerate(throw_probabilities(game.sticks)))
    assert sum(p for _, p in outcomes) == 1


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_sampled_throws_fit_the_probabilities_chi_square(name: str) -> None:
    game = hyena(name, first="seat1")
    state = game.new_initial_state()
    if not state.is_chance_node():
        state.apply_text("throw")
    rng = random.Random(20240611)
    draws = 40_000
    counts = [0] * (game.sticks + 1)
    for _ in range(draws):
        counts[state.sample_chance(rng)] += 1
    chi2 = sum((counts[k] - draws * p) ** 2 / (draws * p) for k, p in state.chance_outcomes())
    assert float(chi2) < CHI2_CRITICAL[game.sticks]


def test_sampled_throws_detect_a_biased_table() -> None:
    """The chi-square check above can fail: a uniform draw over outcomes is rejected."""
    game = hyena("four-sticks", first="seat1")
    state = game.new_initial_state()
    state.apply_text("throw")
    rng = random.Random(5)
    draws = 40_000
    counts = [0] * 5
    for _ in range(draws):
        counts[rng.randrange(5)] += 1
    chi2 = sum((counts[k] - draws * p) ** 2 / (draws * p) for k, p in state.chance_outcomes())
    assert float(chi2) > CHI2_CRITICAL[4]


def test_sample_chance_is_deterministic_for_a_seed() -> None:
    state = hyena("three-sticks").new_initial_state()
    a = [state.sample_chance(random.Random(9)) for _ in range(3)]
    b = [state.sample_chance(random.Random(9)) for _ in range(3)]
    assert a == b


def test_unknown_ruleset_is_an_option_error() -> None:
    with pytest.raises(OptionError):
        load_ruleset("five-sticks")
    with pytest.raises(OptionError):
        hyena("five-sticks")


def test_ruleset_data_refuses_a_missing_throw() -> None:
    raw = load_ruleset("four-sticks").model_dump()
    raw["throws"] = raw["throws"][:-1]
    with pytest.raises(ValidationError):
        Ruleset.model_validate(raw)


def test_ruleset_data_refuses_points_in_a_throw_until_two_ruleset() -> None:
    raw = load_ruleset("traditional").model_dump()
    raw["throws"][0]["kind"] = "points"
    with pytest.raises(ValidationError):
        Ruleset.model_validate(raw)
