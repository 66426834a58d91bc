"""The screens of a game: the one a viewer reads while it is played, and the end.

:func:`table_screen` lays out what one viewer may see at a table — the board drawn from
their observation, whose turn it is, the log in words as they may read it, the choices
when it is their turn, the legend — and :func:`end_screen` the final board and the result,
once. Both fit the window (:func:`~savanna.tui.screen.compose`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
from savanna.tui.screen import Cells, Lines, Log, Screen, Section, compose
from savanna.tui.view import Viewer, log_forms

__all__ = ["LOG_ENTRIES", "LOG_LINES", "end_screen", "table_screen"]

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


def end_screen(
    state: State,
    names: Sequence[str],
    lang: str,
    width: int,
    height: int,
    *,
    message: Sequence[Text] = (),
) -> list[Text]:
    """The last screen of a finished game: the final board and the result, once.

    The result names the winner (or the winners of a shared victory), then each seat best
    first with its total and, when the game declares score sheets
    (:meth:`~savanna.core.Game.score_sheets`), how the total was made and how a tie was
    broken: the game's own labels, so a seat's revealed card is in that seat's entry. A
    game without sheets has its secrets shown per seat (the lines of that seat's drawing
    the public one lacks).

    Args:
        state: a finished game.
        names: each seat's full name (``Player 2 (bot heuristic)``).
        lang: ``"en"`` or ``"fr"``.
        width: the window's width.
        height: the window's height.
        message: lines under the result (where the record was written).
    """
    game = state.game
    public = state.observation(None)
    title = Text(f"{M('end.title', lang)} — {game_title(game, lang)}, {M('end.final', lang)} ", style="bold")
    title.append("─" * 80, style="dim")
    winners = state.winners()
    key = "end.winner" if len(winners) == 1 else "end.winners"
    winner = Text(M(key, lang, who=", ".join(names[s] for s in winners)), style="bold green")
    sheets = game.score_sheets(public)
    if sheets is not None:
        entries = sheet_entries(game, sheets, names, lang)
    else:
        scores = state.scores()
        ranking = state.ranking()
        plain = game.render_text(public, lang)
        entries = []
        for seat in sorted(range(len(scores)), key=lambda s: (ranking[s], s)):
            entry = Text(
                M("end.place", lang, place=ranking[seat] + 1, who=names[seat], total=format_score(scores[seat])),
                style="bold",
            )
            if not game.spec.perfect_information:
                secrets = secret_lines(plain, game.render_text(state.observation(seat), lang))
                if secrets:
                    entry.append(" — " + M("sep", lang).join(secrets))
            entries.append(entry)
    moves = Text(M("end.moves", lang, n=len(state.history)), style="dim")
    screen = Screen(
        title=title,
        board=board_lines(game, public, lang),
        sections=[
            Lines([winner], required=-1),
            Lines([Text(M("end.result", lang), style="bold"), *entries], required=-1),
            Lines([moves]),
        ],
        message=list(message),
    )
    return compose(screen, width, height)
