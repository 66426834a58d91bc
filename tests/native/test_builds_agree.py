"""The compiled build plays exactly the games of the pure-Python build.

This test runs when the compiled build is present (``make compile``; CI builds it and sets
``SAVANNA_EXPECT_COMPILED=1``, which makes a missing build a failure rather than a skip).
It writes the trace of :mod:`tests.native.trace` (many seeded games of every configuration:
legal actions, chance outcomes, actions and their notation, positions, every viewer's
observation, heuristic choices, evaluations, determinizations, results, records and ISMCTS
searches) with the pure-Python sources (``SAVANNA_PURE_PYTHON=1``, in a subprocess) and
with the compiled modules (in this process), and requires them to be identical line for
line. The rest of the suite, golden records included, runs on the compiled build too.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import savanna
from savanna.bench import engine_build
from savanna.native import PURE_ENV, compiled_modules, pure_requested
from tests.native import trace

ROOT = Path(__file__).resolve().parents[2]


def _native_modules() -> set[str]:
    """``NATIVE_MODULES`` of setup.py: what ``make compile`` builds."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "NATIVE_MODULES":
            return set(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no NATIVE_MODULES list")


def _compiled() -> list[str]:
    engine_build()  # imports every engine
    return compiled_modules()


@pytest.fixture(scope="module")
def compiled() -> list[str]:
    modules = _compiled()
    if not modules:
        if os.environ.get("SAVANNA_EXPECT_COMPILED") == "1":
            pytest.fail("SAVANNA_EXPECT_COMPILED=1 but no compiled module was loaded (make compile)")
        pytest.skip("no compiled build (make compile builds it)")
    return modules


@pytest.mark.slow
def test_compiled_and_pure_builds_trace_the_same_games(compiled: list[str], tmp_path: Path) -> None:
    assert set(compiled) == _native_modules(), compiled
    pure_trace = tmp_path / "pure.txt"
    env = {**os.environ, PURE_ENV: "1"}
    with pure_trace.open("w", encoding="utf-8") as out:
        subprocess.run(
            [sys.executable, "-m", "tests.native.trace"], cwd=ROOT, env=env, stdout=out, check=True
        )
    lines = 0
    with pure_trace.open(encoding="utf-8") as pure:
        for number, ours in enumerate(trace.trace(), start=1):
            theirs = pure.readline().rstrip("\n")
            assert ours == theirs, f"line {number}: compiled {ours[:300]!r} != pure {theirs[:300]!r}"
            lines += 1
        assert pure.readline() == "", "the pure build's trace is longer"
    assert lines > 100_000


def test_the_pure_switch_runs_sources_only() -> None:
    code = (
        "import savanna.bench as b, savanna.native as n; print(b.engine_build()); "
        "print(len(n.compiled_modules()))"
    )
    env = {**os.environ, PURE_ENV: "1"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    build, count = result.stdout.splitlines()
    assert build == f"interpreted (pure Python, {PURE_ENV}=1)" and count == "0"


def test_the_build_is_named_after_what_runs() -> None:
    modules = _compiled()
    name = engine_build()
    if modules:
        assert name.startswith("compiled (mypyc): ") and all(m in name for m in modules)
    else:
        assert name.startswith("interpreted (pure Python")
    assert pure_requested() == (name == f"interpreted (pure Python, {PURE_ENV}=1)")
    assert savanna.__file__.endswith("__init__.py")  # the package itself is never compiled


def test_a_state_is_an_instance_of_its_own_game_s_state_class_only() -> None:
    """A compiled class shares its base's ABC caches unless given its own (compile_clone
    does): after ``isinstance(x, State)`` is cached, ``isinstance(x, OtherState)`` must still
    answer False."""
    from savanna.core import State, load_game, registered_games

    states = [load_game(name).new_initial_state() for name in sorted(registered_games())]
    for state in states:
        assert isinstance(state, State) and issubclass(type(state), State)
    for state in states:
        for other in states:
            assert isinstance(state, type(other)) == (type(state) is type(other)), (state, other)
            assert issubclass(type(state), type(other)) == (type(state) is type(other))
