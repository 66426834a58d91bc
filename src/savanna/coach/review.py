"""After a game: each decision of one seat, against two references, with a verdict that holds.

:func:`review` replays a record through the rules. At every decision of the seat that had a
choice (two legal actions or more) it asks what two *references* would have played from
the seat's observation at that moment (never the true state):

* the **model** — the game's heuristic, the documented good-human strategy the coach's
  simulations play;
* **ISMCTS** — the ``ismcts`` bot (:data:`ISMCTS_SIMS` simulations), a stronger player that
  searches instead of following rules of thumb.

Then it values the move played and the references' moves on the same determinizations and
dice (common random numbers: :class:`~savanna.coach.analysis.Analyser`, the hidden cards
drawn from what the seat had seen of the others' moves), and looks at the paired
differences after :data:`LOOKS` rounds. A reference's move is *better by more than the
tolerance* (:data:`TOLERANCE` of the game's score range) when the whole 95% interval of
the difference is above the tolerance; *not better by more than it* when the whole interval
is below. The verdict:

* **mistake** — some reference's move is better by more than the tolerance;
* **fine** — no reference's move is (the move played was a reference's own, or the
  difference is significantly smaller than the tolerance, or the move played was better);
* **too close to call** — neither is established after the last look, or at an earlier
  look the rounds left would settle it with less than a :data:`FUTILITY` chance (predicted
  from the differences so far): the difference may be about the tolerance, and more
  rounds than a review spends would be needed.

Early looks use wider intervals (:data:`LOOKS`), so that looking several times does not
make the verdicts less reliable. ISMCTS is seeded by the position (the decision's index in
the record), not by the review's seed: the reference is the same player whatever the seed,
which only changes the coach's sampling. The *loss* of a decision is the mean difference with the
better reference (with its interval); a review adds them up. Each decision is analysed with
its own seed (``derive_seed(seed, "review", index)``), so a review is reproducible.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from savanna.bots import parse_bot_spec
from savanna.coach.analysis import Analyser
from savanna.coach.belief import BeliefTracker, Posterior, decision_seen
from savanna.coach.interval import t_quantile
from savanna.coach.result import ActionValue, Analysis, Estimate
from savanna.core import Game, Observation, Record, State, derive_seed, make_rng, replay_states

__all__ = [
    "FUTILITY",
    "HORIZON",
    "ISMCTS_SIMS",
    "ISMCTS_SIMS_BY_GAME",
    "LOOKS",
    "PLAYED_ONLY",
    "REFERENCES",
    "REVIEW_SAMPLES",
    "TOLERANCE",
    "Reference",
    "Review",
    "ReviewedDecision",
    "Verdict",
    "review",
]

REFERENCES: Final = ("heuristic", "ismcts")
"""The players a review compares each decision with."""
ISMCTS_SIMS: Final = 300
"""Simulations of the ISMCTS reference per decision (see :data:`ISMCTS_SIMS_BY_GAME`)."""
ISMCTS_SIMS_BY_GAME: Final[dict[str, int]] = {"river-race": 100}
"""Games whose ISMCTS reference searches less: a river race simulation values every move
with the race's projection, ten times the CPU time of Banjooli's, and 300 simulations would
make the reference most of a review."""
LOOKS: Final = ((24, 3.2), (48, 3.0), (96, 2.8), (192, 2.7), (384, 2.6))
"""The rounds after which a decision's verdict is looked at, each with the width of its
interval in standard errors: wider at the early looks, where few determinizations stand
behind the difference, so that looking several times keeps a verdict's error below 5%. The
last look is the most a review spends on one decision."""
REVIEW_SAMPLES: Final = LOOKS[-1][0]
"""Rounds per decision at most, by default."""
HORIZON: Final = 1
"""Rounds of the table (every seat one turn) a review's simulations play after a move, before
the game's evaluation values the position (a game without one is played to the end)."""
PLAYED_ONLY: Final = 16
"""Rounds for a decision where the move played is both references' own: only its chance
to win is wanted."""
FUTILITY: Final = 0.1
"""A decision still too close to call at a look stops there when the last look would call it
a mistake or fine with less than this chance (:func:`_settled_later`)."""
TOLERANCE: Final = 0.02
"""A difference smaller than this share of the game's score range is not a mistake
(Banjooli: 0.52 points)."""

Verdict = Literal["mistake", "fine", "close"]


@dataclass(frozen=True, slots=True)
class Reference:
    """What one reference would have played, and how much better it was than the move played.

    Attributes:
        name: ``"heuristic"`` or ``"ismcts"``.
        move: the value of the reference's move.
        gain: its expected score minus the move played's, compared on the same cards and
            dice (a 95% interval of the mean difference); exactly 0 when it is the move played.
    """

    name: str
    move: ActionValue
    gain: Estimate

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"name": self.name, "move": self.move.to_json(), "gain": self.gain.to_json()}


@dataclass(frozen=True, slots=True)
class ReviewedDecision:
    """One decision of the reviewed seat.

    Attributes:
        index: the action's index in the record (0-based).
        turn: the turn of the game it belongs to (1-based: each change of the player to act
            starts a turn).
        played: the value of the move played.
        references: each reference's move and its gain over the move played.
        loss: the gain of the better reference (the largest mean), with its interval.
        verdict: ``"mistake"``, ``"fine"`` or ``"close"`` (too close to call).
        analysis: the analysis of the position (the move played and the references' moves).
    """

    index: int
    turn: int
    played: ActionValue
    references: tuple[Reference, ...]
    loss: Estimate
    verdict: Verdict
    analysis: Analysis

    @property
    def best(self) -> ActionValue:
        """The better reference's move (the move played when no reference gains)."""
        ahead = max(self.references, key=lambda r: r.gain.value, default=None)
        return self.played if ahead is None or ahead.gain.value <= 0 else ahead.move

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (without the whole analysis)."""
        return {
            "index": self.index,
            "turn": self.turn,
            "played": self.played.to_json(),
            "references": [r.to_json() for r in self.references],
            "loss": self.loss.to_json(),
            "verdict": self.verdict,
            "win": self.analysis.win.to_json(),
        }


@dataclass(frozen=True)
class Review:
    """The review of one seat's decisions in one recorded game.

    Attributes:
        game: the game name.
        seat: the reviewed seat (0-based).
        decisions: every decision with a choice, in order.
        forced: decisions without a choice (one legal action).
        score: the seat's final score (``None`` when the record stops before the end).
        place: its final place, 0 = first (``None`` likewise).
        tolerance: the difference below which a move is not a mistake (points).
        sims: the ISMCTS reference's simulations per decision.
    """

    game: str
    seat: int
    decisions: tuple[ReviewedDecision, ...]
    forced: int
    score: float | None
    place: int | None
    tolerance: float
    sims: int = ISMCTS_SIMS

    @property
    def total_loss(self) -> float:
        """Expected score lost over all the decisions, against the better reference each time."""
        return sum(d.loss.value for d in self.decisions)

    def lost(self, name: str | None = None) -> Estimate:
        """The expected score lost in all against reference ``name`` (the better one at
        each decision when ``None``), with its 95% interval."""
        gains = [_gain(d, name) for d in self.decisions]
        total = sum(g.value for g in gains)
        se = math.sqrt(sum(g.sampling**2 for g in gains if math.isfinite(g.sampling)))
        return Estimate(total, total - 1.96 * se, total + 1.96 * se, len(gains), sampling=se)

    def count(self, verdict: Verdict) -> int:
        """Decisions with ``verdict``."""
        return sum(1 for d in self.decisions if d.verdict == verdict)

    def mistakes(self) -> int:
        """Decisions called mistakes."""
        return self.count("mistake")

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "game": self.game,
            "seat": self.seat,
            "decisions": [d.to_json() for d in self.decisions],
            "forced": self.forced,
            "tolerance": round(self.tolerance, 6),
            "sims": self.sims,
            "total_loss": round(self.total_loss, 6),
            "lost": {name: self.lost(name).to_json() for name in REFERENCES},
            "mistakes": self.mistakes(),
            "close": self.count("close"),
            "score": self.score,
            "place": self.place,
        }


def _gain(decision: ReviewedDecision, name: str | None) -> Estimate:
    if name is None:
        return decision.loss
    for ref in decision.references:
        if ref.name == name:
            return ref.gain
    raise KeyError(name)


def review(
    record: Record,
    seat: int,
    *,
    seed: int = 0,
    samples: int | None = REVIEW_SAMPLES,
    seconds: float | None = None,
    policy: str = "heuristic",
    sims: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review every decision of ``seat`` (0-based) in ``record``.

    Args:
        record: a game record (replayed and checked through the rules).
        seat: the reviewed seat, 0-based.
        seed: the seed; the decision at index ``i`` is analysed with
            ``derive_seed(seed, "review", i)``.
        samples: the most rounds per decision (default :data:`REVIEW_SAMPLES`; the looks
            of :data:`LOOKS` beyond it are skipped).
        seconds: a time limit per decision instead of (or with) ``samples``: no look starts
            after it (then the review depends on the machine).
        policy: the model of play (``heuristic`` or ``random``) after each move.
        sims: simulations of the ISMCTS reference per decision (default :data:`ISMCTS_SIMS`,
            or the game's in :data:`ISMCTS_SIMS_BY_GAME`).
        progress: called with ``(decisions done, decisions in all)`` after each one.

    Raises:
        RecordError: a record that does not replay.
        SeatError: a seat the game does not have.
        CoachError, OptionError: as :func:`~savanna.coach.analyse`.
    """
    points, final, forced = _points(record, seat, seed)
    game = final.game
    if sims is None:
        sims = ISMCTS_SIMS_BY_GAME.get(game.name, ISMCTS_SIMS)
    low, high = game.score_bounds
    tolerance = TOLERANCE * (high - low)
    looks = [(n, z) for n, z in LOOKS if samples is None or n <= samples] or [(samples or LOOKS[0][0], LOOKS[0][1])]
    reviewed = []
    for done, point in enumerate(points, 1):
        reviewed.append(_decision(game, point, seed, looks, seconds, policy, sims, tolerance))
        if progress is not None:
            progress(done, len(points))
    finished = final.is_terminal()
    return Review(
        game=game.name,
        seat=seat,
        decisions=tuple(reviewed),
        forced=forced,
        score=float(final.scores()[seat]) if finished else None,
        place=final.ranking()[seat] if finished else None,
        tolerance=tolerance,
        sims=sims,
    )


@dataclass(frozen=True, slots=True)
class _Point:
    """A decision of the reviewed seat, as it saw it."""

    index: int
    turn: int
    observation: Observation
    legal: list[int]
    action: int
    belief: Posterior
    """What the seat believed of the hidden cards at that moment."""


def _decision(
    game: Game,
    point: _Point,
    seed: int,
    looks: Sequence[tuple[int, float]],
    seconds: float | None,
    policy: str,
    sims: int,
    tolerance: float,
) -> ReviewedDecision:
    decision_seed = derive_seed(seed, "review", point.index)
    observation, legal, played = point.observation, point.legal, point.action
    strong = _ismcts_move(game, observation, legal, point.index, sims)
    candidates = sorted({played, strong})
    run = Analyser(
        game,
        observation,
        belief=point.belief,
        legal_actions=legal,
        actions=candidates,
        keep=candidates,  # every candidate is played in every round
        seed=decision_seed,
        policy=policy,
        horizon=game.num_players * HORIZON,
    )
    assert run.prior is not None  # the seat is to act: the model's move is known
    moves = {"heuristic": run.prior, "ismcts": strong}
    rivals = sorted({m for m in moves.values() if m != played})
    verdict: Verdict = "fine"
    started = time.perf_counter()
    for look, z in looks:
        while run.rounds < (look if rivals else min(look, PLAYED_ONLY)):
            run.play_round()
        if not rivals:
            break
        verdict = _verdict(run, played, rivals, tolerance, z)
        if verdict != "close":
            break
        if _settled_later(run, played, rivals, tolerance, looks[-1]) < FUTILITY:
            break  # too close to call: the rounds left would hardly settle it
        if seconds is not None and time.perf_counter() - started > seconds:
            break
    result = run.result()
    references = []
    for name in REFERENCES:
        move = moves[name]
        gain = Estimate(0.0, 0.0, 0.0, run.rounds, exact=True) if move == played else _gain_of(run, move, played)
        references.append(Reference(name, result.action(move), gain))
    loss = max((r.gain for r in references), key=lambda g: g.value)
    return ReviewedDecision(point.index, point.turn, result.action(played), tuple(references), loss, verdict, result)


def _gain_of(run: Analyser, move: int, played: int) -> Estimate:
    """``move − played`` on the expected score, paired (a 95% interval of the mean)."""
    mean, se, n = run.difference(move, played)
    if n < 2:
        return Estimate(mean, -math.inf, math.inf, n, sampling=math.inf)
    half = t_quantile(n - 1) * se
    return Estimate(mean, mean - half, mean + half, n, sampling=se)


def _verdict(run: Analyser, played: int, rivals: Sequence[int], tolerance: float, z: float) -> Verdict:
    """``mistake`` when some rival is better by more than the tolerance, ``fine`` when none is,
    else ``close`` (at ``z`` standard errors)."""
    below = True
    for move in rivals:
        mean, se, n = run.difference(move, played)
        if n < 2:
            return "close"
        if mean - z * se > tolerance:
            return "mistake"
        if mean + z * se >= tolerance:
            below = False
    return "fine" if below else "close"


def _settled_later(
    run: Analyser, played: int, rivals: Sequence[int], tolerance: float, last: tuple[int, float]
) -> float:
    """The chance that the last look (``last``: its rounds and width) still calls the decision
    a mistake or fine, predicted from the rounds played so far: each difference's final mean
    drawn from what its mean and standard error say now (the predictive distribution of a
    normal mean), the rounds left being as many new ones."""
    rounds, z = last
    if run.rounds >= rounds:
        return 0.0
    seen = run.rounds / rounds  # the share of the last look's rounds already played
    mistake = 0.0
    fine = 1.0
    for move in rivals:
        mean, se, n = run.difference(move, played)
        if n < 2 or se <= 0:
            return 1.0
        spread = se * math.sqrt(1.0 - seen)  # of the final mean, given the rounds so far
        width = z * se * math.sqrt(seen)  # the final interval's half-width
        mistake += _normal_cdf((mean - tolerance - width) / spread)
        fine = min(fine, _normal_cdf((tolerance - mean - width) / spread))
    return min(1.0, mistake + fine)


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _ismcts_move(game: Game, observation: Observation, legal: list[int], index: int, sims: int) -> int:
    """The ``ismcts`` bot's move from ``observation`` (its own determinizations), seeded by
    the decision's place in the record."""
    assert observation.seat is not None
    rng = make_rng(index, "review", "ismcts")
    bot = parse_bot_spec(f"ismcts:sims={sims}").build(game, observation.seat, rng)
    return bot.act(observation, legal)


def _points(record: Record, seat: int, seed: int) -> tuple[list[_Point], State, int]:
    """Every decision of ``seat`` with a choice (its observation, the legal actions, the
    action, its beliefs then), the final state, and how many of its decisions were forced."""
    replaying = replay_states(record)
    _, _, state = next(replaying)
    game = state.game
    game.check_seat(seat, spectator=False)
    tracker = BeliefTracker(game, seat, seed=derive_seed(seed, "review", "beliefs"))
    points: list[_Point] = []
    forced = turn = 0
    last_actor: int | None = None
    for index, text in enumerate(record.actions):
        actor = state.current_player()
        if actor >= 0:
            if actor != last_actor:
                turn += 1
                last_actor = actor
            action = state.parse_action(text)
            if actor == seat:
                legal = state.legal_actions()
                if len(legal) > 1:
                    observation = state.observation(seat)
                    points.append(_Point(index, turn, observation, legal, action, tracker.posterior(observation)))
                else:
                    forced += 1
            else:
                seen = decision_seen(state, action, seat)
                if seen is not None:
                    tracker.add(seen)
        _, _, state = next(replaying)
    for _ in replaying:  # the replay checks the recorded result at its end
        pass
    return points, state, forced
