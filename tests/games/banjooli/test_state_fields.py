"""A position's fields are declared once: ``clone()`` copies every one of them.

The state keeps its fields in ``__slots__`` built from the declared groups; a field set
anywhere else would land in the instance dictionary and escape the copy, so these tests
play whole games (berries, lion, special tiles) and look.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.games.banjooli.helpers import game

from savanna.core import random_playout, sample_action
from savanna.games.banjooli import BanjooliState

CONFIGS = [{"berries": True, "special": "vortex"}, {"lion": True, "special": "lava"}, {"special": "crocodiles"}]


def _positions(config: dict[str, Any], seed: int) -> list[BanjooliState]:
    g = game(**config)
    rng = random.Random(seed)
    state = g.new_initial_state()
    seen = []
    while not state.is_terminal():
        state.apply(sample_action(state, rng))
        if len(state.history) % 37 == 0:
            seen.append(state.clone())
    return [*seen, state]


@pytest.mark.parametrize("config", CONFIGS)
def test_no_field_escapes_the_declared_slots(config: dict[str, object]) -> None:
    for state in _positions(config, 3):
        # Only the core's two fields (a compiled build keeps them in its own slots).
        assert set(getattr(state, "__dict__", {})) <= {"game", "history"}


@pytest.mark.parametrize("config", CONFIGS)
def test_clone_copies_every_declared_field_and_shares_no_mutable_one(config: dict[str, object]) -> None:
    for state in _positions(config, 4):
        state.legal_actions()  # fills the feasibility memo
        copy = state.clone()
        assert copy.memo is None and copy.history == state.history
        for name in BanjooliState.__slots__:
            if name == "memo":
                continue
            mine, theirs = getattr(state, name), getattr(copy, name)
            assert mine == theirs, name
            if isinstance(mine, list | dict | set):
                assert mine is not theirs, name
        assert all(a is not b for a, b in zip(state.peeks, copy.peeks, strict=True))


def test_a_clone_plays_on_alone() -> None:
    g = game(berries=True)
    state = random_playout(g, random.Random(8))
    before = state.history[:200]
    replayed = g.new_initial_state()
    for action in before:
        replayed.apply(action)
    copy = replayed.clone()
    text = replayed.to_text()
    rng = random.Random(1)
    while not copy.is_terminal():
        copy.apply(sample_action(copy, rng))
    assert replayed.to_text() == text
