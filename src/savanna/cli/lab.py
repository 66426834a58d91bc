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
from savanna.cli.errors import MESSAGES
from savanna.core import OptionError, check_seed

if TYPE_CHECKING:
    from savanna.lab.fairness import FairnessSettings
    from savanna.lab.simulation import SimulationPlan

console = Console()
err_console = Console(stderr=True)

BotsFlag = Annotated[
    str,
    typer.Option(
        "--bots",
        "-b",
        help="Comma-separated bot specs, cycled to fill the seats, e.g. "
        "'heuristic,random' or 'ismcts:sims=300,heuristic'. Kinds: random, heuristic, ismcts "
        "(settings sims, seconds, c, rollout=random|heuristic, prior=heuristic|none, "
        "depth=N|full, widen, pool, reward=score|rank|win, joined by ':').",
    ),
]
WorkersFlag = Annotated[
    int | None,
    typer.Option(
        "--workers", "-w", help="Worker processes (default: every core; 1 = this process)."
    ),
]
RayFlag = Annotated[
    bool,
    typer.Option(
        "--ray",
        help="Run the games as Ray tasks: on the cluster named by the RAY_ADDRESS environment "
        "variable (e.g. RAY_ADDRESS=ray://head:10001), else on a local Ray. Results are identical.",
    ),
]
SeedFlag = Annotated[
    int, typer.Option("--seed", "-s", help="Seed; game i is seeded with derive_seed(seed, i).")
]
QuietFlag = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]


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
def _phase(label: str, quiet: bool) -> Iterator[None]:
    """A phase after the games (summary, report) on standard error: a spinner while it
    runs, then its wall-clock time on a line of its own, apart from the games' bar."""
    start = time.perf_counter()
    if quiet:
        yield
        return
    with err_console.status(label):
        yield
    err_console.print(f"{label}: {time.perf_counter() - start:.1f} s", highlight=False)


TestFlag = Annotated[
    list[str] | None,
    typer.Option(
        "--test",
        "-t",
        help="Test whether FACTOR changes the win rate or mean score (repeatable): seat, order "
        "(play order), bot, a game statistic (banjooli: prediction, finish_1, special, tiles ...) "
        "or a varied option. Verdicts, intervals and power go into summary.json and report.md.",
    ),
]
VaryFlag = Annotated[
    list[str] | None,
    typer.Option(
        "--vary",
        help="Play several values of an option, NAME=V1,V2,... (repeatable; every combination "
        "in turn, each seeing every seat rotation). The option becomes a factor for --test.",
    ),
]


@app.command()
@handles_errors()
def simulate(
    game: Annotated[str, typer.Argument(help="A registered game (see `savanna games`).")],
    bots: BotsFlag,
    report: Annotated[
        Path,
        typer.Option(
            "--report", "-r", help="Directory for summary.json, games.jsonl, plots, report.md."
        ),
    ],
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            "-n",
            help="Number of games (default 100); with --until-width, the most games "
            "(default 20000).",
        ),
    ] = None,
    option: OptionFlag = None,
    vary: VaryFlag = None,
    players: PlayersFlag = None,
    test: TestFlag = None,
    until_width: Annotated[
        float | None,
        typer.Option(
            "--until-width",
            help="With --test: play until every win-rate interval is at most this many points "
            "wide (e.g. 4 for ±2 points), or --games games.",
        ),
    ] = None,
    until_score_width: Annotated[
        float | None,
        typer.Option(
            "--until-score-width",
            help="With --test: play until every score interval is at most this many score "
            "points wide.",
        ),
    ] = None,
    restrict: Annotated[
        list[str] | None,
        typer.Option(
            "--restrict",
            help="Restricted play (repeatable; 'all' for every one the game declares): the "
            "first bot of --bots plays again with one kind of decision taken away, on the same "
            "games, and the report says what that costs in win rate and score, with 95% "
            "intervals. A name the game does not declare is refused with the list of its own (river-race: never-offer, never-wait, always-upper, ignore-price ...; banjooli: never-spell, never-reroll; hyena: never-bank, never-pay).",
        ),
    ] = None,
    margin: Annotated[
        float,
        typer.Option("--margin", help="The win-rate difference that matters, in points (power)."),
    ] = 2.0,
    score_margin: Annotated[
        float,
        typer.Option("--score-margin", help="The score difference that matters, in points (power)."),
    ] = 0.5,
    workers: WorkersFlag = None,
    ray: RayFlag = False,
    seed: SeedFlag = 0,
    force: Annotated[
        bool, typer.Option("--force", help="Replace the report already in --report.")
    ] = False,
    no_records: Annotated[
        bool,
        typer.Option(
            "--no-records",
            help="Write no games.jsonl (faster: the games' records are never built); "
            "summary.json, the plots and report.md are the same.",
        ),
    ] = False,
    quiet: QuietFlag = False,
) -> None:
    """Play many games between bots and write a report with 95% confidence intervals.

    Seats are rotated: game i seats entry j of the bots list (cycled to fill the seats) at seat (i + j) mod players. The same seed and options give an identical summary.json with one worker, many workers or --ray. A shared first place counts as a win for each seat sharing it.

    --test answers fairness questions (see docs/lab.md); --until-width plays until they are answered to the width asked.

    For a Ray cluster, start it (`ray start --head` on the head node, `ray start --address=HEAD:6379` on the others, Savanna installed everywhere) and run with RAY_ADDRESS=HEAD:6379 savanna simulate ... --ray.
    """
    from savanna.lab.fairness import FairnessSettings, answer, check_factors, run_until_answered
    from savanna.lab.report import write_report
    from savanna.lab.simulation import SimulationPlan, run_simulation, start_workers
    from savanna.lab.summary import summarise

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
            raise OptionError(
                f"{name} must be a positive number of points, not {value:g}",
                f"{name} doit être un nombre de points positif, pas {value:g}",
            )
    if until_width is not None and until_width > 100:
        raise OptionError(
            f"--until-width is in points of win rate (at most 100), not {until_width:g}",
            f"--until-width est en points de taux de victoire (au plus 100), pas {until_width:g}",
        )
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
    label = f"{plan.make_game().name}: games" + (" (stops when answered)" if adaptive else "")
    if restrictions:
        label += f" (and {len(restrictions)} restricted run{'s' if len(restrictions) > 1 else ''})"
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
    with _phase("summary" + (" and fairness tests" if factors else ""), quiet):
        summary = summarise(plan, outcomes)
        if factors:
            summary["tests"] = answer(plan, outcomes, factors, settings)
        if stopping is not None:
            summary["stopping"] = stopping
        if restricted is not None:
            summary["restricted_play"] = restricted
    command = _command_line(plan, report, factors, settings, adaptive, records, restrictions)
    with _phase("report (" + ("records, " if records else "") + "plots, report.md)", quiet):
        try:
            write_report(
                report, summary, outcomes, command=command, records=records, parallel=not ray
            )
        except OSError as exc:
            raise _unwritable(report, exc) from None
    table = Table(title=f"{summary['game']}: {summary['games']} games, win rate [95% CI]")
    table.add_column("bot")
    table.add_column("seat-games", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    for spec, row in summary["win_rates"]["by_bot"].items():
        table.add_row(
            spec,
            str(row["trials"]),
            f"{row['rate']:.1%}",
            f"{row['ci95'][0]:.1%}–{row['ci95'][1]:.1%}",
        )
    console.print(table)
    capped = summary["turn_cap"]
    if capped["games"]:
        console.print(
            f"{capped['games']} of {summary['games']} games ({capped['share']:.1%}) ended at the turn cap"
        )
    for question in summary.get("tests", {}).get("questions", []):
        console.print(f"[bold]{question['question']}[/bold] {question['verdict']}", highlight=False)
    for row in (restricted or {}).get("results", []):
        console.print(
            f"[bold]{row['restriction']}[/bold] ({row['words']['en']}): win rate "
            f"{row['restricted']['rate']:.1%} against {row['baseline']['rate']:.1%} unrestricted; "
            f"{row['verdict']}",
            highlight=False,
        )
    if stopping is not None and not stopping["reached"]:
        console.print(f"stopped at --games {plan.games} before the intervals were as narrow as asked")
    console.print(f"report: {report / 'report.md'}")


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
) -> str:
    """The ``savanna simulate`` command that reproduces ``plan`` (workers do not matter)."""
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
    return shlex.join(parts)


def option_text(value: object) -> str:
    """An option value as ``--option`` takes it (booleans as on/off)."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


@app.command()
@handles_errors()
def tournament(
    game: Annotated[str, typer.Argument(help="A registered game (see `savanna games`).")],
    bots: BotsFlag,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per pairing.")] = 50,
    option: OptionFlag = None,
    players: PlayersFlag = None,
    workers: WorkersFlag = None,
    ray: RayFlag = False,
    seed: SeedFlag = 0,
    quiet: QuietFlag = False,
) -> None:
    """Round robin between bot configurations, rated with OpenSkill (Plackett-Luce).

    Every pair of bots plays --games games, the pair cycled to fill the seats and rotated;
    each bot is placed by its best seat, and a shared place is a draw. The table is sorted
    by the conservative rating mu - 3 sigma.
    """
    from savanna.lab.tournament import run_tournament

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
    with _progress(max(1, pairs) * max(1, games), "tournament: games", quiet) as tick:
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
    table = Table(title=f"{game}: round robin, {games} games per pairing")
    for name, justify in (
        ("rank", "right"),
        ("bot", "left"),
        ("rating (mu-3σ)", "right"),
        ("mu", "right"),
        ("σ", "right"),
        ("games", "right"),
        ("win rate [95% CI]", "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for rank, s in enumerate(result.standings, 1):
        table.add_row(
            str(rank),
            s.bot,
            f"{s.ordinal:.2f}",
            f"{s.mu:.2f}",
            f"{s.sigma:.2f}",
            str(s.games),
            f"{s.win_rate:.1%} [{s.ci95[0]:.1%}, {s.ci95[1]:.1%}]",
        )
    console.print(table)
    names = [s.bot for s in result.standings]
    matrix = Table(title="head to head: row's wins / games against column")
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
