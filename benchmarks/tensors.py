"""The tensor interfaces' direct path: Gymnasium vector-env steps/s before and after, in one run.

Usage::

    .venv/bin/python benchmarks/tensors.py [--seconds 6] [--envs 16] [--build both] [--write]

For each registered game (default players and options) it steps
``savanna.interop.gymnasium.make_vec(game, num_envs, opponents="random")`` with random legal
actions, twice over: once as it runs (each seat's tensor read from the state by
``Game.observation_tensor_in_state``) and once through the observation (the core's default
hook, ``observation_tensor(state.observation(seat))``: what the environments did before).
The two take turns in short slices, so that a change in the machine's load falls on both;
rates are agent steps per CPU second of this process. It also times the tensor alone on
the positions those games reach (both paths, same positions). ``--build both`` runs the
interpreted build and, when ``make compile`` has built it, the compiled one, each in its own
process. ``--write`` updates the ``tensors-<build>`` section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
import types
from pathlib import Path

import numpy as np

from savanna.bench import engine_build
from savanna.core import Game, State, load_game, registered_games
from savanna.interop.gymnasium import make_vec
from savanna.native import PURE_ENV, compiled_modules

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
PATHS = ("observation", "direct")


def _through_the_observation(game: Game) -> Game:
    """``game`` with the core's default tensor hook (the observation first), as before."""
    game.observation_tensor_in_state = types.MethodType(Game.observation_tensor_in_state, game)  # type: ignore[method-assign]
    return game


def _steps(env, rng: np.random.Generator, masks: np.ndarray, seconds: float) -> tuple[int, float, np.ndarray]:
    """Step ``env`` with random legal actions for about ``seconds`` of CPU: agent steps, CPU
    seconds and the last action masks."""
    steps = 0
    start = time.process_time()
    while True:
        actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])
        _, _, _, _, infos = env.step(actions)
        masks = infos["action_mask"]
        steps += env.num_envs
        spent = time.process_time() - start
        if spent >= seconds:
            return steps, spent, masks


def vector_rates(name: str, envs: int, seconds: float, slices: int, seed: int) -> dict[str, float]:
    """Agent steps per CPU second of the vector env, each path (interleaved slices)."""
    made = {
        "direct": make_vec(load_game(name), envs, opponents="random"),
        "observation": make_vec(_through_the_observation(load_game(name)), envs, opponents="random"),
    }
    rngs = {path: np.random.default_rng(seed) for path in PATHS}
    masks = {}
    for path, env in made.items():
        _, infos = env.reset(seed=seed)
        masks[path] = infos["action_mask"]
    totals = {path: [0, 0.0] for path in PATHS}
    for _ in range(slices):
        for path in PATHS:
            steps, spent, masks[path] = _steps(made[path], rngs[path], masks[path], seconds / slices)
            totals[path][0] += steps
            totals[path][1] += spent
    for env in made.values():
        env.close()
    return {path: steps / spent for path, (steps, spent) in totals.items()}


def _positions(game: Game, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            out.append(state.clone())
            legal = state.legal_actions()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    return out


def tensor_rates(name: str, seconds: float, seed: int) -> dict[str, float]:
    """Seat tensors per CPU second on the same positions, each path (interleaved)."""
    game = load_game(name)
    positions = _positions(game, 400, seed)
    seats = list(range(game.num_players))
    calls = {
        "direct": lambda s, seat: game.observation_tensor_in_state(s, seat),
        "observation": lambda s, seat: game.observation_tensor(s.observation(seat)),
    }
    totals = {path: [0, 0.0] for path in PATHS}
    for _ in range(4):
        for path in PATHS:
            call = calls[path]
            start = time.process_time()
            while time.process_time() - start < seconds / 8:
                for state in positions:
                    for seat in seats:
                        call(state, seat)
                totals[path][0] += len(positions) * len(seats)
            totals[path][1] += time.process_time() - start
    return {path: count / spent for path, (count, spent) in totals.items()}


def section(envs: int, seconds: float, slices: int, seed: int) -> str:
    load = "{:.1f} (1 min), {:.1f} (5 min)".format(*os.getloadavg()[:2])
    lines = [
        f"Engine build: **{engine_build()}**; `make_vec(game, {envs}, opponents=\"random\")`, "
        f"random legal actions, seed {seed}; load average {load} at the start. Agent steps "
        "(one per game of the batch) per CPU second of the process, the two paths in turns "
        f"({slices} slices of each, {seconds:g} s in all per path). Tensor alone: every seat's "
        "tensor on the same 400 positions of random games.",
        "",
        "| game | vector env, through the observation (steps/s) | vector env, direct (steps/s) "
        "| ÷ through the observation | tensor alone, through the observation (/s) "
        "| tensor alone, direct (/s) | ÷ |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name in sorted(registered_games()):
        vec = vector_rates(name, envs, seconds, slices, seed)
        alone = tensor_rates(name, seconds / 2, seed)
        print(f"{name} measured", file=sys.stderr, flush=True)
        lines.append(
            f"| {name} | {vec['observation']:,.0f} | {vec['direct']:,.0f} | "
            f"**{vec['direct'] / vec['observation']:.2f}×** | {alone['observation']:,.0f} | "
            f"{alone['direct']:,.0f} | {alone['direct'] / alone['observation']:.2f}× |"
        )
    load = "{:.1f} (1 min), {:.1f} (5 min)".format(*os.getloadavg()[:2])
    lines += ["", f"Load average at the end: {load}."]
    return "\n".join(lines)


def _write(doc: Path, name: str, body: str) -> None:
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    text = doc.read_text(encoding="utf-8")
    if begin not in text or end not in text:
        raise SystemExit(f"{doc.name} has no {begin} ... {end} markers")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    doc.write_text(f"{head}{begin}\n{body}\n{end}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per path and game")
    parser.add_argument("--slices", type=int, default=6, help="turns of each path")
    parser.add_argument("--envs", type=int, default=16, help="games per vector env")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--build", choices=["both", "interpreted", "compiled", "here"], default="both")
    parser.add_argument("--write", action="store_true", help="update docs/benchmarks.md")
    parser.add_argument("--doc", type=Path, default=DOC)
    given = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(given)
    if args.build != "here":
        passed = [a for i, a in enumerate(given) if a != "--build" and (i == 0 or given[i - 1] != "--build")]
        builds = ["interpreted", "compiled"] if args.build == "both" else [args.build]
        for build in builds:
            env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
            if build == "interpreted":
                env[PURE_ENV] = "1"
            code = "import savanna.bench as b, savanna.native as n; b.engine_build(); print(len(n.compiled_modules()))"
            probe = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
            if build == "compiled" and int(probe.stdout.strip() or 0) == 0:
                print("no compiled build (make compile builds it): skipped", file=sys.stderr)
                continue
            subprocess.run([sys.executable, __file__, *passed, "--build", "here"], env=env, check=True)
        return
    engine_build()
    build = "compiled" if compiled_modules() else "interpreted"
    body = section(args.envs, args.seconds, args.slices, args.seed)
    print(f"## tensors ({build} build)\n\n{body}\n", flush=True)
    if args.write:
        _write(args.doc, f"tensors-{build}", body)


if __name__ == "__main__":
    main()
