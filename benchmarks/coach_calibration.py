"""Does the coach tell the truth? Its odds, intervals and verdicts against the true state.

Writes the ``calibration`` section of ``docs/coach.md`` (issue 25). Two parts, in 4-player
Banjooli (default options):

* **odds** — positions from seeded games in which seat 1 plays the heuristic and the three
  other seats play ``--opponents`` (``heuristic``, and ``ismcts:sims=100`` for players who do
  not play like the coach's model). Every position where someone is to act is a candidate
  and one in :data:`KEEP` is kept, at random, so the positions are the mix of a real game.
  For each, the coach answers for seat 1 as a player gets the answer (``odds``: its
  observation and the others' decisions it could read, one second of CPU time). The
  *true-state value* is the same question asked of the true state, under the same model
  (every seat plays the heuristic from there): enumerated exactly when the rest of the game
  is small, otherwise ``--reference`` playouts (the reference's own sampling error is
  reported next to the figures it affects). Measured: how often the stated 95% intervals
  contain the true-state value (expected score, chance to win, each ostrich-place odds
  entry), the mean error and half-width, and the Brier score of the place odds against what
  happened in the game the position came from — the coach's, the true state's (the ceiling:
  nothing seat 1 could know does better) and a constant guess (the base rates).
* **review** — ``--reviews`` recorded games of each mix of players in :data:`REVIEW_MIXES`
  (Banjooli, Hyena three sticks and the river race; heuristic, random and ISMCTS players),
  every seat reviewed twice with different seeds (``savanna analyse``): how often the two
  runs give the same verdict on a decision, and the CPU time of a reviewed game.

``--results FILE`` makes a long run resumable: every game played, position measured and
seat reviewed is appended to it as it is done, and a run with the same settings starts from
what is there (a run whose work is all in the file only prints the section again).

The coach's budget is CPU time (``time.process_time``), so a busy shared machine slows the
wall clock but not the figures. Usage (from the repository root)::

    nice -n 10 .venv/bin/python benchmarks/coach_calibration.py --write

``--write`` replaces the part of ``docs/coach.md`` between its ``calibration`` markers (the
text there says which run is which); without it the section is printed. ``--label`` names
the run (``before``, ``after``) so that both can stand on the page.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.coach import analyse
from savanna.coach.analysis import ROOT_KEY
from savanna.coach.belief import decisions_seen

try:  # ``--label before`` runs this file against the coach as it was before issue 25
    from savanna.coach.belief import posterior

    BELIEFS = True
except ImportError:
    BELIEFS = False
from savanna.coach.policy import Policy, path_key
from savanna.coach.review import review
from savanna.coach.simulation import EndReader, enumerate_ends
from savanna.core import Game, State, derive_seed, load_game, record_of

DOC = Path(__file__).resolve().parent.parent / "docs" / "coach.md"
KEEP = 10
"""One candidate position in this many is kept."""
EXACT_NODES = 20_000
"""Positions an exact enumeration of the true state may visit before playouts are used."""
MAX_PLAYOUTS = 20_000
"""The most playouts of one true-state reference (at least ``--reference``, else 4 per round
of the coach's answer, so that the reference's noise stays well below the coach's)."""
REVIEW_MIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("banjooli", ("heuristic", "random", "ismcts:sims=100", "heuristic")),
    ("banjooli", ("random", "ismcts:sims=100", "heuristic", "random")),
    ("hyena", ("heuristic", "random", "ismcts:sims=100", "heuristic")),
    ("hyena", ("ismcts:sims=100", "heuristic", "random", "random")),
    ("river-race", ("heuristic", "random", "ismcts:sims=100", "heuristic")),
    ("river-race", ("random", "heuristic", "ismcts:sims=100", "random")),
)
"""The games reviewed for the stability of the verdicts: each game with a coach, two mixes of
players each (4 players, default options)."""


@dataclass
class Case:
    """One position: seat 1's view of it, the true state, and what happened after."""

    game_index: int
    state: State
    pairs: list[tuple[State, int]]
    """Every ``(state before, action)`` of the game up to the position."""
    actual: dict[str, str]
    """The answers of the finished game the position came from."""


@dataclass
class Row:
    """The coach's and the true state's numbers for one position."""

    coach: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    """``name -> (value, low, high)`` for ``score``, ``win`` and ``<question>=<answer>``."""
    truth: dict[str, tuple[float, float]] = field(default_factory=dict)
    """``name -> (value, standard error)`` (0 when enumerated)."""
    actual: dict[str, str] = field(default_factory=dict)
    rounds: int = 0
    cpu: float = 0.0
    exact_truth: bool = False


def game_cases(game: Game, index: int, history: list[int], actual: dict[str, str], seed: int) -> list[Case]:
    """The positions kept from game ``index`` (``history``: its actions, ``actual``: its answers)."""
    rng = random.Random(derive_seed(seed, "game", index))
    state = game.new_initial_state()
    pairs: list[tuple[State, int]] = []
    found: list[Case] = []
    for action in history:
        if not state.is_chance_node() and rng.randrange(KEEP) == 0:
            found.append(Case(index, state.clone(), list(pairs), actual))
        pairs.append((state.clone(), action))
        state.apply_unchecked(action)
    return found


def play_seeded(game: Game, index: int, seed: int, opponents: str) -> tuple[list[int], dict[str, str]]:
    """Seeded game ``index``: seat 0 heuristic, the others ``opponents``; its actions and answers."""
    specs = [parse_bot_spec("heuristic")] + [parse_bot_spec(opponents)] * (game.num_players - 1)
    game_seed = derive_seed(seed, "game", index)
    final = play_game(game, make_bots(game, specs, game_seed), seed=game_seed)
    return list(final.history), game.outcomes(final)


def coach_numbers(game: Game, case: Case, seed: int, budget: float) -> tuple[dict[str, tuple[float, float, float]], int, float]:
    """The coach's answer for seat 0, as the terminal's ``odds`` gets it."""
    observation = case.state.observation(0)
    started = time.process_time()
    extra: dict[str, Any] = {}
    if BELIEFS:  # the coach since issue 25 draws the hidden cards from what the seat saw
        extra["belief"] = posterior(game, observation, decisions_seen(case.pairs, 0), seed=seed)
    result = analyse(game, observation, seed=seed, seconds=budget, clock=time.process_time, moves=False, **extra)
    cpu = time.process_time() - started
    out = {"score": (result.score.value, result.score.low, result.score.high),
           "win": (result.win.value, result.win.low, result.win.high)}
    for q in result.odds:
        for a in q.answers:
            out[f"{q.question.key}={a.answer.key}"] = (a.chance.value, a.chance.low, a.chance.high)
    return out, result.rounds, cpu


def truth_numbers(game: Game, state: State, playouts: int, seed: int) -> tuple[dict[str, tuple[float, float]], bool]:
    """The same numbers from the true state under the coach's model: exact, or playouts."""
    model = Policy(game, "heuristic")
    reader = EndReader(game, 0)
    questions = reader.questions
    exact = enumerate_ends(state, model, ROOT_KEY, reader, EXACT_NODES)
    if exact is not None:
        ends = [(p, end) for p, end in exact]
        n = None
    else:
        ends = []
        for k in range(playouts):
            end = _playout(state.clone(), model, random.Random(derive_seed(seed, "truth", k)))
            ends.append((1.0 / playouts, reader.read(end)))
        n = playouts
    out: dict[str, tuple[float, float]] = {}

    def add(name: str, values: Sequence[tuple[float, float]]) -> None:
        mean = sum(p * x for p, x in values)
        if n is None:
            out[name] = (mean, 0.0)
        else:
            var = sum(p * (x - mean) ** 2 for p, x in values) * n / max(1, n - 1)
            out[name] = (mean, (var / n) ** 0.5)

    add("score", [(p, e.score) for p, e in ends])
    add("win", [(p, e.win) for p, e in ends])
    for i, q in enumerate(questions):
        for j, a in enumerate(q.answers):
            add(f"{q.key}={a.key}", [(p, float(e.answers[i] == j)) for p, e in ends])
    return out, exact is not None


def _playout(state: State, model: Policy, rng: random.Random) -> State:
    """``state`` played to its end under ``model``, chance drawn from ``rng`` (this file's own
    loop, so that the reference is the same whichever version of the coach is measured)."""
    key = ROOT_KEY
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            action = model.choose(state, state.legal_actions(), key)
        state.apply_unchecked(action)
        key = path_key(key, action)
    return state


class Results:
    """``--results``: one JSON line per finished piece of work (a game played, a position
    measured, a seat reviewed), so that an interrupted run resumes where it stopped. Each line
    names the settings it was made with; lines of other settings are kept and ignored."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: dict[str, Any] = {}
        if path is None or not path.exists():
            return
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:  # a line cut by the interruption
                continue
            self.entries[json.dumps(entry["key"], sort_keys=True)] = entry["value"]

    def get(self, key: dict[str, Any]) -> Any:
        return self.entries.get(json.dumps(key, sort_keys=True))

    def add(self, key: dict[str, Any], value: Any) -> None:
        self.entries[json.dumps(key, sort_keys=True)] = value
        if self.path is not None:
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"key": key, "value": value}) + "\n")


def _row(value: dict[str, Any]) -> Row:
    row = Row(**value)
    row.coach = {k: (v[0], v[1], v[2]) for k, v in row.coach.items()}
    row.truth = {k: (v[0], v[1]) for k, v in row.truth.items()}
    return row


def odds_part(
    game: Game, count: int, seed: int, opponents: str, budget: float, playouts: int, saved: Results
) -> list[Row]:
    settings = {"opponents": opponents, "seed": seed, "budget": budget, "reference": playouts, "keep": KEEP}
    rows: list[Row] = []
    index = 0
    while len(rows) < count:
        played = saved.get({**settings, "game": index})
        if played is None:
            played = play_seeded(game, index, seed, opponents)
            saved.add({**settings, "game": index}, played)
        history, actual = played
        for case in game_cases(game, index, history, actual, seed):
            k = len(rows)
            if k == count:
                break
            value = saved.get({**settings, "position": k})
            if value is None:
                row = Row(actual=case.actual)
                row.coach, row.rounds, row.cpu = coach_numbers(game, case, derive_seed(seed, "coach", k), budget)
                # the reference's own noise well below the coach's: at least 4 playouts per round
                reference = min(MAX_PLAYOUTS, max(playouts, 4 * row.rounds))
                row.truth, row.exact_truth = truth_numbers(game, case.state, reference, derive_seed(seed, "truth", k))
                value = row.__dict__
                saved.add({**settings, "position": k}, value)
            rows.append(_row(value))
            if len(rows) % 10 == 0:
                print(f"  {opponents}: {len(rows)}/{count}", file=sys.stderr)
        index += 1
    return rows


def _covered(row: Row, name: str) -> bool:
    _, low, high = row.coach[name]
    true, _ = row.truth[name]
    return low - 1e-9 <= true <= high + 1e-9


def _odds_names(row: Row) -> list[str]:
    return [n for n in row.coach if "=" in n]


def brier(rows: list[Row], source: str, base: dict[str, float] | None = None) -> float:
    """Mean over positions, questions and answers of ``(p - happened)^2``."""
    total, count = 0.0, 0
    for row in rows:
        questions: dict[str, list[str]] = {}
        for name in _odds_names(row):
            q, a = name.split("=", 1)
            questions.setdefault(q, []).append(a)
        for q, answers in questions.items():
            s = 0.0
            for a in answers:
                name = f"{q}={a}"
                if source == "coach":
                    p = row.coach[name][0]
                elif source == "truth":
                    p = row.truth[name][0]
                else:
                    assert base is not None
                    p = base[name]
                s += (p - float(row.actual[q] == a)) ** 2
            total += s
            count += len(answers)
    return total / count


def odds_summary(rows: list[Row]) -> dict[str, Any]:
    base: dict[str, float] = {}
    for name in _odds_names(rows[0]):
        q, a = name.split("=", 1)
        base[name] = statistics.mean(float(r.actual[q] == a) for r in rows)
    odds = [(r, n) for r in rows for n in _odds_names(r)]
    open_odds = [(r, n) for r, n in odds if 0.02 <= r.truth[n][0] <= 0.98]

    def cover(pairs: list[tuple[Row, str]]) -> float:
        return sum(_covered(r, n) for r, n in pairs) / len(pairs)

    def err(pairs: list[tuple[Row, str]]) -> float:
        return statistics.mean(abs(r.coach[n][0] - r.truth[n][0]) for r, n in pairs)

    def half(pairs: list[tuple[Row, str]]) -> float:
        return statistics.mean((r.coach[n][2] - r.coach[n][1]) / 2 for r, n in pairs)

    def ref_se(pairs: list[tuple[Row, str]]) -> float:
        return statistics.mean(r.truth[n][1] for r, n in pairs)

    score = [(r, "score") for r in rows]
    win = [(r, "win") for r in rows]
    return {
        "positions": len(rows),
        "exact_truth": sum(r.exact_truth for r in rows),
        "rounds": statistics.median(r.rounds for r in rows),
        "cpu": statistics.mean(r.cpu for r in rows),
        "score": (cover(score), err(score), half(score), ref_se(score)),
        "win": (cover(win), err(win), half(win), ref_se(win)),
        "odds": (cover(odds), err(odds), half(odds), ref_se(odds), len(odds)),
        "open_odds": (cover(open_odds), err(open_odds), half(open_odds), ref_se(open_odds), len(open_odds)),
        "brier": (brier(rows, "coach"), brier(rows, "truth"), brier(rows, "base", base)),
    }


# -- review stability -----------------------------------------------------------------------


def verdicts(done: Any) -> list[str]:
    """One word per reviewed decision: ``mistake``, ``fine`` or ``close``."""
    out = []
    for d in done.decisions:
        verdict = getattr(d, "verdict", None)
        if verdict is None:  # the review before issue 25: a loss, no verdict
            verdict = "fine" if d.loss == 0 else ("mistake" if d.loss > 1.0 else "close")
        out.append(str(verdict))
    return out


def review_part(games: int, seed: int, saved: Results, only: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Each game of :data:`REVIEW_MIXES` (``games`` of each mix; only the games named in
    ``only`` when given), every seat reviewed twice."""
    out = []
    for m, (name, seats) in enumerate(REVIEW_MIXES):
        if only and name not in only:
            continue
        game = load_game(name)
        specs = [parse_bot_spec(s) for s in seats]
        same = total = 0
        cpu: list[float] = []
        counts = {"mistake": 0, "fine": 0, "close": 0}
        for g in range(games):
            game_seed = derive_seed(seed, "review-game", m, g)
            final = play_game(game, make_bots(game, specs, game_seed), seed=game_seed)
            record = record_of(final, seed=game_seed)
            for seat in range(game.num_players):
                runs = []
                for run in range(2):
                    key = {"review": name, "seats": list(seats), "game": g, "seed": seed, "seat": seat, "run": run}
                    value = saved.get(key)
                    if value is None:
                        started = time.process_time()
                        done = review(record, seat, seed=derive_seed(seed, "review", m, g, seat, run))
                        value = {"verdicts": verdicts(done), "cpu": time.process_time() - started}
                        saved.add(key, value)
                    runs.append(value)
                a, b = runs[0]["verdicts"], runs[1]["verdicts"]
                same += sum(x == y for x, y in zip(a, b, strict=True))
                total += len(a)
                for v in a + b:
                    counts[v] += 1
                cpu += [r["cpu"] for r in runs]
            print(f"  review: {name} {', '.join(seats)}: game {g + 1}/{games}", file=sys.stderr)
        out.append({"game": name, "seats": seats, "games": games, "same": same, "total": total,
                    "counts": counts, "cpu": statistics.mean(cpu), "cpu_max": max(cpu),
                    "cpu_p90": statistics.quantiles(cpu, n=10, method="inclusive")[-1] if len(cpu) > 1 else cpu[0]})
    return out


# -- the page ---------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def section(args: argparse.Namespace, odds: dict[str, dict[str, Any]], reviewed: list[dict[str, Any]] | None) -> str:
    lines = [f"### {args.label}", ""]
    if odds:
        lines += [
        f"4-player Banjooli; {args.budget:g} s of CPU time per answer; true state: exact, or "
        f"{args.reference} playouts; Python {platform.python_version()}, {platform.machine()}.",
        "",
        "| opponents | positions | rounds (median) | expected score: coverage, error, ± | "
        "chance to win: coverage, error, ± | place odds: coverage, error, ± | open place odds¹: coverage | "
        "Brier: coach, true state, constant |",
        "| --- | ---: | ---: | --- | --- | --- | --- | --- |",
        ]
    for opponents, s in odds.items():
        sc, wn, od, oo, br = s["score"], s["win"], s["odds"], s["open_odds"], s["brier"]
        lines.append(
            f"| `{opponents}` | {s['positions']} | {s['rounds']:.0f} | "
            f"**{_pct(sc[0])}**, {sc[1]:.2f}, ±{sc[2]:.2f} | **{_pct(wn[0])}**, {100 * wn[1]:.1f} pts, ±{100 * wn[2]:.1f} | "
            f"**{_pct(od[0])}**, {100 * od[1]:.1f} pts, ±{100 * od[2]:.1f} | {_pct(oo[0])} of {oo[4]} | "
            f"**{br[0]:.3f}**, {br[1]:.3f}, {br[2]:.3f} |"
        )
    if odds:
        first = next(iter(odds.values()))
        lines += [
            "",
            f"¹ entries whose true-state value is between 2% and 98%. The true state was enumerated "
            f"exactly in {first['exact_truth']} of {first['positions']} positions; elsewhere its playouts carry a "
            f"standard error of {first['score'][3]:.2f} points on the expected score and "
            f"{100 * first['odds'][3]:.1f} points on an odds entry (mean), which the coverage counts against the coach.",
        ]
    if reviewed:
        lines += [
            "",
            "Review (`savanna analyse`, every seat of each game twice with different seeds):",
            "",
            "| game | players | decisions | same verdict | mistake, fine, too close (both runs) | CPU s per reviewed game: mean, p90, longest |",
            "| --- | --- | ---: | ---: | --- | --- |",
        ]
        for r in reviewed:
            c = r["counts"]
            lines.append(
                f"| {r['game']} | `{', '.join(r['seats'])}` | {r['total']} | **{r['same']}** ({_pct(r['same'] / r['total'])}) | "
                f"{c['mistake']}, {c['fine']}, {c['close']} | {r['cpu']:.1f}, {r['cpu_p90']:.1f}, {r['cpu_max']:.1f} |"
            )
        same, total = sum(r["same"] for r in reviewed), sum(r["total"] for r in reviewed)
        lines += ["", f"In all: the same verdict on **{same} of {total}** decisions ({_pct(same / total)})."]
    return "\n".join(lines)


def write(label: str, text: str) -> None:
    """Put ``text`` between the markers of run ``label`` in ``docs/coach.md``."""
    begin, end = f"<!-- calibration:{label}:begin -->", f"<!-- calibration:{label}:end -->"
    doc = DOC.read_text(encoding="utf-8")
    block = f"{begin}\n{text}\n{end}"
    if begin in doc:
        head, rest = doc.split(begin, 1)
        doc = head + block + rest.split(end, 1)[1]
    else:
        doc = doc.rstrip("\n") + "\n\n" + block + "\n"
    DOC.write_text(doc, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--opponents", default="heuristic,ismcts:sims=100")
    parser.add_argument("--budget", type=float, default=1.0, help="CPU seconds per answer")
    parser.add_argument("--reference", type=int, default=1000, help="playouts from the true state")
    parser.add_argument(
        "--reviews", type=int, default=1, help="games of each mix of REVIEW_MIXES reviewed twice per seat (0: skip)"
    )
    parser.add_argument(
        "--review-games", default="", help="review only these games of REVIEW_MIXES (comma-separated names)"
    )
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument("--label", default="after")
    parser.add_argument("--raw", type=Path, help="also write every position's numbers (JSON) here")
    parser.add_argument(
        "--results", type=Path, help="resume from and append to this file (JSON lines: games and positions done)"
    )
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    game = load_game("banjooli")
    saved = Results(args.results)
    odds: dict[str, dict[str, Any]] = {}
    raw: dict[str, Any] = {}
    for opponents in args.opponents.split(","):
        if args.positions:
            rows = odds_part(game, args.positions, args.seed, opponents, args.budget, args.reference, saved)
            odds[opponents] = odds_summary(rows)
            raw[opponents] = [r.__dict__ for r in rows]
    only = [n for n in args.review_games.split(",") if n]
    reviewed = review_part(args.reviews, args.seed, saved, only) if args.reviews else None
    text = section(args, odds, reviewed)
    if args.raw is not None:
        args.raw.write_text(json.dumps({"odds": raw, "review": reviewed}, default=str) + "\n", encoding="utf-8")
    if args.write:
        write(args.label, text)
    print(text)


if __name__ == "__main__":
    main()
