"""The pieces of a terminal screen, drawn with Rich: board, choices, legend, scores.

The board is the game's own :meth:`~savanna.core.Game.render_text`; this module only adds
colour. What it shows about a game comes from the game's declared hooks (the terminal
imports no game): :meth:`~savanna.core.Game.text_styles` gives ``(regular expression,
Rich style)`` pairs applied in order to the plain-text drawing (a game that gives them
decides the colours of its pieces; the frames and empty squares stay dim; a game that
gives none gets a generic highlighter: frames, dots, numbers, lone capitals),
:meth:`~savanna.core.Game.legend` the meaning of the symbols,
:meth:`~savanna.core.Game.score_sheets` the scoring worked out at the end.
``NO_COLOR`` in the environment turns colour off (Rich honours it). Everything here draws
from an :class:`~savanna.core.Observation`, never from a state, so a drawing can only show
what its viewer may know. Where the pieces go on the screen is :mod:`savanna.tui.screen`'s
business.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from savanna.core import Game, Observation, ScoreSheet
from savanna.core.messages import typeset
from savanna.i18n.tui import M
from savanna.tui.choice import Choice

__all__ = [
    "board_lines",
    "choice_cells",
    "clear_screen",
    "format_points",
    "format_score",
    "game_title",
    "legend_entries",
    "localise",
    "secret_lines",
    "secure_clear",
    "sheet_entries",
    "strip_ansi",
]

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


def localise(text: str, lang: str) -> str:
    """Text from a game's catalogue, with French spacing when ``lang`` is French."""
    return typeset(text, lang)


def game_title(game: Game, lang: str) -> str:
    """The game's display title in ``lang``."""
    return game.spec.title_in(lang)


def board_lines(game: Game, observation: Observation, lang: str) -> list[Text]:
    """The board drawing of ``observation``, coloured, one Text per line."""
    body = Text(game.render_text(observation, lang).strip("\n"))
    styles = game.text_styles(lang)
    for pattern, style in (*_FRAMES, *(_PIECES if styles is None else styles)):
        body.highlight_regex(pattern, style)
    lines = list(body.split("\n", allow_blank=True))
    for line in lines:
        line.rstrip()
    return lines


def format_score(value: float) -> str:
    """A score without a useless ``.0``."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def format_points(points: float) -> str:
    """Points a score line adds, signed (``+5``, ``+0``, ``-2``)."""
    return ("+" if points >= 0 else "") + format_score(points)


def choice_cells(choices: Sequence[Choice], lang: str) -> list[Text]:
    """One ``code) notation: words`` cell per entry; a family says how to type its argument."""
    cells: list[Text] = []
    for choice in choices:
        if not choice.code:  # a bare entry (a family member shown by its words)
            cells.append(Text(choice.text, style="bold"))
            continue
        cell = Text()
        cell.append(f"{choice.code})", style="bold cyan")
        cell.append(" ")
        if not choice.is_family:
            cell.append(choice.text, style="bold")
            if choice.words:
                cell.append(M("colon", lang) + localise(choice.words, lang))
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
            shared, rests = choice.word_parts()
            if rests:
                said = M(
                    "family.words",
                    lang,
                    verb=choice.text,
                    words=localise(shared, lang),
                    n=len(choice.members),
                    example=rests[len(rests) // 2],
                )
            else:
                said = M(
                    "family.some",
                    lang,
                    verb=choice.text,
                    n=len(choice.members),
                    example=choice.example,
                )
            cell.append(said)
        cells.append(cell)
    return cells


def legend_entries(game: Game, lang: str) -> list[Text]:
    """One ``symbol  meaning`` line per symbol of the game's drawing."""
    legend = game.legend(lang)
    width = max((len(symbol) for symbol, _ in legend), default=0)
    out = []
    for symbol, meaning in legend:
        line = Text(symbol.ljust(width), style="bold")  # never Rich markup: "[a]" is a symbol
        line.append("  " + localise(meaning, lang))
        out.append(line)
    return out


def sheet_entries(
    game: Game, sheets: Sequence[ScoreSheet], names: Sequence[str], lang: str
) -> list[Text]:
    """The scoring worked out, one entry per seat, best first.

    ``1. Player 2 (bot heuristic): 18 — card 3: R G P B; 1st +5; 3rd +3 (tie broken by
    ...)``: the place, the seat's name, its total, then its score lines (the game's labels,
    with the points each adds; lines worth nothing are left out unless they carry no
    points at all, like the card itself) and how a tie was broken.
    """
    out = []
    for sheet in sorted(sheets, key=lambda s: (s.place, s.seat)):
        entry = Text(
            M(
                "end.place",
                lang,
                place=sheet.place + 1,
                who=names[sheet.seat],
                total=format_score(sheet.total),
            ),
            style="bold",
        )
        words = []
        counted = [line for line in sheet.lines if line.points]
        for line in sheet.lines:
            text = localise(game.label_text(line.label, lang), lang)
            if line.points is None:
                words.append(text)
            elif line.points or not counted:  # a total of nothing still says why
                words.append(f"{text} {format_points(line.points)}")
        if words:
            entry.append(" — " + M("sep", lang).join(words))
        if sheet.tiebreak is not None:
            entry.append(
                f" ({localise(game.label_text(sheet.tiebreak, lang), lang)})", style="italic"
            )
        out.append(entry)
    return out


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
