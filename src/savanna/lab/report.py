"""Writing a simulation's report directory: summary, records, plots and ``report.md``.

``DIR/summary.json``
    the aggregate figures (:func:`savanna.lab.summary.summarise`, and the fairness
    questions of :func:`savanna.lab.fairness.answer` when asked), canonical and
    time-independent: the same plan gives the same bytes on any number of workers.
``DIR/games.jsonl``
    one canonical game record per line, in game order, replayable with
    :func:`savanna.core.record.replay` (not written by a run without records, which
    removes the one a replaced report left).
``DIR/*.png``
    plots drawn with matplotlib (Agg backend, no display needed).
``DIR/report.md``
    a report for designers: verdicts first, then the tables and plots; seats numbered from
    1, levels in natural order, numeric statistics binned, statistics that never varied
    collapsed into one line.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from savanna.lab.restricted import restricted_lines
from savanna.lab.simulation import Outcome, submit, worker_processes
from savanna.lab.stats import bin_numbers, natural_key, number_key, wilson_interval
from savanna.lab.words import interval, join, localize, say

__all__ = ["draw_plots", "question_words", "write_report"]

_MAX_FACTOR_PLOTS = 12
_MAX_LEVELS = 8
"""A numeric statistic with more values than this is shown in bins."""
_BAR = "#c98a2b"
_GREEN = "#5b7f3a"


def write_report(
    directory: Path,
    summary: dict[str, Any],
    outcomes: Sequence[Outcome],
    *,
    command: str = "",
    records: bool = True,
    parallel: bool = False,
    lang: str = "en",
) -> list[Path]:
    """Write every report file into ``directory`` (created if needed); returns the paths.

    Args:
        directory: the report directory.
        summary: the content of ``summary.json``.
        outcomes: the games, in index order (their records go to ``games.jsonl``).
        command: the command line that produced the report, quoted at the top of
            ``report.md`` so that it can be regenerated.
        records: whether to write ``games.jsonl`` from the outcomes' records; without
            them a ``games.jsonl`` left by a replaced report is removed (it would not
            match the new summary).
        parallel: draw the plots in this process and in the worker processes started
            for the simulation (:func:`savanna.lab.simulation.start_workers`), if any;
            the files are the same.
        lang: the language of ``report.md`` and of the plots' words (``summary.json``
            holds its sentences in every language, under ``said``).
    """
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.png"):  # a replaced report leaves no stale plot behind
        old.unlink()
    written = [directory / "summary.json"]
    written[0].write_text(
        json.dumps(summary, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    games = directory / "games.jsonl"
    if records:
        with games.open("w", encoding="utf-8") as out:
            for outcome in outcomes:
                out.write(outcome["record"])
        written.append(games)
    else:
        games.unlink(missing_ok=True)
    view = _View(summary, lang)
    plots = _plots(directory, view, outcomes, parallel)
    written.extend(plots)
    report = directory / "report.md"
    report.write_text(_markdown(view, {p.name for p in plots}, command), encoding="utf-8")
    written.append(report)
    return written


# -- what the report shows --------------------------------------------------------------------


class _View:
    """The summary arranged for people in ``lang``: words, natural order, bins, constant
    statistics apart."""

    def __init__(self, summary: dict[str, Any], lang: str = "en") -> None:
        self.summary = summary
        self.lang = lang
        labels = summary.get("labels", {})
        self.words: dict[str, str] = labels.get(lang) or labels.get("en") or summary.get("words", {})
        stats = summary["statistics"]
        self.constant: list[str] = []
        self.seat_factors: dict[str, dict[str, dict[str, Any]]] = {}
        self.game_factors: dict[str, dict[str, dict[str, Any]]] = {}
        for factor in sorted(stats["seats"], key=natural_key):
            rows = stats["seats"][factor]
            if len(rows) == 1:
                value = f"{self.word(factor)} {next(iter(rows))}"
                self.constant.append(self.say("report.every_seat", value=value))
            else:
                self.seat_factors[factor] = _bin_seat_rows(rows)
        games = summary["games"]
        mean_decisions = summary["length"]["decisions"].get("mean", 0.0)
        for factor in sorted(stats["game"], key=natural_key):
            rows = stats["game"][factor]
            if len(rows) == 1 and next(iter(rows.values()))["games"] == games:
                self.constant.append(f"{self.word(factor)} {next(iter(rows))}")
            else:
                self.game_factors[factor] = _bin_game_rows(rows, games, mean_decisions)
        self.bots = list(summary["win_rates"]["by_bot"])

    def word(self, factor: str) -> str:
        return self.words.get(factor, factor.replace("_", " "))

    def say(self, key: str, **fields: object) -> str:
        """The lab's message ``key`` in the report's language."""
        return say(key, self.lang, **fields)


def _numeric(keys: Sequence[str]) -> bool:
    try:
        [float(k) for k in keys]
    except ValueError:
        return False
    return True


def _bin_seat_rows(rows: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    keys = sorted(rows, key=natural_key)
    if not _numeric(keys) or len(keys) <= _MAX_LEVELS:
        return {k: rows[k] for k in keys}
    edges, labels = bin_numbers([float(k) for k in keys], _MAX_LEVELS)
    out: dict[str, dict[str, Any]] = {}
    for key in keys:
        label = labels[max(i for i, e in enumerate(edges) if e <= float(key) + 1e-9)]
        row = out.setdefault(label, {"seats": 0, "wins": 0, "score_sum": 0.0})
        row["seats"] += rows[key]["seats"]
        row["wins"] += rows[key]["wins"]
        row["score_sum"] += rows[key]["mean_score"] * rows[key]["seats"]
    for row in out.values():
        lo, hi = wilson_interval(row["wins"], row["seats"])
        row.update(
            mean_score=row.pop("score_sum") / row["seats"],
            rate=row["wins"] / row["seats"],
            ci95=[lo, hi],
        )
    return out


def _bin_game_rows(
    rows: dict[str, dict[str, Any]], games: int, mean_decisions: float
) -> dict[str, dict[str, Any]]:
    keys = sorted(rows, key=natural_key)
    if not _numeric(keys) or len(keys) <= _MAX_LEVELS:
        return {k: rows[k] for k in keys}
    edges, labels = bin_numbers([float(k) for k in keys], _MAX_LEVELS)
    total = mean_decisions * games
    grouped: dict[str, dict[str, Any]] = {}
    for key in keys:
        label = labels[max(i for i, e in enumerate(edges) if e <= float(key) + 1e-9)]
        row = grouped.setdefault(label, {"games": 0, "decisions": 0.0})
        row["games"] += rows[key]["games"]
        row["decisions"] += (rows[key]["mean_decisions"] or 0.0) * rows[key]["games"]
    out = {}
    for label, row in grouped.items():
        n = row["games"]
        rest = games - n
        out[label] = {
            "games": n,
            "frequency": n / games,
            "frequency_ci95": list(wilson_interval(n, games)),
            "mean_decisions": row["decisions"] / n if n else None,
            "mean_decisions_without": (total - row["decisions"]) / rest if rest else None,
        }
    return out


# -- plots ------------------------------------------------------------------------------------


Plot = tuple[str, Callable[[Any], Any]]
"""A plot of the report: its file name, and what draws it (``pyplot`` → the figure)."""


def _plot_list(view: _View, outcomes: Sequence[Outcome]) -> list[Plot]:
    """Every plot of the report, in order (nothing drawn yet)."""
    summary = view.summary
    plots: list[Plot] = []
    players = summary["players"]
    words = view.say

    def rate_bars(labels: list[str], rows: list[dict[str, Any]], title: str, name: str) -> None:
        """Horizontal bars (labels never overlap), first level on top, with 95% intervals."""

        def draw(plt: Any) -> Any:
            fig, ax = plt.subplots(figsize=(7, 1.2 + 0.4 * len(rows)))
            rates = [r["rate"] for r in rows]
            lower = [max(0.0, r["rate"] - r["ci95"][0]) for r in rows]
            upper = [max(0.0, r["ci95"][1] - r["rate"]) for r in rows]
            ax.barh(range(len(rows)), rates, xerr=[lower, upper], capsize=4, color=_BAR)
            ax.set_yticks(range(len(rows)), labels)
            ax.invert_yaxis()
            ax.set_xlim(0, min(1.0, max(r["ci95"][1] for r in rows) * 1.15 + 0.02))
            ax.axvline(1 / players, linestyle="--", color="grey", label=words("plot.one_in", players=players))
            ax.set_xlabel(words("plot.win_rate_axis"))
            ax.set_title(title)
            ax.legend(loc="lower right", fontsize="small")
            return fig

        plots.append((name, draw))

    by_bot = summary["win_rates"]["by_bot"]
    if len(by_bot) > 1:
        rate_bars(list(by_bot), list(by_bot.values()), words("plot.by_bot"), "win_rate_by_bot.png")
    by_seat = summary["win_rates"]["by_seat"]
    rate_bars(
        [words("plot.seat", seat=r["seat"]) for r in by_seat],
        by_seat,
        words("plot.by_seat"),
        "win_rate_by_seat.png",
    )

    def scores(plt: Any) -> Any:
        fig, ax = plt.subplots(figsize=(7, 4))
        for spec in by_bot:
            values = [
                o["scores"][s] for o in outcomes for s, seated in enumerate(o["seats"]) if seated == spec
            ]
            ax.hist(values, bins=30, histtype="step", linewidth=1.5, label=spec)
        ax.set_xlabel(words("plot.final_score"))
        ax.set_ylabel(words("plot.seats"))
        ax.set_title(words("plot.scores_by_bot" if len(by_bot) > 1 else "plot.scores"))
        if len(by_bot) > 1:
            ax.legend()
        return fig

    plots.append(("scores.png", scores))

    def lengths(plt: Any) -> Any:
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.hist([o["decisions"] for o in outcomes], bins=30, color=_GREEN)
        ax.set_xlabel(words("plot.decisions_axis"))
        ax.set_ylabel(words("plot.games"))
        ax.set_title(words("plot.length"))
        return fig

    plots.append(("game_length.png", lengths))

    for question in summary.get("tests", {}).get("questions", [])[: 3 * _MAX_FACTOR_PLOTS]:
        if len(question["levels"]) < 2:
            continue
        plots.append(
            (
                f"test_{_slug(question['factor'])}_{question['response']}.png",
                functools.partial(_forest, question=question, lang=view.lang),
            )
        )

    for factor, rows in list(view.seat_factors.items())[:_MAX_FACTOR_PLOTS]:
        rate_bars(
            list(rows),
            list(rows.values()),
            words("plot.by_factor", factor=view.word(factor)),
            f"seats_{_slug(factor)}.png",
        )
    for factor, rows in list(view.game_factors.items())[:_MAX_FACTOR_PLOTS]:

        def shares(plt: Any, rows: dict[str, Any] = rows, factor: str = factor) -> Any:
            fig, ax = plt.subplots(figsize=(7, 1.2 + 0.4 * len(rows)))
            freq = [r["frequency"] for r in rows.values()]
            lower = [max(0.0, r["frequency"] - r["frequency_ci95"][0]) for r in rows.values()]
            upper = [max(0.0, r["frequency_ci95"][1] - r["frequency"]) for r in rows.values()]
            ax.barh(range(len(rows)), freq, xerr=[lower, upper], capsize=4, color=_GREEN)
            ax.set_yticks(range(len(rows)), list(rows))
            ax.invert_yaxis()
            ax.set_xlim(0, min(1.0, max(r["frequency_ci95"][1] for r in rows.values()) * 1.15 + 0.02))
            ax.set_xlabel(words("plot.share_axis"))
            ax.set_title(words("plot.share_by", factor=view.word(factor)))
            return fig

        plots.append((f"game_{_slug(factor)}.png", shares))
    return plots


def draw_plots(
    directory: Path,
    summary: dict[str, Any],
    outcomes: Sequence[Outcome],
    part: int = 0,
    parts: int = 1,
    lang: str = "en",
) -> list[Path]:
    """Draw plots ``part``, ``part + parts``, ``part + 2 * parts`` ... of the report into
    ``directory``, their words in ``lang``; returns the paths of every plot of the report
    (drawn here or not).

    Processes that draw the parts ``0 .. parts - 1`` together draw the whole report; each
    plot is the same file whichever process draws it.
    """
    plots = _plot_list(_View(summary, lang), outcomes)
    mine = plots[part::parts]
    if mine:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        for name, draw in mine:
            fig = draw(plt)
            _number_ticks(fig, lang)
            fig.tight_layout()
            fig.savefig(directory / name, dpi=100, metadata={"Software": None})
            plt.close(fig)
    return [directory / name for name, _ in plots]


def _number_ticks(fig: Any, lang: str) -> None:
    """The numbers on the axes of ``fig`` as ``lang`` writes them (``0,1`` in French); the
    axes whose ticks are words keep them."""
    if lang == "en":
        return
    from matplotlib.ticker import FuncFormatter, ScalarFormatter

    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            if isinstance(axis.get_major_formatter(), ScalarFormatter):
                axis.set_major_formatter(FuncFormatter(lambda x, _: localize(f"{x:g}", lang)))


def _plots(directory: Path, view: _View, outcomes: Sequence[Outcome], parallel: bool) -> list[Path]:
    """Draw every plot: with ``parallel``, shared with the running worker processes of the
    simulation (:func:`savanna.lab.simulation.start_workers`), each drawing its part."""
    helpers = worker_processes() if parallel else 0
    if not helpers:
        return draw_plots(directory, view.summary, outcomes, lang=view.lang)
    # The plots read the scores, seats and lengths: the records stay here.
    light = [{k: o[k] for k in ("scores", "seats", "decisions")} for o in outcomes]
    parts = helpers + 1
    futures = [
        submit(draw_plots, directory, view.summary, light, part, parts, view.lang) for part in range(1, parts)
    ]
    paths = draw_plots(directory, view.summary, outcomes, 0, parts, view.lang)
    for future in futures:
        future.result()
    return paths


def _forest(plt: Any, question: dict[str, Any], lang: str = "en") -> Any:
    """Each level's difference from average with its simultaneous interval."""
    rows = question["levels"]
    said = question_words(question, lang)
    who = said["who"]
    response = question["response"]
    scale = 1.0 if response == "score" else 100.0
    unit = say({"score": "plot.score_points", "frequency": "plot.share_points"}.get(response, "plot.win_points"), lang)
    longest = max(len(name) for name in who)
    fig, ax = plt.subplots(figsize=(7 + max(0, longest - 16) * 0.07, 1.6 + 0.35 * len(rows)))
    effects = [r["effect"] * scale for r in rows]
    lower = [max(0.0, (r["effect"] - r["ci"][0]) * scale) for r in rows]
    upper = [max(0.0, (r["ci"][1] - r["effect"]) * scale) for r in rows]
    margin = question["power"]["margin"] * scale
    ax.axvspan(-margin, margin, color="#e8e2d0")
    ax.axvline(0, color="grey", linewidth=1)
    colours = ["#b03a2e" if r["p"] < 0.05 else "#3b5f8a" for r in rows]
    for i, colour in enumerate(colours):
        ax.errorbar(
            [effects[i]], [i], xerr=[[lower[i]], [upper[i]]], fmt="none", ecolor=colour, capsize=3
        )
    ax.scatter(effects, range(len(rows)), color=colours, zorder=3)
    ax.set_yticks(range(len(rows)), who)
    ax.invert_yaxis()
    shaded = localize(f"{margin:g}", lang)
    ax.set_xlabel(say("plot.difference_axis", lang, unit=unit, margin=shaded), fontsize="small")
    ax.set_title(_wrap(said["question"], 70))
    return fig


def question_words(q: dict[str, Any], lang: str) -> dict[str, Any]:
    """A fairness question's words in ``lang`` (``question``, ``verdict``, ``power``,
    ``label``, ``who``, ``test``, ``method``): its ``said`` words, else (a summary written
    before they were kept, or a language it does not hold) its English fields."""
    words = q.get("said", {}).get(lang)
    if words:
        return dict(words)
    return {
        "question": q["question"],
        "verdict": q["verdict"],
        "power": q["power"]["text"],
        "label": q["factor_words"],
        "who": [row["who"] for row in q["levels"]],
        "test": q["test"],
        "method": q["method"],
    }


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width))


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text.lower())


# -- report.md --------------------------------------------------------------------------------


def _num(value: float, spec: str, lang: str) -> str:
    """``value`` formatted by ``spec``, written as ``lang`` writes numbers."""
    return localize(format(value, spec), lang)


def _pct(value: float, lang: str) -> str:
    return localize(f"{value:.1%}", lang)


def _ci(rate: float, ci: Sequence[float], lang: str) -> str:
    return interval(f"{rate:.1%}", f"{ci[0]:.1%}", f"{ci[1]:.1%}", lang)


def _option_text(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def _p(p: float, lang: str) -> str:
    return localize("< 0.001" if p < 0.001 else f"{p:.2g}" if p < 0.1 else f"{p:.2f}", lang)


def _turn_cap_line(view: _View) -> str:
    summary = view.summary
    cap = summary["turn_cap"]
    if not cap["reported"]:
        return view.say("report.no_turn_cap")
    share = _ci(cap["share"], cap["ci95"], view.lang)
    return view.say("report.turn_cap", capped=cap["games"], games=summary["games"], share=share)


def _image(name: str, alt: str, plots: set[str]) -> list[str]:
    return [f"![{alt}]({name})", ""] if name in plots else []


def _markdown(view: _View, plots: set[str], command: str) -> str:
    summary = view.summary
    words = view.say
    options = " ".join(
        f"--option {k}={_option_text(v)}"
        for k, v in summary["options"].items()
        if k not in summary.get("varied", {})
    )
    varied = " ".join(
        f"--vary {k}={','.join(_option_text(v) for v in values)}"
        for k, values in summary.get("varied", {}).items()
    )
    bots = view.bots
    lang = view.lang
    bots_text = (
        words("report.one_bot", bot=bots[0])
        if len(bots) == 1
        else words("report.cycled", bots=", ".join(f"`{b}`" for b in bots))
    )
    options = options or words("report.default_options")
    seating = words(
        "report.seating",
        seating=words("summary.seating"),
        win_rule=words("summary.win_rule"),
        shared=summary["shared_first_places"],
        turn_cap=_turn_cap_line(view),
    )
    lines = [
        words("report.title", game=summary["game"]),
        "",
        words("report.plan", games=summary["games"], players=summary["players"], bots=bots_text, seed=summary["seed"]),
        "",
        words("report.options_varied", options=options, varied=varied) if varied else words("report.options", options=options),
        "",
        seating,
        "",
    ]
    stopping = summary.get("stopping")
    if stopping:
        widths = []
        if stopping["width"] is not None:
            widths.append(words("report.width", width=localize(f"{stopping['width'] * 100:g}", view.lang)))
        if stopping["score_width"] is not None:
            widths.append(words("report.score_width", width=localize(f"{stopping['score_width']:g}", view.lang)))
        looks = ", ".join(str(n) for n in stopping["looks"])
        outcome = (
            words("report.reached")
            if stopping["reached"]
            else words("report.not_reached", games=stopping["max_games"])
        )
        until = words("report.both", first=widths[0], second=widths[1]) if len(widths) > 1 else widths[0]
        lines += [words("report.stopping", widths=until, outcome=outcome, looks=looks), ""]
    if command:
        lines += [words("report.regenerate"), "", "```", command, "```", ""]
    tests = summary.get("tests")
    if tests:
        lines += _test_sections(view, tests, plots)
    if summary.get("restricted_play"):
        lines += restricted_lines(summary["restricted_play"], view.lang)
    if len(bots) > 1:
        lines += [
            words("report.by_bot"),
            "",
            words("report.bot_header"),
            "| --- | ---: | ---: | ---: | --- | ---: |",
        ]
        for spec, row in summary["win_rates"]["by_bot"].items():
            mean = summary["scores"]["by_bot"][spec].get("mean", 0)
            lines.append(
                f"| `{spec}` | {row['seats_per_game']} | {row['trials']} | {row['wins']} | "
                f"{_ci(row['rate'], row['ci95'], lang)} | {_num(mean, '.2f', lang)} |"
            )
        lines += ["", *_image("win_rate_by_bot.png", words("plot.alt_by_bot"), plots)]
    lines += [
        words("report.by_seat"),
        "",
        words("report.seat_header"),
        "| ---: | ---: | --- | ---: |",
    ]
    for row, scores in zip(
        summary["win_rates"]["by_seat"], summary["scores"]["by_seat"], strict=True
    ):
        lines.append(
            f"| {row['seat']} | {row['wins']} | {_ci(row['rate'], row['ci95'], lang)} | "
            f"{_num(scores.get('mean', 0), '.2f', lang)} |"
        )
    length = summary["length"]
    lines += [
        "",
        *_image("win_rate_by_seat.png", words("plot.alt_by_seat"), plots),
        words("report.scores_and_length"),
        "",
        *_image("scores.png", words("plot.alt_scores"), plots),
        words("report.length_header"),
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, key in (("report.decisions", "decisions"), ("report.actions", "actions")):
        d = length[key]
        lines.append(
            f"| {words(name)} | {_num(d['mean'], '.1f', lang)} | {localize(str(d['min']), lang)} | "
            f"{localize(number_key(d['median']), lang)} | {localize(str(d['max']), lang)} |"
        )
    lines += ["", *_image("game_length.png", words("plot.alt_length"), plots)]
    if view.constant or view.seat_factors or view.game_factors:
        lines += [words("report.statistics"), ""]
    if view.constant:
        lines += [words("report.constant", values=join(view.constant, view.lang)), ""]
    for factor, rows in view.seat_factors.items():
        word = view.word(factor)
        lines += [
            words("report.seats_by", factor=word),
            "",
            words("report.seats_header", factor=word),
            "| --- | ---: | ---: | --- |",
        ]
        lines += [
            f"| {k} | {r['seats']} | {_num(r['mean_score'], '.2f', lang)} | {_ci(r['rate'], r['ci95'], lang)} |"
            for k, r in rows.items()
        ]
        lines += ["", *_image(f"seats_{_slug(factor)}.png", words("plot.alt_by_factor", factor=word), plots)]
    for factor, rows in view.game_factors.items():
        word = view.word(factor)
        lines += [
            words("report.games_by", factor=word),
            "",
            words("report.games_header", factor=word),
            "| --- | ---: | --- | ---: | ---: |",
        ]
        for k, r in rows.items():
            with_ = "—" if r["mean_decisions"] is None else localize(f"{r['mean_decisions']:.1f}", lang)
            without = (
                "—" if r["mean_decisions_without"] is None else localize(f"{r['mean_decisions_without']:.1f}", lang)
            )
            lines.append(
                f"| {k} | {r['games']} | {_ci(r['frequency'], r['frequency_ci95'], lang)} | {with_} | {without} |"
            )
        lines += ["", *_image(f"game_{_slug(factor)}.png", words("plot.alt_share_by", factor=word), plots)]
    return "\n".join(lines).rstrip() + "\n"


def _test_sections(view: _View, tests: dict[str, Any], plots: set[str]) -> list[str]:
    questions = tests["questions"]
    lang = view.lang
    words = view.say
    lines = [words("report.questions"), "", words("report.method", count=len(questions)), ""]
    for q in questions:
        response = q["response"]
        score = response == "score"
        count_name = "games" if q["kind"] == "game" and response != "win" else "seats"
        said = question_words(q, lang)
        question = said["question"]
        lines += [f"### {question}", "", f"**{_capital(said['verdict'])}.**", ""]
        if said["power"]:
            lines += [said["power"], ""]
        if len(q["levels"]) >= 2:
            factor = said["label"] if q["kind"] == "seat" else words("report.level")
            lines += [
                words("report.question_header", factor=factor, count=words(f"report.{count_name}"), shown=words(f"report.shown_{response}")),
                "| --- | ---: | ---: | ---: | --- | ---: |",
            ]
            for row, name in zip(q["levels"], said["who"], strict=True):
                level = row["level"] if q["kind"] == "seat" and q["factor"] != "order" else name
                lines.append(
                    f"| {level} | {row.get(count_name, row.get('seats', row.get('games')))} | "
                    f"{_value(row['observed'], score, lang)} | {_value(row['expected'], score, lang)} | "
                    f"{interval(_diff(row['effect'], score), _diff(row['ci'][0], score), _diff(row['ci'][1], score), lang)} | "
                    f"{_p(row['p'], lang)} |"
                )
            lines.append("")
        name = f"test_{_slug(q['factor'])}_{response}.png"
        lines += _image(name, question, plots)
        stat = "F" if q["method"] == "Welch F" else "χ²"
        lines += [
            words(
                "report.test",
                test=said["test"],
                statistic=stat,
                value=localize(f"{q['statistic']:.2f}", lang),
                df=q["df"],
                method=said["method"],
                p=_p(q["p"], lang),
                p_adjusted=_p(q["p_adjusted"], lang),
                games=q["games"],
            ),
            "",
        ]
    return lines


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _value(value: float, score: bool, lang: str) -> str:
    return localize(f"{value:.2f}", lang) if score else _pct(value, lang)


def _diff(value: float, score: bool) -> str:
    return f"{value:+.2f}" if score else f"{value * 100:+.1f}"


