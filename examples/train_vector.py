"""Train a linear softmax policy on many games at once through a Gymnasium vector env.

``savanna.interop.gymnasium.make_vec`` steps ``--envs`` games together and returns their
observation tensors and action masks as stacked arrays, so the policy is evaluated for
every game in one matrix product. The policy is ``softmax(W @ [x, 1])`` over the legal
actions; it learns by REINFORCE on the terminal reward, with a running-mean baseline, one
update per ``--batch`` finished games. The agent plays seat 0; the other seats are
Savanna's random bot. NumPy only.

It then plays fresh evaluation games (other seeds) with the trained policy and with a
uniformly random policy in the same seat, and reports both win rates (a shared first place
counts as a win) with 95% Wilson intervals, and the interval of their difference.

Run::

    python examples/train_vector.py                    # Hyena, three sticks, 2 players, 32 games at once
    python examples/train_vector.py --envs 64 --episodes 4000 --seed 3
    python examples/train_vector.py --game banjooli --players 3 --episodes 1000
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from savanna.core.options import parse_assignment
from savanna.interop.gymnasium import SavannaVectorEnv, make_vec
from savanna.lab.stats import Z95, wilson_interval

Array = npt.NDArray[Any]


def environment(
    game: str, players: int | None, options: dict[str, Any], envs: int
) -> SavannaVectorEnv:
    """``envs`` games at once, seat 0 against random bots, reset as soon as a game ends."""
    return make_vec(
        game, envs, opponents="random", seat=0, players=players, autoreset_mode="same_step", **options
    )


def features(observations: Array) -> Array:
    """The flattened observation tensors with a bias column: shape ``(games, features + 1)``."""
    flat = observations.reshape(len(observations), -1).astype(np.float64)
    return np.hstack([flat, np.ones((len(flat), 1))])


def probabilities(weights: Array, x: Array, masks: Array) -> Array:
    """Action probabilities of every row (zero outside its mask; a row without a legal
    action gets probability 1 on action 0, which the environment ignores)."""
    logits = x @ weights.T
    logits = np.where(masks > 0, logits, -np.inf)
    empty = ~masks.any(axis=1)
    logits[empty, 0] = 0.0
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def sample(p: Array, rng: np.random.Generator) -> Array:
    """One action per row, drawn from its probabilities."""
    u = rng.random((len(p), 1))
    return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)


def train(
    env: SavannaVectorEnv, episodes: int, seed: int, batch: int = 16, learning_rate: float = 0.01
) -> tuple[Array, list[float]]:
    """REINFORCE over ``episodes`` finished games; returns the weights and each game's reward."""
    rng = np.random.default_rng(seed)
    n = env.num_envs
    width = int(np.prod(env.single_observation_space.shape or (0,))) + 1
    weights = np.zeros((env.game.num_distinct_actions, width))
    observations, infos = env.reset(seed=seed * 1_000_003)
    trajectories: list[list[tuple[Array, Array, int]]] = [[] for _ in range(n)]
    gradient = np.zeros_like(weights)
    pending = 0
    baseline = 0.0
    rewards_seen: list[float] = []
    while len(rewards_seen) < episodes:
        x = features(observations)
        masks = infos["action_mask"]
        actions = sample(probabilities(weights, x, masks), rng)
        for i in range(n):
            if masks[i].any():
                trajectories[i].append((x[i], masks[i], int(actions[i])))
        observations, rewards, terminated, truncated, infos = env.step(actions)
        for i in np.flatnonzero(terminated | truncated):
            reward = float(rewards[i])
            steps, trajectories[i] = trajectories[i], []
            rewards_seen.append(reward)
            if steps:
                xs = np.array([s[0] for s in steps])
                ms = np.array([s[1] for s in steps])
                chosen = np.zeros((len(steps), weights.shape[0]))
                chosen[np.arange(len(steps)), [s[2] for s in steps]] = 1.0
                gradient += (reward - baseline) * (chosen - probabilities(weights, xs, ms)).T @ xs
            baseline += 0.05 * (reward - baseline)
            pending += 1
            if pending == batch:
                weights += learning_rate * gradient / batch
                gradient[:] = 0.0
                pending = 0
    return weights, rewards_seen[:episodes]


def evaluate(env: SavannaVectorEnv, weights: Array | None, episodes: int, seed: int) -> list[int]:
    """1 for each evaluation game seat 0 wins, else 0 (``weights=None``: uniform policy).

    Each of the ``num_envs`` games plays the same number of evaluation games (``episodes``
    rounded up to a multiple of ``num_envs``), so short games are not over-counted.
    """
    rng = np.random.default_rng(seed)
    quota = -(-episodes // env.num_envs)
    played = np.zeros(env.num_envs, dtype=np.int64)
    observations, infos = env.reset(seed=seed * 1_000_003)
    results: list[int] = []
    while (played < quota).any():
        masks = infos["action_mask"]
        if weights is None:
            p = probabilities(np.zeros((masks.shape[1], 1)), np.ones((len(masks), 1)), masks)
        else:
            p = probabilities(weights, features(observations), masks)
        observations, _, terminated, truncated, infos = env.step(sample(p, rng))
        for i in np.flatnonzero(terminated | truncated):
            if played[i] < quota:
                played[i] += 1
                results.append(int(infos["final_info"]["place"][i] == 0))
    return results


def difference_interval(a: Sequence[int], b: Sequence[int]) -> tuple[float, float, float]:
    """Difference of two win rates with its 95% (Wald, unpooled) interval."""
    pa, pb = sum(a) / len(a), sum(b) / len(b)
    half = Z95 * math.sqrt(pa * (1 - pa) / len(a) + pb * (1 - pb) / len(b))
    return (pa - pb, pa - pb - half, pa - pb + half)


def run(
    game: str = "hyena",
    players: int | None = 2,
    options: dict[str, str] | None = None,
    envs: int = 32,
    episodes: int = 2000,
    eval_episodes: int = 1000,
    seed: int = 0,
) -> dict[str, Any]:
    """Train, evaluate against the uniform policy and return the measured numbers."""
    opts = {"rules": "three-sticks"} if options is None and game == "hyena" else dict(options or {})
    env = environment(game, players, opts, envs)
    started = time.perf_counter()
    weights, history = train(env, episodes, seed)
    training_seconds = time.perf_counter() - started
    trained = evaluate(env, weights, eval_episodes, seed + 1)
    uniform = evaluate(env, None, eval_episodes, seed + 1)
    diff, low, high = difference_interval(trained, uniform)
    return {
        "game": game,
        "players": env.game.num_players,
        "options": env.game.options,
        "envs": envs,
        "episodes": episodes,
        "eval_episodes": eval_episodes,
        "training_seconds": training_seconds,
        "training_reward_last_200": float(np.mean(history[-200:])) if history else 0.0,
        "trained_win_rate": sum(trained) / len(trained),
        "trained_ci": wilson_interval(sum(trained), len(trained)),
        "random_win_rate": sum(uniform) / len(uniform),
        "random_ci": wilson_interval(sum(uniform), len(uniform)),
        "difference": diff,
        "difference_ci": (low, high),
        "beats_random": low > 0,
    }


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Command-line entry point; prints the results."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="hyena")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--envs", type=int, default=32, help="games stepped at once")
    parser.add_argument("--episodes", type=int, default=2000, help="training games")
    parser.add_argument("--eval-episodes", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    options = dict(parse_assignment(text) for text in args.option) if args.option else None
    result = run(
        args.game, args.players, options, args.envs, args.episodes, args.eval_episodes, args.seed
    )
    print(f"game: {result['game']}, {result['players']} players, options {result['options']}")
    print(
        f"trained on {result['episodes']} games, {result['envs']} at once, against random bots "
        f"(seat 0) in {result['training_seconds']:.1f} s"
    )
    print(
        f"mean reward over the last 200 training games: {result['training_reward_last_200']:+.3f}"
    )
    n = result["eval_episodes"]
    for label, key in (("trained policy", "trained"), ("random policy", "random")):
        low, high = result[f"{key}_ci"]
        print(
            f"{label:>15}: wins {result[f'{key}_win_rate']:.3f} of {n} games, "
            f"95% CI [{low:.3f}, {high:.3f}]"
        )
    low, high = result["difference_ci"]
    verdict = "beats" if result["beats_random"] else "does not beat"
    print(
        f"difference: {result['difference']:+.3f}, 95% CI [{low:+.3f}, {high:+.3f}] "
        f"-> the policy {verdict} random"
    )
    return result


if __name__ == "__main__":
    main()
