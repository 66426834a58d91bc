"""Drawing a position in the terminal with Rich: board, status, choices, end of game.

The board is the game's own :meth:`~savanna.core.Game.render_text`; this module only adds
colour and arranges the screen. What it shows about a game comes from the game's declared
hooks (the terminal imports no game): :meth:`~savanna.core.Game.text_styles` gives
``(regular expression, Rich style)`` pairs applied in order to the plain-text drawing (a
game that gives them decides the colours of its pieces; the frames and empty squares stay
dim; a game that gives none gets a generic highlighter: frames, dots, numbers, lone
capitals), :meth:`~savanna.core.Game.score_sheets` the scoring worked out at the end,
:meth:`~savanna.core.Game.legend` and :meth:`~savanna.core.Game.rules_summary` the help.
``NO_COLOR`` in the environment turns colour off (Rich honours it). Everything here draws
from an :class:`~savanna.core.Observation`, never from a state, so a drawing can only show
what its viewer may know.

On a short terminal (an 80x24 window) a tall board is drawn with the status and the
choices beside it, so that nothing scrolls away.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from savanna.core import Game, Observation, ScoreSheet
from savanna.i18n.tui import MESSAGES as M
from savanna.tui.choice import Choice

__all__ = [
    "COMPACT_HEIGHT",
    "SIDE_MIN",
    "arrange",
    "board",
    "board_body",
    "choice_cells",
    "choices_table",
    "clear_screen",
    "format_score",
    "game_help",
    "game_title",
    "score_sheet_table",
    "secret_lines",
    "secure_clear",
    "status_panel",
    "status_rows",
]

COMPACT_HEIGHT = 30
"""Terminals shorter than this get the compact layout (no frames, one status line)."""

SIDE_MIN = 30
"""The narrowest column beside a board worth using for the status and choices."""

# Generic colouring of a plain-text board: frames, empty squares, numbers.
_FRAMES: tuple[tuple[str, str], ...] = (
    (r"[|+\-=_/\\#]+", "dim"),
    (r"[.·:]+", "bright_black"),
)
# ... and, for a game without its own styles, lone capitals (pieces, runners) and tokens.
_PIECES: tuple[tuple[str, str], ...] = (
    (r"\b\d+\b", "cyan"),
    (r"\b[A-Z]\b", "bold yellow"),
    (r"[oO@*]", "bold magenta"),
)


def game_title(game: Game, lang: str) -> str:
    """The game's display title in ``lang``."""
    return game.spec.title_fr if lang == "fr" and game.spec.title_fr else game.spec.title


def board_body(game: Game, observation: Observation, lang: str) -> RenderableType:
    """The board drawing of ``observation``, coloured, without frame or title."""
    body = Text(game.render_text(observation, lang).strip("\n"), no_wrap=True, overflow="crop")
    styles = game.text_styles(lang)
    for pattern, style in (*_FRAMES, *(_PIECES if styles is None else styles)):
        body.highlight_regex(pattern, style)
    return body


def board(
    game: Game, observation: Observation, lang: str, *, title: str = "", compact: bool = False
) -> RenderableType:
    """The board drawing of ``observation``: in a panel, or under a title line when ``compact``."""
    body = board_body(game, observation, lang)
    heading = title or game_title(game, lang)
    if compact:
        return Group(Rule(heading, align="left", style="dim"), body)
    return Panel(body, title=heading, title_align="left", expand=False)


def format_score(value: float) -> str:
    """A score without a useless ``.0``."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def status_rows(
    lang: str,
    *,
    turn: str,
    chance: Sequence[str],
    last: Sequence[str],
    scores: Sequence[tuple[str, str]] | None,
) -> list[tuple[str, Text]]:
    """The status as ``(label, value)`` rows: whose turn, chance, recent moves, scores."""
    rows: list[tuple[str, Text]] = [(M("status.turn", lang), Text(turn, style="bold green"))]
    if chance:
        rows.append((M("status.chance", lang), Text("  ".join(chance), style="cyan")))
    if last:
        rows.append((M("status.last", lang), Text("; ".join(last))))
    if scores:
        rows.append((M("status.scores", lang), Text("  ".join(f"{who} {s}" for who, s in scores))))
    return rows


def _status_lines(rows: Sequence[tuple[str, Text]], lang: str) -> Text:
    """One ``label: value`` line per row (French puts a space before the colon)."""
    out = Text()
    for i, (label, value) in enumerate(rows):
        if i:
            out.append("\n")
        out.append(label + M("colon", lang), style="bold")
        out.append(value)
    return out


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
    rows = status_rows(lang, turn=turn, chance=chance, last=last, scores=scores)
    return _status_line(rows, lang) if compact else _status_framed(rows, lang)


def _status_line(rows: Sequence[tuple[str, Text]], lang: str) -> Text:
    """The rows on one wrapped line, separated by bars."""
    line = Text()
    for i, (label, value) in enumerate(rows):
        if i:
            line.append(" | ", style="dim")
        line.append(label + M("colon", lang), style="bold")
        line.append(value)
    return line


def _status_framed(rows: Sequence[tuple[str, Text]], lang: str) -> Panel:
    """The rows as a two-column grid in a panel."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    for label, value in rows:
        grid.add_row(label, value)
    return Panel(grid, title=M("status.title", lang), title_align="left", expand=False)


def choice_cells(choices: Sequence[Choice], lang: str) -> list[Text]:
    """One ``code) notation`` cell per entry; a family says how to type its argument."""
    cells: list[Text] = []
    for choice in choices:
        cell = Text()
        cell.append(f"{choice.code})", style="bold cyan")
        cell.append(" ")
        if not choice.is_family:
            cell.append(choice.text)
        elif choice.alphabet:
            cell.append(
                M(
                    "family.subset",
                    lang,
                    verb=choice.text,
                    chars=" ".join(choice.alphabet),
                    example=choice.example,
                )
            )
        else:
            cell.append(
                M(
                    "family.some",
                    lang,
                    verb=choice.text,
                    n=len(choice.members),
                    example=choice.example,
                )
            )
        cells.append(cell)
    return cells


def choices_table(
    codes: Sequence[str] | Sequence[Text], texts: Sequence[str] | None, width: int
) -> Table:
    """Cells packed into as many columns as fit ``width``.

    Either ``codes`` and ``texts`` (drawn ``code) text``), or ready cells and ``None``.
    """
    cells: list[Text]
    if texts is None:
        cells = [c if isinstance(c, Text) else Text(c) for c in codes]
    else:
        cells = []
        for code, text in zip(codes, texts, strict=True):
            cell = Text(f"{code}) {text}")
            cell.highlight_regex(r"^#?\d+\)", "bold cyan")
            cells.append(cell)
    per_row, _ = _pack(cells, width)
    grid = Table.grid(padding=(0, 2))
    for _ in range(per_row):
        # A lone column wraps a long entry rather than cutting it.
        grid.add_column(no_wrap=per_row > 1, overflow="fold")
    for start in range(0, len(cells), per_row):
        row = [c.copy() for c in cells[start : start + per_row]]
        row += [Text("")] * (per_row - len(row))
        grid.add_row(*row)
    return grid


def _pack(cells: Sequence[Text], width: int) -> tuple[int, int]:
    """How many cells per row fit ``width``, and how many rows that makes."""
    if not cells:
        return 1, 0
    cell_width = max(c.cell_len for c in cells) + 2
    per_row = max(1, min(len(cells), (width + 2) // cell_width))
    if per_row == 1:
        return 1, sum(max(1, math.ceil(c.cell_len / max(width, 1))) for c in cells)
    return per_row, math.ceil(len(cells) / per_row)


def _height(console: Console, renderable: RenderableType, width: int) -> int:
    return len(console.render_lines(renderable, console.options.update_width(width), pad=False))


def _width(console: Console, renderable: RenderableType) -> int:
    return Measurement.get(console, console.options, renderable).maximum


def arrange(
    console: Console,
    *,
    heading: str,
    body: RenderableType,
    rows: Sequence[tuple[str, Text]],
    lang: str,
    cells: Sequence[Text] = (),
    cells_title: str = "",
    more: str = "",
    reserve: int = 2,
) -> RenderableType:
    """The screen: board, status and choices arranged for the console's size.

    A tall terminal gets framed panels (side by side when it is wide). A short one gets a
    title line, the board and, when the board with everything under it would not fit the
    height, the status and choices in a column beside the board; choices that do not fit
    end with ``more`` (formatted with the number left out, ``{n}``).

    Args:
        console: the console drawn on (its size decides the layout).
        heading: the title (game and viewer).
        body: the board drawing.
        rows: the status rows.
        lang: ``"en"`` or ``"fr"``.
        cells: the choices, if the viewer is to choose.
        cells_title: a line above the choices (tall layouts only).
        more: the note for choices left out, with an ``{n}`` field.
        reserve: lines kept free under the drawing (prompt, one message).
    """
    width, height = console.width, console.height
    if height >= COMPACT_HEIGHT:
        framed = Panel(body, title=heading, title_align="left", expand=False)
        status = _status_framed(rows, lang)
        parts: list[RenderableType] = []
        if width >= 110:
            top = Table.grid(padding=(0, 1))
            top.add_row(framed, status)
            parts.append(top)
        else:
            parts += [framed, status]
        if cells:
            if cells_title:
                parts.append(Text(cells_title, style="bold"))
            parts.append(choices_table(list(cells), None, width))
        return Group(*parts)
    title = Rule(heading, align="left", style="dim")
    board_w = _width(console, body)
    board_h = _height(console, body, width)
    status_line = _status_line(rows, lang)
    status_h = _height(console, status_line, width)
    _, cell_rows = _pack(cells, width)
    free = height - reserve - 1 - board_h - status_h
    side_w = width - board_w - 2
    if cell_rows > free and side_w >= SIDE_MIN:
        side_parts: list[RenderableType] = [_status_lines(rows, lang)]
        used = _height(console, side_parts[0], side_w)
        room = height - reserve - 1 - used
        shown = _fit(list(cells), side_w, room, more)
        if shown is not None:
            side_parts.append(shown)
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, width=board_w)
        grid.add_column(width=side_w)
        grid.add_row(body, Group(*side_parts))
        return Group(title, grid)
    parts = [title, body, status_line]
    if cells:
        shown = _fit(list(cells), width, max(free, 3), more)
        if shown is not None:
            parts.append(shown)
    return Group(*parts)


def _fit(cells: list[Text], width: int, room: int, more: str) -> RenderableType | None:
    """The choices packed into ``width``, cut to ``room`` lines with a note when too many."""
    if not cells:
        return None
    per_row, rows = _pack(cells, width)
    if rows <= room or room < 2:
        return choices_table(cells, None, width)
    keep = max(1, (room - 1) * per_row)
    note = Text(more.format(n=len(cells) - keep), style="dim")
    return Group(choices_table(cells[:keep], None, width), note)


def secret_lines(public: str, private: str) -> list[str]:
    """The lines of ``private`` (a seat's drawing) that the public drawing does not have.

    Drawings are compared line by line, so a seat's card, hand or peeks stand out without
    the terminal knowing what they are.
    """
    remaining: dict[str, int] = {}
    for line in public.splitlines():
        remaining[line.rstrip()] = remaining.get(line.rstrip(), 0) + 1
    out: list[str] = []
    for line in private.splitlines():
        key = line.rstrip()
        if remaining.get(key, 0) > 0:
            remaining[key] -= 1
        elif key.strip():
            out.append(key.strip())
    return out


def score_sheet_table(
    game: Game, sheets: Sequence[ScoreSheet], headers: Sequence[str], lang: str
) -> Table:
    """The scoring worked out line by line: one row per seat, best first.

    Each row gives the place, the seat's short name, its score lines (the game's labels
    with the points each adds), how a tie was broken, and the total.

    Args:
        game: the game (its catalogue words the labels).
        sheets: one score sheet per seat (``game.score_sheets(observation)``).
        headers: each seat's short name.
        lang: ``"en"`` or ``"fr"``.
    """
    table = Table(
        title=M("end.breakdown", lang), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False
    )
    table.add_column(M("col.place.short", lang), justify="right")
    table.add_column(M("col.player", lang), no_wrap=True)
    table.add_column(M("col.lines", lang), overflow="fold")
    table.add_column(M("col.score", lang), justify="right", style="bold")
    for sheet in sorted(sheets, key=lambda s: (s.place, s.seat)):
        words = []
        for line in sheet.lines:
            text = game.label_text(line.label, lang)
            words.append(text if line.points is None else f"{text} {format_points(line.points)}")
        working = Text("; ".join(words))
        if sheet.tiebreak is not None:
            working.append(f" ({game.label_text(sheet.tiebreak, lang)})", style="italic")
        table.add_row(str(sheet.place + 1), headers[sheet.seat], working, format_score(sheet.total))
    return table


def format_points(points: float) -> str:
    """Points a score line adds, signed (``+5``, ``+0``, ``-2``)."""
    return ("+" if points >= 0 else "") + format_score(points)


def game_help(game: Game, lang: str) -> RenderableType:
    """The game's rules in short and the meaning of the drawing's symbols."""
    parts: list[RenderableType] = [Text(M("help.rules", lang), style="bold"), Text(game.rules_summary(lang))]
    legend = game.legend(lang)
    if legend:
        parts.append(Text(M("help.legend", lang), style="bold"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(overflow="fold")
        for symbol, meaning in legend:
            grid.add_row(Text(symbol), Text(meaning))  # never Rich markup: "[a]" is a symbol
        parts.append(grid)
    return Group(*parts)


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
