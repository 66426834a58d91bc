"""Catch-up tabas for the players after the first (rule ``setup.catchup``, option ``catchup``).

Source: the rulebook (jeu-de-l-hyene-rules-fr.txt) does not say who starts, and the first
player wins more often (docs/balance/hyena.md); docs/rules/hyena.md, "Who plays first",
explains the option, off by default: each player after the first starts with the share of a
turn they play later, times what a throw is worth on average, in tabas.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from savanna.games.hyena import HyenaGame
from savanna.games.hyena.game import catchup_tabas
from savanna.games.hyena.ruleset import load_ruleset

from ._support import play


def _game(rules: str, players: int = 4, **options: object) -> HyenaGame:
    return HyenaGame(players=players, options={"rules": rules, "catchup": "on", **options})


@pytest.mark.parametrize("rules", ["four-sticks", "three-sticks", "traditional"])
def test_setup_catchup_four_players_start_with_0_1_1_2_tabas_from_the_first(rules: str) -> None:
    state = _game(rules).new_initial_state()
    assert state.bank == [0, 0, 0, 0]  # nothing before the first player is drawn
    play(state, "first 2")
    assert state.bank == [1, 2, 0, 1]  # seat 2 first, then 3, 0, 1
    assert "banks=1,2,0,1" in state.to_text().split()


def test_setup_catchup_with_seat1_first_the_bank_is_set_at_the_start() -> None:
    state = _game("three-sticks", players=3, first="seat1").new_initial_state()
    assert state.bank == [0, 1, 2]


def test_setup_catchup_is_off_by_default_and_changes_nothing_then() -> None:
    game = HyenaGame(players=4, options={"rules": "three-sticks"})
    assert game.options["catchup"] is False and game.catchup == ()
    assert play(game.new_initial_state(), "first 1").bank == [0, 0, 0, 0]


def test_setup_catchup_amounts_are_the_mean_throw_times_the_share_of_a_turn() -> None:
    for name in ("four-sticks", "three-sticks", "traditional"):
        rs = load_ruleset(name)
        values = [t.value for t in rs.throws]
        mean = sum(Fraction(v) * p for v, p in zip(values, rs.probabilities, strict=True))
        for players in range(2, 7):
            tabas = catchup_tabas(values, rs.probabilities, players)
            assert tabas[0] == 0 and list(tabas) == sorted(tabas)
            for k, t in enumerate(tabas):
                assert abs(t - mean * k / players) <= Fraction(1, 2)
    three = load_ruleset("three-sticks")
    assert catchup_tabas([t.value for t in three.throws], three.probabilities, 2) == (0, 1)


def test_setup_catchup_rule_has_its_words_in_english_and_french() -> None:
    rule = _game("traditional").rules()["setup.catchup"]
    assert "catchup=on" in rule.en and "catchup=on" in rule.fr and rule.en != rule.fr
    assert "0, 1, 1, 2" in rule.en
