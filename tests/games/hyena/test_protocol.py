"""Protocol duties: notation round trips, observations, tensor, sample_state, rendering,
heuristic, full playouts for every length, and replay of records."""

from __future__ import annotations

import json
import random
import re
from xml.etree import ElementTree as ET

import pytest

import savanna
from savanna.core import load_game, record_of, replay, replay_states
from savanna.core.errors import NotationError, OptionError
from savanna.core.play import random_playout, sample_action
from savanna.games.hyena import HyenaGame
from savanna.games.hyena.ruleset import RULESET_NAMES
from savanna.games.hyena.state import HyenaState

from ._support import hyena, play, position

GAMES = [(rules, players) for rules in RULESET_NAMES for players in (2, 6)]


def test_registry_finds_the_game_and_its_alias() -> None:
    game = load_game("lib-el-merafib", 3, {"rules": "traditional", "length": "55"})
    assert isinstance(game, HyenaGame) and game.length == 55 and game.num_players == 3


@pytest.mark.parametrize(
    "options", [{"length": 29}, {"length": 81}, {"rules": "dice"}, {"board": 1}]
)
def test_bad_options_are_option_errors(options: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        HyenaGame(players=2, options=options)


@pytest.mark.parametrize("players", [1, 7])
def test_players_from_two_to_six(players: int) -> None:
    with pytest.raises(OptionError):
        HyenaGame(players=players)


def test_defaults_are_three_sticks_forty_holes_four_players() -> None:
    game = HyenaGame()
    assert (game.ruleset.name, game.length, game.num_players) == ("three-sticks", 40, 4)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "four-sticks/30 turn=0:start",
        "three-sticks/30 turn=0:start mothers=V0,V0 banks=0,0 home=- hyena=-",  # wrong ruleset
        "four-sticks/31 turn=0:start mothers=V0,V0 banks=0,0 home=- hyena=-",  # wrong length
        "four-sticks/30 turn=0:start mothers=V0,V0,V0 banks=0,0,0 home=- hyena=-",  # 3 seats
        "four-sticks/30 turn=0:start mothers=O30,V0 banks=0,0 home=- hyena=-",  # out at the well
        "four-sticks/30 turn=0:start mothers=H0,V0 banks=0,0 home=- hyena=-",  # home, no hyena
        "four-sticks/30 turn=0:start mothers=V0,V0 banks=0,0 home=- hyena=1:O3",  # hyena, none home
        "four-sticks/30 turn=0:decide:2w mothers=V0,V0 banks=0,0 home=- hyena=-",  # no choice here
        "four-sticks/30 turn=0:start mothers=H0,O4 banks=0,0 home=0 hyena=0:H0",  # hyena done
        "four-sticks/30 turn=5:start mothers=V0,V0 banks=0,0 home=- hyena=-",
    ],
)
def test_parse_position_refuses_bad_text_with_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        hyena("four-sticks").parse_position(text)


def test_parse_action_refuses_unknown_words_and_throws_beyond_the_sticks() -> None:
    state = position("four-sticks", "turn=0:throw mothers=V0,V0 banks=0,0 home=- hyena=-")
    with pytest.raises(NotationError):
        state.parse_action("fly")
    with pytest.raises(NotationError):
        state.parse_action("5w")


def _random_states(rules: str, players: int, seed: int, length: int = 30) -> list:
    game = hyena(rules, players, length)
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        state.apply(sample_action(state, rng))
        states.append(state.clone())
    return states


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_notation_round_trips_for_every_position_and_action(rules: str, players: int) -> None:
    for state in _random_states(rules, players, seed=11):
        again = state.game.parse_position(state.to_text())
        assert again.to_text() == state.to_text()
        assert again.legal_actions() == state.legal_actions()
        for action in state.legal_actions():
            assert state.parse_action(state.action_to_text(action)) == action
        assert eval(repr(state), {"savanna": savanna}).to_text() == state.to_text()


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_observation_is_public_the_same_for_every_seat(rules: str, players: int) -> None:
    game = hyena(rules, players)
    for state in _random_states(rules, players, seed=12)[::7]:
        spectator = state.observation(None)
        json.dumps(spectator.to_json())
        for seat in range(players):
            obs = state.observation(seat)
            assert obs.seat == seat and obs.text == spectator.text and obs.data == spectator.data
            tensor = game.observation_tensor(obs)
            assert len(tensor) == game.observation_tensor_shape[0]
        rebuilt = game.sample_state(spectator, random.Random(0))
        assert rebuilt.to_text() == state.to_text()
    with pytest.raises(OptionError):
        state.observation(players)


def test_observation_tensor_differs_between_different_positions() -> None:
    game = hyena("three-sticks")
    a = game.parse_position("three-sticks/30 turn=0:throw mothers=O3,V0 banks=0,0 home=- hyena=-")
    b = game.parse_position("three-sticks/30 turn=0:throw mothers=O4,V0 banks=0,0 home=- hyena=-")
    assert game.observation_tensor(a.observation(0)) != game.observation_tensor(b.observation(0))


@pytest.mark.parametrize("rules", RULESET_NAMES)
def test_every_length_plays_to_the_end_and_replays_exactly(rules: str) -> None:
    """Done-when: full random games for every length 30..80, records replayed exactly."""
    for length in range(30, 81):
        players = 2 + length % 5
        game = HyenaGame(players=players, options={"rules": rules, "length": length})
        rng = random.Random(length)
        state = random_playout(game, rng, checked=length % 10 == 0)
        assert isinstance(state, HyenaState)
        assert state.is_terminal() and state.steps <= game.max_game_length
        record = record_of(state, seed=length)
        assert replay(record).to_text() == state.to_text()


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_replay_reproduces_every_state(rules: str, players: int) -> None:
    states = _random_states(rules, players, seed=13)
    final = states[-1]
    record = record_of(final, seed=13)
    replayed = [s.to_text() for _, _, s in replay_states(record)]
    assert replayed == [s.to_text() for s in states]
    assert record.result is not None and record.result.ranking == final.ranking()


def test_render_text_draws_the_spiral_with_the_pieces() -> None:
    game = hyena("four-sticks", 3)
    state = game.parse_position(
        "four-sticks/30 turn=2:throw mothers=B12,H0,O12 banks=1,0,4 home=1 hyena=1:O20"
    )
    text = game.render_text(state.observation(0))
    assert re.search(r"(^|\s)V(\s|$)", text)
    assert "W" in text and " H " in text
    # two mothers on one hole are "1,3", never "13" (which reads as thirteen)
    assert "1,3" in text and "13" not in text
    assert "player 3: to the well, hole 12, 4 tabas" in text
    assert "hyena (player 2): to the well, hole 20" in text
    assert max(len(line) for line in text.splitlines()) <= 80
    french = game.render_text(state.observation(0), "fr")
    assert "joueur 3\u00a0: vers le puits, trou 12, 4 tabas" in french and "place" not in french
    assert "quatre bâtonnets, 30 trous" in french


def test_a_thrown_three_sticks_throw_says_what_it_is_worth() -> None:
    """Three sticks all dark (0 white) are worth 6: the drawing and the words say so."""
    game = hyena("three-sticks", 2)
    state = game.new_initial_state()
    while state.observation(None).data["stage"] != "decide":
        state.apply(0 if state.is_chance_node() else state.legal_actions()[0])
    assert game.throw_worth("en") == ["worth 6", "worth 1", "worth 2", "worth 3"]
    assert "turn: player 1, threw 0 white: worth 6" in game.render_text(state.observation(0))
    assert "lancer 0 blanc, vaut 6" in game.render_text(state.observation(0), "fr")
    throwing = game.new_initial_state()
    throwing.apply_text("first 0")  # the draw of the first player, then the sticks fly
    assert throwing.is_chance_node()
    assert throwing.describe_action(0, "en") == "0 white: worth 6"


@pytest.mark.parametrize("length", [30, 47, 80])
def test_render_text_has_one_cell_per_hole(length: int) -> None:
    game = hyena("four-sticks", 2, length)
    text = game.render_text(game.new_initial_state().observation(None))
    grid = text.split("\n\n")[0]
    assert grid.count(".") == length - 1 and grid.count("V") == 1 and grid.count("W") == 1


def test_render_svg_is_xml_with_a_hole_per_point_and_the_pieces() -> None:
    game = hyena("three-sticks", 2)
    state = game.parse_position(
        "three-sticks/30 turn=1:throw mothers=H0,O7 banks=0,0 home=0 hyena=0:B9"
    )
    root = ET.fromstring(game.render_svg(state.observation(None)))
    circles = root.findall(".//{http://www.w3.org/2000/svg}circle")
    assert len(circles) == 31 + 2  # holes, then mother 2 and the hyena
    labels = [t.text for t in root.findall(".//{http://www.w3.org/2000/svg}text")]
    assert "H" in labels and "2" in labels and "V" in labels and "W" in labels


def test_heuristic_banks_when_the_move_would_bounce_and_moves_when_exact() -> None:
    game = hyena("three-sticks")
    rng = random.Random(0)

    def pick(text: str) -> str:
        state = game.parse_position(f"three-sticks/30 {text}")
        action = game.heuristic_action(state.observation(state.seat), state.legal_actions(), rng)
        return state.action_to_text(action)

    assert pick("turn=0:decide:0w mothers=O28,V0 banks=9,0 home=- hyena=-") == "bank"
    assert pick("turn=0:decide:2w mothers=O28,V0 banks=0,0 home=- hyena=-") == "move"
    assert pick("turn=0:decide:1w mothers=O20,V0 banks=13,0 home=- hyena=-") == "pay"
    assert pick("turn=0:decide:1w mothers=O26,V0 banks=2,0 home=- hyena=-") == "bank"
    assert pick("turn=0:decide:3w mothers=O10,V0 banks=0,0 home=- hyena=-") == "move"
    assert pick("turn=0:decide:1w mothers=W30,V0 banks=4,0 home=- hyena=-") == "move"
    assert pick("turn=0:decide:1w mothers=V0,V0 banks=1,0 home=- hyena=-") == "move"
    assert pick("turn=0:decide:2w mothers=H0,O5 banks=1,0 home=0 hyena=0:V0") == "bank"


def test_heuristic_player_beats_random_players_at_three_sticks() -> None:
    """Seat 0 plays the heuristic, seat 1 at random: the heuristic wins most games."""
    game = hyena("three-sticks", 2, 30)
    wins = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == 0:
                state.apply(game.heuristic_action(state.observation(0), state.legal_actions(), rng))
            else:
                state.apply(sample_action(state, rng))
        wins += state.ranking()[0] == 0
    assert wins >= 40


def test_throw_only_rulesets_offer_one_forced_action() -> None:
    state = play(hyena("four-sticks", first="seat1").new_initial_state())
    assert state.legal_actions() == [0]
    assert hyena("four-sticks").heuristic_action(state.observation(0), [0], random.Random(0)) == 0


@pytest.mark.parametrize("module", ["rules", "game", "render", "ruleset"])
def test_docstring_examples_run(module: str) -> None:
    from tests.support.doctests import run_docstring_examples

    result = run_docstring_examples(f"savanna.games.hyena.{module}")
    assert result.failed == 0 and result.attempted > 0
