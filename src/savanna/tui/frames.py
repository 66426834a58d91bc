"""The screens of a game: the one a viewer reads while it is played, and the end.

:func:`table_screen` lays out what one viewer may see at a table — the board drawn from
their observation, whose turn it is, the log in words as they may read it, the choices
when it is their turn, the legend — and :func:`end_screen` the final board and the result,
once. Both fit the window (:func:`~savanna.tui.screen.compose`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from rich.text import Text

from savanna.core import CHANCE, State
from savanna.i18n.tui import M
from savanna.table import Table
from savanna.tui.choice import Choice, Menu
from savanna.tui.render import (
    board_lines,
    choice_cells,
    format_score,
    game_title,
    legend_entries,
    secret_lines,
    sheet_entries,
)
from savanna.tui.screen import Cells, Lines, Log, Screen, Section, compose, wrap_all
from savanna.tui.view import Viewer, log_forms

__all__ = ["LOG_ENTRIES", "LOG_LINES", "READER_MARK", "end_pages", "end_screen", "table_screen"]

LOG_ENTRIES = 6
"""Turns the log keeps (fewer are shown when room is short)."""
LOG_LINES = 5
"""Lines the log takes at most when other sections want room."""


def table_screen(
    table: Table,
    viewer: Viewer,
    lang: str,
    names: Callable[[int], str],
    *,
    menu: Menu | None = None,
    only: Sequence[Choice] | None = None,
    header: str | None = None,
    hint: str = "",
    message: Sequence[Text] = (),
) -> Screen:
    """Everything one screen of a game in progress shows to ``viewer``.

    Args:
        table: the table.
        viewer: whose view is drawn (``None``: the public view).
        lang: ``"en"`` or ``"fr"``.
        names: each seat's full name (``Player 2 (bot heuristic)``).
        menu: the choices, when ``viewer`` is to choose.
        only: the entries to show instead of the whole menu (a filtered list).
        header: the line above the choices (default: how to choose).
        hint: the line of commands under the choices.
        message: lines above the prompt.
    """
    game, state = table.game, table.state
    obs = state.observation(viewer)
    who = M("view.spectator", lang) if viewer is None else names(viewer)
    title = Text(f"{game_title(game, lang)} — {who} ", style="bold")
    title.append("─" * 80, style="dim")
    player = state.current_player()
    if state.is_terminal():
        turn = M("status.over", lang)
    elif player == CHANCE:
        turn = M("chance.name", lang)
    else:
        turn = names(player)
    status = Text(M("status.turn", lang) + M("colon", lang), style="bold")
    status.append(turn, style="bold green")
    log = log_forms(table.log, viewer, lang, LOG_ENTRIES)
    sections: list[tuple[int, Section]] = [
        (0, Lines([status], required=-1)),
        (2, Log(log.older, log.forms, most_lines=LOG_LINES)),
    ]
    if menu is not None:
        entries = list(only) if only is not None else list(menu.choices)
        sections.append(
            (
                1,
                Cells(
                    choice_cells(entries, lang),
                    header=Text(header or M("choices", lang), style="bold"),
                    more=M("choices.more", lang, n="{n}"),
                ),
            )
        )
        sections.append((3, Lines([Text(hint, style="dim")])))
    legend = legend_entries(game, lang)
    if legend:
        sections.append((4, Lines([Text(M("legend.title", lang), style="bold"), *legend], whole=True)))
    return Screen(
        title=title,
        board=board_lines(game, obs, lang),
        sections=[section for _, section in sections],
        ranks=[rank for rank, _ in sections],
        message=list(message),
    )


READER_MARK = "▶ "
"""Put before the result entry of a seat played at this keyboard (the reader's line)."""


def _result(
    state: State, names: Sequence[str], lang: str, readers: Collection[int]
) -> tuple[Text, list[Text]]:
    """The winner's line, then each seat's entry best first (the readers' marked)."""
    game = state.game
    public = state.observation(None)
    winners = state.winners()
    key = "end.winner" if len(winners) == 1 else "end.winners"
    winner = Text(M(key, lang, who=", ".join(names[s] for s in winners)), style="bold green")
    sheets = game.score_sheets(public)
    seated: list[tuple[int, Text]]
    if sheets is not None:
        ordered = sorted(sheets, key=lambda s: (s.place, s.seat))
        seated = list(zip([s.seat for s in ordered], sheet_entries(game, ordered, names, lang), strict=True))
    else:
        scores = state.scores()
        ranking = state.ranking()
        plain = game.render_text(public, lang)
        seated = []
        for seat in sorted(range(len(scores)), key=lambda s: (ranking[s], s)):
            entry = Text(
                M("end.place", lang, place=ranking[seat] + 1, who=names[seat], total=format_score(scores[seat])),
                style="bold",
            )
            if not game.spec.perfect_information:
                secrets = secret_lines(plain, game.render_text(state.observation(seat), lang))
                if secrets:
                    entry.append(" — " + M("sep", lang).join(secrets))
            seated.append((seat, entry))
    marked = bool(readers) and len(readers) < len(names)
    entries = []
    for seat, entry in seated:
        if marked:
            mark = READER_MARK if seat in readers else " " * len(READER_MARK)
            entry = Text(mark, style="bold reverse" if seat in readers else "") + entry
        entries.append(entry)
    return winner, entries


def end_screen(
    state: State,
    names: Sequence[str],
    lang: str,
    width: int,
    height: int,
    *,
    message: Sequence[Text] = (),
    readers: Collection[int] = (),
) -> list[Text]:
    """The last screen of a finished game: the final board and the result, once.

    The result names the winner (or the winners of a shared victory), then each seat best
    first with its total and, when the game declares score sheets
    (:meth:`~savanna.core.Game.score_sheets`), how the total was made and how a tie was
    broken: the game's own labels, so a seat's revealed card is in that seat's entry. A
    game without sheets has its secrets shown per seat (the lines of that seat's drawing
    the public one lacks). The entries of ``readers`` (the seats played at this keyboard)
    are marked with :data:`READER_MARK`.

    When it all does not fit the window, the result is kept whole and the board is cut:
    :func:`end_pages` gives the board and the result on pages instead.

    Args:
        state: a finished game.
        names: each seat's full name (``Player 2 (bot heuristic)``).
        lang: ``"en"`` or ``"fr"``.
        width: the window's width.
        height: the window's height.
        message: lines under the result (where the record was written).
        readers: the seats whose entries are marked.
    """
    return end_pages(state, names, lang, width, height, message=message, readers=readers)[-1]


def end_pages(
    state: State,
    names: Sequence[str],
    lang: str,
    width: int,
    height: int,
    *,
    message: Sequence[Text] = (),
    readers: Collection[int] = (),
) -> list[list[Text]]:
    """The end of a finished game on as few pages as fit the window, the result last.

    One page when the final board and the whole result fit (``height - 1`` lines: the
    line left is the shell's prompt, or the pager's); else the final board on its own
    page, then the result (see :func:`end_screen`), on as many pages as it takes. Every
    page but the last leaves its bottom line to the pager's prompt.
    """
    game = state.game
    public = state.observation(None)
    title = Text(f"{M('end.title', lang)} — {game_title(game, lang)}, {M('end.final', lang)} ", style="bold")
    title.append("─" * 80, style="dim")
    winner, entries = _result(state, names, lang, readers)
    moves = Text(M("end.moves", lang, n=len(state.history)), style="dim")
    result = [winner, Text(M("end.result", lang), style="bold"), *entries, moves]
    board = board_lines(game, public, lang)
    whole = Screen(
        title=title,
        board=board,
        sections=[Lines(result, required=-1, indent=2 + (len(READER_MARK) if readers else 0))],
        message=list(message),
    )
    laid = compose(whole, width, 10_000)
    if len(laid) <= height - 1:
        return [laid]
    board_page = compose(Screen(title=title, board=board, sections=[Lines([winner])]), width, height)
    indent = 2 + (len(READER_MARK) if readers else 0)
    body = [*wrap_all(result, width, indent), *wrap_all(message, width)]
    per_page = max(1, height - 2)  # the title, and the pager's prompt or the shell's
    chunks = [body[i : i + per_page] for i in range(0, len(body), per_page)]
    pages = [board_page[: max(1, height - 1)]]
    pages += [[title[:width], *chunk] for chunk in chunks]
    return pages
