"""Bot strength and ISMCTS speed, as a markdown section (``docs/benchmarks-bots.md``).

Measures, in 4-player Banjooli by default:

* the heuristic bot's win rate against three random bots;
* the ISMCTS bot's win rate against three heuristic bots;
* ISMCTS simulations per second, and where the time goes (cProfile, grouped by layer).

Games are played by the simulation lab (seats rotated, game ``i`` seeded with
``derive_seed(seed, i)``); win rates carry 95% Wilson intervals. A shared first place
counts as a win for every seat sharing it.

Usage::

    python benchmarks/bots.py --games-random 400 --games-ismcts 60 --sims 100 > docs/benchmarks-bots.md
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import random
import shlex
import sys
import time
from typing import Any

from savanna.bots import Search, make_bots, parse_bot_spec, play_game
from savanna.core import Game, load_game
from savanna.lab import SimulationPlan, run_simulation, summarise


def strength(
    game: str, players: int, bots: list[str], games: int, seed: int, workers: int
) -> dict[str, Any]:
    """Win rate of ``bots[0]`` (one seat per game) against the others, with its 95% CI."""
    plan = SimulationPlan.create(game, bots=bots, games=games, seed=seed, players=players)
    started = time.perf_counter()
    summary = summarise(plan, run_simulation(plan, workers=workers))
    row = summary["win_rates"]["by_bot"][plan.bots[0]]
    return {**row, "wall": time.perf_counter() - started, "shared": summary["shared_first_places"]}


def decision_positions(game: Game, count: int, seed: int) -> list[tuple[Any, list[int]]]:
    """``count`` (observation, legal actions) pairs with a real choice, from heuristic games."""
    found: list[tuple[Any, list[int]]] = []
    specs = [parse_bot_spec("heuristic")] * game.num_players
    index = 0
    while len(found) < count:
        final = play_game(game, make_bots(game, specs, seed + index), seed=seed + index)
        replay = game.new_initial_state()
        rng = random.Random(seed + index)
        for action in final.history:
            if (
                not replay.is_chance_node()
                and len(replay.legal_actions()) > 1
                and rng.random() < 0.1
            ):
                seat = replay.current_player()
                found.append((replay.observation(seat), replay.legal_actions()))
                if len(found) == count:
                    break
            replay.apply_unchecked(action)
        index += 1
    return found


def speed(
    game: Game, sims: int, positions: int, seed: int, rollout: str
) -> tuple[float, dict[str, float]]:
    """Simulations per second over several positions, and the share of time per layer."""
    cases = decision_positions(game, positions, seed)
    profiler = cProfile.Profile()
    total_time = 0.0
    total_sims = 0
    for k, (observation, legal) in enumerate(cases):
        search = Search(game, observation, legal, random.Random(k), rollout=rollout)
        started = time.perf_counter()
        search.run(sims=sims)
        total_time += time.perf_counter() - started
        total_sims += search.simulations
    for k, (observation, legal) in enumerate(cases[:3]):
        search = Search(game, observation, legal, random.Random(k), rollout=rollout)
        profiler.runcall(search.run, sims=sims)
    stats = pstats.Stats(profiler)
    layers: dict[str, float] = {}
    for (filename, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        path = filename.replace(os.sep, "/")
        if "/savanna/games/" in path:
            layer = "game rules engine (savanna.games)"
        elif "/savanna/core/" in path:
            layer = "core protocol (savanna.core)"
        elif "/savanna/bots/" in path:
            layer = "search (savanna.bots)"
        elif path.endswith("random.py"):
            layer = "random draws (random)"
        else:
            layer = "other (builtins, stdlib)"
        layers[layer] = layers.get(layer, 0.0) + tottime
    spent = sum(layers.values()) or 1.0
    return total_sims / total_time, {
        k: v / spent for k, v in sorted(layers.items(), key=lambda kv: -kv[1])
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="banjooli")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--games-random", type=int, default=400, help="games: heuristic vs three random"
    )
    parser.add_argument(
        "--games-ismcts", type=int, default=60, help="games: ismcts vs three heuristic"
    )
    parser.add_argument("--sims", type=int, default=100, help="ISMCTS simulations per decision")
    parser.add_argument("--rollout", default="random", choices=["random", "heuristic"])
    parser.add_argument("--speed-positions", type=int, default=10)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    command = shlex.join(
        ["python", "benchmarks/bots.py", *(argv if argv is not None else sys.argv[1:])]
    )

    ismcts = f"ismcts:rollout={args.rollout}:sims={args.sims}"
    others = args.players - 1
    h = strength(
        args.game,
        args.players,
        ["heuristic", *["random"] * others],
        args.games_random,
        args.seed,
        args.workers,
    )
    m = strength(
        args.game,
        args.players,
        [ismcts, *["heuristic"] * others],
        args.games_ismcts,
        args.seed,
        args.workers,
    )
    game = load_game(args.game, players=args.players)
    rate, layers = speed(game, args.sims, args.speed_positions, args.seed, args.rollout)

    def pct(row: dict[str, Any]) -> str:
        return f"{row['rate']:.1%} [{row['ci95'][0]:.1%}, {row['ci95'][1]:.1%}]"

    out = [
        "## Bots",
        "",
        f"{args.players}-player {args.game}; seats rotated; game i seeded with derive_seed({args.seed}, i); "
        "95% Wilson intervals; a shared first place counts as a win for every seat sharing it. "
        f"Machine: {os.cpu_count()} cores, Python {platform.python_version()}, {args.workers} workers.",
        "",
        "```",
        command,
        "```",
        "",
        "| match-up | games | wins | win rate [95% CI] | goal | wall time |",
        "| --- | ---: | ---: | --- | --- | ---: |",
        f"| heuristic vs 3 random | {h['trials']} | {h['wins']} | {pct(h)} | >= 40% | {h['wall']:.0f} s |",
        f"| `{ismcts}` vs 3 heuristic | {m['trials']} | {m['wins']} | {pct(m)} | >= 40% | {m['wall']:.0f} s |",
        "",
        f"Uniform chance of a seat winning would be {1 / args.players:.0%} (more with shared first places: "
        f"{h['shared']} and {m['shared']} games had one).",
        "",
        "| ISMCTS speed | value | goal |",
        "| --- | ---: | --- |",
        f"| simulations per second ({args.rollout} rollouts, {args.speed_positions} positions x {args.sims} sims, "
        f"one core) | {rate:,.0f} | >= 2,000 |",
        "",
        "Where the search time goes (cProfile, own time by layer):",
        "",
        "| layer | share |",
        "| --- | ---: |",
        *(f"| {layer} | {share:.0%} |" for layer, share in layers.items()),
        "",
    ]
    print("\n".join(out))


if __name__ == "__main__":
    main()
