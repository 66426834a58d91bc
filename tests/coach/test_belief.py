"""Beliefs over the other seats' secret cards, from the moves they made."""

from __future__ import annotations

import pytest

from savanna.coach import CoachError
from savanna.coach.belief import BeliefTracker, Decision, beliefs, decisions_seen
from savanna.core import Label, OptionError
from tests.coach.conftest import ListedToy, toy_position


def _game_of_seat_one_pushing_c(game: ListedToy):
    """Seat 1 holds card C and moves C every turn; seat 0 (card A) moves A."""
    state = toy_position(game, [0, 0, 0], [0, 2])
    pairs = []
    rolls = [1] * 16
    for roll in rolls:
        if state.is_terminal():
            break
        state.apply(roll - 1)  # the roll
        action = state.cards[state.turn]
        pairs.append((state.clone(), action))
        state.apply(action)
    return state, pairs


def test_a_seat_that_keeps_pushing_one_runner_is_believed_to_hold_its_card() -> None:
    game = ListedToy(2, {"length": 12})
    state, pairs = _game_of_seat_one_pushing_c(game)
    seen = decisions_seen(pairs, 0)
    assert [d.seat for d in seen] == [1] * 8
    (belief,) = beliefs(game, state.observation(0), seen, seed=1)
    assert belief.seat == 1 and belief.decisions == 8
    assert belief.secrets[0].secret == Label("toy.card", {"runner": "C"})
    assert belief.secrets[0].chance > 0.8
    assert belief.secrets[0].prior == pytest.approx(1 / 3)
    assert 1.0 <= belief.candidates < 2.0
    assert sum(s.chance for s in belief.secrets) == pytest.approx(1.0)


def test_without_decisions_the_belief_is_the_prior() -> None:
    game = ListedToy(2, {"length": 12})
    state = toy_position(game, [0, 0, 0], [0, 2])
    (belief,) = beliefs(game, state.observation(0), [], seed=1)
    assert [s.chance for s in belief.secrets] == pytest.approx([1 / 3] * 3)
    assert belief.candidates == pytest.approx(3.0)


def test_beliefs_read_observations_only_so_the_true_card_changes_nothing() -> None:
    game = ListedToy(2, {"length": 12})
    state, pairs = _game_of_seat_one_pushing_c(game)
    seen = decisions_seen(pairs, 0)
    swapped = state.clone()
    swapped.cards[1] = 0
    assert beliefs(game, state.observation(0), seen, seed=2) == beliefs(game, swapped.observation(0), seen, seed=2)


def test_a_tracker_updated_move_by_move_agrees_with_the_whole_history() -> None:
    game = ListedToy(2, {"length": 12})
    state, pairs = _game_of_seat_one_pushing_c(game)
    tracker = BeliefTracker(game, 0, seed=3)
    for decision in decisions_seen(pairs, 0):
        tracker.add(decision)
    assert tracker.decisions == 8
    assert tracker.beliefs(state.observation(0)) == beliefs(game, state.observation(0), decisions_seen(pairs, 0), seed=3)


def test_decisions_the_seat_may_not_read_are_left_out() -> None:
    game = ListedToy(2, {"length": 12})
    state = game.new_initial_state()
    # The deal: seat 1's card is read by seat 1 only.
    state.apply(0)
    pairs = [(state.clone(), 2)]
    assert decisions_seen(pairs, 0) == []


def test_bad_belief_requests_are_refused() -> None:
    game = ListedToy(2, {"length": 12})
    state = toy_position(game, [0, 0, 0], [0, 2])
    with pytest.raises(OptionError, match="noise"):
        BeliefTracker(game, 0, noises=(0.5, 0))
    with pytest.raises(CoachError, match="spectator"):
        beliefs(game, state.observation(None), [])
    tracker = BeliefTracker(game, 0)
    with pytest.raises(CoachError, match="analysed seat"):
        tracker.add(Decision(state.observation(1), 1, 0))


def test_the_analysis_draws_the_others_cards_from_the_belief() -> None:
    """Seat 1 pushed C eight times: the odds are those of C, not the mean over A, B and C."""
    from savanna.coach import analyse, posterior
    from savanna.coach.analysis import ROOT_KEY
    from savanna.coach.policy import Policy
    from savanna.coach.simulation import EndReader, enumerate_ends

    game = ListedToy(2, {"length": 12})
    state, pairs = _game_of_seat_one_pushing_c(game)
    observation = state.observation(0)
    belief = posterior(game, observation, decisions_seen(pairs, 0), seed=1)
    assert belief.listed and len(belief.states) == 3
    reader, model = EndReader(game, 0), Policy(game)
    per_card = []
    for det in belief.states:
        ends = enumerate_ends(det.clone(), model, ROOT_KEY, reader, 100_000)
        assert ends is not None
        per_card.append(sum(p * end.score for p, end in ends))
    weighted = sum(w * v for w, v in zip(belief.weights, per_card, strict=True))
    uniform = sum(per_card) / 3
    assert abs(weighted - uniform) > 0.1  # the card matters here
    believed = analyse(game, observation, belief=belief, seed=1, samples=50, moves=False)
    plain = analyse(game, observation, seed=1, samples=50, moves=False)
    assert believed.score.value == pytest.approx(weighted, abs=0.02)
    assert plain.score.value == pytest.approx(uniform, abs=0.05)
    truth = enumerate_ends(state.clone(), model, ROOT_KEY, reader, 100_000)  # seat 1 holds C
    assert truth is not None
    true_value = sum(p * end.score for p, end in truth)
    assert believed.score.low - 1e-9 <= true_value <= believed.score.high + 1e-9
    # drawn uniformly, the other cards pull the estimate away from the true-state value
    assert abs(plain.score.value - true_value) > abs(believed.score.value - true_value) + 0.1


def test_a_seat_that_does_not_play_like_the_model_keeps_its_card_near_the_prior() -> None:
    """Seat 1 holds C and pushes A, B, A, B: no card explains it. One kind of player (noise
    0.1) all but rules C out; the mixture of kinds learns that seat 1 does not play like the
    model and keeps C possible."""
    game = ListedToy(2, {"length": 12})
    state = toy_position(game, [0, 0, 0], [0, 2])
    pairs = []
    for k in range(8):
        state.apply(0)  # a roll of 1
        action = 0 if state.turn == 0 else (k // 2) % 2
        pairs.append((state.clone(), action))
        state.apply(action)
    seen = decisions_seen(pairs, 0)
    c = Label("toy.card", {"runner": "C"})
    (naive,) = beliefs(game, state.observation(0), seen, seed=1, noises=(0.1,))
    (mixed,) = beliefs(game, state.observation(0), seen, seed=1)
    assert naive.chance(c) < 0.01 and naive.follows == pytest.approx(0.9)
    assert mixed.chance(c) > 0.1
    assert mixed.follows is not None and mixed.follows < 0.5
