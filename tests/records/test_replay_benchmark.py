"""benchmarks/replay.py runs end to end on a tiny budget and reports a ratio."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_replay_benchmark_measures_checked_against_rules_only() -> None:
    spec = importlib.util.spec_from_file_location("bench_replay", ROOT / "benchmarks" / "replay.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--rounds", "1", "--json"])
    assert result["records"] >= 8 and result["actions"] > 1000
    assert result["ratio"] == result["checked_seconds"] / result["rules_only_seconds"]
