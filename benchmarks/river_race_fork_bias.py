"""Is the heuristic's choice at a river's fork sensible? A river race experiment.

One seat plays the heuristic with a thumb on the scale at every fork — ``bias`` gold of
margin added to the courtyard branches (a negative bias favours the path around) — against
three unbiased heuristic seats. If the heuristic chose well, no bias makes its seat win
more often than the fair share. The biased seat rotates round the table (game ``i`` seats
it at ``i mod 4``); game ``i`` is seeded with ``derive_seed(seed, i)``.

Usage (from the repository root)::

    .venv/bin/python benchmarks/river_race_fork_bias.py --games 400 --bias -4 -2 0 2 4
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Sequence
from typing import Any

from savanna.core import State, derive_seed, load_game
from savanna.games.river_race.actions import AROUND, Move, from_id
from savanna.games.river_race.evaluation import estimate_scores
from savanna.games.river_race.heuristic import choose, margin
from savanna.games.river_race.observation import sample_state
from savanna.games.river_race.state import MOVE, RiverRaceState
from savanna.lab.stats import wilson_interval
from savanna.lab.study import map_games, play_seeded

PLAYERS = 4


def biased_move(state: RiverRaceState, seat: int, legal: Sequence[int], bias: float) -> int:
    """The heuristic's move choice with ``bias`` gold added to courtyard branches."""
    best, best_value = legal[0], -math.inf
    for action in legal:
        child = state.clone()
        child.apply_unchecked(action)
        value = margin(estimate_scores(child), seat)
        act = from_id(action)
        if isinstance(act, Move) and act.branch:
            value += -bias if act.branch == AROUND else bias
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


def play(args: tuple[int, int, float]) -> tuple[bool, float]:
    """Game ``index``: whether the biased seat won, and its score minus the others' mean."""
    seed, index, bias = args
    game = load_game("river-race", players=PLAYERS)
    special = index % PLAYERS

    def decide(state: State, seat: int, rng: Any) -> int:
        assert isinstance(state, RiverRaceState)
        legal = state.legal_actions()
        observation = state.observation(seat)
        if seat == special and state.phase == MOVE and len(legal) > 1:
            guess = sample_state(game, observation, rng)  # type: ignore[arg-type]
            return biased_move(guess, seat, legal, bias)
        return choose(game, observation, legal, rng)  # type: ignore[arg-type]

    state = play_seeded(game, derive_seed(seed, index), decide)
    scores = state.scores()
    others = [s for i, s in enumerate(scores) if i != special]
    return state.ranking()[special] == 0, scores[special] - sum(others) / len(others)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="River race: is the heuristic's fork choice sensible?")
    parser.add_argument("--games", type=int, default=400, help="games per bias")
    parser.add_argument("--bias", type=float, nargs="+", default=[-4.0, -2.0, 0.0, 2.0, 4.0])
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    print(f"{args.games} four-player games per bias, seed {args.seed}; fair win rate 25%")
    print("| bias (gold for a courtyard) | wins | win rate [95% CI] | mean margin |")
    print("| ---: | ---: | --- | ---: |")
    for bias in args.bias:
        results = map_games(play, [(args.seed, i, bias) for i in range(args.games)], args.workers)
        wins = sum(1 for won, _ in results if won)
        lo, hi = wilson_interval(wins, len(results))
        mean = sum(m for _, m in results) / len(results)
        print(f"| {bias:+g} | {wins} | {wins / len(results):.1%} [{lo:.1%}, {hi:.1%}] | {mean:+.2f} |")


if __name__ == "__main__":
    main()
