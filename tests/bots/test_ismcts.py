"""Information-set MCTS: it searches only what its seat knows, and it plays sensibly."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from savanna.bots import BotError, ISMCTSBot, Search, parse_bot_spec
from savanna.bots.ismcts import DEFAULT_DEPTH, InfoSetNode
from savanna.core import OptionError, load_game
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


# -- rollouts cut short by the game's evaluation -------------------------------------------


def _evaluating_toy(toy_game_class: Any, favourite: int) -> Any:
    """The toy race with an evaluation: every seat is told runner ``favourite`` wins."""

    class EvaluatingToy(toy_game_class):  # type: ignore[misc]  # a subclass of the toy game built for the test
        calls = 0

        def evaluate(self, state):
            type(self).calls += 1
            assert not state.is_terminal()
            return [1.0 if card == favourite else 0.0 for card in state.cards]

    return EvaluatingToy


def _decision(game_class: type, own_card: int, length: int = 20):
    game = game_class(players=2, options={"length": length})
    state = game.new_initial_state()
    for action in (own_card, 1, 1):  # deal seat 0, deal seat 1, roll 2
        state.apply(action)
    return game, state


def test_depth_cut_asks_the_games_evaluation_at_the_cut(toy_game_class: type) -> None:
    """With depth=0 every rollout is the evaluation, and the evaluation decides."""
    game_class = _evaluating_toy(toy_game_class, favourite=2)
    game, state = _decision(game_class, own_card=0)
    search = Search(game, state.observation(0), state.legal_actions(), random.Random(1), depth=0)
    search.run(sims=60)
    assert search.evaluations == search.simulations == 60
    assert game_class.calls == 60
    # The evaluation says runner C (2) wins; seat 0 holds A (0) and so is worth 0 whatever
    # it does, and every choice looks alike: the mean rewards are all 0.
    assert all(r == 0.0 for r in search.root.reward.values())
    # Seat 0 holding C is told it wins in every rollout.
    game, state = _decision(game_class, own_card=2)
    search = Search(game, state.observation(0), state.legal_actions(), random.Random(1), depth=0)
    search.run(sims=30)
    assert all(search.root.reward[a] == search.root.visits[a] for a in search.root.visits)


def test_depth_cut_bounds_every_rollout(toy_game_class: type) -> None:
    game_class = _evaluating_toy(toy_game_class, favourite=1)
    game, state = _decision(game_class, own_card=1, length=20)
    lengths: list[int] = []
    original = game_class.evaluate

    def recording(self, s):
        lengths.append(len(s.history))
        return original(self, s)

    game_class.evaluate = recording
    search = Search(game, state.observation(0), state.legal_actions(), random.Random(4), depth=3)
    search.run(sims=40)
    assert search.evaluations == len(lengths) > 0
    # The determinization starts with an empty history; the tree adds at most a few
    # actions (the search is shallow with 40 simulations), the rollout exactly 3.
    assert all(3 <= n <= 3 + 8 for n in lengths)
    assert max(lengths) > 3


def test_full_rollouts_when_the_game_has_no_evaluation(toy_game_class: type) -> None:
    """The toy's evaluate returns None: a depth cut changes nothing, not one random draw."""
    game, state = _decision(toy_game_class, own_card=0)
    stats = []
    for depth in (None, 0, 5):
        search = Search(game, state.observation(0), state.legal_actions(), random.Random(2), depth=depth)
        search.run(sims=50)
        assert search.evaluations == 0
        assert search.depth is None  # the search learnt there is no evaluation
        stats.append((search.root.visits, search.root.reward))
    assert stats[0] == stats[1] == stats[2]


def test_bot_depth_setting_default_and_full(toy_game_class: type) -> None:
    game_class = _evaluating_toy(toy_game_class, favourite=0)
    game, state = _decision(game_class, own_card=0, length=20)
    obs, legal = state.observation(0), state.legal_actions()
    bot = parse_bot_spec("ismcts:sims=40").build(game, 0, random.Random(0))
    bot.act(obs, legal)
    assert bot.last_search.evaluations > 0  # type: ignore[attr-defined]
    assert bot.last_search.depth == DEFAULT_DEPTH  # type: ignore[attr-defined]
    full = parse_bot_spec("ismcts:sims=40:depth=full").build(game, 0, random.Random(0))
    full.act(obs, legal)
    assert full.last_search.evaluations == 0  # type: ignore[attr-defined]
    assert full.last_search.depth is None  # type: ignore[attr-defined]
    assert str(parse_bot_spec("ismcts:depth=full:sims=40")) == "ismcts:depth=full:sims=40"
    assert parse_bot_spec("ismcts:depth=12").settings == {"depth": 12}


def test_ismcts_with_depth_cut_is_deterministic_for_a_seed() -> None:
    """Hyena has an evaluation: the default search cuts its rollouts, reproducibly."""
    game = load_game("hyena")
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_unchecked(sample_action(state, rng))
    seat = state.current_player()
    obs, legal = state.observation(seat), state.legal_actions()
    runs = []
    for _ in range(2):
        bot = ISMCTSBot(game, seat, random.Random(11), sims=60)
        choice = bot.act(obs, legal)
        search = bot.last_search
        runs.append((choice, search.root.visits, search.root.reward, len(search.tree)))
        assert search.evaluations > 0
    assert runs[0] == runs[1]


# -- progressive widening and determinizations ---------------------------------------------


def test_progressive_widening_admits_actions_in_prior_order() -> None:
    node = InfoSetNode([5, 3, 1, 0, 2])
    legal = [0, 1, 2, 3, 5]
    seen = []
    for _ in range(9):
        action, fresh = node.select(legal, 0.7, 0.5)
        seen.append((action, fresh))
        node.update(action, 0.5)
    # ceil((n + 1) ** 0.5) actions for n visits: 1, 2, 2, 2, 3, 3, 3, 3, 3
    assert [a for a, fresh in seen if fresh] == [5, 3, 1]
    assert set(node.visits) == {5, 3, 1}
    assert sum(node.visits.values()) == node.total == 9


def test_widening_one_tries_every_action_once_first() -> None:
    node = InfoSetNode([4, 2, 0])
    for expected in (4, 2, 0):
        action, fresh = node.select([0, 2, 4], 0.7, 1.0)
        assert (action, fresh) == (expected, True)
        node.update(action, 1.0)
    assert node.select([0, 2, 4], 0.7, 1.0)[1] is False


def test_widening_skips_actions_not_legal_in_this_determinization() -> None:
    node = InfoSetNode([1, 2])
    action, _ = node.select([2, 7], 0.7, 0.5)
    assert action == 2  # 1 is not legal here; 7 is new and admitted last
    assert node.order == [1, 2, 7]
    assert node.available == {2: 1, 7: 1}


def _count_determinizations(game: object, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make every ``sample_state`` call of ``game``'s class append to the returned list."""
    draws: list[int] = []
    original = type(game).sample_state  # type: ignore[attr-defined]

    def counting(self, observation, rng):
        draws.append(1)
        return original(self, observation, rng)

    monkeypatch.setattr(type(game), "sample_state", counting)
    return draws


def test_determinizations_are_drawn_up_to_the_pool_then_reused(
    toy_game_class: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, state = _toy_decision(own_card=0, other_card=1)
    draws = _count_determinizations(game, monkeypatch)
    for pool, expected in ((4, 4), (0, 30), (100, 30)):
        draws.clear()
        search = Search(game, state.observation(0), state.legal_actions(), random.Random(0), pool=pool)
        search.run(sims=30)
        assert len(draws) == expected


def test_perfect_information_game_is_determinized_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("hyena")
    assert game.spec.perfect_information
    draws = _count_determinizations(game, monkeypatch)
    rng = random.Random(1)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_unchecked(sample_action(state, rng))
    seat = state.current_player()
    search = Search(game, state.observation(seat), state.legal_actions(), random.Random(0))
    search.run(sims=25)
    assert len(draws) == 1


# -- rewards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reward", "at_end", "after_cut"),
    [
        ("score", [1.0, 1.0, 0.0], [0.2, 0.9, 0.5]),
        ("rank", [1.0, 1.0, 0.0], [0.0, 1.0, 0.5]),
        ("win", [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]),
    ],
)
def test_reward_modes_score_place_and_first_place(
    toy_game_class: type, reward: Any, at_end: list[float], after_cut: list[float]
) -> None:
    game = load_game("toy", players=3, options={"length": 3})
    state = game.new_initial_state()
    for action in (0, 0, 1, 2, 0):  # deal A, A, B; roll 3; seat 0 moves A to the end
        state.apply(action)
    assert state.is_terminal() and state.ranking() == [0, 0, 2]
    running = game.new_initial_state()
    search = Search(game, state.observation(0), [0], random.Random(0), reward=reward)
    assert search._rewards(state, state.returns()) == at_end
    # after a cut, the places come from the evaluation's scores (toy score bounds 0..1)
    assert search._rewards(running, [0.2, 0.9, 0.5]) == after_cut


def test_ismcts_bot_accepts_reward_setting(toy_game_class: type) -> None:
    game, state = _toy_decision(own_card=0, other_card=1)
    bot = parse_bot_spec("ismcts:sims=30:reward=win").build(game, 0, random.Random(0))
    assert bot.act(state.observation(0), state.legal_actions()) in state.legal_actions()
    assert bot.last_search.reward == "win"  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match="reward"):
        parse_bot_spec("ismcts:reward=money")
