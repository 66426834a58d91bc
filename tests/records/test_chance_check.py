"""Records cannot lie about chance: replay draws every outcome again from the seed.

A record names how its chance was drawn (``playout``, ``sequence`` or ``position``, see
``savanna.core.rng``); replay refuses the first outcome the seed did not give, a changed
seed, and a claim without a seed. Records that make no claim (version 1) still replay.
"""

from __future__ import annotations

import json
import random

import pytest

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.core import (
    CHANCE,
    Game,
    Record,
    RecordError,
    State,
    load_game,
    random_playout,
    record_of,
    replay,
    replay_states,
)
from savanna.core.rng import PLAYOUT, POSITION, SEQUENCE, position_rng
from tests.records.regenerate import GOLDEN, HERE


def _golden(name: str) -> Record:
    return Record.from_json((HERE / f"{name}.json").read_text(encoding="utf-8"))


def _with(record: Record, **changes: object) -> Record:
    """``record`` with fields changed, read back from JSON as a file would be."""
    raw = json.loads(record.to_json())
    for key, value in changes.items():
        if value is None:
            raw.pop(key, None)
        else:
            raw[key] = value
    return Record.from_json(json.dumps(raw))


def _other_outcome(record: Record, skip: int = 0) -> tuple[int, str]:
    """The index of a chance outcome (the ``skip``-th with an alternative) and another legal one."""
    for index, _, state in replay_states(record.model_copy(update={"chance": None})):
        if index + 1 >= len(record.actions) or not state.is_chance_node():
            continue
        outcomes = [state.action_to_text(a) for a, _ in state.chance_outcomes()]
        others = [o for o in outcomes if o != record.actions[index + 1]]
        if others:
            if skip == 0:
                return index + 1, others[0]
            skip -= 1
    raise AssertionError("no chance outcome with an alternative")


def _changed_at(record: Record, index: int, text: str) -> Record:
    actions = list(record.actions)
    actions[index] = text
    return _with(record, actions=actions)


def _position_game(game: Game, seed: int, reseeds: dict[int, int], moves: int) -> State:
    """Chance drawn as the terminal draws it (``position``), players at random."""
    state = game.new_initial_state()
    players = random.Random(seed + 1)
    current = seed
    while not state.is_terminal() and len(state.history) < moves:
        n = len(state.history)
        current = reseeds.get(n, current)
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(position_rng(current, n)))
        else:
            legal = state.legal_actions()
            state.apply(legal[players.randrange(len(legal))])
    return state


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_records_claim_the_playout_draw_and_a_changed_outcome_is_refused(name: str) -> None:
    record = _golden(name)
    assert record.chance == PLAYOUT and record.chance_checked
    index, other = _other_outcome(record, skip=3)
    with pytest.raises(RecordError) as caught:
        replay(_changed_at(record, index, other))
    assert caught.value.index == index
    assert f"action {index + 1} ({other!r}) is not the action drawn from seed {record.seed}" in str(
        caught.value
    )


def test_a_changed_seed_is_refused_at_the_first_action_it_would_change() -> None:
    record = _golden("hyena-four-sticks")
    assert record.seed is not None
    with pytest.raises(RecordError, match=f"drawn from seed {record.seed + 1}") as caught:
        replay(_with(record, seed=record.seed + 1))
    assert caught.value.index is not None


def test_a_removed_seed_is_refused_when_the_record_claims_a_draw() -> None:
    with pytest.raises(RecordError, match=r"drawn from its seed \(playout\) but it has no seed"):
        _with(_golden("banjooli-default"), seed=None)
    with pytest.raises(RecordError, match="no seed"):
        replay(_golden("banjooli-default").model_copy(update={"seed": None}))


def test_a_playout_records_random_moves_are_checked_too(toy_game_class: type) -> None:
    game = load_game("toy", players=3)
    record = record_of(random_playout(game, random.Random(8), checked=True), seed=8, chance=PLAYOUT)
    replay(record)
    # replay_states yields one state, updated in place: read it before the next action.
    index = -1
    for before, _, state in replay_states(record):
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            index = before + 1
            break
    other = next(t for t in state.legal_action_texts() if t != record.actions[index])
    with pytest.raises(RecordError, match="is not the action drawn from seed 8"):
        replay(_changed_at(record, index, other))


@pytest.mark.parametrize("game_name", ["toy", "hyena", "banjooli"])
def test_bot_games_claim_the_sequence_draw_and_replay_checks_it(
    toy_game_class: type, game_name: str
) -> None:
    """The lab's driver draws chance as ``sequence`` says: a changed outcome is refused."""
    game = load_game(game_name)
    bots = make_bots(game, [parse_bot_spec("heuristic")] * game.num_players, seed=21)
    record = record_of(play_game(game, bots, seed=21), seed=21, chance=SEQUENCE)
    assert replay(record).is_terminal()
    index, other = _other_outcome(record, skip=1)
    with pytest.raises(RecordError, match="is not the chance outcome drawn from seed 21") as caught:
        replay(_changed_at(record, index, other))
    assert caught.value.index == index


def test_simulation_records_claim_the_sequence_draw(toy_game_class: type) -> None:
    from savanna.lab.simulation import SimulationPlan, play_one

    plan = SimulationPlan.create("toy", bots=["random", "heuristic"], games=2, seed=4)
    record = Record.from_json(play_one(plan, 1)["record"])
    assert record.chance == SEQUENCE and record.seed == plan.game_seed(1)
    replay(record)


def test_position_draw_with_reseeds_is_checked_segment_by_segment(toy_game_class: type) -> None:
    game = load_game("toy", players=2, options={"length": 20})
    state = _position_game(game, 5, {9: 77, 20: 78}, moves=10_000)
    assert len(state.history) > 30
    record = record_of(state, seed=5, chance=POSITION, reseeds=[(9, 77), (20, 78)])
    assert replay(record).is_terminal()
    # The same game does not replay when the second segment's seed is changed ...
    with pytest.raises(RecordError, match="drawn from seed 79") as caught:
        replay(_with(record, reseeds=[[9, 77], [20, 79]]))
    assert caught.value.index is not None and caught.value.index >= 20
    # ... nor when the reseed is dropped (the first seed does not give those outcomes).
    with pytest.raises(RecordError, match="drawn from seed 5"):
        replay(_with(record, reseeds=None))


@pytest.mark.parametrize(
    ("reseeds", "fragment"),
    [
        ([[0, 3]], "does not fit"),
        ([[5, 3], [5, 4]], "does not fit"),
        ([[100_000, 3]], "does not fit"),
        ([[3, -1]], "does not fit"),
    ],
)
def test_reseeds_that_do_not_fit_are_refused(
    toy_game_class: type, reseeds: list[list[int]], fragment: str
) -> None:
    game = load_game("toy", players=2)
    record = record_of(_position_game(game, 5, {}, moves=30), seed=5, chance=POSITION)
    with pytest.raises(RecordError, match=fragment):
        _with(record, reseeds=reseeds)
    with pytest.raises(RecordError, match="'position' draw only"):
        _with(record, chance=SEQUENCE, reseeds=[[3, 4]])


def test_version_1_records_replay_without_a_claim_and_cannot_carry_one() -> None:
    raw = json.loads(_golden("hyena-traditional-30").to_json())
    raw["version"] = 1
    del raw["chance"]
    old = Record.from_json(json.dumps(raw))
    assert not old.chance_checked and replay(old).is_terminal()
    assert old.to_json() == json.dumps(raw, sort_keys=True, separators=(",", ":")) + "\n"
    raw["chance"] = "playout"
    with pytest.raises(RecordError, match="not part of record version 1"):
        Record.from_json(json.dumps(raw))


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_version_2_seeds_follow_the_seed_rule(seed: int) -> None:
    with pytest.raises(RecordError, match="the seed must be from 0 to"):
        _with(_golden("hyena-four-sticks"), seed=seed)
    with pytest.raises(RecordError, match="field 'seed'"):
        _with(_golden("hyena-four-sticks"), seed=True)


def test_deeply_nested_json_is_a_record_error_not_a_recursion_error() -> None:
    with pytest.raises(RecordError, match="nested too deeply"):
        Record.from_json("[" * 200_000)
    with pytest.raises(RecordError, match="nested too deeply"):
        Record.from_json('{"format": "savanna-record", "options": ' + "[" * 200_000)


@pytest.mark.parametrize("module", ["savanna.core.rng", "savanna.core.record"])
def test_docstring_examples_run(module: str) -> None:
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(module))
    assert failures == 0 and tried > 0
