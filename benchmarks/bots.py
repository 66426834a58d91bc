"""Bot strength and ISMCTS speed, as the ``## Bots`` section of ``docs/benchmarks.md``.

Measures, in 4-player Banjooli by default:

* the heuristic bot's win rate against three random bots;
* the ISMCTS bot's win rate against three heuristic bots;
* ISMCTS simulations per second with the rollout cut by the game's evaluation (the
  default ``depth``) and with full rollouts (``depth=full``), for each game of
  ``--speed-games``, each as a ratio to random full playouts per second of the same game
  measured in alternating slices of the same run (absolute times drift on a shared
  machine; the ratio holds);
* where the search time goes (cProfile, grouped by layer).

Games are played by the simulation lab (seats rotated, game ``i`` seeded with
``derive_seed(seed, i)``); win rates carry 95% Wilson intervals. A shared first place
counts as a win for every seat sharing it.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bots.py --games-random 200 --games-ismcts 200 --ismcts ismcts:sims=300 --write

``--write`` replaces the generated part of ``docs/benchmarks.md`` between its ``bots``
markers (the rest of the file is left alone); without it the section is printed.
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
from pathlib import Path
from typing import Any

from savanna.bots import Search, make_bots, parse_bot_spec, play_game
from savanna.bots.ismcts import ISMCTSConfig, resolve_depth
from savanna.core import CHANCE, TERMINAL, Game, Observation, load_game
from savanna.lab import SimulationPlan, run_simulation, summarise

BEGIN = "<!-- bots:begin -->"
END = "<!-- bots:end -->"
DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def strength(
    game: str, players: int, bots: list[str], games: int, seed: int, workers: int
) -> dict[str, Any]:
    """Win rate of ``bots[0]`` (one seat per game) against the others, with its 95% CI."""
    plan = SimulationPlan.create(game, bots=bots, games=games, seed=seed, players=players)
    started = time.perf_counter()
    summary = summarise(plan, run_simulation(plan, workers=workers))
    row = summary["win_rates"]["by_bot"][plan.bots[0]]
    return {**row, "wall": time.perf_counter() - started, "shared": summary["shared_first_places"]}


def decision_positions(game: Game, count: int, seed: int) -> list[tuple[Observation, list[int]]]:
    """``count`` (observation, legal actions) pairs with a real choice, from heuristic games."""
    found: list[tuple[Observation, list[int]]] = []
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


def random_playouts(game: Game, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Random full playouts from the initial state for about ``seconds``: (count, time)."""
    started = time.perf_counter()
    done = 0
    while True:
        state = game.new_initial_state()
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply_unchecked(legal[rng.randrange(len(legal))])
        done += 1
        spent = time.perf_counter() - started
        if spent >= seconds:
            return done, spent


def search_speed(
    game: Game,
    cases: list[tuple[Observation, list[int]]],
    config: ISMCTSConfig,
    sims: int,
) -> tuple[int, float, int]:
    """Run one search per case: (simulations, seconds, evaluations)."""
    total_sims = total_evals = 0
    spent = 0.0
    for k, (observation, legal) in enumerate(cases):
        search = _search(game, observation, legal, random.Random(k), config)
        started = time.perf_counter()
        search.run(sims=sims)
        spent += time.perf_counter() - started
        total_sims += search.simulations
        total_evals += search.evaluations
    return total_sims, spent, total_evals


def _search(
    game: Game, observation: Observation, legal: list[int], rng: random.Random, config: ISMCTSConfig
) -> Search:
    return Search(
        game,
        observation,
        legal,
        rng,
        c=config.c,
        rollout=config.rollout,
        prior=config.prior,
        depth=resolve_depth(config.depth),
        widen=config.widen,
        pool=config.pool,
        reward=config.reward,
    )


def speed_rows(
    game: Game, spec: str, sims: int, positions: int, seed: int, rounds: int, reference_seconds: float = 2.0
) -> list[dict[str, Any]]:
    """Simulations/s of ``spec`` with its depth and with ``depth=full``, as ratios to random
    playouts/s; the three measures alternate in ``rounds`` slices of the same run."""
    cases = decision_positions(game, positions, seed)
    settings = parse_bot_spec(spec).settings
    configs = {
        "cut": ISMCTSConfig(**{**settings, "depth": settings.get("depth")}),
        "full": ISMCTSConfig(**{**settings, "depth": "full"}),
    }
    sims_done = dict.fromkeys(configs, 0)
    evaluations = dict.fromkeys(configs, 0)
    seconds = dict.fromkeys(configs, 0.0)
    playouts, playout_time = 0, 0.0
    rng = random.Random(seed)
    for _ in range(rounds):
        for name, config in configs.items():
            done, spent, evals = search_speed(game, cases, config, sims)
            sims_done[name] += done
            seconds[name] += spent
            evaluations[name] += evals
        done, spent = random_playouts(game, reference_seconds, rng)
        playouts += done
        playout_time += spent
    reference = playouts / playout_time
    rows = []
    for name in configs:
        done, evals = sims_done[name], evaluations[name]
        rate = done / seconds[name]
        rows.append(
            {
                "game": game.name,
                "rollouts": name,
                "depth": resolve_depth(configs[name].depth) if evals else None,
                "evaluated": evals / done if done else 0.0,
                "rate": rate,
                "reference": reference,
                "ratio": rate / reference,
            }
        )
    return rows


def profile_layers(
    game: Game, spec: str, sims: int, positions: int, seed: int
) -> dict[str, float]:
    """Share of the search's own time per layer (cProfile), for ``spec`` as given."""
    cases = decision_positions(game, positions, seed)
    config = ISMCTSConfig(**parse_bot_spec(spec).settings)
    profiler = cProfile.Profile()
    for k, (observation, legal) in enumerate(cases):
        search = _search(game, observation, legal, random.Random(k), config)
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
        elif path.endswith("random.py") or "_random" in path:
            layer = "random draws (random)"
        else:
            layer = "other (builtins, stdlib)"
        layers[layer] = layers.get(layer, 0.0) + tottime
    spent = sum(layers.values()) or 1.0
    return {k: v / spent for k, v in sorted(layers.items(), key=lambda kv: -kv[1])}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="banjooli")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games-random", type=int, default=200, help="games: heuristic vs three random")
    parser.add_argument("--games-ismcts", type=int, default=200, help="games: ismcts vs three heuristic")
    parser.add_argument("--ismcts", default="ismcts:sims=300", help="the ISMCTS bot spec measured")
    parser.add_argument("--speed-games", default="banjooli,hyena", help="games whose search speed is measured")
    parser.add_argument("--speed-sims", type=int, default=200, help="simulations per measured search")
    parser.add_argument("--speed-positions", type=int, default=6)
    parser.add_argument("--speed-rounds", type=int, default=3, help="alternating measuring slices")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--write", action="store_true", help="update docs/benchmarks.md")
    parser.add_argument("--doc", type=Path, default=DOC, help="the page --write updates")
    args = parser.parse_args(argv)
    given = argv if argv is not None else sys.argv[1:]
    command = shlex.join([".venv/bin/python", "benchmarks/bots.py", *given])
    spec = str(parse_bot_spec(args.ismcts))

    others = args.players - 1
    h = strength(args.game, args.players, ["heuristic", *["random"] * others], args.games_random, args.seed, args.workers)
    print(f"heuristic vs random: {h['rate']:.1%} over {h['trials']} games", file=sys.stderr, flush=True)
    m = strength(args.game, args.players, [spec, *["heuristic"] * others], args.games_ismcts, args.seed, args.workers)
    print(f"{spec} vs heuristic: {m['rate']:.1%} over {m['trials']} games", file=sys.stderr, flush=True)
    speeds: list[dict[str, Any]] = []
    for name in args.speed_games.split(","):
        game = load_game(name, players=args.players)
        speeds += speed_rows(game, spec, args.speed_sims, args.speed_positions, args.seed, args.speed_rounds)
        print(f"speed of {name} measured", file=sys.stderr, flush=True)
    main_game = load_game(args.game, players=args.players)
    layers = profile_layers(main_game, spec, args.speed_sims, min(3, args.speed_positions), args.seed)

    def pct(row: dict[str, Any]) -> str:
        return f"{row['rate']:.1%} [{row['ci95'][0]:.1%}, {row['ci95'][1]:.1%}]"

    def rollouts(row: dict[str, Any]) -> str:
        if row["rollouts"] == "full":
            return "full (`depth=full`)"
        if row["depth"] is None:
            return "default depth: no evaluation, so full"
        return f"cut at {row['depth']} actions, then `evaluate`"

    out = [
        BEGIN,
        "",
        f"{args.players}-player games; seats rotated; game i seeded with derive_seed({args.seed}, i); "
        "95% Wilson intervals; a shared first place counts as a win for every seat sharing it. "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, {args.workers} workers.",
        "",
        "```sh",
        command,
        "```",
        "",
        f"| {args.game} match-up | games | wins | win rate [95% CI] | goal | wall time |",
        "| --- | ---: | ---: | --- | --- | ---: |",
        f"| heuristic vs {others} random | {h['trials']} | {h['wins']} | {pct(h)} | >= 40% | {h['wall']:.0f} s |",
        f"| `{spec}` vs {others} heuristic | {m['trials']} | {m['wins']} | {pct(m)} | >= 40% | {m['wall']:.0f} s |",
        "",
        f"A uniform share would be {1 / args.players:.0%} (more with shared first places: "
        f"{h['shared']} and {m['shared']} games had one).",
        "",
        f"ISMCTS speed: `{spec}` settings, {args.speed_positions} positions from heuristic games x "
        f"{args.speed_sims} simulations, one core. Reference: random full playouts of the same game "
        f"from its start, measured in {args.speed_rounds} slices alternating with the searches.",
        "",
        "| game | rollouts | simulations/s | random playouts/s | ratio | goal (Banjooli) |",
        "| --- | --- | ---: | ---: | ---: | --- |",
        *(
            f"| {r['game']} | {rollouts(r)} | {r['rate']:,.0f} | {r['reference']:,.1f} | "
            f"**{r['ratio']:.1f}** | >= 2,000/s |"
            for r in speeds
        ),
        "",
        f"Where the search time goes ({args.game}, `{spec}`; cProfile, own time by layer):",
        "",
        "| layer | share |",
        "| --- | ---: |",
        *(f"| {layer} | {share:.0%} |" for layer, share in layers.items()),
        "",
        END,
    ]
    section = "\n".join(out)
    if args.write:
        text = args.doc.read_text(encoding="utf-8")
        start, stop = text.index(BEGIN), text.index(END) + len(END)
        args.doc.write_text(text[:start] + section + text[stop:], encoding="utf-8")
    else:
        print(section)


if __name__ == "__main__":
    main()
