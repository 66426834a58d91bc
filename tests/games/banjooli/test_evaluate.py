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

CARD_BYR_P, CARD_RGP_Y = 0, 2


@pytest.mark.parametrize("options", [{}, {"berries": True, "special": "vortex"}, {"tiles": 6, "special": "lava"}])
def test_evaluate_equals_the_real_scores_at_the_end(options: dict) -> None:
    g = game(**options)
    for seed in range(6):
        state = random_playout(g, random.Random(seed))
        assert g.evaluate(state) == state.scores()


def test_evaluate_ranks_the_card_matching_the_leaders_first() -> None:
    g = game(players=2)
    s = position(g, at={"B": sp(14, 0), "Y": sp(13, 1), "R": sp(12, 2), "G": sp(6, 3), "P": 4},
                 cards=[CARD_BYR_P, CARD_RGP_Y])
    mine, theirs = g.evaluate(s)
    assert mine == 24.0  # B Y R projected 1st to 3rd, purple (in its nest) last: 12 x2
    assert theirs == 2.0  # R projected 3rd, not 1st: misplaced
    assert mine > theirs


def test_evaluate_counts_a_scared_ostrich_further_back() -> None:
    g = game(players=2)
    at = {"B": sp(14, 0), "Y": sp(13, 1), "R": sp(13, 2), "G": sp(6, 3), "P": 4}
    calm = position(g, at=at, cards=[CARD_BYR_P, CARD_RGP_Y])
    fright = position(g, at=at, scared="Y", cards=[CARD_BYR_P, CARD_RGP_Y])
    assert g.evaluate(calm)[0] > g.evaluate(fright)[0]  # yellow no longer projected 2nd


def test_evaluate_keeps_arrived_order_and_oor_and_stays_in_bounds() -> None:
    g = game(players=2, berries=True)
    s = position(g, arrived="RY", at={"B": sp(14, 0), "G": sp(2, 0), "P": sp(2, 4)},
                 cards=[CARD_BYR_P, CARD_RGP_Y], picked="c1")
    low, high = g.score_bounds
    values = g.evaluate(s)
    # Projection R Y B, green and purple tie for last: card 1 = 2 + 4 + 2 = 8; card 3 = 5, Oor + 2.
    assert values == [8.0, 5.0 + 2.0]
    assert all(low <= v <= high for v in values)
