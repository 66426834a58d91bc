"""``BanjooliGame.evaluate``: the projected final score used by search bots.

It scores each Prediction with the real scoring function (banjooli-xeet-rules-en.txt, End
of the Game and Score; rule ``score.prediction``) against the arrival order the race
projects.
"""

from __future__ import annotations

import random

import pytest
from tests.games.banjooli.helpers import game, position, sp

from savanna.core import random_playout

CARD_YBG_P, CARD_RPB_Y = 5, 2  # cards 6 (Y B G, last P) and 3 (R P B, last Y)


@pytest.mark.parametrize("options", [{}, {"berries": True, "special": "vortex"}, {"tiles": 6, "special": "lava"}])
def test_evaluate_equals_the_real_scores_at_the_end(options: dict) -> None:
    g = game(**options)
    for seed in range(6):
        state = random_playout(g, random.Random(seed))
        assert g.evaluate(state) == state.scores()


def test_evaluate_ranks_the_card_matching_the_leaders_first() -> None:
    g = game(players=2)
    s = position(g, at={"Y": sp(14, 0), "B": sp(13, 1), "G": sp(12, 2), "R": sp(6, 3), "P": 4},
                 cards=[CARD_YBG_P, CARD_RPB_Y])
    mine, theirs = g.evaluate(s)
    # Y B G most likely 1st to 3rd, purple (in its nest) surely last: at most 12 x2.
    assert 12.0 < mine <= 24.0
    assert theirs < 6.0  # R and P far behind; B likely 2nd, not 3rd: misplaced
    assert mine > theirs


def test_evaluate_counts_a_scared_ostrich_further_back() -> None:
    g = game(players=2)
    at = {"Y": sp(14, 0), "B": sp(13, 1), "G": sp(13, 2), "R": sp(6, 3), "P": 4}
    calm = position(g, at=at, cards=[CARD_YBG_P, CARD_RPB_Y])
    fright = position(g, at=at, scared="B", cards=[CARD_YBG_P, CARD_RPB_Y])
    assert g.evaluate(calm)[0] > g.evaluate(fright)[0]  # blue no longer projected 2nd


def test_evaluate_keeps_arrived_order_and_oor_and_stays_in_bounds() -> None:
    g = game(players=2, berries=True)
    s = position(g, arrived="GB", at={"Y": sp(14, 0), "R": sp(2, 0), "P": sp(2, 4)},
                 cards=[CARD_YBG_P, CARD_RPB_Y], picked="c1")
    low, high = g.score_bounds
    values = g.evaluate(s)
    # G B arrived, yellow 2 steps away surely 3rd: card 6 = 2 + 4 + 2 = 8, doubled when purple
    # (even with red) ends last; card 3 = 2 (blue misplaced; yellow, its last, is 3rd),
    # Oor + 2.
    assert 8.0 < values[0] < 16.0
    assert values[1] == 2.0 + 2.0
    assert all(low <= v <= high for v in values)


def test_evaluate_shares_a_close_race_between_the_cards_and_is_deterministic() -> None:
    g = game(players=2)
    at = {"Y": sp(13, 0), "B": sp(13, 1), "G": sp(6, 2), "R": sp(6, 3), "P": 4}
    s = position(g, at=at, cards=[CARD_YBG_P, CARD_RPB_Y])
    yellow_first, _ = g.evaluate(s)
    assert g.evaluate(s) == g.evaluate(s.clone())  # a fixed table of perturbations
    hard_best = 24.0  # Y B G 1st to 3rd with purple last
    assert 0.0 < yellow_first < hard_best  # yellow and blue level: either may win the race
    ahead = position(g, at={**at, "Y": sp(14, 0)}, cards=[CARD_YBG_P, CARD_RPB_Y])
    assert g.evaluate(ahead)[0] > yellow_first  # one step ahead: more likely first
