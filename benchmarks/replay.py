"""What checking chance against the seed costs `savanna replay`: checked vs rules-only replay.

Usage (from the repository root, after ``make install``)::

    .venv/bin/python benchmarks/replay.py [--rounds 20]

The golden records (``tests/records/*.json``, every one ``"chance": "playout"``) are
replayed as they are (every action drawn again from the seed and compared) and with their
``chance`` field removed (the rules alone), in alternating rounds of the same run; the
figure is the ratio of the best round of each, so machine noise hits both alike.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from savanna.core import Record, replay

ROOT = Path(__file__).resolve().parents[1]


def _round_seconds(records: list[Record]) -> float:
    start = time.perf_counter()
    for record in records:
        replay(record)
    return time.perf_counter() - start


def measure(rounds: int) -> dict[str, float]:
    """Best times of ``rounds`` alternating rounds, and their ratio (checked / rules only)."""
    checked = [Record.from_json(p.read_text()) for p in sorted((ROOT / "tests/records").glob("*.json"))]
    rules_only = [r.model_copy(update={"chance": None}) for r in checked]
    best_checked = best_rules = float("inf")
    for _ in range(rounds):
        best_rules = min(best_rules, _round_seconds(rules_only))
        best_checked = min(best_checked, _round_seconds(checked))
    actions = sum(len(r.actions) for r in checked)
    return {
        "records": len(checked),
        "actions": actions,
        "rules_only_seconds": best_rules,
        "checked_seconds": best_checked,
        "ratio": best_checked / best_rules,
    }


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="alternating rounds (default 20)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = measure(args.rounds)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(
            f"{result['records']:.0f} golden records, {result['actions']:,.0f} actions: rules only "
            f"{result['rules_only_seconds'] * 1000:.1f} ms, checked against the seed "
            f"{result['checked_seconds'] * 1000:.1f} ms, ratio {result['ratio']:.2f} "
            f"(Python {platform.python_version()}, best of {args.rounds} rounds)"
        )
    return result


if __name__ == "__main__":
    main()
