"""A line-by-line trace of many seeded games, to compare the compiled and pure builds.

For every configuration of every registered game (the defaults, the fewest and the most
players, every other value of each choice or on/off option) it plays seeded random games
and writes, at every step: who acts, the legal actions (chance outcomes with their exact
probabilities), the action taken and its notation; the position notation and every
viewer's observation (text, and a digest of the tensor) at every step of the first games and regularly in
the others; the heuristic's choice, the evaluation and a determinization at regular
points; and at the end the scores, returns, ranking, game statistics and the record (JSON).
Then a few ISMCTS searches. Run as a script it prints the trace::

    SAVANNA_PURE_PYTHON=1 python -m tests.native.trace > pure.txt
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from savanna.bots import Search
from savanna.core import (
    BoolOption,
    ChoiceOption,
    Game,
    State,
    load_game,
    record_of,
    registered_games,
)

GAMES_PER_CONFIG = 8
FULL_VIEW_GAMES = 1
"""The first games of each configuration show every viewer at every step."""
VIEW_EVERY = 29
"""In the other games, every viewer is shown every this many steps."""


def configurations() -> list[tuple[str, int | None, dict[str, Any]]]:
    """Every installed game's configurations (games registered by tests are left out)."""
    configs: list[tuple[str, int | None, dict[str, Any]]] = []
    for name, cls in sorted(registered_games().items()):
        if not cls.__module__.startswith("savanna."):
            continue
        spec = cls.spec
        configs += [(name, None, {}), (name, spec.min_players, {}), (name, spec.max_players, {})]
        for option in spec.options:
            if isinstance(option, ChoiceOption):
                configs += [(name, None, {option.name: c}) for c in option.choices if c != option.default]
            elif isinstance(option, BoolOption):
                configs.append((name, None, {option.name: not option.default}))
    return configs


def _number(value: float) -> str:
    return repr(float(value))


def _views(game: Game, state: State) -> Iterator[str]:
    for viewer in (None, *range(game.num_players)):
        observation = state.observation(viewer)
        tensor = ",".join(_number(v) for v in game.observation_tensor(observation))
        digest = hashlib.sha256(tensor.encode()).hexdigest()[:16]
        yield f"  view {viewer} {observation.text!r} tensor {digest}"


def game_lines(game: Game, seed: int, full_views: bool) -> Iterator[str]:
    """The trace of one random game of ``game`` played from ``seed``."""
    rng = random.Random(seed)
    side = random.Random(seed + 1)  # heuristic choices and determinizations
    state = game.new_initial_state()
    step = 0
    while True:
        player = state.current_player()
        show = full_views or step % VIEW_EVERY == 0
        if show:
            yield f" pos {state.to_text()}"
            yield from _views(game, state)
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = " ".join(f"{a}:{p}" for a, p in state.chance_outcomes())
            yield f"{step} chance {outcomes}"
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            yield f"{step} seat {player} {legal}"
            if step % VIEW_EVERY == 0:
                observation = state.observation(player)
                choice = game.heuristic_action(observation, legal, side)
                evaluation = game.evaluate(state)
                sampled = game.sample_state(observation, side)
                yield f"  heuristic {choice} evaluate {evaluation} sample {sampled.to_text()}"
            action = legal[rng.randrange(len(legal))]
        yield f"  take {action} {state.action_to_text(action)}"
        state.apply_unchecked(action)
        step += 1
    yield f" end scores {state.scores()} returns {state.returns()} ranking {state.ranking()}"
    yield f" statistics {json.dumps(game.game_statistics(state), sort_keys=True)}"
    yield f" record {json.dumps(record_of(state, seed=seed).to_json(), sort_keys=True)}"


def search_lines(game: Game, seed: int) -> Iterator[str]:
    """Short ISMCTS searches (cut and full rollouts) from a few positions of one game."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found = 0
    while not state.is_terminal() and found < 3:
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.2:
            observation = state.observation(state.current_player())
            for depth in (10, None):
                search = Search(game, observation, legal, random.Random(seed + found), depth=depth)
                search.run(sims=40)
                visits = sorted(search.root.visits.items())
                yield f" search {found} depth {depth} best {search.best_action()} visits {visits}"
            found += 1
        state.apply_unchecked(legal[rng.randrange(len(legal))])


def trace() -> Iterator[str]:
    """The whole trace."""
    for name, players, options in configurations():
        game = load_game(name, players=players, options=options)
        yield f"config {name} players={game.num_players} {sorted(game.options.items())}"
        for k in range(GAMES_PER_CONFIG):
            yield f"game {k}"
            yield from game_lines(game, 1000 + k, full_views=k < FULL_VIEW_GAMES)
        yield from search_lines(game, 77)


def main() -> None:
    out = sys.stdout
    for line in trace():
        out.write(line + "\n")


if __name__ == "__main__":
    main()
