"""Every command-line error is one line with one prefix, and comes before any progress.

Whether the argument parser refuses a flag (unknown, missing its value, not a number) or
Savanna refuses a value (an unknown bot, an option out of range), standard error holds one
line, ``error: ...`` (``erreur : ...`` in French), standard output holds nothing, and the
exit code is 2: no boxed usage text, no progress bar started before the error.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ["games", "playout", "replay", "bench", "simulate", "tournament", "play"]


def savanna(*args: str, cwd: Path, lang: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": lang, "COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    return subprocess.run(
        [sys.executable, "-m", "savanna.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )


def assert_one_line(done: subprocess.CompletedProcess[str], prefix: str = "error: ") -> str:
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(prefix), lines[0]
    assert done.stdout == ""
    assert "╭" not in done.stderr and "Usage:" not in done.stderr
    return lines[0]


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_flag_is_one_line_naming_the_help(command: str, tmp_path: Path) -> None:
    line = assert_one_line(savanna(command, "--bogus", cwd=tmp_path))
    assert "no such option: --bogus" in line and f"savanna {command} --help" in line


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "--seats"], "option --seats needs a value"),
        (["bench", "banjooli", "--seconds", "x"], "--seconds / -t: a number is expected"),
        (["simulate", "banjooli", "--games", "x"], "a whole number is expected"),
        (["simulate"], "missing game"),
        (["nosuch"], "no such command: nosuch"),
        (["play", "--pase", "1"], "did you mean --pause?"),
    ],
)
def test_parser_errors_are_one_line(args: list[str], needle: str, tmp_path: Path) -> None:
    assert needle in assert_one_line(savanna(*args, cwd=tmp_path))


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "banjooli", "--bots", "random,nosuch"],
        ["tournament", "banjooli", "--bots", "random,heuristic", "-o", "tiles=9"],
        ["simulate", "banjooli", "-n", "5", "--bots", "nosuch", "-r", "report"],
        ["simulate", "banjooli", "-n", "5", "--bots", "random", "-o", "tiles=9", "-r", "report"],
        ["playout", "banjooli", "-o", "x=1"],
        ["play", "banjooli", "--seats", "human,dragon"],
    ],
)
def test_long_commands_say_nothing_before_an_argument_error(
    args: list[str], tmp_path: Path
) -> None:
    assert_one_line(savanna(*args, cwd=tmp_path))
    assert not (tmp_path / "report").exists()


def test_errors_are_french_with_one_french_prefix(tmp_path: Path) -> None:
    line = assert_one_line(savanna("play", "--bogus", cwd=tmp_path, lang="fr_FR.UTF-8"), "erreur")
    assert line.startswith("erreur\u00a0: option inconnue\u00a0: --bogus")
    line = assert_one_line(savanna("play", "échecs", cwd=tmp_path, lang="fr_FR.UTF-8"), "erreur")
    assert "jeu inconnu 'échecs'" in line
    line = assert_one_line(savanna("play", "x", "--lang", "fr", cwd=tmp_path), "erreur")
    assert "jeu inconnu 'x'" in line
