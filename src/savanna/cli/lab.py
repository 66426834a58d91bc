"""Lab commands: ``savanna simulate`` and ``savanna tournament``.

Both accept any registered game and any bot specs (``random``, ``heuristic``,
``ismcts:sims=500`` ...), run on every core by default, and on a Ray cluster with
``--ray`` (set ``RAY_ADDRESS`` to the cluster's address; without it Ray starts locally).
"""

from __future__ import annotations

import shlex
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from savanna.cli import app
from savanna.cli.commands import OptionFlag, PlayersFlag, handles_errors, parse_options
from savanna.cli.errors import MESSAGES, language_of
from savanna.core import OptionError, check_seed
from savanna.i18n import resolve_language

if TYPE_CHECKING:
    from savanna.lab.fairness import FairnessSettings
    from savanna.lab.simulation import SimulationPlan

console = Console()
err_console = Console(stderr=True)


def _help(name: str) -> str:
    """The help of an option or command in the command line's language (``--lang`` or the
    locale), looked up when the module is imported, before the help is shown."""
    return MESSAGES.text(f"lab.help.{name}", language_of())


def _say(key: str, lang: str, **fields: object) -> str:
    """A ``lab.*`` message of the command line's catalogue in ``lang``."""
    return MESSAGES.text(f"lab.{key}", lang, **fields)


BotsFlag = Annotated[str, typer.Option("--bots", "-b", help=_help("bots"))]
WorkersFlag = Annotated[int | None, typer.Option("--workers", "-w", help=_help("workers"))]
RayFlag = Annotated[bool, typer.Option("--ray", help=_help("ray"))]
SeedFlag = Annotated[int, typer.Option("--seed", "-s", help=_help("seed"))]
QuietFlag = Annotated[bool, typer.Option("--quiet", "-q", help=_help("quiet"))]
LangFlag = Annotated[str | None, typer.Option("--lang", help=_help("lang"))]


def _split_bots(text: str) -> list[str]:
    specs = [part.strip() for part in text.split(",") if part.strip()]
    if not specs:
        raise OptionError(MESSAGES.words("error.lab.bots_needs_at_least"))
    return specs


@contextmanager
def _progress(total: int, label: str, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A Rich progress bar on standard error; yields the callback the lab reports to."""
    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        disable=quiet,
        transient=False,
    )
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.update(task, completed=done)


@contextmanager
def _phase(label: str, quiet: bool, lang: str) -> Iterator[None]:
    """A phase after the games (summary, report) on standard error: a spinner while it
    runs, then its wall-clock time on a line of its own, apart from the games' bar."""
    start = time.perf_counter()
    if quiet:
        yield
        return
    with err_console.status(label):
        yield
    seconds = f"{time.perf_counter() - start:.1f}"
    err_console.print(_say("phase_took", lang, phase=label, seconds=seconds), highlight=False)


TestFlag = Annotated[list[str] | None, typer.Option("--test", "-t", help=_help("test"))]
VaryFlag = Annotated[list[str] | None, typer.Option("--vary", help=_help("vary"))]


@app.command(help=_help("simulate"))
@handles_errors()
def simulate(
    game: Annotated[str, typer.Argument(help=_help("game"))],
    bots: BotsFlag,
    report: Annotated[Path, typer.Option("--report", "-r", help=_help("report"))],
    games: Annotated[int | None, typer.Option("--games", "-n", help=_help("games"))] = None,
    option: OptionFlag = None,
    vary: VaryFlag = None,
    players: PlayersFlag = None,
    test: TestFlag = None,
    until_width: Annotated[float | None, typer.Option("--until-width", help=_help("until_width"))] = None,
    until_score_width: Annotated[
        float | None, typer.Option("--until-score-width", help=_help("until_score_width"))
    ] = None,
    restrict: Annotated[list[str] | None, typer.Option("--restrict", help=_help("restrict"))] = None,
    margin: Annotated[float, typer.Option("--margin", help=_help("margin"))] = 2.0,
    score_margin: Annotated[float, typer.Option("--score-margin", help=_help("score_margin"))] = 0.5,
    workers: WorkersFlag = None,
    ray: RayFlag = False,
    seed: SeedFlag = 0,
    force: Annotated[bool, typer.Option("--force", help=_help("force"))] = False,
    no_records: Annotated[bool, typer.Option("--no-records", help=_help("no_records"))] = False,
    quiet: QuietFlag = False,
    lang: LangFlag = None,
) -> None:
    """Play many games between bots and write a report (its help: ``lab.help.simulate``)."""
    from savanna.lab.fairness import FairnessSettings, answer, check_factors, run_until_answered
    from savanna.lab.report import question_words, write_report
    from savanna.lab.restricted import said
    from savanna.lab.simulation import SimulationPlan, run_simulation, start_workers
    from savanna.lab.summary import summarise
    from savanna.lab.words import localize

    language = resolve_language(lang)
    check_seed(seed)
    records = not no_records
    factors = list(dict.fromkeys(test or []))
    adaptive = until_width is not None or until_score_width is not None
    if adaptive and not factors:
        raise OptionError(MESSAGES.words("error.lab.until_width_and_until"))
    for name, value in (
        ("--until-width", until_width),
        ("--until-score-width", until_score_width),
        ("--margin", margin),
        ("--score-margin", score_margin),
    ):
        if value is not None and not value > 0:
            raise OptionError(MESSAGES.words("lab.positive_points", flag=name, value=f"{value:g}"))
    if until_width is not None and until_width > 100:
        raise OptionError(MESSAGES.words("lab.width_at_most", value=f"{until_width:g}"))
    plan = SimulationPlan.create(
        game,
        bots=_split_bots(bots),
        games=games if games is not None else 20000 if adaptive else 100,
        seed=seed,
        players=players,
        options=parse_options(option),
        vary=_parse_vary(vary),
    )
    restrictions = _restrictions(plan, restrict, adaptive)
    _check_report_directory(report, force)
    if not ray:
        # Before the progress bar's thread: the workers are forked from this small process
        # and start while it prepares the run.
        start_workers(workers)
    settings = FairnessSettings(
        margin=margin / 100,
        score_margin=score_margin,
        width=until_width / 100 if until_width is not None else None,
        score_width=until_score_width,
    )
    label = _say("progress_answered" if adaptive else "progress", language, game=plan.make_game().name)
    if restrictions:
        label = _say("progress_restricted", language, label=label, count=len(restrictions))
    stopping = None
    with _progress(plan.games * (1 + len(restrictions)), label, quiet) as tick:
        if adaptive:
            outcomes, stopping = run_until_answered(
                plan, factors, settings, workers=workers, use_ray=ray, on_result=tick, records=records
            )
        else:
            if factors:  # refuse an unknown factor before the long run
                first = run_simulation(plan, stop=1, workers=1, records=records)
                check_factors(plan, first, factors)
                tick(1)
                rest = run_simulation(
                    plan,
                    start=1,
                    workers=workers,
                    use_ray=ray,
                    on_result=lambda n: tick(1 + n),
                    records=records,
                )
                outcomes = first + rest
            else:
                outcomes = run_simulation(
                    plan, workers=workers, use_ray=ray, on_result=tick, records=records
                )
        restricted = _restricted_play(plan, restrictions, outcomes, workers, ray, tick)
    with _phase(_say("phase_summary_tests" if factors else "phase_summary", language), quiet, language):
        summary = summarise(plan, outcomes)
        if factors:
            summary["tests"] = answer(plan, outcomes, factors, settings)
        if stopping is not None:
            summary["stopping"] = stopping
        if restricted is not None:
            summary["restricted_play"] = restricted
    command = _command_line(plan, report, factors, settings, adaptive, records, restrictions, language)
    with _phase(_say("phase_report_records" if records else "phase_report", language), quiet, language):
        try:
            write_report(
                report, summary, outcomes, command=command, records=records, parallel=not ray, lang=language
            )
        except OSError as exc:
            raise _unwritable(report, exc) from None
    table = Table(title=_say("table_title", language, game=summary["game"], games=summary["games"]))
    table.add_column(_say("column_bot", language))
    for column in ("seat_games", "win_rate", "ci"):
        table.add_column(_say(f"column_{column}", language), justify="right")
    for spec, row in summary["win_rates"]["by_bot"].items():
        table.add_row(
            spec,
            str(row["trials"]),
            localize(f"{row['rate']:.1%}", language),
            localize(f"{row['ci95'][0]:.1%}–{row['ci95'][1]:.1%}", language),
        )
    console.print(table)
    capped = summary["turn_cap"]
    if capped["games"]:
        share = localize(f"{capped['share']:.1%}", language)
        console.print(_say("turn_cap", language, capped=capped["games"], games=summary["games"], share=share))
    for question in summary.get("tests", {}).get("questions", []):
        words = question_words(question, language)
        console.print(f"[bold]{words['question']}[/bold] {words['verdict']}", highlight=False)
    for row in (restricted or {}).get("results", []):
        line = _say(
            "restricted",
            language,
            words=row["words"].get(language, row["words"]["en"]),
            rate=localize(f"{row['restricted']['rate']:.1%}", language),
            baseline=localize(f"{row['baseline']['rate']:.1%}", language),
            verdict=said(row, "verdict", language),
        )
        console.print(f"[bold]{row['restriction']}[/bold] {line}", highlight=False)
    if stopping is not None and not stopping["reached"]:
        console.print(_say("stopped", language, games=plan.games))
    # A path is copied whole: never broken at the terminal's width.
    console.print(_say("report", language, path=report / "report.md"), soft_wrap=True)


def _restrictions(plan: SimulationPlan, names: list[str] | None, adaptive: bool) -> list[str]:
    """The restrictions of ``--restrict``, checked before any game is played."""
    if not names:
        return []
    from savanna.lab.restricted import restriction_names

    if adaptive or plan.varied:
        raise OptionError(MESSAGES.words("error.lab.restrict_plays_a_fixed"))
    return restriction_names(plan.make_game().name, names, plan.players)


def _restricted_play(
    plan: SimulationPlan,
    restrictions: list[str],
    outcomes: list[dict[str, Any]],
    workers: int | None,
    ray: bool,
    tick: Callable[[int], None],
) -> dict[str, Any] | None:
    """Each restriction's run against the simulation's own games (the baseline)."""
    if not restrictions:
        return None
    from savanna.lab.restricted import RestrictedPlay

    results = []

    def ticker(k: int) -> Callable[[int], None]:
        return lambda n: tick(k * plan.games + n)

    for k, name in enumerate(restrictions, start=1):
        design = RestrictedPlay.create(
            plan.make_game().name,
            bot=plan.bots[0],
            restriction=name,
            games=plan.games,
            seed=plan.seed,
            opponents=plan.cycled[1:],
            players=plan.players,
            options=plan.options,
        )
        results.append(
            design.run(
                workers=workers,
                use_ray=ray,
                baseline=outcomes,
                on_result=ticker(k),
            )
        )
    return {"bot": plan.bots[0], "results": results}


def _parse_vary(assignments: list[str] | None) -> dict[str, list[str]]:
    """``["special=none,lava", ...]`` from repeated ``--vary`` flags."""
    out: dict[str, list[str]] = {}
    for name, values in parse_options(assignments).items():
        out[name] = [v.strip() for v in values.split(",") if v.strip()]
    return out


def _check_report_directory(report: Path, force: bool) -> None:
    """Refuse a file or a directory that already holds a report (unless ``force``), then
    create ``report`` and make sure a file can be written in it, before any game runs.

    Raises:
        OptionError: ``report`` is a file, holds a report, or cannot be created or written to.
    """
    if report.exists() and not report.is_dir():
        raise OptionError(MESSAGES.words("error.lab.report_is_a_file", report=repr(str(report))))
    if not force and any((report / name).exists() for name in ("summary.json", "report.md")):
        raise OptionError(MESSAGES.words("error.lab.report_already_holds_a", report=repr(str(report))))
    try:
        report.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=report):
            pass
    except OSError as exc:
        raise _unwritable(report, exc) from None


def _unwritable(report: Path, exc: OSError) -> OptionError:
    why = exc.strerror or str(exc)
    return OptionError(MESSAGES.words("error.lab.report_cannot_be_written", report=repr(str(report)), why=why))


def _command_line(
    plan: SimulationPlan,
    report: Path,
    factors: list[str] | None = None,
    settings: FairnessSettings | None = None,
    adaptive: bool = False,
    records: bool = True,
    restrictions: list[str] | None = None,
    lang: str = "en",
) -> str:
    """The ``savanna simulate`` command that reproduces ``plan`` (workers do not matter;
    ``--lang`` only when the report is not in English)."""
    parts = ["savanna", "simulate", plan.make_game().name, "--games", str(plan.games)]
    parts += ["--bots", ",".join(plan.bots), "--players", str(plan.players)]
    varied = plan.varied
    for key, value in sorted(plan.options.items()):
        if key not in varied:
            parts += ["--option", f"{key}={option_text(value)}"]
    for key, values in varied.items():
        parts += ["--vary", f"{key}={','.join(option_text(v) for v in values)}"]
    for factor in factors or []:
        parts += ["--test", factor]
    if settings is not None and factors:
        if adaptive and settings.width is not None:
            parts += ["--until-width", f"{settings.width * 100:g}"]
        if adaptive and settings.score_width is not None:
            parts += ["--until-score-width", f"{settings.score_width:g}"]
        if settings.margin != 0.02:
            parts += ["--margin", f"{settings.margin * 100:g}"]
        if settings.score_margin != 0.5:
            parts += ["--score-margin", f"{settings.score_margin:g}"]
    for name in restrictions or []:
        parts += ["--restrict", name]
    parts += ["--seed", str(plan.seed), "--report", str(report)]
    if not records:
        parts.append("--no-records")
    if lang != "en":
        parts += ["--lang", lang]
    return shlex.join(parts)


def option_text(value: object) -> str:
    """An option value as ``--option`` takes it (booleans as on/off)."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


@app.command(help=_help("tournament"))
@handles_errors()
def tournament(
    game: Annotated[str, typer.Argument(help=_help("game"))],
    bots: BotsFlag,
    games: Annotated[int, typer.Option("--games", "-n", help=_help("pairing_games"))] = 50,
    option: OptionFlag = None,
    players: PlayersFlag = None,
    workers: WorkersFlag = None,
    ray: RayFlag = False,
    seed: SeedFlag = 0,
    quiet: QuietFlag = False,
    lang: LangFlag = None,
) -> None:
    """Round robin between bot configurations (its help: ``lab.help.tournament``)."""
    from savanna.lab.tournament import run_tournament
    from savanna.lab.words import interval, localize

    language = resolve_language(lang)
    check_seed(seed)
    specs = _split_bots(bots)
    # Every argument is checked before the progress bar: a bad one is one line, alone.
    from savanna.bots import parse_bot_spec
    from savanna.core import load_game

    for spec in specs:
        parse_bot_spec(spec)
    load_game(game, players=players, options=parse_options(option))
    if not ray:
        from savanna.lab.simulation import start_workers

        start_workers(workers)  # before the progress bar's thread (see simulate)
    pairs = len(specs) * (len(specs) - 1) // 2
    with _progress(max(1, pairs) * max(1, games), _say("tournament_progress", language), quiet) as tick:
        result = run_tournament(
            game,
            specs,
            games=games,
            seed=seed,
            players=players,
            options=parse_options(option),
            workers=workers,
            use_ray=ray,
            on_result=tick,
        )
    table = Table(title=_say("tournament_title", language, game=game, games=games))
    for name, justify in (
        (_say("column_rank", language), "right"),
        (_say("column_bot", language), "left"),
        (_say("column_rating", language), "right"),
        ("mu", "right"),
        ("σ", "right"),
        (_say("column_games", language), "right"),
        (_say("column_win_rate_ci", language), "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for rank, s in enumerate(result.standings, 1):
        table.add_row(
            str(rank),
            s.bot,
            localize(f"{s.ordinal:.2f}", language),
            localize(f"{s.mu:.2f}", language),
            localize(f"{s.sigma:.2f}", language),
            str(s.games),
            interval(f"{s.win_rate:.1%}", f"{s.ci95[0]:.1%}", f"{s.ci95[1]:.1%}", language),
        )
    console.print(table)
    names = [s.bot for s in result.standings]
    matrix = Table(title=_say("head_to_head", language))
    matrix.add_column("")
    for name in names:
        matrix.add_column(name, justify="right")
    for a in names:
        cells = []
        for b in names:
            won, played = result.head_to_head.get((a, b), (0, 0))
            cells.append("—" if a == b else f"{won}/{played}")
        matrix.add_row(a, *cells)
    console.print(matrix)
