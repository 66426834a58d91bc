"""CPU time of a game's review (``savanna analyse``), the working tree against a base revision.

Plays one seeded 4-player game of each mix of players of ``coach_calibration.REVIEW_MIXES``
(two per game: Banjooli, Hyena three sticks, the river race), writes their records, then
reviews every seat of each in a child process per source tree: the base revision's ``src/``
(the reference, measured in the same run) and this tree's. It prints, per game, the CPU
seconds per reviewed game of each tree (mean, 90th percentile and longest over every seat
of every game reviewed), the ratio of the means, and whether the two trees gave the same
verdicts (mistake / fine / too close) on every decision (they should, decision for
decision, when the change only makes the code faster). The trees alternate game by game
so that the machine's load falls on both alike.

Usage::

    nice -n 10 .venv/bin/python benchmarks/coach_review.py --base main
    nice -n 10 .venv/bin/python benchmarks/coach_review.py --base e7b8489 --games river-race
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.core import derive_seed, load_game, record_of

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from coach_calibration import REVIEW_MIXES  # noqa: E402
from engine_ab import extract_sources  # noqa: E402

GAMES = ("banjooli", "hyena", "river-race")

CHILD = """
import json, sys, time
sys.path.insert(0, "benchmarks")
from coach_calibration import verdicts
from savanna.coach.review import review
from savanna.core import Record
record = Record.from_json(open(sys.argv[1]).read())
out = []
for seat in range(int(sys.argv[2])):
    started = time.process_time()
    done = review(record, seat, seed=int(sys.argv[3]) + seat)
    out.append({"seat": seat, "cpu": time.process_time() - started, "verdicts": verdicts(done)})
print(json.dumps(out))
"""


def reviews(src: Path, record: Path, seats: int, seed: int) -> list[dict[str, Any]]:
    """The first ``seats`` seats of ``record`` reviewed with the sources in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, "-c", CHILD, str(record), str(seats), str(seed)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True, cwd=ROOT)
    result: list[dict[str, Any]] = json.loads(done.stdout.splitlines()[-1])
    return result


def spread(cpu: Sequence[float]) -> tuple[float, float, float]:
    """Mean, 90th percentile (inclusive) and maximum of ``cpu``."""
    values = sorted(cpu)
    p90 = statistics.quantiles(values, n=10, method="inclusive")[-1] if len(values) > 1 else values[0]
    return statistics.mean(values), p90, values[-1]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", default="main", help="the reference revision")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--seats", type=int, default=0, help="review only the first N seats of each game (0: all)"
    )
    parser.add_argument(
        "--mixes", type=int, default=2, help="games of each game reviewed: its first N mixes of players"
    )
    parser.add_argument("--json", type=Path, help="also write every review's CPU time and verdicts here")
    args = parser.parse_args()
    names = [g for g in args.games.split(",") if g]
    rows: list[dict[str, Any]] = []
    reviewed: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as directory:
        base = extract_sources(args.base, Path(directory) / "base")
        here = ROOT / "src"
        for m, (name, seats) in enumerate(REVIEW_MIXES):
            if name not in names or sum(r["game"] == name for r in reviewed if r["seat"] == 0) >= args.mixes:
                continue
            game = load_game(name)
            seed = derive_seed(args.seed, "review-game", m, 0)
            final = play_game(
                game, make_bots(game, [parse_bot_spec(s) for s in seats], seed), seed=seed
            )
            path = Path(directory) / f"{name}-{m}.json"
            path.write_text(record_of(final, seed=seed).to_json())
            print(f"  {name} ({', '.join(seats)}): reviewing ({args.base}, then this tree)", file=sys.stderr)
            seats_reviewed = args.seats or game.num_players
            before = reviews(base, path, seats_reviewed, args.seed)
            after = reviews(here, path, seats_reviewed, args.seed)
            for x, y in zip(before, after, strict=True):
                reviewed.append(
                    {
                        "game": name,
                        "players": list(seats),
                        "seat": x["seat"],
                        "before": x["cpu"],
                        "after": y["cpu"],
                        "verdicts": len(x["verdicts"]),
                        "same": sum(a == b for a, b in zip(x["verdicts"], y["verdicts"], strict=True)),
                        "before_verdicts": x["verdicts"],
                        "after_verdicts": y["verdicts"],
                    }
                )
    for name in names:
        done = [r for r in reviewed if r["game"] == name]
        if not done:
            continue
        rows.append(
            {
                "game": name,
                "reviews": len(done),
                "before": spread([r["before"] for r in done]),
                "after": spread([r["after"] for r in done]),
                "same": sum(r["same"] for r in done),
                "total": sum(r["verdicts"] for r in done),
            }
        )
    if args.json:
        args.json.write_text(json.dumps({"base": args.base, "reviews": reviewed}, indent=1) + "\n")
    print(
        f"| game | reviewed games | CPU s per reviewed game, {args.base}: mean, p90, longest"
        " | this tree: mean, p90, longest | ratio of means | same verdicts |"
    )
    print("| --- | ---: | --- | --- | ---: | ---: |")
    for r in rows:
        b, a = r["before"], r["after"]
        print(
            f"| {r['game']} | {r['reviews']} | {b[0]:.1f}, {b[1]:.1f}, {b[2]:.1f} | "
            f"{a[0]:.1f}, {a[1]:.1f}, {a[2]:.1f} | {a[0] / b[0]:.2f} | {r['same']} of {r['total']} |"
        )


if __name__ == "__main__":
    main()
