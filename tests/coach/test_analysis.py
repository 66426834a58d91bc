"""The coach's analysis: from one observation, reproducible, exact where small, honest intervals."""

from __future__ import annotations

import random

import pytest

from savanna.coach import CoachError, analyse
from savanna.coach.analysis import ROOT_KEY
from savanna.coach.interval import Z
from savanna.coach.policy import Policy, path_key
from savanna.coach.simulation import EndReader, enumerate_ends
from savanna.core import OptionError, load_game
from savanna.games.banjooli import BanjooliState
from tests.coach.conftest import ListedToy, toy_position


def _mid_banjooli(seed: int, turn: int = 6):
    game = load_game("banjooli")
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, BanjooliState)
    while not (state.turn >= turn and state.phase_name == "decide" and len(state.legal_actions()) > 1):
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_player()
            state.apply(game.heuristic_action(state.observation(seat), state.legal_actions(), rng))
    return game, state


def test_the_same_seed_and_rounds_give_the_same_analysis() -> None:
    game = ListedToy(3, {"length": 8})
    state = toy_position(game, [2, 3, 1], [0, 1, 2], turn=0, roll=2)
    first = analyse(game, state.observation(0), seed=4, samples=30)
    again = analyse(game, state.observation(0), seed=4, samples=30)
    other = analyse(game, state.observation(0), seed=5, samples=30)
    assert first.to_json() == again.to_json()
    assert first.to_json() != other.to_json()
    assert first.rounds == 30


def test_a_small_position_with_every_possibility_listed_is_answered_exactly(listed_toy: ListedToy) -> None:
    state = toy_position(listed_toy, [4, 5, 3], [0, 2], turn=0, roll=1)
    result = analyse(listed_toy, state.observation(0), seed=1, samples=50, exact_nodes=100_000)
    assert result.exact
    assert result.rounds == 3  # one per card seat 1 may hold, then nothing is left to learn
    # By hand: seat 0 (card A) moves A one step with roll 1 -> A at 5; then the race goes on.
    # The interval is where the value for the true card lies: the spread over the three
    # cards seat 1 may hold (no sampling error is left).
    policy = Policy(listed_toy)
    reader = EndReader(listed_toy, 0)
    for value in result.actions:
        per_card = []
        for det in listed_toy.determinizations(state.observation(0)):
            det.apply(value.action)
            ends = enumerate_ends(det, policy, path_key(ROOT_KEY, value.action), reader, 100_000)
            assert ends is not None
            per_card.append(sum(p * end.score for p, end in ends))
        mean = sum(per_card) / 3
        spread = (sum((x - mean) ** 2 for x in per_card) / 3) ** 0.5
        assert value.score.value == pytest.approx(mean)
        assert value.score.exact and value.score.sampling == 0
        assert value.score.spread == pytest.approx(spread)
        assert value.score.low == pytest.approx(max(0.0, mean - Z * spread))
        assert value.score.high == pytest.approx(min(1.0, mean + Z * spread))


def test_simulated_intervals_hold_the_exact_values_at_least_95_percent_of_the_time() -> None:
    """Small positions (the last steps of a toy race): simulated odds against enumeration."""
    game = ListedToy(2, {"length": 7})
    rng = random.Random(2024)
    covered = total = 0
    for case in range(40):
        pos = [rng.randrange(1, 6) for _ in range(3)]
        state = toy_position(game, pos, [rng.randrange(3), rng.randrange(3)], turn=case % 2, roll=rng.choice([0, 1, 2, 3]))
        seat = rng.randrange(2)
        observation = state.observation(seat)
        exact = analyse(game, observation, seed=case, samples=10, exact_nodes=1_000_000)
        assert exact.exact
        simulated = analyse(game, observation, seed=case, samples=60, exact_nodes=0)
        assert not simulated.exact
        estimates = []
        for q_exact, q_sim in zip(exact.odds, simulated.odds, strict=True):
            if exact.to_act and exact.best is not None and exact.best.action != (simulated.best.action if simulated.best else None):
                break  # the odds are after each analysis' own best move
            for a_exact, a_sim in zip(q_exact.answers, q_sim.answers, strict=True):
                estimates.append((a_exact.chance.value, a_sim.chance))
        for v_exact, v_sim in zip(exact.actions, simulated.actions, strict=True):
            estimates.append((v_exact.score.value, v_sim.score))
            estimates.append((v_exact.win.value, v_sim.win))
        estimates.append((exact.score.value, simulated.score))
        for value, interval in estimates:
            if interval.low == interval.high:
                continue  # every sample agreed: nothing uncertain to check here
            total += 1
            covered += interval.low - 1e-9 <= value <= interval.high + 1e-9
    assert total > 300
    assert covered / total >= 0.95


def test_hidden_cards_of_others_are_sampled_not_read() -> None:
    """Swapping another seat's Prediction card changes nothing the coach says."""
    game, state = _mid_banjooli(3)
    seat = state.current_player()
    other = (seat + 1) % game.num_players
    swapped = state.clone()
    free = next(c for c in range(10) if c not in state.cards)
    swapped.cards[other] = free
    assert swapped.to_text() != state.to_text()
    first = analyse(game, state.observation(seat), seed=8, samples=3)
    second = analyse(game, swapped.observation(seat), seed=8, samples=3)
    assert first.to_json() == second.to_json()


def test_a_seat_not_to_act_gets_the_odds_of_the_position_and_no_moves() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [1, 1, 1], [0, 1], turn=1, roll=2)
    result = analyse(game, state.observation(0), seed=1, samples=20)
    assert not result.to_act
    assert result.actions == () and result.best is None
    assert sum(a.chance.value for a in result.odds[0].answers) == pytest.approx(1.0)


def test_a_finished_game_is_answered_exactly_by_its_result() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [6, 2, 1], [0, 1])
    assert state.is_terminal()
    result = analyse(game, state.observation(1), samples=5)
    assert result.exact and result.score.value == 0.0
    # Seat 1 (card B) scores 0; it shares first place unless seat 0's hidden card is A.
    assert result.win.value == pytest.approx(2 / 3)


def test_the_moves_kept_and_the_models_move_are_played_in_every_round() -> None:
    game = ListedToy(3, {"length": 10})
    state = toy_position(game, [0, 0, 0], [0, 1, 2], turn=0, roll=3)
    result = analyse(game, state.observation(0), seed=2, samples=40, min_rounds=2, keep=(2,))
    assert result.action(2).score.samples == 40
    model_move = 0  # the heuristic moves the seat's own card's runner
    assert result.action(model_move).score.samples == 40
    best = result.best
    assert best is not None and not best.dropped


def test_bad_requests_are_refused_with_one_clear_error() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [1, 1, 1], [0, 1], roll=2)
    with pytest.raises(CoachError, match="spectator"):
        analyse(game, state.observation(None), samples=2)
    with pytest.raises(CoachError, match="not of 'hyena'"):
        analyse(load_game("hyena"), state.observation(0), samples=2)
    with pytest.raises(OptionError, match="samples"):
        analyse(game, state.observation(0), samples=0)
    with pytest.raises(OptionError, match="seconds"):
        analyse(game, state.observation(0), seconds=-1)
    with pytest.raises(OptionError, match="objective"):
        analyse(game, state.observation(0), samples=2, objective="glory")  # type: ignore[arg-type]
    with pytest.raises(CoachError, match="legal actions"):
        analyse(game, state.observation(0), samples=2, legal_actions=[0])


def test_a_time_budget_answers_with_at_least_one_whole_round() -> None:
    game, state = _mid_banjooli(4)
    result = analyse(game, state.observation(state.current_player()), seconds=0.01)
    assert result.rounds >= 1
    assert all(a.score.samples == result.rounds for a in result.actions if not a.dropped)


def test_the_chance_to_win_objective_marks_the_move_most_likely_to_win() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [4, 5, 3], [0, 2], turn=0, roll=1)
    result = analyse(game, state.observation(0), samples=10, exact_nodes=100_000, objective="win")
    best = result.best
    assert best is not None
    assert best.win.value == max(a.win.value for a in result.actions)


@pytest.mark.slow
def test_banjooli_last_steps_simulated_intervals_hold_the_exact_values() -> None:
    """The last moves of Banjooli races (every card assignment listed, every end enumerated):
    at least 95% of the simulated intervals hold the exact value."""
    from savanna.bots import make_bots, parse_bot_spec, play_game

    game = load_game("banjooli")
    covered = total = exact_positions = 0
    index = 0
    while exact_positions < 10:
        final = play_game(game, make_bots(game, [parse_bot_spec("heuristic")] * 4, seed=index), seed=index)
        replay = game.new_initial_state()
        for i, action in enumerate(final.history):
            if i >= len(final.history) - 12 and not replay.is_chance_node() and len(replay.legal_actions()) > 1:
                observation = replay.observation(replay.current_player())
                probe = analyse(game, observation, seed=i, samples=1, exact_nodes=2000)
                if probe.rollouts == 0:
                    exact = analyse(game, observation, seed=i, samples=600, exact_nodes=2000)
                    assert exact.exact and exact.rounds == 504  # 9·8·7 card assignments
                    exact_positions += 1
                    simulated = analyse(game, observation, seed=i, samples=150, exact_nodes=0)
                    pairs = [(a.score.value, b.score) for a, b in zip(exact.actions, simulated.actions, strict=True)]
                    pairs += [(a.win.value, b.win) for a, b in zip(exact.actions, simulated.actions, strict=True)]
                    for value, interval in pairs:
                        if interval.low < interval.high:
                            total += 1
                            covered += interval.low - 1e-9 <= value <= interval.high + 1e-9
            replay.apply_unchecked(action)
        index += 1
    assert total >= 20
    assert covered / total >= 0.95


def test_odds_alone_skip_the_moves_and_equal_those_of_the_models_move(listed_toy: ListedToy) -> None:
    """``moves=False`` (the terminal's and the browser's ``odds``): the seat plays the model."""
    state = toy_position(listed_toy, [4, 5, 3], [0, 2], turn=0, roll=1)
    full = analyse(listed_toy, state.observation(0), seed=1, samples=50, exact_nodes=100_000)
    alone = analyse(listed_toy, state.observation(0), seed=1, samples=50, exact_nodes=100_000, moves=False)
    assert full.to_act and full.actions and full.best is not None
    assert not alone.to_act and alone.actions == () and alone.best is None and alone.exact
    model = Policy(listed_toy).choose(state.clone(), state.legal_actions(), ROOT_KEY)
    (followed,) = [v for v in full.actions if v.action == model]
    assert alone.score.value == pytest.approx(followed.score.value)
    assert alone.win.value == pytest.approx(followed.win.value)


def test_a_hint_compares_the_moves_a_round_ahead_and_gives_the_odds_after_the_best() -> None:
    """``advise``: the moves compared one round of the table ahead (the game's evaluation),
    the score and odds those of simulations to the end after the best move."""
    from savanna.coach import advise
    from savanna.core import derive_seed

    game, state = _mid_banjooli(3)
    observation = state.observation(state.current_player())
    hint = advise(game, observation, seed=5, samples=12)
    assert hint.to_act and hint.horizon == game.num_players
    assert {a.action for a in hint.actions} == set(state.legal_actions())
    best = hint.best
    assert best is not None
    after = analyse(
        game, observation, seed=derive_seed(5, "advice", "after"), samples=12, actions=[best.action], with_model=False
    )
    assert after.horizon is None and [a.action for a in after.actions] == [best.action]
    assert hint.score == after.score and hint.odds == after.odds and hint.rounds == 24
