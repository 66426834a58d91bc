"""Notation (both directions), refusals of malformed input, and the one secret of the game:
a held sacrifice card (rule sacrifice.secret), which no other seat can learn through any
interface: observation, tensor, drawings, descriptions, audiences."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.games.river_race.helpers import field, play, position

from savanna.core import NotationError, SavannaError, record_of, replay
from savanna.core.play import sample_action
from savanna.games.river_race import RiverRaceGame
from savanna.games.river_race.actions import NUM_ACTIONS, from_id, parse_action_text
from savanna.games.river_race.notation import parse_view, position_text


def _bargaining():
    return position(
        phase="council", pawns="s1u,camp,camp/y1u,y1u,camp", cards="1u:7@0", gold="2,9"
    )


def test_every_action_id_has_notation_that_reads_back() -> None:
    for action in range(NUM_ACTIONS):
        act = from_id(action)
        assert parse_action_text(str(act)).to_id() == action


def test_position_notation_round_trips_through_parse_position() -> None:
    state = play(_bargaining(), "offer 2a 4", "counter 2")
    again = state.game.parse_position(state.to_text())
    assert again.to_text() == state.to_text() and again.legal_actions() == state.legal_actions()
    import savanna

    assert eval(repr(state), {"savanna": savanna}).to_text() == state.to_text()


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"pawns": "a0,a0,camp/camp,camp,camp"}, "two pawns on a0"),
        ({"pawns": "h1,camp,camp/camp,camp,camp"}, "best free hut"),
        ({"cards": "1u:7@0", "pawns": "camp,camp,camp/camp,camp,camp"}, "nobody there"),
        ({"pawns": "s1u,camp,camp/camp,camp,camp"}, "holds a card"),
        ({"pools": "1,2,3"}, "every card once"),
        ({"phase": "move"}, "dice"),
        ({"phase": "answer"}, "offer"),
        ({"offer": "2a:3", "phase": "answer", "asked": "2a"}, "courtyard"),
        ({"counter": "2"}, "counter"),
        ({"end": "three"}, "ending"),
        ({"gold": "5"}, "2 seats"),
        ({"turn": "3"}, "seat"),
        ({"pawns": "zz,camp,camp/camp,camp,camp"}, "no space"),
        ({"cards": "1u:?@0", "pawns": "s1u,camp,camp/camp,camp,camp"}, "complete"),
    ],
)
def test_inconsistent_positions_are_refused_with_a_reason(change: dict[str, Any], why: str) -> None:
    with pytest.raises(NotationError) as info:
        position(**change)
    assert why in str(info.value)


def test_bad_action_text_gets_a_typed_error_naming_what_is_expected() -> None:
    state = play(position(), "2+3")
    for text in ("jump a", "move d", "offer 9z 3", "offer 2a 99", "card x"):
        with pytest.raises(SavannaError):
            state.parse_action(text)
    with pytest.raises(NotationError) as info:
        state.parse_action("fly")
    assert "move a" in str(info.value) and "une de" in info.value.text("fr")


def test_a_chance_outcome_at_a_seat_choice_and_a_seat_action_at_chance_are_refused() -> None:
    """Core rules chance.not_now and seat.not_to_act, and chance.outcome for a card not in the pile."""
    from tests.games.river_race.helpers import refused

    assert refused(play(position(), "2+3"), "4+4") == "chance.not_now"
    assert refused(position(), "move a") == "seat.not_to_act"
    drawing = play(position(phase="council", pawns="y1u,camp,camp/camp,camp,camp", discard="3", pools="1,2,4,5,6,7,8,9,10,11,12"), "step a")
    assert refused(drawing, "card 3") == "chance.outcome"
    assert refused(drawing, "coin 3") == "chance.outcome"


def test_sacrifice_secret_other_seats_views_do_not_depend_on_the_card() -> None:
    """sacrifice.secret: the same position with any other card looks the same to seat 2 and
    to a spectator: observation text and data, tensor, both drawings."""
    game = _bargaining().game
    views: dict[Any, Any] = {}
    for card in (1, 7, 12):
        state = position(phase="council", pawns="s1u,camp,camp/y1u,y1u,camp", cards=f"1u:{card}@0", gold="2,9")
        for viewer in (None, 1):
            obs = state.observation(viewer)
            key = (obs.text, str(obs.data), tuple(game.observation_tensor(obs)), game.render_text(obs), game.render_svg(obs))
            views.setdefault(viewer, set()).add(key)
        assert f"card {card}:" in game.render_text(state.observation(0))
    assert len(views[None]) == 1 and len(views[1]) == 1


def test_sacrifice_secret_the_private_summary_tells_the_holder_alone() -> None:
    """sacrifice.secret: the private panel of the holder names the card and its prices."""
    state = _bargaining()
    game = state.game
    assert game.private_summary(state.observation(0), "en") == [
        "Your pawn 1a holds sacrifice card 7: upper passage 4, lower passage 1; crossing from 1u costs 4."
    ]
    assert "carte de sacrifice 7" in game.private_summary(state.observation(0), "fr")[0]
    assert game.private_summary(state.observation(1)) == [] and game.private_summary(state.observation(None)) == []


def test_sacrifice_secret_the_draw_is_read_by_the_drawer_alone() -> None:
    """sacrifice.secret: the card drawn is an action only its sacrificer may read; everything
    else is public."""
    state = play(position(phase="council", pawns="y1u,camp,camp/camp,camp,camp"), "step a")
    audience = state.action_viewers(state.parse_action("card 7"))
    assert audience.includes(0) and not audience.includes(1) and not audience.includes(None)
    play(state, "card 7")
    assert state.action_viewers(state.legal_actions()[0]).everyone


def test_sacrifice_secret_whether_the_sacrificer_can_pay_does_not_show() -> None:
    """sacrifice.secret: after the draw the turn always goes on to the sacrificer's choice
    (even when only ``roll`` is left), so the table cannot tell a card it cannot pay."""
    for card in ("1", "12"):
        state = play(position(phase="council", pawns="y1u,camp,camp/camp,camp,camp", gold="0,5"), "step a", f"card {card}")
        assert field(state, "phase") == "council"
    assert state.legal_action_texts() == ["roll"]


def test_sample_state_redraws_hidden_cards_from_what_the_observer_cannot_rule_out() -> None:
    """Determinization for ISMCTS: seat 2 sees a card held at 1u; redrawn cards are never
    the ones revealed, and the redraws vary."""
    state = position(phase="council", pawns="s1u,camp,camp/y1u,y1u,camp", cards="1u:7@0", gold="2,9", discard="3,4", pools="1,2,5,6,7,8,9,10,11,12")
    view = state.observation(1)
    rng = random.Random(4)
    seen = set()
    for _ in range(60):
        other = state.game.sample_state(view, rng)
        assert other.observation(1).text == view.text
        seen.add(other.held[0])
    assert seen <= {c - 1 for c in (1, 2, 5, 6, 7, 8, 9, 10, 11, 12)} and len(seen) > 4


def test_sample_state_a_card_held_from_an_old_deck_is_one_of_that_decks_unrevealed_cards() -> None:
    """deck.reshuffle: a card drawn before the reshuffle can only be one the old deck still
    lacks; with one such card, even the other seats know it."""
    discard = ",".join(str(c) for c in range(1, 12))
    state = play(position(phase="council", pawns="y1u,camp,camp/s2u,camp,camp", cards="2u:12@0", pools="12", discard=discard), "step a", "card 5")
    view = state.observation(0)
    assert "2u:?@0" in view.text
    rng = random.Random(1)
    assert {state.game.sample_state(view, rng).held[2] for _ in range(20)} == {11}


def test_parse_view_reads_hidden_cards_and_parse_position_refuses_them() -> None:
    state = _bargaining()
    text = position_text(state, 1)
    seen, hidden = parse_view(state.game, text)
    assert hidden == [0] and seen.held[0] == -1
    with pytest.raises(NotationError):
        state.game.parse_position(text)


def test_records_replay_exactly_and_keep_every_hidden_draw() -> None:
    game = RiverRaceGame(players=3)
    rng = random.Random(12)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply(sample_action(state, rng))
    record = record_of(state, seed=12)
    assert any(a.startswith("card ") for a in record.actions)
    assert replay(record).to_text() == state.to_text()
