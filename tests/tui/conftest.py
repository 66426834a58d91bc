"""Helpers for the terminal tests: a recording console and a scripted keyboard."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from rich.console import Console

from savanna.core import Game, load_game
from savanna.table import Entry
from savanna.tui.seat import parse_seats
from savanna.tui.session import PlaySession

HANDOVER = re.compile(r"^(?:Pass the keyboard to|Passez le clavier à) \S+ (\d+)")


class Keyboard:
    """Types prepared lines; the prompts are written to the console like a real terminal.

    With ``handover`` set, a hot-seat hand-over is answered with the seat number it asks
    for, without using a prepared line (as the next player would).
    """

    def __init__(self, console: Console, lines: Iterable[str], handover: bool = False) -> None:
        self.console = console
        self.lines = list(lines)
        self.prompts: list[str] = []
        self.handover = handover

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        found = HANDOVER.match(prompt)
        if self.handover and found:
            line = found.group(1)
        elif not self.lines:
            raise EOFError
        else:
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
    handover: bool = True,
) -> tuple[PlaySession, Keyboard]:
    """A session on a memory console with a scripted keyboard (hand-overs answered)."""
    spec = parse_seats(seats)
    configured = load_game(game, players=players or len(spec)) if isinstance(game, str) else game
    console = make_console(width, height)
    keys = Keyboard(console, lines, handover)
    play = PlaySession(
        configured,
        spec,
        seed=seed,
        lang=lang,
        console=console,
        read=keys,
        out=tmp_path / "game.json",
        history=list(history),
        flush=lambda: None,
    )
    return play, keys


def apply(play: PlaySession, action: int) -> Entry:
    """Play ``action`` at ``play``'s table as it stands (any seat's, or a chance outcome)."""
    table = play.table
    table.adopt(table.propose_known([action]))
    return table.log[-1]


def moves_of(play: PlaySession, seat: int = 0) -> list[str]:
    """The notation of every action ``seat`` played in the session."""
    return [e.text for e in play.table.log if e.actor == seat]


@pytest.fixture
def toy(toy_game_class: type[Game]) -> type[Game]:
    """The toy game class, registered as ``toy``."""
    return toy_game_class
