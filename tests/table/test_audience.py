"""One rule for the audience of every action, at every interface (checked for every game).

The core contract (``docs/architecture.md``): the game declares who may read an action
(``State.action_viewers``) and the acting seat always reads its own. The table applies it
once, when the action is logged; the terminal and the server read the same entries.
"""

from __future__ import annotations

import pytest

from savanna.core import CHANCE, Audience
from savanna.table import Seat, Table, entry_of
from tests.support.toygame import ToyGame
from tests.table.support import GAMES, drive, most_players, random_pick, seats_for


@pytest.mark.parametrize("name", GAMES)
def test_every_logged_action_is_read_by_its_actor_and_by_whom_the_game_declares(name: str) -> None:
    game = most_players(name)
    table = Table(game, seats_for(game, people=game.num_players), seed=11)
    replay = game.new_initial_state()
    drive(table, random_pick(3))
    assert len(table.log) == len(table.state.history) > 0
    for entry, action in zip(table.log, table.state.history, strict=True):
        declared = replay.action_viewers(action)
        assert entry.actor == replay.current_player() and entry.index == len(replay.history)
        if entry.actor != CHANCE:
            assert entry.audience == declared.with_seat(entry.actor)
            assert entry.visible_to(entry.actor)
        else:
            assert entry.audience == declared
        for reader in [None, *range(game.num_players)]:
            assert entry.visible_to(reader) == entry.audience.includes(reader)
        replay.apply(action)


@pytest.mark.parametrize("name", GAMES)
def test_a_reader_gets_words_only_for_what_it_may_read_until_the_end_reveals_all(name: str) -> None:
    game = most_players(name)
    table = Table(game, seats_for(game, people=game.num_players), seed=5)
    pick = random_pick(8)
    while not table.finished and table.version < 120:
        player = table.to_act()
        if player < 0:
            table.play_chance()
        else:
            table.play(player, [pick(table.state.legal_actions())])
    for reader in [None, *range(game.num_players)]:
        for lang in ("en", "fr"):
            for line, entry in zip(table.log.lines(reader, lang), table.log, strict=True):
                assert (line.text is None) == (not entry.audience.includes(reader))
                assert (line.notation is None) == (line.text is None)
                # the way a move took (the page walks it) only with the words
                assert line.walk == (entry.walk if line.text is not None else ())
                assert entry.walk == () or entry.actor >= 0
    hidden = [e for e in table.log if not e.audience.everyone]
    assert hidden or game.spec.perfect_information or table.version < 120
    drive(table, pick)
    assert all(line.text for line in table.log.lines(None, "fr"))  # the end reveals every action


def test_an_action_the_game_hides_from_its_own_actor_is_still_shown_to_that_seat(toy_game_class: type) -> None:
    """A game whose declaration leaves the actor out still has its actor read the action."""
    game = ToyGame()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply(state.legal_actions()[0])
    action = state.legal_actions()[0]
    actor = state.current_player()
    original = type(state).action_viewers
    try:
        type(state).action_viewers = lambda self, action: Audience.seats_only()  # type: ignore[method-assign]
        entry = entry_of(state, action)
    finally:
        type(state).action_viewers = original  # type: ignore[method-assign]
    assert entry.audience == Audience.seats_only(actor) and entry.visible_to(actor)
    assert not entry.visible_to(None) and not entry.visible_to(1 - actor)


def test_news_start_is_after_the_readers_last_answered_action() -> None:
    from savanna.core import load_game

    game = load_game("hyena", players=2)
    table = Table(game, [Seat.human(), Seat.human()], seed=2)
    drive(table)
    log = table.log
    for reader in (0, 1):
        start = log.news_start(reader)
        others = [e.index for e in log if not e.is_chance and e.actor != reader]
        own_before = [e.index for e in log if e.actor == reader and e.index < others[-1]]
        assert start == own_before[-1] + 1
    assert log.news_start(None) == 0
    log.mark_seen(0, 10)
    assert log.unseen_start(0) == 10 and log.unseen_start(1) == 0
