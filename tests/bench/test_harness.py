"""The throughput harness: rates and ratios computed right, every section runs end to end.

Timing thresholds live in ``benchmarks/``, never here: these tests check what is counted
and how it is written, on tiny budgets.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from savanna.bench import (
    Engine,
    Rates,
    compare_with_references,
    engine_build,
    measure,
    openspiel_engine,
    savanna_engine,
)
from savanna.core import load_game

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_rates_and_ratios_divide_counts_by_time() -> None:
    ours = Rates(actions=800, decisions=200, games=2, elapsed=2.0)
    theirs = Rates(actions=100, decisions=50, games=1, elapsed=1.0)
    assert (ours.actions_per_sec, ours.decisions_per_sec, ours.games_per_sec) == (400, 100, 1)
    assert ours.ratios(theirs) == {"actions": 4.0, "decisions": 2.0, "games": 1.0}
    assert ours.as_json()["actions_per_game"] == 400.0


def test_the_loop_counts_chance_outcomes_as_actions_but_not_as_decisions() -> None:
    game = load_game("hyena", players=2)
    engine = savanna_engine(game)
    actions, decisions = engine.play_one(random.Random(3))
    state = game.new_initial_state()
    rng = random.Random(3)
    seat_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            seat_moves += 1
    assert (actions, decisions) == (len(state.history), seat_moves)
    assert 0 < decisions < actions


def test_round_robin_gives_every_engine_its_share_of_time() -> None:
    calls: list[str] = []

    def engine(name: str) -> Engine:
        def play_one(rng: random.Random) -> tuple[int, int]:
            calls.append(name)
            return 3, 1

        return Engine(name, play_one)

    rates = measure([engine("a"), engine("b")], seconds=0.02, slices=2)
    assert set(rates) == {"a", "b"}
    assert calls[0] == "a" and "b" in calls and calls[-1] == "b"
    for r in rates.values():
        assert r.actions == 3 * r.games and r.decisions == r.games and r.elapsed >= 0.01


def test_compare_reports_every_reference_and_the_build() -> None:
    result = compare_with_references(load_game("hyena", players=2), seconds=0.05)
    data = result.as_json()
    assert data["build"] == engine_build()
    if openspiel_engine("pig") is None:
        assert data["references"] == {} and data["ratio"] is None
        return
    assert set(data["references"]) == {"backgammon", "pig"}
    bg = result.references["backgammon"]
    assert data["ratios"]["backgammon"]["games"] == pytest.approx(
        result.game.games_per_sec / bg.games_per_sec, rel=1e-2
    )
    assert data["ratio"] == data["ratios"]["backgammon"]["actions"]


def test_engines_script_writes_each_section_between_its_markers(tmp_path: Path) -> None:
    if openspiel_engine("pig") is None:
        pytest.skip("open_spiel is not installed")
    engines = _script("engines")
    doc = tmp_path / "benchmarks.md"
    build = engines._build_here()
    doc.write_text(
        f"# B\n\n<!-- engines-{build}:begin -->\nold\n<!-- engines-{build}:end -->\n\nmiddle\n\n"
        f"<!-- search-{build}:begin -->\nold\n<!-- search-{build}:end -->\n\n"
        f"<!-- lab-{build}:begin -->\nold\n<!-- lab-{build}:end -->\n",
        encoding="utf-8",
    )
    engines.main([
        "--seconds", "0.02", "--repeats", "2", "--slices", "1", "--search-sims", "3",
        "--search-positions", "1", "--search-rounds", "1", "--lab-game", "hyena",
        "--lab-games", "4", "--no-lab-ray", "--build", "here", "--write", "--doc", str(doc),
    ])
    text = doc.read_text(encoding="utf-8")
    assert "old" not in text and "\n\nmiddle\n\n" in text
    assert "| OpenSpiel backgammon (C++) |" in text and "÷ pig actions" in text
    assert "OpenSpiel C++ `MCTSBot`, backgammon" in text and "ISMCTS, banjooli (4p)" in text
    assert "| no | 2 |" in text and "| yes | 1 |" in text and "Bare random playouts:" in text
    assert "Fixed costs, measured apart" in text and "Ray locally and running a first task: not measured" in text


def test_engines_script_refuses_an_unknown_section() -> None:
    engines = _script("engines")
    with pytest.raises(SystemExit):
        engines.main(["--only", "engines,warp"])


def test_each_build_is_measured_in_its_own_process(tmp_path: Path) -> None:
    if openspiel_engine("pig") is None:
        pytest.skip("open_spiel is not installed")
    engines = _script("engines")
    doc = tmp_path / "benchmarks.md"
    doc.write_text("<!-- engines-interpreted:begin -->\nold\n<!-- engines-interpreted:end -->\n", encoding="utf-8")
    engines.main([
        "--only", "engines", "--seconds", "0.02", "--repeats", "1", "--slices", "1",
        "--build", "interpreted", "--write", "--doc", str(doc),
    ])
    text = doc.read_text(encoding="utf-8")
    assert "Engine build: **interpreted (pure Python, SAVANNA_PURE_PYTHON=1)**" in text


def test_a_process_refuses_to_measure_another_build_than_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    engines = _script("engines")
    other = "interpreted" if engines._build_here() == "compiled" else "compiled"
    monkeypatch.setenv("SAVANNA_BENCH_BUILD", other)
    with pytest.raises(SystemExit, match=f"asked for the {other} build"):
        engines.main(["--only", "engines", "--build", "here"])


def test_the_coach_calibration_resumes_from_its_results_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A position measured once is read back, not measured again; a line cut by an
    interruption is skipped; other settings are not mixed in."""
    cal = _script("coach_calibration")
    game = load_game("banjooli")
    path = tmp_path / "results.jsonl"
    first = cal.odds_part(game, 2, 7, "heuristic", 0.05, 20, cal.Results(path))
    with path.open("a", encoding="utf-8") as out:
        out.write('{"key": {"cut')  # interrupted mid-line
    monkeypatch.setattr(cal, "coach_numbers", lambda *a, **k: pytest.fail("measured again"))
    monkeypatch.setattr(cal, "play_seeded", lambda *a, **k: pytest.fail("played again"))
    again = cal.odds_part(game, 2, 7, "heuristic", 0.05, 20, cal.Results(path))
    assert [r.__dict__ for r in again] == [r.__dict__ for r in first]
    with pytest.raises(pytest.fail.Exception, match="again"):
        cal.odds_part(game, 2, 7, "heuristic", 0.05, 21, cal.Results(path))  # another reference
