"""The coach's words: English and French, every line within the width asked."""

from __future__ import annotations

import pytest

from savanna.coach import analyse
from savanna.coach.belief import beliefs, decisions_seen
from savanna.coach.text import MESSAGES, analysis_lines, hint_lines, number, odds_lines, percent
from savanna.core import MessageCatalogue
from tests.coach.conftest import ListedToy, toy_position


def test_the_catalogue_has_english_and_french_with_the_same_keys() -> None:
    assert isinstance(MESSAGES, MessageCatalogue)
    assert set(MESSAGES.languages) == {"en", "fr"}


def test_numbers_follow_the_language() -> None:
    assert number(2.25, "fr") == "2,2" and number(2.26, "en") == "2.3"
    assert percent(0.004, "en") == "<1%" and percent(0.9999, "en") == ">99%"
    assert percent(0.5, "fr") == "50\u00a0%"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [40, 60, 80])
def test_every_line_fits_the_width(lang: str, width: int) -> None:
    game = ListedToy(3, {"length": 9})
    state = toy_position(game, [2, 3, 1], [0, 1, 2], turn=0, roll=2)
    result = analyse(game, state.observation(0), seed=1, samples=12)
    believed = beliefs(game, state.observation(0), decisions_seen([], 0))
    for lines in (
        odds_lines(game, result, lang, width),
        hint_lines(game, result, lang, width, top=2),
        analysis_lines(game, result, believed, lang, width),
    ):
        assert lines
        assert all(len(line) <= width for line in lines), [line for line in lines if len(line) > width]


def test_the_hint_marks_the_best_move_first_and_counts_the_hidden_ones() -> None:
    game = ListedToy(3, {"length": 9})
    state = toy_position(game, [2, 3, 1], [0, 1, 2], turn=0, roll=2)
    result = analyse(game, state.observation(0), seed=1, samples=12)
    lines = hint_lines(game, result, "en", 80, top=1)
    moves = lines[lines.index("Your moves (expected score, chance to win, behind the best)") + 1 :]
    assert moves[0].startswith("* ")
    assert moves[1].strip() == "2 more moves not shown"
    french = hint_lines(game, result, "fr", 80, top=1)
    assert "Vos coups (score espéré, chance de gagner, retard sur le meilleur)" in french


def test_a_seat_not_to_play_is_told_so() -> None:
    game = ListedToy(2, {"length": 9})
    state = toy_position(game, [2, 3, 1], [0, 1], turn=1, roll=2)
    result = analyse(game, state.observation(0), seed=1, samples=5)
    assert hint_lines(game, result, "en")[-1].startswith("Player 1 is not to play")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [40, 80])
def test_the_hint_wraps_long_moves_and_its_legend_instead_of_cutting_them(lang: str, width: int) -> None:
    """Every word of the moves and of the legend lines under them is shown, wrapped at
    spaces within the width (a move under its own words), never cut with "…"."""
    import random

    from savanna.core import load_game, sample_action
    from savanna.core.messages import typeset

    game = load_game("hyena", players=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.legal_actions()) < 3:
        state.apply(sample_action(state, rng))
    result = analyse(game, state.observation(state.current_player()), legal_actions=state.legal_actions(), seed=1, samples=6)
    lines = hint_lines(game, result, lang, width, top=8)
    assert all(len(line) <= width for line in lines)
    assert not any(line.endswith("…") for line in lines), lines
    flat = " ".join(" ".join(lines).split())
    for action in result.actions:
        words = typeset(action.text(lang), lang)
        assert " ".join(words.split()) in flat
    verdict = MESSAGES.template("moves.close" if "clearly" in flat or "nettement" in flat else "moves.clear", lang)
    assert " ".join(typeset(verdict, lang).split()) in flat
