"""The lab in French: ``savanna simulate`` and ``savanna tournament`` as a French reader
sees them (their ``--help`` under a French locale or ``--lang fr``, what they print), and
the same commands unchanged in English."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from savanna.cli import app
from savanna.cli.errors import MESSAGES

ROOT = Path(__file__).resolve().parents[2]
BOX = re.compile(r"[│╭╮╰╯─]")

SIMULATE_HELP = [
    "simulate", "game", "bots", "report", "games", "vary", "test", "until_width", "until_score_width",
    "restrict", "margin", "score_margin", "workers", "ray", "seed", "force", "no_records", "quiet", "lang",
]  # fmt: skip
TOURNAMENT_HELP = ["tournament", "game", "bots", "pairing_games", "workers", "ray", "seed", "quiet", "lang"]


def flat(text: str) -> str:
    """Text as read, whatever the wrapping: box lines gone, spaces (no-break ones too) single."""
    return " ".join(BOX.sub(" ", text).replace("\u00a0", " ").replace("`", "").split())


def help_of(command: str, *flags: str, env: dict[str, str]) -> str:
    """``savanna COMMAND --help`` as a program, at 80 columns."""
    full = {**os.environ, "COLUMNS": "80", "LINES": "24", "NO_COLOR": "1", "TERM": "dumb", **env}
    full.pop("LC_ALL", None)
    full.pop("LC_MESSAGES", None)
    full["PYTHONPATH"] = str(ROOT / "src")
    done = subprocess.run(
        [sys.executable, "-m", "savanna.cli", command, "--help", *flags],
        capture_output=True,
        text=True,
        env=full,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return flat(done.stdout)


@pytest.mark.parametrize(
    ("command", "keys"), [("simulate", SIMULATE_HELP), ("tournament", TOURNAMENT_HELP)]
)
@pytest.mark.parametrize(
    ("flags", "env"), [((), {"LANG": "fr_FR.UTF-8"}), (("--lang", "fr"), {"LANG": "C.UTF-8"})]
)
def test_the_lab_commands_help_is_french_under_a_french_locale_or_lang_fr(
    command: str, keys: list[str], flags: tuple[str, ...], env: dict[str, str]
) -> None:
    shown = help_of(command, *flags, env=env)
    for key in keys:
        french = flat(MESSAGES.text(f"lab.help.{key}", "fr"))
        english = flat(MESSAGES.text(f"lab.help.{key}", "en"))
        assert french in shown, key
        assert english not in shown, key


def test_the_lab_commands_help_stays_english_in_an_english_locale() -> None:
    shown = help_of("simulate", env={"LANG": "en_GB.UTF-8"})
    assert "Play many games between bots and write a report with 95% confidence intervals." in shown
    assert "Comma-separated bot specs, cycled to fill the seats" in shown
    assert "Jouer de nombreuses parties" not in shown


def test_simulate_prints_in_french_with_lang_fr(toystats: type, tmp_path: Path) -> None:
    args = ["simulate", "toystats", "-n", "6", "-b", "heuristic,random", "-w", "1", "-q"]
    done = CliRunner().invoke(app, [*args, "-r", str(tmp_path / "fr"), "--lang", "fr"])
    assert done.exit_code == 0, done.output
    out = flat(done.output)
    assert "toystats : 6 parties, taux de victoire [IC 95 %]" in out
    assert "robot" in out and "places-parties" in out
    assert f"rapport : {tmp_path / 'fr' / 'report.md'}" in out
    english = CliRunner().invoke(app, [*args, "-r", str(tmp_path / "en"), "--lang", "en"])
    assert "toystats: 6 games, win rate [95% CI]" in flat(english.output)
    assert f"report: {tmp_path / 'en' / 'report.md'}" in flat(english.output)


def test_tournament_prints_in_french_with_lang_fr(toy_game_class: type) -> None:
    args = ["tournament", "toy", "-b", "random,heuristic", "-n", "1", "-w", "1", "-q", "--lang", "fr"]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    out = flat(done.output)
    assert "toy : toutes rondes, 1 partie par paire" in out
    assert "face à face : victoires de la ligne / parties contre la colonne" in out
    assert {"rang", "robot", "classement", "parties"} <= set(out.split())


def test_a_lab_refusal_is_french_with_lang_fr(
    toystats: type, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["simulate", "toystats", "-b", "random", "-t", "seat", "--until-width", "200"]
    args += ["-r", str(tmp_path), "-q", "--lang", "fr"]
    monkeypatch.setattr(sys, "argv", ["savanna", *args])  # errors find --lang on the command line
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 2
    assert "--until-width est en points de taux de victoire (au plus 100), pas 200" in flat(done.output)
