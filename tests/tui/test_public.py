"""Public actions are told in words to everyone, in play and in ``replay --step``.

Only what a seat may not know is hidden: an action whose audience (the game's
:meth:`~savanna.core.State.action_viewers`) includes the spectator is shown, in words, to
every viewer; an action a seat may not read is "a secret draw" (or "a secret move") for it.
Checked over every registered game, in English and in French.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from savanna.core import load_game, record_of, registered_games
from savanna.i18n.tui import M
from savanna.tui import step_through
from savanna.tui.seat import parse_seats
from savanna.tui.session import PlaySession
from savanna.tui.view import log_entries
from tests.tui.conftest import Keyboard, make_console, screen

GAMES = sorted(registered_games())
HIDDEN = {"en": ("a secret draw", "a secret move"), "fr": ("un tirage secret", "un coup secret")}


def bot_game(name: str, lang: str, tmp_path: Path) -> PlaySession:
    game = load_game(name)
    seats = parse_seats(",".join(["bot:random"] * game.num_players))
    play = PlaySession(
        game, seats, seed=3, lang=lang, console=make_console(), out=tmp_path / "g.json"
    )
    play.run()
    return play


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", GAMES)
def test_every_public_bot_move_is_told_in_words_as_it_is_played(
    name: str, lang: str, tmp_path: Path
) -> None:
    play = bot_game(name, lang, tmp_path)
    out = " ".join(screen(play.console).split())
    public = [e for e in play.table.log if not e.is_chance and e.audience.includes(None)]
    assert public, "the game should have public moves"
    for event in public:
        assert event.words[lang] and event.words_for(None, lang) == event.words[lang]
        said = " ".join(event.words[lang].split())
        assert f"{play.seat_name(event.actor)}" in out and said in out, event
    for hidden in HIDDEN[lang][1:]:
        assert out.count(hidden) == 0 or any(not e.audience.includes(None) for e in play.table.log)


@pytest.mark.parametrize("name", GAMES)
def test_the_log_hides_only_what_each_viewer_may_not_read(name: str, tmp_path: Path) -> None:
    play = bot_game(name, "en", tmp_path)
    events = play.table.log
    for viewer in [None, *range(play.game.num_players)]:
        for i in range(1, len(events), max(1, len(events) // 40)):
            log = " ".join(e.plain for e in log_entries(events[:i], viewer, "en"))
            hidden = [e for e in events[:i] if not e.audience.includes(viewer)]
            if not hidden:
                assert M("hidden", "en") not in log and M("hidden.move", "en") not in log
        for event in events:
            assert (event.words_for(viewer, "en") is None) == (not event.audience.includes(viewer))


@pytest.mark.parametrize("name", GAMES)
def test_replay_step_tells_every_public_action_in_words(name: str) -> None:
    game = load_game(name)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal() and len(state.history) < 60:
        legal = state.legal_actions() if not state.is_chance_node() else None
        state.apply(state.sample_chance(rng) if legal is None else rng.choice(legal))
    record = record_of(state, seed=5, seats=["random"] * game.num_players)
    states = [game.new_initial_state()]
    for action in state.history:
        nxt = states[-1].clone()
        nxt.apply(action)
        states.append(nxt)
    console = make_console(80, 24)
    n = len(record.actions)
    step_through(record, console, "en", Keyboard(console, [""] * n + ["q"]))
    out = screen(console)
    for i in range(n):
        before = states[i]
        action = state.history[i]
        if before.action_viewers(action).includes(None):
            words = " ".join(before.describe_action(action, "en").split())
            assert f"Action {i + 1} of {n}: " in out
            header = out.split(f"Action {i + 1} of {n}: ")[1].split("[Enter]")[0]
            assert words in " ".join(header.split()), (i, header)
        else:
            header = out.split(f"Action {i + 1} of {n}: ")[1].split("[Enter]")[0]
            assert "a secret" in header and record.actions[i] not in header
