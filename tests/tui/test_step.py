"""``step_through``: a record shown one action at a time (``savanna replay FILE --step``)."""

from __future__ import annotations

import random
import re

import pytest

from savanna.core import Record, RecordError, load_game, random_playout, record_of
from savanna.tui import step_through
from tests.tui.conftest import Keyboard, make_console, screen


def toy_record(seed: int = 3) -> Record:
    state = random_playout(load_game("toy", players=2), random.Random(seed))
    return record_of(state, seed=seed, seats=["human", "bot:random"])


def test_steps_forward_to_the_end_and_reveals(toy) -> None:
    record = toy_record()
    console = make_console()
    n = len(record.actions)
    final = step_through(record, console, "en", Keyboard(console, [""] * (n + 1)))
    out = screen(console)
    assert final.is_terminal()
    assert f"Action {n} of {n}" in out and "Result:" in out
    # before the last step the deals stay hidden; only the final step names them
    before_end = out.partition(f"Action {n} of {n}")[0]
    assert "deal" not in before_end and "a secret draw" in before_end
    assert "(hidden)" not in out
    cards = [text.split()[1] for text in record.actions[:2]]
    end_screen = out.rpartition("Game over — ")[2]
    assert f"card: {cards[0]}" in end_screen and f"card: {cards[1]}" in end_screen


def test_back_jump_and_quit(toy) -> None:
    record = toy_record()
    console = make_console()
    keys = Keyboard(console, ["", "", "b", "5", "zz", "q"])
    step_through(record, console, "en", keys)
    out = screen(console)
    assert out.count("Action 1 of") == 2  # shown, then again after going back
    assert "Action 5 of" in out
    assert "Type Enter, b, q or an action number" in out
    assert "Result:" not in out


def test_french_and_end_of_input(toy) -> None:
    console = make_console()
    step_through(toy_record(), console, "fr", Keyboard(console, []))
    assert "Début de la partie" in screen(console)


def test_a_corrupt_record_names_the_bad_action(toy) -> None:
    record = toy_record().model_copy(
        update={"actions": ["deal A", "deal B", "move Q"], "result": None}
    )
    with pytest.raises(RecordError) as err:
        step_through(record, make_console(), "en", lambda prompt: "")
    assert err.value.index == 2


def test_each_replay_screen_of_a_tall_board_fits_80x24() -> None:
    """Banjooli's 21-line board: the status goes beside it, nothing scrolls off."""
    state = random_playout(load_game("banjooli", players=3), random.Random(2))
    record = record_of(state, seed=2, seats=["human", "bot:random", "bot:random"])
    console = make_console(80, 24)
    step_through(record, console, "en", Keyboard(console, ["", "", "30", "q"]))
    screens = re.split(r"(?=^Replay: )", screen(console), flags=re.M)
    drawn = [s for s in screens if s.strip()]
    assert len(drawn) == 4
    for page in drawn:
        lines = page.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert any("To play:" in line for line in lines)


def test_replay_names_seats_in_the_chosen_language(toy) -> None:
    record = toy_record().model_copy(update={"seats": ["human", "random"]})
    console = make_console()
    step_through(record, console, "fr", Keyboard(console, ["6", "q"]))
    out = screen(console)
    assert "#1\u00a0: move A" in out and "Joueur 2 (robot au hasard)\u00a0: move C" in out
    assert "(human)" not in out and "bot:" not in out
