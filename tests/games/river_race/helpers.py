"""Shared helpers for the river race tests: positions from a few fields, checked moves,
refusals by rule id."""

from __future__ import annotations

from typing import Any

import pytest

from savanna.core.errors import IllegalActionError
from savanna.games.river_race import RiverRaceGame, RiverRaceState
from savanna.games.river_race.components import load_material

ALL_CARDS = ",".join(str(c) for c in range(1, 13))


def game(players: int = 2, **options: Any) -> RiverRaceGame:
    """A configured game (``first=seat1`` unless told otherwise, so seat 1 plays first).

    The rule tests pin their numbers (prices, coins, start gold) on the first material
    (``material=first``) unless told otherwise: its rules are the default game's but for
    ``sacrifice.withdraw`` and the council's rent, and its small numbers keep the
    positions short. The default game's own numbers are pinned where they are set
    (``test_data_and_render.py``, ``test_sacrifice_withdraw.py``, ``test_council_rent.py``)."""
    return RiverRaceGame(players=players, options={"first": "seat1", "material": "first", **options})


def position(players: int = 2, *, options: dict[str, Any] | None = None, **fields: str) -> RiverRaceState:
    """The position whose fields are the defaults (a fresh game, seat 1 to roll) overridden
    by ``fields`` (position notation values: ``pawns="a3,camp,camp/camp,camp,camp"``)."""
    values = {
        "first": "1",
        "turn": "1",
        "turns": "1",
        "phase": "roll",
        "dice": "-",
        "ones": "0",
        "gold": ",".join(["5"] * players),
        "rings": "0",
        "persecutor": str(load_material().persecutor.start[players]),
        "bag": "6,6,6,6,6,6",
        "springs": "0,0",
        "pawns": "/".join(["camp,camp,camp"] * players),
        "cards": "-",
        "pools": ALL_CARDS,
        "discard": "-",
        "asked": "-",
        "deals": "-",
        "offer": "-",
        "counter": "-",
        "end": "-",
    }
    values.update(fields)
    text = f"river-race/{players} " + " ".join(f"{k}={v}" for k, v in values.items())
    return game(players, **(options or {})).parse_position(text)


def play(state: RiverRaceState, *moves: str) -> RiverRaceState:
    """Apply each action's notation through the checked path; returns the state."""
    for move in moves:
        state.apply_text(move)
    return state


def field(state: RiverRaceState, name: str) -> str:
    """One field of the state's position notation."""
    for word in state.to_text().split(" "):
        key, _, value = word.partition("=")
        if key == name:
            return value
    raise KeyError(name)


def refused(state: RiverRaceState, move: str) -> str:
    """The rule id that refuses ``move`` in ``state`` (the state must be unchanged)."""
    before = state.to_text()
    with pytest.raises(IllegalActionError) as info:
        play(state, move)
    assert state.to_text() == before
    assert info.value.rule.en and info.value.rule.fr
    assert info.value.rule.key in str(info.value) and info.value.rule.key in info.value.text("fr")
    return info.value.rule.id
