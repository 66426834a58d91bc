"""Bot specs, the bot registry and the simple bots."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from savanna.bots import BotSpec, HeuristicBot, ISMCTSBot, RandomBot, bot_kinds, parse_bot_spec
from savanna.core import OptionError, load_game
from savanna.core.play import sample_action


def test_builtin_kinds_are_registered() -> None:
    assert {"random", "heuristic", "ismcts"} <= set(bot_kinds())
    assert bot_kinds()["ismcts"] is ISMCTSBot


@pytest.mark.parametrize(
    ("text", "kind", "settings", "canonical"),
    [
        ("random", "random", {}, "random"),
        (" Heuristic ", "heuristic", {}, "heuristic"),
        ("ismcts", "ismcts", {}, "ismcts"),
        ("ismcts:sims=500", "ismcts", {"sims": 500}, "ismcts:sims=500"),
        ("ismcts:seconds=0.5", "ismcts", {"seconds": 0.5}, "ismcts:seconds=0.5"),
        (
            "ismcts:rollout=heuristic:sims=20",
            "ismcts",
            {"sims": 20, "rollout": "heuristic"},
            "ismcts:rollout=heuristic:sims=20",
        ),
    ],
)
def test_spec_parses_kind_and_settings(
    text: str, kind: str, settings: dict, canonical: str
) -> None:
    spec = parse_bot_spec(text)
    assert spec == BotSpec(kind, settings)
    assert spec.settings == settings
    assert str(spec) == canonical
    assert parse_bot_spec(str(spec)).settings == settings


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "unknown bot"),
        ("alphazero", "unknown bot"),
        ("ismcts:sims", "key=value"),
        ("ismcts:sims=many", "sims"),
        ("ismcts:sims=0", "sims"),
        ("ismcts:seconds=-1", "seconds"),
        ("ismcts:depth=deep", "depth"),
            ("ismcts:widen=0", "widen"),
            ("ismcts:depth=-1", "depth"),
            ("ismcts:depth=3:depht=4", "depht"),
        ("ismcts:rollout=greedy", "rollout"),
        ("random:sims=5", "sims"),
    ],
)
def test_bad_spec_is_refused_with_option_error(text: str, fragment: str) -> None:
    with pytest.raises(OptionError) as info:
        parse_bot_spec(text)
    assert fragment in str(info.value)
    assert info.value.text("fr") != str(info.value)


def test_bot_for_a_missing_seat_is_refused(toy_game_class: type) -> None:
    game = load_game("toy", players=2)
    with pytest.raises(OptionError, match="seat 2"):
        RandomBot(game, 2, random.Random(0))


def _first_decision(game_name: str, seed: int):
    game = load_game(game_name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or (not state.is_terminal() and len(state.legal_actions()) < 2):
        state.apply_unchecked(sample_action(state, rng))
    return game, state


def test_random_bot_is_uniform_over_legal_actions(game_name: str) -> None:
    game, state = _first_decision(game_name, 3)
    seat = state.current_player()
    legal = state.legal_actions()
    bot = RandomBot(game, seat, random.Random(1))
    counts = Counter(bot.act(state.observation(seat), legal) for _ in range(300 * len(legal)))
    assert set(counts) == set(legal)
    # Each action's share is within 40% of 1/len(legal) (fixed seed: no flakiness).
    assert all(
        abs(n / (300 * len(legal)) - 1 / len(legal)) < 0.4 / len(legal) for n in counts.values()
    )


def test_heuristic_bot_plays_the_game_heuristic(game_name: str) -> None:
    game, state = _first_decision(game_name, 5)
    seat = state.current_player()
    legal = state.legal_actions()
    obs = state.observation(seat)
    bot = HeuristicBot(game, seat, random.Random(9))
    expected = [game.heuristic_action(obs, legal, r) for r in [random.Random(9)] for _ in range(20)]
    assert [bot.act(obs, legal) for _ in range(20)] == expected


def test_every_bot_kind_says_what_it_plays_in_every_language() -> None:
    from savanna.bots.bot import MESSAGES, Bot, RestrictedBot

    kinds: list[type[Bot]] = [*bot_kinds().values(), RestrictedBot]
    for cls in kinds:
        english, french = cls.summary("en"), cls.summary("fr")
        assert english and french and english != french, cls.kind
    assert bot_kinds()["random"].summary("fr") == "uniforme parmi les actions légales"
    assert bot_kinds()["ismcts"].summary("fr").startswith("MCTS sur les ensembles d'information (réglages\u00a0: sims")
    # nothing in the catalogue describes a kind that is not there
    assert {key.removeprefix("kind.") for key in MESSAGES.keys_under("kind.")} == {cls.kind for cls in kinds}
