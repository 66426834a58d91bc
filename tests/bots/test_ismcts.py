"""Information-set MCTS: it searches only what its seat knows, and it plays sensibly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from savanna.bots import BotError, ISMCTSBot, Search, parse_bot_spec
from savanna.core import load_game
from savanna.core.play import sample_action


def _toy_decision(own_card: int, other_card: int):
    """A 2-seat toy position, seat 0 to move a runner with a roll of 2; cards as given."""
    game = load_game("toy", players=2, options={"length": 6})
    state = game.new_initial_state()
    for action in (own_card, other_card, 1):  # deal seat 0, deal seat 1, roll 2
        state.apply(action)
    return game, state


def _choices(game, observation, legal, seeds=range(12), sims=60):
    return [ISMCTSBot(game, 0, random.Random(s), sims=sims).act(observation, legal) for s in seeds]


def test_ismcts_choice_ignores_another_seats_hidden_card(toy_game_class: type) -> None:
    """Swapping seat 1's secret card leaves seat 0's view, and so its choices, unchanged."""
    game, real = _toy_decision(own_card=0, other_card=1)
    _, swapped = _toy_decision(own_card=0, other_card=2)
    # The two states differ in a secret, the secret's owner sees it, seat 0 does not.
    assert real.to_text() != swapped.to_text()
    assert real.observation(1) != swapped.observation(1)
    assert real.observation(0) == swapped.observation(0)
    legal = real.legal_actions()
    with_real = _choices(game, real.observation(0), legal)
    with_swapped = _choices(game, swapped.observation(0), legal)
    assert with_real == with_swapped
    # The search statistics themselves are identical, not only the final choices.
    searches = []
    for state in (real, swapped):
        search = Search(game, state.observation(0), legal, random.Random(3))
        search.run(sims=80)
        searches.append((search.root.visits, search.root.reward, len(search.tree)))
    assert searches[0] == searches[1]


def test_ismcts_choice_follows_its_own_card(toy_game_class: type) -> None:
    """What the seat does know matters: with its own card changed, it pushes another runner."""
    game, with_a = _toy_decision(own_card=0, other_card=1)
    _, with_c = _toy_decision(own_card=2, other_card=1)
    legal = with_a.legal_actions()
    choices_a = Counter(_choices(game, with_a.observation(0), legal, sims=150))
    choices_c = Counter(_choices(game, with_c.observation(0), legal, sims=150))
    assert choices_a.most_common(1)[0][0] == 0
    assert choices_c.most_common(1)[0][0] == 2


def test_ismcts_is_deterministic_for_a_seed(game_name: str) -> None:
    game = load_game(game_name)
    rng = random.Random(2)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_unchecked(sample_action(state, rng))
    seat = state.current_player()
    obs, legal = state.observation(seat), state.legal_actions()
    first = [ISMCTSBot(game, seat, random.Random(s), sims=25).act(obs, legal) for s in range(4)]
    again = [ISMCTSBot(game, seat, random.Random(s), sims=25).act(obs, legal) for s in range(4)]
    assert first == again
    assert all(a in legal for a in first)


def test_ismcts_view_of_a_determinization_is_its_own(game_name: str) -> None:
    """Any state consistent with the bot's view gives the same search (generic hidden swap)."""
    game = load_game(game_name)
    rng = random.Random(8)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_unchecked(sample_action(state, rng))
    seat = state.current_player()
    obs = state.observation(seat)
    other = game.sample_state(obs, random.Random(99))
    assert other.observation(seat) == obs
    results = []
    for s in (state, other):
        search = Search(game, s.observation(seat), s.legal_actions(), random.Random(5))
        search.run(sims=40)
        results.append((search.best_action(), search.root.visits))
    assert results[0] == results[1]


def test_ismcts_credits_each_seat_with_its_own_normalised_score(toy_game_class: type) -> None:
    game, state = _toy_decision(own_card=0, other_card=0)
    search = Search(game, state.observation(0), state.legal_actions(), random.Random(1))
    search.run(sims=200)
    assert search.simulations == 200
    assert sum(search.root.visits.values()) == 200
    for a, n in search.root.visits.items():
        assert 0.0 <= search.root.reward[a] / n <= 1.0
    # Nodes of seat 1 exist: the opponent's decisions are searched from its own view.
    assert any(seat == 1 for seat, _ in search.tree)


def test_ismcts_with_heuristic_rollouts_and_time_budget(toy_game_class: type) -> None:
    game, state = _toy_decision(own_card=1, other_card=0)
    bot = ISMCTSBot(game, 0, random.Random(0), seconds=0.05, rollout="heuristic")
    assert bot.act(state.observation(0), state.legal_actions()) in state.legal_actions()
    assert bot.last_search.simulations >= 1


def test_ismcts_refuses_a_spectator_observation(toy_game_class: type) -> None:
    game, state = _toy_decision(own_card=1, other_card=0)
    with pytest.raises(BotError, match="spectator"):
        Search(game, state.observation(None), state.legal_actions(), random.Random(0))


def test_ismcts_default_budget_is_simulations(toy_game_class: type) -> None:
    game = load_game("toy")
    bot = parse_bot_spec("ismcts").build(game, 0, random.Random(0))
    assert bot.config.sims == 1000  # type: ignore[attr-defined]
    assert bot.config.seconds is None  # type: ignore[attr-defined]


def test_heuristic_prior_is_tried_first_at_a_new_information_set(toy_game_class: type) -> None:
    game, state = _toy_decision(own_card=2, other_card=0)
    obs, legal = state.observation(0), state.legal_actions()
    search = Search(game, obs, legal, random.Random(0), prior="heuristic")
    search.run(sims=1)
    assert search.root.visits == {2: 1}  # the toy heuristic pushes the runner on its card
    unguided = [Search(game, obs, legal, random.Random(s), prior="none") for s in range(6)]
    for s in unguided:
        s.run(sims=1)
    assert {next(iter(s.root.visits)) for s in unguided} != {2}
