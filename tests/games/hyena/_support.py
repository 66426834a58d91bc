"""Shared helpers for the Hyena tests: games, positions from notation, step tables."""

from __future__ import annotations

import pytest

from savanna.core.errors import IllegalActionError
from savanna.games.hyena import HyenaGame, HyenaState


def hyena(rules: str, players: int = 2, length: int = 30, first: str = "draw") -> HyenaGame:
    """A configured game (``first="seat1"``: seat 0 starts, no draw)."""
    return HyenaGame(players=players, options={"rules": rules, "length": length, "first": first})


def position(rules: str, text: str, players: int = 2, length: int = 30) -> HyenaState:
    """The state written ``text`` (only the part after ``rules/length``)."""
    return hyena(rules, players, length).parse_position(f"{rules}/{length} {text}")


def play(state: HyenaState, *moves: str) -> HyenaState:
    """Apply each move's notation through the checked path; returns the state."""
    for move in moves:
        state.apply_text(move)
    return state


def body(state: HyenaState) -> str:
    """The position text without its ``rules/length`` and ``steps`` fields."""
    words = state.to_text().split(" ")
    return " ".join(w for w in words[1:] if not w.startswith("steps="))


def refused(state: HyenaState, move: str) -> str:
    """The rule id that refuses ``move`` in ``state`` (the state must be unchanged)."""
    before = state.to_text()
    with pytest.raises(IllegalActionError) as info:
        play(state, move)
    assert state.to_text() == before
    assert info.value.rule.en and info.value.rule.fr
    return info.value.rule.id
