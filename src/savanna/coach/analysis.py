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
seat cannot see is drawn from what it believes (a :class:`~savanna.coach.belief.Posterior`:
the determinizations of its observation weighted by the other seats' moves it saw), or,
without a belief, from its observation alone (every possibility in turn when the game
lists them, else ``Game.sample_state``). The true state is never read: the function
receives an observation and nothing else.

How it computes (:class:`Analyser` is the loop; :mod:`savanna.coach.tally` the estimates,
:mod:`savanna.coach.result` what it returns):

* **rounds** — each round plays every action still in the race from one determinization
  and one seed for chance: the same hidden cards and the same dice stream for every action
  (common random numbers), so differences between actions show with fewer rounds. Each
  determinization is played :data:`~savanna.coach.tally.REPEATS` times with different dice,
  which tells the spread over the hidden cards from the dice's;
* **exact where small** — for each action the rest of the game is first enumerated
  exactly (every chance outcome branched, decisions by the model) when it has at most
  ``exact_nodes`` positions; a sample is then an exact distribution instead of one random
  end. When every possibility of the hidden part is listed and every sample is exact, the
  answer is exact: no sampling error is left;
* **racing** — after ``min_rounds`` rounds, an action whose paired difference with the
  leader is significantly negative (``mean − 2.5·sd/√n > 0`` over determinizations) stops
  being played; the budget goes to the contenders. Its estimates stay, with their wider
  intervals. A large field (more than :data:`FIELD` actions, like Banjooli's 64 reroll
  choices) is also halved by mean after rounds 4, 8 and 16, on a fixed schedule;
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
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Final, Literal

from savanna.coach.belief import MAX_LISTED, PRESENT_SAMPLES, Posterior
from savanna.coach.interval import Z, t_quantile
from savanna.coach.policy import Policy, path_key
from savanna.coach.result import (
    ActionValue,
    Analysis,
    AnswerOdds,
    Estimate,
    QuestionOdds,
    ScoreChance,
)
from savanna.coach.simulation import (
    DEFAULT_NODES,
    CoachError,
    EndReader,
    Sample,
    enumerate_ends,
    rollout,
)
from savanna.coach.tally import REPEATS, SCORE, WIN, Key, Tally, paired
from savanna.coach.words import MESSAGES
from savanna.core import (
    Game,
    Observation,
    OptionError,
    State,
    check_seed,
    derive_seed,
    make_rng,
)

__all__ = ["DEFAULT_SECONDS", "Analyser", "Objective", "analyse", "uniform_posterior"]

DEFAULT_SECONDS: Final = 1.0
"""The time budget of an analysis when neither ``seconds`` nor ``samples`` is given."""
MIN_ROUNDS: Final = 6
"""Rounds every action gets before the racing may stop playing it."""
RACE_Z: Final = 2.5
"""How many standard errors behind the leader an action must be to stop being played."""
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


def uniform_posterior(game: Game, observation: Observation, seed: int) -> Posterior:
    """The determinizations of ``observation`` with nothing learnt from the others' moves:
    every possibility when the game lists them, else a seeded sample of ``Game.sample_state``."""
    listed = game.determinizations(observation)
    if listed is not None and 0 < len(listed) <= MAX_LISTED:
        return Posterior(tuple(listed), (1.0 / len(listed),) * len(listed), True)
    rng = make_rng(seed, "coach", "present")
    seen: dict[str, int] = {}
    states: list[State] = []
    counts: list[float] = []
    for _ in range(PRESENT_SAMPLES):
        state = game.sample_state(observation, rng)
        key = state.to_text()
        if key in seen:
            counts[seen[key]] += 1
        else:
            seen[key] = len(states)
            states.append(state)
            counts.append(1.0)
    total = sum(counts)
    return Posterior(tuple(states), tuple(c / total for c in counts), len(states) == 1)


class Analyser:
    """The analysis of one position, played round by round (what :func:`analyse` runs).

    A review plays it in steps and stops when its question is decided
    (:mod:`savanna.coach.review`); :meth:`result` gives the :class:`Analysis` at any point.
    The arguments are those of :func:`analyse`, plus ``horizon`` (turns after which a
    rollout stops and the game's evaluation values it; a game without an evaluation plays
    to the end) and ``with_model`` (``False``: the model's move is valued only if it is
    among ``actions``, and the best is then the leader).

    Raises:
        CoachError, OptionError: as :func:`analyse`.
    """

    def __init__(
        self,
        game: Game,
        observation: Observation,
        *,
        belief: Posterior | None = None,
        legal_actions: Sequence[int] | None = None,
        actions: Sequence[int] | None = None,
        seed: int = 0,
        policy: str = "heuristic",
        objective: Objective = "score",
        exact_nodes: int = DEFAULT_NODES,
        keep: Sequence[int] = (),
        min_rounds: int = MIN_ROUNDS,
        moves: bool = True,
        horizon: int | None = None,
        with_model: bool = True,
    ) -> None:
        check_seed(seed, "seed")
        if objective not in ("score", "win"):
            raise OptionError(MESSAGES.words("error.objective", objective=repr(objective)))
        self.model = Policy(game, policy)
        seat = observation.seat
        if seat is None:
            raise CoachError(MESSAGES.words("error.spectator"))
        if observation.game != game.name:
            raise CoachError(MESSAGES.words("error.other_game", observed=repr(observation.game), game=repr(game.name)))
        self.game, self.seat, self.seed, self.objective = game, seat, seed, objective
        self.horizon = horizon if horizon is not None and type(game).evaluate is not Game.evaluate else None
        """Turns after which a rollout stops and is valued by the game's evaluation (``None``:
        to the end; a game without an evaluation always plays to the end)."""
        # A rollout cut by the horizon is valued by the evaluation; one enumerated to the
        # end would not be the same number, so a horizon plays no exact enumeration.
        self.exact_nodes = 0 if self.horizon is not None else exact_nodes
        self.min_rounds = min_rounds
        self.belief = belief if belief is not None else uniform_posterior(game, observation, seed)
        self.weighted = not self.belief.uniform
        """Determinizations are drawn by weight (else taken in turn, in a seeded order)."""
        self.countable = self.belief.listed and (not self.weighted or len(self.belief.states) == 1)
        """Enumerating every determinization exactly would answer exactly."""
        self.order = list(range(len(self.belief.states)))
        make_rng(seed, "coach", "order").shuffle(self.order)
        self.reader = EndReader(game, seat)
        self.first = self.belief.states[self.order[0]]
        seat_to_act = self.first.current_player() == seat
        self.to_act = seat_to_act and moves
        self.legal: list[int] = sorted(self.first.legal_actions()) if seat_to_act else []
        if legal_actions is not None and seat_to_act and sorted(legal_actions) != self.legal:
            raise CoachError(MESSAGES.words("error.legal_given"))
        for state in (self.first,):
            _check_determinization(state, seat, seat_to_act, self.legal)
        self.prior: int | None = None
        candidates: list[int | None] = [None]
        if self.to_act:
            # The model's own move is played in every round: the best must beat it clearly.
            self.prior = self.model.choose(self.first.clone(), self.legal, ROOT_KEY)
            wanted = set(self.legal if actions is None else actions)
            if with_model or not wanted:
                wanted.add(self.prior)
            unknown = wanted - set(self.legal)
            if unknown:
                raise CoachError(MESSAGES.words("error.not_legal", actions=sorted(unknown)))
            candidates = [a for a in self.legal if a in wanted]
        self.candidates = candidates
        self.tallies = {a: Tally(self.reader.questions) for a in candidates}
        self.keys = {a: ROOT_KEY if a is None else path_key(ROOT_KEY, a) for a in candidates}
        self.keep: set[int | None] = {a for a in keep if a in self.tallies}
        if self.prior is not None:
            self.keep.add(self.prior)
        self.alive = list(candidates)
        self.rounds = self.rollouts = self.enumerated = 0
        self.group = self.in_group = 0
        """The determinization being played, and the rounds it had so far."""
        self._det: tuple[int, int, State] | None = None
        self.hidden = len(self.belief.states) > 1

    # -- playing --------------------------------------------------------------------------
    @property
    def playing(self) -> list[int | None]:
        """The actions played in the next round."""
        return [a for a in self.candidates if a in self.alive or a in self.keep]

    @property
    def finished(self) -> bool:
        """Every possibility is enumerated exactly: nothing is left to learn."""
        count = len(self.belief.states)
        return self.countable and all(len(self.tallies[a].exact_by_det) == count for a in self.playing)

    def _determinization(self, group: int) -> tuple[int, State]:
        """The determinization of ``group`` (drawn once, played :data:`REPEATS` times)."""
        if self._det is not None and self._det[0] == group:
            return self._det[1], self._det[2]
        belief = self.belief
        if self.weighted:
            index = belief.draw(make_rng(self.seed, "coach", "det", group))
        else:
            index = self.order[group % len(self.order)]
        state = belief.states[index]
        _check_determinization(state, self.seat, self.first.current_player() == self.seat, self.legal)
        self._det = (group, index, state)
        return index, state

    def play_round(self, deadline: float | None = None, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Play one round; ``False`` (nothing counted) when it ran past ``deadline``.

        A determinization is played :data:`REPEATS` times with different dice, or once
        when every sample of it is exact (other dice would change nothing)."""
        group = self.group
        index, det = self._determinization(group)
        chance_seed = derive_seed(self.seed, "coach", "chance", self.rounds)
        pending: list[tuple[int | None, Sample]] = []
        made_rollouts = made_exact = 0
        for a in self.playing:
            tally = self.tallies[a]
            sample: Sample | None = None
            if tally.exact_ok:
                sample = tally.exact_by_det.get(index)
                if sample is None:
                    sample = _enumerate(det, a, self.model, self.keys[a], self.reader, self.exact_nodes)
                    if sample is None:
                        tally.exact_ok = False
                    else:
                        made_exact += 1
            if sample is None:
                start = det.clone()
                if a is not None:
                    start.apply_unchecked(a)
                end, draws = rollout(start, self.model, chance_seed, self.keys[a], self.horizon)
                sample = ((1.0, self.reader.read(end)),)
                simulated = True
                if tally.exact_ok is None and self.exact_nodes > 0:
                    # Worth enumerating only when the rest of the game is short: each chance
                    # draw at least doubles the tree.
                    listed_ends = None
                    if 2**draws <= self.exact_nodes:
                        listed_ends = _enumerate(det, a, self.model, self.keys[a], self.reader, self.exact_nodes)
                    tally.exact_ok = listed_ends is not None
                    if listed_ends is not None:
                        sample = listed_ends
                        made_exact += 1
                        simulated = False
                if simulated:
                    made_rollouts += 1
            if tally.exact_ok:
                tally.exact_by_det[index] = sample
            pending.append((a, sample))
            if self.rounds > 0 and deadline is not None and clock() > deadline:
                return False
        for a, sample in pending:
            self.tallies[a].add(group, index, sample)
        self.rounds += 1
        self.rollouts += made_rollouts
        self.enumerated += made_exact
        self.in_group += 1
        if self.in_group < REPEATS and made_rollouts:
            return True
        self.group += 1
        self.in_group = 0
        if self.to_act:
            if len(self.alive) > FIELD and self.rounds in HALVINGS:
                self.alive = self._halve()
            if self.rounds >= self.min_rounds and len(self.alive) > 1:
                self.alive = self._race()
        return True

    # -- comparing ----------------------------------------------------------------------
    @property
    def key(self) -> Key:
        """What the objective counts: the score or a first place."""
        return WIN if self.objective == "win" else SCORE

    def difference(self, first: int, second: int) -> tuple[float, float, int]:
        """``first − second`` on the objective, paired over determinizations and dice:
        ``(mean, standard error, determinizations)``."""
        return paired(self.tallies[first], self.tallies[second], self.key)

    def _halve(self) -> list[int | None]:
        """The better half of the field by mean (at least :data:`FIELD`), in legal order."""
        alive = self.alive
        ranked = sorted(alive, key=lambda a: (-self.tallies[a].value(self.key), alive.index(a)))
        kept = set(ranked[: max(FIELD, len(alive) // 2)])
        return [a for a in alive if a in kept or a in self.keep]

    def _race(self) -> list[int | None]:
        """The actions still in the race: those not significantly behind the leader."""
        alive = self.alive
        leader = max(alive, key=lambda a: self.tallies[a].value(self.key))
        kept: list[int | None] = []
        for a in alive:
            if a == leader:
                kept.append(a)
                continue
            mean, se, _ = paired(self.tallies[leader], self.tallies[a], self.key)
            if mean <= 0 or mean - RACE_Z * se <= 0:
                kept.append(a)
        return kept

    # -- the answer ---------------------------------------------------------------------
    def _exact(self, a: int | None) -> bool:
        return self.countable and len(self.tallies[a].exact_by_det) == len(self.belief.states)

    def _estimates(self, a: int | None) -> tuple[Estimate, Estimate]:
        """``a``'s expected score and chance to win."""
        tally = self.tallies[a]
        exact = self._exact(a)
        hidden = self.hidden
        score = tally.mean(SCORE, self.game.score_bounds, hidden=hidden, exact=exact)
        win = tally.chance(WIN, hidden=hidden, exact=exact)
        return score, win

    def _odds(self, a: int | None) -> tuple[tuple[QuestionOdds, ...], tuple[ScoreChance, ...]]:
        """``a``'s odds and score distribution (asked of the action shown only)."""
        tally = self.tallies[a]
        exact = self._exact(a)
        hidden = self.hidden
        odds = tuple(
            QuestionOdds(
                q,
                tuple(
                    AnswerOdds(answer, tally.chance(("answer", i, j), hidden=hidden, exact=exact))
                    for j, answer in enumerate(q.answers)
                ),
            )
            for i, q in enumerate(self.reader.questions)
        )
        scores = tuple(
            ScoreChance(s, tally.chance(("dist", s), hidden=hidden, exact=exact)) for s in sorted(tally.scores)
        )
        return odds, scores

    def _best(self, estimates: Mapping[int | None, tuple[Estimate, Estimate]]) -> int:
        """The best action: the leader, when it is clearly ahead of the model's own move.

        The leader has the highest estimate among the actions the racing kept. It is the
        best when it is the model's move, when the model's move was dropped by the racing,
        or when its paired difference with the model's move is significant at 95%;
        otherwise the model's move is: with few rounds, a leader by noise is not worth
        following.
        """
        index = 1 if self.objective == "win" else 0
        candidates = [a for a in self.candidates if a is not None]
        contenders = [a for a in candidates if not self.tallies[a].dropped] or candidates
        leader = max(contenders, key=lambda a: (estimates[a][index].value, -candidates.index(a)))
        prior = self.prior
        if prior is None or prior not in self.tallies or leader == prior or self.tallies[prior].dropped:
            return leader
        if self._exact(leader) and self._exact(prior):
            return leader if estimates[leader][index].value > estimates[prior][index].value else prior
        mean, se, n = self.difference(leader, prior)
        if n < 2:
            return prior
        return leader if mean - Z * se > 0 else prior

    def _gap(self, best: int, a: int) -> Estimate:
        """How far ``a`` is behind ``best`` on the objective (a 95% interval of the mean)."""
        if self._exact(best) and self._exact(a):
            tb, ta = self.tallies[best], self.tallies[a]
            diff = tb.exact_value(self.key) - ta.exact_value(self.key)
            return Estimate(diff, diff, diff, len(ta.exact_by_det), exact=True)
        mean, se, n = self.difference(best, a)
        if n < 2:
            return Estimate(mean, -math.inf, math.inf, n, sampling=math.inf)
        half = t_quantile(n - 1) * se
        return Estimate(mean, mean - half, mean + half, n, sampling=se)

    def result(self, seconds: float = 0.0) -> Analysis:
        """The analysis as it stands (``seconds``: the time it took, for the record)."""
        for a in self.candidates:
            self.tallies[a].dropped = a not in self.alive
        estimates = {a: self._estimates(a) for a in self.candidates if self.tallies[a].groups}
        best: int | None = None
        if self.to_act:
            best = self._best(estimates)
        shown_action = best if self.to_act else None
        shown = (*estimates[shown_action], *self._odds(shown_action))
        actions = []
        for a in self.candidates:
            if a is None:
                continue
            gap = None if a == best else self._gap(best, a) if best is not None else None
            actions.append(
                ActionValue(
                    action=a,
                    notation=self.first.action_to_text(a),
                    words={lang: self.first.describe_action(a, lang) for lang in LANGUAGES},
                    score=estimates[a][0],
                    win=estimates[a][1],
                    best=a == best,
                    dropped=self.tallies[a].dropped,
                    gap=gap,
                    behind=gap is not None and gap.low > 0,
                )
            )
        belief = self.belief
        return Analysis(
            game=self.game.name,
            seat=self.seat,
            to_act=self.to_act,
            actions=tuple(actions),
            odds=shown[2],
            score=shown[0],
            win=shown[1],
            scores=shown[3],
            exact=all(self._exact(a) for a in estimates),
            rounds=self.rounds,
            rollouts=self.rollouts,
            enumerated=self.enumerated,
            determinizations="listed" if belief.listed else "sampled",
            seconds=seconds,
            seed=self.seed,
            policy=self.model.name,
            objective=self.objective,
            decisions=belief.decisions,
            hidden=self.hidden,
            horizon=self.horizon,
        )


def _check_budget(seconds: float | None, samples: int | None) -> tuple[float | None, int | None]:
    if seconds is None and samples is None:
        return DEFAULT_SECONDS, None
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        raise OptionError(MESSAGES.words("error.samples", samples=repr(samples)))
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0):
        raise OptionError(MESSAGES.words("error.seconds", seconds=repr(seconds)))
    return seconds, samples


def analyse(
    game: Game,
    observation: Observation,
    *,
    belief: Posterior | None = None,
    legal_actions: Sequence[int] | None = None,
    actions: Sequence[int] | None = None,
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
    horizon: int | None = None,
    with_model: bool = True,
) -> Analysis:
    """Odds, score and the value of each legal action, from ``observation`` alone.

    Args:
        game: the configured game the observation belongs to.
        observation: the analysed seat's observation (``state.observation(seat)``).
        belief: what the seat believes of the hidden cards
            (:meth:`BeliefTracker.posterior <savanna.coach.belief.BeliefTracker.posterior>`
            of the same observation); without it, every possibility the observation allows
            is equally likely.
        legal_actions: the seat's legal actions when it is to act (default: those of a
            determinization, which are the same).
        actions: the legal actions to value (default all; the model's move is added).
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
        horizon, with_model: see :class:`Analyser`.

    Raises:
        CoachError: a spectator's observation, an observation of another game, actions
            that are not legal, or determinizations that do not agree with the observation.
        OptionError: a bad seed, budget, policy or objective.
    """
    started = clock()
    seconds, samples = _check_budget(seconds, samples)
    run = Analyser(
        game,
        observation,
        belief=belief,
        legal_actions=legal_actions,
        actions=actions,
        seed=seed,
        policy=policy,
        objective=objective,
        exact_nodes=exact_nodes,
        keep=keep,
        min_rounds=min_rounds,
        moves=moves,
        horizon=horizon,
        with_model=with_model,
    )
    deadline = None if seconds is None else started + seconds
    last_round = 0.0
    while samples is None or run.rounds < samples:
        round_start = clock()
        if run.rounds > 0 and deadline is not None and round_start + last_round > deadline:
            break
        if run.rounds > 0 and run.finished:
            break
        if not run.play_round(deadline, clock):
            break
        last_round = clock() - round_start
    return run.result(clock() - started)


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
        raise CoachError(MESSAGES.words("error.determinization", game=det.game.name))
