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

__all__ = ["draw_plots", "write_report"]

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
    view = _View(summary)
    plots = _plots(directory, view, outcomes, parallel)
    written.extend(plots)
    report = directory / "report.md"
    report.write_text(_markdown(view, {p.name for p in plots}, command), encoding="utf-8")
    written.append(report)
    return written


# -- what the report shows --------------------------------------------------------------------


class _View:
    """The summary arranged for people: words, natural order, bins, constant statistics apart."""

    def __init__(self, summary: dict[str, Any]) -> None:
        self.summary = summary
        self.words: dict[str, str] = summary.get("words", {})
        stats = summary["statistics"]
        self.constant: list[str] = []
        self.seat_factors: dict[str, dict[str, dict[str, Any]]] = {}
        self.game_factors: dict[str, dict[str, dict[str, Any]]] = {}
        for factor in sorted(stats["seats"], key=natural_key):
            rows = stats["seats"][factor]
            if len(rows) == 1:
                self.constant.append(f"{self.word(factor)} {next(iter(rows))} (every seat)")
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
            ax.axvline(1 / players, linestyle="--", color="grey", label=f"one in {players}")
            ax.set_xlabel("win rate (bars: 95% interval)")
            ax.set_title(title)
            ax.legend(loc="lower right", fontsize="small")
            return fig

        plots.append((name, draw))

    by_bot = summary["win_rates"]["by_bot"]
    if len(by_bot) > 1:
        rate_bars(list(by_bot), list(by_bot.values()), "Win rate by bot", "win_rate_by_bot.png")
    by_seat = summary["win_rates"]["by_seat"]
    rate_bars(
        [f"seat {r['seat']}" for r in by_seat],
        by_seat,
        "Win rate by seat (bots rotated between seats)",
        "win_rate_by_seat.png",
    )

    def scores(plt: Any) -> Any:
        fig, ax = plt.subplots(figsize=(7, 4))
        for spec in by_bot:
            values = [
                o["scores"][s] for o in outcomes for s, seated in enumerate(o["seats"]) if seated == spec
            ]
            ax.hist(values, bins=30, histtype="step", linewidth=1.5, label=spec)
        ax.set_xlabel("final score")
        ax.set_ylabel("seats")
        ax.set_title("Final scores by bot" if len(by_bot) > 1 else "Final scores")
        if len(by_bot) > 1:
            ax.legend()
        return fig

    plots.append(("scores.png", scores))

    def lengths(plt: Any) -> Any:
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.hist([o["decisions"] for o in outcomes], bins=30, color=_GREEN)
        ax.set_xlabel("decisions per game (chance draws not counted)")
        ax.set_ylabel("games")
        ax.set_title("Game length")
        return fig

    plots.append(("game_length.png", lengths))

    for question in summary.get("tests", {}).get("questions", [])[: 3 * _MAX_FACTOR_PLOTS]:
        if len(question["levels"]) < 2:
            continue
        plots.append(
            (
                f"test_{_slug(question['factor'])}_{question['response']}.png",
                functools.partial(_forest, question=question),
            )
        )

    for factor, rows in list(view.seat_factors.items())[:_MAX_FACTOR_PLOTS]:
        rate_bars(
            list(rows),
            list(rows.values()),
            f"Win rate by {view.word(factor)}",
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
            ax.set_xlabel("share of games (bars: 95% interval)")
            ax.set_title(f"Share of games by {view.word(factor)}")
            return fig

        plots.append((f"game_{_slug(factor)}.png", shares))
    return plots


def draw_plots(
    directory: Path, summary: dict[str, Any], outcomes: Sequence[Outcome], part: int = 0, parts: int = 1
) -> list[Path]:
    """Draw plots ``part``, ``part + parts``, ``part + 2 * parts`` ... of the report into
    ``directory``; returns the paths of every plot of the report (drawn here or not).

    Processes that draw the parts ``0 .. parts - 1`` together draw the whole report; each
    plot is the same file whichever process draws it.
    """
    plots = _plot_list(_View(summary), outcomes)
    mine = plots[part::parts]
    if mine:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        for name, draw in mine:
            fig = draw(plt)
            fig.tight_layout()
            fig.savefig(directory / name, dpi=100, metadata={"Software": None})
            plt.close(fig)
    return [directory / name for name, _ in plots]


def _plots(directory: Path, view: _View, outcomes: Sequence[Outcome], parallel: bool) -> list[Path]:
    """Draw every plot: with ``parallel``, shared with the running worker processes of the
    simulation (:func:`savanna.lab.simulation.start_workers`), each drawing its part."""
    helpers = worker_processes() if parallel else 0
    if not helpers:
        return draw_plots(directory, view.summary, outcomes)
    # The plots read the scores, seats and lengths: the records stay here.
    light = [{k: o[k] for k in ("scores", "seats", "decisions")} for o in outcomes]
    parts = helpers + 1
    futures = [
        submit(draw_plots, directory, view.summary, light, part, parts) for part in range(1, parts)
    ]
    paths = draw_plots(directory, view.summary, outcomes, 0, parts)
    for future in futures:
        future.result()
    return paths


def _forest(plt: Any, question: dict[str, Any]) -> Any:
    """Each level's difference from average with its simultaneous interval."""
    rows = question["levels"]
    scale = 1.0 if question["response"] == "score" else 100.0
    unit = "score points" if question["response"] == "score" else "points of win rate"
    if question["response"] == "frequency":
        unit = "points of share"
    longest = max(len(r["who"]) for r in rows)
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
    ax.set_yticks(range(len(rows)), [r["who"] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel(
        f"difference from average, {unit}\n95% simultaneous intervals; red: significant;\n"
        f"shaded: ±{margin:g}, the margin that matters",
        fontsize="small",
    )
    ax.set_title(_wrap(question["question"], 70))
    return fig


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width))


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text.lower())


# -- report.md --------------------------------------------------------------------------------


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _ci(rate: float, ci: Sequence[float]) -> str:
    return f"{rate:.1%} [{ci[0]:.1%}, {ci[1]:.1%}]"


def _option_text(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.2g}" if p < 0.1 else f"{p:.2f}"


def _turn_cap_line(summary: dict[str, Any]) -> str:
    cap = summary["turn_cap"]
    if not cap["reported"]:
        return "The game does not report how its games ended (no turn cap figure)."
    share = _ci(cap["share"], cap["ci95"])
    return f"Games ended at the turn cap: {cap['games']} of {summary['games']} ({share})."


def _image(name: str, alt: str, plots: set[str]) -> list[str]:
    return [f"![{alt}]({name})", ""] if name in plots else []


def _markdown(view: _View, plots: set[str], command: str) -> str:
    summary = view.summary
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
    bots_text = (
        f"every seat `{bots[0]}`"
        if len(bots) == 1
        else ", ".join(f"`{b}`" for b in bots) + " (cycled to fill the seats)"
    )
    lines = [
        f"# Simulation report: {summary['game']}",
        "",
        f"{summary['games']} games, {summary['players']} players, {bots_text}, seed {summary['seed']}.",
        "",
        f"Options: `{options or 'the defaults'}`" + (f"; varied: `{varied}`." if varied else "."),
        "",
        f"Seats are numbered from 1 and the bots rotate between them ({summary['seating']}); "
        f"{summary['win_rule']} ({summary['shared_first_places']} games had a shared first place). "
        + _turn_cap_line(summary),
        "",
    ]
    stopping = summary.get("stopping")
    if stopping:
        widths = []
        if stopping["width"] is not None:
            widths.append(f"every win-rate interval was at most {stopping['width'] * 100:g} points wide")
        if stopping["score_width"] is not None:
            widths.append(f"every score interval was at most {stopping['score_width']:g} points wide")
        looks = ", ".join(str(n) for n in stopping["looks"])
        outcome = (
            "reached"
            if stopping["reached"]
            else f"not reached within {stopping['max_games']} games"
        )
        lines += [
            f"The run played until {' and '.join(widths)} ({outcome}); it looked at its results "
            f"after {looks} games.",
            "",
        ]
    if command:
        lines += ["Regenerate with:", "", "```", command, "```", ""]
    tests = summary.get("tests")
    if tests:
        lines += _test_sections(tests, plots)
    if summary.get("restricted_play"):
        lines += restricted_lines(summary["restricted_play"])
    if len(bots) > 1:
        lines += [
            "## Win rate by bot",
            "",
            "| bot | seats per game | seat-games | wins | win rate [95% CI] | mean score |",
            "| --- | ---: | ---: | ---: | --- | ---: |",
        ]
        for spec, row in summary["win_rates"]["by_bot"].items():
            mean = summary["scores"]["by_bot"][spec].get("mean", 0)
            lines.append(
                f"| `{spec}` | {row['seats_per_game']} | {row['trials']} | {row['wins']} | "
                f"{_ci(row['rate'], row['ci95'])} | {mean:.2f} |"
            )
        lines += ["", *_image("win_rate_by_bot.png", "win rate by bot", plots)]
    lines += [
        "## Win rate by seat",
        "",
        "| seat | wins | win rate [95% CI] | mean score |",
        "| ---: | ---: | --- | ---: |",
    ]
    for row, scores in zip(
        summary["win_rates"]["by_seat"], summary["scores"]["by_seat"], strict=True
    ):
        lines.append(
            f"| {row['seat']} | {row['wins']} | {_ci(row['rate'], row['ci95'])} | "
            f"{scores.get('mean', 0):.2f} |"
        )
    length = summary["length"]
    lines += [
        "",
        *_image("win_rate_by_seat.png", "win rate by seat", plots),
        "## Scores and game length",
        "",
        *_image("scores.png", "final scores", plots),
        "| measure | mean | min | median | max |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, key in (
        ("decisions per game", "decisions"),
        ("actions per game (chance included)", "actions"),
    ):
        d = length[key]
        lines.append(
            f"| {name} | {d['mean']:.1f} | {d['min']} | {number_key(d['median'])} | {d['max']} |"
        )
    lines += ["", *_image("game_length.png", "game length", plots)]
    if view.constant or view.seat_factors or view.game_factors:
        lines += ["## Game statistics", ""]
    if view.constant:
        lines += [f"The same in every game: {'; '.join(view.constant)}.", ""]
    for factor, rows in view.seat_factors.items():
        word = view.word(factor)
        lines += [
            f"### Seats by {word}",
            "",
            f"| {word} | seats | mean score | win rate [95% CI] |",
            "| --- | ---: | ---: | --- |",
        ]
        lines += [
            f"| {k} | {r['seats']} | {r['mean_score']:.2f} | {_ci(r['rate'], r['ci95'])} |"
            for k, r in rows.items()
        ]
        lines += ["", *_image(f"seats_{_slug(factor)}.png", f"win rate by {word}", plots)]
    for factor, rows in view.game_factors.items():
        word = view.word(factor)
        lines += [
            f"### Games by {word}",
            "",
            f"| {word} | games | share of games [95% CI] | mean decisions with | without |",
            "| --- | ---: | --- | ---: | ---: |",
        ]
        for k, r in rows.items():
            with_ = "—" if r["mean_decisions"] is None else f"{r['mean_decisions']:.1f}"
            without = (
                "—" if r["mean_decisions_without"] is None else f"{r['mean_decisions_without']:.1f}"
            )
            lines.append(
                f"| {k} | {r['games']} | {_ci(r['frequency'], r['frequency_ci95'])} | {with_} | {without} |"
            )
        lines += ["", *_image(f"game_{_slug(factor)}.png", f"share of games by {word}", plots)]
    return "\n".join(lines).rstrip() + "\n"


def _test_sections(tests: dict[str, Any], plots: set[str]) -> list[str]:
    questions = tests["questions"]
    lines = [
        "## Fairness questions",
        "",
        "Each question ends in a verdict. A level's *difference* is how far it is from the "
        "average of the seats (or games) it was compared with, in points; its interval is a 95% "
        "simultaneous interval (all the levels of a question at once), with the game as the "
        f"unit. p-values are corrected for the {len(questions)} questions of this run (Holm) "
        "and, per level, for the levels of the question. The method: `docs/balance/method.md`.",
        "",
    ]
    for q in questions:
        response = q["response"]
        score = response == "score"
        count_name = "games" if q["kind"] == "game" and response != "win" else "seats"
        shown = {"win": "win rate", "score": "mean score", "frequency": "share of games"}[response]
        lines += [f"### {q['question']}", "", f"**{_capital(q['verdict'])}.**", ""]
        if q["power"]["text"]:
            lines += [q["power"]["text"], ""]
        if len(q["levels"]) >= 2:
            lines += [
                f"| {q['factor_words'] if q['kind'] == 'seat' else 'level'} | {count_name} | {shown} "
                "| expected | difference [95% simultaneous CI] | p |",
                "| --- | ---: | ---: | ---: | --- | ---: |",
            ]
            for row in q["levels"]:
                level = row["level"] if q["kind"] == "seat" and q["factor"] != "order" else row["who"]
                lines.append(
                    f"| {level} | {row.get(count_name, row.get('seats', row.get('games')))} | "
                    f"{_value(row['observed'], score)} | {_value(row['expected'], score)} | "
                    f"{_diff(row['effect'], score)} [{_diff(row['ci'][0], score)}, "
                    f"{_diff(row['ci'][1], score)}] | {_p(row['p'])} |"
                )
            lines.append("")
        name = f"test_{_slug(q['factor'])}_{response}.png"
        lines += _image(name, q["question"], plots)
        stat = "F" if q["method"] == "Welch F" else "χ²"
        lines += [
            f"Test: {q['test']}; {stat} = {q['statistic']:.2f} on {q['df']} degrees of freedom "
            f"({q['method']}), p = {_p(q['p'])}, {_p(q['p_adjusted'])} after correction; "
            f"{q['games']} games.",
            "",
        ]
    return lines


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _value(value: float, score: bool) -> str:
    return f"{value:.2f}" if score else _pct(value)


def _diff(value: float, score: bool) -> str:
    return f"{value:+.2f}" if score else f"{value * 100:+.1f}"


