"""Writing a simulation's report directory: summary, records, plots and ``report.md``.

``DIR/summary.json``
    the aggregate figures (:func:`savanna.lab.summary.summarise`), canonical and
    time-independent: the same plan gives the same bytes on any number of workers.
``DIR/games.jsonl``
    one canonical game record per line, in game order, replayable with
    :func:`savanna.core.record.replay`.
``DIR/*.png``
    plots drawn with matplotlib (Agg backend, no display needed).
``DIR/report.md``
    a readable report embedding the plots.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from savanna.lab.simulation import Outcome

__all__ = ["write_report"]

_MAX_FACTOR_PLOTS = 12


def write_report(
    directory: Path, summary: dict[str, Any], outcomes: Sequence[Outcome], *, command: str = ""
) -> list[Path]:
    """Write every report file into ``directory`` (created if needed); returns the paths.

    Args:
        directory: the report directory.
        summary: the content of ``summary.json``.
        outcomes: the games, in index order (their records go to ``games.jsonl``).
        command: the command line that produced the report, quoted at the top of
            ``report.md`` so that it can be regenerated.
    """
    directory.mkdir(parents=True, exist_ok=True)
    written = [directory / "summary.json", directory / "games.jsonl"]
    written[0].write_text(
        json.dumps(summary, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    with written[1].open("w", encoding="utf-8") as out:
        for outcome in outcomes:
            out.write(outcome["record"])
    plots = _plots(directory, summary, outcomes)
    written.extend(plots)
    report = directory / "report.md"
    report.write_text(_markdown(summary, [p.name for p in plots], command), encoding="utf-8")
    written.append(report)
    return written


def _plots(directory: Path, summary: dict[str, Any], outcomes: Sequence[Outcome]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths: list[Path] = []
    share = 1 / summary["players"]

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        path = directory / name
        fig.savefig(path, dpi=100, metadata={"Software": None})
        plt.close(fig)
        paths.append(path)

    def rate_bars(ax: Any, labels: list[str], rows: list[dict[str, Any]], title: str) -> None:
        rates = [r["rate"] for r in rows]
        lower = [r["rate"] - r["ci95"][0] for r in rows]
        upper = [r["ci95"][1] - r["rate"] for r in rows]
        ax.bar(range(len(rows)), rates, yerr=[lower, upper], capsize=6, color="#c98a2b")
        ax.set_xticks(range(len(rows)), labels, rotation=20, ha="right")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% Wilson interval)")
        ax.set_title(title)

    by_bot = summary["win_rates"]["by_bot"]
    fig, ax = plt.subplots(figsize=(7, 4))
    rate_bars(ax, list(by_bot), list(by_bot.values()), "Win rate by bot")
    ax.axhline(share, linestyle="--", color="grey", label=f"1/{summary['players']} seats")
    ax.legend()
    save(fig, "win_rate_by_bot.png")

    by_seat = summary["win_rates"]["by_seat"]
    fig, ax = plt.subplots(figsize=(7, 4))
    rate_bars(
        ax, [f"seat {r['seat']}" for r in by_seat], by_seat, "Win rate by seat (seats rotated)"
    )
    ax.axhline(share, linestyle="--", color="grey")
    save(fig, "win_rate_by_seat.png")

    fig, ax = plt.subplots(figsize=(7, 4))
    for spec in by_bot:
        values = [
            o["scores"][s]
            for o in outcomes
            for s, seated in enumerate(o["seats"])
            if seated == spec
        ]
        ax.hist(values, bins=30, histtype="step", linewidth=1.5, label=spec)
    ax.set_xlabel("final score")
    ax.set_ylabel("seats")
    ax.set_title("Score distribution by bot")
    ax.legend()
    save(fig, "scores_by_bot.png")

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.hist([o["decisions"] for o in outcomes], bins=30, color="#5b7f3a")
    ax.set_xlabel("decisions per game (chance draws not counted)")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    save(fig, "game_length.png")

    stats = summary["statistics"]
    for factor in list(stats["seats"])[:_MAX_FACTOR_PLOTS]:
        rows = stats["seats"][factor]
        fig, ax = plt.subplots(figsize=(7, 4))
        rate_bars(
            ax,
            list(rows),
            [{**r, "rate": r["rate"]} for r in rows.values()],
            f"Win rate by {factor}",
        )
        save(fig, f"seats_{_slug(factor)}.png")
    for factor in list(stats["game"])[:_MAX_FACTOR_PLOTS]:
        rows = stats["game"][factor]
        fig, ax = plt.subplots(figsize=(7, 4))
        labels = list(rows)
        x = range(len(labels))
        ax.bar(
            [i - 0.2 for i in x],
            [r["mean_decisions"] or 0 for r in rows.values()],
            width=0.4,
            label="with",
        )
        ax.bar(
            [i + 0.2 for i in x],
            [r["mean_decisions_without"] or 0 for r in rows.values()],
            width=0.4,
            label="without",
        )
        ax.set_xticks(list(x), labels, rotation=20, ha="right")
        ax.set_ylabel("mean decisions per game")
        ax.set_title(f"Game length with and without each {factor}")
        ax.legend()
        save(fig, f"game_{_slug(factor)}.png")
    return paths


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text.lower())


def _ci(row: dict[str, Any]) -> str:
    return f"{row['rate']:.1%} [{row['ci95'][0]:.1%}, {row['ci95'][1]:.1%}]"


def _turn_cap_line(summary: dict[str, Any]) -> str:
    cap = summary["turn_cap"]
    if not cap["reported"]:
        return "The game does not report how its games ended (no turn cap figure)."
    share = f"{cap['share']:.1%} [{cap['ci95'][0]:.1%}, {cap['ci95'][1]:.1%}]"
    return f"Games ended at the turn cap: {cap['games']} of {summary['games']} ({share})."


def _markdown(summary: dict[str, Any], plots: list[str], command: str) -> str:
    options = ", ".join(f"{k}={v}" for k, v in summary["options"].items()) or "defaults"
    lines = [
        f"# Simulation report: {summary['game']}",
        "",
        f"{summary['games']} games, {summary['players']} players, options: {options}, seed {summary['seed']}, "
        f"bots: {', '.join(summary['bots'])}.",
        f"Seats are rotated ({summary['seating']}); {summary['win_rule']} "
        f"({summary['shared_first_places']} games had a shared first place).",
        _turn_cap_line(summary),
        "",
    ]
    if command:
        lines += ["Regenerate with:", "", "```", command, "```", ""]
    lines += [
        "## Win rate by bot",
        "",
        "| bot | seats per game | seat-games | wins | win rate [95% CI] | mean score |",
    ]
    lines.append("| --- | ---: | ---: | ---: | --- | ---: |")
    for spec, row in summary["win_rates"]["by_bot"].items():
        mean = summary["scores"]["by_bot"][spec].get("mean", 0)
        lines.append(
            f"| `{spec}` | {row['seats_per_game']} | {row['trials']} | {row['wins']} | {_ci(row)} | {mean} |"
        )
    lines += ["", "![win rate by bot](win_rate_by_bot.png)", "", "## Win rate by seat", ""]
    lines += ["| seat | wins | win rate [95% CI] | mean score |", "| ---: | ---: | --- | ---: |"]
    for row, scores in zip(
        summary["win_rates"]["by_seat"], summary["scores"]["by_seat"], strict=True
    ):
        lines.append(f"| {row['seat']} | {row['wins']} | {_ci(row)} | {scores.get('mean', 0)} |")
    length = summary["length"]
    lines += [
        "",
        "![win rate by seat](win_rate_by_seat.png)",
        "",
        "## Scores and game length",
        "",
        "![scores by bot](scores_by_bot.png)",
        "",
        "| measure | mean | min | median | max |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, key in (
        ("decisions per game", "decisions"),
        ("actions per game (chance included)", "actions"),
    ):
        d = length[key]
        lines.append(f"| {name} | {d['mean']} | {d['min']} | {d['median']} | {d['max']} |")
    lines += ["", "![game length](game_length.png)", ""]
    stats = summary["statistics"]
    if stats["seats"] or stats["game"]:
        lines += ["## Game statistics", ""]
    for factor, rows in stats["seats"].items():
        lines += [
            f"### By seat: {factor}",
            "",
            "| value | seats | mean score | win rate [95% CI] |",
        ]
        lines.append("| --- | ---: | ---: | --- |")
        lines += [f"| {k} | {r['seats']} | {r['mean_score']} | {_ci(r)} |" for k, r in rows.items()]
        name = f"seats_{_slug(factor)}.png"
        lines += ["", f"![{factor}]({name})" if name in plots else "", ""]
    for factor, rows in stats["game"].items():
        lines += [
            f"### By game: {factor}",
            "",
            "| value | games | frequency [95% CI] | mean decisions with | without |",
        ]
        lines.append("| --- | ---: | --- | ---: | ---: |")
        for k, r in rows.items():
            freq = (
                f"{r['frequency']:.1%} [{r['frequency_ci95'][0]:.1%}, {r['frequency_ci95'][1]:.1%}]"
            )
            lines.append(
                f"| {k} | {r['games']} | {freq} | {r['mean_decisions']} | {r['mean_decisions_without']} |"
            )
        name = f"game_{_slug(factor)}.png"
        lines += ["", f"![{factor}]({name})" if name in plots else "", ""]
    return "\n".join(lines).rstrip() + "\n"
