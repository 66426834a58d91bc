"""The model of play, rollouts and the exact enumeration of a game's ends."""

from __future__ import annotations

from fractions import Fraction

import pytest

from savanna.coach.policy import Policy, path_key
from savanna.coach.simulation import EndReader, enumerate_ends, rollout
from savanna.core import OptionError, load_game
from tests.coach.conftest import ListedToy, toy_position


def test_an_unknown_model_is_refused_with_the_known_ones_named() -> None:
    with pytest.raises(OptionError, match="heuristic, random"):
        Policy(load_game("hyena"), "clever")


def test_the_model_answers_the_same_on_the_same_path_whatever_was_drawn_before() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [1, 2, 0], [0, 1], roll=2)
    policy = Policy(game, "random")
    picks = {policy.choose(state, [0, 1, 2], 77) for _ in range(5)}
    assert len(picks) == 1
    assert {policy.choose(state, [0, 1, 2], path_key(77, k)) for k in range(40)} == {0, 1, 2}


def test_enumerated_ends_are_exact_fractions_of_the_brute_force_tree() -> None:
    """The ends of a toy position two rolls from the finish, against a hand-made tree."""
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [5, 4, 0], [0, 1])
    policy = Policy(game, "heuristic")
    reader = EndReader(game, 0)
    ends = enumerate_ends(state, policy, 1, reader, budget=10_000)
    assert ends is not None
    assert sum(p for p, _ in ends) == pytest.approx(1.0)
    # Seat 0 (card A) rolls and moves A: any roll finishes A first, so seat 0 wins surely.
    assert sum(p for p, end in ends if end.win == 1.0) == pytest.approx(1.0)
    assert all(end.score == 1.0 for _, end in ends)


def test_enumeration_gives_up_past_its_budget() -> None:
    game = ListedToy(2, {"length": 20})
    state = toy_position(game, [0, 0, 0], [0, 1])
    assert enumerate_ends(state, Policy(game), 1, EndReader(game, 0), budget=50) is None


def test_rollout_frequencies_agree_with_the_enumeration() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [3, 4, 2], [2, 1], turn=0)
    policy = Policy(game, "heuristic")
    reader = EndReader(game, 0)
    ends = enumerate_ends(state, policy, 9, reader, budget=100_000)
    assert ends is not None
    exact = sum(p * end.win for p, end in ends)
    n = 4000
    wins = sum(reader.read(rollout(state.clone(), policy, 1000 + k, 9)[0]).win for k in range(n))
    assert abs(wins / n - exact) < 4 * (exact * (1 - exact) / n) ** 0.5 + 1e-9


def test_every_chance_probability_enters_the_enumeration_as_a_fraction() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [5, 5, 0], [0, 1], turn=1)
    ends = enumerate_ends(state, Policy(game), 1, EndReader(game, 0), budget=1000)
    assert ends is not None
    # Seat 1 (card B) moves B whatever it rolls: B wins; seat 0 loses.
    assert [(Fraction(p).limit_denominator(), end.win) for p, end in ends] == [(Fraction(1), 0.0)]
