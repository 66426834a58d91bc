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
from savanna.core import (
    Game,
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
    replay_states,
)
from savanna.core import replay as replay_record
from savanna.core.registry import broken_games
from savanna.core.rng import PLAYOUT

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
    err_console.print(
        f"[bold red]error:[/] {escape(error.text(lang or default_lang()))}",
        highlight=False,
        markup=True,
        soft_wrap=True,  # one line: the terminal wraps it, Rich does not break it
    )
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
            raise OptionError(f"option {key!r} is given twice", f"l'option {key!r} est donnée deux fois")
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
    table.add_column("game", style="bold")
    table.add_column("players", no_wrap=True)
    table.add_column("option", no_wrap=True)
    table.add_column("values")
    table.add_column("default", no_wrap=True)
    for name, cls in registered_games().items():
        spec = cls.spec
        players = f"{spec.min_players}–{spec.max_players} (default {spec.default_players})"
        labels = [name, f"[dim]{spec.title}[/]"]
        if not spec.perfect_information:
            labels.append("[dim]hidden information[/]")
        rows = [(o.name, o.describe().replace("|", " | "), _show(o.default)) for o in spec.options]
        rows += [("", "", "")] * (len(labels) - len(rows))
        for i, (opt, values, default) in enumerate(rows):
            table.add_row(labels[i] if i < len(labels) else "", players if i == 0 else "", opt, values, default)
        table.add_section()
    console.print(table)
    for name, why in broken_games().items():
        err_console.print(f"[yellow]warning:[/] game {name!r} failed to load: {why}")


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


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise RecordError(
            f"cannot read {str(path)!r}: {exc.strerror or exc}",
            f"impossible de lire {str(path)!r} : {exc.strerror or exc}",
        ) from exc


def read_record(path: Path) -> Record:
    """Read a record file (RecordError for a missing, unreadable or corrupt file)."""
    return Record.from_json(_read_bytes(path))


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


def _say(language: str, en: str, fr: str) -> str:
    return fr if language == "fr" else en


def chance_line(record: Record, language: str) -> str:
    """One line saying whether the record's chance outcomes were checked against its seed."""
    if record.chance is None:
        return _say(
            language,
            "chance: not checked (the record does not say how it was drawn)",
            "hasard : non vérifié (l'enregistrement ne dit pas comment il a été tiré)",
        )
    seeds = ", ".join(str(s) for s in [record.seed, *(s for _, s in record.reseeds or [])])
    return _say(
        language,
        f"chance: every outcome drawn again from seed {seeds} ({record.chance}) and matched",
        f"hasard : chaque résultat retiré de la graine {seeds} ({record.chance}) et identique",
    )


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
    drawn again and compared. A corrupt record, an unknown version, an illegal action or a
    chance outcome that the seed did not give exits with code 1 and names the first bad
    action and why. A JSON Lines file (``games.jsonl`` of ``savanna simulate``) has every
    record checked and a summary printed.
    """
    language = _check_lang(lang)
    data = _read_bytes(file)
    lines = json_lines(file, data)
    if lines is not None:
        if step:
            raise OptionError(
                "--step walks through one record; this file holds JSON Lines",
                "--step parcourt un seul enregistrement ; ce fichier est en JSON Lines",
            )
        _replay_lines(file, lines, language)
        return
    record = Record.from_json(data)
    if step:
        from savanna.tui import step_through

        step_through(record, lang=language)
        return
    final = None
    for _, _, state in replay_states(record):
        final = state
    assert final is not None
    game = final.game
    console.print(game.render_text(final.observation(None), language), highlight=False, markup=False)
    console.print(f"position: {final.to_text()}", highlight=False, markup=False)
    table = Table(title="scores")
    table.add_column("seat" if language == "en" else "place")
    table.add_column("player" if language == "en" else "joueur")
    table.add_column("score")
    table.add_column("rank" if language == "en" else "rang")
    ranking = final.ranking() if final.is_terminal() else None
    for seat, score in enumerate(final.scores()):
        who = record.seats[seat] if record.seats and seat < len(record.seats) else ""
        rank = "" if ranking is None else str(ranking[seat] + 1)
        table.add_row(str(seat), who, _show_number(score), rank)
    console.print(table)
    console.print(chance_line(record, language), highlight=False, markup=False, soft_wrap=True)
    if final.is_terminal():
        console.print(("game over, " if language == "en" else "partie terminée, ") + f"{len(record.actions)} actions")
    else:
        console.print(
            f"the record stops before the end ({len(record.actions)} actions)"
            if language == "en"
            else f"l'enregistrement s'arrête avant la fin ({len(record.actions)} actions)"
        )


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
            final = replay_record(record)
        except RecordError as exc:
            refused.append((number, exc))
            continue
        replayed += 1
        finished += final.is_terminal()
        checked += record.chance_checked
    for number, problem in refused:
        where = _say(language, f"line {number}:", f"ligne {number} :")
        err_console.print(
            f"[bold red]error:[/] {where} {escape(problem.text(language))}",
            highlight=False,
            soft_wrap=True,
        )
    total = len(lines)
    console.print(
        _say(
            language,
            f"{file.name}: {total} records; {replayed} replayed through the rules "
            f"({finished} finished games), {checked} with every chance outcome checked "
            f"against its seed, {len(refused)} refused",
            f"{file.name} : {total} enregistrements ; {replayed} rejoués selon les règles "
            f"({finished} parties finies), {checked} dont chaque résultat du hasard est "
            f"vérifié d'après la graine, {len(refused)} refusés",
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
        raise OptionError(f"--lang must be en or fr, not {lang!r}", f"--lang doit valoir en ou fr, pas {lang!r}")
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
    """Random-playout throughput, with OpenSpiel's C++ backgammon measured in the same run.

    Applied actions per second (chance outcomes included) and games per second, for this game
    and — when ``open_spiel`` is installed (the ``[bench]`` extra) — for OpenSpiel's
    ``backgammon`` driven from Python by the same loop, and their ratio. The two are measured
    in alternating slices so that machine noise hits both alike.
    """
    from savanna.bench import compare_with_reference

    if not 0 < seconds <= 3600:
        raise OptionError(
            f"--seconds must be more than 0 and at most 3600, not {seconds}",
            f"--seconds doit être entre 0 (exclu) et 3600, pas {seconds}",
        )
    check_seed(seed)
    configured = make_game(game, players, option)
    result = compare_with_reference(configured, seconds=seconds, seed=seed)
    if as_json:
        sys.stdout.write(json.dumps(result.as_json(), sort_keys=True) + "\n")
        return
    table = Table(title=f"random playouts — {configured!r}")
    table.add_column("engine")
    table.add_column("actions/s", justify="right")
    table.add_column("games/s", justify="right")
    table.add_row(game, f"{result.steps_per_sec:,.0f}", f"{result.games_per_sec:,.1f}")
    if result.reference_steps_per_sec is not None:
        table.add_row(
            "OpenSpiel backgammon (C++)",
            f"{result.reference_steps_per_sec:,.0f}",
            f"{result.reference_games_per_sec or 0:,.1f}",
        )
    console.print(table)
    if result.ratio is None:
        console.print("open_spiel is not installed: no reference (pip install 'savanna[bench]')")
    else:
        console.print(f"ratio (this game / backgammon, actions per second): {result.ratio:.2f}")


