"""Every registered game's restrictions (restricted play) obey the core's contract.

A restriction keeps a non-empty part of the legal actions and hides only the restricted
seat's own secrets: what every other seat and a spectator see is unchanged, and the real
position is never touched. Checked on the positions of seeded heuristic games in which
seat 1 plays under each restriction.
"""

from __future__ import annotations

import random

import pytest

from savanna.bots import RestrictedBot, make_bots, parse_bot_spec, play_game
from savanna.core import load_game, registered_games

GAMES = sorted(name for name in registered_games() if load_game(name).restrictions())


def test_every_game_of_the_project_declares_restrictions() -> None:
    assert {"banjooli", "hyena", "river-race"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_restrictions_are_named_once_and_worded_in_both_languages(name: str) -> None:
    game = load_game(name)
    names = [r.name for r in game.restrictions()]
    assert len(names) == len(set(names))
    for restriction in game.restrictions():
        assert restriction.words("en") and restriction.words("fr")
        assert restriction.words("en") != restriction.words("fr")
        assert game.restriction(restriction.name).name == restriction.name


@pytest.mark.parametrize("name", GAMES)
def test_a_restriction_keeps_legal_actions_and_hides_only_the_seats_own_secrets(name: str) -> None:
    game = load_game(name, players=3)
    applied = {r.name: 0 for r in game.restrictions()}
    for restriction in game.restrictions():
        specs = [parse_bot_spec("heuristic"), parse_bot_spec(f"heuristic:restrict={restriction.name}")]
        specs.append(parse_bot_spec("heuristic"))
        final = play_game(game, bots := make_bots(game, specs, seed=11), seed=11)
        assert isinstance(bots[1], RestrictedBot) and bots[1].decisions > 0
        state = game.new_initial_state()
        rng = random.Random(5)
        for action in final.history:
            if not state.is_chance_node() and state.current_player() == 1:
                legal = state.legal_actions()
                before = state.to_text()
                kept = restriction.allowed(state, 1, legal)
                assert kept and set(kept) <= set(legal)
                if len(kept) < len(legal):
                    applied[restriction.name] += 1
                    assert action in kept, f"{restriction.name}: seat 2 chose what it gave up"
                if restriction.blind is not None:
                    seen = restriction.blind(state, 1, rng)
                    if seen is not None:
                        applied[restriction.name] += 1
                        for seat in (None, 0, 2):
                            assert seen.observation(seat).to_json() == state.observation(seat).to_json()
                assert state.to_text() == before  # the real position is untouched
            state.apply(action)
    assert any(applied.values())
