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


@pytest.mark.slow
def test_a_typical_turn_takes_at_most_two_lines_over_whole_games() -> None:
    import importlib.util
    import statistics

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "typing_banjooli.py"
    spec = importlib.util.spec_from_file_location("typing_banjooli", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    short, before = module.one_game(players=3, seed=2, options={})
    assert len(short) >= 3 and statistics.median(short) <= 2 < statistics.median(before)


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
