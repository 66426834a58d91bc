"""The coach's analysis of one position, from one seat's observation only.

:func:`analyse` answers, for the seat that observes:

* **odds** — for each of the game's outcome questions (Banjooli: where each ostrich
  finishes; by default each seat's final place), the chance of each answer;
* **score** — the seat's score distribution, its expected score and its chance to win;
* **actions** — when the seat is to act, for each legal action the expected score and the
  chance to win after it, the best one marked (the odds and the score are then those after
  the best action).

What it assumes: after the action, every seat (the analysed one included) plays the
model of :mod:`savanna.coach.policy` (by default each game's heuristic), and whatever the
seat cannot see is drawn from what its observation allows (``Game.sample_state``, the bots'
sampler) or, when the game can list every possibility (``Game.determinizations``), taken
in turn from that list. The true state is never read: the function receives an
observation and nothing else.

How it computes:

* **rounds** — each round draws one determinization and one seed for chance, and plays
  every action still in the race from it: the same hidden cards and the same dice stream
  for every action (common random numbers), so differences between actions show with
  fewer rounds;
* **exact where small** — for each action the rest of the game is first enumerated
  exactly (every chance outcome branched, decisions by the model) when it has at most
  ``exact_nodes`` positions; a sample is then an exact distribution instead of one random
  end. When every possibility of the hidden part is listed and every sample is exact, the
  answer is exact: its intervals have no width;
* **racing** — after ``min_rounds`` rounds, an action whose paired difference with the
  leader is significantly negative (``mean − 2.5·sd/√n > 0``) stops being played; the
  budget goes to the contenders. Its estimates stay, with their wider intervals. A large
  field (more than :data:`FIELD` actions, like Banjooli's 64 reroll choices) is also
  halved by mean after rounds 4, 8 and 16, on a fixed schedule;
* **budget** — ``samples`` (a number of rounds) and/or ``seconds``; a round that would end
  past the deadline is not started, and one that runs past it is dropped whole. The result
  depends only on the seed and the number of rounds, both reported: the same seed and
  ``samples=rounds`` reproduce it exactly on any machine.

Example:
    >>> from savanna.core import load_game
    >>> game = load_game("hyena", 2, {"rules": "three-sticks", "length": 30})
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply(state.legal_actions()[0])
    >>> result = analyse(game, state.observation(state.current_player()), samples=4, seconds=None)
    >>> result.rounds, len(result.actions) == len(state.legal_actions())
    (4, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from savanna.coach.interval import Z, mean_interval, wilson
from savanna.coach.policy import Policy, path_key
from savanna.coach.simulation import (
    DEFAULT_NODES,
    CoachError,
    EndReader,
    Sample,
    enumerate_ends,
    rollout,
)
from savanna.core import (
    Answer,
    Game,
    Observation,
    OptionError,
    OutcomeQuestion,
    State,
    check_seed,
    derive_seed,
    make_rng,
)

__all__ = [
    "DEFAULT_SECONDS",
    "ActionValue",
    "Analysis",
    "AnswerOdds",
    "Estimate",
    "QuestionOdds",
    "ScoreChance",
    "analyse",
]

DEFAULT_SECONDS: Final = 1.0
"""The time budget of an analysis when neither ``seconds`` nor ``samples`` is given."""
MIN_ROUNDS: Final = 6
"""Rounds every action gets before the racing may stop playing it."""
RACE_Z: Final = 2.5
"""How many standard errors behind the leader an action must be to stop being played."""
MAX_LISTED: Final = 2000
"""The most determinizations taken from ``Game.determinizations`` (more are sampled)."""
ROOT_KEY: Final = 0x9E3779B97F4A7C15
"""The path key of the analysed position (the same for every seed, so that exact values
do not depend on the seed)."""
LANGUAGES: Final = ("en", "fr")
FIELD: Final = 8
"""Above this many actions in contention, the weaker half is dropped at each of
:data:`HALVINGS` (Banjooli's 64 reroll choices: 64, 32, 16, then 8)."""
HALVINGS: Final = frozenset({4, 8, 16})
"""The rounds after which a large field is halved (a fixed schedule: the result still
depends on the number of rounds only, never on the time)."""

Objective = Literal["score", "win"]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A number the coach computed, with its 95% interval.

    Attributes:
        value: the estimate (a mean score, or a chance from 0 to 1).
        low, high: the 95% interval (equal to ``value`` when exact).
        samples: the samples behind it.
        exact: computed by enumerating every possibility (no sampling error).
    """

    value: float
    low: float
    high: float
    samples: int
    exact: bool = False

    @property
    def half_width(self) -> float:
        """Half the width of the interval (0 when exact)."""
        return (self.high - self.low) / 2

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (floats rounded to 6 decimals)."""
        return {
            "value": round(self.value, 6),
            "low": round(self.low, 6),
            "high": round(self.high, 6),
            "samples": self.samples,
            "exact": self.exact,
        }


@dataclass(frozen=True, slots=True)
class AnswerOdds:
    """The chance of one answer to an outcome question."""

    answer: Answer
    chance: Estimate

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"answer": self.answer.key, "chance": self.chance.to_json()}


@dataclass(frozen=True, slots=True)
class QuestionOdds:
    """The odds of every answer to one outcome question (they sum to 1)."""

    question: OutcomeQuestion
    answers: tuple[AnswerOdds, ...]

    def chance(self, answer_key: str) -> Estimate:
        """The estimate of the answer ``answer_key``.

        Raises:
            KeyError: for an answer the question does not have.
        """
        for odds in self.answers:
            if odds.answer.key == answer_key:
                return odds.chance
        raise KeyError(answer_key)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"question": self.question.key, "answers": [a.to_json() for a in self.answers]}


@dataclass(frozen=True, slots=True)
class ScoreChance:
    """The chance that the seat ends with exactly ``score``."""

    score: float
    chance: Estimate

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"score": self.score, "chance": self.chance.to_json()}


@dataclass(frozen=True, slots=True)
class ActionValue:
    """What one legal action is worth to the seat.

    Attributes:
        action: the action id.
        notation: its notation (``state.action_to_text``).
        words: its description for people, by language (``"en"``, ``"fr"``).
        score: the expected final score after it.
        win: the chance to finish first after it (a shared first place counts).
        best: the best action of the analysis (highest expected score, or chance to win
            with ``objective="win"``).
        dropped: the racing stopped playing it (clearly behind the leader).
    """

    action: int
    notation: str
    words: Mapping[str, str] = field(hash=False)
    score: Estimate
    win: Estimate
    best: bool = False
    dropped: bool = False

    def text(self, lang: str = "en") -> str:
        """The action in words in ``lang`` (English for another language)."""
        return self.words.get(lang) or self.words.get("en") or self.notation

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "action": self.action,
            "notation": self.notation,
            "words": dict(self.words),
            "score": self.score.to_json(),
            "win": self.win.to_json(),
            "best": self.best,
            "dropped": self.dropped,
        }


@dataclass(frozen=True)
class Analysis:
    """The coach's answer for one seat in one position (see :func:`analyse`).

    Attributes:
        game: the game name.
        seat: the analysed seat.
        to_act: the seat is to act and its moves were valued (then ``actions`` lists its
            legal actions, the best marked).
        actions: each legal action's value, in legal order (empty when not to act).
        odds: each outcome question's odds (after the best action when the seat is to act).
        score: the seat's expected final score (after the best action).
        win: the seat's chance to finish first (after the best action).
        scores: the chance of each final score of the seat, lowest score first.
        exact: every number is exact (nothing was sampled).
        rounds: rounds played (one determinization and one chance seed each).
        rollouts: simulated ends played; ``enumerated``: samples computed exactly.
        determinizations: ``"listed"`` (every possibility, in turn) or ``"sampled"``.
        seconds: the time the analysis took.
        seed: the seed (with ``samples=rounds`` it reproduces the analysis exactly).
        policy: the model of play (``heuristic`` or ``random``).
        objective: what ``best`` maximises (``score`` or ``win``).
    """

    game: str
    seat: int
    to_act: bool
    actions: tuple[ActionValue, ...]
    odds: tuple[QuestionOdds, ...]
    score: Estimate
    win: Estimate
    scores: tuple[ScoreChance, ...]
    exact: bool
    rounds: int
    rollouts: int
    enumerated: int
    determinizations: str
    seconds: float
    seed: int
    policy: str
    objective: str

    @property
    def best(self) -> ActionValue | None:
        """The best action (``None`` when the seat is not to act)."""
        for value in self.actions:
            if value.best:
                return value
        return None

    def action(self, action: int) -> ActionValue:
        """The value of ``action``.

        Raises:
            KeyError: when it is not one of the analysed actions.
        """
        for value in self.actions:
            if value.action == action:
                return value
        raise KeyError(action)

    def loss(self, action: int) -> float:
        """Expected score lost by playing ``action`` instead of the best one (0 or more)."""
        best = self.best
        if best is None:
            return 0.0
        return max(0.0, best.score.value - self.action(action).score.value)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the whole analysis."""
        return {
            "game": self.game,
            "seat": self.seat,
            "to_act": self.to_act,
            "actions": [a.to_json() for a in self.actions],
            "odds": [q.to_json() for q in self.odds],
            "score": self.score.to_json(),
            "win": self.win.to_json(),
            "scores": [s.to_json() for s in self.scores],
            "exact": self.exact,
            "rounds": self.rounds,
            "rollouts": self.rollouts,
            "enumerated": self.enumerated,
            "determinizations": self.determinizations,
            "seed": self.seed,
            "policy": self.policy,
            "objective": self.objective,
        }


class _Tally:
    """Everything sampled for one action (or for the position when the seat is not to act)."""

    __slots__ = (
        "answers",
        "dropped",
        "exact_by_det",
        "exact_ok",
        "n",
        "score_dist",
        "scores",
        "sum_score",
        "sum_score_sq",
        "sum_win",
        "wins",
    )

    def __init__(self, questions: Sequence[OutcomeQuestion]) -> None:
        self.n = 0
        self.scores: list[float] = []
        self.wins: list[float] = []
        self.sum_score = 0.0
        self.sum_score_sq = 0.0
        self.sum_win = 0.0
        self.answers = [[0.0] * len(q.answers) for q in questions]
        self.score_dist: dict[float, float] = {}
        self.exact_ok: bool | None = None
        self.exact_by_det: dict[int, Sample] = {}
        self.dropped = False

    def add(self, sample: Sample) -> None:
        score = win = 0.0
        answers = self.answers
        dist = self.score_dist
        for probability, end in sample:
            score += probability * end.score
            win += probability * end.win
            for q, a in enumerate(end.answers):
                answers[q][a] += probability
            dist[end.score] = dist.get(end.score, 0.0) + probability
        self.n += 1
        self.scores.append(score)
        self.wins.append(win)
        self.sum_score += score
        self.sum_score_sq += score * score
        self.sum_win += win

    def values(self, objective: str) -> list[float]:
        return self.wins if objective == "win" else self.scores


def _exact_summary(samples: Sequence[Sample]) -> tuple[float, float, list[list[float]], dict[float, float]]:
    """Mean score, win, answer chances and score distribution over equally likely samples."""
    score = win = 0.0
    answers: list[list[float]] = []
    dist: dict[float, float] = {}
    weight = 1.0 / len(samples)
    for sample in samples:
        for probability, end in sample:
            p = probability * weight
            score += p * end.score
            win += p * end.win
            if not answers:
                answers = [[] for _ in end.answers]
            for q, a in enumerate(end.answers):
                row = answers[q]
                row.extend([0.0] * (a + 1 - len(row)))
                row[a] += p
            dist[end.score] = dist.get(end.score, 0.0) + p
    return score, win, answers, dist


class _Determinizer:
    """The determinization of each round: listed in a seeded order, or sampled per round."""

    def __init__(self, game: Game, observation: Observation, seed: int) -> None:
        self.game = game
        self.observation = observation
        self.seed = seed
        listed = game.determinizations(observation)
        if listed is not None and not 0 < len(listed) <= MAX_LISTED:
            listed = None
        self.listed = listed
        self.order: list[int] = []
        if listed is not None:
            self.order = list(range(len(listed)))
            make_rng(seed, "coach", "order").shuffle(self.order)

    @property
    def count(self) -> int | None:
        """How many determinizations there are, when they are listed."""
        return None if self.listed is None else len(self.listed)

    def draw(self, round_: int) -> tuple[State, int | None]:
        """The determinization of round ``round_`` and its index in the list (if listed)."""
        if self.listed is not None:
            index = self.order[round_ % len(self.order)]
            return self.listed[index].clone(), index
        return self.game.sample_state(self.observation, make_rng(self.seed, "coach", "det", round_)), None


def _check_budget(seconds: float | None, samples: int | None) -> tuple[float | None, int | None]:
    if seconds is None and samples is None:
        return DEFAULT_SECONDS, None
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        raise OptionError(
            f"samples must be a whole number of at least 1, not {samples!r}",
            f"samples doit être un nombre entier d'au moins 1, pas {samples!r}",
        )
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0):
        raise OptionError(
            f"seconds must be a positive number, not {seconds!r}",
            f"seconds doit être un nombre positif, pas {seconds!r}",
        )
    return seconds, samples


def analyse(
    game: Game,
    observation: Observation,
    *,
    legal_actions: Sequence[int] | None = None,
    seed: int = 0,
    seconds: float | None = None,
    samples: int | None = None,
    policy: str = "heuristic",
    objective: Objective = "score",
    exact_nodes: int = DEFAULT_NODES,
    keep: Sequence[int] = (),
    min_rounds: int = MIN_ROUNDS,
    clock: Callable[[], float] = time.perf_counter,
    moves: bool = True,
) -> Analysis:
    """Odds, score and the value of each legal action, from ``observation`` alone.

    Args:
        game: the configured game the observation belongs to.
        observation: the analysed seat's observation (``state.observation(seat)``).
        legal_actions: the seat's legal actions when it is to act (default: those of a
            determinization, which are the same).
        seed: the seed of every draw (determinizations, chance, the order of listed ones).
        seconds: the time budget (default :data:`DEFAULT_SECONDS` when ``samples`` is not
            given either).
        samples: the most rounds to play (the budget alone when ``seconds`` is ``None``:
            then the result is the same on every machine).
        policy: the model of play after the action: ``"heuristic"`` or ``"random"``.
        objective: ``"score"`` (the best action has the highest expected score) or
            ``"win"`` (the highest chance to finish first).
        exact_nodes: positions an exact enumeration of the rest of a game may visit.
        keep: actions played in every round whatever the racing says (the move a player
            actually made, in a review).
        min_rounds: rounds before the racing may stop playing an action.
        clock: the clock ``seconds`` is measured on (wall time by default; a benchmark on
            a shared machine passes ``time.process_time``).
        moves: whether to value each legal action when the seat is to act; ``False``
            gives only the odds of the position with the seat playing the model's move
            (no ``actions``; every round of the budget goes to the odds).

    Raises:
        CoachError: a spectator's observation, an observation of another game, or
            determinizations that do not agree with the observation.
        OptionError: a bad seed, budget, policy or objective.
    """
    started = clock()
    seconds, samples = _check_budget(seconds, samples)
    check_seed(seed, "seed")
    if objective not in ("score", "win"):
        raise OptionError(
            f"objective must be score or win, not {objective!r}",
            f"l'objectif doit être score ou win, pas {objective!r}",
        )
    model = Policy(game, policy)
    seat = observation.seat
    if seat is None:
        raise CoachError(
            "the coach analyses a seat's observation, not a spectator's",
            "le coach analyse l'observation d'un joueur, pas celle d'un spectateur",
        )
    if observation.game != game.name:
        raise CoachError(
            f"this observation is of {observation.game!r}, not of {game.name!r}",
            f"cette observation est de {observation.game!r}, pas de {game.name!r}",
        )
    reader = EndReader(game, seat)
    questions = reader.questions
    determinizer = _Determinizer(game, observation, seed)
    first, first_index = determinizer.draw(0)
    seat_to_act = first.current_player() == seat
    to_act = seat_to_act and moves
    legal: list[int] = sorted(first.legal_actions()) if seat_to_act else []
    if legal_actions is not None and seat_to_act and sorted(legal_actions) != legal:
        raise CoachError(
            "the legal actions given are not the seat's legal actions in this observation",
            "les actions légales données ne sont pas celles du joueur dans cette observation",
        )
    candidates: list[int | None] = list(legal) if to_act else [None]
    tallies: dict[int | None, _Tally] = {a: _Tally(questions) for a in candidates}
    keys = {a: ROOT_KEY if a is None else path_key(ROOT_KEY, a) for a in candidates}
    keep_set: set[int | None] = {a for a in keep if a in tallies}
    prior: int | None = None
    if to_act:
        # The model's own move is played in every round: the best must beat it clearly.
        prior = model.choose(first.clone(), legal, ROOT_KEY)
        keep_set.add(prior)
    alive = list(candidates)
    rounds = rollouts = enumerated = 0
    deadline = None if seconds is None else started + seconds
    last_round = 0.0
    listed = determinizer.count
    while samples is None or rounds < samples:
        round_start = clock()
        if rounds > 0 and deadline is not None and round_start + last_round > deadline:
            break
        if listed is not None and all(
            len(tallies[a].exact_by_det) == listed for a in candidates if a in alive or a in keep_set
        ):
            break  # every possibility is enumerated exactly: nothing left to learn
        if rounds == 0:
            det, det_index = first, first_index
        else:
            det, det_index = determinizer.draw(rounds)
            _check_determinization(det, seat, seat_to_act, legal)
        chance_seed = derive_seed(seed, "coach", "chance", rounds)
        playing = [a for a in candidates if a in alive or a in keep_set]
        pending: list[tuple[int | None, Sample]] = []
        made_rollouts = made_exact = 0
        out_of_time = False
        for a in playing:
            tally = tallies[a]
            sample: Sample | None = None
            if tally.exact_ok:
                if det_index is not None and det_index in tally.exact_by_det:
                    sample = tally.exact_by_det[det_index]
                else:
                    sample = _enumerate(det, a, model, keys[a], reader, exact_nodes)
                    if sample is None:
                        tally.exact_ok = False
                    else:
                        made_exact += 1
            if sample is None:
                start = det.clone()
                if a is not None:
                    start.apply_unchecked(a)
                end, draws = rollout(start, model, random.Random(chance_seed), keys[a])
                sample = ((1.0, reader.read(end)),)
                simulated = True
                if tally.exact_ok is None:
                    # Worth enumerating only when the rest of the game is short: each chance
                    # draw at least doubles the tree.
                    listed_ends = None
                    if 2**draws <= exact_nodes:
                        listed_ends = _enumerate(det, a, model, keys[a], reader, exact_nodes)
                    tally.exact_ok = listed_ends is not None
                    if listed_ends is not None:
                        sample = listed_ends
                        made_exact += 1
                        simulated = False
                if simulated:
                    made_rollouts += 1
            if tally.exact_ok and det_index is not None:
                tally.exact_by_det[det_index] = sample
            pending.append((a, sample))
            if rounds > 0 and deadline is not None and clock() > deadline:
                out_of_time = True
                break
        if out_of_time:
            break
        for a, sample in pending:
            tallies[a].add(sample)
        rounds += 1
        rollouts += made_rollouts
        enumerated += made_exact
        last_round = clock() - round_start
        if to_act and len(alive) > FIELD and rounds in HALVINGS:
            alive = _halve(alive, tallies, objective, rounds, keep_set)
        if to_act and rounds >= min_rounds and len(alive) > 1:
            alive = _race(alive, tallies, objective, rounds)
    for a in candidates:
        if a not in alive:
            tallies[a].dropped = True
    low, high = game.score_bounds
    estimates = {
        a: _estimates(tallies[a], questions, low, high, listed is not None and len(tallies[a].exact_by_det) == listed)
        for a in candidates
    }
    best: int | None = None
    if to_act:
        best = _best(legal, tallies, estimates, objective, prior)
    shown = estimates[best] if to_act else estimates[None]
    actions = tuple(
        ActionValue(
            action=a,
            notation=first.action_to_text(a),
            words={lang: first.describe_action(a, lang) for lang in LANGUAGES},
            score=estimates[a][0],
            win=estimates[a][1],
            best=a == best,
            dropped=tallies[a].dropped,
        )
        for a in (legal if to_act else ())
    )
    exact = all(est[0].exact for est in estimates.values())
    return Analysis(
        game=game.name,
        seat=seat,
        to_act=to_act,
        actions=actions,
        odds=shown[2],
        score=shown[0],
        win=shown[1],
        scores=shown[3],
        exact=exact,
        rounds=rounds,
        rollouts=rollouts,
        enumerated=enumerated,
        determinizations="listed" if listed is not None else "sampled",
        seconds=clock() - started,
        seed=seed,
        policy=model.name,
        objective=objective,
    )


def _enumerate(
    det: State, action: int | None, model: Policy, key: int, reader: EndReader, budget: int
) -> Sample | None:
    """Every end after ``action`` in ``det`` with its probability (``None``: too many)."""
    start = det.clone()
    if action is not None:
        start.apply_unchecked(action)
    return enumerate_ends(start, model, key, reader, budget)


def _check_determinization(det: State, seat: int, to_act: bool, legal: Sequence[int]) -> None:
    """Refuse a determinization that does not agree with the observation it was drawn from."""
    if (det.current_player() == seat) != to_act or (to_act and sorted(det.legal_actions()) != list(legal)):
        raise CoachError(
            f"{det.game.name}: a determinization does not agree with the observation "
            "(sample_state or determinizations is broken)",
            f"{det.game.name} : une déterminisation ne correspond pas à l'observation",
        )


def _best(
    legal: Sequence[int],
    tallies: Mapping[int | None, _Tally],
    estimates: Mapping[int | None, tuple[Estimate, Estimate, Any, Any]],
    objective: str,
    prior: int | None,
) -> int:
    """The best action: the leader, when it is clearly ahead of the model's own move.

    The leader has the highest estimate among the actions the racing kept. It is the best
    when it is the model's move, when the model's move was dropped by the racing, or when
    its paired difference with the model's move is significant at 95%; otherwise the
    model's move is: with few rounds, a leader by noise is not worth following.
    """
    index = 1 if objective == "win" else 0
    contenders = [a for a in legal if not tallies[a].dropped]
    leader = max(contenders, key=lambda a: (estimates[a][index].value, -legal.index(a)))
    if prior is None or leader == prior or tallies[prior].dropped:
        return leader
    if estimates[leader][index].exact and estimates[prior][index].exact:
        return leader if estimates[leader][index].value > estimates[prior][index].value else prior
    ahead = tallies[leader].values(objective)
    model = tallies[prior].values(objective)
    n = min(len(ahead), len(model))
    if n < 2:
        return prior
    diffs = [x - y for x, y in zip(ahead[:n], model[:n], strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return leader if mean - Z * math.sqrt(variance / n) > 0 else prior


def _halve(
    alive: list[int | None],
    tallies: Mapping[int | None, _Tally],
    objective: str,
    n: int,
    keep: set[int | None],
) -> list[int | None]:
    """The better half of ``alive`` by mean (at least :data:`FIELD`), in legal order."""
    ranked = sorted(alive, key=lambda a: (-sum(tallies[a].values(objective)) / n, alive.index(a)))
    kept = set(ranked[: max(FIELD, len(alive) // 2)])
    return [a for a in alive if a in kept or a in keep]


def _race(alive: list[int | None], tallies: Mapping[int | None, _Tally], objective: str, n: int) -> list[int | None]:
    """The actions still in the race: those not significantly behind the leader."""
    means = {a: sum(tallies[a].values(objective)) / n for a in alive}
    leader = max(alive, key=lambda a: means[a])
    lead = tallies[leader].values(objective)
    kept: list[int | None] = []
    for a in alive:
        if a == leader:
            kept.append(a)
            continue
        other = tallies[a].values(objective)
        diffs = [x - y for x, y in zip(lead, other, strict=True)]
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean - RACE_Z * math.sqrt(variance / n) <= 0 or mean <= 0:
            kept.append(a)
    return kept


def _estimates(
    tally: _Tally, questions: Sequence[OutcomeQuestion], low: float, high: float, exact: bool
) -> tuple[Estimate, Estimate, tuple[QuestionOdds, ...], tuple[ScoreChance, ...]]:
    """Score, win, odds and score distribution of one tally (exact ones without width)."""
    if exact:
        samples = list(tally.exact_by_det.values())
        score, win, answers, dist = _exact_summary(samples)
        n = len(samples)

        def point(value: float) -> Estimate:
            return Estimate(value, value, value, n, exact=True)

        odds = tuple(
            QuestionOdds(
                q,
                tuple(
                    AnswerOdds(a, point(answers[i][j] if i < len(answers) and j < len(answers[i]) else 0.0))
                    for j, a in enumerate(q.answers)
                ),
            )
            for i, q in enumerate(questions)
        )
        scores = tuple(ScoreChance(s, point(p)) for s, p in sorted(dist.items()))
        return point(score), point(win), odds, scores
    n = tally.n
    mean, lower, upper = mean_interval(n, tally.sum_score, tally.sum_score_sq, low, high)

    def chance(total: float) -> Estimate:
        p = min(1.0, max(0.0, total / n))
        lo, hi = wilson(p, n, Z)
        return Estimate(p, lo, hi, n)

    odds = tuple(
        QuestionOdds(q, tuple(AnswerOdds(a, chance(tally.answers[i][j])) for j, a in enumerate(q.answers)))
        for i, q in enumerate(questions)
    )
    scores = tuple(ScoreChance(s, chance(p)) for s, p in sorted(tally.score_dist.items()))
    return Estimate(mean, lower, upper, n), chance(tally.sum_win), odds, scores
