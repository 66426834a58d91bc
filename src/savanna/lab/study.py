"""Balance studies: many lab runs answered by the fairness test, written up as one page.

A *study* is a script that plays several simulations of one game (setups, bots, options),
asks each the lab's fairness questions (:func:`savanna.lab.fairness.answer`) and writes a
Markdown page whose first lines give the one command that regenerates it. The balance
pages of ``docs/balance/`` are written this way (``benchmarks/balance_*.py``); a designer
can write one for a variant in a few lines:

    parser = study_parser("My variant", "docs/balance/mine.md")
    args = parser.parse_args()
    study = Study.from_args("banjooli", args)
    summary = study.play("base", games=2000, tests=("prediction",))
    q = study.question("Cards", summary, "prediction", "win")
    write_page(args.out, ["# Mine", "", *command_block("benchmarks/mine.py", args), *verdict_lines(q)])

What a study adds to ``savanna simulate``: several runs in one process, a cache of played
games that is reused only while the engine and bots still replay them identically, and the
formatting every balance page shares (verdicts, level tables, the 2-point rule).

:meth:`Study.restricted_play` asks whether kinds of decision matter (restricted play:
what a bot loses when one kind of decision is taken away, :mod:`savanna.lab.restricted`).

For experiments that change a game's material or a bot's choice (what the lab's bot specs
cannot say), :func:`play_seeded` plays one game from a seed with the lab's random streams
and :func:`map_games` plays many on worker processes.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from savanna.core import Game, State, derive_seed, make_rng
from savanna.lab.fairness import FairnessSettings, answer, run_until_answered
from savanna.lab.report import question_words
from savanna.lab.restricted import RestrictedPlay, restriction_names
from savanna.lab.simulation import Outcome, SimulationPlan, run_simulation
from savanna.lab.stats import wilson_interval
from savanna.lab.summary import summarise
from savanna.lab.words import say

__all__ = [
    "CHECKED",
    "MARGIN",
    "Study",
    "answer_lines",
    "command_block",
    "favoured",
    "level_table",
    "map_games",
    "pct",
    "play_seeded",
    "points",
    "question",
    "study_parser",
    "verdict_text",
    "within",
    "write_page",
]

MARGIN = 0.02
"""The win-rate difference that matters (issue 16: 2 points)."""
CHECKED = 100
"""Games of a cached run played again to check that the engine and bots have not changed."""


def study_parser(description: str, out: str, *, seed: int, lang: str = "en") -> argparse.ArgumentParser:
    """The options every study shares: ``--seed``, ``--workers``, ``--out``, ``--cache``,
    ``--reports`` (their help in ``lang``). Add the study's sizes to it."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path(out), help=say("study.out", lang))
    parser.add_argument("--cache", type=Path, default=None, help=say("study.cache", lang))
    parser.add_argument("--reports", type=Path, default=None, help=say("study.reports", lang))
    return parser


MACHINE_OPTIONS = ("--workers", "--out", "--cache", "--reports")
"""Options that decide where and how fast a study runs, never its figures."""


def command_line(script: str, argv: Sequence[str]) -> str:
    """The command that regenerates a page: ``script`` with the options that decide its
    figures (sizes, seed, bots), without those that only say where files go or how many
    workers ran (``MACHINE_OPTIONS``)."""
    kept: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        name = arg.split("=", 1)[0]
        if name in MACHINE_OPTIONS:
            skip = "=" not in arg
            continue
        kept.append(arg)
    return shlex.join([".venv/bin/python", script, *kept])


def command_block(script: str, argv: Sequence[str], note: str = "", lang: str = "en") -> list[str]:
    """The page's opening lines after its title: how to regenerate it (``note``: how long)."""
    return [
        say("study.regenerate_took", lang, note=note) if note else say("study.regenerate", lang),
        "",
        "```sh",
        command_line(script, argv),
        "```",
        "",
    ]


def write_page(out: Path, lines: Iterable[str], started: float | None = None) -> None:
    """Write the page (one line per item, a final newline) and say so on stdout."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join([*lines, ""]).rstrip("\n") + "\n", encoding="utf-8")
    if started is None:
        print(say("study.wrote", "en", path=out))
    else:
        print(say("study.wrote_took", "en", path=out, seconds=f"{time.perf_counter() - started:.0f}"))


class Study:
    """Runs the lab for one game and keeps every summary.

    Args:
        game: the registered game name.
        seed: the simulation seed of every run (game ``i`` of a run uses ``derive_seed(seed, i)``).
        players: seats per game.
        workers: processes per run.
        cache: a directory for each run's games (``<name>.jsonl``), or ``None``.
        reports: a directory for each run's ``summary.json`` (``<name>.json``), or ``None``.
        log: where progress lines go (stderr by default).
    """

    def __init__(
        self,
        game: str,
        *,
        seed: int,
        players: int,
        workers: int = 1,
        cache: Path | None = None,
        reports: Path | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.players = players
        self.workers = workers
        self.cache = cache
        self.reports = reports
        self.rows: list[tuple[str, dict[str, Any]]] = []

    @classmethod
    def from_args(cls, game: str, args: argparse.Namespace, *, players: int = 4) -> Study:
        """A study configured by :func:`study_parser`'s options."""
        return cls(
            game,
            seed=args.seed,
            players=players,
            workers=args.workers,
            cache=args.cache,
            reports=args.reports,
        )

    def plan(
        self, games: int, options: Mapping[str, Any] | None = None, bots: Sequence[str] = ("heuristic",)
    ) -> SimulationPlan:
        """The lab's plan of one run of this study."""
        return SimulationPlan.create(
            self.game,
            bots=list(bots),
            games=games,
            seed=self.seed,
            players=self.players,
            options=dict(options or {}),
        )

    def run(
        self,
        name: str,
        *,
        games: int,
        options: Mapping[str, Any] | None = None,
        bots: Sequence[str] = ("heuristic",),
        tests: Sequence[str] = (),
        until_width: float | None = None,
        steer: Sequence[str] | None = None,
    ) -> tuple[dict[str, Any], list[Outcome]]:
        """The lab's summary of one run, with its answers about ``tests``, and its games
        (outcomes without records).

        Args:
            name: the run's name (cache and report file names).
            games: the games of the run; with ``until_width``, the most games.
            until_width: play until every win-rate interval of the questions about
                ``steer`` is at most this wide (a fraction: 0.01 is one point), as
                ``simulate --until-width`` does; the summary then has a ``stopping`` section.
            steer: the factors whose intervals decide when an adaptive run stops (default:
                every factor of ``tests``); the others are answered on the same games.
        """
        started = time.perf_counter()
        plan = self.plan(games, options, bots)
        outcomes, stopping = self.outcomes(
            name, plan, tests if steer is None else steer, until_width
        )
        summary = summarise(plan, outcomes)
        if tests:
            summary["tests"] = answer(plan, outcomes, list(tests))
        if stopping is not None:
            summary["stopping"] = stopping
        seconds = f"{time.perf_counter() - started:.0f}"
        print(say("study.run", "en", name=name, games=len(outcomes), seconds=seconds), file=sys.stderr, flush=True)
        if self.reports is not None:
            self.reports.mkdir(parents=True, exist_ok=True)
            path = self.reports / f"{name}.json"
            path.write_text(json.dumps(summary, indent=1, sort_keys=True), encoding="utf-8")
        return summary, outcomes

    def play(
        self,
        name: str,
        *,
        games: int,
        options: Mapping[str, Any] | None = None,
        bots: Sequence[str] = ("heuristic",),
        tests: Sequence[str] = (),
        until_width: float | None = None,
        steer: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """The summary of :meth:`run` (same arguments)."""
        summary, _ = self.run(
            name,
            games=games,
            options=options,
            bots=bots,
            tests=tests,
            until_width=until_width,
            steer=steer,
        )
        return summary

    def outcomes(
        self,
        name: str,
        plan: SimulationPlan,
        tests: Sequence[str] = (),
        until_width: float | None = None,
    ) -> tuple[list[Outcome], dict[str, Any] | None]:
        """The games of ``plan`` (and the stopping section of an adaptive run): played, or
        read from the cache when it holds them.

        A cached run is used only when its plan is the same (game version, options, bots,
        games, seed, stopping width) and its first ``CHECKED`` games, played again now,
        come out identical (the engine and bots have not changed since it was written).
        Records are never kept.
        """
        key = {
            "game": self.game,
            "version": plan.make_game().spec.version,
            "options": dict(plan.options),
            "bots": list(plan.bots),
            "games": plan.games,
            "seed": plan.seed,
        }
        if until_width is not None:
            key["until_width"] = until_width
            key["tests"] = list(tests)
        path = None
        if self.cache is not None:
            self.cache.mkdir(parents=True, exist_ok=True)
            path = self.cache / f"{name}.jsonl"
            cached = _read_cache(path, key, plan)
            if cached is not None:
                return cached
        stopping: dict[str, Any] | None = None
        if until_width is not None:
            settings = FairnessSettings(width=until_width)
            outcomes, stopping = run_until_answered(
                plan, list(tests), settings, workers=self.workers, records=False
            )
        else:
            outcomes = run_simulation(plan, workers=self.workers, records=False)
        if path is not None:
            with path.open("w", encoding="utf-8") as out:
                out.write(json.dumps({"key": key, "stopping": stopping}) + "\n")
                for o in outcomes:
                    out.write(json.dumps(_strip(o)) + "\n")
        return outcomes, stopping

    def restricted_play(
        self,
        restrictions: Sequence[str],
        *,
        games: int,
        bot: str = "heuristic",
        opponents: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        """What giving up each kind of decision costs ``bot`` (restricted play,
        :mod:`savanna.lab.restricted`): one baseline run, then one run per restriction on
        the same games; each result as :func:`~savanna.lab.restricted.measure` gives it."""
        started = time.perf_counter()
        names = restriction_names(self.game, list(restrictions), self.players)
        designs = [
            RestrictedPlay.create(
                self.game,
                bot=bot,
                restriction=name,
                games=games,
                seed=self.seed,
                opponents=opponents,
                players=self.players,
                options=options,
            )
            for name in names
        ]
        baseline = run_simulation(designs[0].baseline, workers=self.workers, records=False)
        results = [d.run(workers=self.workers, baseline=baseline) for d in designs]
        seconds = f"{time.perf_counter() - started:.0f}"
        line = say("study.restricted", "en", bot=bot, count=len(names), games=games, seconds=seconds)
        print(line, file=sys.stderr, flush=True)
        return results

    def question(
        self, part: str, summary: dict[str, Any], factor: str, response: str = "win"
    ) -> dict[str, Any]:
        """One of the run's answers, remembered (with ``part``) for the page's summary table."""
        q = question(summary, factor, response)
        self.rows.append((part, q))
        return q


def _read_cache(
    path: Path, key: dict[str, Any], plan: SimulationPlan
) -> tuple[list[Outcome], dict[str, Any] | None] | None:
    """The cached games of ``plan`` if the cache matches ``key`` and still replays."""
    if not path.exists():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0]) if lines else {}
    if head.get("key") != key:
        print(say("study.other_plan", "en", name=path.stem), file=sys.stderr)
        return None
    cached = [json.loads(line) for line in lines[1:]]
    check = run_simulation(plan, workers=1, stop=min(len(cached), CHECKED), records=False)
    fresh = [json.loads(json.dumps(_strip(o))) for o in check]
    if cached[: len(fresh)] != fresh:
        print(say("study.out_of_date", "en", name=path.stem), file=sys.stderr)
        return None
    return cached, head.get("stopping")


def _strip(outcome: Outcome) -> dict[str, Any]:
    """An outcome without its record (what the summaries and tests read)."""
    return {k: v for k, v in outcome.items() if k != "record"}


def question(summary: dict[str, Any], factor: str, response: str = "win") -> dict[str, Any]:
    """The question of ``summary["tests"]`` about ``factor`` and ``response`` (win/score)."""
    return next(
        q
        for q in summary["tests"]["questions"]
        if q["factor"] == factor and q["response"] == response
    )


def pct(wins: int, n: int) -> str:
    """``rate [low, high]`` with the 95% Wilson interval (``—`` when ``n`` is 0)."""
    if not n:
        return "—"
    lo, hi = wilson_interval(wins, n)
    return f"{wins / n:.1%} [{lo:.1%}, {hi:.1%}]"


def points(value: float) -> str:
    """A win-rate difference in points, signed."""
    return f"{100 * value:+.1f}"


def reach(q: dict[str, Any]) -> float:
    """The farthest from zero any level's simultaneous interval reaches."""
    return float(max(max(abs(lo), abs(hi)) for lo, hi in (row["ci"] for row in q["levels"])))


def within(q: dict[str, Any], margin: float = MARGIN, lang: str = "en") -> str:
    """Whether every level's simultaneous interval lies within ± ``margin``."""
    far = reach(q)
    return say("study.within_yes", lang) if far <= margin else say("study.within_no", lang, reach=f"{100 * far:.1f}")


def favoured(q: dict[str, Any], margin: float = MARGIN, lang: str = "en") -> str:
    """The levels the test declares (corrected p < 0.05) whose difference is beyond the margin."""
    rows = [r for r in q["levels"] if r["p"] < 0.05 and abs(r["effect"]) > margin]
    return ", ".join(f"{r['level']} ({points(r['effect'])})" for r in rows) or say("study.none", lang)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def verdict_text(q: dict[str, Any], lang: str = "en") -> str:
    """The question's verdict as a sentence, then its power statement."""
    words = question_words(q, lang)
    return f"{_capital(words['verdict'])}. {words['power']}"


def answer_lines(q: dict[str, Any], lang: str = "en") -> list[str]:
    """The question, its verdict (bold) and power statement, as a Markdown item and a blank line."""
    words = question_words(q, lang)
    return [f"- *{words['question']}* **{_capital(words['verdict'])}.** {words['power']}", ""]


def level_table(
    q: dict[str, Any], name: str, describe: Callable[[str], str] | None = None, lang: str = "en"
) -> list[str]:
    """Each level's observed and expected win rate, difference and simultaneous interval."""
    header = "study.level_header_predicts" if describe else "study.level_header"
    lines = [
        say(header, lang, name=name),
        f"| --- {'| --- ' if describe else ''}| ---: | ---: | ---: | ---: | --- |",
    ]
    for row, who in zip(q["levels"], question_words(q, lang)["who"], strict=True):
        lo, hi = row["ci"]
        cell = f" | {describe(row['level'])}" if describe else ""
        lines.append(
            f"| {who}{cell} | {row['seats']} | {row['observed']:.1%} | {row['expected']:.1%} | "
            f"{points(row['effect'])} | [{points(lo)}, {points(hi)}] |"
        )
    return [*lines, ""]


Decide = Callable[[State, int, Any], int]
"""A seat's choice: ``decide(state, seat, rng) -> action`` (``rng``: the seat's stream)."""


def play_seeded(game: Game, seed: int, decide: Decide) -> State:
    """Play one game of ``game`` from ``seed`` to its end and return the final state.

    Chance draws come from ``make_rng(seed, "chance")`` and seat ``s`` decides with its own
    stream ``make_rng(seed, "bot", s)``, so two experiments given the same seed throw the same
    dice as long as they take the same chances.
    """
    chance = make_rng(seed, "chance")
    rngs = [make_rng(seed, "bot", s) for s in range(game.num_players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(chance))
            continue
        seat = state.current_player()
        state.apply_unchecked(decide(state, seat, rngs[seat]))
    return state


T = TypeVar("T")
R = TypeVar("R")


def map_games(play: Callable[[T], R], items: Sequence[T], workers: int) -> list[R]:
    """``[play(item) for item in items]``, on ``workers`` processes (in order; ``play`` must be
    a module-level function). One worker plays in this process."""
    if workers <= 1 or len(items) <= 1:
        return [play(item) for item in items]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return pool.map(play, items)


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of games ``0 … games - 1`` of a run seeded with ``seed``, as the lab derives them."""
    return [derive_seed(seed, i) for i in range(games)]
