"""Clickable boards: every key an action points at is drawn in the acting seat's SVG.

``State.action_targets(action)`` names ``data-target`` elements of ``Game.render_svg``; a
browser highlights them and plays the action when they are clicked. Checked for every
registered game along seeded random games.
"""

from __future__ import annotations

import random
import re

import pytest

from savanna.core import load_game, registered_games, sample_action

TARGET = re.compile(r'data-target="([^"]+)"')


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_action_target_is_drawn_for_the_acting_seat(name):
    pointed = 0
    for seed in range(3):
        game = load_game(name, options={"berries": True} if name == "banjooli" else None)
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < 400:
            seat = state.current_player()
            if seat >= 0:
                drawn = set(TARGET.findall(game.render_svg(state.observation(seat))))
                for action in state.legal_actions():
                    targets = state.action_targets(action)
                    assert set(targets) <= drawn, (state.action_to_text(action), targets)
                    pointed += bool(targets)
            state.apply(sample_action(state, rng))
            steps += 1
    if name == "banjooli":
        assert pointed > 100  # dice, ostriches and spaces are clickable


def test_a_reroll_points_at_its_dice_and_a_step_at_where_it_lands():
    game = load_game("banjooli", players=2)
    rng = random.Random(4)
    state = game.new_initial_state()
    seen: dict[str, tuple[str, ...]] = {}
    while not state.is_terminal() and len(seen) < 4:
        if state.current_player() >= 0:
            for action in state.legal_actions():
                text = state.action_to_text(action)
                seen.setdefault(text.split()[0], state.action_targets(action))
                if text == "reroll 136":
                    assert state.action_targets(action) == ("die:1", "die:3", "die:6")
                if text == "keep":
                    assert state.action_targets(action) == ()
        state.apply(sample_action(state, rng))
    assert seen["move"][0].startswith("ostrich:")
    assert seen["step"] and seen["step"][0].startswith(("space:", "finish"))


def test_a_path_is_an_ostrich_then_the_square_it_stops_on_and_the_steps_that_get_it_there():
    """``action_paths``: clicking the ostrich (``via``) then the square (``end``) plays the
    action and its ``then`` actions, each legal for the same seat in turn, and the ostrich
    stands on ``end`` after them; both keys are drawn. A step with no fork plays itself."""
    game = load_game("banjooli", players=2, options={"berries": True})
    paths = forced = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            if seat >= 0:
                drawn = set(TARGET.findall(game.render_svg(state.observation(seat))))
                legal = state.legal_actions()
                for action in legal:
                    assert game.plays_itself(state, action) == (len(legal) == 1 and state.action_to_text(action).split()[0]
                                                          in ("step", "jump"))
                    forced += game.plays_itself(state, action)
                    for via, end, then in game.action_paths(state, action):
                        assert {via, end} <= drawn, (via, end)
                        after = state.clone()
                        after.apply(action)
                        for next_action in then:
                            assert after.current_player() == seat and next_action in after.legal_actions()
                            after.apply(next_action)
                        ostrich = "BYRGP".index(via.split(":")[1])
                        position = after.pos[ostrich]  # type: ignore[attr-defined]
                        assert end == ("finish" if position < 0 else f"space:{position}")
                        paths += 1
            state.apply(sample_action(state, rng))
    assert paths > 100 and forced > 5
