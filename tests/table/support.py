"""Helpers of the table tests: seeded tables of every registered game, played to the end."""

from __future__ import annotations

import random
from collections.abc import Callable

from savanna.core import Game, load_game, registered_games
from savanna.table import Seat, Table

GAMES = sorted(registered_games())


def most_players(name: str) -> Game:
    """``name`` with its largest table (the most seats, so the most secrets between them)."""
    spec = registered_games()[name].spec
    return load_game(name, players=spec.max_players)


def seats_for(game: Game, people: int = 1, bot: str = "random") -> list[Seat]:
    """``people`` persons first, bots in the other seats."""
    return [Seat.human() if i < people else Seat.of_bot(bot) for i in range(game.num_players)]


def drive(table: Table, pick: Callable[[list[int]], int] | None = None, limit: int = 20_000) -> None:
    """Play ``table`` to its end: chance and bots as the table says, people with ``pick``."""
    choose = pick or (lambda legal: legal[0])
    for _ in range(limit):
        if table.finished:
            return
        player = table.to_act()
        if player < 0:
            table.play_chance()
            continue
        turn = table.bot_turn()
        if turn is not None:
            commit = table.propose_bot(turn, turn.decide())
            assert commit is not None
            table.adopt(commit)
        else:
            table.play(player, [choose(table.state.legal_actions())])
    raise AssertionError("the game did not end")


def random_pick(seed: int) -> Callable[[list[int]], int]:
    rng = random.Random(seed)
    return lambda legal: legal[rng.randrange(len(legal))]
