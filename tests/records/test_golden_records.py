"""Golden records: stored games that the current engine must replay and reproduce exactly.

Each record comes with its trial: the legal-action count before every action and the final
position (see ``regenerate.py``). Replaying must meet the same counts and end in the same
position, and the same seed must give the same bytes; a stored file that belongs to no
golden record fails too.
"""

from __future__ import annotations

import json

import pytest

from savanna.core import Record, load_game, replay, replay_states
from tests.records.regenerate import GOLDEN, HERE, TRIALS, golden_text, trial_text


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays_and_same_seed_gives_same_bytes(name: str) -> None:
    stored = (HERE / f"{name}.json").read_text(encoding="utf-8")
    record = Record.from_json(stored)
    final = replay(record)
    assert final.is_terminal()
    assert golden_text(name) == stored, "regenerate with python -m tests.records.regenerate and review"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_meets_its_trial_step_by_step(name: str) -> None:
    stored = (HERE / f"{name}.json").read_text(encoding="utf-8")
    trial = json.loads((TRIALS / f"{name}.json").read_text(encoding="utf-8"))
    counts = trial["legal_actions"]
    assert len(counts) == len(Record.from_json(stored).actions) > 0
    state = None
    for index, _, state in replay_states(Record.from_json(stored)):
        if not state.is_terminal():
            assert len(state.legal_actions()) == counts[index + 1], f"step {index + 1}"
    assert state is not None and state.to_text() == trial["final_position"]
    assert trial_text(stored) == (TRIALS / f"{name}.json").read_text(encoding="utf-8")


def test_no_stored_record_or_trial_is_an_orphan() -> None:
    expected = {f"{name}.json" for name in GOLDEN}
    assert {p.name for p in HERE.glob("*.json")} == expected
    assert {p.name for p in TRIALS.glob("*.json")} == expected


def test_a_record_that_does_not_name_an_option_replays_with_the_value_it_meant_then() -> None:
    """A river race record written before the ``material`` option existed (the first
    material was then the game) replays as it was played, though the default is now the
    second material; a fresh game without the option plays the second."""
    stored = json.loads((HERE / "river-race-first-4p.json").read_text(encoding="utf-8"))
    assert stored["options"].pop("material") == "first"
    older = Record.from_json(json.dumps(stored))
    final = replay(older)
    assert final.game.options["material"] == "first"
    assert final.to_text() == json.loads((TRIALS / "river-race-first-4p.json").read_text(encoding="utf-8"))["final_position"]
    assert load_game("river-race").options["material"] == "second"
