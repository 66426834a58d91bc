"""Random-playout throughput of every registered game, as ratios to OpenSpiel backgammon.

Usage (from the repository root, after ``make install``)::

    .venv/bin/python benchmarks/engines.py [--seconds 8] [--write]

Each configuration is measured by :func:`savanna.bench.compare_with_reference`, which runs
our engine and OpenSpiel's C++ backgammon (driven from Python by the same loop) in
alternating slices of the same run, so the ratio stays meaningful on a noisy machine.
``--write`` replaces the generated table in ``docs/benchmarks.md`` between its markers.
"""

from __future__ import annotations

import argparse
import platform
import re
from pathlib import Path

from savanna.bench import compare_with_reference
from savanna.core import load_game, registered_games

CONFIGS: dict[str, list[dict[str, object]]] = {
    "banjooli": [
        {},
        {"special": "vortex", "berries": True},
        {"tiles": 6, "special": "lava"},
    ],
    "hyena": [
        {"rules": "four-sticks"},
        {"rules": "three-sticks"},
        {"rules": "traditional"},
    ],
}
BEGIN = "<!-- engines:begin -->"
END = "<!-- engines:end -->"


def run(seconds: float) -> str:
    rows = [
        "| game | options | actions/s | games/s | backgammon actions/s | backgammon games/s | ratio (actions) |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for name in registered_games():
        for options in CONFIGS.get(name, [{}]):
            game = load_game(name, options=options)
            result = compare_with_reference(game, seconds=seconds)
            opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            ref = "—" if result.reference_steps_per_sec is None else f"{result.reference_steps_per_sec:,.0f}"
            ref_games = "—" if result.reference_games_per_sec is None else f"{result.reference_games_per_sec:,.1f}"
            ratio = "—" if result.ratio is None else f"**{result.ratio:.2f}**"
            rows.append(
                f"| {name} ({game.num_players}p) | {opts} | {result.steps_per_sec:,.0f} | "
                f"{result.games_per_sec:,.1f} | {ref} | {ref_games} | {ratio} |"
            )
            print(rows[-1], flush=True)
    rows.append("")
    rows.append(f"Python {platform.python_version()}, {platform.machine()}, {seconds:g} s per configuration.")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="measuring time per configuration")
    parser.add_argument("--write", action="store_true", help="update docs/benchmarks.md")
    args = parser.parse_args()
    table = run(args.seconds)
    if args.write:
        path = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
        text = path.read_text(encoding="utf-8")
        text = re.sub(
            re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: f"{BEGIN}\n{table}\n{END}", text, flags=re.S
        )
        path.write_text(text, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
