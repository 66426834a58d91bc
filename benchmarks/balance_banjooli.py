"""Balance study of Banjooli Xeet, regenerating ``docs/balance/banjooli.md``.

Plays 4-player games between four heuristic bots (the documented good-human strategy) with
the simulation lab, then answers: are the prediction cards fair, does the first seat have an
advantage, how often does a game reach the turn cap, and how do 4/5/6 tiles, each special
tile and the berries change game length.

Everything goes through the core protocol and the lab: the figures come from the lab's
summary, whose per-game facts are Banjooli's ``game_statistics`` hook (each seat's
prediction card and Oor berries, the colours finishing 1st to 3rd, the number of turns, how
the game ended).

Usage (from the repository root)::

    .venv/bin/python benchmarks/balance_banjooli.py --games 300 --variant-games 100
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from savanna.games.banjooli.components import load_data
from savanna.lab import SimulationPlan, run_simulation, summarise
from savanna.lab.fairness import answer
from savanna.lab.stats import wilson_interval

BOTS = ["heuristic"] * 4
COLOURS = ("blue", "yellow", "red", "green", "purple")
VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("5 tiles", {"tiles": 5}),
    ("6 tiles", {"tiles": 6}),
    ("special: crocodiles", {"special": "crocodiles"}),
    ("special: ravine", {"special": "ravine"}),
    ("special: lava", {"special": "lava"}),
    ("special: vortex", {"special": "vortex"}),
    ("berries", {"berries": True}),
)


def play(
    options: dict[str, Any],
    games: int,
    seed: int,
    workers: int,
    tests: tuple[str, ...] = (),
    bots: list[str] = BOTS,
) -> dict[str, Any]:
    """The lab's summary of ``games`` games with ``options`` (heuristic bots by default), and
    its answers to the fairness questions about ``tests`` (see ``docs/balance/method.md``)."""
    plan = SimulationPlan.create(
        "banjooli", bots=bots, games=games, seed=seed, players=4, options=options
    )
    outcomes = run_simulation(plan, workers=workers)
    summary = summarise(plan, outcomes)
    if tests:
        summary["tests"] = answer(plan, outcomes, list(tests))
    return summary


def verdict(summary: dict[str, Any], factor: str, response: str) -> list[str]:
    """The verdict and power statement of one fairness question, as Markdown lines."""
    q = next(
        q
        for q in summary["tests"]["questions"]
        if q["factor"] == factor and q["response"] == response
    )
    what = "Win rate" if response == "win" else "Mean score"
    return [f"- {what}: **{q['verdict']}.** {q['power']['text']}", ""]


def pct(wins: int, n: int) -> str:
    """``rate [low, high]`` with the 95% Wilson interval."""
    lo, hi = wilson_interval(wins, n)
    return f"{wins / n:.1%} [{lo:.1%}, {hi:.1%}]" if n else "—"


def frequency(summary: dict[str, Any], factor: str, value: str) -> int:
    """Games of ``summary`` whose statistic ``factor`` took ``value``."""
    return int(summary["statistics"]["game"].get(factor, {}).get(value, {}).get("games", 0))


def turn_figures(summary: dict[str, Any]) -> tuple[float, float]:
    """Mean and median number of turns, from the ``turns`` statistic's distribution."""
    counts = sorted(
        (int(value), row["games"]) for value, row in summary["statistics"]["game"]["turns"].items()
    )
    total = sum(n for _, n in counts)
    mean = sum(v * n for v, n in counts) / total
    seen = 0
    lower = upper = counts[-1][0]
    for value, n in counts:
        if seen < (total + 1) // 2 <= seen + n:
            lower = value
        if seen < total // 2 + 1 <= seen + n:
            upper = value
        seen += n
    return mean, (lower + upper) / 2


def card_text(index: int) -> str:
    """The ostriches a prediction card names, 1st to 3rd then last."""
    first, second, third, last = load_data().cards[index].ostriches
    return f"{COLOURS[first]}, {COLOURS[second]}, {COLOURS[third]}; last {COLOURS[last]}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Banjooli balance study")
    parser.add_argument("--games", type=int, default=300, help="games in the base configuration")
    parser.add_argument("--variant-games", type=int, default=100, help="games per variant")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("docs/balance/banjooli.md"))
    args = parser.parse_args(argv)
    given = argv if argv is not None else sys.argv[1:]
    command = shlex.join([".venv/bin/python", "benchmarks/balance_banjooli.py", *given])
    started = time.perf_counter()

    base = play({}, args.games, args.seed, args.workers, ("prediction", "seat"))
    stats = base["statistics"]
    lines = [
        "# Banjooli Xeet: balance study",
        "",
        "Regenerate this page with:",
        "",
        "```sh",
        command,
        "```",
        "",
        f"4 players, four `heuristic` bots (each seat plays the game's documented strategy), "
        f"{args.games} games in the base setup (4 common tiles, no special tile, no berries) and "
        f"{args.variant_games} games per variant; game i is seeded with derive_seed({args.seed}, i). "
        "Intervals are 95% Wilson intervals. A seat wins when it is ranked first (the rulebook's "
        "tie-break by positions guessed applies, then a shared victory counts as a win for each). "
        "The per-game facts are the game's own statistics (`BanjooliGame.game_statistics`), "
        "aggregated by the simulation lab.",
        "",
        "## Are the prediction cards fair?",
        "",
        "A fair deck gives every card about the same win rate (25% for four seats, a little more "
        "with shared victories). The verdicts come from the lab's stratified test "
        "(`savanna simulate --test prediction`, method in `docs/balance/method.md`); the win "
        "rates below are each card's own, with 95% Wilson intervals.",
        "",
        *verdict(base, "prediction", "win"),
        *verdict(base, "prediction", "score"),
        "| card | predicts | seats dealt it | mean score | win rate [95% CI] |",
        "| --- | --- | ---: | ---: | --- |",
    ]
    cards = stats["seats"]["prediction"]
    for name in sorted(cards, key=lambda k: int(k[1:]) if k[1:].isdigit() else 99):
        row = cards[name]
        predicts = card_text(int(name[1:]) - 1) if name[1:].isdigit() else "—"
        lines.append(
            f"| {name} | {predicts} | {row['seats']} | {row['mean_score']:.2f} | "
            f"{pct(row['wins'], row['seats'])} |"
        )
    n = base["games"]
    lines += [
        "",
        "How often each ostrich finished 1st, 2nd and 3rd:",
        "",
        "| ostrich | first | second | third |",
        "| --- | --- | --- | --- |",
    ]
    for colour in COLOURS:
        cells = [pct(frequency(base, f"finish_{place}", colour), n) for place in (1, 2, 3)]
        lines.append(f"| {colour} | {' | '.join(cells)} |")
    lines += [
        "",
        "## Does the first player have an advantage?",
        "",
        "Seat 1 plays first. With four identical bots, any seat effect is a rules effect.",
        "",
        *verdict(base, "seat", "win"),
        *verdict(base, "seat", "score"),
        "| seat | wins | win rate [95% CI] | mean score |",
        "| ---: | ---: | --- | ---: |",
    ]
    for row, scores in zip(base["win_rates"]["by_seat"], base["scores"]["by_seat"], strict=True):
        lines.append(
            f"| {row['seat']} | {row['wins']} | {pct(row['wins'], row['trials'])} | {scores['mean']:.2f} |"
        )
    lines += [
        "",
        f"{base['shared_first_places']} of {n} games ended in a shared victory.",
        "",
        "## Game length and endings: tiles, special tiles, berries",
        "",
        "Length is counted in turns (one per seat's go, rerolls included in the turn) and in "
        "decisions (every choice a seat makes, rerolls counted). *Turn cap* is the share of "
        "games stopped by the turn limit (rule `end.turn_cap`) instead of the third arrival: "
        "a race that cannot end by its rules, because an ostrich is stuck in a dead end of the "
        "board. Heuristic bots steer clear of most dead ends, so the share is also given for "
        f"{args.variant_games} games of four `random` bots per setup; once the board has no dead "
        "end, both columns must read 0%.",
        "",
        "| setup | games | mean turns | median turns | mean decisions | turn cap | turn cap (random bots) | seat 1 win rate |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- | --- |",
    ]
    variants = [("4 tiles (base)", base)]
    variants += [
        (label, play(options, args.variant_games, args.seed, args.workers))
        for label, options in VARIANTS
    ]
    random_caps = [
        play(options, args.variant_games, args.seed, args.workers, bots=["random"])["turn_cap"]
        for options in [{}, *(options for _, options in VARIANTS)]
    ]
    for (label, summary), random_cap in zip(variants, random_caps, strict=True):
        mean, median = turn_figures(summary)
        seat0 = summary["win_rates"]["by_seat"][0]
        capped = summary["turn_cap"]["games"]
        lines.append(
            f"| {label} | {summary['games']} | {mean:.1f} | {median:g} | "
            f"{summary['length']['decisions']['mean']:.1f} | {pct(capped, summary['games'])} | "
            f"{pct(random_cap['games'], args.variant_games)} | "
            f"{pct(seat0['wins'], seat0['trials'])} |"
        )
    berries = variants[-1][1]["statistics"]["seats"].get("oor", {})
    if berries:
        lines += [
            "",
            "## Berries: does eating the Oor berry pay?",
            "",
            f"In the berries variant ({args.variant_games} games), seats by the number of Oor "
            "berries they ate:",
            "",
            "| Oor berries eaten | seats | mean score | win rate [95% CI] |",
            "| ---: | ---: | ---: | --- |",
        ]
        for eaten in sorted(berries, key=float):
            row = berries[eaten]
            lines.append(
                f"| {eaten} | {row['seats']} | {row['mean_score']:.2f} | {pct(row['wins'], row['seats'])} |"
            )
    lines.append("")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s with {args.workers} workers")


if __name__ == "__main__":
    main()
