"""Does the start gold by turn order make the four places equal? A river race experiment.

Four heuristic seats play ``--games`` games (the first player drawn, rule ``setup.first``)
for each start-gold vector given (gold of the first, second, third and fourth player in
the turn order; the rules' own is ``5,6,7,8``, rule ``setup.gold``). Game ``i`` is seeded
with ``derive_seed(seed, i)`` for every vector, so vectors are compared on the same dice.
Prints, per place in the turn order, the win rate and the mean margin (score minus the
mean of the others').

Usage (from the repository root)::

    .venv/bin/python benchmarks/river_race_start_gold.py --games 2000 --seed 77 --gold 5,6,7,8
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from savanna.core import State, derive_seed
from savanna.games.river_race import RiverRaceGame
from savanna.games.river_race.heuristic import choose_in_state
from savanna.games.river_race.state import RiverRaceState
from savanna.lab.stats import wilson_interval
from savanna.lab.study import map_games, play_seeded

PLAYERS = 4


def play(args: tuple[int, int, tuple[int, ...]]) -> tuple[int, list[float]]:
    """Game ``index`` with start gold ``gold``: the winner's place in the turn order (-1 for a
    shared first place) and each place's margin."""
    seed, index, gold = args
    game = RiverRaceGame(players=PLAYERS)
    material = game.material
    start = {**material.gold.start, PLAYERS: list(gold)}
    game.material = material.model_copy(update={"gold": material.gold.model_copy(update={"start": start})})

    def decide(state: State, seat: int, rng: Any) -> int:
        assert isinstance(state, RiverRaceState)
        return choose_in_state(state, state.legal_actions(), rng)

    state = play_seeded(game, derive_seed(seed, index), decide)
    assert isinstance(state, RiverRaceState)
    ranking, scores = state.ranking(), state.scores()
    margins = [0.0] * PLAYERS
    for seat in range(PLAYERS):
        margins[(seat - state.first) % PLAYERS] = scores[seat] - (sum(scores) - scores[seat]) / (PLAYERS - 1)
    winners = [(s - state.first) % PLAYERS for s in range(PLAYERS) if ranking[s] == 0]
    return (winners[0] if len(winners) == 1 else -1), margins


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="River race: start gold by turn order")
    parser.add_argument("--games", type=int, default=2000, help="games per gold vector")
    parser.add_argument("--gold", nargs="+", default=["5,6,7,8"], help="start gold by place, e.g. 5,6,7,8")
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    print(f"{args.games} four-player games per start gold, seed {args.seed}; fair win rate 25%")
    print("| start gold | 1st wins | 2nd wins | 3rd wins | 4th wins | margins (1st..4th) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for text in args.gold:
        gold = tuple(int(g) for g in text.split(","))
        if len(gold) != PLAYERS:
            parser.error(f"--gold {text}: one amount for each of the {PLAYERS} places")
        results = map_games(play, [(args.seed, i, gold) for i in range(args.games)], args.workers)
        cells = []
        for place in range(PLAYERS):
            wins = sum(1 for w, _ in results if w == place)
            lo, hi = wilson_interval(wins, len(results))
            cells.append(f"{wins / len(results):.1%} [{lo:.1%}, {hi:.1%}]")
        margins = " ".join(f"{sum(m[p] for _, m in results) / len(results):+.2f}" for p in range(PLAYERS))
        print(f"| {text} | " + " | ".join(cells) + f" | {margins} |")

if __name__ == "__main__":
    main()
