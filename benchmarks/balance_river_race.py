"""Balance study of the river race, regenerating ``docs/balance/river-race.md``.

Plays games between heuristic bots (the documented good-human strategy, which bargains)
with the simulation lab and answers the questions the design must pass (issue 14):

* each of the three endings occurs, and none in more than 70% of games;
* crossing by sacrifice and going around are each chosen in at least 20% of river
  passages;
* the first player's win rate is within 5 points of fair;
* the median length of a 4-player game, and what it means at the table.

Everything goes through the core protocol and the lab; the per-game facts are the game's
own statistics (``RiverRaceGame.game_statistics``).

Usage (from the repository root)::

    .venv/bin/python benchmarks/balance_river_race.py --games 1000 --other-games 300
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from typing import Any

from savanna.games.river_race.components import DEFAULT_MATERIAL, load_material
from savanna.lab.study import Study, command_block, pct, study_parser, write_page

ENDINGS = ("three", "huts", "persecutor", "cap")
ENDING_WORDS = {
    "three": "a player has three pawns home",
    "huts": "every hut is taken",
    "persecutor": "the persecutor reaches the village",
    "cap": "the turn limit is reached",
}
SECONDS_PER_TURN = (25, 40)
"""Table time of a turn assumed for the length estimate (a roll, a move, now and then a bargain)."""


def play(
    study: Study, players: int, games: int, tests: tuple[str, ...] = ()
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The lab's summary and outcomes of ``games`` heuristic games with ``players`` seats, with
    the lab's answers to the fairness questions about ``tests`` (``docs/balance/method.md``)."""
    study.players = players
    return study.run(f"{players}p", games=games, tests=tests)


def fairness_lines(summary: dict[str, Any]) -> list[str]:
    """Each fairness question the lab answered: its test, games, verdict and power."""
    lines = []
    for q in summary["tests"]["questions"]:
        lines += [
            f"- **{q['question']}** ({q['test']}, {q['games']} games): **{q['verdict']}.** "
            f"{q['power']['text']}",
        ]
    return lines


def facts(outcomes: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals over the games' statistics."""
    games = [o["statistics"]["game"] for o in outcomes]
    seats = [o["statistics"]["seats"] for o in outcomes]
    players = len(outcomes[0]["scores"])
    endings = Counter(g["ended_by"] for g in games)
    choices = Counter(c for g in games for c in g["fork_choices"])
    passages = Counter(p for g in games for p in g["passages"])
    by_order = [0] * players
    for o, s in zip(outcomes, seats, strict=True):
        for seat, order in enumerate(s["order"]):
            if o["ranking"][seat] == 0:
                by_order[order] += 1
    turns = [g["turns"] for g in games]
    rounds = [g["rounds"] for g in games]
    decisions = [o["decisions"] for o in outcomes]
    sacrifices = sum(g["sacrifices"] for g in games)
    return {
        "n": len(outcomes),
        "players": players,
        "endings": endings,
        "choices": choices,
        "passages": passages,
        "by_order": by_order,
        "shared": sum(1 for o in outcomes if o["ranking"].count(0) > 1),
        "turns": turns,
        "rounds": rounds,
        "decisions": decisions,
        "sacrifices": sacrifices,
        "passengers": sum(g["passengers"] for g in games),
        "bank_paid": sum(g["bank_paid"] for g in games),
        "deals_paid": sum(g["deals_paid"] for g in games),
        "offers": sum(g["offers"] for g in games),
        "counters": sum(g["counters"] for g in games),
        "deals": sum(g["deals"] for g in games),
        "home": [h for s in seats for h in s["home"]],
        "winner_scores": [max(o["scores"]) for o in outcomes],
        "bag_left": [g["bag_left"] for g in games],
        "scores": [x for o in outcomes for x in o["scores"]],
    }


def checks(f: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """The issue's criteria on ``f``: (criterion, passed, figures)."""
    n = f["n"]
    top = max(f["endings"].get(e, 0) for e in ENDINGS[:3])
    every = all(f["endings"].get(e, 0) > 0 for e in ENDINGS[:3])
    total = sum(f["choices"].values())
    court, around = f["choices"].get("courtyard", 0), f["choices"].get("around", 0)
    fair = 1 / f["players"]
    first = f["by_order"][0] / n
    return [
        (
            "each ending occurs, none in more than 70% of games",
            every and top / n <= 0.70,
            ", ".join(f"{e} {f['endings'].get(e, 0) / n:.1%}" for e in ENDINGS[:3]),
        ),
        (
            "crossing and going around each chosen in at least 20% of river passages",
            min(court, around) / max(1, total) >= 0.20,
            f"courtyard {court / max(1, total):.1%}, around {around / max(1, total):.1%}",
        ),
        (
            "the first player's win rate within 5 points of fair",
            abs(first - fair) <= 0.05,
            f"{first:.1%} (fair {fair:.1%})",
        ),
    ]


DECISIONS = (
    "<!-- decisions: benchmarks/river_race_decisions.py writes from here -->",
    "<!-- decisions: to here -->",
)
"""The markers of the section another script writes (restricted play, issue 26): kept as is."""


def kept_section(page: Any) -> list[str]:
    """The page from the first :data:`DECISIONS` marker to its end: the section another
    script writes and the measurements written after it (issue 26's history), or nothing."""
    text = page.read_text(encoding="utf-8") if page.exists() else ""
    begin, end = DECISIONS
    if begin not in text or end not in text:
        return []
    kept = text.split(begin, 1)[1]
    return ["", begin, *kept.strip("\n").split("\n")]


def main(argv: list[str] | None = None) -> None:
    parser = study_parser("River race balance study", "docs/balance/river-race.md", seed=14)
    parser.add_argument("--games", type=int, default=1000, help="4-player games")
    parser.add_argument("--other-games", type=int, default=300, help="games for 2, 3 and 5 players")
    given = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(given)
    started = time.perf_counter()
    study = Study.from_args("river-race", args)

    summary, outcomes = play(study, 4, args.games, tests=("seat", "order"))
    f = facts(outcomes)
    n = f["n"]
    lines = [
        "# The river race: balance study",
        "",
        *command_block("benchmarks/balance_river_race.py", given),
        f"Four `heuristic` bots (the documented good-human strategy of "
        f"`src/savanna/games/river_race/heuristic.py`, which bargains), {args.games} four-player games "
        f"with the default options (`material={DEFAULT_MATERIAL}`: the components of designer note 12 in `docs/rules/river-race.md`; `first=draw`: the first player is drawn); game i is seeded with "
        f"derive_seed({args.seed}, i). Then {args.other_games} games for each other table size. "
        "Intervals are 95% Wilson intervals. A seat wins when it is ranked first (rule `score.tie`; a "
        "shared first place counts as a win for each). The per-game facts are the game's own "
        "statistics (`RiverRaceGame.game_statistics`), played by the simulation lab.",
        "",
        "## The criteria of issue 14 (4 players)",
        "",
        "| criterion | met | figures |",
        "| --- | --- | --- |",
    ]
    for text, ok, figures in checks(f):
        lines.append(f"| {text} | {'yes' if ok else '**no**'} | {figures} |")
    lines += [
        "",
        "## How games end",
        "",
        "| ending | games | share [95% CI] |",
        "| --- | ---: | --- |",
    ]
    for ending in ENDINGS:
        hits = f["endings"].get(ending, 0)
        lines.append(f"| {ENDING_WORDS[ending]} (`end.{ending}`) | {hits} | {pct(hits, n)} |")
    total = sum(f["choices"].values())
    done = sum(f["passages"].values())
    lines += [
        "",
        "## River passages: sacrifice or the way around",
        "",
        "Each time a pawn passes a river's fork its player chooses a courtyard (to cross by a "
        "sacrifice, its own or another's) or the path around (past the spring). *Completed* "
        "passages count the pawns that did cross or walked around (a pawn may still wait in a "
        "courtyard when the game ends).",
        "",
        "| choice at the fork | choices | share [95% CI] | completed passages | share |",
        "| --- | ---: | --- | ---: | ---: |",
        f"| courtyard (sacrifice) | {f['choices'].get('courtyard', 0)} | {pct(f['choices'].get('courtyard', 0), total)} "
        f"| {f['passages'].get('sacrifice', 0)} | {f['passages'].get('sacrifice', 0) / max(1, done):.1%} |",
        f"| around (spring) | {f['choices'].get('around', 0)} | {pct(f['choices'].get('around', 0), total)} "
        f"| {f['passages'].get('around', 0)} | {f['passages'].get('around', 0) / max(1, done):.1%} |",
        "",
        "## Bargaining",
        "",
        f"Per game: {f['sacrifices'] / n:.2f} sacrifices, carrying {f['passengers'] / n:.2f} rival pawns "
        f"({f['passengers'] / max(1, f['sacrifices']):.2f} per sacrifice); {f['offers'] / n:.2f} offers, "
        f"{f['counters'] / n:.2f} counter-offers, {f['deals'] / n:.2f} deals. Gold paid: "
        f"{f['bank_paid'] / n:.1f} to the bank for sacrifices, {f['deals_paid'] / n:.1f} by passengers to "
        "sacrificers.",
        "",
        "## Does the first player have an advantage?",
        "",
        "Win rate by place in the turn order (the first player is drawn, so every seat is first "
        "as often).",
        "",
        "| place in turn order | wins | win rate [95% CI] |",
        "| --- | ---: | --- |",
    ]
    names = ("first", "second", "third", "fourth", "fifth")
    for order, wins in enumerate(f["by_order"]):
        lines.append(f"| {names[order]} | {wins} | {pct(wins, n)} |")
    lines += [
        "",
        f"{f['shared']} of {n} games ended in a shared first place. By seat (1 to 4): "
        + ", ".join(f"{row['rate']:.1%}" for row in summary["win_rates"]["by_seat"])
        + ".",
        "",
        "The lab's fairness questions on the same games (method: `docs/balance/method.md`; "
        "`savanna simulate river-race --bots heuristic --test seat --test order` asks them of any "
        "run), p-values corrected for the four questions (Holm):",
        "",
        *fairness_lines(summary),
        "",
        "## Game length",
        "",
    ]
    med_turns = statistics.median(f["turns"])
    med_rounds = statistics.median(f["rounds"])
    fast, slow = (med_turns * s / 60 for s in SECONDS_PER_TURN)
    lines += [
        f"Median 4-player game: **{med_turns:g} turns** ({med_rounds:g} rounds of the table; "
        f"quartiles {statistics.quantiles(f['turns'], n=4)[0]:g}–{statistics.quantiles(f['turns'], n=4)[2]:g} "
        f"turns), {statistics.median(f['decisions']):g} decisions (moves, steps up, offers, answers). "
        f"At {SECONDS_PER_TURN[0]} to {SECONDS_PER_TURN[1]} seconds a turn — a roll, a move, now and then a "
        f"bargain — that is **{fast:.0f} to {slow:.0f} minutes** at the table.",
        "",
        f"Scores: the winner's median {statistics.median(f['winner_scores']):g}; every seat's median "
        f"{statistics.median(f['scores']):g}. Pawns home per seat at the end: mean "
        f"{statistics.fmean(f['home']):.2f}. Pity coins left in the bag at the end: at least "
        f"{min(f['bag_left'])} of {sum(load_material().bag.coins)} (median {statistics.median(f['bag_left']):g}).",
        "",
        "## Other table sizes",
        "",
        "| players | games | three home | every hut | persecutor | courtyard choices | first player wins (fair) | median turns (rounds) |",
        "| ---: | ---: | --- | --- | --- | --- | --- | --- |",
    ]
    rows: list[tuple[int, dict[str, Any]]] = []
    for players in (2, 3, 5):
        _, other = play(study, players, args.other_games)
        rows.append((players, facts(other)))
    rows.insert(1, (4, f))
    for players, g in sorted(rows, key=lambda r: r[0]):
        m = g["n"]
        tot = sum(g["choices"].values())
        lines.append(
            f"| {players} | {m} | {pct(g['endings'].get('three', 0), m)} | {pct(g['endings'].get('huts', 0), m)} "
            f"| {pct(g['endings'].get('persecutor', 0), m)} | {g['choices'].get('courtyard', 0) / max(1, tot):.1%} "
            f"| {pct(g['by_order'][0], m)} ({1 / players:.0%}) "
            f"| {statistics.median(g['turns']):g} ({statistics.median(g['rounds']):g}) |"
        )
    lines.append("")
    write_page(args.out, [*lines, *kept_section(args.out)], started)


if __name__ == "__main__":
    main()
