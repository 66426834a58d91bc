"""The core protocol's shared behaviour (checked apply, chance, records), on the toy game."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from savanna.core import (
    CHANCE,
    IllegalActionError,
    NotationError,
    OptionError,
    Record,
    RecordError,
    derive_seed,
    load_game,
    make_rng,
    random_playout,
    ranking_from_scores,
    record_of,
    replay,
)


@pytest.fixture()
def toy(toy_game_class):
    return load_game("toy", players=3)


def test_load_game_refuses_bad_player_count_and_unknown_game(toy_game_class) -> None:
    with pytest.raises(OptionError, match="2 to 4 players"):
        load_game("toy", players=9)
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        load_game("chess")


def test_apply_refuses_action_after_game_over(toy) -> None:
    state = random_playout(toy, random.Random(0))
    with pytest.raises(IllegalActionError) as info:
        state.apply(0)
    assert info.value.rule.id == "game.over"


def test_apply_refuses_chance_outcome_not_offered(toy) -> None:
    state = toy.new_initial_state()
    assert state.current_player() == CHANCE
    with pytest.raises(IllegalActionError) as info:
        state.apply(7)
    assert info.value.rule.id == "chance.outcome"


def test_apply_refuses_unknown_action_id_and_leaves_state_unchanged(toy) -> None:
    state = toy.new_initial_state()
    while state.is_chance_node():
        state.apply(0)
    before = state.to_text()
    for bad in (-1, 3, 99, True):
        with pytest.raises(IllegalActionError) as info:
            state.apply(bad)
        assert info.value.rule.id == "action.unknown"
    assert state.to_text() == before


def test_parse_action_reads_notation_of_a_legal_action(toy) -> None:
    state = toy.parse_position('{"cards": [0, 1, 2], "pos": [0, 1, 0], "roll": 2, "turn": 1}')
    assert state.current_player() == 1
    assert state.parse_action("move B") == 1
    assert state.parse_action("  MOVE   c ") == 2
    state.apply_text("move B")
    assert state.pos == [0, 3, 0]


def test_sample_chance_follows_exact_probabilities(toy) -> None:
    state = toy.new_initial_state()
    assert sum(p for _, p in state.chance_outcomes()) == Fraction(1)
    rng = random.Random(5)
    counts = [0, 0, 0]
    for _ in range(3000):
        counts[state.sample_chance(rng)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_parse_action_refuses_garbage_with_notation_error(toy) -> None:
    state = toy.new_initial_state()
    with pytest.raises(NotationError):
        state.parse_action("fly to the moon")


def test_record_round_trip_and_replay(toy) -> None:
    state = random_playout(toy, random.Random(4), checked=True)
    record = record_of(state, seed=4)
    text = record.to_json()
    again = Record.from_json(text)
    assert again == record and again.to_json() == text
    assert replay(again).to_text() == state.to_text()


def test_replay_names_first_bad_action(toy) -> None:
    record = record_of(random_playout(toy, random.Random(4), checked=True), seed=4)
    actions = list(record.actions)
    bad = next(i for i, a in enumerate(actions) if a.startswith("roll"))
    actions[bad] = "roll 9"
    broken = record.model_copy(update={"actions": actions})
    with pytest.raises(RecordError) as info:
        replay(broken)
    assert info.value.index == bad and "roll 9" in str(info.value)


def test_replay_refuses_tampered_result(toy) -> None:
    record = record_of(random_playout(toy, random.Random(4), checked=True), seed=4)
    assert record.result is not None
    fake = record.result.model_copy(update={"scores": [9, 9, 9]})
    with pytest.raises(RecordError, match="differs"):
        replay(record.model_copy(update={"result": fake}))


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("not json", "not valid JSON"),
        ('{"format": "other"}', "'format'"),
        ('{"format": "savanna-record", "version": 99}', "unknown record version"),
        ('{"format": "savanna-record", "version": 1, "game": "toy"}', "corrupt record"),
    ],
)
def test_record_from_json_refuses_bad_input(text: str, fragment: str) -> None:
    with pytest.raises(RecordError, match=fragment):
        Record.from_json(text)


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(1, "game", 0) == derive_seed(1, "game", 0)
    assert len({derive_seed(1, "game", i) for i in range(100)}) == 100
    assert make_rng(3, "x").random() == make_rng(3, "x").random()


def test_ranking_shares_places_on_ties() -> None:
    assert ranking_from_scores([1, 1, 0]) == [0, 0, 2]
