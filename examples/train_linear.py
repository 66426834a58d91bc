"""Train a linear softmax policy on a Savanna game through Gymnasium, then test it.

The agent sees only its seat's observation tensor (``savanna.interop.gymnasium``) and the
legal-action mask. Its policy is a linear softmax over the legal actions,
``pi(a | x) = softmax(W @ [x, 1])`` restricted to the mask, trained by REINFORCE with a
running-mean baseline on the terminal reward (the game is episodic and rewards only come
at the end). Opponents are Savanna's random bot.

It then plays fresh evaluation games (seeds the training never saw) and reports the win
rate of the trained policy and of a uniformly random policy in the same seat, each with a
95% Wilson interval, and the 95% interval of their difference.

Run::

    python examples/train_linear.py                      # Hyena, three sticks, 2 players
    python examples/train_linear.py --episodes 1000 --eval-episodes 2000 --seed 7
    python examples/train_linear.py --game hyena --players 3 --option rules=three-sticks
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from savanna.core.options import parse_assignment
from savanna.interop.gymnasium import SavannaEnv, make

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass
class LinearPolicy:
    """A softmax policy linear in the observation tensor (plus a bias feature)."""

    weights: npt.NDArray[np.float64]

    @classmethod
    def zeros(cls, features: int, actions: int) -> LinearPolicy:
        """The uniform policy: every legal action equally likely."""
        return cls(np.zeros((actions, features + 1)))

    def probabilities(
        self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]
    ) -> Any:
        """The action probabilities (zero outside the mask)."""
        x = np.append(observation.reshape(-1), 1.0)
        logits = self.weights @ x
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(
        self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8], rng: random.Random
    ) -> int:
        """Draw an action from the policy."""
        p = self.probabilities(observation, mask)
        return int(rng.choices(range(len(p)), weights=p.tolist())[0])


def environment(game: str, players: int | None, options: dict[str, Any]) -> SavannaEnv:
    """The training and evaluation environment: seat 0 against random bots."""
    return make(game, opponents="random", seat=0, players=players, **options)


def train(
    env: SavannaEnv, episodes: int, seed: int, learning_rate: float = 0.01
) -> tuple[LinearPolicy, list[float]]:
    """REINFORCE with a running-mean baseline; returns the policy and each episode's reward."""
    rng = random.Random(seed)
    features = int(np.prod(env.observation_space.shape or (0,)))
    policy = LinearPolicy.zeros(features, env.game.num_distinct_actions)
    baseline = 0.0
    history: list[float] = []
    for episode in range(episodes):
        observation, info = env.reset(seed=seed * 1_000_003 + episode)
        steps: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], int]] = []
        done = False
        reward = 0.0
        while not done:
            mask = info["action_mask"]
            action = policy.act(observation, mask, rng)
            steps.append((observation, mask, action))
            observation, reward, done, _, info = env.step(action)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for seen, mask, action in steps:
            p = policy.probabilities(seen, mask)
            grad = -p
            grad[action] += 1.0
            policy.weights += (
                learning_rate * advantage * np.outer(grad, np.append(seen.reshape(-1), 1.0))
            )
        history.append(float(reward))
    return policy, history


def win_rate(env: SavannaEnv, policy: LinearPolicy | None, episodes: int, seed: int) -> list[int]:
    """1 for each evaluation game seat 0 wins (shared first place counts), else 0.

    ``policy=None`` plays uniformly at random among the legal actions.
    """
    rng = random.Random(seed)
    results: list[int] = []
    for episode in range(episodes):
        observation, info = env.reset(seed=seed * 1_000_003 + episode)
        done = False
        while not done:
            if policy is None:
                legal = info["legal_actions"]
                action = legal[rng.randrange(len(legal))]
            else:
                action = policy.act(observation, info["action_mask"], rng)
            observation, _, done, _, info = env.step(action)
        results.append(1 if 0 in env.state.winners() else 0)
    return results


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denominator
    return (centre - half, centre + half)


def difference_interval(a: Sequence[int], b: Sequence[int]) -> tuple[float, float, float]:
    """Difference of two win rates with its 95% (Wald, unpooled) interval."""
    pa, pb = sum(a) / len(a), sum(b) / len(b)
    half = Z95 * math.sqrt(pa * (1 - pa) / len(a) + pb * (1 - pb) / len(b))
    return (pa - pb, pa - pb - half, pa - pb + half)


def run(
    game: str = "hyena",
    players: int | None = 2,
    options: dict[str, str] | None = None,
    episodes: int = 500,
    eval_episodes: int = 1000,
    seed: int = 0,
) -> dict[str, Any]:
    """Train, evaluate against the random baseline and return the measured numbers."""
    opts = {"rules": "three-sticks"} if options is None and game == "hyena" else dict(options or {})
    env = environment(game, players, opts)
    policy, history = train(env, episodes, seed)
    # Evaluation seeds are disjoint from the training seeds (seed + 1 onwards, other stream).
    trained = win_rate(env, policy, eval_episodes, seed + 1)
    uniform = win_rate(env, None, eval_episodes, seed + 1)
    diff, low, high = difference_interval(trained, uniform)
    return {
        "game": game,
        "players": env.game.num_players,
        "options": env.game.options,
        "episodes": episodes,
        "eval_episodes": eval_episodes,
        "training_reward_last_100": float(np.mean(history[-100:])) if history else 0.0,
        "trained_win_rate": sum(trained) / len(trained),
        "trained_ci": wilson(sum(trained), len(trained)),
        "random_win_rate": sum(uniform) / len(uniform),
        "random_ci": wilson(sum(uniform), len(uniform)),
        "difference": diff,
        "difference_ci": (low, high),
        "beats_random": low > 0,
    }


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Command-line entry point; prints the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hyena")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--episodes", type=int, default=500)
    parser.add_argument("--eval-episodes", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    options = dict(parse_assignment(text) for text in args.option) if args.option else None
    result = run(args.game, args.players, options, args.episodes, args.eval_episodes, args.seed)
    print(f"game: {result['game']}, {result['players']} players, options {result['options']}")
    print(f"trained for {result['episodes']} episodes against random bots (seat 0)")
    print(
        f"mean reward over the last 100 training episodes: {result['training_reward_last_100']:+.3f}"
    )
    n = result["eval_episodes"]
    for label, key in (("trained policy", "trained"), ("random policy", "random")):
        low, high = result[f"{key}_ci"]
        print(
            f"{label:>15}: wins {result[f'{key}_win_rate']:.3f} of {n} games, 95% CI [{low:.3f}, {high:.3f}]"
        )
    low, high = result["difference_ci"]
    verdict = "beats" if result["beats_random"] else "does not beat"
    print(
        f"difference: {result['difference']:+.3f}, 95% CI [{low:+.3f}, {high:+.3f}] -> the policy {verdict} random"
    )
    return result


if __name__ == "__main__":
    main()
