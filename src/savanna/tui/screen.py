"""A terminal screen laid out line by line, so that it always fits the window.

Rich draws the pieces (coloured text); this module decides where they go. A screen is a
title line, the game's drawing, and *sections* (whose turn, what just happened, the
choices, the legend) placed beside the drawing when there is room for a column of at
least :data:`SIDE_MIN` characters, else under it. Every section says how few lines it can
live with and how many it would like; the room left is shared out in order, and what
does not fit is cut with a note (a choice list says how many choices are left out), never
silently. A message (a refused move, an undo) and the prompt always keep their lines at the
bottom, so the drawing, the player's turn and the choices stay on screen after a mistake.

Text is wrapped here, not by Rich, and only at ordinary spaces: French puts a no-break
space before ``:``, ``;``, ``?`` and ``!``, which therefore never start a line.

Example:
    >>> lines = wrap(Text("Tapez le code\\u00a0: 1 ou 2"), 13)
    >>> [line.plain for line in lines]
    ['Tapez le', 'code\\xa0: 1 ou 2']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.text import Text

__all__ = [
    "SIDE_MIN",
    "Cells",
    "Lines",
    "Log",
    "Screen",
    "Section",
    "compose",
    "page",
    "paginate",
    "render",
    "wrap",
    "wrap_all",
]

SIDE_MIN = 30
"""The narrowest column beside a drawing worth using for the sections."""

GAP = 2
"""Spaces between the drawing and the column beside it."""


def wrap(text: Text, width: int, indent: int = 0) -> list[Text]:
    """``text`` cut into lines of at most ``width`` characters, at ordinary spaces only.

    Line breaks in ``text`` are kept; a word longer than a line is cut. Continuation lines
    are indented by ``indent`` spaces (a hanging indent for list entries).
    """
    width = max(1, width)
    out: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        out.extend(_wrap_line(line, width, indent))
    return out


def _wrap_line(line: Text, width: int, indent: int) -> list[Text]:
    plain = line.plain.rstrip(" ")
    line = line[: len(plain)]
    if len(plain) <= width:
        return [line]
    words: list[tuple[int, int]] = []
    start = None
    for i, ch in enumerate(plain + " "):
        if ch == " ":
            if start is not None:
                words.append((start, i))
                start = None
        elif start is None:
            start = i
    if words and words[0][0] > 0:
        words[0] = (0, words[0][1])  # an indented line keeps its indent
    out: list[Text] = []
    room = width
    begin: int | None = None
    end = 0
    for w_start, w_end in words:
        if begin is not None and w_end - begin <= room:
            end = w_end
            continue
        if begin is not None:
            out.append(_indented(line[begin:end], indent if out else 0))
            room = max(1, width - indent)
        # a word longer than a line is cut into pieces
        while w_end - w_start > room:
            out.append(_indented(line[w_start : w_start + room], indent if out else 0))
            w_start += room
            room = max(1, width - indent)
        begin, end = w_start, w_end
    if begin is not None:
        out.append(_indented(line[begin:end], indent if out else 0))
    return out or [Text("")]


def _indented(text: Text, indent: int) -> Text:
    return Text(" " * indent) + text if indent else text


def wrap_all(texts: Sequence[Text], width: int, indent: int = 0) -> list[Text]:
    """Every text of ``texts`` wrapped to ``width``, one after the other."""
    return [line for text in texts for line in wrap(text, width, indent)]


class Section(ABC):
    """A part of the screen that can give up lines when room is short.

    Subclasses say how many lines they need at least (:meth:`least`), how many they would
    like (:meth:`most`) and draw themselves in a given number of lines (:meth:`draw`).
    """

    @abstractmethod
    def least(self, width: int) -> int:
        """The fewest lines this section can be drawn in (0: it may be left out)."""

    @abstractmethod
    def most(self, width: int) -> int:
        """The lines this section takes when drawn in full."""

    @abstractmethod
    def draw(self, width: int, lines: int) -> list[Text]:
        """The section in at most ``lines`` lines of ``width`` characters."""


@dataclass
class Lines(Section):
    """Text lines drawn whole, or cut from the top or the bottom.

    Attributes:
        texts: the entries (each wrapped with a hanging ``indent``).
        required: lines that must be shown (``-1``: all of them).
        keep_last: when cut, keep the last lines (a log keeps the newest entries).
        whole: all or nothing (a legend is not shown in part).
        indent: the hanging indent of an entry's continuation lines.
        most_lines: the most lines it asks for (``None``: all of them).
    """

    texts: Sequence[Text]
    required: int = 0
    keep_last: bool = False
    whole: bool = False
    indent: int = 2
    most_lines: int | None = None

    def _all(self, width: int) -> list[Text]:
        return wrap_all(self.texts, width, self.indent)

    def least(self, width: int) -> int:
        total = len(self._all(width))
        return total if self.required < 0 else min(self.required, total)

    def most(self, width: int) -> int:
        total = len(self._all(width))
        return (
            total
            if self.most_lines is None
            else max(self.least(width), min(total, self.most_lines))
        )

    def draw(self, width: int, lines: int) -> list[Text]:
        everything = self._all(width)
        if len(everything) <= lines:
            return everything
        if self.whole or lines <= 0:
            return []
        if not self.keep_last:
            return everything[:lines]
        # Keep the newest entries whole; if even the newest does not fit, its beginning.
        kept: list[Text] = []
        for text in reversed(self.texts):
            entry = wrap(text, width, self.indent)
            if len(kept) + len(entry) > lines:
                if not kept:
                    kept = entry[:lines]
                    kept[-1] = kept[-1][: max(0, width - 1)] + Text("…")
                break
            kept = entry + kept
        return kept


@dataclass
class Log(Section):
    """What happened lately: the news whole, written shorter when room is short.

    The news (every turn since the viewer last played) are never left out: when they do
    not fit as they are, a shorter form is drawn (``forms``, fullest first), and at the
    last each entry is cut to one line. Older entries fill the room left, newest kept.

    Attributes:
        older: entries before the news.
        forms: the news, fullest first (at least one form).
        most_lines: the most lines the log asks for beyond the news.
        indent: the hanging indent of an entry's continuation lines.
    """

    older: Sequence[Text]
    forms: Sequence[Sequence[Text]]
    most_lines: int = 5
    indent: int = 2
    dropped: int = field(default=0, init=False)
    """News entries the last :meth:`draw` had to leave out (the window was too small)."""

    def least(self, width: int) -> int:
        shortest = len(self.forms[-1]) if self.forms else 0
        return max(shortest, 1 if self.older else 0)

    def most(self, width: int) -> int:
        news = len(wrap_all(self.forms[0], width, self.indent)) if self.forms else 0
        everything = len(wrap_all([*self.older, *(self.forms[0] if self.forms else [])], width, self.indent))
        return max(news, min(everything, self.most_lines), self.least(width))

    def draw(self, width: int, lines: int) -> list[Text]:
        self.dropped = len(self.forms[-1]) if self.forms and lines <= 0 else 0
        if lines <= 0:
            return []
        if not self.forms or not self.forms[0]:
            return Lines(self.older, keep_last=True, indent=self.indent).draw(width, lines)
        if len(wrap_all(self.forms[0], width, self.indent)) <= lines:
            everything = [*self.older, *self.forms[0]]
            return Lines(everything, keep_last=True, indent=self.indent).draw(width, lines)
        for form in self.forms[1:]:
            wrapped = wrap_all(form, width, self.indent)
            if len(wrapped) <= lines:
                return wrapped
        # Each entry cut to as many lines as leave room for all of them (at least one).
        shortest = self.forms[-1]
        for each in range(max(1, lines // max(1, len(shortest))), 0, -1):
            cut = [line for text in shortest for line in _cut(text, width, self.indent, each)]
            if len(cut) <= lines or each == 1:
                self.dropped = max(0, len(cut) - lines)
                return cut[-lines:]
        return []


def _cut(text: Text, width: int, indent: int, most: int) -> list[Text]:
    """``text`` wrapped in at most ``most`` lines, the last ending in "…" when cut."""
    lines = wrap(text, width, indent)
    if len(lines) <= most:
        return lines
    kept = lines[:most]
    last = kept[-1]
    kept[-1] = last[: max(0, width - 1)] + Text("…") if last.cell_len >= width else last + Text("…")
    return kept


@dataclass
class Cells(Section):
    """Entries packed into as many columns as fit; a note says how many were left out.

    Attributes:
        cells: the entries (``3) keep: keep all the dice``).
        header: a line above them, dropped when room is short.
        more: the note for entries left out, formatted with ``n`` (how many).
        required: entry lines that must be shown.
    """

    cells: Sequence[Text]
    header: Text | None = None
    more: str = "... {n}"
    required: int = 3
    indent: int = 3

    def _columns(self, width: int) -> int:
        if not self.cells:
            return 1
        cell = max(c.cell_len for c in self.cells) + GAP
        return max(1, min(len(self.cells), (width + GAP) // cell))

    def _rows(self, width: int, cells: Sequence[Text]) -> list[Text]:
        per_row = self._columns(width)
        if per_row == 1:
            return wrap_all(cells, width, self.indent)
        cell = max(c.cell_len for c in self.cells) + GAP
        rows = []
        for start in range(0, len(cells), per_row):
            row = Text()
            for i, c in enumerate(cells[start : start + per_row]):
                if i:
                    row.append(" " * (cell - cells[start + i - 1].cell_len))
                row.append_text(c)
            rows.append(row)
        return rows

    def least(self, width: int) -> int:
        if not self.cells:
            return 0
        return min(self.required, len(self._rows(width, self.cells)))

    def most(self, width: int) -> int:
        if not self.cells:
            return 0
        return len(self._rows(width, self.cells)) + (1 if self.header is not None else 0)

    def draw(self, width: int, lines: int) -> list[Text]:
        if not self.cells or lines <= 0:
            return []
        rows = self._rows(width, self.cells)
        header = [self.header] if self.header is not None else []
        if len(rows) + len(header) <= lines:
            return wrap_all(header, width) + rows if header else rows
        if len(rows) <= lines:
            return rows
        # Too many: keep what fits and say how many are left out.
        keep = len(self.cells)
        while keep > 0 and len(self._rows(width, self.cells[:keep])) > lines - 1:
            keep -= 1
        note = wrap(Text(self.more.format(n=len(self.cells) - keep), style="dim"), width)
        return self._rows(width, self.cells[:keep])[: max(0, lines - len(note))] + note


def _share(
    sections: Sequence[Section], width: int, room: int, ranks: Sequence[int] | None = None
) -> list[int]:
    """How many lines each section gets: first the least of each, then by rank."""
    order = sorted(range(len(sections)), key=lambda i: (ranks[i] if ranks else i, i))
    least = [s.least(width) for s in sections]
    given = list(least)
    left = room - sum(least)
    if left < 0:
        # Not even the least fits: shrink from the last ranked section up.
        for i in reversed(order):
            cut = min(given[i], -left)
            given[i] -= cut
            left += cut
            if left >= 0:
                break
        return given
    for i in order:
        section = sections[i]
        want = section.most(width) - given[i]
        if want <= 0:
            continue
        if isinstance(section, Lines) and section.whole and want > left:
            continue  # all or nothing
        extra = min(want, left)
        given[i] += extra
        left -= extra
    return given


def _draw_sections(
    sections: Sequence[Section], width: int, room: int, ranks: Sequence[int] | None = None
) -> list[Text]:
    out: list[Text] = []
    for section, lines in zip(sections, _share(sections, width, room, ranks), strict=True):
        out.extend(section.draw(width, lines))
    return out


@dataclass
class Screen:
    """Everything one screen shows, before it is laid out.

    Attributes:
        title: the first line (game and viewer), cut to the window's width.
        board: the game's drawing, one Text per line (never cut or wrapped).
        sections: status, log, choices, legend... in the order they are drawn.
        ranks: the order in which sections are given room beyond their least (lowest
            first; ``None``: the drawing order).
        message: lines shown just above the prompt (a refusal, a notice).
        prompt_lines: lines kept free at the bottom for the prompt.
    """

    title: Text
    board: list[Text]
    sections: Sequence[Section] = field(default_factory=list)
    ranks: list[int] | None = None
    message: list[Text] = field(default_factory=list)
    prompt_lines: int = 1


def compose(screen: Screen, width: int, height: int) -> list[Text]:
    """The lines of ``screen`` laid out for a ``width`` x ``height`` window.

    The drawing keeps every line; when it is narrow enough the sections go in a column
    beside it, else under it. The result has at most ``height - prompt_lines`` lines when
    the drawing itself fits.
    """
    message = wrap_all(screen.message, width)
    title = [screen.title[:width]]
    room = height - screen.prompt_lines - len(message) - len(title)
    board = screen.board
    board_w = max((line.cell_len for line in board), default=0)
    side_w = width - board_w - GAP
    body: list[Text]
    if board and side_w >= SIDE_MIN:
        side = _draw_sections(screen.sections, side_w, room, screen.ranks)
        body = []
        for i in range(max(len(board), len(side))):
            left = board[i].copy() if i < len(board) else Text("")
            if i < len(side):
                left.append(" " * (board_w + GAP - left.cell_len))
                left.append_text(side[i])
            body.append(left)
    else:
        below = _draw_sections(screen.sections, width, room - len(board), screen.ranks)
        body = [*board, *below]
    return [*title, *body, *message]


def render(console: Console, lines: Sequence[Text]) -> None:
    """Print ``lines`` as they are (no wrapping by Rich)."""
    for line in lines:
        console.print(line, no_wrap=True, overflow="crop", crop=True, soft_wrap=False)


def paginate(lines: Sequence[Text], height: int) -> list[list[Text]]:
    """``lines`` cut into pages of ``height - 1`` lines (the last line is the pager's prompt)."""
    per_page = max(1, height - 1)
    return [list(lines[i : i + per_page]) for i in range(0, len(lines), per_page)] or [[]]


def page(
    console: Console,
    read: Callable[[str], str],
    lines: Sequence[Text],
    *,
    more: str,
    done: str,
    clear: Callable[[], None],
) -> str:
    """Show ``lines`` a screenful at a time; return what was typed to leave.

    Between pages ``more`` is the prompt (Enter goes on); after the last page, ``done``.
    Anything typed other than Enter leaves the pages and is returned (``q``, or a command
    the caller may run next). The screen is cleared before each page.
    """
    pages = paginate(lines, console.height)
    for i, shown in enumerate(pages):
        clear()
        render(console, shown)
        last = i == len(pages) - 1
        answer = read((done if last else more.format(page=i + 1, pages=len(pages))) + " ")
        if answer.strip() or last:
            return answer.strip()
    return ""
