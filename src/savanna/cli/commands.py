"""Core commands: ``games``, ``playout``, ``replay`` and ``bench``.

Every command reaches games through the registry. Any :class:`SavannaError` (bad option,
unknown game, corrupt record, illegal action) is printed as one clear line on standard
error and the command exits non-zero; no traceback reaches the user.
"""

from __future__ import annotations

import functools
import json
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from savanna.cli import app
from savanna.cli.errors import MESSAGES, language_of, print_error
from savanna.core import (
    Game,
    Option,
    OptionError,
    Record,
    RecordError,
    SavannaError,
    check_seed,
    load_game,
    parse_assignment,
    random_playout,
    record_of,
    registered_games,
)
from savanna.core.registry import broken_games
from savanna.core.rng import PLAYOUT
from savanna.saves import is_save
from savanna.table import replay_checked

P = ParamSpec("P")
R = TypeVar("R")

EXIT_USAGE = 2
EXIT_BAD_RECORD = 1

class _LazyConsole:
    """A Rich console created at first use, so that it reads the terminal size then."""

    def __init__(self, stderr: bool = False) -> None:
        self._stderr = stderr

    def print(self, *objects: Any, **kwargs: Any) -> None:
        Console(stderr=self._stderr).print(*objects, **kwargs)


console = _LazyConsole()
err_console = _LazyConsole(stderr=True)


def default_lang() -> str:
    """``fr`` when the locale asks for French, else ``en``."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def fail(error: SavannaError, code: int, lang: str | None = None) -> typer.Exit:
    """Print ``error`` as one line on standard error and build the exit to raise."""
    language = lang or language_of()
    print_error(error.text(language), language)
    return typer.Exit(code)


def handles_errors(code: int = EXIT_USAGE) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Turn a :class:`SavannaError` raised by a command into a clean message and exit code."""

    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(func)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return func(*args, **kwargs)
            except RecordError as exc:
                raise fail(exc, EXIT_BAD_RECORD) from None
            except SavannaError as exc:
                raise fail(exc, code) from None

        return wrapper

    return decorate


def parse_options(assignments: list[str] | None) -> dict[str, str]:
    """``["k=v", ...]`` from repeated ``--option`` flags into a dict.

    Raises:
        OptionError: for a malformed assignment or a key given twice.
    """
    options: dict[str, str] = {}
    for text in assignments or []:
        key, value = parse_assignment(text)
        if key in options:
            raise OptionError(MESSAGES.words("error.commands.option_is_given_twice", key=repr(key)))
        options[key] = value
    return options


OptionFlag = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Game option KEY=VALUE (repeatable); see `savanna games`."),
]
PlayersFlag = Annotated[int | None, typer.Option("--players", "-p", help="Number of players (default: the game's).")]


def make_game(name: str, players: int | None, option: list[str] | None) -> Game:
    """Load a game from CLI arguments (raises OptionError with a clear message)."""
    return load_game(name, players=players, options=parse_options(option))


@app.command()
@handles_errors()
def games() -> None:
    """List the registered games, their players, options and defaults."""
    table = Table(title="Savanna games")
    table.add_column("game", style="bold", max_width=18)
    table.add_column("players", no_wrap=True)
    table.add_column("option", no_wrap=True)
    table.add_column("values, default and meaning")
    for name, cls in registered_games().items():
        spec = cls.spec
        players = [f"{spec.min_players}–{spec.max_players}", f"[dim]default {spec.default_players}[/]"]
        labels = [name, f"[dim]{escape(spec.title)}[/]"]
        if not spec.perfect_information:
            labels.append("[dim]hidden information[/]")
        for i, option in enumerate(spec.options):
            table.add_row(
                labels[i] if i < len(labels) else "",
                players[i] if i < len(players) else "",
                option.name,
                _values(option),
            )
        for i in range(len(spec.options), len(labels)):
            table.add_row(labels[i], players[i] if i < len(players) else "", "", "")
        table.add_section()
    console.print(table)
    for name, why in broken_games().items():
        err_console.print(f"[yellow]warning:[/] game {name!r} failed to load: {why}")


def _values(option: Option) -> str:
    """The values an option takes and its default, and under them what it does (dimmed)."""
    values = escape(f"{option.describe().replace('|', ' | ')}; default {_show(option.default)}")
    return f"{values}\n[dim]{escape(option.help)}[/]" if option.help else values


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@app.command()
@handles_errors()
def playout(
    game: Annotated[str, typer.Argument(help="Game name (see `savanna games`).")],
    players: PlayersFlag = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed (default: a fresh one, written in the record).")] = None,
    option: OptionFlag = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write the record here (default: standard output).")] = None,
) -> None:
    """Play one full game between random players and write its record as JSON.

    The same arguments always give a byte-identical record.
    """
    configured = make_game(game, players, option)
    seed = random.SystemRandom().randrange(2**31) if seed is None else check_seed(seed)
    state = random_playout(configured, random.Random(seed), checked=True)
    record = record_of(state, seed=seed, seats=["random"] * configured.num_players, chance=PLAYOUT)
    text = record.to_json()
    if out is None:
        sys.stdout.write(text)
    else:
        _write_atomically(out, text)
        err_console.print(f"record written to {out}")


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def read_bytes(path: Path) -> bytes:
    """The bytes of ``path`` (RecordError, one clear line, when it cannot be read)."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise RecordError(MESSAGES.words("error.commands.cannot_read", path=repr(str(path)), why=exc.strerror or exc)) from exc


def read_record(path: Path) -> Record:
    """Read a record file (RecordError for a missing, unreadable or corrupt file)."""
    return Record.from_json(read_bytes(path))


def json_lines(path: Path, data: bytes) -> list[tuple[int, bytes]] | None:
    """The non-blank lines of a JSON Lines file (line number, text), or ``None`` for one document.

    A file is read as JSON Lines when its name ends in ``.jsonl``, or when it has several
    non-blank lines and the first is a complete JSON value on its own (a record written
    over several lines is one document).
    """
    lines = [(n, line) for n, line in enumerate(data.splitlines(), 1) if line.strip()]
    if path.suffix.lower() == ".jsonl":
        return lines
    if len(lines) < 2:
        return None
    try:
        json.loads(lines[0][1])
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    return lines


def chance_line(record: Record, language: str) -> str:
    """One line saying whether the record's chance outcomes were checked against its seed."""
    if record.chance is None:
        return MESSAGES.text("replay.chance_unchecked", language)
    seeds = ", ".join(str(s) for s in [record.seed, *(s for _, s in record.reseeds or [])])
    return MESSAGES.text("replay.chance_checked", language, seeds=seeds, how=record.chance)


@app.command()
@handles_errors()
def replay(
    file: Annotated[
        Path,
        typer.Argument(help="A game record (JSON) written by Savanna, or a JSON Lines file of records."),
    ],
    step: Annotated[bool, typer.Option("--step", help="Walk through the record move by move.")] = False,
    lang: Annotated[str | None, typer.Option("--lang", help="en or fr (default: from the locale).")] = None,
) -> None:
    """Replay a record through the rules; print the final position and scores.

    When the record says how its chance was drawn from its seed, every chance outcome is
    drawn again and compared; when it says its bots were seeded, every bot move is decided
    again and compared. A corrupt record, an unknown version, an illegal action or a
    chance outcome that the seed did not give exits with code 1 and names the first bad
    action and why. A JSON Lines file (``games.jsonl`` of ``savanna simulate``) has every
    record checked and a summary printed.
    """
    language = _check_lang(lang)
    data = read_bytes(file)
    lines = json_lines(file, data)
    if lines is not None:
        if step:
            raise OptionError(MESSAGES.words("error.commands.step_walks_through_one"))
        _replay_lines(file, lines, language)
        return
    if is_save(data):
        raise RecordError(MESSAGES.words("error.commands.this_is_a_game"))
    record = Record.from_json(data)
    if step:
        from savanna.tui import step_through

        step_through(record, lang=language)
        return
    final, bots = replay_checked(record)
    game = final.game
    console.print(game.render_text(final.observation(None), language), highlight=False, markup=False)
    sheets = game.score_sheets(final.observation(None)) if final.is_terminal() else None
    if sheets is not None:  # the scoring worked out, each seat's revealed secrets with it
        from savanna.tui.render import sheet_entries
        from savanna.tui.step import seat_names

        names = seat_names(record, game.num_players, language)
        for entry in sheet_entries(game, sheets, names, language):
            console.print(entry, highlight=False, soft_wrap=True)
    console.print(f"position: {final.to_text()}", highlight=False, markup=False)
    table = Table(title="scores")
    for column in ("seat", "player", "score", "rank"):
        table.add_column(MESSAGES.text(f"replay.column_{column}", language))
    ranking = final.ranking() if final.is_terminal() else None
    for seat, score in enumerate(final.scores()):
        who = record.seats[seat] if record.seats and seat < len(record.seats) else ""
        rank = "" if ranking is None else str(ranking[seat] + 1)
        table.add_row(str(seat + 1), who, _show_number(score), rank)  # people count from 1
    console.print(table)
    console.print(chance_line(record, language), highlight=False, markup=False, soft_wrap=True)
    if record.bots is not None:
        console.print(
            MESSAGES.text("replay.bots_checked", language, moves=bots),
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
    if final.is_terminal():
        console.print(MESSAGES.text("replay.game_over", language, actions=len(record.actions)))
    else:
        console.print(MESSAGES.text("replay.stops_early", language, actions=len(record.actions)))


def _replay_lines(file: Path, lines: list[tuple[int, bytes]], language: str) -> None:
    """Replay every record of a JSON Lines file; print each refusal and a summary.

    Raises:
        typer.Exit: code 1 when a record is refused (after checking all of them).
    """
    replayed = finished = checked = 0
    refused: list[tuple[int, RecordError]] = []
    for number, text in lines:
        try:
            record = Record.from_json(text)
            final, _ = replay_checked(record)
        except RecordError as exc:
            refused.append((number, exc))
            continue
        replayed += 1
        finished += final.is_terminal()
        checked += record.chance_checked
    for number, problem in refused:
        print_error(MESSAGES.text("replay.line", language, number=number, problem=problem.text(language)), language)
    total = len(lines)
    console.print(
        MESSAGES.text(
            "replay.lines_summary",
            language,
            file=file.name,
            total=total,
            replayed=replayed,
            finished=finished,
            checked=checked,
            refused=len(refused),
        ),
        highlight=False,
        markup=False,
        soft_wrap=True,
    )
    if refused:
        raise typer.Exit(EXIT_BAD_RECORD)


def _show_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3f}"


def _check_lang(lang: str | None) -> str:
    if lang is None:
        return default_lang()
    if lang not in ("en", "fr"):
        raise OptionError(MESSAGES.words("error.commands.lang_must_be_en", value=repr(lang)))
    return lang


@app.command()
@handles_errors()
def bench(
    game: Annotated[str, typer.Argument(help="Game name (see `savanna games`).")],
    seconds: Annotated[float, typer.Option("--seconds", "-t", help="Measuring time for each engine.")] = 4.0,
    players: PlayersFlag = None,
    option: OptionFlag = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the playouts.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Random-playout throughput, with OpenSpiel's C++ backgammon and pig measured in the same run.

    Applied actions per second (chance outcomes included), seat decisions per second and
    whole games per second, for this game and — when ``open_spiel`` is installed (the
    ``[bench]`` extra) — for OpenSpiel's ``backgammon`` and ``pig`` driven from Python by
    the same loop, and the ratios; and this game's same playouts played each in one call
    (``savanna.core.playout``, no Python loop per action: flattering next to references
    driven from Python). The engines are measured in alternating slices so that machine
    noise hits them alike. The first line says which build of the engines ran.
    """
    from savanna.bench import compare_with_references

    if not 0 < seconds <= 3600:
        raise OptionError(MESSAGES.words("error.commands.seconds_must_be_more", seconds=seconds))
    check_seed(seed)
    configured = make_game(game, players, option)
    result = compare_with_references(configured, seconds=seconds, seed=seed)
    if as_json:
        sys.stdout.write(json.dumps(result.as_json(), sort_keys=True) + "\n")
        return
    console.print(f"engine build: {result.build}")
    table = Table(title=f"random playouts — {configured!r}")
    for column in ("engine", "actions/s", "decisions/s", "games/s", "actions/game"):
        table.add_column(column, justify="left" if column == "engine" else "right")
    rows = [(game, result.game)]
    if result.whole is not None:
        rows.append((f"{game}, whole games in one call", result.whole))
    rows += [(f"OpenSpiel {name} (C++)", rates) for name, rates in result.references.items()]
    for label, rates in rows:
        table.add_row(
            label,
            f"{rates.actions_per_sec:,.0f}",
            f"{rates.decisions_per_sec:,.0f}",
            f"{rates.games_per_sec:,.1f}",
            f"{rates.actions / max(rates.games, 1):,.0f}",
        )
    console.print(table)
    if not result.references:
        console.print("open_spiel is not installed: no reference (pip install 'savanna[bench]')")
    for name, ratios in result.ratios().items():
        console.print(
            f"ratio to {name}: actions {ratios['actions']:.2f}, "
            f"decisions {ratios['decisions']:.2f}, games {ratios['games']:.2f}"
        )


