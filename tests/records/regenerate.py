"""Regenerate the golden records (run from the repository root after a deliberate rules change):

    .venv/bin/python -m tests.records.regenerate

Each golden record is the record of ``savanna playout`` for a fixed game, options and seed.
The suite checks that the current engine replays every one (every action drawn again from
the seed, as the record's ``"chance": "playout"`` says) and plays the same seed to the same
bytes, so any change in rules or randomness shows up as a diff to review.
"""

from __future__ import annotations

import random
from pathlib import Path

from savanna.core import load_game, random_playout, record_of
from savanna.core.rng import PLAYOUT

HERE = Path(__file__).resolve().parent

GOLDEN: dict[str, tuple[str, int, dict[str, object], int]] = {
    "banjooli-default": ("banjooli", 4, {}, 1),
    "banjooli-2p-6tiles-lava": ("banjooli", 2, {"tiles": 6, "special": "lava"}, 2),
    "banjooli-4p-vortex-berries": ("banjooli", 4, {"special": "vortex", "berries": True}, 11),
    "banjooli-5p-crocodiles-berries": ("banjooli", 5, {"special": "crocodiles", "berries": True}, 3),
    "banjooli-3p-ravine-lion": ("banjooli", 3, {"special": "ravine", "lion": True}, 4),
    "hyena-four-sticks": ("hyena", 4, {"rules": "four-sticks"}, 5),
    "hyena-three-sticks-80": ("hyena", 6, {"rules": "three-sticks", "length": 80}, 6),
    "hyena-traditional-30": ("hyena", 2, {"rules": "traditional", "length": 30}, 7),
    "river-race-default": ("river-race", 4, {}, 8),
    "river-race-2p-seat1": ("river-race", 2, {"first": "seat1"}, 9),
    "river-race-5p": ("river-race", 5, {}, 10),
}


def golden_text(name: str) -> str:
    """The record text that ``savanna playout`` gives today for golden record ``name``."""
    game_name, players, options, seed = GOLDEN[name]
    game = load_game(game_name, players=players, options=options)
    state = random_playout(game, random.Random(seed), checked=True)
    return record_of(state, seed=seed, seats=["random"] * players, chance=PLAYOUT).to_json()


def main() -> None:
    for name in GOLDEN:
        path = HERE / f"{name}.json"
        text = golden_text(name)
        changed = not path.exists() or path.read_text(encoding="utf-8") != text
        path.write_text(text, encoding="utf-8")
        print(f"{'updated' if changed else 'same   '} {path.name}")


if __name__ == "__main__":
    main()
