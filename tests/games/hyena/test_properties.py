"""Hypothesis properties over states reached by seeded random legal play."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from savanna.core import record_of, replay_states
from savanna.core.play import sample_action
from savanna.games.hyena import HyenaGame
from savanna.games.hyena.phase import Place
from savanna.games.hyena.ruleset import RULESET_NAMES

VILLAGE, OUT, WELL, BACK, HOME, EATEN = (Place.VILLAGE, Place.OUT, Place.WELL, Place.BACK, Place.HOME, Place.EATEN)

games = st.builds(
    lambda rules, players, length: HyenaGame(
        players=players, options={"rules": rules, "length": length}
    ),
    st.sampled_from(RULESET_NAMES),
    st.integers(2, 6),
    st.integers(30, 80),
)


def _check_invariants(state) -> None:
    well = state.well
    for phase, hole, tabas in zip(state.phase, state.pos, state.bank, strict=True):
        assert 0 <= hole <= well  # no piece leaves the spiral
        assert tabas >= 0  # banked tabas never negative
        if phase in (VILLAGE, HOME):
            assert hole == 0
        if phase == WELL:
            assert hole == well
        if phase == OUT:
            assert hole < well
    if state.hyena_owner >= 0:
        assert 0 <= state.hyena_pos <= well
        assert state.home[0] == state.hyena_owner
        if state.hyena_phase == BACK:
            assert not any(
                p in (OUT, WELL, BACK) and h >= state.hyena_pos
                for p, h in zip(state.phase, state.pos, strict=True)
            )  # no mother survives behind the returning hyena
    assert len(set(state.home)) == len(state.home)
    assert all(state.phase[s] == HOME for s in state.home)


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 2**32))
def test_random_play_keeps_pieces_on_the_spiral_banks_non_negative_and_ends(game, seed) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        state.apply(sample_action(state, rng))
        steps += 1
        _check_invariants(state)
        assert steps <= game.max_game_length
    json.dumps(state.observation(None).to_json())
    scores = state.scores()
    low, high = game.score_bounds
    assert all(low <= s <= high for s in scores)
    assert state.ranking()[state.hyena_owner] == 0
    assert sum(p == EATEN for p in state.phase) + len(state.home) + state.phase.count(
        VILLAGE
    ) == len(scores)


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 2**32))
def test_replay_reproduces_every_state(game, seed) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    texts = [state.to_text()]
    while not state.is_terminal():
        state.apply_unchecked(sample_action(state, rng))
        texts.append(state.to_text())
    replayed = [s.to_text() for _, _, s in replay_states(record_of(state, seed=seed))]
    assert replayed == texts


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 2**32), st.integers(0, 400))
def test_position_notation_and_clone_round_trip(game, seed, cut) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(cut):
        if state.is_terminal():
            break
        state.apply_unchecked(sample_action(state, rng))
    text = state.to_text()
    assert game.parse_position(text).to_text() == text
    copy = state.clone()
    if not copy.is_terminal():
        copy.apply_unchecked(copy.legal_actions()[0])
    assert state.to_text() == text  # the clone is independent


@settings(max_examples=15, deadline=None)
@given(games, st.integers(0, 2**32))
def test_same_seed_same_game(game, seed) -> None:
    def run() -> list[int]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_unchecked(sample_action(state, rng))
        return state.history

    assert run() == run()
