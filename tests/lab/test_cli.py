"""``savanna simulate`` and ``savanna tournament``: reports, tables and clean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from savanna.cli import app

runner = CliRunner()


def _run(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_simulate_writes_a_reproducible_report(toystats: type, tmp_path: Path) -> None:
    args = [
        "simulate",
        "toystats",
        "--games",
        "8",
        "--bots",
        "heuristic,random",
        "--players",
        "3",
        "--option",
        "length=5",
        "--workers",
        "1",
        "--seed",
        "7",
        "--quiet",
    ]
    first = _run(*args, "--report", str(tmp_path / "a"))
    assert first.exit_code == 0, first.output
    assert "heuristic" in first.output and "95% CI" in first.output
    second = _run(
        *args[:-3], "--workers", "2", "--seed", "7", "--quiet", "--report", str(tmp_path / "b")
    )
    assert second.exit_code == 0, second.output
    a = (tmp_path / "a" / "summary.json").read_bytes()
    assert a == (tmp_path / "b" / "summary.json").read_bytes()
    summary = json.loads(a)
    assert summary["options"] == {"length": 5} and summary["players"] == 3 and summary["seed"] == 7
    report = (tmp_path / "a" / "report.md").read_text()
    assert (
        "savanna simulate toystats --games 8 --bots heuristic,random --players 3 --option length=5 --seed 7"
        in report
    )
    assert len((tmp_path / "a" / "games.jsonl").read_text().splitlines()) == 8


def test_different_seeds_give_different_games(toystats: type, tmp_path: Path) -> None:
    for seed in ("1", "2"):
        result = _run(
            "simulate",
            "toystats",
            "-n",
            "6",
            "-b",
            "random",
            "-w",
            "1",
            "-s",
            seed,
            "-q",
            "-r",
            str(tmp_path / seed),
        )
        assert result.exit_code == 0, result.output
    assert (tmp_path / "1" / "games.jsonl").read_text() != (
        tmp_path / "2" / "games.jsonl"
    ).read_text()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--bots", "random,alphabeta"], "unknown bot"),
        (["--bots", "ismcts:sims=lots"], "sims"),
        (["--bots", "ismcts:sims"], "key=value"),
        (["--bots", ","], "at least one bot"),
        (["--bots", "random", "--option", "length=99"], "length"),
        (["--bots", "random", "--option", "length"], "KEY=VALUE"),
        (["--bots", "random", "--option", "speed=3"], "no option"),
        (["--bots", "random", "--players", "9"], "players"),
        (["--bots", "random", "--games", "0"], "--games"),
        (["--bots", "random", "--workers", "0"], "--workers"),
        (["--bots", "random,random,random"], "3 bots for 2 seats"),
    ],
)
def test_simulate_bad_flags_exit_non_zero_with_a_clear_message(
    toy_game_class: type, tmp_path: Path, args: list[str], fragment: str
) -> None:
    result = runner.invoke(app, ["simulate", "toy", *args, "--report", str(tmp_path), "-q"])
    assert result.exit_code == 2
    assert fragment in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "summary.json").exists()


def test_simulate_unknown_game_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["simulate", "chess", "--bots", "random", "--report", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output
    assert "Traceback" not in result.output


def test_simulate_refuses_a_file_as_report_directory(toy_game_class: type, tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.write_text("x")
    result = runner.invoke(
        app, ["simulate", "toy", "--bots", "random", "--report", str(target), "-q"]
    )
    assert result.exit_code == 2
    assert "is a file" in " ".join(result.output.split())  # the console may wrap the path


def test_simulate_help_explains_ray_address() -> None:
    result = runner.invoke(app, ["simulate", "--help"])
    assert result.exit_code == 0
    assert "RAY_ADDRESS" in result.output


def test_tournament_rates_the_bots(toy_game_class: type) -> None:
    args = (
        "tournament",
        "toy",
        "--bots",
        "heuristic,random,ismcts:sims=15",
        "--games",
        "10",
        "--players",
        "2",
        "--workers",
        "1",
        "--seed",
        "3",
        "--quiet",
    )
    result = _run(*args)
    assert result.exit_code == 0, result.output
    out = result.output
    for name in ("heuristic", "random", "ismcts:sims=15", "head to head", "10/10"):
        assert name in out
    again = _run(*args)
    assert again.output == out


@pytest.mark.parametrize(
    ("bots", "fragment"),
    [
        ("random", "two different bots"),
        ("random,random", "two different"),
        ("random,nobody", "unknown bot"),
    ],
)
def test_tournament_bad_bots_exit_non_zero(toy_game_class: type, bots: str, fragment: str) -> None:
    result = runner.invoke(app, ["tournament", "toy", "--bots", bots, "-q"])
    assert result.exit_code == 2
    assert fragment in result.output
    assert "Traceback" not in result.output


def _fair_args(report: Path, workers: str) -> list[str]:
    return [
        "simulate",
        "toystats",
        "--bots",
        "random",
        "--players",
        "2",
        "--option",
        "length=4",
        "--test",
        "card",
        "--test",
        "seat",
        "--until-width",
        "25",
        "--games",
        "3000",
        "--workers",
        workers,
        "--seed",
        "5",
        "--quiet",
        "--report",
        str(report),
    ]


def test_simulate_test_until_width_gives_the_same_answer_on_one_or_two_workers(
    toystats: type, tmp_path: Path
) -> None:
    one = _run(*_fair_args(tmp_path / "one", "1"))
    assert one.exit_code == 0, one.output
    two = _run(*_fair_args(tmp_path / "two", "2"))
    assert two.exit_code == 0, two.output
    a = (tmp_path / "one" / "summary.json").read_bytes()
    assert a == (tmp_path / "two" / "summary.json").read_bytes()
    summary = json.loads(a)
    assert summary["stopping"]["reached"] and summary["games"] < 3000
    assert summary["games"] % 2 == 0  # whole rotations of the seats
    questions = {(q["factor"], q["response"]) for q in summary["tests"]["questions"]}
    assert questions == {("card", "win"), ("card", "score"), ("seat", "win"), ("seat", "score")}
    report = (tmp_path / "one" / "report.md").read_text()
    assert "## Fairness questions" in report and "### Does the card change the win rate?" in report
    assert "--test card --test seat --until-width 25" in report
    assert "Does the card change the win rate?" in " ".join(one.output.split())
    assert (tmp_path / "one" / "test_card_win.png").exists()


def test_simulate_test_refuses_an_unknown_factor_before_the_games(
    toystats: type, tmp_path: Path
) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "toystats",
            "-b",
            "random",
            "-n",
            "100000",
            "--test",
            "colour",
            "-q",
            "-r",
            str(tmp_path / "r"),
        ],
    )
    assert result.exit_code == 2
    assert (
        "--test colour: no such factor; known: bot, card, left_at_start, order, seat, winner"
        in " ".join(result.output.split())
    )
    assert not (tmp_path / "r" / "summary.json").exists()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--until-width", "4"], "need at least one --test"),
        (["--test", "card", "--until-width", "0"], "positive number of points"),
        (["--test", "card", "--until-width", "400"], "at most 100"),
        (["--vary", "length=4,4"], "distinct values"),
        (["--vary", "length=99"], "length"),
        (["--option", "length=5", "--vary", "length=4,5"], "both set"),
    ],
)
def test_simulate_bad_test_flags_are_one_line_errors(
    toystats: type, tmp_path: Path, args: list[str], fragment: str
) -> None:
    result = runner.invoke(
        app, ["simulate", "toystats", "-b", "random", *args, "-q", "-r", str(tmp_path / "r")]
    )
    assert result.exit_code == 2, result.output
    assert fragment in " ".join(result.output.split())
    assert "Traceback" not in result.output and not (tmp_path / "r" / "summary.json").exists()


def test_simulate_refuses_to_overwrite_a_report_unless_forced(
    toystats: type, tmp_path: Path
) -> None:
    args = ["simulate", "toystats", "-b", "random", "-n", "4", "-w", "1", "-q", "-r", str(tmp_path)]
    assert _run(*args).exit_code == 0
    before = (tmp_path / "summary.json").read_bytes()
    refused = runner.invoke(app, [*args[:-2], "-s", "9", "-r", str(tmp_path)])
    assert refused.exit_code == 2
    assert "already holds a report: add --force" in " ".join(refused.output.split())
    assert (tmp_path / "summary.json").read_bytes() == before
    forced = _run(*args[:-2], "-s", "9", "--force", "-r", str(tmp_path))
    assert forced.exit_code == 0, forced.output
    assert (tmp_path / "summary.json").read_bytes() != before


def test_simulate_vary_plays_every_value_in_whole_rotations(toystats: type, tmp_path: Path) -> None:
    result = _run(
        "simulate",
        "toystats",
        "-b",
        "heuristic,random",
        "-n",
        "12",
        "-w",
        "1",
        "-q",
        "--vary",
        "length=4,6",
        "--test",
        "length",
        "-r",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["varied"] == {"length": [4, 6]}
    lengths = summary["statistics"]["game"]["length"]
    assert (lengths["4"]["games"], lengths["6"]["games"]) == (6, 6)
    records = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [r["options"]["length"] for r in records[:6]] == [4, 4, 6, 6, 4, 4]
    # A varied option is designed, so it gets no frequency question.
    assert [q["response"] for q in summary["tests"]["questions"]] == ["win", "score"]
    assert "--vary length=4,6 --test length" in (tmp_path / "report.md").read_text()


def test_simulate_shows_the_games_then_the_summary_and_report_phases_apart(
    toystats: type, tmp_path: Path
) -> None:
    result = runner.invoke(
        app,
        ["simulate", "toystats", "--games", "6", "--bots", "random", "--workers", "1",
         "--report", str(tmp_path / "r")],
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    games = next(i for i, line in enumerate(lines) if "toystats: games" in line)
    summary = next(i for i, line in enumerate(lines) if line.startswith("summary: "))
    written = next(i for i, line in enumerate(lines) if line.startswith("report (records, plots, report.md): "))
    assert games < summary < written
    assert lines[written].endswith(" s")


def test_simulate_no_records_writes_the_same_summary_and_no_games_jsonl(
    toystats: type, tmp_path: Path
) -> None:
    args = ["simulate", "toystats", "-n", "9", "-b", "heuristic,random", "-w", "2", "-s", "3", "-q"]
    assert _run(*args, "-r", str(tmp_path / "with")).exit_code == 0
    without = _run(*args, "--no-records", "-r", str(tmp_path / "without"))
    assert without.exit_code == 0, without.output
    with_dir, without_dir = tmp_path / "with", tmp_path / "without"
    assert (with_dir / "summary.json").read_bytes() == (without_dir / "summary.json").read_bytes()
    assert not (without_dir / "games.jsonl").exists()
    assert sorted(p.name for p in with_dir.iterdir()) == sorted(
        [*(p.name for p in without_dir.iterdir()), "games.jsonl"]
    )
    report = (without_dir / "report.md").read_text()
    assert "--no-records" in report  # the command that regenerates this very report
    assert report.replace(" --no-records", "").replace(str(without_dir), str(with_dir)) == (
        with_dir / "report.md"
    ).read_text()
    # A report replaced without records loses the old games.jsonl (it would not match).
    again = _run(*args[:-5], "-s", "4", "-q", "--no-records", "--force", "-r", str(with_dir))
    assert again.exit_code == 0, again.output
    assert not (with_dir / "games.jsonl").exists()


def test_no_records_takes_no_value(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "LANG": "C.UTF-8", "COLUMNS": "80", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "savanna.cli", "simulate", "banjooli", "-b", "random",
         "-r", str(tmp_path / "r"), "--no-records=yes"],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ")
    assert "--no-records" in done.stderr
    assert not (tmp_path / "r").exists()


def test_a_plain_simulate_does_not_load_scipy(tmp_path: Path) -> None:
    """scipy (the fairness tests' statistics) is imported only when a test is asked: a plain
    ``simulate`` starts and ends without it (about a second of CPU saved on each run)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from savanna.cli import main\n"
        "sys.argv = ['savanna', 'simulate', 'hyena', '--bots', 'random', '--games', '4', '--quiet', '--workers', '1', '--report', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print('scipy' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "r")], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stdout + done.stderr
    assert (tmp_path / "r" / "games.jsonl").exists()
