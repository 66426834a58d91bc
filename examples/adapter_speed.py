"""Measure how fast random games run through the core, OpenSpiel, PettingZoo and Gymnasium.

Run::

    python examples/adapter_speed.py              # every registered game, 20 games each
    python examples/adapter_speed.py --games 50 hyena

The Gymnasium figures are agent steps (the seat-0 agent against random bots) through
``make`` one game at a time and through ``make_vec`` with 16 games at once.

Speeds are CPU time (``time.process_time``), so a busy machine does not skew them much.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import numpy as np

from savanna.core import load_game, random_playout, registered_games
from savanna.interop import openspiel
from savanna.interop.gymnasium import make, make_vec
from savanna.interop.pettingzoo import raw_env


def core_speed(name: str, games: int) -> float:
    """Actions per CPU second of random playouts on the core (unchecked fast path)."""
    game = load_game(name)
    start, actions = time.process_time(), 0
    for seed in range(games):
        actions += len(random_playout(game, random.Random(seed)).history)
    return actions / (time.process_time() - start)


def openspiel_speed(name: str, games: int) -> float:
    """Actions per CPU second of random games through the OpenSpiel adapter."""
    game = openspiel.load_game(name)
    rng = random.Random(0)
    start, actions = time.process_time(), 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights=probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.process_time() - start)


def pettingzoo_speed(name: str, games: int) -> float:
    """Agent steps per CPU second of random games through the PettingZoo adapter."""
    env = raw_env(name)
    rng = np.random.default_rng(0)
    start, steps = time.process_time(), 0
    for seed in range(games):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            over = termination or truncation
            env.step(None if over else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps / (time.process_time() - start)


def gymnasium_speed(name: str, games: int) -> float:
    """Agent steps per CPU second through the single-agent environment, random opponents."""
    env = make(name, opponents="random")
    rng = np.random.default_rng(0)
    start, steps = time.process_time(), 0
    for seed in range(games):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = info["action_mask"]
            action = int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
            _, _, done, _, info = env.step(action)
            steps += 1
    return steps / (time.process_time() - start)


def vector_speed(name: str, games: int, envs: int = 16) -> float:
    """Agent steps per CPU second through the vector environment, ``envs`` games at once."""
    env = make_vec(name, envs, opponents="random")
    rng = np.random.default_rng(0)
    start, steps, finished = time.process_time(), 0, 0
    _, infos = env.reset(seed=0)
    while finished < games:
        actions = [
            int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in infos["action_mask"]
        ]
        _, _, terminated, truncated, infos = env.step(actions)
        steps += envs
        finished += int((terminated | truncated).sum())
    return steps / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> dict[str, tuple[float, ...]]:
    """Print and return ``{game: (core, openspiel, pettingzoo, gymnasium, vector)}`` speeds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="games (default: every registered game)")
    parser.add_argument("--games", type=int, default=20, help="random games per measure")
    args = parser.parse_args(argv)
    results = {}
    for name in args.names or list(registered_games()):
        speeds = (
            core_speed(name, args.games),
            openspiel_speed(name, args.games),
            pettingzoo_speed(name, args.games),
            gymnasium_speed(name, args.games),
            vector_speed(name, args.games),
        )
        results[name] = speeds
        print(
            f"{name}: core {speeds[0]:,.0f} actions/s, OpenSpiel {speeds[1]:,.0f} actions/s, "
            f"PettingZoo {speeds[2]:,.0f} agent steps/s, Gymnasium {speeds[3]:,.0f} agent steps/s, "
            f"Gymnasium vector (16 games) {speeds[4]:,.0f} agent steps/s"
        )
    return results


if __name__ == "__main__":
    main()
