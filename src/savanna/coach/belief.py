"""What the other seats probably hold, inferred from the moves they made.

In Banjooli every seat hides a Prediction card, and plays to bring it true: a seat that
keeps pushing the yellow ostrich probably wants yellow in front. The coach turns that
intuition into a belief over each other seat's secret (``Game.secret``), with its
uncertainty:

* **prior** — the determinizations of the analysed seat's present observation (every
  possibility when the game lists them, else a seeded sample from ``Game.sample_state``)
  say which secrets each seat may hold, and how often (cards already seen are excluded);
* **likelihood** — for each decision another seat made that the analysed seat could read,
  the determinizations of the analysed seat's observation *just before* it give what that
  seat would have seen with each secret. The model of a seat with secret ``k`` plays the
  game's heuristic with probability ``1 − noise`` and any legal action otherwise, so the
  decision has likelihood ``(1 − noise)·[heuristic(k) = action] + noise / legal``;
* **posterior** — each present determinization is weighted by the product of the
  likelihoods of every seat's decisions under the secrets it gives them, so secrets that
  exclude each other (two seats cannot hold the same card) are handled jointly; each
  seat's belief is the weight of each of its secrets.

The ``noise`` (default :data:`NOISE`) says how far real players stray from the heuristic:
0 would rule a card out after a single move the heuristic would not make. The figure is
measured against games of known cards (``docs/coach.md``).

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

__all__ = ["NOISE", "Belief", "BeliefTracker", "Decision", "SecretChance", "beliefs"]

NOISE: Final = 0.85
"""The share of a player's decisions the belief model leaves to chance (see the module)."""
SAMPLES: Final = 48
"""Determinizations drawn per decision when the game does not list them."""
PRESENT_SAMPLES: Final = 400
"""Determinizations of the present observation drawn when the game does not list them."""
MAX_LISTED: Final = 600
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
    """

    seat: int
    decisions: int
    secrets: tuple[SecretChance, ...]

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
            "secrets": [s.to_json() for s in self.secrets],
        }


def _determinizations(game: Game, observation: Observation, count: int, seed: int, *keys: int | str) -> list[State]:
    listed = game.determinizations(observation)
    if listed is not None and 0 < len(listed) <= MAX_LISTED:
        return listed
    rng = make_rng(seed, "belief", *keys)
    return [game.sample_state(observation, rng) for _ in range(count)]


class BeliefTracker:
    """Beliefs of one seat about the others, updated decision by decision.

    Args:
        game: the configured game.
        seat: the analysed seat.
        seed: the seed of the determinizations drawn (the same seed gives the same beliefs).
        noise: the share of decisions the model leaves to chance (0 < noise <= 1).
        samples: determinizations drawn per decision when the game does not list them.

    Raises:
        OptionError: a bad seed or noise.
    """

    def __init__(
        self, game: Game, seat: int, *, seed: int = 0, noise: float = NOISE, samples: int = SAMPLES
    ) -> None:
        check_seed(seed, "seed")
        if not 0 < noise <= 1:
            raise OptionError(
                f"noise must be more than 0 and at most 1, not {noise!r}",
                f"le bruit doit être plus que 0 et au plus 1, pas {noise!r}",
            )
        self.game = game
        self.seat = game.check_seat(seat, spectator=False)
        self.seed = seed
        self.noise = noise
        self.samples = samples
        self._steps: list[tuple[int, dict[Label, float], float]] = []
        """Per decision: the seat, its likelihood by secret, the likelihood of an unseen secret."""
        self._counts = [0] * game.num_players

    @property
    def decisions(self) -> int:
        """Decisions taken into account so far."""
        return len(self._steps)

    def add(self, decision: Decision) -> None:
        """Take one more decision of another seat into account.

        Decisions of the analysed seat itself, and of seats with no secret, teach nothing
        and are skipped.

        Raises:
            CoachError: when the observation is not the analysed seat's.
        """
        if decision.observation.seat != self.seat:
            raise CoachError(
                "beliefs are built from the analysed seat's own observations",
                "les croyances se construisent à partir des observations du joueur analysé",
            )
        if decision.seat == self.seat:
            return
        game = self.game
        index = len(self._steps)
        dets = _determinizations(game, decision.observation, self.samples, self.seed, "step", index)
        tie_seed = derive_seed(self.seed, "belief", "ties", index)
        by_view: dict[str, float] = {}
        sums: dict[Label, list[float]] = {}
        for det in dets:
            if det.current_player() != decision.seat:
                continue
            view = det.observation(decision.seat)
            secret = game.secret(view)
            if secret is None:
                continue
            likelihood = by_view.get(view.text)
            if likelihood is None:
                legal = det.legal_actions()
                if decision.action not in legal:
                    likelihood = 0.0
                else:
                    choice = game.heuristic_action(view, legal, random.Random(tie_seed))
                    likelihood = (1 - self.noise) * (choice == decision.action) + self.noise / len(legal)
                by_view[view.text] = likelihood
            row = sums.setdefault(secret, [0.0, 0.0])
            row[0] += likelihood
            row[1] += 1
        if not sums:
            return
        table = {secret: total / count for secret, (total, count) in sums.items()}
        unseen = sum(table.values()) / len(table)
        self._steps.append((decision.seat, table, unseen))
        self._counts[decision.seat] += 1

    def beliefs(self, observation: Observation, *, samples: int = PRESENT_SAMPLES) -> tuple[Belief, ...]:
        """Each other seat's belief, given the analysed seat's present observation.

        Seats without a secret (``Game.secret`` is ``None`` for them) get no belief.

        Raises:
            CoachError: when the observation is not the analysed seat's.
        """
        if observation.seat != self.seat:
            raise CoachError(
                "beliefs are built from the analysed seat's own observations",
                "les croyances se construisent à partir des observations du joueur analysé",
            )
        game = self.game
        others = [s for s in range(game.num_players) if s != self.seat]
        dets = _determinizations(game, observation, samples, self.seed, "present", len(self._steps))
        prior: list[dict[Label, float]] = [{} for _ in range(game.num_players)]
        posterior: list[dict[Label, float]] = [{} for _ in range(game.num_players)]
        total = 0.0
        for det in dets:
            secrets: dict[int, Label] = {}
            for s in others:
                secret = game.secret(det.observation(s))
                if secret is not None:
                    secrets[s] = secret
            log_weight = 0.0
            for seat, table, unseen in self._steps:
                secret_of = secrets.get(seat)
                if secret_of is None:
                    continue
                likelihood = table.get(secret_of, unseen)
                log_weight += math.log(likelihood) if likelihood > 0 else -math.inf
            weight = math.exp(log_weight) if log_weight > -math.inf else 0.0
            total += weight
            for s, secret in secrets.items():
                prior[s][secret] = prior[s].get(secret, 0.0) + 1.0
                posterior[s][secret] = posterior[s].get(secret, 0.0) + weight
        out = []
        for s in others:
            if not prior[s]:
                continue
            count = sum(prior[s].values())
            chances = [
                SecretChance(
                    secret,
                    (posterior[s][secret] / total) if total > 0 else prior[s][secret] / count,
                    prior[s][secret] / count,
                )
                for secret in prior[s]
            ]
            chances.sort(key=lambda c: (-c.chance, -c.prior, c.secret.key, sorted(c.secret.fields.items())))
            out.append(Belief(s, self._counts[s], tuple(chances)))
        return tuple(out)


def beliefs(
    game: Game,
    observation: Observation,
    decisions: Iterable[Decision],
    *,
    seed: int = 0,
    noise: float = NOISE,
    samples: int = SAMPLES,
) -> tuple[Belief, ...]:
    """Each other seat's belief from the decisions seen (see the module description).

    Args:
        game: the configured game.
        observation: the analysed seat's present observation.
        decisions: the other seats' decisions it could read, in order.
        seed: the seed of every determinization drawn.
        noise: the share of decisions the model leaves to chance.
        samples: determinizations drawn per decision when the game does not list them.

    Raises:
        CoachError: a spectator's observation, or decisions seen from another seat.
        OptionError: a bad seed or noise.
    """
    if observation.seat is None:
        raise CoachError(
            "beliefs are those of a seat, not of a spectator",
            "les croyances sont celles d'un joueur, pas d'un spectateur",
        )
    tracker = BeliefTracker(game, observation.seat, seed=seed, noise=noise, samples=samples)
    for decision in decisions:
        tracker.add(decision)
    return tracker.beliefs(observation)


def decisions_seen(states: Sequence[tuple[State, int]], seat: int) -> list[Decision]:
    """The decisions of the other seats that ``seat`` could read, from ``(state before, action)``
    pairs of a game (a record replayed, or a live table's history).

    Only the seat's own observation of each state is kept; a decision is included only
    when it was a choice (two legal actions or more) and ``state.action_viewers(action)``
    lets ``seat`` read it.
    """
    out = []
    for state, action in states:
        actor = state.current_player()
        if actor < 0 or actor == seat or len(state.legal_actions()) < 2:
            continue  # chance, the seat itself, or a forced move: nothing to learn
        if not state.action_viewers(action).includes(seat):
            continue
        out.append(Decision(state.observation(seat), actor, action))
    return out
