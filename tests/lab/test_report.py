"""The report a designer reads: words, natural order, bins, constant statistics on one line."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from savanna.lab import SimulationPlan, run_simulation, summarise
from savanna.lab.fairness import answer
from savanna.lab.report import write_report


def _report(tmp_path: Path, bots: list[str], tests: Sequence[str] = ()) -> tuple[str, set[str]]:
    plan = SimulationPlan.create("toystats", bots=bots, games=40, seed=3, players=3)
    outcomes = run_simulation(plan, workers=1)
    for o in outcomes:
        stats = o["statistics"]
        stats["game"]["turns"] = 10 + o["index"]  # 40 distinct values: binned
        stats["game"]["ended_by"] = "arrival"  # one value: collapsed
        stats["seats"]["label"] = [f"P{(o['index'] + s) % 11 + 1}" for s in range(3)]
    summary = summarise(plan, outcomes)
    if tests:
        summary["tests"] = answer(plan, outcomes, list(tests))
    written = write_report(tmp_path, summary, outcomes, command="savanna simulate toystats")
    return (tmp_path / "report.md").read_text(encoding="utf-8"), {p.name for p in written}


@pytest.fixture(scope="module")
def single(toystats: type, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, set[str]]:
    """One report of a one-bot run with the card and seat questions."""
    return _report(tmp_path_factory.mktemp("report"), ["random"], ["label", "seat"])


def test_statistics_that_never_vary_take_one_line(single: tuple[str, set[str]]) -> None:
    text, names = single
    assert "The same in every game: ended by arrival." in text
    assert "### Games by ended by" not in text and "game_ended_by.png" not in names


def test_numeric_statistics_are_binned(single: tuple[str, set[str]]) -> None:
    text, _ = single
    section = text.split("### Games by turns", 1)[1].split("###", 1)[0]
    rows = [
        line.split(" | ")[0]
        for line in section.splitlines()
        if line.startswith("| ") and "–" in line
    ]
    assert rows == [
        "| 10–14",
        "| 15–19",
        "| 20–24",
        "| 25–29",
        "| 30–34",
        "| 35–39",
        "| 40–44",
        "| 45–49",
    ]


def test_levels_are_in_natural_order_and_seats_numbered_from_one(
    single: tuple[str, set[str]],
) -> None:
    text, _ = single
    section = text.split("### Seats by label", 1)[1].split("###", 1)[0]
    labels = [line.split(" | ")[0][2:] for line in section.splitlines() if line.startswith("| P")]
    assert labels == [f"P{k}" for k in range(1, 12)]
    seats = text.split("## Win rate by seat", 1)[1].split("##", 1)[0]
    assert [
        line.split(" | ")[0] for line in seats.splitlines() if line[:3] in {"| 1", "| 2", "| 3"}
    ] == [
        "| 1",
        "| 2",
        "| 3",
    ]


def test_one_bot_gets_no_bot_section_and_options_read_as_flags(
    single: tuple[str, set[str]], tmp_path: Path
) -> None:
    text, names = single
    assert "## Win rate by bot" not in text and "win_rate_by_bot.png" not in names
    assert "every seat `random`" in text
    assert "Options: `--option length=6`." in text
    mixed, mixed_names = _report(tmp_path, ["heuristic", "random"])
    assert "## Win rate by bot" in mixed and "win_rate_by_bot.png" in mixed_names


def test_fairness_questions_come_first_with_verdict_table_and_plot(
    single: tuple[str, set[str]],
) -> None:
    text, names = single
    assert text.index("## Fairness questions") < text.index("## Win rate by seat")
    assert "### Does the label change the win rate?" in text
    assert "**No evidence of a difference larger than" in text or "**P" in text
    assert "| label | seats | win rate | expected | difference [95% simultaneous CI] | p |" in text
    assert {"test_label_win.png", "test_label_score.png", "test_seat_win.png"} <= names


def test_plots_drawn_with_the_worker_processes_are_the_same_files(
    toystats: type, tmp_path: Path
) -> None:
    from savanna.lab.simulation import start_workers, stop_workers

    plan = SimulationPlan.create("toystats", bots=["heuristic", "random"], games=24, seed=3)
    outcomes = run_simulation(plan, workers=1)
    summary = summarise(plan, outcomes)
    summary["tests"] = answer(plan, outcomes, ["seat", "card"])
    alone = write_report(tmp_path / "alone", summary, outcomes, command="c")
    try:
        start_workers(3)
        shared = write_report(tmp_path / "shared", summary, outcomes, command="c", parallel=True)
    finally:
        stop_workers()
    assert [p.name for p in alone] == [p.name for p in shared] and len(alone) > 6
    for a, b in zip(alone, shared, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name
