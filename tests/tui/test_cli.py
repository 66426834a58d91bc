"""``savanna play`` as a program: its arguments, errors and exit codes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(
    *args: str, stdin: str = "", cwd: Path = ROOT, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``savanna`` (with the toy game registered) as a subprocess."""
    full_env = {
        **os.environ,
        "COLUMNS": "80",
        "LINES": "24",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "LANG": "C.UTF-8",
    }
    full_env.pop("LC_ALL", None)
    full_env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "tests.tui.launcher", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=full_env,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "toy", "--seats", "human,dragon"], "unknown bot 'dragon'"),
        (["play", "toy", "--option", "length=99"], "option 'length' must be from 3 to 20"),
        (["play", "toy", "--option", "nope"], "KEY=VALUE"),
        (
            ["play", "toy", "--seats", "human,human,human,human,human"],
            "toy is played by 2 to 4 players",
        ),
        (["play", "toy", "--lang", "de"], "--lang must be one of en, fr"),
        (["play", "toy", "--seed", "-3"], "--seed must be a whole number from 0 to"),
        (["play", "toy", "--pause", "-1"], "--pause must be zero or more"),
        (["play", "--load", "no-such-file.json"], "cannot read 'no-such-file.json'"),
        (["play", "toy", "--sets", "x"], "error: no such option: --sets (did you mean --seats?)"),
        (["play", "toy", "--players", "9"], "toy is played by 2 to 4 players"),
        (["play", "toy", "--players", "3", "--seats", "human,bot:random"], "--players 3 but --seats lists 2"),
    ],
)
def test_bad_arguments_exit_2_without_traceback(
    args: list[str], needle: str, tmp_path: Path
) -> None:
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert needle in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_errors_follow_the_locale(tmp_path: Path) -> None:
    done = run("play", "chess", cwd=tmp_path, env={"LANG": "fr_FR.UTF-8"})
    assert done.returncode == 2 and "jeu inconnu 'chess'" in done.stderr


def test_load_refuses_a_corrupt_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    done = run("play", "--load", str(bad), cwd=tmp_path)
    assert done.returncode == 2 and "not valid JSON" in done.stderr


def test_bots_only_game_writes_the_default_record(tmp_path: Path) -> None:
    done = run(
        "play",
        "toy",
        "--seats",
        "bot:random,bot:heuristic",
        "--seed",
        "4",
        "--pause",
        "0",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    (written,) = tmp_path.glob("toy-*.savanna.json")  # named by date and time, not by seed
    assert "-4." not in written.name
    assert "Record written to" in done.stdout and written.name in done.stdout


def test_no_seats_means_you_against_heuristic_bots(tmp_path: Path) -> None:
    done = run("play", "toy", "--seed", "2", "--pause", "0", stdin="quit\ny\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Player 1 (you)" in done.stdout
    (saved,) = tmp_path.glob("toy-*.savanna.json")
    assert '"seats":["human","bot:heuristic"]' in saved.read_text()  # in clear in a save too


def test_players_sets_you_against_that_many_heuristic_bots(tmp_path: Path) -> None:
    """``--players N`` (as other commands take it) seats you and N - 1 heuristic bots."""
    done = run("play", "toy", "--players", "3", "--seed", "2", "--pause", "0", stdin="quit\ny\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (saved,) = tmp_path.glob("toy-*.savanna.json")
    assert '"seats":["human","bot:heuristic","bot:heuristic"]' in saved.read_text()
    again = run("play", "--load", str(saved), "--players", "4", "--pause", "0", cwd=tmp_path)
    assert again.returncode == 2 and "the saved game has 3 players" in again.stderr, again.stderr
