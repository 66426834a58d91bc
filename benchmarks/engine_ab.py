"""Engine throughput of this tree against a git revision, in one process, on the same games.

Usage (from the repository root, after ``make install``)::

    .venv/bin/python benchmarks/engine_ab.py --base <revision> [--batches 12] [--games 8]

The revision's ``src/savanna`` is extracted (``git archive``) into a temporary folder as the
package ``savanna_base``, so both engines live in this process. Each configuration plays
the same seeded random games on both engines (identical rules give identical games, which
the script checks), in alternating batches, so that a noisy, shared machine slows both
alike; times are the process's CPU time, which other programs on the machine do not
inflate. Printed: actions per CPU second of each engine and their ratio (this tree ÷ base), the
median over batches with the lowest and highest batch ratio, and the ratio of the time of
``clone()`` + ``observation()`` + ``legal_actions()`` (what a search does per node).
Then Banjooli's hot paths, in CPU microseconds per call, on positions of the same games:
the legal actions of a decision from a fresh copy (the feasibility search, ``_feasible``),
the legal steps of a moving ostrich (``landing`` and ``_feasible``), and a die roll
applied (``apply_unchecked`` at a roll).
"""

from __future__ import annotations

import argparse
import importlib
import io
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

CONFIGS: list[tuple[str, str, dict[str, object]]] = [
    ("banjooli", "BanjooliGame", {}),
    ("banjooli", "BanjooliGame", {"special": "vortex", "berries": True}),
    ("banjooli", "BanjooliGame", {"tiles": 6, "special": "lava"}),
    ("hyena", "HyenaGame", {"rules": "four-sticks"}),
    ("hyena", "HyenaGame", {"rules": "three-sticks"}),
    ("hyena", "HyenaGame", {"rules": "traditional"}),
]


def extract_sources(revision: str, into: Path, path: str = "src") -> Path:
    """Extract ``path`` of ``revision`` (``git archive``) into ``into``; ``into / "src"``."""
    archive = subprocess.run(
        ["git", "archive", revision, path], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def extract_base(revision: str, into: Path) -> str:
    """Extract ``src/savanna`` of ``revision`` as the package ``savanna_base``; its name."""
    extract_sources(revision, into, "src/savanna")
    package = into / "savanna_base"
    (into / "src" / "savanna").rename(package)
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\bsavanna(?=[.\s])", "savanna_base", text), encoding="utf-8")
    sys.path.insert(0, str(into))
    return "savanna_base"


def game_class(package: str, name: str, cls: str) -> Any:
    module: ModuleType = importlib.import_module(f"{package}.games.{name}")
    return getattr(module, cls)


def play(game: Any, seeds: list[int]) -> tuple[int, float, list[list[int]]]:
    """Play one random game per seed (unchecked fast path); actions, seconds, histories."""
    actions = 0
    histories = []
    start = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        apply = state.apply_unchecked
        while not state.is_terminal():
            if state.is_chance_node():
                apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                apply(legal[rng.randrange(len(legal))])
        actions += len(state.history)
        histories.append(state.history)
    return actions, time.process_time() - start, histories


def search_work(game: Any, seed: int) -> Callable[[], float]:
    """Per node of a search: clone, observe the seat to act, list its legal actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states: list[Any] = []
    while not state.is_terminal() and len(states) < 300:
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
        else:
            states.append(state.clone())
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])

    def run() -> float:
        start = time.process_time()
        for s in states:
            copy = s.clone()
            copy.observation(copy.current_player())
            copy.legal_actions()
        return time.process_time() - start

    return run


def hot_paths(game: Any, seed: int) -> tuple[dict[str, Callable[[], None]], dict[str, int]]:
    """Banjooli's hot paths on positions of one seeded game (see the module description)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions: list[Any] = []
    steps: list[Any] = []
    rolls: list[Any] = []
    while not state.is_terminal():
        phase = state.phase_name
        if phase == "decide":
            decisions.append(state.clone())
        elif phase == "step":
            steps.append(state.clone())
        elif phase == "roll" and len(state.to_roll) > 1:  # not the last die: nothing else happens
            rolls.append(state.clone())
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
    copies = [s.clone() for s in rolls]

    def decide() -> None:
        for s in decisions:
            s.memo = None  # a fresh feasibility memo, as a new decision has
            s.legal_actions()

    def step() -> None:
        for s in steps:
            s.memo = None
            s.legal_actions()

    def roll() -> None:
        for original, copy in zip(rolls, copies, strict=True):
            copy.apply_unchecked(2)
            copy.to_roll, copy.dice = original.to_roll[:], original.dice[:]
            copy.history.pop()

    return {"decision legal actions": decide, "step legal actions": step, "die roll applied": roll}, {
        "decision legal actions": len(decisions),
        "step legal actions": len(steps),
        "die roll applied": len(rolls),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the git revision to compare with")
    parser.add_argument("--batches", type=int, default=12, help="alternating batches per engine")
    parser.add_argument("--games", type=int, default=8, help="games per batch")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = extract_base(args.base, Path(tmp))
        print(f"base {args.base}, {args.batches} batches of {args.games} games per engine and configuration")
        print("| game | options | base actions/s | this tree actions/s | ratio (median, min-max) | search node ratio |")
        print("|---|---|---:|---:|---:|---:|")
        for name, cls, options in CONFIGS:
            old = game_class(base, name, cls)(options=options)
            new = game_class("savanna", name, cls)(options=options)
            totals = {"old": [0, 0.0], "new": [0, 0.0]}
            ratios = []
            for batch in range(args.batches):
                seeds = [batch * args.games + i for i in range(args.games)]
                order = [("old", old), ("new", new)] if batch % 2 == 0 else [("new", new), ("old", old)]
                rates: dict[str, float] = {}
                histories: dict[str, list[list[int]]] = {}
                for label, game in order:
                    count, seconds, histories[label] = play(game, seeds)
                    totals[label][0] += count
                    totals[label][1] += seconds
                    rates[label] = count / seconds
                if histories["old"] != histories["new"]:
                    raise SystemExit(f"{name} {options}: the two engines played different games")
                ratios.append(rates["new"] / rates["old"])
            old_node, new_node = search_work(old, 1), search_work(new, 1)
            node = [old_node() / new_node() for _ in range(args.batches)]
            opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            print(
                f"| {name} | {opts} | {totals['old'][0] / totals['old'][1]:,.0f} | "
                f"{totals['new'][0] / totals['new'][1]:,.0f} | **{statistics.median(ratios):.3f}** "
                f"({min(ratios):.2f}-{max(ratios):.2f}) | {statistics.median(node):.3f} |",
                flush=True,
            )
        print()
        print("| Banjooli hot path | base µs/call | this tree µs/call | ratio (base ÷ this tree) |")
        print("|---|---:|---:|---:|")
        old_paths, counts = hot_paths(game_class(base, "banjooli", "BanjooliGame")(), 3)
        new_paths, _ = hot_paths(game_class("savanna", "banjooli", "BanjooliGame")(), 3)
        for name in old_paths:
            times: dict[str, float] = {"old": 0.0, "new": 0.0}
            for batch in range(args.batches):
                order = [("old", old_paths), ("new", new_paths)]
                for label, paths in order if batch % 2 == 0 else order[::-1]:
                    start = time.process_time()
                    paths[name]()
                    times[label] += time.process_time() - start
            per_call = {k: v / args.batches / counts[name] * 1e6 for k, v in times.items()}
            print(f"| {name} | {per_call['old']:.2f} | {per_call['new']:.2f} | **{times['old'] / times['new']:.3f}** |")


if __name__ == "__main__":
    main()
