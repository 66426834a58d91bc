"""Every command's ``--help`` reads cleanly at 80 columns.

The description is wrapped by the terminal's width, not by the docstring's line breaks
(no line ends early, as "work at" once did), every word of the docstring and of each
option's help is shown (square brackets are text, not Rich styles), and nothing is wider
than the window.
"""

from __future__ import annotations

import itertools
import re

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from savanna.cli import app

WIDTH = 80
_COMMAND = typer.main.get_command(app)
assert isinstance(_COMMAND, TyperGroup)
ROOT: TyperGroup = _COMMAND
COMMANDS = sorted(ROOT.commands)
BOX = re.compile(r"[│╭╮╰╯─]")


def render(*args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": str(WIDTH)}, terminal_width=WIDTH)
    assert result.exit_code == 0, result.output
    return result.output


def words(text: str) -> list[str]:
    return text.replace("``", "`").split()


def test_there_are_commands_to_check() -> None:
    assert {"play", "serve", "games", "replay", "simulate"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_commands_help_fits_80_columns_and_wraps_by_the_window(name: str) -> None:
    out = render(name)
    lines = out.splitlines()
    assert all(len(line) <= WIDTH for line in lines), [line for line in lines if len(line) > WIDTH]
    top = lines[: next(i for i, line in enumerate(lines) if line.startswith("╭"))]
    description = [line.strip() for line in top if line.strip() and not line.strip().startswith("Usage:")]
    # greedy wrapping: the next line's first word would not have fitted on the line before
    room = WIDTH - 2
    for before, after in itertools.pairwise(top):
        if before.strip() and after.strip() and not before.strip().startswith("Usage:"):
            assert len(before.strip()) + 1 + len(after.split()[0]) > room, (before, after)
    command = ROOT.commands[name]
    doc = command.help or ""
    shown = " ".join(description)
    for paragraph in doc.split("\n\n"):
        expected = " ".join(words(paragraph.replace("\\[", "[")))
        assert expected in shown, (expected, shown)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_word_of_every_options_help_is_shown(name: str) -> None:
    out = BOX.sub(" ", render(name))
    shown = set(out.split())
    for param in ROOT.commands[name].params:
        text = getattr(param, "help", None) or ""
        missing = [w for w in words(text) if w not in shown and not any(w in s for s in shown)]
        assert not missing, (param.name, missing)


@pytest.mark.parametrize("name", COMMANDS)
def test_each_option_shows_what_a_person_types_after_it(name: str) -> None:
    """A flag takes nothing (``--coach``, not ``--coach <bool>``, which reads as ``--coach
    true``), and a repeatable option one value each time (``-o <str>``, given again for
    another), never a Python type such as ``<list[str]>``."""
    out = render(name)
    assert "<bool>" not in out and "list[" not in out, out
