"""Regenerate the golden records (run from the repository root after a deliberate rules change):

    .venv/bin/python -m tests.records.regenerate

Each golden record is the record of ``savanna playout`` for a fixed game, options and seed
(``<name>.json``), with its trial (``trials/<name>.json``): the number of legal actions at
every step, chance outcomes included, and the final position, as Ludii stores its trials.
The suite checks that the current engine replays every record (every action drawn again
from the seed, as the record's ``"chance": "playout"`` says) through the same legal-action
counts to the same final position, and plays the same seed to the same bytes, so any change
in rules or randomness shows up as a diff to review.
"""

from __future__ import annotations

import random
from pathlib import Path

from savanna.core import Record, canonical_json, load_game, random_playout, record_of, replay_states
from savanna.core.rng import PLAYOUT

HERE = Path(__file__).resolve().parent
TRIALS = HERE / "trials"

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
    # The first release's material (the default until designer note 12): its records, kept
    # byte for byte, must still replay.
    "river-race-first-4p": ("river-race", 4, {"material": "first"}, 8),
    "river-race-first-2p-seat1": ("river-race", 2, {"first": "seat1", "material": "first"}, 9),
    "river-race-first-5p": ("river-race", 5, {"material": "first"}, 10),
}


def golden_text(name: str) -> str:
    """The record text that ``savanna playout`` gives today for golden record ``name``."""
    game_name, players, options, seed = GOLDEN[name]
    game = load_game(game_name, players=players, options=options)
    state = random_playout(game, random.Random(seed), checked=True)
    return record_of(state, seed=seed, seats=["random"] * players, chance=PLAYOUT).to_json()


def trial_text(record_text: str) -> str:
    """The trial of a record: legal-action counts before each action, and the final position."""
    counts: list[int] = []
    final = ""
    for _, _, state in replay_states(Record.from_json(record_text)):
        if not state.is_terminal():
            counts.append(len(state.legal_actions()))
        final = state.to_text()
    return canonical_json({"final_position": final, "legal_actions": counts}) + "\n"


def main() -> None:
    TRIALS.mkdir(exist_ok=True)
    for name in GOLDEN:
        text = golden_text(name)
        for path, content in ((HERE / f"{name}.json", text), (TRIALS / f"{name}.json", trial_text(text))):
            changed = not path.exists() or path.read_text(encoding="utf-8") != content
            path.write_text(content, encoding="utf-8")
            print(f"{'updated' if changed else 'same   '} {path.name}")


if __name__ == "__main__":
    main()
