"""Lab commands: ``savanna simulate`` and ``savanna tournament``.

Both accept any registered game and any bot specs (``random``, ``heuristic``,
``ismcts:sims=500`` ...), run on every core by default, and on a Ray cluster with
``--ray`` (set ``RAY_ADDRESS`` to the cluster's address; without it Ray starts locally).
"""

from __future__ import annotations

import shlex
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from savanna.cli import app
from savanna.cli.commands import OptionFlag, PlayersFlag, handles_errors, parse_options
from savanna.core import OptionError, check_seed

if TYPE_CHECKING:
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
        raise OptionError("--bots needs at least one bot spec", "--bots demande au moins un robot")
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
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    option: OptionFlag = None,
    players: PlayersFlag = None,
    workers: WorkersFlag = None,
    ray: RayFlag = False,
    seed: SeedFlag = 0,
    quiet: QuietFlag = False,
) -> None:
    """Play many games between bots and write a report with 95% confidence intervals.

    Seats are rotated: game i seats entry j of the bots list (cycled to fill the seats) at
    seat (i + j) mod players. The same seed and options give an identical summary.json with
    one worker, many workers or --ray. A shared first place counts as a win for each seat
    sharing it.

    For a Ray cluster, start it (`ray start --head` on the head node, `ray start
    --address=HEAD:6379` on the others, Savanna installed everywhere) and run with
    RAY_ADDRESS=HEAD:6379 savanna simulate ... --ray.
    """
    from savanna.lab.report import write_report
    from savanna.lab.simulation import SimulationPlan, run_simulation
    from savanna.lab.summary import summarise

    check_seed(seed)
    plan = SimulationPlan.create(
        game,
        bots=_split_bots(bots),
        games=games,
        seed=seed,
        players=players,
        options=parse_options(option),
    )
    _check_report_directory(report)
    with _progress(plan.games, f"{plan.make_game().name}: games", quiet) as tick:
        outcomes = run_simulation(plan, workers=workers, use_ray=ray, on_result=tick)
    summary = summarise(plan, outcomes)
    command = _command_line(plan, report)
    try:
        write_report(report, summary, outcomes, command=command)
    except OSError as exc:
        raise _unwritable(report, exc) from None
    table = Table(title=f"{summary['game']}: {plan.games} games, win rate [95% CI]")
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
            f"{capped['games']} of {plan.games} games ({capped['share']:.1%}) ended at the turn cap"
        )
    console.print(f"report: {report / 'report.md'}")


def _check_report_directory(report: Path) -> None:
    """Create ``report`` and make sure a file can be written in it, before any game runs.

    Raises:
        OptionError: ``report`` is a file, or cannot be created or written to.
    """
    if report.exists() and not report.is_dir():
        raise OptionError(
            f"--report {str(report)!r} is a file, not a directory",
            f"--report {str(report)!r} est un fichier",
        )
    try:
        report.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=report):
            pass
    except OSError as exc:
        raise _unwritable(report, exc) from None


def _unwritable(report: Path, exc: OSError) -> OptionError:
    why = exc.strerror or str(exc)
    return OptionError(
        f"--report {str(report)!r} cannot be written: {why}",
        f"--report {str(report)!r} ne peut pas être écrit : {why}",
    )


def _command_line(plan: SimulationPlan, report: Path) -> str:
    """The ``savanna simulate`` command that reproduces ``plan`` (workers do not matter)."""
    parts = ["savanna", "simulate", plan.make_game().name, "--games", str(plan.games)]
    parts += ["--bots", ",".join(plan.bots), "--players", str(plan.players)]
    for key, value in sorted(plan.options.items()):
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
        parts += ["--option", f"{key}={shown}"]
    parts += ["--seed", str(plan.seed), "--report", str(report)]
    return shlex.join(parts)


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
