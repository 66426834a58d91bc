"""The log tells every move played since the player's last turn, at 80x24.

Between two turns of a person several bots may play, each a throw, a choice and steps;
the screen at the person's prompt names every one of those turns in words (written
shorter when room is short, never left out), in English and in French.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from savanna.core import CHANCE
from savanna.i18n.tui import M
from savanna.table import entry_of
from savanna.table.log import news_start
from savanna.tui.session import PlaySession
from savanna.tui.view import join_turn, label, log_forms
from tests.tui.conftest import screen, session

GAMES = [("banjooli", 4), ("hyena", 4), ("river-race", 5)]


def test_join_turn_writes_repeats_once_with_their_count() -> None:
    texts = ["green 4", "green steps right", "green steps forward", "green steps forward"]
    assert join_turn(texts) == "green 4; green steps right, forward ×2"
    assert join_turn(["bank 6 tabas"]) == "bank 6 tabas"
    assert join_turn(["a b", "a b", "c"], " ; ") == "a b ×2 ; c"


def turns_since(play: PlaySession, seat: int) -> list[tuple[int, str]]:
    """Each other seat's turn since ``seat`` last played: (actor, its first action in words)."""
    news = play.table.log[news_start(play.table.log, seat) :]
    turns: list[tuple[int, str]] = []
    for event in news:
        if event.is_chance or event.actor == seat:
            continue
        if not turns or turns[-1][0] != event.actor:
            turns.append((event.actor, event.words_for(seat, play.lang) or ""))
    return turns


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_move_since_the_players_last_turn_is_on_screen(
    name: str, players: int, lang: str, tmp_path: Path
) -> None:
    """At each prompt of the person's move, every other seat's turn since their last one
    is named on the screen (its seat and the beginning of its first move in words), or
    was shown in full on the page of news just before it (a board too tall for it all), or
    on a screen of theirs since it was played (news already read are not paged again)."""
    seats = ",".join(["human"] + ["bot:random"] * (players - 1))
    seen: dict[str, Any] = {"screens": 0, "turns": 0, "pages": 0, "at": 0, "news": "", "read": set()}
    holder: dict[str, PlaySession] = {}
    done = M("page.done", lang)
    more = M("page.more", lang, page=1, pages=2).split("1")[0]

    def answer(prompt: str) -> str:
        play = holder["play"]
        text = screen(play.console)
        chunk, seen["at"] = text[seen["at"] :], len(text)
        if prompt.startswith((done, more)):
            seen["news"] += chunk
            seen["pages"] += 1
            return ""
        if seen["screens"] >= 25:
            raise EOFError
        if play.state.current_player() == 0 and not play.state.is_terminal():
            title = f"— {play.seat_name(0)} "
            shown = chunk[chunk.rindex(title) :].splitlines()
            assert len(shown) <= 23 and all(len(line) <= 80 for line in shown)
            news = " ".join(seen["news"].split())
            for actor, words in turns_since(play, 0):
                tag = label(actor, lang)
                start = " ".join(words.split())[:30]
                on_screen = any(
                    line.startswith(tag) and start[: len(line) - len(tag) - 1] in line
                    for line in shown
                )
                said = " ".join((tag + words).split())
                if on_screen or said in news:  # read now: not paged again on a later screen
                    seen["read"].add((actor, words))
                assert on_screen or said in news or (actor, words) in seen["read"], (
                    tag + words, "\n".join(shown),
                )
                seen["turns"] += 1
            seen["screens"] += 1
            seen["news"] = ""
        return "1"

    play, keys = session(name, seats, [], tmp_path, seed=11, lang=lang, players=players)
    keys.__class__ = type("Scripted", (type(keys),), {"__call__": lambda self, p: answer(p)})
    holder["play"] = play
    play.run()
    assert seen["screens"] >= 5 and seen["turns"] >= 2 * (players - 1), seen
    if name == "river-race":  # its map leaves no room for four other seats' moves
        assert seen["pages"] > 0, seen


def test_the_shorter_form_leaves_out_the_bots_dice_but_not_the_players_own() -> None:
    from savanna.core import load_game

    game = load_game("hyena", players=3)
    state = game.new_initial_state()
    events: list[Any] = []
    import random

    rng = random.Random(4)
    while len([e for e in events if e.actor == 0]) < 2 or state.current_player() != CHANCE:
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        events.append(entry_of(state, action))
        state.apply(action)
    forms = log_forms(events, 0, "en")
    full, moves = forms.forms
    assert len(moves) < len(full)
    assert not moves[0].plain.startswith(label(CHANCE, "en"))
