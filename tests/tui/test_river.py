"""The River Race at one keyboard, 80x24: news only when there is news, a reason when only
``roll`` is offered, one hand-over per turn, and the council's ``roll`` listed last."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pytest

from savanna.core import load_game
from savanna.games.river_race.actions import ROLL_ID
from savanna.games.river_race.phase import COUNCIL
from tests.tui.conftest import HANDOVER, screen, session

if TYPE_CHECKING:
    from savanna.games.river_race.state import RiverRaceState


def test_the_council_lists_roll_last() -> None:
    rng = random.Random(3)
    seen = 0
    for _ in range(4):
        state = cast("RiverRaceState", load_game("river-race", players=3).new_initial_state())
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.phase == COUNCIL and len(legal) > 1:
                ordered = state.menu_order(legal)
                assert sorted(ordered) == sorted(legal) and ordered[-1] == ROLL_ID
                seen += 1
            state.apply(rng.choice(legal))
    assert seen > 5


def test_the_terminal_menu_of_the_council_ends_with_roll(tmp_path: Path) -> None:
    play, _ = session("river-race", "human,bot:random", [], tmp_path, seed=1)
    rng = random.Random(5)
    state = cast("RiverRaceState", play.table.state)
    checked = 0
    while not state.is_terminal() and checked < 5:
        legal = state.legal_actions()
        if state.phase == COUNCIL and len(legal) > 1:
            menu = play._menu()
            assert menu.texts[-1] == "roll" and menu.choices[0].text != "roll"
            checked += 1
        play.table.state.apply(rng.choice(legal))
        state = cast("RiverRaceState", play.table.state)
    assert checked


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_reason_is_shown_when_only_roll_is_offered(lang: str, tmp_path: Path) -> None:
    # The first material: in the default game a card's holder may always give it back, so
    # roll is never the only choice of a holder (the reason it cannot cross is shown instead).
    game = load_game("river-race", players=3, options={"material": "first"})
    play, keys = session(game, "human,bot:random,bot:random", ["1"] * 150, tmp_path, seed=2, lang=lang)
    play.run()
    out = " ".join(screen(play.console).split())
    only_roll = [p for p in keys.prompts if p.endswith(("[Enter: roll]> ", "[Entrée\u00a0: lancer]> "))]
    assert only_roll
    reason = "Nothing to do before rolling" if lang == "en" else "Rien à faire avant de lancer"
    assert out.count(reason) >= len(only_roll)
    assert all(len(line) <= 80 for line in screen(play.console).splitlines() if "> " not in line)


def test_hot_seat_asks_each_player_once_per_turn(tmp_path: Path) -> None:
    game = load_game("river-race", players=2)
    play, keys = session(game, "human,human", ["1"] * 80, tmp_path, seed=4)
    play.run()
    asked = [int(m.group(1)) for p in keys.prompts if (m := HANDOVER.match(p))]
    assert len(asked) > 10
    repeats = [i for i in range(1, len(asked)) if asked[i] == asked[i - 1]]
    assert not repeats, asked  # the same player never takes the keyboard twice in a row


def test_no_news_page_right_after_ones_own_roll(tmp_path: Path) -> None:
    game = load_game("river-race", players=5)
    play, _ = session(game, "human,bot:random,bot:random,bot:random,bot:random", ["1"] * 200, tmp_path, seed=3)
    play.run()
    out = screen(play.console)
    pages = [m.start() for m in re.finditer("What happened since your last turn:", out)]
    moves = [m.start() for m in re.finditer(r"your move[^>]*> ", out)]
    assert pages and len(moves) >= 3  # the tall board at 80x24 leaves little room: news come on pages
    for page in pages:
        before = [m for m in moves if m < page]
        if not before:
            continue
        between = out[before[-1] : page]
        assert "played:" in between or "a joué" in between, between[-400:]  # another seat played first
