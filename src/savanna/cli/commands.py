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
from savanna.core.registry import broken_games

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
    err_console.print(f"[bold red]error:[/] {error.text(lang or default_lang())}", highlight=False, markup=True)
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
    record = record_of(state, seed=seed, seats=["random"] * configured.num_players)
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


def read_record(path: Path) -> Record:
    """Read a record file (RecordError for a missing, unreadable or corrupt file)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(
            f"cannot read {str(path)!r}: {exc.strerror or exc}",
            f"impossible de lire {str(path)!r} : {exc.strerror or exc}",
        ) from exc
    return Record.from_json(data)


@app.command()
@handles_errors()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) written by Savanna.")],
    step: Annotated[bool, typer.Option("--step", help="Walk through the record move by move.")] = False,
    lang: Annotated[str | None, typer.Option("--lang", help="en or fr (default: from the locale).")] = None,
) -> None:
    """Replay a record through the rules; print the final position and scores.

    A corrupt record, an unknown version or an illegal action exits with code 1 and names the
    first bad action and why.
    """
    language = _check_lang(lang)
    record = read_record(file)
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
    if final.is_terminal():
        console.print(("game over, " if language == "en" else "partie terminée, ") + f"{len(record.actions)} actions")
    else:
        console.print(
            f"the record stops before the end ({len(record.actions)} actions)"
            if language == "en"
            else f"l'enregistrement s'arrête avant la fin ({len(record.actions)} actions)"
        )


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


