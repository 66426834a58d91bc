"""The coach's speed and accuracy, as the ``## Coach`` section of ``docs/benchmarks.md``.

Measures, in 4-player Banjooli (default options):

* **speed** — for positions where a seat has a choice, drawn at random from games between
  heuristic bots: what one analysis reaches within a budget of 1 second of CPU time on one
  core (rounds, simulated ends, the width of its 95% intervals), by kind of decision;
  simulated ends per second as a ratio to random full playouts per second of the same game
  from its start, measured in slices alternating with the analyses;
* **accuracy** — the same positions analysed again with a large fixed budget (the
  reference; the quick analysis' best move kept in it): how often the quick best move is
  the reference's, the expected score it loses by the reference's own estimates, and how
  far the quick odds are from the reference's;
* **strength** (``--strength N``) — the ``coach`` bot against three ``heuristic`` bots in
  the lab (seats rotated, game ``i`` seeded with ``derive_seed(seed, i)``), win rate with
  its 95% Wilson interval;
* **beliefs** (``--beliefs N``) — in N games, at a random turn, how much probability the
  beliefs of seat 1 put on each other seat's true card, against heuristic and ISMCTS
  opponents, for several noise levels.

The budget is CPU time (``time.process_time``), so a busy shared machine slows the wall
clock but not the figures. Usage (from the repository root)::

    .venv/bin/python benchmarks/coach.py --positions 30 --strength 200 --beliefs 40 --write

``--write`` replaces the generated part of ``docs/benchmarks.md`` between its ``coach``
markers; without it the section is printed.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.coach import Analysis, analyse
from savanna.coach.belief import NOISES, BeliefTracker, Decision
from savanna.core import CHANCE, TERMINAL, Game, Observation, load_game
from savanna.lab import SimulationPlan, run_simulation, summarise

BEGIN = "<!-- coach:begin -->"
END = "<!-- coach:end -->"
DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def positions(game: Game, count: int, seed: int) -> list[tuple[Observation, list[int], str]]:
    """``count`` (observation, legal actions, kind of decision) triples from heuristic games.

    Every seat decision with a choice of every game is a candidate; one in eight is kept,
    at random, so the mix of decisions is the mix of real games.
    """
    found: list[tuple[Observation, list[int], str]] = []
    specs = [parse_bot_spec("heuristic")] * game.num_players
    index = 0
    while len(found) < count:
        final = play_game(game, make_bots(game, specs, seed + index), seed=seed + index)
        replay = game.new_initial_state()
        rng = random.Random(seed + index)
        for action in final.history:
            if not replay.is_chance_node() and len(replay.legal_actions()) > 1 and rng.random() < 0.125:
                seat = replay.current_player()
                observation = replay.observation(seat)
                kind = str(observation.data.get("phase", "decision"))
                found.append((observation, replay.legal_actions(), kind))
                if len(found) == count:
                    break
            replay.apply_unchecked(action)
        index += 1
    return found


def random_playouts(game: Game, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Random full playouts from the initial state for about ``seconds`` of CPU time."""
    started = time.process_time()
    done = 0
    while True:
        state = game.new_initial_state()
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply_unchecked(legal[rng.randrange(len(legal))])
        done += 1
        spent = time.process_time() - started
        if spent >= seconds:
            return done, spent


def _odds_gap(quick: Analysis, reference: Analysis) -> float:
    """The largest difference between the quick and the reference odds (chance units)."""
    gap = 0.0
    for q, r in zip(quick.odds, reference.odds, strict=True):
        for a, b in zip(q.answers, r.answers, strict=True):
            gap = max(gap, abs(a.chance.value - b.chance.value))
    return gap


def speed_and_accuracy(
    game: Game, count: int, seed: int, budget: float, reference_rounds: int
) -> tuple[list[dict[str, Any]], dict[str, float]]:
    """Quick and reference analyses of ``count`` positions; random playouts in between."""
    cases = positions(game, count, seed)
    rows = []
    playouts, playout_time = 0, 0.0
    rng = random.Random(seed)
    for k, (observation, legal, kind) in enumerate(cases):
        wall = time.perf_counter()
        quick = analyse(game, observation, legal_actions=legal, seed=k, seconds=budget, clock=time.process_time)
        wall = time.perf_counter() - wall
        best = quick.best
        assert best is not None
        reference = analyse(
            game, observation, legal_actions=legal, seed=10_000 + k, samples=reference_rounds, keep=(best.action,)
        )
        ref_best = reference.best
        assert ref_best is not None
        same = ref_best.action == best.action
        rows.append(
            {
                "kind": kind,
                "actions": len(legal),
                "rounds": quick.rounds,
                "ends": quick.rollouts + quick.enumerated,
                "cpu": quick.seconds,
                "wall": wall,
                "score_hw": best.score.half_width,
                "win_hw": best.win.half_width,
                "odds_hw": max(a.chance.half_width for q in quick.odds for a in q.answers),
                "same_best": same,
                "regret": max(0.0, ref_best.score.value - reference.action(best.action).score.value),
                "odds_gap": _odds_gap(quick, reference) if same else None,
                "exact": quick.exact,
            }
        )
        print(
            f"  {k + 1}/{len(cases)} {kind}: {len(legal)} actions, {quick.rounds} rounds, "
            f"best {'=' if same else '!='} reference",
            file=sys.stderr,
        )
        done, spent = random_playouts(game, 1.0, rng)
        playouts += done
        playout_time += spent
    return rows, {"playouts_per_s": playouts / playout_time}


def strength(game: str, players: int, games: int, seed: int, workers: int, coach: str) -> dict[str, Any]:
    """Win rate of one ``coach`` seat against heuristic bots, with its 95% interval."""
    bots = [coach] + ["heuristic"] * (players - 1)
    plan = SimulationPlan.create(game, bots=bots, games=games, seed=seed, players=players)
    started = time.perf_counter()
    summary = summarise(plan, run_simulation(plan, workers=workers))
    row = summary["win_rates"]["by_bot"][plan.bots[0]]
    scores = summary.get("scores", {}).get("by_bot", {})
    return {**row, "wall": time.perf_counter() - started, "scores": scores}


def belief_quality(game: Game, games: int, seed: int, opponents: str, noises: list[float]) -> dict[float, dict[str, float]]:
    """Mean chance put on the true card, top-1 rate and log gain over the prior, per noise."""
    results: dict[float, list[tuple[float, float, float]]] = defaultdict(list)
    for g in range(games):
        specs = [parse_bot_spec("heuristic")] + [parse_bot_spec(opponents)] * (game.num_players - 1)
        bots = make_bots(game, specs, seed + g)
        rng = random.Random(seed + g)
        trackers = {n: BeliefTracker(game, 0, seed=seed + g, noises=(n,) if n else NOISES) for n in noises}
        state = game.new_initial_state()
        stop = rng.randrange(4, 16)
        while not state.is_terminal() and getattr(state, "turn", 0) < stop:
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            action = bots[seat].act(state.observation(seat), legal)
            if seat != 0 and len(legal) > 1 and state.action_viewers(action).includes(0):
                decision = Decision(state.observation(0), seat, action)
                for tracker in trackers.values():
                    tracker.add(decision)
            state.apply_unchecked(action)
        if state.is_terminal():
            continue
        view = state.observation(0)
        for noise, tracker in trackers.items():
            for belief in tracker.beliefs(view):
                true = game.secret(state.observation(belief.seat))
                chance = belief.chance(true) if true is not None else 0.0
                prior = next(s.prior for s in belief.secrets if s.secret == true)
                results[noise].append(
                    (chance, float(belief.secrets[0].secret == true), math.log(max(chance, 1e-9)) - math.log(prior))
                )
    out = {}
    for noise, rows in results.items():
        out[noise] = {
            "cases": len(rows),
            "chance": statistics.mean(r[0] for r in rows),
            "top1": statistics.mean(r[1] for r in rows),
            "gain": statistics.mean(r[2] for r in rows),
        }
    return out


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def section(args: argparse.Namespace, rows: list[dict[str, Any]], ref: dict[str, float],
            strong: dict[str, Any] | None, beliefs: dict[str, dict[float, dict[str, float]]] | None) -> str:
    command = " ".join(["python", "benchmarks/coach.py", *sys.argv[1:]]).replace(" --write", "")
    lines = [
        BEGIN,
        "",
        f"4-player Banjooli, default options; positions drawn from games between heuristic bots; "
        f"{args.budget:g} s of CPU time per analysis on one core; reference: {args.reference} rounds. "
        f"Python {platform.python_version()}, {platform.machine()}.",
        "",
        "```sh",
        f".venv/bin/{command} --write",
        "```",
        "",
        "| decision | positions | actions (median) | rounds in the budget (median) | simulated ends | "
        "expected score ± (median) | chance to win ± | odds ± (widest, median) | best = reference | "
        "score lost (mean) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[row["kind"]].append(row)
    groups_sorted = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    for name, group in [*groups_sorted, ("all", rows)]:
        lines.append(
            f"| {name} | {len(group)} | {_median([r['actions'] for r in group]):.0f} | "
            f"{_median([r['rounds'] for r in group]):.0f} | {_median([r['ends'] for r in group]):.0f} | "
            f"{_median([r['score_hw'] for r in group]):.2f} | {100 * _median([r['win_hw'] for r in group]):.1f} pts | "
            f"{100 * _median([r['odds_hw'] for r in group]):.1f} pts | "
            f"{sum(r['same_best'] for r in group)}/{len(group)} | {statistics.mean(r['regret'] for r in group):.2f} |"
        )
    ends_per_s = sum(r["ends"] for r in rows) / sum(r["cpu"] for r in rows)
    walls = [r["wall"] for r in rows]
    gaps = [r["odds_gap"] for r in rows if r["odds_gap"] is not None]
    lines += [
        "",
        f"Speed: {ends_per_s:,.0f} simulated ends per CPU second against {ref['playouts_per_s']:,.0f} random "
        f"full playouts per CPU second from the start of the same game, ratio "
        f"**{ends_per_s / ref['playouts_per_s']:.2f}** (a simulated end is shorter than a whole game, "
        "but every seat plays the heuristic in it). Wall time of an analysis: median "
        f"{_median(walls):.2f} s, longest {max(walls):.2f} s.",
        "",
        f"Odds: where both analyses marked the same best move, the quick odds were within "
        f"{100 * _median(gaps):.1f} points of the reference's (median of the largest gap per position; "
        f"largest {100 * max(gaps):.1f})." if gaps else "",
    ]
    if strong is not None:
        lines += [
            "",
            f"Strength (`{args.coach}` vs 3 `heuristic`, {strong['trials']} games, seats rotated, seed "
            f"{args.seed}): **{strong['rate']:.1%}** wins [{strong['ci95'][0]:.1%}, "
            f"{strong['ci95'][1]:.1%}] (a uniform share would be 25%; a shared first place counts as a win; "
            f"wall time {strong['wall'] / 60:.0f} min on {args.workers} workers).",
        ]
    if beliefs is not None:
        lines += [
            "",
            "Beliefs of seat 1 about the three others' cards at a random turn (4 to 15) of "
            f"{args.beliefs} games; prior: 1/9 per card:",
            "",
            "| opponents | noise | cases | chance on the true card | true card ranked first | log gain over the prior |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for opponents, table in beliefs.items():
            for noise, row in sorted(table.items()):
                shown = f"{noise:g}" if noise else "mixture"
                lines.append(
                    f"| `{opponents}` | {shown} | {row['cases']:.0f} | {100 * row['chance']:.0f}% | "
                    f"{100 * row['top1']:.0f}% | {row['gain']:+.2f} |"
                )
    lines += ["", END]
    return "\n".join(line for line in lines if line is not None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--budget", type=float, default=1.0, help="CPU seconds per quick analysis")
    parser.add_argument("--reference", type=int, default=400, help="rounds of each reference analysis")
    parser.add_argument("--strength", type=int, default=0, help="games of coach vs 3 heuristic (0: skip)")
    parser.add_argument("--coach", default="coach:samples=60")
    parser.add_argument("--beliefs", type=int, default=0, help="games for the belief figures (0: skip)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    game = load_game("banjooli")
    rows, ref = speed_and_accuracy(game, args.positions, args.seed, args.budget, args.reference)
    strong = strength("banjooli", 4, args.strength, args.seed, args.workers, args.coach) if args.strength else None
    beliefs = None
    if args.beliefs:
        noises = [0.5, 0.7, 0.85, 0.95, 0.0]  # 0: the coach's mixture of kinds of player (NOISES)
        beliefs = {
            opponents: belief_quality(game, args.beliefs, args.seed, opponents, noises)
            for opponents in ("heuristic", "ismcts:sims=100")
        }
    text = section(args, rows, ref, strong, beliefs)
    if args.write:
        doc = DOC.read_text(encoding="utf-8")
        if BEGIN in doc:
            head, rest = doc.split(BEGIN, 1)
            tail = rest.split(END, 1)[1]
            doc = head + text + tail
        else:
            doc = doc.rstrip("\n") + "\n\n## Coach\n\n" + _READING + "\n\n" + text + "\n"
        DOC.write_text(doc, encoding="utf-8")
    print(text)


_READING = (
    "The coach (`savanna.coach`, issue 17) answers from one seat's observation: the odds of the "
    "race, the seat's score and each legal action's expected score and chance to win. Command "
    "and figures below are generated by `benchmarks/coach.py`; the method is in `docs/coach.md`."
)

if __name__ == "__main__":
    main()
