"""Engine, search and lab throughput, as ratios to OpenSpiel's C++ engines measured in the same run.

Usage (from the repository root, after ``make install``; ``make bench`` runs the default)::

    .venv/bin/python benchmarks/engines.py [--seconds 4] [--repeats 3] [--only engines,search,lab] [--write]

Each engine build is measured in its own process (``--build both``, the default: the
interpreted build, and the compiled one when ``make compile`` has built it). Three sections
per build, each written between its own markers in ``docs/benchmarks.md`` by ``--write``
(``<!-- engines-compiled:begin -->`` ...):

``engines``
    Random playouts of every configuration in :data:`CONFIGS` and of OpenSpiel's C++
    ``backgammon``, ``pig`` and ``connect_four``, all driven by the same Python loop
    (:mod:`savanna.bench`), in round-robin slices; actions/s, decisions/s and games/s,
    and each Savanna configuration's ratios to backgammon and to pig. The whole
    measurement is repeated ``--repeats`` times: the tables give the median and the range.
``search``
    ISMCTS (``savanna.bots``) with full random rollouts (``depth=full``) from positions of
    heuristic games, against OpenSpiel's C++ ``MCTSBot`` (one random rollout per
    simulation) from positions of random backgammon games, in alternating rounds:
    simulations per second, and the mean length of a random playout from the measured
    positions (a full-rollout simulation costs about that many actions).
``lab``
    ``run_simulation`` with random bots on 1 and 2 workers (the worker process started in
    the measured time), with and without records, against bare random playouts of the
    same game on one core measured before, between and after; wall clock, and the CPU time
    of each process. Its fixed costs are measured apart: starting the worker process, the
    summary, the report (with and without records) and Ray's start (``--no-lab-ray`` skips
    Ray). Then the whole ``savanna simulate`` command on 1 and 2 workers, with and without
    ``--no-records``, with the phase times it prints.

Times are CPU time of the measuring process (``time.process_time``; ``--clock wall`` for the
wall clock), except in the lab section, whose workers are other processes: it uses the wall
clock. Every section prints the machine's load average before and after: the machine is
shared, and a busy machine lowers wall-clock figures most (CPU-time ratios hold better, not
perfectly: the programs still share caches).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from savanna.bench import Engine, Rates, engine_build, measure, openspiel_engine, savanna_engine
from savanna.bots import Search, make_bots, parse_bot_spec, play_game
from savanna.core import Game, Observation, State, load_game, registered_games
from savanna.lab import SimulationPlan, run_simulation, summarise
from savanna.lab.report import write_report
from savanna.lab.simulation import start_workers, stop_workers, worker_start_method
from savanna.native import PURE_ENV, compiled_modules

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
SECTIONS = ("engines", "search", "lab")

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
REFERENCES = ("backgammon", "pig", "connect_four")
RATIO_ANCHORS = ("backgammon", "pig")
SEARCH_GAMES = ("banjooli", "hyena")


# -- helpers ------------------------------------------------------------------------------
def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (1 min), {five:.1f} (5 min)"


def _median_range(values: Sequence[float], digits: int = 2) -> str:
    middle = statistics.median(values)
    if len(values) == 1:
        return f"{middle:.{digits}f}"
    return f"{middle:.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def _options_text(options: dict[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"


def _write(doc: Path, name: str, body: str) -> None:
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    text = doc.read_text(encoding="utf-8")
    if begin not in text or end not in text:
        raise SystemExit(f"{doc.name} has no {begin} ... {end} markers")
    text = re.sub(
        re.escape(begin) + ".*?" + re.escape(end),
        lambda _: f"{begin}\n{body}\n{end}",
        text,
        flags=re.S,
    )
    doc.write_text(text, encoding="utf-8")


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# -- engines ------------------------------------------------------------------------------
@dataclass
class EngineRow:
    label: str
    runs: list[Rates]

    def median(self, attribute: str) -> float:
        return statistics.median(getattr(r, attribute) for r in self.runs)

    def per_game(self, attribute: str) -> float:
        total = sum(getattr(r, attribute) for r in self.runs)
        return total / max(1, sum(r.games for r in self.runs))


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def engines_section(seconds: float, repeats: int, slices: int, seed: int, clock: str = "cpu") -> str:
    """The ``engines`` section: every configuration and reference, ``repeats`` times."""
    ours: list[tuple[str, Engine]] = []
    for name in registered_games():
        for options in CONFIGS.get(name, [{}]):
            game = load_game(name, options=options)
            label = f"{name} ({game.num_players}p), {_options_text(options)}"
            ours.append((label, savanna_engine(game, name=label)))
    refs: list[tuple[str, Engine]] = []
    for name in REFERENCES:
        engine = openspiel_engine(name)
        if engine is not None:
            refs.append((name, engine))
    if not refs:
        raise SystemExit("open_spiel is not installed: pip install 'savanna[bench]'")
    engines = [e for _, e in ours] + [e for _, e in refs]
    load_before = _load()
    runs: dict[str, list[Rates]] = {e.name: [] for e in engines}
    for k in range(repeats):
        rates = measure(engines, seconds=seconds, slices=slices, seed=seed + k, clock=CLOCKS[clock])
        for name, r in rates.items():
            runs[name].append(r)
        _log(f"engines: run {k + 1} of {repeats} measured")
    load_after = _load()
    rows = {e.name: EngineRow(e.name, runs[e.name]) for e in engines}
    ref_rows = {short: rows[e.name] for short, e in refs}

    out = [
        f"Engine build: **{engine_build()}**. Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores; {repeats} runs of {seconds:g} s "
        f"({_clock_text(clock)}) per engine each, in {slices} round-robin slices per run; "
        f"load average {load_before} before, {load_after} after.",
        "",
        "| engine | actions/game | decisions/game | actions/s | decisions/s | games/s |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for label, engine in [*ours, *refs]:
        row = rows[engine.name]
        name = f"OpenSpiel {label} (C++)" if (label, engine) in refs else label
        out.append(
            f"| {name} | {row.per_game('actions'):,.0f} | {row.per_game('decisions'):,.0f} | "
            f"{row.median('actions_per_sec'):,.0f} | {row.median('decisions_per_sec'):,.0f} | "
            f"{row.median('games_per_sec'):,.1f} |"
        )
    anchors = [a for a in RATIO_ANCHORS if a in ref_rows]
    header = "| engine | " + " | ".join(
        f"÷ {a} {unit}" for a in anchors for unit in ("actions", "decisions", "games")
    ) + " |"
    out += [
        "",
        f"Ratios (median over the {repeats} runs, range in brackets; each run's ratio uses "
        "that run's reference):",
        "",
        header,
        "|---|" + "---:|" * (3 * len(anchors)),
    ]
    for label, engine in ours:
        cells = []
        for anchor in anchors:
            pairs = list(zip(rows[engine.name].runs, ref_rows[anchor].runs, strict=True))
            for unit in ("actions", "decisions", "games"):
                cells.append(_median_range([ours_r.ratios(ref_r)[unit] for ours_r, ref_r in pairs]))
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    goal_label, goal_engine = ours[0]
    if "backgammon" in ref_rows and "pig" in ref_rows:
        pairs_bg = list(zip(rows[goal_engine.name].runs, ref_rows["backgammon"].runs, strict=True))
        pairs_pig = list(zip(rows[goal_engine.name].runs, ref_rows["pig"].runs, strict=True))
        games_bg = statistics.median(a.ratios(b)["games"] for a, b in pairs_bg)
        actions_pig = statistics.median(a.ratios(b)["actions"] for a, b in pairs_pig)
        out += [
            "",
            f"Goals ({goal_label}): whole games/s at least 3× backgammon's: **{games_bg:.2f}×**, "
            f"{_verdict(games_bg >= 3.0)}; actions/s at least 1.0× pig's: **{actions_pig:.2f}×**, "
            f"{_verdict(actions_pig >= 1.0)}.",
        ]
    return "\n".join(out)


def _clock_text(clock: str) -> str:
    return "CPU time" if clock == "cpu" else "wall clock"


def _verdict(reached: bool) -> str:
    return "reached" if reached else "not reached"


# -- search -------------------------------------------------------------------------------
def _random_remaining(state: Any, rng: random.Random, *, openspiel: bool) -> int:
    """Actions of one random playout from a copy of ``state``."""
    state = state.clone()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            if openspiel:
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        if openspiel:
            state.apply_action(action)
        else:
            state.apply_unchecked(action)
        steps += 1
    return steps


def savanna_positions(game: Game, count: int, seed: int) -> list[tuple[State, Observation, list[int]]]:
    """``count`` decisions with a real choice, drawn from heuristic games (state, view, legal)."""
    found: list[tuple[State, Observation, list[int]]] = []
    specs = [parse_bot_spec("heuristic")] * game.num_players
    index = 0
    while len(found) < count:
        final = play_game(game, make_bots(game, specs, seed + index), seed=seed + index)
        replay = game.new_initial_state()
        rng = random.Random(seed + index)
        for action in final.history:
            if not replay.is_chance_node() and len(replay.legal_actions()) > 1 and rng.random() < 0.1:
                seat = replay.current_player()
                found.append((replay.clone(), replay.observation(seat), replay.legal_actions()))
                if len(found) == count:
                    break
            replay.apply_unchecked(action)
        index += 1
    return found


def backgammon_positions(count: int, seed: int) -> list[Any]:
    """``count`` backgammon decisions with a real choice, drawn from random games."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.1:
                found.append(state.clone())
            state.apply_action(legal[rng.randrange(len(legal))])
    return found


def search_section(
    sims: int, positions: int, rounds: int, seed: int, clock: str = "cpu", goal: float = 1.5
) -> str:
    """The ``search`` section: ISMCTS full rollouts against OpenSpiel's C++ MCTSBot (and
    ``goal``, the ratio asked for: issue 15's 1.5 here, issue 27's 4.5 in ``speed.py``)."""
    import pyspiel

    backgammon = pyspiel.load_game("backgammon")
    bg_cases = backgammon_positions(positions, seed)
    ours = {name: savanna_positions(load_game(name), positions, seed) for name in SEARCH_GAMES}
    sims_done = dict.fromkeys([*SEARCH_GAMES, "backgammon"], 0)
    spent = dict.fromkeys([*SEARCH_GAMES, "backgammon"], 0.0)
    load_before = _load()
    tick = CLOCKS[clock]
    for r in range(rounds):
        for name, cases in ours.items():
            game = load_game(name)
            for k, (_, observation, legal) in enumerate(cases):
                search = Search(game, observation, legal, random.Random(seed + 1000 * r + k), depth=None)
                started = tick()
                search.run(sims=sims)
                spent[name] += tick() - started
                sims_done[name] += search.simulations
        for k, state in enumerate(bg_cases):
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed + 1000 * r + k)
            bot = pyspiel.MCTSBot(backgammon, evaluator, 2.0, sims, 1000, False, seed + 1000 * r + k, False)
            started = tick()
            bot.step(state)
            spent["backgammon"] += tick() - started
            sims_done["backgammon"] += sims
        _log(f"search: round {r + 1} of {rounds} measured")
    load_after = _load()
    rng = random.Random(seed)
    lengths = {
        name: statistics.mean(
            _random_remaining(s, rng, openspiel=False) for s, _, _ in cases for _ in range(20)
        )
        for name, cases in ours.items()
    }
    lengths["backgammon"] = statistics.mean(
        _random_remaining(s, rng, openspiel=True) for s in bg_cases for _ in range(20)
    )
    rate = {name: sims_done[name] / spent[name] for name in sims_done}
    out = [
        f"Engine build: **{engine_build()}**; one core, {_clock_text(clock)}; {positions} "
        f"positions per game x {sims} simulations, {rounds} alternating rounds; load average {load_before} before, "
        f"{load_after} after. ISMCTS: default settings but `depth=full` (random rollouts to the "
        "end). MCTSBot: `uct_c=2`, one random rollout per simulation "
        "(`RandomRolloutEvaluator(1)`), `solve=False`.",
        "",
        "| search | simulations/s | random playout from the positions (actions) | "
        "rollout actions/s (estimate) | ratio to MCTSBot (simulations) |",
        "|---|---:|---:|---:|---:|",
    ]
    reference = rate["backgammon"]
    for name in [*SEARCH_GAMES, "backgammon"]:
        label = (
            "OpenSpiel C++ `MCTSBot`, backgammon" if name == "backgammon" else f"ISMCTS, {name} (4p)"
        )
        out.append(
            f"| {label} | {rate[name]:,.0f} | {lengths[name]:,.0f} | "
            f"{rate[name] * lengths[name]:,.0f} | **{rate[name] / reference:.2f}** |"
        )
    first = SEARCH_GAMES[0]
    ratio = rate[first] / reference
    out += [
        "",
        f"Goal: ISMCTS with full rollouts ({first}) at least {goal:g}× MCTSBot's "
        f"simulations/s: **{ratio:.2f}×**, {_verdict(ratio >= goal)}.",
    ]
    return "\n".join(out)


# -- lab ----------------------------------------------------------------------------------
def _worker_start(workers: int) -> float:
    """Wall seconds to start the worker processes of a run on ``workers`` workers (as
    ``savanna simulate`` does before its progress bar) and get a first answer from each."""
    stop_workers()
    started = time.perf_counter()
    start_workers(workers, wait=True)
    elapsed = time.perf_counter() - started
    stop_workers()
    return elapsed


def _timed_run(plan: SimulationPlan, workers: int, records: bool) -> tuple[float, float, float, int]:
    """One cold run as ``savanna simulate`` plays it (its workers started in the run and
    stopped after it): wall seconds, CPU seconds of this process, CPU seconds of the worker
    processes, and the actions played."""
    stop_workers()
    self_before, children_before = _cpu_self(), _cpu_children()
    started = time.perf_counter()
    if workers > 1:
        start_workers(workers)
    outcomes = run_simulation(plan, workers=workers, records=records)
    wall = time.perf_counter() - started
    stop_workers()  # the workers end: their CPU time is counted
    return wall, _cpu_self() - self_before, _cpu_children() - children_before, sum(int(o["length"]) for o in outcomes)


def _simulate_command(game_name: str, games: int, seed: int, workers: int, records: bool) -> tuple[float, str]:
    """Wall seconds of the whole ``savanna simulate`` command (a fresh process: start,
    imports, games, summary, report) and the phase lines it printed."""
    with tempfile.TemporaryDirectory() as directory:
        command = [
            sys.executable, "-m", "savanna.cli", "simulate", game_name, "--bots", "random",
            "--games", str(games), "--seed", str(seed), "--workers", str(workers),
            "--report", directory, *([] if records else ["--no-records"]),
        ]
        env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        wall = time.perf_counter() - started
    phases = "; ".join(line.strip() for line in done.stderr.splitlines() if line.strip().endswith(" s") and ": " in line and "games" not in line)
    return wall, phases


def _ray_start() -> float | None:
    """Wall seconds to start Ray locally (2 CPUs) and run a first task (importing the
    engines); None without Ray."""
    try:
        import ray
    except ImportError:
        return None
    started = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        ray.get(ray.remote(engine_build).remote())
        return time.perf_counter() - started
    finally:
        ray.shutdown()


def lab_section(game_name: str, games: int, seed: int, reference_seconds: float, ray: bool = True) -> str:
    """The ``lab`` section: run_simulation with random bots on 1 and 2 workers, with and
    without records, its fixed costs measured apart, against bare random playouts; then
    the whole ``savanna simulate`` command on 1 and 2 workers."""
    game = load_game(game_name)
    bare = savanna_engine(game)
    plan = SimulationPlan.create(game_name, bots=["random"], games=games, seed=seed)
    plan.make_game()
    load_before = _load()
    bare_actions = bare_wall = bare_cpu = 0.0
    results: dict[tuple[bool, int], tuple[float, float, float, int]] = {}

    def bare_slice() -> None:
        nonlocal bare_actions, bare_wall, bare_cpu
        cpu_before, wall_before = time.process_time(), time.perf_counter()
        rates = measure([bare], seconds=reference_seconds, slices=1, seed=seed)[bare.name]
        bare_actions += rates.actions
        bare_cpu += time.process_time() - cpu_before
        bare_wall += time.perf_counter() - wall_before

    bare_slice()
    outcomes: list[dict[str, Any]] = []
    for records in (False, True):
        for workers in (1, 2):
            results[records, workers] = _timed_run(plan, workers, records)
            _log(f"lab: {workers} worker(s), records {'on' if records else 'off'} measured")
        bare_slice()
    outcomes = run_simulation(plan, workers=1)
    start_time = min(_worker_start(2) for _ in range(3))
    started = time.perf_counter()
    summary = summarise(plan, outcomes)
    summary_time = time.perf_counter() - started
    report_time = {}
    with tempfile.TemporaryDirectory() as directory:  # once first: matplotlib's import
        write_report(Path(directory), summary, outcomes, command="benchmark")
    for records in (False, True):
        with tempfile.TemporaryDirectory() as directory:
            started = time.perf_counter()
            write_report(Path(directory), summary, outcomes, command="benchmark", records=records)
            report_time[records] = time.perf_counter() - started
    commands = {}
    for records in (False, True):
        for workers in (1, 2):
            commands[records, workers] = _simulate_command(game_name, games, seed, workers, records)
            _log(f"lab: savanna simulate, {workers} worker(s), records {'on' if records else 'off'} measured")
    ray_time = _ray_start() if ray else None
    load_after = _load()
    bare_per_cpu = bare_actions / bare_cpu
    out = [
        f"Engine build: **{engine_build()}**; `{game_name}` ({game.num_players}p, defaults), "
        f"{games} games, bots `random`, seed {seed}; load average {load_before} before, "
        f"{load_after} after. `run_simulation` (what `savanna simulate` runs between its start "
        "and its summary), with records (as `simulate` by default, which writes them to "
        "`games.jsonl`) and without (`simulate --no-records`, a tournament). On 2 workers the "
        "measuring process plays games beside one worker process, started in the measured "
        "time (as a command starts it) and stopped after. Wall clock, and CPU time of "
        "each process. Reference: bare random playouts of the same game in this process (the "
        "loop of the engines section), measured before, between and after.",
        "",
        "| records | workers | wall time | games/s | actions/s | ÷ 1 worker (wall) | CPU: this "
        "process | CPU: worker process | ÷ 1 worker from CPU time (1 worker's CPU ÷ half of "
        "the 2 processes') | actions per CPU second | ÷ bare playouts (per CPU second) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for (records, workers), (wall, own, child, actions) in results.items():
        one_wall = results[records, 1][0]
        one_cpu = results[records, 1][1]
        # On two free cores the processes share the CPU work (they take chunks as they free
        # up), so the run lasts about half of it (a projection).
        cpu = own + child
        projected = one_cpu / (cpu / 2) if workers > 1 else 1.0
        out.append(
            f"| {'yes' if records else 'no'} | {workers} | {wall:.2f} s | {games / wall:,.0f} | "
            f"{actions / wall:,.0f} | {one_wall / wall:.2f} | {own:.2f} s | "
            f"{child:.2f} s | {projected:.2f} | {actions / cpu:,.0f} | {actions / cpu / bare_per_cpu:.2f} |"
        )
    ray_text = f"{ray_time:.1f} s" if ray_time is not None else "not measured"
    out += [
        "",
        f"Bare random playouts: {bare_per_cpu:,.0f} actions per CPU second "
        f"({bare_actions / bare_wall:,.0f} per wall-clock second).",
        "",
        f"Fixed costs, measured apart (wall clock): starting the worker process of a 2-worker "
        f"run and getting its first answer: {start_time * 1000:.0f} ms (best of three; "
        f"started by {worker_start_method() or 'fork'}, the command overlaps it with its "
        f"preparations); the summary of the {games} games: {summary_time:.2f} s; the report: "
        f"{report_time[True]:.2f} s with `games.jsonl`, {report_time[False]:.2f} s without "
        f"(plots and `report.md`); starting Ray locally and running a first task: {ray_text}.",
        "",
        "The whole command, `savanna simulate "
        f"{game_name} --bots random --games {games} --seed {seed} --workers W [--no-records]` "
        "(a fresh process: Python's start, the imports, the games, the summary and the "
        "report), wall clock, with the phase times it prints:",
        "",
        "| records | workers | command | ÷ 1 worker | phases (printed by the command) |",
        "|---|---:|---:|---:|---|",
    ]
    for (records, workers), (wall, phases) in commands.items():
        out.append(
            f"| {'yes' if records else 'no'} | {workers} | {wall:.2f} s | "
            f"{commands[records, 1][0] / wall:.2f} | {phases} |"
        )
    share = bare_actions / bare_wall / bare_per_cpu
    sim_scale = results[False, 1][0] / results[False, 2][0]
    sim_projected = results[False, 1][1] / ((results[False, 2][1] + results[False, 2][2]) / 2)
    command_scale = commands[False, 1][0] / commands[False, 2][0]
    lean_two = results[False, 2][3] / results[False, 2][0]
    out += [
        "",
        (
            f"The machine was quiet (the bare playouts got {share:.0%} of a core): the wall "
            "clock above is the scaling."
            if share >= 0.9
            else f"The machine was busy (the bare playouts got {share:.0%} of a core): the "
            "wall-clock ratios understate the scaling; the CPU-time column says what two free "
            "cores would give if the two processes shared the work evenly, as they take "
            "chunks when they free up (a projection, not a measurement: it counts the "
            "overhead of the second process, not the waits at the start and the end)."
        ),
        "",
        f"Goals: at least 1,000,000 actions/s on 2 workers (without records): "
        f"**{lean_two:,.0f}**, {_verdict(lean_two >= 1_000_000)}; the simulation on 2 workers "
        f"at least 1.8× one (without records, worker start included, wall clock): "
        f"**{sim_scale:.2f}×**, {_verdict(sim_scale >= 1.8)} (from CPU time: {sim_projected:.2f}×); "
        f"the whole command: **{command_scale:.2f}×** (its fixed costs — start, imports, "
        "summary, plots — do not divide between workers).",
    ]
    return "\n".join(out)


def _cpu_self() -> float:
    """CPU seconds of this process (its threads included)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def _cpu_children() -> float:
    """CPU seconds of this process's ended child processes."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


# -- main ---------------------------------------------------------------------------------
BUILDS = ("interpreted", "compiled")


def _build_here() -> str:
    """``compiled`` when this process runs the compiled build, else ``interpreted``."""
    engine_build()  # imports every engine
    return "compiled" if compiled_modules() else "interpreted"


def _run_children(argv: list[str], builds: list[str]) -> None:
    """Run this script once per build, each in its own process (``--build here``)."""
    for build in builds:
        env = dict(os.environ)
        env.pop(PURE_ENV, None)
        if build == "interpreted":
            env[PURE_ENV] = "1"
        env["SAVANNA_BENCH_BUILD"] = build
        _log(f"== {build} build")
        subprocess.run([sys.executable, __file__, *argv, "--build", "here"], env=env, check=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="measuring time per engine and run")
    parser.add_argument("--repeats", type=int, default=3, help="runs of the engines section")
    parser.add_argument("--slices", type=int, default=4, help="round-robin slices per run")
    parser.add_argument("--search-sims", type=int, default=200, help="simulations per measured search")
    parser.add_argument("--search-positions", type=int, default=6)
    parser.add_argument("--search-rounds", type=int, default=3)
    parser.add_argument("--lab-game", default="banjooli")
    parser.add_argument("--lab-games", type=int, default=2000)
    parser.add_argument(
        "--lab-ray", action=argparse.BooleanOptionalAction, default=True, help="measure Ray's start"
    )
    parser.add_argument("--only", default=",".join(SECTIONS), help="sections to run, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="engines and search timing")
    parser.add_argument(
        "--build",
        choices=["both", *BUILDS, "here"],
        default="both",
        help="engine builds to measure, each in its own process (both: the compiled one only "
        "when make compile has built it); here: this process as it is",
    )
    parser.add_argument("--write", action="store_true", help="update docs/benchmarks.md")
    parser.add_argument("--doc", type=Path, default=DOC, help="the page --write updates")
    given = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(given)
    wanted = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(wanted) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    if args.build != "here":
        passed = [a for i, a in enumerate(given) if a != "--build" and (i == 0 or given[i - 1] != "--build")]
        if args.build == "both":
            builds = ["interpreted"]
            if _compiled_build_exists():
                builds.append("compiled")
            else:
                _log("no compiled build (make compile builds it): the interpreted build only")
        else:
            builds = [args.build]
        _run_children(passed, builds)
        return
    build = _build_here()
    expected = os.environ.get("SAVANNA_BENCH_BUILD")
    if expected and expected != build:
        raise SystemExit(f"asked for the {expected} build, but this process runs the {build} one")
    runners: dict[str, Callable[[], str]] = {
        "engines": lambda: engines_section(
            args.seconds, args.repeats, args.slices, args.seed, args.clock
        ),
        "search": lambda: search_section(
            args.search_sims, args.search_positions, args.search_rounds, args.seed, args.clock
        ),
        "lab": lambda: lab_section(
            args.lab_game, args.lab_games, args.seed, args.seconds, args.lab_ray
        ),
    }
    for name in wanted:
        body = runners[name]()
        print(f"## {name} ({build} build)\n\n{body}\n", flush=True)
        if args.write:
            _write(args.doc, f"{name}-{build}", body)


def _compiled_build_exists() -> bool:
    """Whether ``make compile`` has built the engines (asked of a fresh process)."""
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    code = "import savanna.bench as b, savanna.native as n; b.engine_build(); print(len(n.compiled_modules()))"
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return int(result.stdout.strip() or 0) > 0


if __name__ == "__main__":
    main()
