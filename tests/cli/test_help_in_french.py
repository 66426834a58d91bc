"""``savanna --help`` and each command's ``--help`` in French, as a person reads them.

The help is looked up when the command line's modules are imported, in ``--lang`` or the
locale, so each case runs ``savanna`` in a fresh process at 80 columns: under a French
locale, or with ``--lang fr`` in an English one. The description, every option's help
and Typer's frame (panel titles, ``[défaut : ...]``, the ``--help`` line) are the
catalogue's French; no English sentence of the help is left. The lab's commands keep
their own test.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from savanna.cli.errors import MESSAGES

WIDTH = 80
BOX = re.compile(r"[│╭╮╰╯─*]")
COMMANDS = {
    "games": ["commands.help.games"],
    "playout": ["commands.help.playout", "commands.help.playout_seed", "commands.help.playout_out"],
    "replay": ["commands.help.replay", "commands.help.replay_file", "commands.help.replay_step"],
    "bench": ["commands.help.bench", "commands.help.bench_seconds", "commands.help.bench_json"],
    "analyse": [
        "analyse.help.about",
        "analyse.help.seat",
        "analyse.help.at",
        "analyse.help.seconds",
        "analyse.help.plot",
        "analyse.help.quiet",
    ],
    "play": ["play.help.about", "play.help.seats", "play.help.load", "play.help.coach", "play.help.out"],
    "serve": ["savanna.help.serve"],
}


def savanna_help(*args: str, lang: str, tmp_path: Path) -> str:
    env = {**os.environ, "LANG": lang, "COLUMNS": str(WIDTH), "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    done = subprocess.run(
        [sys.executable, "-m", "savanna.cli", *args, "--help"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert all(len(line) <= WIDTH for line in done.stdout.splitlines())
    return done.stdout


def flat(text: str) -> str:
    """The words of a help screen or a catalogue text, in one line (frames, wrapping,
    no-break spaces and backquote styles set aside)."""
    return " ".join(BOX.sub(" ", text.replace("\u00a0", " ").replace("\\[", "[")).split())


def shown(key: str, **fields: object) -> str:
    return flat(MESSAGES.text(key, "fr", **fields))


def test_savanna_help_in_french_under_a_french_locale(tmp_path: Path) -> None:
    out = flat(savanna_help(lang="fr_FR.UTF-8", tmp_path=tmp_path))
    for key in ("savanna.help.about", "savanna.help.version", "savanna.help.lang_root", "savanna.frame.help"):
        assert shown(key) in out, key
    assert "Commandes" in out and "Commands" not in out
    assert "Show this message" not in out and "board games" not in out
    # each command's line in the list is the start of its French description
    assert "Jouer une partie dans le terminal" in out and "Rejouer un enregistrement" in out


def test_savanna_lang_fr_help_in_an_english_locale(tmp_path: Path) -> None:
    french = flat(savanna_help("--lang", "fr", lang="C.UTF-8", tmp_path=tmp_path))
    english = flat(savanna_help(lang="C.UTF-8", tmp_path=tmp_path))
    assert shown("savanna.help.about") in french
    assert "Savanna: African race-and-wager board games for people and programs." in english
    assert "Show this message and exit." in english and "Commands" in english


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_commands_help_in_french(command: str, tmp_path: Path) -> None:
    out = flat(savanna_help(command, "--lang", "fr", lang="C.UTF-8", tmp_path=tmp_path))
    for key in COMMANDS[command]:
        for paragraph in MESSAGES.text(key, "fr").split("\n\n"):
            assert flat(paragraph.replace("``", "`")) in out, (key, paragraph)
    assert shown("savanna.frame.help") in out
    assert "Show this message" not in out


def test_the_frame_of_a_commands_help_in_french(tmp_path: Path) -> None:
    out = flat(savanna_help("analyse", lang="fr_FR.UTF-8", tmp_path=tmp_path))
    assert "Arguments" in out and "Options" in out
    assert "[obligatoire]" in out and "[required]" not in out
    assert "[par défaut : heuristic]" in out and "[default:" not in out
    assert shown("analyse.help.samples", review=768, at=400).split(" (")[0] in out
    assert "heuristic, random" in out


def test_the_version_line_in_french(tmp_path: Path) -> None:
    env = {**os.environ, "LANG": "C.UTF-8", "NO_COLOR": "1"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    done = subprocess.run(
        [sys.executable, "-m", "savanna.cli", "--lang", "fr", "--version"],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120, check=True,
    )
    line = done.stdout.strip()
    assert line.startswith("savanna ") and "\u00a0; moteurs\u00a0: " in line, line
