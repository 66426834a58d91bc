"""The board cache holds every board of the default game (issue 15: a long simulation
builds each board once instead of rebuilding 87% of them)."""

from __future__ import annotations

from savanna.core import load_game
from savanna.games.banjooli import BanjooliGame
from savanna.games.banjooli.board import BOARD_CACHE, Board


def test_the_board_cache_holds_every_board_of_the_default_game() -> None:
    game = load_game("banjooli")
    assert isinstance(game, BanjooliGame)
    assert game.options["special"] == "none"  # every tile of the default game is two-sided
    boards = len(game.layouts) * 2 ** int(game.options["tiles"])
    assert boards <= BOARD_CACHE
    assert Board.build.cache_info().maxsize == BOARD_CACHE

