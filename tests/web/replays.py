"""The game a finished web table should have played, computed without any server.

A table's chance comes from ``position_rng(seed, index)``, its bots from the pool's
``decide`` with the seed and the index, and its scripted people from
:func:`tests.web.client.scripted` (a function of their view only). Replaying a finished
record's seed and seats through the same three gives the uninterrupted game: a server that
crashed, restarted or lost its database must have recorded exactly that.
"""

from __future__ import annotations

from savanna.core import Record, load_game
from savanna.core.rng import position_rng
from savanna.web.bots import decide
from tests.web.client import scripted


def uninterrupted(record: Record) -> list[str]:
    """Every action, in notation, of the game ``record``'s table plays when nothing fails."""
    assert record.seed is not None and record.seats is not None
    game = load_game(record.game, players=record.players, options=record.options)
    options = tuple(sorted(game.options.items()))
    state = game.new_initial_state()
    texts: list[str] = []
    while not state.is_terminal():
        index = len(state.history)
        if state.is_chance_node():
            action = state.sample_chance(position_rng(record.seed, index))
        else:
            seat = state.current_player()
            legal = state.legal_actions()
            who = record.seats[seat]
            if who == "human":  # the moves as its view lists them (State.menu_order)
                action = scripted(state.menu_order(legal), index, seat)
            else:
                spec = who.removeprefix("bot:")
                action = decide(game.name, game.num_players, options, spec, seat, state.observation(seat), legal,
                                record.seed, index)
        texts.append(state.action_to_text(action))
        state.apply(action)
    return texts
