"""Drawing a position in the terminal with Rich: board, status panel, choices.

The board is the game's own :meth:`~savanna.core.Game.render_text`; this module only adds
colour, through a generic highlighter, or through a game's optional ``render_rich`` hook
(``render_rich(observation, lang)`` returning a Rich renderable or Rich markup). Everything
here draws from an :class:`~savanna.core.Observation`, never from a state, so a drawing can
only show what its viewer may know.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from savanna.core import Game, Observation
from savanna.i18n.tui import MESSAGES as M

__all__ = [
    "COMPACT_HEIGHT",
    "board",
    "choices_table",
    "clear_screen",
    "format_score",
    "game_title",
    "secure_clear",
    "status_panel",
]

COMPACT_HEIGHT = 30
"""Terminals shorter than this get the compact layout (no frames, one status line)."""

# Generic colouring of a plain-text board: numbers, capitals standing alone (pieces,
# runners, seats), frames and empty squares.
_HIGHLIGHTS: tuple[tuple[str, str], ...] = (
    (r"[|+\-=_/\\#]+", "dim"),
    (r"[.·:]+", "bright_black"),
    (r"\b\d+\b", "cyan"),
    (r"\b[A-Z]\b", "bold yellow"),
    (r"[oO@*]", "bold magenta"),
)


def game_title(game: Game, lang: str) -> str:
    """The game's display title in ``lang``."""
    return game.spec.title_fr if lang == "fr" and game.spec.title_fr else game.spec.title


def board(
    game: Game, observation: Observation, lang: str, *, title: str = "", compact: bool = False
) -> RenderableType:
    """The board drawing of ``observation``: in a panel, or under a title line when ``compact``."""
    hook: Any = getattr(game, "render_rich", None)
    body: RenderableType
    if callable(hook):
        drawn = hook(observation, lang)
        body = Text.from_markup(drawn) if isinstance(drawn, str) else drawn
    else:
        body = Text(game.render_text(observation, lang).strip("\n"), no_wrap=True, overflow="crop")
        for pattern, style in _HIGHLIGHTS:
            body.highlight_regex(pattern, style)
    heading = title or game_title(game, lang)
    if compact:
        return Group(Rule(heading, align="left", style="dim"), body)
    return Panel(body, title=heading, title_align="left", expand=False)


def format_score(value: float) -> str:
    """A score without a useless ``.0``."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def status_panel(
    lang: str,
    *,
    turn: str,
    chance: Sequence[str],
    last: Sequence[str],
    scores: Sequence[tuple[str, str]] | None,
    compact: bool = False,
) -> RenderableType:
    """The status: whose turn, recent chance outcomes, recent moves and scores.

    A panel, or one wrapped line when ``compact`` (an 80x24 terminal).
    """
    rows: list[tuple[str, Text]] = [(M("status.turn", lang), Text(turn, style="bold green"))]
    if chance:
        rows.append((M("status.chance", lang), Text("  ".join(chance), style="cyan")))
    if last:
        rows.append((M("status.last", lang), Text("; ".join(last))))
    if scores:
        rows.append((M("status.scores", lang), Text("  ".join(f"{who} {s}" for who, s in scores))))
    if compact:
        line = Text()
        for i, (label, value) in enumerate(rows):
            if i:
                line.append(" | ", style="dim")
            line.append(f"{label}: ", style="bold")
            line.append(value)
        return line
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    for label, value in rows:
        grid.add_row(label, value)
    return Panel(grid, title=M("status.title", lang), title_align="left", expand=False)


def choices_table(codes: Sequence[str], texts: Sequence[str], width: int) -> RenderableType:
    """The legal actions as ``code) notation`` cells, packed into columns that fit ``width``."""
    cells = [f"{code}) {text}" for code, text in zip(codes, texts, strict=True)]
    cell_width = max((len(c) for c in cells), default=1) + 2
    per_row = max(1, min(len(cells), (width - 2) // cell_width))
    grid = Table.grid(padding=(0, 2))
    for _ in range(per_row):
        grid.add_column(no_wrap=True)
    for start in range(0, len(cells), per_row):
        row = [Text(c) for c in cells[start : start + per_row]]
        for text in row:
            text.highlight_regex(r"^#?\d+\)", "bold cyan")
        row += [Text("")] * (per_row - len(row))
        grid.add_row(*row)
    return grid


def frame(*parts: RenderableType) -> Group:
    """Renderables stacked top to bottom."""
    return Group(*parts)


def clear_screen(console: Console) -> None:
    """Start a fresh drawing on a real terminal (does nothing on a dumb one or in a file)."""
    if console.is_terminal and not console.is_dumb_terminal:
        console.file.write("\x1b[H\x1b[2J")
        console.file.flush()


def secure_clear(console: Console) -> None:
    """Wipe the screen *and* its scroll-back before the keyboard changes hands.

    On a terminal without cursor control, enough blank lines push everything off screen.
    """
    if console.is_terminal and not console.is_dumb_terminal:
        console.file.write("\x1b[H\x1b[2J\x1b[3J")
        console.file.flush()
    else:
        console.print("\n" * max(console.height, 24), end="")


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def strip_ansi(text: str) -> str:
    """``text`` without terminal control sequences (for tests and snapshots)."""
    return _ANSI.sub("", text)
