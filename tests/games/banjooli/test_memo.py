"""The feasibility memo kept across a movement never changes a legal action.

A state rebuilt from its notation starts with no memo; along random games in every kind of
configuration (special tiles, berries, lion) it must offer exactly the same actions as the
state that carried its memo from the decision through the steps (rule
``move.full_movement``: the offered moves and steps are those that spend every point).
"""

from __future__ import annotations

import random

import pytest
from tests.games.banjooli.helpers import game

CONFIGS = [
    {},
    {"special": "vortex", "berries": True},
    {"special": "crocodiles", "berries": True, "players": 5},
    {"special": "lava", "tiles": 6, "players": 2},
    {"special": "ravine", "lion": True, "players": 3},
]


@pytest.mark.parametrize("config", CONFIGS)
def test_move_full_movement_memo_matches_a_fresh_state(config: dict) -> None:
    options = dict(config)
    g = game(players=int(options.pop("players", 4)), **options)
    rng = random.Random(5)
    checked = 0
    for _ in range(4):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if state.phase_name in ("decide", "step", "frenzy"):
                assert g.parse_position(state.to_text()).legal_actions() == legal, state.to_text()
                checked += 1
            state.apply_unchecked(legal[rng.randrange(len(legal))])
    assert checked > 100
