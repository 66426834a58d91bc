"""The lean decision path: ``Bot.decide`` chooses exactly what ``Bot.act`` would.

The random and heuristic bots answer a :class:`~savanna.bots.Turn` without building the
observation (the random bot ignores it; the heuristic bot asks the game's fast path).
Their choices and their draws must be those of ``act`` on the seat's observation, in every
registered game, or the lab's games would change.
"""

from __future__ import annotations

import random

import pytest

from savanna.bots import Bot, Turn, make_bots, parse_bot_spec, play_game
from savanna.core import CHANCE, load_game, registered_games

KINDS = ["random", "heuristic"]


def _twins(game_name: str, kind: str, seed: int) -> tuple[list[Bot], list[Bot]]:
    game = load_game(game_name)
    specs = [parse_bot_spec(kind)] * game.num_players
    return make_bots(game, specs, seed), make_bots(game, specs, seed)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game_name", sorted(registered_games()))
def test_decide_chooses_what_act_chooses_with_the_same_draws(game_name: str, kind: str) -> None:
    game = load_game(game_name)
    for seed in range(3):
        lean, full = _twins(game_name, kind, seed)
        state = game.new_initial_state()
        chance = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_unchecked(state.sample_chance(chance))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            ours = lean[seat].decide(Turn(state, seat, list(legal)))
            theirs = full[seat].act(state.observation(seat), list(legal))
            assert ours == theirs, (game_name, kind, seed, decisions)
            assert lean[seat].rng.getstate() == full[seat].rng.getstate()
            state.apply_unchecked(ours)
            decisions += 1
        assert decisions > 0


class ObservingBot(Bot):
    """A kind that only implements ``act``: the default ``decide`` shows it its observation."""

    kind = "observing"

    def act(self, observation: object, legal_actions: list[int]) -> int:  # type: ignore[override]
        self.last = observation
        return legal_actions[0]


def test_the_default_decide_hands_the_seat_its_own_observation() -> None:
    game = load_game("hyena")
    state = game.new_initial_state()
    chance = random.Random(3)
    while state.current_player() == CHANCE:
        state.apply_unchecked(state.sample_chance(chance))
    seat = state.current_player()
    bot = ObservingBot(game, seat, random.Random(0))
    legal = state.legal_actions()
    assert bot.decide(Turn(state, seat, legal)) == legal[0]
    assert bot.last == state.observation(seat)


@pytest.mark.parametrize("game_name", sorted(registered_games()))
def test_the_driver_lists_the_seat_of_every_decision(game_name: str) -> None:
    game = load_game(game_name)
    bots = make_bots(game, [parse_bot_spec("random")] * game.num_players, 4)
    deciders: list[int] = []
    state = play_game(game, bots, seed=4, deciders=deciders)
    replay = game.new_initial_state()
    expected = []
    for action in state.history:
        if not replay.is_chance_node():
            expected.append(replay.current_player())
        replay.apply_unchecked(action)
    assert deciders == expected and deciders
