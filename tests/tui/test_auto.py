"""Games without decisions play themselves (``auto``), one line per throw; ``auto`` is a
command anywhere; the Hyena short rules say which throw ends a turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from savanna.core import load_game
from tests.tui.conftest import screen, session


@pytest.mark.parametrize("rules", ["four-sticks", "traditional"])
def test_a_ruleset_without_decisions_plays_to_the_end_one_line_per_throw(rules: str, tmp_path: Path) -> None:
    game = load_game("hyena", players=2, options={"rules": rules})
    assert not game.has_decisions()
    play, keys = session(game, "human,bot:heuristic", [], tmp_path, seed=5)
    outcome = play.run()
    assert outcome.finished and not outcome.interrupted
    assert keys.prompts == []  # nothing was asked: no Enter 22 times a game
    out = screen(play.console)
    assert out.count("Auto: moves that are the only choice play themselves") == 1
    mine = [r for r in out.splitlines() if r.startswith("Player 1 (you): ")]
    theirs = [r for r in out.splitlines() if r.startswith("Player 2 (bot heuristic): ")]
    throws = sum(1 for e in play.table.log if e.is_chance) - 1  # the first-player draw aside
    assert len(mine) + len(theirs) == throws and mine and theirs
    assert all(r.split(": ", 1)[1].split()[1] == "white:" for r in mine + theirs)  # "3 white: worth 3"
    assert "Winner" in out


def test_bank_or_move_keeps_asking_and_auto_can_be_switched_on(tmp_path: Path) -> None:
    game = load_game("hyena", players=2)  # three sticks: bank or move
    assert game.has_decisions()
    play, _ = session(game, "human,bot:random", ["auto", "quit", "n"], tmp_path, seed=3)
    assert not play.auto
    play.run()
    assert play.auto and "Auto is on" in screen(play.console)


def test_auto_off_waits_for_every_throw(tmp_path: Path) -> None:
    game = load_game("hyena", players=2, options={"rules": "four-sticks", "first": "seat1"})
    play, keys = session(game, "human,bot:random", ["auto off", "", "", "quit", "n"], tmp_path, seed=2)
    play.auto = False  # as after "auto off": every throw asks
    play.run()
    asked = [p for p in keys.prompts if "your move [Enter: throw]" in p]
    assert len(asked) >= 3


@pytest.mark.parametrize(("rules", "lang", "said"), [
    ("four-sticks", "en", "2 white: 2 holes, then the turn ends"),
    ("traditional", "fr", "2 blancs : 2 trous, puis le tour s'arrête"),
])
def test_short_rules_say_which_throw_ends_a_turn(rules: str, lang: str, said: str) -> None:
    summary = load_game("hyena", players=2, options={"rules": rules}).rules_summary(lang)
    assert said in " ".join(summary.replace("\u00a0", " ").split())


def test_plurals_of_tabas_and_holes() -> None:
    game = load_game("hyena", players=2)
    from savanna.games.hyena.notation import describe
    from savanna.games.hyena.state import HyenaState

    state = game.new_initial_state()
    assert isinstance(state, HyenaState)

    state.stage, state.pending = 2, 1  # deciding after a throw worth 1
    words = {describe(state, a, lang) for a in state.legal_actions() for lang in ("en", "fr")}
    assert "bank 1 taba" in words and "mettre 1 taba en réserve" in words
    assert not any("1 tabas" in w or "1 holes" in w or "1 trous" in w for w in words)


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Only banking is possible: "), ("fr", "Seule la mise en réserve est possible\u00a0: ")],
)
def test_a_lone_bank_says_why_move_is_refused(lang: str, said: str, tmp_path: Path) -> None:
    game = load_game("hyena", players=2, options={"rules": "three-sticks"})
    play, keys = session(game, "human,bot:heuristic", [""] * 3, tmp_path, seed=3, lang=lang)
    play.run()
    alone = [p for p in keys.prompts if p.endswith(("[Enter: bank]> ", "[Entrée\u00a0: réserver]> "))]
    assert alone and screen(play.console).count(said) >= len(alone)
