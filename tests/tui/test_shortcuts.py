"""Banjooli at the speed of thought: a whole turn typed on one or two lines, steps as
letters, rerolls by colour, forced steps played for the player (and said)."""

from __future__ import annotations

from pathlib import Path

import pytest

from savanna.core import NotationError, load_game
from tests.tui.conftest import moves_of, screen, session

# Seed 4, two players: Player 1 moves first with dice 1:P 2:Y 3:R 4:B 5:Y 6:Y.


def test_keep_move_and_steps_on_one_line(tmp_path: Path) -> None:
    play, keys = session("banjooli", "human,bot:random", ["keep move Y ff", "quit", "n"], tmp_path, seed=4)
    play.run()
    assert moves_of(play)[:4] == ["keep", "move Y", "step F", "step F"]
    assert sum("your move" in p for p in keys.prompts) == 2  # the turn, then quit


def test_steps_typed_as_letters_after_the_move(tmp_path: Path) -> None:
    play, _ = session("banjooli", "human,bot:random", ["keep", "m y", "fr", "quit", "n"], tmp_path, seed=4)
    play.run()
    assert moves_of(play)[:4] == ["keep", "move Y", "step F", "step R"]


def test_step_f_f_plays_two_steps_not_one(tmp_path: Path) -> None:
    play, _ = session("banjooli", "human,bot:random", ["keep", "move Y", "step F F", "quit", "n"], tmp_path, seed=4)
    play.run()
    assert moves_of(play)[:4] == ["keep", "move Y", "step F", "step F"]


def test_the_notation_no_longer_reads_fr_as_one_step() -> None:
    game = load_game("banjooli", players=2)
    state = game.new_initial_state()
    with pytest.raises(NotationError):
        state.parse_action("fr")
    with pytest.raises(NotationError):
        state.parse_action("step lf")


@pytest.mark.parametrize(("typed", "lang"), [("r YP", "en"), ("relancer jp", "fr")])
def test_reroll_by_colour_letters(typed: str, lang: str, tmp_path: Path) -> None:
    play, _ = session("banjooli", "human,bot:random", [typed, "quit", "n"], tmp_path, seed=4, lang=lang)
    play.run()
    assert moves_of(play)[0] == "reroll 1256"  # the purple die 1 and the yellow dice 2, 5 and 6


def test_what_follows_a_roll_is_not_played_and_is_said(tmp_path: Path) -> None:
    play, _ = session("banjooli", "human,bot:random", ["reroll 1 move Y f", "quit", "n"], tmp_path, seed=4)
    play.run()
    assert moves_of(play) == ["reroll 1"]
    assert "Not played: move Y f (chance spoke first" in " ".join(screen(play.console).split())


def test_help_documents_the_one_line_turn(tmp_path: Path) -> None:
    play, _ = session("banjooli", "human,bot:random", ["help", "", "quit", "n"], tmp_path, seed=4)
    play.run()
    out = " ".join(screen(play.console).split())
    assert "keep move Y ffl" in out and "reroll GRP" in out


@pytest.mark.parametrize("game", ["river-race", "hyena"])
def test_the_one_line_turn_help_of_another_game_gives_no_banjooli_example(tmp_path: Path, game: str) -> None:
    play, _ = session(game, "human,bot:random", ["help", "", "quit", "n"], tmp_path, seed=4)
    play.run()
    out = " ".join(screen(play.console).split())
    assert "One line may hold a move and what follows it" in out
    assert "Banjooli" not in out and "keep move Y" not in out


@pytest.mark.slow
def test_a_typical_turn_takes_at_most_two_lines_over_whole_games() -> None:
    import importlib.util
    import statistics

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "typing_banjooli.py"
    spec = importlib.util.spec_from_file_location("typing_banjooli", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    short, _, before = module.one_game(players=3, seed=2, options={})
    assert len(short) >= 3 and statistics.median(short) <= 2 < statistics.median(before)
    keyed, keys, _ = module.one_game(players=3, seed=2, options={}, keys=True)  # "1", "1 ffl"
    assert statistics.median(keyed) <= 2 and keys


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_explain_every_berry_the_special_tile_and_the_lion(lang: str, tmp_path: Path) -> None:
    from savanna.games.banjooli.components import load_data

    game = load_game("banjooli", players=2, options={"berries": True, "special": "lava", "lion": True})
    rules = "rules" if lang == "en" else "règles"
    play, _ = session(game, "human,bot:random", [rules, "", "", "", "q", "quit", "n"], tmp_path, seed=4, lang=lang)
    play.run()
    out = " ".join(screen(play.console).replace("\u00a0", " ").split())
    for berry in load_data().berries:
        assert f"{berry.name.replace('!', ' !') if lang == 'fr' else berry.name} (" in out.replace("  ", " "), berry.name
    assert ("Lava River" if lang == "en" else "Rivière de lave") in out
    assert ("The lion" if lang == "en" else "Le lion") in out


def test_a_forced_step_is_played_for_the_player_and_said(tmp_path: Path) -> None:
    """Seat 1 types each move without its steps; a step with one choice is never asked."""
    import random

    play, _ = session("banjooli", "human,bot:random", [], tmp_path, seed=1)
    rng = random.Random(0)
    asked_at_one_choice: list[int] = []

    def read(prompt: str) -> str:
        if "your move" not in prompt:
            return ""
        state = play.state
        legal = state.legal_actions()
        if len(legal) == 1 and play._continues(0):  # a forced step in the middle of the turn
            asked_at_one_choice.append(len(state.history))
        return state.action_to_text(play.game.heuristic_action_in_state(state, legal, rng))

    play.read = read
    assert play.run().finished
    out = screen(play.console)
    assert "Played for you (the only choice): " in out
    assert asked_at_one_choice == []  # never asked to type a step that had no alternative


def test_the_likeliest_choices_come_first_each_with_its_own_key(tmp_path: Path) -> None:
    from savanna.games.banjooli.heuristic import _value, weights
    from savanna.tui.choice import PROMOTED

    play, _ = session("banjooli", "human,bot:random", ["1", "quit", "n"], tmp_path, seed=4)
    table = play.table
    while table.to_act() < 0:
        table.play_chance()
    state = table.state
    legal = state.legal_actions()
    want = weights(state.cards[0])  # type: ignore[attr-defined]
    values = [_value(state, want, a) for a in legal]  # type: ignore[arg-type]
    ordered = state.menu_order(legal)
    assert sorted(ordered) == sorted(legal) and _value(state, want, ordered[0]) == max(values)  # type: ignore[arg-type]
    menu = play._menu()
    singles = [c for c in menu.choices[: PROMOTED + 1] if not c.is_family]
    assert [c.code for c in singles] == [str(i) for i in range(1, len(singles) + 1)]
    assert singles[0].text == state.action_to_text(ordered[0])  # the likeliest is 1
    family = next(c for c in menu.choices if c.is_family)
    assert len(family.members) == 63  # every reroll is still there, behind the family's key
    play.run()
    assert moves_of(play)[0] == state.action_to_text(ordered[0])  # "1" played it


def test_a_key_then_the_steps_on_one_line(tmp_path: Path) -> None:
    play, _ = session("banjooli", "human,bot:random", ["keep", "1 ff", "quit", "n"], tmp_path, seed=4)
    play.run()
    moves = moves_of(play)
    assert moves[0] == "keep" and moves[1].startswith("move") and moves[2:4] == ["step F", "step F"]
