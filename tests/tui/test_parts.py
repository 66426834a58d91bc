"""Seats, languages, message catalogue and action visibility."""

from __future__ import annotations

import pytest

from savanna.core import OptionError, load_game, make_rng
from savanna.core.messages import MessageCatalogue
from savanna.i18n import detect_language, resolve_language
from savanna.i18n.tui import MESSAGES
from savanna.tui.seat import SeatSpec, build_bot, default_seats, parse_seats
from tests.tui.conftest import apply, session


def test_every_message_has_english_and_french() -> None:
    for key in MESSAGES.ids():
        en, fr = MESSAGES.templates(key)
        assert en.strip() and fr.strip(), key


def test_catalogue_refuses_templates_with_different_fields() -> None:
    with pytest.raises(ValueError, match="uses fields"):
        MessageCatalogue("x", {"en": {"x": "{a}"}, "fr": {"x": "{b}"}})


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LC_ALL": "fr_SN", "LANG": "en_US"}, "fr"),
        ({"LC_ALL": "", "LC_MESSAGES": "en_US", "LANG": "fr_FR"}, "en"),
        ({}, "en"),
    ],
)
def test_language_from_the_locale(environ: dict[str, str], lang: str) -> None:
    assert detect_language(environ) == lang


def test_lang_flag_wins_and_is_checked() -> None:
    assert resolve_language("FR", {"LANG": "en_US"}) == "fr"
    assert resolve_language(None, {"LANG": "fr_FR"}) == "fr"
    with pytest.raises(OptionError) as err:
        resolve_language("de")
    assert "en, fr" in str(err.value)


def test_seat_specs() -> None:
    assert [str(s) for s in parse_seats("human,bot,bot:random, heuristic")] == [
        "human",
        "bot:heuristic",
        "bot:random",
        "bot:heuristic",
    ]
    assert str(SeatSpec.parse("bot:ismcts:sims=20")) == "bot:ismcts:sims=20"
    assert SeatSpec.parse("Human").is_human
    assert [str(s) for s in default_seats(3)] == ["human", "bot:heuristic", "bot:heuristic"]


@pytest.mark.parametrize("text", ["", " , ", "robot:nope", "alien", "bot:ismcts:sims=x", "human:1"])
def test_bad_seat_specs_are_refused(text: str) -> None:
    with pytest.raises(OptionError):
        parse_seats(text)


def test_bots_come_from_the_bot_package(toy) -> None:
    game = load_game("toy", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply(state.sample_chance(make_rng(1, len(state.history))))
    bot = build_bot("random", game, 0, make_rng(1))
    assert bot.act(state.observation(0), state.legal_actions()) in state.legal_actions()


def test_a_dealt_card_is_shown_only_to_its_owner_and_moves_to_everyone(toy, tmp_path) -> None:
    play, _ = session("toy", "human,human", [], tmp_path)
    deal = apply(play, 1)  # the card dealt to seat 0
    assert (deal.text_for(0), deal.text_for(1), deal.text_for(None)) == ("deal B", None, None)
    apply(play, 2)
    roll = apply(play, 0)
    assert roll.text_for(None) == roll.text_for(1) == "roll 1"  # a die roll is public
    move = apply(play, 2)
    assert move.text_for(None) == "move C" and move.actor == 0




def test_every_terminal_module_stays_under_500_lines() -> None:
    """Issue 21: the session is split along its seams (turns, keeping, pages, prompt)."""
    from pathlib import Path

    import savanna.tui

    folder = Path(savanna.tui.__file__).parent
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in folder.glob("*.py")}
    assert sizes["session.py"] < 500 and max(sizes.values()) < 500, sizes
