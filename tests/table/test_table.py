"""The table: proposals checked once, adopted whole; seeded bots; saves that reseed;
undo; presence and replacement."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from savanna.core import CHANCE, IllegalActionError, Record, RecordError, load_game, replay
from savanna.core.rng import position_rng
from savanna.table import (
    Finished,
    Played,
    Reseeded,
    Seat,
    StaleCommit,
    Table,
    TableError,
    TookBack,
    replay_checked,
    seeded,
)
from tests.table.support import GAMES, drive, most_players, random_pick, seats_for


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _to_person(table: Table) -> int:
    """Play chance until a person is to act; their seat."""
    while table.to_act() == CHANCE:
        table.play_chance()
    return table.to_act()


def _until(table: Table, seat: int) -> None:
    """Play chance, bots and the other people (their first move) until ``seat`` is to act."""
    while table.to_act() != seat:
        turn = table.bot_turn()
        if table.to_act() == CHANCE:
            table.play_chance()
        elif turn is not None:
            table.adopt(table.propose_bot(turn, turn.decide()))  # type: ignore[arg-type]
        else:
            table.play(table.to_act(), table.state.legal_actions()[:1])


# -- proposals ----------------------------------------------------------------------------
def test_a_refused_action_changes_nothing_and_names_its_rule() -> None:
    game = load_game("hyena", players=2)
    table = Table(game, [Seat.human(), Seat.human()], seed=4)
    seat = _to_person(table)
    version, log = table.version, len(table.log)
    illegal = next(a for a in range(game.num_distinct_actions) if a not in table.state.legal_actions())
    with pytest.raises(IllegalActionError) as refused:
        table.propose(seat, [illegal])
    assert refused.value.rule.key.startswith("hyena/")
    for bad in (-1, True, game.num_distinct_actions):
        with pytest.raises(IllegalActionError):
            table.propose(seat, [bad])
    assert (table.version, len(table.log)) == (version, log)


def test_an_action_out_of_turn_from_a_bot_seat_or_after_the_end_is_refused() -> None:
    game = load_game("hyena", players=2)
    table = Table(game, [Seat.human(), Seat.of_bot("random"), ], seed=4)
    _until(table, 0)
    legal = table.state.legal_actions()
    with pytest.raises(TableError) as refused:
        table.propose(1, legal[:1])
    assert refused.value.code == "seat/bot_plays"
    people = Table(game, [Seat.human(), Seat.human()], seed=4)
    _until(people, 1)
    with pytest.raises(TableError) as refused:
        people.propose(0, people.state.legal_actions()[:1])
    assert refused.value.code == "seat/not_to_act"
    assert refused.value.text("fr") == "Ce n'est pas le tour du siège 1\u00a0: le siège 2 doit jouer."
    with pytest.raises(TableError, match="No action"):
        table.propose(0, [])
    with pytest.raises(TableError) as unknown:
        table.propose(7, legal[:1])
    assert unknown.value.code == "seat/unknown"
    drive(table)
    with pytest.raises(TableError) as over:
        table.propose(0, [0])
    assert over.value.code == "table/over"


def test_a_commit_is_adopted_only_on_the_version_it_was_proposed_on() -> None:
    game = load_game("hyena", players=2)
    table = Table(game, [Seat.human(), Seat.human()], seed=4)
    seat = _to_person(table)
    first = table.propose(seat, table.state.legal_actions()[:1])
    second = table.propose(seat, table.state.legal_actions()[-1:])
    events = table.adopt(first)
    assert isinstance(events[0], Played) and events[0].entries == first.entries
    with pytest.raises(StaleCommit) as stale:
        table.adopt(second)
    assert stale.value.code == "table/stale" and stale.value.fields == {"seen": second.base, "now": table.version}


def test_each_action_is_checked_against_the_rules_once(toy_game_class: type) -> None:
    """The legal actions of a position are worked out once per action committed (the old
    server asked for them, then applied the action through the checked path again). The toy
    game is pure Python in both builds, so its hooks can be counted."""
    game = load_game("toy", players=3)
    table = Table(game, [Seat.human()] * game.num_players, seed=3)
    cls = type(table.state)
    original = cls._legal_actions
    calls = []

    def counting(self):
        calls.append(1)
        return original(self)

    rng = random.Random(1)
    committed = 0
    cls._legal_actions = counting  # type: ignore[method-assign]
    try:
        while not table.finished:
            player = _to_person(table)
            if table.finished:
                break
            action = rng.choice(original(table.state))
            calls.clear()
            table.play(player, [action], draw=False)
            assert len(calls) == 1
            committed += 1
    finally:
        cls._legal_actions = original  # type: ignore[method-assign]
    assert committed > 5


def test_a_move_and_the_chance_it_leads_to_are_one_commit_drawn_by_position() -> None:
    game = load_game("banjooli", players=2)
    table = Table(game, [Seat.human(), Seat.human()], seed=9)
    seat = _to_person(table)

    def leads_to_chance(action: int) -> bool:
        probe = table.state.clone()
        probe.apply(action)
        return probe.is_chance_node()

    action = next(a for a in table.state.legal_actions() if leads_to_chance(a))  # a reroll
    commit = table.propose(seat, [action])
    after = [e for e in commit.entries if e.is_chance]
    assert after and not commit.state.is_chance_node()
    probe = table.position_at(table.version)
    for entry in commit.entries:
        if entry.is_chance:
            drawn = probe.sample_chance(position_rng(9, entry.index))
            assert probe.action_to_text(drawn) == entry.text
            probe.apply(drawn)
        else:
            probe.apply(probe.parse_action(entry.text))
    assert [e.text for e in commit.entries] == [a for a, _ in commit.stored]


def test_the_end_finishes_the_table_and_reveals_the_log() -> None:
    game = load_game("banjooli", players=3)
    events: list[Any] = []
    table = Table(game, seats_for(game, people=1), seed=2)
    table.subscribe(events.append)
    drive(table)
    assert table.status == "finished" and table.log.revealed
    finished = [e for e in events if isinstance(e, Finished)]
    assert len(finished) == 1 and list(finished[0].ranking) == table.state.ranking()


# -- bots and records -----------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_bot_moves_are_drawn_from_the_seed_and_a_forged_one_is_refused_on_replay(name: str) -> None:
    """Issue 22.11: a record says its bots were seeded, and replay decides them again."""
    game = most_players(name)
    table = Table(game, seats_for(game, people=1, bot="heuristic"), seed=21)
    drive(table, random_pick(2))
    record = table.record()
    assert record.bots == "position" and record.version == 3
    state, checked = replay_checked(Record.from_json(record.to_json()))
    assert state.history == table.state.history and checked > 0
    # another legal move in place of one bot move: refused at that move, naming the bot
    probe = game.new_initial_state()
    for index, action in enumerate(table.state.history):
        actor = probe.current_player()
        others = [a for a in probe.legal_actions() if a != action]
        if actor > 0 and others:
            forged = [*list(record.actions[:index]), probe.action_to_text(others[0])]
            bad = record.model_copy(update={"actions": forged, "result": None})
            with pytest.raises(RecordError, match=rf"action {index + 1} .*bot.*decided from seed") as caught:
                replay_checked(bad)
            assert "robot" in caught.value.text("fr")
            assert replay(bad)  # the rules and the dice alone accept it
            break
        probe.apply(action)
    else:
        pytest.fail("no bot move to forge")


def test_a_seat_handed_to_a_bot_has_its_bot_moves_checked_through_the_records_controls() -> None:
    game = load_game("hyena", players=2)
    clock = Clock()
    table = Table(game, [Seat.human("Awa"), Seat.human("Moussa")], seed=6, grace=10, clock=clock)
    table.connect(0)
    table.connect(1)
    _to_person(table)
    for _ in range(6):
        seat = _to_person(table)
        table.play(seat, table.state.legal_actions()[:1])
    table.disconnect(1)
    clock.now += 11
    table.check_replace(1, by=0)
    table.replaced(1, "heuristic")
    for _ in range(30):
        if table.finished:
            break
        turn = table.bot_turn()
        if turn is not None:
            table.adopt(table.propose_bot(turn, turn.decide()))  # type: ignore[arg-type]
        elif table.to_act() == 0:
            table.play(0, table.state.legal_actions()[:1])
    record = table.record()
    assert record.seats == ["human", "human"] and record.controls and record.controls[0][1:] == (1, "bot:heuristic")
    _, checked = replay_checked(record)
    assert checked > 0


def test_a_bots_fallback_move_is_recorded_as_its_own_bot_and_checked() -> None:
    game = load_game("hyena", players=2)
    table = Table(game, [Seat.human(), Seat.of_bot("random")], seed=6)
    drive_until = 0
    while drive_until < 200 and not table.finished:
        drive_until += 1
        turn = table.bot_turn()
        if turn is not None:
            from savanna.table import decide

            action = decide(game, "heuristic", turn.seat, turn.observation, turn.legal, turn.seed, turn.index)
            table.adopt(table.propose_bot(turn, action, decided_by="heuristic"))  # type: ignore[arg-type]
            break
        seat = table.to_act()
        if seat == CHANCE:
            table.play_chance()
        else:
            table.play(seat, table.state.legal_actions()[:1])
    assert table.controls and table.controls[0][2] == "bot:heuristic" and table.controls[1][2] == "bot:random"
    drive(table)
    _, checked = replay_checked(table.record())
    assert checked > 1


def test_a_bot_with_a_time_budget_is_not_claimed_seeded() -> None:
    assert seeded("heuristic") and seeded("ismcts:sims=50") and not seeded("ismcts:seconds=0.1")


def test_a_stale_bot_decision_is_dropped() -> None:
    game = load_game("hyena", players=2)
    table = Table(game, [Seat.human(), Seat.of_bot("random")], seed=1)
    while table.bot_turn() is None:
        seat = table.to_act()
        if seat == CHANCE:
            table.play_chance()
        else:
            table.play(seat, table.state.legal_actions()[:1])
    turn = table.bot_turn()
    assert turn is not None
    table.adopt(table.propose_bot(turn, turn.decide()))  # type: ignore[arg-type]
    assert table.propose_bot(turn, turn.decide()) is None


# -- saves ----------------------------------------------------------------------------------
def test_a_save_reseeds_so_no_saved_file_computes_what_follows() -> None:
    """Issue 22.10: the session saved at action n draws what follows from a fresh seed; the
    seeds in the file (opened with the owner's key) do not give the dice that come."""
    game = load_game("banjooli", players=2)
    kept: list[Record] = []
    table = Table(game, [Seat.human(), Seat.of_bot("heuristic")], seed=33, fresh_seed=lambda: 4242)
    events: list[Any] = []
    table.subscribe(events.append)
    pick = random_pick(5)
    while table.version < 40:
        seat = table.to_act()
        turn = table.bot_turn()
        if seat == CHANCE:
            table.play_chance()
        elif turn is not None:
            table.adopt(table.propose_bot(turn, turn.decide()))  # type: ignore[arg-type]
        else:
            table.play(seat, [pick(table.state.legal_actions())])
    while table.to_act() != 0:
        turn = table.bot_turn()
        if turn is not None:
            table.adopt(table.propose_bot(turn, turn.decide()))  # type: ignore[arg-type]
        else:
            table.play_chance()
    n = table.version
    def seal(record: Any) -> str:
        kept.append(record)
        return "sealed"

    text = table.save(seal)
    assert text == "sealed" and isinstance(events[-1], Reseeded) and events[-1].version == n
    saved = kept[0]
    assert saved.reseeds is None and table.seeds.reseeds == [(n, 4242)]
    drive(table, pick)
    # what the saved file computes: the same moves, chance from the file's own seed
    future = [e for e in table.log if e.is_chance and e.index >= n]
    predicted = 0
    probe = table.position_at(n)
    for index in range(n, table.version):
        action = table.state.history[index]
        if probe.is_chance_node():
            predicted += probe.sample_chance(position_rng(saved.seed or 0, index)) == action
        probe.apply(action)
    assert len(future) > 30 and predicted < len(future) * 0.8
    final = table.record()
    assert final.reseeds == [(n, 4242)]
    assert replay_checked(final)[0].history == table.state.history


def test_quitting_after_a_save_does_not_reseed() -> None:
    game = load_game("hyena", players=2)
    table = Table(game, [Seat.human(), Seat.human()], seed=3, fresh_seed=lambda: 1)
    _to_person(table)
    table.save(lambda r: "x", going_on=False)
    assert table.seeds.reseeds == []


def test_resuming_a_record_keeps_its_seeds_and_lists_a_new_player_in_controls() -> None:
    game = load_game("hyena", players=2)
    table = Table(game, [Seat.human(), Seat.of_bot("random")], seed=8)
    while table.version < 20:
        seat = table.to_act()
        turn = table.bot_turn()
        if seat == CHANCE:
            table.play_chance()
        elif turn is not None:
            table.adopt(table.propose_bot(turn, turn.decide()))  # type: ignore[arg-type]
        else:
            table.play(seat, table.state.legal_actions()[:1])
    record = Record.from_json(table.record().to_json())
    n = len(record.actions)
    resumed = Table.resume(record, [Seat.human(), Seat.of_bot("heuristic")], seed=99)
    assert resumed.version == n and resumed.seeds.reseeds == [(n, 99)]
    assert resumed.first_seats == ["human", "bot:random"] and resumed.controls == [(n, 1, "bot:heuristic")]
    drive(resumed)
    final = resumed.record()
    assert final.actions[:n] == record.actions
    assert replay_checked(final)[1] > 0
    unchecked = record.model_copy(update={"chance": None, "bots": None, "reseeds": None, "version": 2})
    assert not Table.resume(unchecked, seed=1).checked


def test_records_with_controls_or_bots_are_version_3_and_their_fields_are_checked() -> None:
    game = load_game("hyena", players=2)
    table = Table(game, [Seat.human(), Seat.of_bot("random")], seed=8)
    drive(table)
    raw = json.loads(table.record().to_json())
    assert raw["version"] == 3 and raw["bots"] == "position"
    for changed, why in (
        ({"version": 2}, "not part of record version 2"),
        ({"chance": "sequence"}, "'bots' belongs to the 'position' draw"),
        ({"controls": [[3, 5, "human"]]}, "does not fit"),
        ({"controls": [[3, 1, "robot"]]}, "does not fit"),
        ({"controls": [[5, 1, "human"], [2, 0, "human"]]}, "does not fit"),
    ):
        with pytest.raises(RecordError, match=why):
            Record.from_json(json.dumps(raw | changed))
    plain = Table(game, [Seat.human(), Seat.human()], seed=8, bots_checked=False)
    drive(plain)
    assert json.loads(plain.record().to_json())["version"] == 2


# -- undo -----------------------------------------------------------------------------------
def test_undo_takes_back_the_last_own_action_only_while_it_taught_nothing() -> None:
    game = load_game("banjooli", players=2)
    table = Table(game, [Seat.human(), Seat.of_bot("random")], seed=9, undo=True)
    events: list[Any] = []
    table.subscribe(events.append)
    assert table.undo(0).refused == "nothing"
    _until(table, 0)
    legal = [table.state.action_to_text(a) for a in table.state.legal_actions()]
    assert "keep" in legal
    before = table.version
    table.play(0, [table.state.parse_action("keep")])
    undone = table.undo(0)
    assert undone.done and undone.entry is not None and undone.entry.text == "keep"
    assert table.version == before and isinstance(events[-1], TookBack)
    table.play(0, [table.state.parse_action("reroll 1")])  # chance answers a reroll
    assert table.undo(0).refused == "after_chance"
    two = Table(game, [Seat.human(), Seat.human()], seed=9, undo=True)
    assert two.undo(0).refused == "unavailable"


# -- presence -------------------------------------------------------------------------------
def test_a_person_playing_by_requests_is_not_away_and_a_reclaim_gives_a_fresh_grace_period() -> None:
    """Issue 22.7: a program playing over REST has no connection; its requests say it is
    there. Handed to a bot and taken back, it cannot be handed over again before a grace."""
    game = load_game("hyena", players=2)
    clock = Clock()
    table = Table(game, [Seat.human("Awa"), Seat.human("Prog")], seed=3, grace=30, clock=clock)
    table.connect(0)
    for _ in range(5):
        clock.now += 20
        table.seen(1)  # a REST request every 20 s
        with pytest.raises(TableError) as refused:
            table.check_replace(1, by=0)
        assert refused.value.code == "seat/not_away" and refused.value.fields["left"] == 30
    clock.now += 31
    table.check_replace(1, by=0)
    table.replaced(1, "heuristic")
    assert table.controller(1) == "heuristic"
    clock.now += 5
    table.check_reclaim(1)
    table.reclaimed(1)
    clock.now += 5  # away since its last request, but it has just taken the seat back
    with pytest.raises(TableError) as again:
        table.check_replace(1, by=0)
    assert again.value.fields["left"] == 25
    facts = table.seat_facts()
    assert facts[0].here and not facts[1].here and facts[1].away is not None


def test_no_replacement_within_a_grace_period_of_a_reclaim_even_when_away() -> None:
    game = load_game("hyena", players=2)
    clock = Clock()
    table = Table(game, [Seat.human(), Seat.human()], seed=3, grace=30, clock=clock)
    clock.now += 40
    table.check_replace(1, by=0)
    table.replaced(1, "heuristic")
    table.reclaimed(1)  # taken back over REST: no connection, no later request
    clock.now += 10
    assert table.replace_wait(1) == pytest.approx(20)
    with pytest.raises(TableError) as refused:
        table.check_replace(1, by=0)
    assert refused.value.fields["left"] == 20
    clock.now += 20
    table.check_replace(1, by=0)


def test_the_turn_clock_lets_a_slow_person_be_handed_over_and_not_oneself() -> None:
    game = load_game("hyena", players=2)
    clock = Clock()
    table = Table(game, [Seat.human(), Seat.human()], seed=3, grace=300, turn_seconds=60, clock=clock)
    table.connect(0)
    table.connect(1)
    seat = _to_person(table)
    other = 1 - seat
    clock.now += 59
    with pytest.raises(TableError):
        table.check_replace(seat, by=other)
    clock.now += 2
    assert table.overdue(seat)
    table.check_replace(seat, by=other)
    with pytest.raises(TableError) as own:
        table.check_replace(seat, by=seat)
    assert own.value.code == "seat/not_human"
