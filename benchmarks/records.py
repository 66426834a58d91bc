"""What a game's record costs the lab: written as the game is played, or by replaying it.

Usage (from the repository root, after ``make install``)::

    .venv/bin/python benchmarks/records.py [--game banjooli] [--games 300] [--rounds 5]
        [--bots random] [--json]

The same seeded games (``SimulationPlan`` of ``--game`` with ``--bots``), in alternating
rounds of one run, CPU time per game:

``no records``
    ``play_game`` with the lab's bots, nothing written (the reference);
``replayed``
    the same, then ``record_of(state)`` without texts, which replays the game from its
    start to write each action's notation (what the lab did before issue 27), and the JSON;
``as played``
    ``play_game(..., notation=texts)`` then ``record_of(state, actions=texts)`` and the JSON
    (what the lab does now);
``lab``
    ``play_one(plan, i, records=True)``: the lab's whole path (for random bots, each game
    in one call, ``savanna.core.playout``).

The ratios divide by ``no records`` of the same round; the medians over the rounds are
printed, with the build that ran. Every variant's records are checked equal.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable

from savanna.bench import engine_build
from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.core import record_of
from savanna.core.rng import SEQUENCE
from savanna.lab import SimulationPlan, play_one


def variants(plan: SimulationPlan) -> dict[str, Callable[[int], str]]:
    """Each variant: game index → its record (JSON text; empty without records)."""

    def bots(index: int) -> tuple[int, list[str], list]:  # type: ignore[type-arg]
        seed, seats = plan.game_seed(index), plan.seating(index)
        return seed, seats, make_bots(plan.make_game(index), [parse_bot_spec(s) for s in seats], seed)

    def none(index: int) -> str:
        seed, _, players = bots(index)
        play_game(plan.make_game(index), players, seed=seed, deciders=[])
        return ""

    def replayed(index: int) -> str:
        seed, seats, players = bots(index)
        state = play_game(plan.make_game(index), players, seed=seed, deciders=[])
        return record_of(state, seed=seed, seats=seats, chance=SEQUENCE).to_json()

    def as_played(index: int) -> str:
        seed, seats, players = bots(index)
        texts: list[str] = []
        state = play_game(plan.make_game(index), players, seed=seed, deciders=[], notation=texts)
        return record_of(state, seed=seed, seats=seats, chance=SEQUENCE, actions=texts).to_json()

    def lab(index: int) -> str:
        return str(play_one(plan, index, records=True)["record"])

    return {"no records": none, "replayed": replayed, "as played": as_played, "lab": lab}


def measure(game: str, bots: list[str], games: int, rounds: int) -> dict[str, object]:
    plan = SimulationPlan.create(game, bots=bots, games=games, seed=0)
    runs = variants(plan)
    records = {name: [f(i) for i in range(min(games, 20))] for name, f in runs.items() if name != "no records"}
    first = next(iter(records.values()))
    assert all(r == first for r in records.values()), "the variants wrote different records"
    per_game: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, function in runs.items():
            start = time.process_time()
            for index in range(games):
                function(index)
            per_game[name].append((time.process_time() - start) / games)
    ratios = {
        name: statistics.median(v / r for v, r in zip(values, per_game["no records"], strict=True))
        for name, values in per_game.items()
    }
    return {
        "build": engine_build(),
        "python": platform.python_version(),
        "game": game,
        "bots": bots,
        "games": games,
        "rounds": rounds,
        "ms_per_game": {name: round(statistics.median(v) * 1000, 3) for name, v in per_game.items()},
        "ratio_to_no_records": {name: round(v, 3) for name, v in ratios.items()},
        "replayed_over_as_played": round(
            statistics.median(
                a / b for a, b in zip(per_game["replayed"], per_game["as played"], strict=True)
            ),
            3,
        ),
        "load": [round(x, 1) for x in os.getloadavg()[:2]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="banjooli")
    parser.add_argument("--bots", default="random", help="comma-separated bot specs")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.game, [b for b in args.bots.split(",") if b], args.games, args.rounds)
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return
    print(f"{result['build']}; Python {result['python']}; load average {result['load']}")
    print(f"{args.game}, bots {args.bots}, {args.games} games x {args.rounds} alternating rounds, CPU time")
    print("| variant | ms per game | ÷ no records |")
    print("|---|---:|---:|")
    ms = result["ms_per_game"]
    ratio = result["ratio_to_no_records"]
    assert isinstance(ms, dict) and isinstance(ratio, dict)
    for name in ms:
        print(f"| {name} | {ms[name]:.3f} | {ratio[name]:.2f} |")
    print(f"replayed ÷ as played: {result['replayed_over_as_played']:.2f}")


if __name__ == "__main__":
    main()
