"""Does every decision of the river race matter? Restricted play and the decision facts (issue 26).

Writes the section "Does every decision matter?" of ``docs/balance/river-race.md`` (between
its two marker lines; the rest of the page is ``benchmarks/balance_river_race.py``'s):

* **restricted play** (Jaffe et al., AIIDE 2012; ``savanna.lab.restricted``): the heuristic
  bot with one kind of decision taken away against three unrestricted heuristic bots, on
  the same games as the unrestricted baseline; the win and score cost with 95% intervals;
* **the decisions' facts**, read from the baseline's games replayed action by action: the
  branch taken at each fork, how often a crossing needed a passenger's gold, how often a
  sacrificer that could pay chose to wait, how asking prices track the secret price,
  how often counter-offers are accepted, how many cards are given back (and their prices
  against the cards crossed with), what share of the points pity coins make, and
  how often the seat with the most pity gold wins;
* **skill against luck**: one heuristic seat against three random seats;
* **seats and play order** at 2 to 5 players (the fairness test of ``savanna.lab.fairness``).

Usage (from the repository root; every figure is sized by a flag)::

    .venv/bin/python benchmarks/river_race_decisions.py --games 1000 --restrict all \
        --skill-games 400 --seat-games 400
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.core import load_game
from savanna.games.river_race.actions import (
    ACCEPT_ID,
    ROLL_ID,
    Cross,
    Move,
    Offer,
    Step,
    Withdraw,
    from_id,
)
from savanna.games.river_race.components import DEFAULT_MATERIAL
from savanna.games.river_race.council import card_price, sacrificer
from savanna.games.river_race.phase import COIN, COUNCIL, REPLY
from savanna.games.river_race.state import RiverRaceState
from savanna.lab.restricted import restricted_lines
from savanna.lab.study import Study, command_line, map_games, pct, study_parser

BEGIN = "<!-- decisions: benchmarks/river_race_decisions.py writes from here -->"
END = "<!-- decisions: to here -->"
BRANCHES = ("", "upper", "lower", "around")


def facts(state: RiverRaceState) -> dict[str, Any]:
    """The decisions' facts of one finished game, replayed action by action."""
    game = state.game
    replay = game.new_initial_state()
    pity = [0] * game.num_players
    out: dict[str, Any] = {
        "branches": {"upper": 0, "lower": 0, "around": 0},
        "crossings": 0,
        "needed_passengers": 0,
        "could_cross": 0,
        "waited": 0,
        "asks": [],
        "counters": 0,
        "counters_accepted": 0,
        "steps": 0,
        "withdrawn": [],
        "crossed": [],
    }
    for action in state.history:
        phase = replay.phase
        if phase == COIN:
            pity[replay.turn] += action + 1
        elif not replay.is_chance_node():
            act = from_id(action)
            seat = replay.current_player()
            if phase == COUNCIL:
                crossable = [
                    place
                    for place in range(len(replay.held))
                    if replay.held[place] >= 0 and sacrificer(replay, place) // 3 == seat
                ]
                ends = action == ROLL_ID or isinstance(act, Cross)
                if ends and any(isinstance(from_id(a), Cross) for a in replay.legal_actions()):
                    out["could_cross"] += 1
                    if action == ROLL_ID:
                        out["waited"] += 1
                if isinstance(act, Step):
                    out["steps"] += 1
                if isinstance(act, Cross | Withdraw):
                    place = game.board.place_of_altar[replay.pos[3 * seat + act.pawn]]
                    price = card_price(replay, place)
                    out["withdrawn" if isinstance(act, Withdraw) else "crossed"].append(price)
                if isinstance(act, Cross):
                    out["crossings"] += 1
                    if replay.gold[seat] < price:
                        out["needed_passengers"] += 1
                elif isinstance(act, Offer):
                    place = game.board.place_of_yard[replay.pos[act.target]]
                    if place in crossable:
                        out["asks"].append((act.price, card_price(replay, place)))
            elif isinstance(act, Move) and act.branch:
                out["branches"][BRANCHES[act.branch]] += 1
            if phase == REPLY:
                out["counters"] += 1
                out["counters_accepted"] += action == ACCEPT_ID
        replay.apply_unchecked(action)
    scores = state.scores()
    out["pity"] = pity
    out["points"] = sum(scores)
    top = max(pity)
    leaders = [s for s in range(game.num_players) if pity[s] == top]
    out["pity_leader_won"] = None if len(leaders) > 1 else state.ranking()[leaders[0]] == 0
    return out


def play_facts(args: tuple[int, int, int, str]) -> dict[str, Any]:
    """The facts of game ``index`` of the baseline (four heuristic seats, the lab's seeds)."""
    from savanna.core import derive_seed

    seed, index, players, material = args
    game = load_game("river-race", players=players, options={"material": material})
    game_seed = derive_seed(seed, index)
    bots = make_bots(game, [parse_bot_spec("heuristic")] * players, game_seed)
    state = play_game(game, bots, seed=game_seed)
    assert isinstance(state, RiverRaceState)
    return facts(state)


def _corr(pairs: list[tuple[int, int]]) -> str:
    if len(pairs) < 3:
        return "—"
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    if len(set(xs)) < 2 or len(set(ys)) < 2:
        return "undefined (one value)"
    return f"{statistics.correlation(xs, ys):+.2f}"


def facts_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The decisions' facts as Markdown."""
    n = len(rows)
    branches = {b: sum(r["branches"][b] for r in rows) for b in ("upper", "lower", "around")}
    forks = sum(branches.values())
    crossings = sum(r["crossings"] for r in rows)
    needed = sum(r["needed_passengers"] for r in rows)
    could = sum(r["could_cross"] for r in rows)
    waited = sum(r["waited"] for r in rows)
    asks = [a for r in rows for a in r["asks"]]
    counters = sum(r["counters"] for r in rows)
    accepted = sum(r["counters_accepted"] for r in rows)
    pity = sum(sum(r["pity"]) for r in rows)
    points = sum(r["points"] for r in rows)
    led = [r["pity_leader_won"] for r in rows if r["pity_leader_won"] is not None]
    steps = sum(r["steps"] for r in rows)
    withdrawn = [p for r in rows for p in r["withdrawn"]]
    crossed = [p for r in rows for p in r["crossed"]]
    lines = [
        f"The decisions' facts of the baseline's {n} games (four heuristic seats), replayed action by action:",
        "",
        "| fact | figure | target (issue 26) |",
        "| --- | --- | --- |",
    ]
    for b in ("upper", "lower", "around"):
        lines.append(f"| fork choices taking the {b} branch | {pct(branches[b], forks)} of {forks} | ≥ 15% |")
    lines += [
        f"| crossings that needed a passenger's gold | {pct(needed, crossings)} of {crossings} | ≥ 25% (or waiting ≥ 15%) |",
        f"| turns a sacrificer that could pay waited (rolled with its card) | {pct(waited, could)} of {could} | ≥ 15% (or the above) |",
        f"| correlation of asking prices with the secret price | {_corr(asks)} over {len(asks)} offers | positive |",
        f"| counter-offers accepted | {pct(accepted, counters)} of {counters} | some |",
        f"| cards given back (rule sacrifice.withdraw) | {pct(len(withdrawn), steps)} of {steps} drawn; "
        f"mean price {statistics.fmean(withdrawn) if withdrawn else 0:.2f} given back, "
        f"{statistics.fmean(crossed) if crossed else 0:.2f} crossed | — |",
        f"| pity coins' share of all points | {pity / points:.1%} ({pity / n:.1f} of {points / n:.1f} a game) | ≤ 25% |",
        f"| the seat with the most pity gold wins (games with one such seat) | {pct(sum(led), len(led))} of {len(led)} | near 25% |",
        "",
    ]
    return lines


def skill_lines(study: Study, games: int, material: str = DEFAULT_MATERIAL) -> list[str]:
    """One heuristic seat against three random seats."""
    study.players = 4
    summary = study.play(
        "skill", games=games, bots=("heuristic", "random", "random", "random"), options={"material": material}
    )
    row = summary["win_rates"]["by_bot"]["heuristic"]
    return [
        f"One heuristic seat against three random seats ({games} four-player games, the heuristic "
        f"at every seat in turn): it wins {pct(row['wins'], row['trials'])} (target ≥ 85%).",
        "",
    ]


def seat_lines(
    study: Study, games: int, material: str = DEFAULT_MATERIAL, sizes: tuple[int, ...] = (2, 3, 4, 5)
) -> list[str]:
    """Seat and play-order fairness at 2 to 5 players (four heuristic seats)."""
    lines = [
        f"Seats and play order, {games} games of heuristic bots per table size (the lab's fairness "
        "test; the target: no seat or place favoured beyond 2 points):",
        "",
        "| players | factor | verdict | largest difference from average (points) | farthest interval bound (points) |",
        "| ---: | --- | --- | ---: | ---: |",
    ]
    for players in sizes:
        study.players = players
        summary = study.play(
            f"seats{players}", games=games, tests=("seat", "order"), options={"material": material}
        )
        for q in summary["tests"]["questions"]:
            if q["response"] != "win":
                continue
            far = max(max(abs(lo), abs(hi)) for lo, hi in (r["ci"] for r in q["levels"]))
            largest = max((r for r in q["levels"]), key=lambda r: abs(r["effect"]))
            lines.append(
                f"| {players} | {q['factor']} | {q['verdict']} | {100 * largest['effect']:+.1f} ({largest['level']}) | {100 * far:.1f} |"
            )
    return [*lines, ""]


def write_section(page: Path, lines: list[str]) -> None:
    """Put ``lines`` between the page's markers (appended with them when absent)."""
    text = page.read_text(encoding="utf-8") if page.exists() else ""
    block = "\n".join([BEGIN, *lines, END])
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        text = head + block + tail
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    page.write_text(text, encoding="utf-8")
    print(f"wrote {page}")


def main(argv: list[str] | None = None) -> None:
    parser = study_parser("River race: does every decision matter?", "docs/balance/river-race.md", seed=26)
    parser.add_argument("--games", type=int, default=1000, help="games of each restricted run and the baseline")
    parser.add_argument("--restrict", nargs="+", default=["all"], help="restrictions (default: all)")
    parser.add_argument("--skill-games", type=int, default=400, help="heuristic against random (0: skip)")
    parser.add_argument("--seat-games", type=int, default=400, help="games per table size (0: skip)")
    parser.add_argument("--seat-players", type=int, nargs="+", default=[2, 3, 4, 5], help="table sizes of the seat test")
    parser.add_argument("--material", default=DEFAULT_MATERIAL, help="the game's option material (second: the default game; first: the first release)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    study = Study.from_args("river-race", args)
    options = {"material": args.material}
    # --games 0 skips the restricted runs and the facts (to run the other figures apart)
    results = study.restricted_play(args.restrict, games=args.games, options=options) if args.games else []
    rows = map_games(play_facts, [(args.seed, i, 4, args.material) for i in range(args.games)], args.workers)
    argv = sys.argv[1:] if argv is None else argv
    lines = [
        "## Does every decision matter? (restricted play, issue 26)",
        "",
        "Regenerate this section with:",
        "",
        "```sh",
        command_line("benchmarks/river_race_decisions.py", argv),
        "```",
        "",
        f"Four heuristic seats, option material={args.material}, {args.games} games per run; game i is seeded "
        f"with derive_seed({args.seed}, i).",
        "",
    ]
    if args.games:
        lines += [*restricted_lines({"results": results})[2:], *facts_lines(rows)]
    if args.skill_games:
        lines += skill_lines(study, args.skill_games, args.material)
    if args.seat_games:
        lines += seat_lines(study, args.seat_games, args.material, tuple(args.seat_players))
    write_section(args.out, lines)
    print(f"in {time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
