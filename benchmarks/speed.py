"""Issue 27's four figures and their references, measured in one run.

Usage (from the repository root, after ``make install``)::

    .venv/bin/python benchmarks/speed.py [--only reference,lab,vector,search,simulate]
        [--base REVISION] [--write]

Sections, each printed as a Markdown table (``--write`` puts them between the
``<!-- speed-<section>:begin -->`` markers of ``docs/benchmarks.md``):

``reference``
    OpenSpiel's C++ ``pig`` played *entirely in C++*: random rollouts inside ``MCTSBot``'s
    ``RandomRolloutEvaluator`` (one step of two simulations, each evaluated by many
    rollouts), actions per CPU second on one core (the rollouts' mean length is measured by
    the Python loop in the same run). The anchor of the lab's per-action figures.
``lab``
    ``run_simulation`` (what ``savanna simulate`` runs between its start and its summary)
    of Banjooli with random bots, without records, on 1 and 2 workers: actions per
    wall-clock second, worker start included; ratio to pig in C++ on one core.
``vector``
    The Gymnasium vector environment ``make_vec("banjooli", E, opponents="random")`` stepped
    by a vectorised random legal policy (numpy, counted in the time: a training loop pays
    it too), in one process and in two processes at once (one per core): agent steps per
    wall-clock second of the two together.
``search``
    ISMCTS with full random rollouts from positions of heuristic games against OpenSpiel's
    C++ ``MCTSBot`` from backgammon positions, at equal simulations (the search section of
    ``benchmarks/engines.py``).
``simulate``
    The whole command ``savanna simulate banjooli --bots random --games 10000 --workers 2``
    (records written: ``games.jsonl``), CPU time of the command and its workers, this tree
    against ``--base REVISION`` (its ``src/`` extracted with ``git archive`` and run from
    there, compiled as well when this tree runs the compiled build), in alternating rounds.

Every section prints the load average before and after: the machine is shared.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from engines import _load, _write, search_section  # noqa: E402

from savanna.bench import engine_build  # noqa: E402
from savanna.native import compiled_modules  # noqa: E402

DOC = ROOT / "docs" / "benchmarks.md"
SECTIONS = ("reference", "lab", "vector", "search", "simulate")


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _build() -> str:
    engine_build()
    return "compiled" if compiled_modules() else "interpreted"


# -- reference: pig entirely in C++ ---------------------------------------------------------
def pig_length(games: int, seed: int) -> float:
    """Mean actions of a random pig game (the Python loop, chance by its probabilities)."""
    import pyspiel

    game = pyspiel.load_game("pig")
    rng = random.Random(seed)
    total = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            total += 1
    return total / games


def pig_in_cpp(seconds: float, seed: int) -> tuple[float, float]:
    """Random pig games per CPU second played inside C++, and their mean length."""
    import pyspiel

    game = pyspiel.load_game("pig")
    rollouts = 2000
    evaluator = pyspiel.RandomRolloutEvaluator(rollouts, seed)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, 2, 1000, False, seed, False)
    state = game.new_initial_state()
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        bot.step(state)
        games += 2 * rollouts
    return games / (time.process_time() - start), pig_length(2000, seed)


def reference_section(seconds: float, seed: int) -> tuple[str, float]:
    load = _load()
    games_per_sec, length = pig_in_cpp(seconds, seed)
    rate = games_per_sec * length
    text = (
        f"OpenSpiel C++ `pig` played entirely in C++ (`MCTSBot` rollouts, "
        f"`RandomRolloutEvaluator`): {games_per_sec:,.0f} games per CPU second of "
        f"{length:.0f} actions (mean length from the Python loop): **{rate / 1e6:.2f} M "
        f"actions/s on one core**; load average {load}."
    )
    return text, rate


# -- lab ------------------------------------------------------------------------------------
def lab_rates(games: int, seed: int, workers: int) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (this process and its workers) and actions of one run."""
    from savanna.lab import SimulationPlan, run_simulation
    from savanna.lab.simulation import start_workers, stop_workers

    plan = SimulationPlan.create("banjooli", bots=["random"], games=games, seed=seed)
    plan.make_game()
    stop_workers()
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    if workers > 1:
        start_workers(workers)
    outcomes = run_simulation(plan, workers=workers, records=False)
    wall = time.perf_counter() - started
    stop_workers()
    own2 = resource.getrusage(resource.RUSAGE_SELF)
    kids2 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (own2.ru_utime + own2.ru_stime - own.ru_utime - own.ru_stime) + (
        kids2.ru_utime + kids2.ru_stime - kids.ru_utime - kids.ru_stime
    )
    return wall, cpu, sum(int(o["length"]) for o in outcomes)


def lab_section(games: int, seed: int, rounds: int, pig: float) -> str:
    load = _load()
    rows = []
    best: dict[int, tuple[float, float, int]] = {}
    for _ in range(rounds):
        for workers in (1, 2):
            result = lab_rates(games, seed, workers)
            if workers not in best or result[2] / result[0] > best[workers][2] / best[workers][0]:
                best[workers] = result
    for workers in (1, 2):
        wall, cpu, actions = best[workers]
        rows.append(
            f"| {workers} | {wall:.2f} s | {cpu:.2f} s | {actions / wall:,.0f} | "
            f"{actions / cpu:,.0f} | {actions / wall / pig:.2f} |"
        )
    two = best[2][2] / best[2][0]
    return "\n".join(
        [
            f"`run_simulation` of `banjooli` (4p, defaults), {games} games, bots `random`, "
            f"seed {seed}, no records; best of {rounds} rounds; engine build: "
            f"**{engine_build()}**; load average {load} before, {_load()} after.",
            "",
            "| workers | wall time | CPU time (all processes) | actions/s (wall) | "
            "actions per CPU second | ÷ pig in C++ (one core) |",
            "|---:|---:|---:|---:|---:|---:|",
            *rows,
            "",
            f"Goal: at least 8,000,000 actions/s on 2 workers: **{two:,.0f}**, "
            f"{'reached' if two >= 8e6 else 'not reached'}.",
        ]
    )


# -- vector environments --------------------------------------------------------------------
def vector_child(envs: int, seconds: float, seed: int) -> dict[str, float]:
    """Step a vector environment for ``seconds`` of wall clock (after a warm-up)."""
    from savanna.interop.gymnasium import make_vec

    env = make_vec("banjooli", envs, opponents="random")
    rng = np.random.default_rng(seed)
    _, infos = env.reset(seed=seed)
    masks = infos["action_mask"]

    def policy(masks: np.ndarray) -> np.ndarray:
        noise = rng.random(masks.shape, dtype=np.float32)
        noise[masks == 0] = -1.0
        return noise.argmax(axis=1)

    for _ in range(20):  # warm-up
        masks = env.step(policy(masks))[4]["action_mask"]
    steps = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = env.step(policy(masks))[4]["action_mask"]
        steps += envs
    return {
        "steps": steps,
        "wall": time.perf_counter() - start,
        "cpu": time.process_time() - cpu,
    }


def _children(count: int, envs: int, seconds: float, seed: int) -> list[dict[str, float]]:
    command = [sys.executable, __file__, "--vector-child", str(envs), str(seconds)]
    procs = [
        subprocess.Popen([*command, str(seed + k)], stdout=subprocess.PIPE, text=True)
        for k in range(count)
    ]
    return [json.loads(p.communicate()[0]) for p in procs]


def vector_section(envs: int, seconds: float, seed: int) -> str:
    load = _load()
    one = _children(1, envs, seconds, seed)
    two = _children(2, envs, seconds, seed)
    rate_one = one[0]["steps"] / one[0]["wall"]
    rate_two = sum(c["steps"] / c["wall"] for c in two)
    cpu_one = one[0]["steps"] / one[0]["cpu"]
    return "\n".join(
        [
            f"`make_vec(\"banjooli\", {envs}, opponents=\"random\")` (4p, defaults), a "
            f"vectorised random legal policy, {seconds:g} s of wall clock per process; engine "
            f"build: **{engine_build()}**; load average {load} before, {_load()} after.",
            "",
            "| processes | agent steps/s (wall, all processes) | agent steps per CPU second "
            "(one process) |",
            "|---:|---:|---:|",
            f"| 1 | {rate_one:,.0f} | {cpu_one:,.0f} |",
            f"| 2 | {rate_two:,.0f} | |",
            "",
            f"Goal: at least 200,000 agent steps/s on 2 cores: **{rate_two:,.0f}**, "
            f"{'reached' if rate_two >= 200_000 else 'not reached'}.",
        ]
    )


# -- simulate -------------------------------------------------------------------------------
def extract(revision: str, into: Path, compiled: bool) -> Path:
    """``src/`` of ``revision`` (with its setup.py), compiled in place when asked."""
    archive = subprocess.run(
        ["git", "archive", revision, "src", "setup.py", "pyproject.toml", "README.md"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    if compiled:
        _log(f"simulate: compiling {revision} (mypyc)")
        subprocess.run(
            [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
            cwd=into,
            env={**os.environ, "SAVANNA_COMPILE": "1"},
            check=True,
            capture_output=True,
        )
    return into / "src"


def simulate_cpu(src: Path | None, games: int, seed: int) -> tuple[float, float]:
    """CPU seconds (command and workers) and wall seconds of one ``savanna simulate``."""
    with tempfile.TemporaryDirectory() as directory:
        env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
        if src is not None:
            env["PYTHONPATH"] = str(src)
        code = (
            "import resource, sys, time\n"
            "from savanna.cli import main\n"
            "sys.argv = ['savanna', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "from savanna.lab.simulation import stop_workers\n"
            "stop_workers()  # the workers' CPU time counts once they have ended\n"
            "own = resource.getrusage(resource.RUSAGE_SELF)\n"
            "kids = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print('CPU', own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime, file=sys.stderr)\n"
        )
        command = [
            sys.executable, "-c", code, "simulate", "banjooli", "--bots", "random",
            "--games", str(games), "--seed", str(seed), "--workers", "2", "--report", directory,
        ]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True, cwd=ROOT)
        wall = time.perf_counter() - started
        if not (Path(directory) / "games.jsonl").exists():
            raise SystemExit("savanna simulate wrote no games.jsonl")
    cpu = [float(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("CPU ")]
    return cpu[-1], wall


def simulate_section(games: int, seed: int, rounds: int, base: str | None) -> str:
    load = _load()
    build = _build()
    runs: dict[str, list[tuple[float, float]]] = {"this tree": []}
    with tempfile.TemporaryDirectory() as directory:
        src = None
        if base is not None:
            src = extract(base, Path(directory), compiled=build == "compiled")
            runs[f"`{base}`"] = []
        for r in range(rounds):
            runs["this tree"].append(simulate_cpu(None, games, seed))
            if src is not None:
                runs[f"`{base}`"].append(simulate_cpu(src, games, seed))
            _log(f"simulate: round {r + 1} of {rounds}")
    lines = [
        f"`savanna simulate banjooli --bots random --games {games} --seed {seed} --workers 2` "
        f"(records written), CPU time of the command and its workers, median of {rounds} "
        f"alternating rounds; {build} build (the base revision built the same way); load "
        f"average {load} before, {_load()} after.",
        "",
        "| code | CPU time | wall time | ÷ this tree (CPU) |",
        "|---|---:|---:|---:|",
    ]
    ours = statistics.median(c for c, _ in runs["this tree"])
    for name, values in runs.items():
        cpu = statistics.median(c for c, _ in values)
        wall = statistics.median(w for _, w in values)
        lines.append(f"| {name} | {cpu:.2f} s | {wall:.2f} s | {cpu / ours:.2f} |")
    if base is not None:
        theirs = statistics.median(c for c, _ in runs[f"`{base}`"])
        lines += [
            "",
            f"Goal: under half the CPU time of `{base}`: **{ours / theirs:.2f}×** its time, "
            f"{'reached' if ours < theirs / 2 else 'not reached'}.",
        ]
    return "\n".join(lines)


# -- main -----------------------------------------------------------------------------------
def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--vector-child":
        envs, seconds, seed = int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
        print(json.dumps(vector_child(envs, seconds, seed)))
        return
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", default=",".join(SECTIONS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=4.0, help="reference and vector timing")
    parser.add_argument("--lab-games", type=int, default=4000)
    parser.add_argument("--lab-rounds", type=int, default=2)
    parser.add_argument("--envs", type=int, default=64, help="games per vector environment")
    parser.add_argument("--search-sims", type=int, default=200)
    parser.add_argument("--search-positions", type=int, default=6)
    parser.add_argument("--search-rounds", type=int, default=3)
    parser.add_argument("--simulate-games", type=int, default=10_000)
    parser.add_argument("--simulate-rounds", type=int, default=3)
    parser.add_argument("--base", help="the revision the simulate section compares with")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    wanted = [s.strip() for s in args.only.split(",") if s.strip()]
    build = _build()
    print(
        f"# Savanna {build} build, Python {platform.python_version()}, {os.cpu_count()} cores\n",
        flush=True,
    )
    pig = None
    sections: dict[str, str] = {}
    for name in wanted:
        if name == "reference" or (name == "lab" and pig is None):
            text, pig = reference_section(args.seconds, args.seed)
            sections.setdefault("reference", text)
        if name == "lab":
            assert pig is not None
            sections[name] = lab_section(args.lab_games, args.seed, args.lab_rounds, pig)
        elif name == "vector":
            sections[name] = vector_section(args.envs, args.seconds, args.seed)
        elif name == "search":
            sections[name] = search_section(
                args.search_sims, args.search_positions, args.search_rounds, args.seed,
                goal=4.5,  # issue 27: 4.5x MCTSBot at equal simulations
            )
        elif name == "simulate":
            sections[name] = simulate_section(
                args.simulate_games, args.seed, args.simulate_rounds, args.base
            )
        if name in sections:
            print(f"## {name}\n\n{sections[name]}\n", flush=True)
    if args.write:
        for name, body in sections.items():
            _write(DOC, f"speed-{name}-{build}", body)


if __name__ == "__main__":
    main()
