"""The driver: each bot sees only its own observation; same seed, same game."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from savanna.bots import Bot, BotError, make_bots, parse_bot_spec, play_game
from savanna.core import Observation, OptionError, State, load_game


class RecordingBot(Bot):
    """Plays randomly and keeps every argument it was given."""

    kind = "recording"

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.seen: list[tuple[object, list[int]]] = []

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        self.seen.append((observation, list(legal_actions)))
        return legal_actions[self.rng.randrange(len(legal_actions))]


class CheatingBot(Bot):
    """Answers an action id that no game has."""

    kind = "cheating"

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        return 10**6


def test_each_bot_only_ever_gets_its_own_observation(game_name: str) -> None:
    game = load_game(game_name)
    bots = [RecordingBot(game, seat, random.Random(seat)) for seat in range(game.num_players)]
    state = play_game(game, bots, seed=11)
    assert state.is_terminal()
    assert sum(len(b.seen) for b in bots) > 0
    for bot in bots:
        for observation, legal in bot.seen:
            assert type(observation) is Observation
            assert not isinstance(observation, State)
            assert observation.seat == bot.seat
            assert legal
    # What a bot was shown is exactly that seat's observation at its turns, replayed.
    replay = game.new_initial_state()
    shown = {seat: iter(bot.seen) for seat, bot in enumerate(bots)}
    for action in state.history:
        if not replay.is_chance_node():
            seat = replay.current_player()
            observation, legal = next(shown[seat])
            assert observation == replay.observation(seat)
            assert legal == replay.legal_actions()
        replay.apply(action)


def test_same_seed_same_game(game_name: str) -> None:
    game = load_game(game_name)
    specs = [parse_bot_spec("random")] * game.num_players
    first = play_game(game, make_bots(game, specs, 4), seed=4)
    again = play_game(game, make_bots(game, specs, 4), seed=4)
    other = [play_game(game, make_bots(game, specs, s), seed=s).history for s in range(5, 10)]
    assert first.history == again.history
    assert any(h != first.history for h in other)


def test_play_game_accepts_an_rng_instead_of_a_seed(toy_game_class: type) -> None:
    game = load_game("toy")
    specs = [parse_bot_spec("random")] * 2
    a = play_game(game, make_bots(game, specs, 1), rng=random.Random(7))
    b = play_game(game, make_bots(game, specs, 1), rng=random.Random(7))
    assert a.history == b.history
    with pytest.raises(ValueError, match="exactly one"):
        play_game(game, make_bots(game, specs, 1))
    with pytest.raises(ValueError, match="exactly one"):
        play_game(game, make_bots(game, specs, 1), seed=1, rng=random.Random(1))


def test_illegal_answer_from_a_bot_is_a_bot_error(toy_game_class: type) -> None:
    game = load_game("toy")
    bots = [CheatingBot(game, 0, random.Random(0)), CheatingBot(game, 1, random.Random(1))]
    with pytest.raises(BotError, match="not legal"):
        play_game(game, bots, seed=1)


def test_bots_out_of_seat_order_are_refused(toy_game_class: type) -> None:
    game = load_game("toy")
    bots = make_bots(game, [parse_bot_spec("random")] * 2, 0)
    with pytest.raises(BotError, match="seats"):
        play_game(game, list(reversed(bots)), seed=1)


def test_make_bots_needs_one_spec_per_seat(toy_game_class: type) -> None:
    game = load_game("toy", players=3)
    with pytest.raises(OptionError, match="needs 3 bots"):
        make_bots(game, [parse_bot_spec("random")] * 2, 0)
