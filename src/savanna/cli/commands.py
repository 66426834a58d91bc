"""Core commands: ``games``, ``playout``, ``replay`` and ``bench``.

Every command reaches games through the registry. Any :class:`SavannaError` (bad option,
unknown game, corrupt record, illegal action) is printed as one clear line on standard
error and the command exits non-zero; no traceback reaches the user.
"""

from __future__ import annotations

import functools
import json
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
from savanna.cli.errors import MESSAGES, help_of, language_of, print_error
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
from savanna.i18n import resolve_language
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


def command_language(lang: str | None) -> str:
    """The language of a command: its ``--lang``, else ``savanna --lang``, else the locale.

    Raises:
        OptionError: for a language the catalogues do not have.
    """
    return resolve_language(lang if lang is not None else language_of())


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


OptionFlag = Annotated[list[str] | None, typer.Option("--option", "-o", help=help_of("savanna", "option"))]
PlayersFlag = Annotated[int | None, typer.Option("--players", "-p", help=help_of("savanna", "players"))]
GameArgument = Annotated[str, typer.Argument(help=help_of("savanna", "game"))]
LangFlag = Annotated[str | None, typer.Option("--lang", help=help_of("savanna", "lang"))]


def _help(name: str) -> str:
    return help_of("commands", name)


def _say(key: str, lang: str, **fields: object) -> str:
    """A ``commands.*`` message of the command line's catalogue in ``lang``."""
    return MESSAGES.text(f"commands.{key}", lang, **fields)


def make_game(name: str, players: int | None, option: list[str] | None) -> Game:
    """Load a game from CLI arguments (raises OptionError with a clear message)."""
    return load_game(name, players=players, options=parse_options(option))


@app.command(help=_help("games"))
@handles_errors()
def games(lang: LangFlag = None) -> None:
    """List the registered games (its help: ``commands.help.games``)."""
    lang = command_language(lang)
    table = Table(title=_say("games.title", lang))
    table.add_column(_say("games.game", lang), style="bold", max_width=18)
    table.add_column(_say("games.players", lang), no_wrap=True)
    table.add_column(_say("games.option", lang), no_wrap=True)
    table.add_column(_say("games.values", lang))
    for name, cls in registered_games().items():
        spec = cls.spec
        default = escape(_say("games.default_players", lang, players=spec.default_players))
        players = [f"{spec.min_players}–{spec.max_players}", f"[dim]{default}[/]"]
        labels = [name, f"[dim]{escape(spec.title_in(lang))}[/]"]
        if not spec.perfect_information:
            labels.append(f"[dim]{escape(_say('games.hidden', lang))}[/]")
        for i, option in enumerate(spec.options):
            table.add_row(
                labels[i] if i < len(labels) else "",
                players[i] if i < len(players) else "",
                option.name,
                _values(option, lang),
            )
        for i in range(len(spec.options), len(labels)):
            table.add_row(labels[i], players[i] if i < len(players) else "", "", "")
        table.add_section()
    console.print(table)
    for name, why in broken_games().items():
        err_console.print(_say("games.broken", lang, name=repr(name), why=why), style="yellow", markup=False)


def _values(option: Option, lang: str) -> str:
    """The values an option takes and its default, and under them what it does (dimmed)."""
    values = escape(
        _say("games.option_values", lang, values=option.describe().replace("|", " | "), default=_show(option.default, lang))
    )
    help_ = option.help_in(lang)
    return f"{values}\n[dim]{escape(help_)}[/]" if help_ else values


def _show(value: object, lang: str) -> str:
    if isinstance(value, bool):
        return _say("games.on" if value else "games.off", lang)
    return str(value)


@app.command(help=_help("playout"))
@handles_errors()
def playout(
    game: GameArgument,
    players: PlayersFlag = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=_help("playout_seed"))] = None,
    option: OptionFlag = None,
    out: Annotated[Path | None, typer.Option("--out", help=_help("playout_out"))] = None,
    lang: LangFlag = None,
) -> None:
    """Play one game between random players (its help: ``commands.help.playout``)."""
    language = command_language(lang)
    configured = make_game(game, players, option)
    seed = random.SystemRandom().randrange(2**31) if seed is None else check_seed(seed)
    state = random_playout(configured, random.Random(seed), checked=True)
    record = record_of(state, seed=seed, seats=["random"] * configured.num_players, chance=PLAYOUT)
    text = record.to_json()
    if out is None:
        sys.stdout.write(text)
    else:
        _write_atomically(out, text)
        err_console.print(_say("playout.written", language, path=out), markup=False, highlight=False)


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


@app.command(help=_help("replay"))
@handles_errors()
def replay(
    file: Annotated[Path, typer.Argument(help=_help("replay_file"))],
    step: Annotated[bool, typer.Option("--step", help=_help("replay_step"))] = False,
    lang: LangFlag = None,
) -> None:
    """Replay a record through the rules, checking its seeds (its help: ``commands.help.replay``)."""
    language = command_language(lang)
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
    console.print(_say("replay.position", language, position=final.to_text()), highlight=False, markup=False)
    table = Table(title=_say("replay.scores", language))
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


@app.command(help=_help("bench"))
@handles_errors()
def bench(
    game: GameArgument,
    seconds: Annotated[float, typer.Option("--seconds", "-t", help=_help("bench_seconds"))] = 4.0,
    players: PlayersFlag = None,
    option: OptionFlag = None,
    seed: Annotated[int, typer.Option("--seed", help=_help("bench_seed"))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=_help("bench_json"))] = False,
    lang: LangFlag = None,
) -> None:
    """Random-playout throughput against OpenSpiel's (its help: ``commands.help.bench``)."""
    from savanna.bench import compare_with_references

    language = command_language(lang)
    if not 0 < seconds <= 3600:
        raise OptionError(MESSAGES.words("error.commands.seconds_must_be_more", seconds=seconds))
    check_seed(seed)
    configured = make_game(game, players, option)
    result = compare_with_references(configured, seconds=seconds, seed=seed)
    if as_json:
        sys.stdout.write(json.dumps(result.as_json(), sort_keys=True) + "\n")
        return
    lang = language
    console.print(_say("bench.build", lang, build=result.build), markup=False, highlight=False)
    table = Table(title=escape(_say("bench.title", lang, game=repr(configured))))
    for column in ("engine", "actions", "decisions", "games", "per_game"):
        table.add_column(_say(f"bench.{column}", lang), justify="left" if column == "engine" else "right")
    rows = [(game, result.game)]
    if result.whole is not None:
        rows.append((_say("bench.whole", lang, game=game), result.whole))
    rows += [(_say("bench.reference", lang, name=name), rates) for name, rates in result.references.items()]
    for label, rates in rows:
        table.add_row(
            escape(label),
            f"{rates.actions_per_sec:,.0f}",
            f"{rates.decisions_per_sec:,.0f}",
            f"{rates.games_per_sec:,.1f}",
            f"{rates.actions / max(rates.games, 1):,.0f}",
        )
    console.print(table)
    if not result.references:
        console.print(_say("bench.no_reference", lang), markup=False, highlight=False)
    for name, ratios in result.ratios().items():
        console.print(
            _say(
                "bench.ratio",
                lang,
                name=name,
                actions=f"{ratios['actions']:.2f}",
                decisions=f"{ratios['decisions']:.2f}",
                games=f"{ratios['games']:.2f}",
            ),
            markup=False,
            highlight=False,
        )
