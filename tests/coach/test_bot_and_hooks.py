"""The coach bot, and the hooks the coach asks of every registered game."""

from __future__ import annotations

import random

import pytest

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.coach.simulation import EndReader
from savanna.core import load_game, registered_games
from tests.coach.conftest import ListedToy, toy_position


def test_the_coach_bot_is_a_bot_kind_and_finishes_a_game() -> None:
    game = load_game("hyena", 2, {"rules": "three-sticks", "length": 30})
    bots = make_bots(game, [parse_bot_spec("coach:samples=2"), parse_bot_spec("heuristic")], seed=3)
    final = play_game(game, bots, seed=3)
    assert final.is_terminal()
    assert bots[0].last_analysis.seat == 0  # type: ignore[attr-defined]


def test_the_coach_bot_plays_the_move_of_highest_expected_score() -> None:
    """On a small toy position the coach's answer is exact, and the bot follows it."""
    game = ListedToy(2, {"length": 6})
    bot = parse_bot_spec("coach:samples=5").build(game, 0, random.Random(1))
    state = toy_position(game, [4, 5, 3], [0, 2], turn=0, roll=1)
    action = bot.act(state.observation(0), state.legal_actions())
    result = bot.last_analysis  # type: ignore[attr-defined]
    assert result.exact
    assert action == result.best.action
    assert result.best.score.value == max(a.score.value for a in result.actions)


def _playout_states(name: str, seed: int, count: int):
    game = load_game(name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal() and seen < count:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        yield game, state, legal
        seen += 1
        state.apply(game.heuristic_action(state.observation(state.current_player()), legal, rng))


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_the_heuristic_in_a_state_is_the_heuristic_of_the_observation(name: str) -> None:
    """``heuristic_action_in_state`` may be faster, never different (same draws too)."""
    for game, state, legal in _playout_states(name, 11, 150):
        a, b = random.Random(7), random.Random(7)
        fast = game.heuristic_action_in_state(state, legal, a)
        slow = game.heuristic_action(state.observation(state.current_player()), legal, b)
        assert fast == slow
        assert a.random() == b.random()


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_the_secret_in_a_state_is_the_secret_of_the_observation(name: str) -> None:
    """``secret_in_state`` may be faster, never different, for every seat and determinization."""
    for game, state, _ in _playout_states(name, 12, 60):
        for seat in range(game.num_players):
            det = game.sample_state(state.observation(seat), random.Random(seat))
            for other in range(game.num_players):
                assert game.secret_in_state(det, other) == game.secret(det.observation(other))


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_finished_game_answers_each_outcome_question_once(name: str) -> None:
    game = load_game(name)
    questions = game.outcome_questions()
    assert questions and len({q.key for q in questions}) == len(questions)
    for q in questions:
        assert q.answers and len(set(q.answer_keys())) == len(q.answers)
        game.label_text(q.label, "en")
        game.label_text(q.label, "fr")
        for answer in q.answers:
            game.label_text(answer.label, "en")
            game.label_text(answer.label, "fr")
    reader = EndReader(game, 0)
    rng = random.Random(3)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(game.heuristic_action(state.observation(state.current_player()), legal, rng))
        assert set(game.outcomes(state)) == {q.key for q in questions}
        reader.read(state)  # raises on an undeclared answer


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_listed_determinizations_agree_with_the_observation(name: str) -> None:
    for game, state, _ in _playout_states(name, 5, 40):
        seat = state.current_player()
        observation = state.observation(seat)
        listed = game.determinizations(observation)
        if listed is None:
            assert not game.spec.perfect_information  # the default lists the one state
            continue
        texts = {det.to_text() for det in listed}
        assert len(texts) == len(listed)
        assert state.to_text() in texts
        for det in listed:
            assert det.observation(seat).text == observation.text
        drawn = game.sample_state(observation, random.Random(1))
        assert drawn.to_text() in texts


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_a_determinization_keeps_the_observers_own_secret(name: str) -> None:
    rng = random.Random(2)
    for game, state, _ in _playout_states(name, 9, 30):
        for seat in range(game.num_players):
            view = state.observation(seat)
            secret = game.secret(view)
            if game.spec.perfect_information:
                assert secret is None
            drawn = game.sample_state(view, rng)
            assert game.secret(drawn.observation(seat)) == secret
