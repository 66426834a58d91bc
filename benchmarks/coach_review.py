"""CPU time of a game's review (``savanna analyse``), the working tree against a base revision.

Plays one seeded 4-player game of each game with a coach (the first mix of players of
``coach_calibration.REVIEW_MIXES`` for that game), writes their records, then reviews every
seat of each in a child process per source tree: the base revision's ``src/`` (the
reference, measured in the same run) and this tree's. It prints, per game, the CPU seconds
per reviewed game of each tree, their ratio, and whether the two trees gave the same
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
    args = parser.parse_args()
    names = [g for g in args.games.split(",") if g]
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as directory:
        base = extract_sources(args.base, Path(directory) / "base")
        here = ROOT / "src"
        for m, (name, seats) in enumerate(REVIEW_MIXES):
            if name not in names or any(r["game"] == name for r in rows):
                continue
            game = load_game(name)
            seed = derive_seed(args.seed, "review-game", m, 0)
            final = play_game(
                game, make_bots(game, [parse_bot_spec(s) for s in seats], seed), seed=seed
            )
            path = Path(directory) / f"{name}.json"
            path.write_text(record_of(final, seed=seed).to_json())
            print(f"  {name}: reviewing ({args.base}, then this tree)", file=sys.stderr)
            seats_reviewed = args.seats or game.num_players
            before = reviews(base, path, seats_reviewed, args.seed)
            after = reviews(here, path, seats_reviewed, args.seed)
            same = sum(
                a == b
                for x, y in zip(before, after, strict=True)
                for a, b in zip(x["verdicts"], y["verdicts"], strict=True)
            )
            total = sum(len(x["verdicts"]) for x in before)
            cpu_before = statistics.mean(float(x["cpu"]) for x in before)
            cpu_after = statistics.mean(float(x["cpu"]) for x in after)
            rows.append(
                {
                    "game": name,
                    "seats": ", ".join(seats),
                    "before": cpu_before,
                    "before_max": max(float(x["cpu"]) for x in before),
                    "after": cpu_after,
                    "after_max": max(float(x["cpu"]) for x in after),
                    "same": same,
                    "total": total,
                }
            )
    print(
        f"| game | players | CPU s per reviewed game, {args.base}: mean, longest | this tree: mean, longest"
        " | ratio | same verdicts |"
    )
    print("| --- | --- | --- | --- | ---: | ---: |")
    for r in rows:
        print(
            f"| {r['game']} | `{r['seats']}` | {r['before']:.1f}, {r['before_max']:.1f} | "
            f"{r['after']:.1f}, {r['after_max']:.1f} | {r['after'] / r['before']:.2f} | {r['same']} of {r['total']} |"
        )


if __name__ == "__main__":
    main()
