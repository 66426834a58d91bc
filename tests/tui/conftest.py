"""Helpers for the terminal tests: a recording console and a scripted keyboard."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

import pytest
from rich.console import Console

from savanna.core import Game, load_game
from savanna.tui.seat import parse_seats
from savanna.tui.session import PlaySession


class Keyboard:
    """Types prepared lines; the prompts are written to the console like a real terminal."""

    def __init__(self, console: Console, lines: Iterable[str]) -> None:
        self.console = console
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        self.console.file.write(f"{prompt}{line}\n")
        return line


def make_console(width: int = 80, height: int = 24) -> Console:
    """A plain-text console writing to memory."""
    return Console(
        file=io.StringIO(), width=width, height=height, color_system=None, force_terminal=False
    )


def screen(console: Console) -> str:
    """Everything written to ``console`` so far."""
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def session(
    game: Game | str,
    seats: str,
    lines: Iterable[str],
    tmp_path: Path,
    *,
    seed: int = 1,
    lang: str = "en",
    history: Iterable[int] = (),
    width: int = 80,
    height: int = 24,
    players: int | None = None,
) -> tuple[PlaySession, Keyboard]:
    """A session on a memory console with a scripted keyboard."""
    spec = parse_seats(seats)
    configured = load_game(game, players=players or len(spec)) if isinstance(game, str) else game
    console = make_console(width, height)
    keys = Keyboard(console, lines)
    play = PlaySession(
        configured,
        spec,
        seed=seed,
        lang=lang,
        console=console,
        read=keys,
        out=tmp_path / "game.json",
        history=list(history),
    )
    return play, keys


@pytest.fixture
def toy(toy_game_class: type[Game]) -> type[Game]:
    """The toy game class, registered as ``toy``."""
    return toy_game_class
