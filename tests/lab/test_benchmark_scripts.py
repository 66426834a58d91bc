"""The bots benchmark and the Banjooli balance study run end to end on a tiny budget."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType

import pytest

from savanna.bots.ismcts import DEFAULT_DEPTH
from savanna.core import load_game, registered_games

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        f"bench_{name}", ROOT / "benchmarks" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_turn_figures_mean_and_median_from_the_turns_statistic() -> None:
    balance = _script("balance_banjooli")
    summary = {
        "statistics": {
            "game": {"turns": {"20": {"games": 1}, "22": {"games": 2}, "30": {"games": 1}}}
        }
    }
    assert balance.turn_figures(summary) == (23.5, 22.0)
    summary["statistics"]["game"]["turns"]["31"] = {"games": 1}
    assert balance.turn_figures(summary) == (25.0, 22.0)


@pytest.mark.slow
def test_balance_study_writes_its_page_and_reuses_only_an_unchanged_cache(tmp_path: Path) -> None:
    balance = _script("balance_banjooli")
    out = tmp_path / "banjooli.md"
    sizes = ["--games", "16", "--width", "90", "--ismcts-games", "4", "--ismcts", "ismcts:sims=4"]
    sizes += ["--random-games", "4", "--workers", "1"]
    balance.main([*sizes, "--out", str(out), "--cache", str(tmp_path / "cache")])
    text = out.read_text(encoding="utf-8")
    # The command at the top names what decides the figures, not where files went.
    assert text.splitlines()[5] == (
        ".venv/bin/python benchmarks/balance_banjooli.py --games 16 --width 90 "
        "--ismcts-games 4 --ismcts ismcts:sims=4 --random-games 4"
    )
    for heading in (
        "prediction cards fair",
        "ISMCTS seat",
        "What this rules out",
        "first player",
        "Special tiles",
        "Oor berry",
    ):
        assert heading in text
    assert "Does the prediction card change the win rate?" in text
    assert "| special: vortex | 16 |" in text and "turn cap (random bots)" in text
    assert text.count("| Cards, special: ") == 4 and "| Cards, 6 tiles: " in text
    # A second run reads the cache; a cache whose games no longer replay is played again.
    cached = tmp_path / "cache" / "cards.jsonl"
    lines = cached.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["key"]["until_width"] == 0.9
    cached.write_text(
        "\n".join([lines[0], lines[1].replace('"scores": [', '"scores": [99.0, '), *lines[2:]])
        + "\n"
    )
    again = tmp_path / "again.md"
    balance.main([*sizes, "--out", str(again), "--cache", str(tmp_path / "cache")])
    assert again.read_text(encoding="utf-8").splitlines()[6:] == text.splitlines()[6:]
    assert cached.read_text(encoding="utf-8").splitlines() == lines


def test_search_speed_rows_compare_cut_and_full_rollouts() -> None:
    bots = _script("bots")
    game = load_game("hyena", players=3)
    rows = bots.speed_rows(
        game, "ismcts:sims=10", sims=10, positions=2, seed=1, rounds=1, reference_seconds=0.05
    )
    cut, full = rows
    assert (cut["rollouts"], full["rollouts"]) == ("cut", "full")
    assert cut["depth"] == DEFAULT_DEPTH and cut["evaluated"] > 0  # Hyena has an evaluation
    assert full["depth"] is None and full["evaluated"] == 0
    assert cut["reference"] == full["reference"] > 0
    assert cut["ratio"] == pytest.approx(cut["rate"] / cut["reference"])
    done, spent = bots.random_playouts(game, 0.01, random.Random(0))
    assert done >= 1 and spent >= 0.01


@pytest.mark.slow
def test_bots_benchmark_writes_only_between_its_markers(tmp_path: Path) -> None:
    bots = _script("bots")
    doc = tmp_path / "benchmarks.md"
    doc.write_text(
        f"# Benchmarks\n\nkept above\n\n{bots.BEGIN}\nold\n{bots.END}\n\nkept below\n",
        encoding="utf-8",
    )
    bots.main(
        [
            "--game",
            "hyena",
            "--players",
            "2",
            "--games-random",
            "4",
            "--games-ismcts",
            "2",
            "--ismcts",
            "ismcts:sims=5",
            "--speed-games",
            "hyena",
            "--speed-sims",
            "5",
            "--speed-positions",
            "1",
            "--speed-rounds",
            "1",
            "--workers",
            "1",
            "--write",
            "--doc",
            str(doc),
        ]
    )
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("# Benchmarks\n\nkept above\n\n")
    assert text.endswith("\n\nkept below\n")
    assert "old" not in text
    assert "| `ismcts:sims=5` vs 1 heuristic | 2 |" in text
    assert f"cut at {DEFAULT_DEPTH} actions, then `evaluate`" in text


@pytest.mark.slow
def test_hyena_balance_study_writes_its_page(tmp_path: Path) -> None:
    balance = _script("balance_hyena")
    out = tmp_path / "hyena.md"
    balance.main(["--games", "8", "--order-games", "8", "--workers", "1", "--out", str(out)])
    text = out.read_text(encoding="utf-8")
    assert text.splitlines()[5] == ".venv/bin/python benchmarks/balance_hyena.py --games 8 --order-games 8"
    for heading in ("how often the hyena hunts", "seats and play order", "the hyena does not matter",
                    "faithful reading", "The first player's edge, and catch-up tabas"):
        assert heading in text
    assert "| three-sticks, on | 8 |" in text and "(0, 1, 1, 2 at four players)" in text
    assert "| three-sticks, random | 8 |" in text


def test_tensor_benchmark_measures_both_paths_of_every_game() -> None:
    from savanna.core import Game

    tensors = _script("tensors")
    game = load_game("banjooli")
    slow = tensors._through_the_observation(load_game("banjooli"))
    assert slow.observation_tensor_in_state.__func__ is Game.observation_tensor_in_state
    assert type(game).observation_tensor_in_state is not Game.observation_tensor_in_state
    state = game.new_initial_state()
    assert slow.observation_tensor_in_state(state, 1) == game.observation_tensor_in_state(state, 1)
    body = tensors.section(envs=2, seconds=0.2, slices=1, seed=0)
    rows = [line for line in body.splitlines() if line.startswith("| ") and "×" in line]
    assert [row.split(" | ")[0].strip("| ") for row in rows] == sorted(registered_games())


def test_river_race_decisions_writes_its_section_and_keeps_the_rest_of_the_page(tmp_path: Path) -> None:
    decisions = _script("river_race_decisions")
    out = tmp_path / "river-race.md"
    out.write_text("# The river race\n\nKept.\n", encoding="utf-8")
    args = ["--games", "4", "--restrict", "always-upper", "--skill-games", "4", "--seat-games", "0"]
    for _ in range(2):  # the second run replaces the section, once
        decisions.main([*args, "--workers", "1", "--out", str(out)])
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# The river race\n\nKept.\n")
    assert text.count(decisions.BEGIN) == 1 and text.count(decisions.END) == 1
    assert ".venv/bin/python benchmarks/river_race_decisions.py --games 4 --restrict always-upper" in text
    assert "| `always-upper` | takes the upper courtyard at every fork |" in text
    assert "fork choices taking the upper branch" in text and "pity coins' share of all points" in text
    assert "One heuristic seat against three random seats (4 four-player games" in text


def test_the_river_race_balance_page_keeps_the_decisions_section_and_what_follows_it(tmp_path: Path) -> None:
    """Regenerating the balance page rewrites its top only: the restricted-play section and
    the measurements written after it (issue 26's history) stay as they are."""
    balance = _script("balance_river_race")
    begin, end = balance.DECISIONS
    page = tmp_path / "page.md"
    page.write_text(f"# old top\n\n{begin}\n## decisions\n{end}\n\n### history\n\nkept words\n", encoding="utf-8")
    kept = "\n".join(balance.kept_section(page))
    assert "old top" not in kept
    assert kept.index(begin) < kept.index("## decisions") < kept.index(end) < kept.index("kept words")
    page.write_text("# a page without the section\n", encoding="utf-8")
    assert balance.kept_section(page) == []
