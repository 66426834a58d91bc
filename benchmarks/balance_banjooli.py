"""Balance study of Banjooli Xeet, regenerating ``docs/balance/banjooli.md``.

Plays 4-player games between four heuristic bots (the documented good-human strategy) with
the simulation lab, then answers: are the prediction cards fair, does the first seat have an
advantage, and how do 4/5/6 tiles, each special tile and the berries change game length.

Everything goes through the core protocol: games are played by the lab, replayed from their
records, and each seat's prediction card is read from that seat's own final observation
(``data["card"]``), the finishing order from the spectator's (``data["arrived"]``).

Usage::

    python benchmarks/balance_banjooli.py --games 400 --variant-games 200 --out docs/balance/banjooli.md
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from savanna.core import Record, replay
from savanna.lab import SimulationPlan, run_simulation, summarise
from savanna.lab.stats import describe, wilson_interval

BOTS = ["heuristic"] * 4


def play(
    options: dict[str, Any], games: int, seed: int, workers: int
) -> tuple[dict[str, Any], list[Any]]:
    """Summary and terminal states of ``games`` heuristic games with ``options``."""
    plan = SimulationPlan.create(
        "banjooli", bots=BOTS, games=games, seed=seed, players=4, options=options
    )
    outcomes = run_simulation(plan, workers=workers)
    states = [replay(Record.from_json(o["record"])) for o in outcomes]
    return summarise(plan, outcomes), states


def pct(wins: int, n: int) -> str:
    lo, hi = wilson_interval(wins, n)
    return f"{wins / n:.1%} [{lo:.1%}, {hi:.1%}]" if n else "—"


def turns(state: Any) -> int:
    return int(state.observation(None).data.get("turn", 0))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Banjooli balance study")
    parser.add_argument("--games", type=int, default=400, help="games in the base configuration")
    parser.add_argument("--variant-games", type=int, default=200, help="games per variant")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("docs/balance/banjooli.md"))
    args = parser.parse_args(argv)
    command = shlex.join(
        ["python", "benchmarks/balance_banjooli.py", *(argv if argv is not None else sys.argv[1:])]
    )
    started = time.perf_counter()

    base, states = play({}, args.games, args.seed, args.workers)
    cards: dict[int, list[tuple[float, bool]]] = defaultdict(list)
    finish: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    for state in states:
        ranking = state.ranking()
        for seat in range(4):
            card = state.observation(seat).data.get("card")
            cards[int(card)].append((state.scores()[seat], ranking[seat] == 0))
        for place, ostrich in enumerate(state.observation(None).data.get("arrived", [])[:3]):
            finish[int(ostrich)][place] += 1

    lines = [
        "# Banjooli Xeet: balance study",
        "",
        "Regenerate this page with:",
        "",
        "```",
        command,
        "```",
        "",
        f"4 players, four `heuristic` bots (each seat plays the game's documented strategy), "
        f"{args.games} games in the base setup (4 common tiles, no special tile, no berries) and "
        f"{args.variant_games} games per variant; game i is seeded with derive_seed(seed, i). "
        "Intervals are 95% Wilson intervals. A seat wins when it is ranked first (the rulebook's "
        "tie-break by positions guessed applies, then a shared victory counts as a win for each).",
        "",
        "## Are the prediction cards fair?",
        "",
        "Each seat's card is read from its own final observation. A fair deck gives every card "
        "about the same win rate (25% for four seats, a little more with shared victories).",
        "",
        "| card | seats dealt it | mean score | win rate [95% CI] |",
        "| ---: | ---: | ---: | --- |",
    ]
    for card in sorted(cards):
        rows = cards[card]
        wins = sum(1 for _, won in rows if won)
        mean = sum(s for s, _ in rows) / len(rows)
        lines.append(f"| {card} | {len(rows)} | {mean:.2f} | {pct(wins, len(rows))} |")
    lines += [
        "",
        "Finishing order of each ostrich (index as in the game's notation: 0 blue, 1 yellow, "
        "2 red, 3 green, 4 purple):",
        "",
        "| ostrich | first | second | third |",
        "| ---: | --- | --- | --- |",
    ]
    n = len(states)
    for ostrich in sorted(finish):
        f = finish[ostrich]
        lines.append(f"| {ostrich} | {pct(f[0], n)} | {pct(f[1], n)} | {pct(f[2], n)} |")
    lines += [
        "",
        "## Does the first player have an advantage?",
        "",
        "Seat 0 plays first. With four identical bots, any seat effect is a rules effect.",
        "",
        "| seat | wins | win rate [95% CI] | mean score |",
        "| ---: | ---: | --- | ---: |",
    ]
    for row, scores in zip(base["win_rates"]["by_seat"], base["scores"]["by_seat"], strict=True):
        lines.append(
            f"| {row['seat']} | {row['wins']} | {pct(row['wins'], row['trials'])} | {scores['mean']} |"
        )
    lines += [
        "",
        f"{base['shared_first_places']} of {args.games} games ended in a shared victory.",
        "",
        "## Game length: tiles, special tiles, berries",
        "",
        "Length is counted in turns (one per seat's go, rerolls included in the turn) and in "
        "decisions (every choice a seat makes, rerolls counted).",
        "",
        "| setup | games | mean turns | median turns | mean decisions | heuristic-bot seat 0 win rate |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    variants: list[tuple[str, dict[str, Any], tuple[dict[str, Any], list[Any]]]] = [
        ("4 tiles (base)", {}, (base, states))
    ]
    for label, options in (
        ("5 tiles", {"tiles": 5}),
        ("6 tiles", {"tiles": 6}),
        ("special: crocodiles", {"special": "crocodiles"}),
        ("special: ravine", {"special": "ravine"}),
        ("special: lava", {"special": "lava"}),
        ("special: vortex", {"special": "vortex"}),
        ("berries", {"berries": True}),
    ):
        variants.append(
            (label, options, play(options, args.variant_games, args.seed, args.workers))
        )
    for label, _, (summary, played) in variants:
        t = describe([turns(s) for s in played])
        seat0 = summary["win_rates"]["by_seat"][0]
        lines.append(
            f"| {label} | {summary['games']} | {t['mean']} | {t['median']} | "
            f"{summary['length']['decisions']['mean']} | {pct(seat0['wins'], seat0['trials'])} |"
        )
    lines.append("")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s with {args.workers} workers")


if __name__ == "__main__":
    main()
