"""The coach's command: ``savanna analyse RECORD --seat N``.

After a game, each decision of one seat annotated with the expected score it lost against
the best move, and the total, as text and (``--plot FILE``) as a plot; or, with
``--at K``, the whole analysis of one position of the record from that seat's view: the
odds, the seat's moves, and what the others probably hold.

Seats are counted from 1, as the game screens show them. Errors are one line; a record
that does not replay exits with code 1.
"""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from savanna.cli import app
from savanna.cli.commands import LangFlag, command_language, handles_errors, read_record
from savanna.cli.errors import MESSAGES, help_of
from savanna.coach import POLICIES, Estimate, analyse
from savanna.coach.belief import decisions_seen, posterior
from savanna.coach.review import REVIEW_SAMPLES, Reference, Review, review
from savanna.coach.text import analysis_lines, likely, number, player, say
from savanna.core import Game, OptionError, Record, State, check_seed, replay_states

__all__ = ["analyse_command"]

console = Console()
err_console = Console(stderr=True)


def _seat(value: int, game: Game) -> int:
    if not 1 <= value <= game.num_players:
        raise OptionError(MESSAGES.words("error.coach.seat_must_be_a", players=game.num_players, value=value))
    return value - 1


AT_SAMPLES = 400
"""Rounds of the analysis of one position (``--at``) by default."""


def _budget(samples: int | None, seconds: float | None, default: int) -> tuple[int | None, float | None]:
    if samples is not None and samples < 1:
        raise OptionError(MESSAGES.words("error.coach.samples_must_be_at", samples=samples))
    if seconds is not None and not seconds > 0:
        raise OptionError(MESSAGES.words("error.coach.seconds_must_be_more", seconds=seconds))
    if samples is None and seconds is None:
        return default, None
    return samples, seconds


def _states_until(record: Record, stop: int) -> tuple[State, list[tuple[State, int]]]:
    """The state before action ``stop`` (0-based) and the ``(state, action)`` pairs before it."""
    pairs: list[tuple[State, int]] = []
    replaying = replay_states(record)
    _, _, state = next(replaying)
    for index, text in enumerate(record.actions):
        if index == stop:
            return state, pairs
        before = state.clone()
        action = state.parse_action(text)
        pairs.append((before, action))
        _, _, state = next(replaying)
    return state, pairs


def _help(name: str, **fields: object) -> str:
    return help_of("analyse", name, **fields)


@app.command("analyse", help=_help("about"))
@handles_errors()
def analyse_command(
    file: Annotated[Path, typer.Argument(help=_help("file"))],
    seat: Annotated[int, typer.Option("--seat", help=_help("seat"))],
    at: Annotated[int | None, typer.Option("--at", help=_help("at"))] = None,
    samples: Annotated[
        int | None, typer.Option("--samples", help=_help("samples", review=REVIEW_SAMPLES, at=AT_SAMPLES))
    ] = None,
    seconds: Annotated[float | None, typer.Option("--seconds", help=_help("seconds"))] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help=_help("seed"))] = 0,
    model: Annotated[str, typer.Option("--model", help=_help("model", models=", ".join(POLICIES)))] = "heuristic",
    plot: Annotated[Path | None, typer.Option("--plot", help=_help("plot"))] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help=_help("json"))] = None,
    lang: LangFlag = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_help("quiet"))] = False,
) -> None:
    """Coach a player from a record (its help: ``analyse.help.about``)."""
    language = command_language(lang)
    check_seed(seed)
    if model not in POLICIES:
        raise OptionError(MESSAGES.words("error.coach.model_must_be_one", models=', '.join(POLICIES), model=repr(model)))
    budget_samples, budget_seconds = _budget(samples, seconds, REVIEW_SAMPLES if at is None else AT_SAMPLES)
    if plot is not None and at is not None:
        raise OptionError(MESSAGES.words("error.coach.plot_draws_a_review"))
    record = read_record(file)
    width = min(shutil.get_terminal_size((100, 24)).columns, 120)
    if at is not None:
        if not 1 <= at <= len(record.actions) + 1:
            raise OptionError(MESSAGES.words("error.coach.at_must_be_from", last=len(record.actions) + 1, at=at))
        state, pairs = _states_until(record, at - 1)
        game = state.game
        who = _seat(seat, game)
        observation = state.observation(who)
        belief = posterior(game, observation, decisions_seen(pairs, who), seed=seed)
        result = analyse(
            game, observation, belief=belief, seed=seed, samples=budget_samples, seconds=budget_seconds, policy=model
        )
        for line in analysis_lines(game, result, belief.beliefs, language, width, top=10):
            console.print(line, highlight=False, markup=False, soft_wrap=True)
        if json_out is not None:
            _write_json(json_out, {"analysis": result.to_json(), "beliefs": [b.to_json() for b in belief.beliefs]})
        return
    game_of_record = _game_of(record)
    who = _seat(seat, game_of_record)
    if quiet:
        done = review(record, who, seed=seed, samples=budget_samples, seconds=budget_seconds, policy=model)
    else:
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err_console,
            transient=True,
        ) as bar:
            task = bar.add_task(say("review.header_move", language), total=None)

            def advance(count: int, total: int) -> None:
                bar.update(task, completed=count, total=total)

            done = review(
                record, who, seed=seed, samples=budget_samples, seconds=budget_seconds, policy=model, progress=advance
            )
    _print_review(done, game_of_record, language)
    if plot is not None:
        from savanna.coach.plot import save_review_plot

        save_review_plot(done, game_of_record, plot, language)
        console.print(str(plot), highlight=False, markup=False)
    if json_out is not None:
        _write_json(json_out, done.to_json())


def _game_of(record: Record) -> Game:
    """The configured game of ``record`` (its game, version and options are checked)."""
    for _, _, state in replay_states(record):
        return state.game
    raise AssertionError("replay_states always yields the initial state first")


def _write_json(path: Path, value: object) -> None:
    try:
        path.write_text(json.dumps(value, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise OptionError(MESSAGES.words("error.coach.cannot_write", path=repr(str(path)), why=exc.strerror or exc)) from None


def _print_review(done: Review, game: Game, lang: str) -> None:
    who = player(game, done.seat, lang)
    title = game.spec.title_in(lang)
    console.print(say("review.title", lang, player=who, game=title), highlight=False, markup=False)
    if not done.decisions:
        console.print(say("review.none", lang, player=who), highlight=False, markup=False)
        return
    table = Table(show_edge=False, pad_edge=False)
    table.add_column(say("review.header_turn", lang), justify="right")
    table.add_column(say("review.header_played", lang))
    table.add_column(say("review.header_heuristic", lang))
    table.add_column(say("review.header_ismcts", lang))
    table.add_column(say("review.header_verdict", lang))
    for d in done.decisions:
        cells = [_reference_cell(r, d.played.action, lang) for r in d.references]
        verdict = say(f"review.verdict_{d.verdict}", lang)
        table.add_row(str(d.turn), d.played.notation, *cells, verdict)
    console.print(table)
    for line in (
        say("review.how", lang, sims=done.sims),
        say("review.rule", lang, tolerance=number(done.tolerance, lang)),
        say(
            "review.total",
            lang,
            heuristic=_lost(done.lost("heuristic"), lang),
            ismcts=_lost(done.lost("ismcts"), lang),
            decisions=len(done.decisions),
        ),
        say("review.counts", lang, mistakes=done.mistakes(), close=done.count("close")),
    ):
        console.print(line, highlight=False, markup=False, soft_wrap=False)
    if done.score is not None and done.place is not None:
        console.print(
            say("review.final", lang, score=number(done.score, lang, 0), place=done.place + 1),
            highlight=False,
            markup=False,
        )


def _lost(total: Estimate, lang: str) -> str:
    """``lost 3.2 (likely 1.3 to 5.1)``, or ``gained ...`` when the references did worse."""
    if total.value >= 0:
        return say("review.lost", lang, amount=likely(total, lang))
    flipped = Estimate(-total.value, -total.high, -total.low, total.samples, sampling=total.sampling)
    return say("review.gained", lang, amount=likely(flipped, lang))


def _reference_cell(reference: Reference, played: int, lang: str) -> str:
    """``step R +0.4 ±0.3`` (the reference's move and its gain), or ``=`` for the move played."""
    if reference.move.action == played:
        return say("review.same", lang)
    gain = reference.gain
    shown = number(abs(gain.value), lang)
    sign = "-" if gain.value < 0 and shown.strip("0.,") else "+"
    text = f"{reference.move.notation} {sign}{shown}"
    if math.isfinite(gain.half_width) and gain.half_width > 0:
        text += f" ±{number(gain.half_width, lang)}"
    return text
