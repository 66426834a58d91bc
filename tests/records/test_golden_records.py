"""Golden records: stored games that the current engine must replay and reproduce exactly."""

from __future__ import annotations

import pytest

from savanna.core import Record, replay
from tests.records.regenerate import GOLDEN, HERE, golden_text


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays_and_same_seed_gives_same_bytes(name: str) -> None:
    stored = (HERE / f"{name}.json").read_text(encoding="utf-8")
    record = Record.from_json(stored)
    final = replay(record)
    assert final.is_terminal()
    assert golden_text(name) == stored, "regenerate with python -m tests.records.regenerate and review"
