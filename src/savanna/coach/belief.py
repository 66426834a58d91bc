"""What the other seats probably hold, from the moves they made — and the hidden cards the
coach's simulations draw from that belief.

In Banjooli every seat hides a Prediction card, and plays to bring it true: a seat that
keeps pushing the yellow ostrich probably wants yellow in front. The coach turns that
intuition into a :class:`Posterior`: the determinizations of the analysed seat's present
observation, each weighted by how well it explains what the other seats did. Its draws
feed :func:`~savanna.coach.analyse`, so the odds and scores condition on everything the
seat has seen; its summary per seat is the :class:`Belief` shown to people.

* **prior** — the determinizations of the present observation (every possibility when the
  game lists them, else a seeded sample of ``Game.sample_state``) say which secrets
  (``Game.secret``) each seat may hold, and how often;
* **likelihood** — for each decision another seat made that the analysed seat could read,
  determinizations of the analysed seat's observation *just before* it give what that seat
  saw with each secret, and the game's heuristic says what it would have played there
  (asked with :data:`TIES` tie-break seeds, so a heuristic that breaks ties at random gets
  the chance it plays the move, not a 0 or a 1). An action the rules did not allow with a
  secret rules that secret out;
* **players unlike the model** — a seat is one of several kinds of player (:data:`NOISES`):
  a kind with noise ``e`` plays the heuristic's move with probability ``1 − e`` and any legal
  move otherwise, so a decision has likelihood ``(1 − e)·P(heuristic plays it) + e / legal``;
  noise 1 is a player whose moves say nothing of its card. Each seat's kind is unknown and
  shared by all its decisions, so the evidence of how it plays accumulates: a seat whose
  moves keep matching the heuristic with some card is trusted, one whose moves match no card
  better than chance is not, and its secret stays near the prior instead of being "ruled
  out" by moves that were never meant for the model;
* **posterior** — each present determinization is weighted by the product over seats of
  that seat's likelihood under the secret it gives it (summed over the kinds), so secrets
  that exclude each other (two seats cannot hold the same card) are handled jointly.

A decision's likelihood is computed once (:class:`BeliefTracker` keeps them), so a live
table updates its beliefs move by move at the cost of the new move only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from savanna.coach.simulation import CoachError
from savanna.coach.words import MESSAGES
from savanna.core import (
    Game,
    Label,
    Observation,
    OptionError,
    State,
    check_seed,
    derive_seed,
    make_rng,
)

__all__ = [
    "NOISES",
    "Belief",
    "BeliefTracker",
    "Decision",
    "Posterior",
    "SecretChance",
    "beliefs",
    "decision_seen",
    "decisions_seen",
    "posterior",
]

NOISES: Final = (0.1, 0.35, 0.6, 0.85, 1.0)
"""The kinds of player the belief mixes, equally likely before any move is seen: the share
of a player's decisions left to chance (1.0: its moves say nothing of its secret). The
figures behind them are in ``docs/coach.md``."""
TIES: Final = 3
"""Tie-break seeds the heuristic is asked with, per view of a decision."""
SAMPLES: Final = 48
"""Determinizations drawn per decision to find what the deciding seat saw."""
PRESENT_SAMPLES: Final = 400
"""Determinizations of the present observation drawn when the game does not list them."""
MAX_LISTED: Final = 2000
"""The most listed determinizations used as they are (more are sampled)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision another seat made, as the analysed seat saw it.

    Attributes:
        observation: the analysed seat's observation just before the decision.
        seat: the seat that decided.
        action: what it played (an action the analysed seat may read:
            ``state.action_viewers(action).includes(analysed seat)``).
    """

    observation: Observation
    seat: int
    action: int


@dataclass(frozen=True, slots=True)
class SecretChance:
    """The chance that a seat holds one secret.

    Attributes:
        secret: the secret in words (``Game.secret``).
        chance: the belief after the decisions seen.
        prior: the chance before any decision was seen.
    """

    secret: Label
    chance: float
    prior: float

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"secret": self.secret.to_json(), "chance": round(self.chance, 6), "prior": round(self.prior, 6)}


@dataclass(frozen=True, slots=True)
class Belief:
    """What one other seat probably holds.

    Attributes:
        seat: the seat.
        decisions: how many of its decisions the belief rests on.
        secrets: each possible secret with its chance, most likely first.
        follows: the share of its decisions it is believed to take like the model (the
            mean of ``1 − noise`` over the kinds of player, by their posterior chance): near
            0.9 for a seat that plays like the heuristic, near 0 for one whose moves say
            nothing of its card. ``None`` before any of its decisions was seen.
    """

    seat: int
    decisions: int
    secrets: tuple[SecretChance, ...]
    follows: float | None = None

    @property
    def candidates(self) -> float:
        """The uncertainty as an equivalent number of equally likely secrets (2 ** entropy).

        As many as the secrets possible when nothing was learnt; 1 when one is certain.
        """
        entropy = -sum(s.chance * math.log2(s.chance) for s in self.secrets if s.chance > 0)
        return float(2**entropy)

    def chance(self, secret: Label) -> float:
        """The chance of ``secret`` (0 when it is not possible)."""
        for s in self.secrets:
            if s.secret == secret:
                return s.chance
        return 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "candidates": round(self.candidates, 3),
            "follows": None if self.follows is None else round(self.follows, 6),
            "secrets": [s.to_json() for s in self.secrets],
        }


@dataclass(frozen=True)
class Posterior:
    """The determinizations of one observation, weighted by what the seat believes.

    Attributes:
        states: full states consistent with the observation (distinct).
        weights: the chance of each (they sum to 1).
        listed: ``states`` are every possibility (``Game.determinizations``), not a sample.
        beliefs: each other seat's belief, summarised from the weights.
        decisions: the other seats' decisions behind the weights.
    """

    states: tuple[State, ...]
    weights: tuple[float, ...]
    listed: bool
    beliefs: tuple[Belief, ...] = ()
    decisions: int = 0

    @property
    def uniform(self) -> bool:
        """Every state is as likely as the others (nothing was learnt from the moves)."""
        first = self.weights[0]
        return all(abs(w - first) <= 1e-12 for w in self.weights)

    @property
    def effective(self) -> float:
        """The equivalent number of equally likely states (``1 / sum of squared weights``)."""
        return 1.0 / sum(w * w for w in self.weights)

    def draw(self, rng: random.Random) -> int:
        """The index of a state drawn with its weight."""
        x = rng.random()
        total = 0.0
        for index, weight in enumerate(self.weights):
            total += weight
            if x < total:
                return index
        return max(i for i, w in enumerate(self.weights) if w > 0)


def _distinct(states: Iterable[State]) -> tuple[list[State], list[float]]:
    """Distinct states (by position notation) and how many times each came."""
    seen: dict[str, int] = {}
    out: list[State] = []
    counts: list[float] = []
    for state in states:
        key = state.to_text()
        index = seen.get(key)
        if index is None:
            seen[key] = len(out)
            out.append(state)
            counts.append(1.0)
        else:
            counts[index] += 1.0
    return out, counts


def _present(game: Game, observation: Observation, seed: int, samples: int) -> tuple[list[State], list[float], bool]:
    """The determinizations of ``observation`` with their prior weights, and whether listed."""
    listed = game.determinizations(observation)
    if listed is not None and 0 < len(listed) <= MAX_LISTED:
        return list(listed), [1.0] * len(listed), True
    rng = make_rng(seed, "belief", "present")
    states, counts = _distinct(game.sample_state(observation, rng) for _ in range(samples))
    return states, counts, False


SecretKey = tuple[str, tuple[tuple[str, Any], ...]]
"""A secret as a dict key (a :class:`Label` hashes by its message key alone)."""


def _key(secret: Label) -> SecretKey:
    return secret.key, tuple(sorted(secret.fields.items()))


@dataclass(frozen=True, slots=True)
class _Step:
    """One decision's evidence: per secret of the deciding seat, the chance the heuristic
    plays the action and the chance a uniform choice does (0 when the rules forbid it)."""

    seat: int
    table: dict[SecretKey, tuple[float, float]]
    fallback: tuple[float, float]
    """For a secret no determinization gave: the mean of the table."""


class BeliefTracker:
    """Beliefs of one seat about the others, updated decision by decision.

    Args:
        game: the configured game.
        seat: the analysed seat.
        seed: the seed of the determinizations drawn (the same seed gives the same beliefs).
        noises: the kinds of player mixed (see :data:`NOISES`); one value is a single kind.
        samples: determinizations drawn per decision.

    Raises:
        OptionError: a bad seed or noise.
    """

    def __init__(
        self, game: Game, seat: int, *, seed: int = 0, noises: Sequence[float] = NOISES, samples: int = SAMPLES
    ) -> None:
        check_seed(seed, "seed")
        if not noises or any(not 0 < noise <= 1 for noise in noises):
            raise OptionError(MESSAGES.words("error.noise", noises=repr(list(noises))))
        self.game = game
        self.seat = game.check_seat(seat, spectator=False)
        self.seed = seed
        self.noises = tuple(float(n) for n in noises)
        self.samples = samples
        self._steps: list[_Step] = []
        self._counts = [0] * game.num_players
        self._added = 0

    @property
    def decisions(self) -> int:
        """Decisions taken into account so far."""
        return len(self._steps)

    def _check(self, observation: Observation) -> None:
        if observation.seat != self.seat:
            raise CoachError(MESSAGES.words("error.belief_seat"))

    def add(self, decision: Decision) -> None:
        """Take one more decision of another seat into account.

        Decisions of the analysed seat itself, and of seats with no secret, teach nothing
        and are skipped.

        Raises:
            CoachError: when the observation is not the analysed seat's.
        """
        self._check(decision.observation)
        if decision.seat == self.seat:
            return
        game = self.game
        index = self._added  # a fresh stream for every decision
        self._added += 1
        rng = make_rng(self.seed, "belief", "step", index)
        by_view: dict[str, tuple[float, float]] = {}
        sums: dict[SecretKey, list[float]] = {}
        for _ in range(self.samples):
            det = game.sample_state(decision.observation, rng)
            if det.current_player() != decision.seat:
                continue
            view = det.observation(decision.seat)
            secret = game.secret(view)
            if secret is None:
                continue
            evidence = by_view.get(view.text)
            if evidence is None:
                evidence = self._evidence(view, det.legal_actions(), decision.action)
                by_view[view.text] = evidence
            row = sums.setdefault(_key(secret), [0.0, 0.0, 0.0])
            row[0] += evidence[0]
            row[1] += evidence[1]
            row[2] += 1
        if not sums:
            return
        table = {secret: (p / n, u / n) for secret, (p, u, n) in sums.items()}
        fallback = (
            sum(p for p, _ in table.values()) / len(table),
            sum(u for _, u in table.values()) / len(table),
        )
        self._steps.append(_Step(decision.seat, table, fallback))
        self._counts[decision.seat] += 1

    def _evidence(self, view: Observation, legal: Sequence[int], action: int) -> tuple[float, float]:
        """The chance the heuristic plays ``action`` from ``view``, and a uniform choice does."""
        if action not in legal:
            return 0.0, 0.0
        hits = 0
        for tie in range(TIES):  # the same tie-breaks whatever the seed: one answer per view
            rng = random.Random(derive_seed(0, "belief", "ties", tie))
            hits += self.game.heuristic_action(view, legal, rng) == action
        return hits / TIES, 1.0 / len(legal)

    def _log_likelihoods(self, seat: int, secret: SecretKey | None) -> list[float]:
        """Per kind of player, the log-likelihood of ``seat``'s decisions if it holds ``secret``."""
        out = [0.0] * len(self.noises)
        for step in self._steps:
            if step.seat != seat:
                continue
            p, u = step.table.get(secret, step.fallback) if secret is not None else step.fallback
            for k, noise in enumerate(self.noises):
                likelihood = (1 - noise) * p + noise * u
                out[k] += math.log(likelihood) if likelihood > 0 else -math.inf
        return out

    def posterior(self, observation: Observation, *, samples: int = PRESENT_SAMPLES) -> Posterior:
        """The determinizations of the seat's present ``observation``, weighted by the
        decisions seen, with each other seat's belief.

        Raises:
            CoachError: when the observation is not the analysed seat's.
        """
        self._check(observation)
        game = self.game
        states, prior, listed = _present(game, observation, derive_seed(self.seed, "present", self.decisions), samples)
        others = [s for s in range(game.num_players) if s != self.seat]
        labels: dict[SecretKey, Label] = {}
        secrets: list[dict[int, SecretKey | None]] = []
        for det in states:
            row: dict[int, SecretKey | None] = {}
            for s in others:
                label = game.secret_in_state(det, s)
                row[s] = None if label is None else _key(label)
                if label is not None:
                    labels.setdefault(_key(label), label)
            secrets.append(row)
        mix = [-math.log(len(self.noises))] * len(self.noises)
        cache: dict[tuple[int, SecretKey | None], list[float]] = {}

        def log_kinds(seat: int, secret: SecretKey | None) -> list[float]:
            key = (seat, secret)
            if key not in cache:
                cache[key] = [m + x for m, x in zip(mix, self._log_likelihoods(seat, secret), strict=True)]
            return cache[key]

        logs = []
        for det_secrets, weight in zip(secrets, prior, strict=True):
            total = math.log(weight)
            for seat, secret in det_secrets.items():
                if self._counts[seat]:
                    total += _logsumexp(log_kinds(seat, secret))
            logs.append(total)
        top = max(logs)
        if top == -math.inf:  # the decisions contradict every determinization: keep the prior
            logs = [math.log(w) for w in prior]
            top = max(logs)
        raw = [math.exp(x - top) for x in logs]
        norm = sum(raw)
        weights = tuple(w / norm for w in raw)
        prior_total = sum(prior)
        out = []
        for seat in others:
            chances: dict[SecretKey, list[float]] = {}
            for det_secrets, w, p in zip(secrets, weights, prior, strict=True):
                secret = det_secrets[seat]
                if secret is not None:
                    tally = chances.setdefault(secret, [0.0, 0.0])
                    tally[0] += w
                    tally[1] += p / prior_total
            if not chances:
                continue
            mass = sum(r[0] for r in chances.values())
            prior_mass = sum(r[1] for r in chances.values())
            ranked = sorted(
                (SecretChance(labels[s], r[0] / mass if mass > 0 else r[1] / prior_mass, r[1] / prior_mass)
                 for s, r in chances.items()),
                key=lambda c: (-c.chance, -c.prior, _key(c.secret)),
            )
            out.append(Belief(seat, self._counts[seat], tuple(ranked), self._follows(seat, chances)))
        return Posterior(tuple(states), weights, listed, tuple(out), self.decisions)

    def _follows(self, seat: int, chances: dict[SecretKey, list[float]]) -> float | None:
        """The posterior mean of ``1 − noise`` for ``seat`` (its secret weighted by the prior)."""
        if not self._counts[seat]:
            return None
        prior_mass = sum(r[1] for r in chances.values())
        kinds = [-math.inf] * len(self.noises)
        for secret, (_, p) in chances.items():
            if p <= 0:
                continue
            logs = self._log_likelihoods(seat, secret)
            kinds = [_logsumexp([k, math.log(p / prior_mass) + x]) for k, x in zip(kinds, logs, strict=True)]
        top = max(kinds)
        if top == -math.inf:
            return None
        raw = [math.exp(k - top) for k in kinds]
        return sum((1 - n) * r for n, r in zip(self.noises, raw, strict=True)) / sum(raw)

    def beliefs(self, observation: Observation, *, samples: int = PRESENT_SAMPLES) -> tuple[Belief, ...]:
        """Each other seat's belief, given the analysed seat's present observation.

        Seats without a secret (``Game.secret`` is ``None`` for them) get no belief.

        Raises:
            CoachError: when the observation is not the analysed seat's.
        """
        return self.posterior(observation, samples=samples).beliefs


def _logsumexp(values: Sequence[float]) -> float:
    top = max(values)
    if top == -math.inf:
        return -math.inf
    return top + math.log(sum(math.exp(v - top) for v in values))


def posterior(
    game: Game,
    observation: Observation,
    decisions: Iterable[Decision] = (),
    *,
    seed: int = 0,
    noises: Sequence[float] = NOISES,
    samples: int = SAMPLES,
) -> Posterior:
    """The weighted determinizations of ``observation`` after ``decisions`` (see the module).

    Raises:
        CoachError: a spectator's observation, or decisions not seen by its seat.
        OptionError: a bad seed or noise.
    """
    if observation.seat is None:
        raise CoachError(MESSAGES.words("error.belief_spectator"))
    tracker = BeliefTracker(game, observation.seat, seed=seed, noises=noises, samples=samples)
    for decision in decisions:
        tracker.add(decision)
    return tracker.posterior(observation)


def beliefs(
    game: Game,
    observation: Observation,
    decisions: Iterable[Decision],
    *,
    seed: int = 0,
    noises: Sequence[float] = NOISES,
    samples: int = SAMPLES,
) -> tuple[Belief, ...]:
    """What each other seat probably holds, from ``decisions`` seen by ``observation``'s seat.

    Raises:
        CoachError: a spectator's observation, or decisions not seen by its seat.
        OptionError: a bad seed or noise.
    """
    return posterior(game, observation, decisions, seed=seed, noises=noises, samples=samples).beliefs


def decisions_seen(states: Sequence[tuple[State, int]], seat: int) -> list[Decision]:
    """The decisions of the other seats that ``seat`` could read, from ``(state before, action)``
    pairs of a game (a record replayed, or a live table's history).

    Only the seat's own observation of each state is kept; a decision is included only
    when it was a choice (two legal actions or more) and ``state.action_viewers(action)``
    lets ``seat`` read it.
    """
    out = []
    for state, action in states:
        decision = decision_seen(state, action, seat)
        if decision is not None:
            out.append(decision)
    return out


def decision_seen(state: State, action: int, seat: int) -> Decision | None:
    """``action`` in ``state`` as ``seat`` saw it, when it is another seat's choice ``seat``
    could read (else ``None``): what a live table feeds a :class:`BeliefTracker` move by move."""
    actor = state.current_player()
    if actor < 0 or actor == seat or len(state.legal_actions()) < 2:
        return None  # chance, the seat itself, or a forced move: nothing to learn
    if not state.action_viewers(action).includes(seat):
        return None
    return Decision(state.observation(seat), actor, action)
