"""``savanna play``: a whole game in the terminal, people and bots at one keyboard.

Bad arguments (an unknown game, a bad seat, a bad option, an unreadable saved game) print
one clear line in the chosen language and exit with code 2, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from savanna.cli import app
from savanna.cli.commands import command_language, parse_options, read_bytes
from savanna.cli.errors import MESSAGES, help_of, print_error
from savanna.core import (
    OptionError,
    Record,
    SavannaError,
    check_seed,
    load_game,
    load_messages,
    registered_games,
)
from savanna.saves import read_game
from savanna.table import Table, fresh_seed
from savanna.tui.seat import SeatSpec, default_seats, parse_seats
from savanna.tui.session import PlaySession, table_seat

TERMINAL = load_messages("savanna.i18n")
"""The terminal's words (``savanna/i18n/data``), which word ``savanna play``'s refusals."""

__all__ = ["build_session", "play"]

EXIT_USAGE = 2
DEFAULT_GAME = "banjooli"
DEFAULT_PAUSE = 0.8


def _default_game() -> str:
    games = registered_games()
    if DEFAULT_GAME in games:
        return DEFAULT_GAME
    if not games:
        raise OptionError(
            {lang: TERMINAL.text("cli.no_game", lang, games=TERMINAL.text("cli.none", lang)) for lang in TERMINAL.languages}
        )
    return next(iter(games))


def build_session(
    *,
    game: str | None,
    seats: str | None,
    option: list[str] | None,
    seed: int | None,
    lang: str,
    load: Path | None,
    pause: float,
    out: Path | None,
    console: Console,
    coach: bool = False,
    players: int | None = None,
) -> PlaySession:
    """A :class:`PlaySession` from the command-line arguments of ``savanna play``.

    Raises:
        OptionError: unknown game, bad seat list, bad option, bad seed or pause, a player
            count that the seats contradict.
        RecordError: a saved game that cannot be read or replayed.
    """
    if seed is not None:
        check_seed(seed)
    if pause < 0:
        raise OptionError(TERMINAL.words("cli.pause", value=pause))
    seat_list = parse_seats(seats) if seats is not None else None
    if players is not None and seat_list is not None and players != len(seat_list):
        raise OptionError(MESSAGES.words("error.play.players_but_seats_lists", players=players, seats=len(seat_list)))
    save_to: Path | None = None
    table: Table | None = None
    if load is not None:
        record = read_game(read_bytes(load))
        if game is not None and game.strip().lower() != record.game:
            raise OptionError(MESSAGES.words("error.play.the_saved_game_is", record_game=repr(record.game), game=repr(game)))
        if players is not None and players != record.players:
            raise OptionError(MESSAGES.words("error.play.the_saved_game_has", record_players=record.players))
        if option:
            raise OptionError(MESSAGES.words("error.play.option_cannot_change_a"))
        if seat_list is None:
            seat_list = playing_now(record)
        # The past keeps its seeds (every die and seeded bot move is checked); the future is
        # drawn from a fresh seed, so nothing in the save file tells what comes next.
        table = Table.resume(record, [table_seat(s) for s in seat_list], seed=seed, undo=True)
        configured = table.game
        # `save` writes back to the file resumed from; the finished record goes to a new
        # file unless --out names one, so a save is never overwritten without being asked.
        if out is None:
            save_to = load
    else:
        name = game if game is not None else _default_game()
        if seat_list is not None:
            players = len(seat_list)
        configured = load_game(name, players=players, options=parse_options(option))
        if seat_list is None:
            seat_list = default_seats(configured.num_players)
    return PlaySession(
        configured,
        seat_list,
        seed=seed if seed is not None else fresh_seed(),
        lang=lang,
        console=console,
        pause=pause,
        out=out,
        save_to=save_to,
        coach=coach,
        table=table,
    )


def playing_now(record: Record) -> list[SeatSpec]:
    """Who played each seat last in ``record`` (its seats, then its controls); a person and
    heuristic bots when it names none."""
    if record.seats is None or len(record.seats) != record.players:
        return default_seats(record.players)
    forms = list(record.seats)
    for _, seat, who in record.controls or []:
        forms[seat] = who
    return [SeatSpec.parse(form) for form in forms]


def _error(lang: str, exc: SavannaError) -> None:
    print_error(exc.text(lang), lang)


def _help(name: str) -> str:
    return help_of("play", name)


@app.command(help=_help("about"))
def play(
    game: Annotated[str | None, typer.Argument(help=_help("game"))] = None,
    seats: Annotated[str | None, typer.Option("--seats", help=_help("seats"))] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=_help("option"))] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help=_help("players"))] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=_help("seed"))] = None,
    lang: Annotated[str | None, typer.Option("--lang", help=help_of("savanna", "lang"))] = None,
    load: Annotated[Path | None, typer.Option("--load", help=_help("load"))] = None,
    pause: Annotated[float, typer.Option("--pause", help=_help("pause"))] = DEFAULT_PAUSE,
    out: Annotated[Path | None, typer.Option("--out", help=_help("out"))] = None,
    coach: Annotated[bool, typer.Option("--coach", help=_help("coach"))] = False,
) -> None:
    """Play a game in the terminal (its help: ``play.help.about``)."""
    try:
        language = command_language(lang)
    except OptionError as exc:
        _error("en", exc)
        raise typer.Exit(EXIT_USAGE) from None
    console = Console()
    try:
        session = build_session(
            game=game,
            seats=seats,
            option=option,
            seed=seed,
            lang=language,
            load=load,
            pause=pause,
            out=out,
            console=console,
            coach=coach,
            players=players,
        )
    except SavannaError as exc:
        _error(language, exc)
        raise typer.Exit(EXIT_USAGE) from None
    try:
        session.run()
    except SavannaError as exc:  # a bot breaking the protocol: a bug, reported cleanly
        _error(language, exc)
        raise typer.Exit(1) from None
