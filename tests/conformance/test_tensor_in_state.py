"""``Game.observation_tensor_in_state``: the tensor interfaces' direct path, proven equal.

Gymnasium, PettingZoo and OpenSpiel ask a seat's tensor at every step. A game may read it
from the state instead of building the whole observation first; it must give exactly the
floats of ``observation_tensor(state.observation(seat))``, for every seat and the
spectator, on every kind of position (chance, decisions, the end), and it must not read
another seat's secrets: states that differ only in what a seat may not know give that
seat the same tensor.
"""

from __future__ import annotations

import random

import pytest

from savanna.core import Game, SeatError, State, load_game, registered_games
from tests.conformance.test_conformance import CONFIGS, IDS


def _positions(game: Game, seed: int, most: int) -> list[State]:
    """Every position of seeded random games (their last one included), up to ``most``."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < most:
        state = game.new_initial_state()
        out.append(state.clone())
        while not state.is_terminal() and len(out) < most:
            legal = state.legal_actions()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
            out.append(state.clone())
    return out


@pytest.fixture(params=CONFIGS, ids=IDS)
def game(request, toy_game_class) -> Game:
    name, players, options = request.param
    return load_game(name, players=players, options=options)


def test_the_tensor_read_from_the_state_is_the_tensor_of_the_observation(game: Game) -> None:
    for state in _positions(game, seed=len(game.name), most=300):
        for seat in [None, *range(game.num_players)]:
            direct = game.observation_tensor_in_state(state, seat)
            assert direct == game.observation_tensor(state.observation(seat)), (state.to_text(), seat)
            assert all(type(x) is float for x in direct)


def test_the_tensor_read_from_the_state_never_shows_another_seats_secrets(game: Game) -> None:
    """Redraw everything a seat may not know (``sample_state`` of its observation): its
    tensor stays the same; for games with secrets the redraws really differ."""
    rng = random.Random(23)
    differed = False
    for state in _positions(game, seed=5, most=400)[::7]:
        if state.is_terminal():
            continue
        for seat in range(game.num_players):
            mine = game.observation_tensor_in_state(state, seat)
            for _ in range(3):
                other = game.sample_state(state.observation(seat), rng)
                differed |= other.to_text() != state.to_text()
                assert game.observation_tensor_in_state(other, seat) == mine
    if not game.spec.perfect_information:
        assert differed, "hidden information was never redrawn"


@pytest.mark.parametrize("bad", [-1, 99, True, "0"])
def test_the_direct_tensor_refuses_a_seat_not_at_the_table_by_core_rule_seat_unknown(bad: object) -> None:
    for name in sorted(registered_games()):
        game = load_game(name)
        with pytest.raises(SeatError) as info:
            game.observation_tensor_in_state(game.new_initial_state(), bad)  # type: ignore[arg-type]
        assert info.value.rule.id == "seat.unknown" and info.value.rule.game == "core"
