"""Hypothesis properties over states reached by seeded random legal play (reachable states
only), for every table size and both first-player options."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from savanna.core import record_of, replay
from savanna.core.play import sample_action
from savanna.games.river_race import RiverRaceGame
from savanna.games.river_race.board import ALTAR, PATH, YARD
from savanna.games.river_race.council import sacrificer
from savanna.games.river_race.phase import DRAW, OVER

games = st.builds(
    lambda players, first: RiverRaceGame(players=players, options={"first": first}),
    st.integers(2, 5),
    st.sampled_from(["draw", "seat1"]),
)


def _check_invariants(state) -> None:
    game = state.game
    board = game.board
    assert min(state.gold) >= 0, "gold never goes negative"
    singles = [s for s in state.pos if board.kind[s] in (PATH, ALTAR)]
    assert len(singles) == len(set(singles)), "one pawn per space (rule move.skip)"
    taken = sorted(h for h in state.hut if h >= 0)
    assert taken == list(range(len(taken))), "arrivals take the best free huts (rule village.hut)"
    cards = sorted([c for pool in state.pools for c in pool] + state.discard)
    assert cards == list(range(len(game.material.cards))), "every card is in a deck or the discard"
    for place in range(len(board.places)):
        holder = sacrificer(state, place)
        if state.held[place] >= 0:
            assert holder >= 0 and state.held[place] in state.pools[state.held_epoch[place]]
        elif holder >= 0:
            assert state.phase == DRAW, "a sacrificer holds a card once it has drawn"
    assert 0 <= state.persecutor <= board.persecutor_length
    assert 0 <= state.rings <= game.material.persecutor.rings
    assert all(s <= len(game.material.spring.stack) for s in state.springs)
    for pawn, _ in state.deals:
        assert board.kind[state.pos[pawn]] == YARD
    assert (state.phase == OVER) == state.is_terminal()


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 2**32))
def test_random_play_keeps_the_invariants_and_ends(game, seed) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        state.apply(sample_action(state, rng))
        steps += 1
        _check_invariants(state)
        assert steps <= game.max_game_length
    low, high = game.score_bounds
    assert all(low <= s <= high for s in state.scores())
    assert state.ended in ("three", "huts", "persecutor", "cap")


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 2**32), st.integers(0, 400))
def test_reachable_positions_round_trip_and_views_determinize_consistently(game, seed, steps) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(sample_action(state, rng))
    text = state.to_text()
    again = game.parse_position(text)
    assert again.to_text() == text and again.legal_actions() == state.legal_actions()
    for action in state.legal_actions():
        assert state.parse_action(state.action_to_text(action)) == action
    for seat in [None, *range(game.num_players)]:
        view = state.observation(seat)
        json.dumps(view.to_json())
        if seat is not None:
            assert game.sample_state(view, rng).observation(seat).text == view.text


@settings(max_examples=15, deadline=None)
@given(games, st.integers(0, 2**32))
def test_records_of_random_games_replay_to_the_same_position(game, seed) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply(sample_action(state, rng))
    assert replay(record_of(state, seed=seed)).to_text() == state.to_text()


@settings(max_examples=10, deadline=None)
@given(games, st.integers(0, 2**32))
def test_clone_copies_every_field_and_no_field_escapes_the_declaration(game, seed) -> None:
    """state.py declares the position's fields once (``__slots__``); ``clone`` is written
    from them, so a field set anywhere else would be missed by it."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply(sample_action(state, rng))
        assert set(vars(state)) <= {"game", "history"}
        copy = state.clone()
        assert copy.to_text() == state.to_text() and copy.history == state.history
        if not copy.is_terminal():
            copy.apply(sample_action(copy, random.Random(seed)))
            assert copy.to_text() != state.to_text() or copy.history != state.history
