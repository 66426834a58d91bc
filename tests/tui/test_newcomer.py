"""What a newcomer sees in a real 80x24 terminal, point by point (text screenshots kept).

Each test runs ``savanna`` in a pseudo-terminal seen through a terminal emulator
(:mod:`tests.tui.terminal`), does what a person new to the game would do, and checks the
screen: that it fits (the title is still the top line when the prompt is waiting), that
what the player needs is on it, and that it matches the stored screenshot.
"""

from __future__ import annotations

import re
from pathlib import Path

from savanna.core import Record, replay
from savanna.saves import read_game
from tests.tui.terminal import SCREENSHOTS, Terminal, check_screenshot

PROMPT = r"your move(?: \[[^\]\n]*\])?> "
PROMPT_FR = r"votre coup(?: \[[^\]\n]*\])?> "


def banjooli(
    tmp_path: Path, *extra: str, seats: str = "human,bot,bot", seed: str = "5"
) -> Terminal:
    return Terminal(
        "play", "banjooli", "--seats", seats, "--seed", seed, "--pause", "0", *extra, cwd=tmp_path
    )


def assert_whole(shot: str, title: str) -> list[str]:
    """The screen starts with its title (nothing scrolled away) and fits 80 columns."""
    rows = shot.splitlines()
    assert rows[0].startswith(title), rows[0]
    assert all(len(row) <= 80 for row in rows)
    return rows


def test_first_screen_shows_board_card_turn_and_choices_in_words(tmp_path: Path) -> None:
    term = banjooli(tmp_path)
    term.expect(PROMPT)
    shot = term.screenshot()
    rows = assert_whole(shot, "Banjooli Xeet — Player 1 (you)")
    text = "\n".join(rows)
    assert "your card" in text and "To play: Player 1 (you)" in text
    assert re.search(r"\n1\) reroll \d+: reroll dice? [\d, ]+\n", text) and re.search(r"\d\) keep: keep all the dice", text)
    assert rows[term.cursor_row()].startswith("Player 1 (you), your move>")
    check_screenshot("pty-banjooli-first-screen", shot)
    term.send("quit")
    term.expect(r"goes back to the game> ")
    term.send("n")
    assert term.finish() == 0


def test_a_refusal_is_answered_above_the_prompt_and_the_screen_stays(tmp_path: Path) -> None:
    """A move typed during the dice step names the step; board, card, turn, choices stay."""
    term = banjooli(tmp_path)
    term.expect(PROMPT)
    term.send("move B")
    term.expect(PROMPT)
    shot = term.screenshot()
    rows = assert_whole(shot, "Banjooli Xeet — Player 1 (you)")
    text = "\n".join(rows)
    assert "refused" in text and "at this step the dice are kept or rerolled" in text
    assert "your card" in text and "To play: Player 1 (you)" in text and "1) reroll" in text
    check_screenshot("pty-banjooli-refusal", shot)
    term.send("9")
    term.expect(PROMPT)
    assert re.search(r"There is no choice 9: there are \d choices, numbered 1 to \d\.", term.screenshot())
    term.send("keep")
    term.expect(PROMPT)
    term.send("m")
    term.expect(PROMPT)
    shot = term.screenshot()
    assert "Choices for move (type the number):" in shot
    assert re.search(r"\d\) move [BYRGP]", shot)
    check_screenshot("pty-banjooli-move-choices", shot)
    term.send("quit")
    term.expect(r"goes back to the game> ")
    term.send("n")
    assert term.finish() == 0


def test_move_and_a_colour_name_plays_that_ostrich(tmp_path: Path) -> None:
    term = banjooli(tmp_path, "--out", "game.json")
    term.expect(PROMPT)
    term.send("keep")
    term.expect(PROMPT)
    shot = term.screenshot()
    colour = re.search(r"\d\) move ([BYRGP]): (\w+) \d", shot)
    assert colour, shot
    term.send(f"move {colour.group(2)}")
    term.expect(PROMPT)
    assert f"#1: keep all the dice; {colour.group(2)}" in term.screenshot()
    term.send("quit")
    term.expect(r"goes back to the game> ")
    term.send("n")
    term.finish()


def test_help_explains_the_commands_and_symbols_and_rules_are_paged(tmp_path: Path) -> None:
    term = banjooli(tmp_path)
    term.expect(PROMPT)
    term.send("?")
    term.expect(r"-- [^>]*> ")
    shot = term.screenshot()
    assert shot.startswith("Help: how to play in the terminal")
    check_screenshot("pty-banjooli-help", shot)
    pages = 1
    while "Enter: back to the game" not in term.screenshot():
        term.send("")
        term.expect(r"-- [^>]*> ")
        pages += 1
    assert "On the board:" in "".join(term.log)
    term.send("rules")
    term.expect(r"-- [^>]*> ")
    shot = term.screenshot()
    assert shot.startswith("The rules of Banjooli Xeet in short")
    check_screenshot("pty-banjooli-rules", shot)
    term.send("q")
    term.expect(PROMPT)
    assert_whole(term.screenshot(), "Banjooli Xeet — Player 1 (you)")
    term.send("quit")
    term.expect(r"goes back to the game> ")
    term.send("n")
    assert term.finish() == 0


def test_hot_seat_hand_over_drops_keys_typed_ahead_and_waits_for_the_seat_number(
    tmp_path: Path,
) -> None:
    term = Terminal(
        "play", "toy", "--seats", "human,human", "--seed", "1", "--pause", "0",
        "--out", "hot.json", cwd=tmp_path,
    )  # fmt: skip
    term.expect(r"look away\)> ")
    term.send("1")
    term.expect(PROMPT)
    # Player 1 plays, and hits Enter twice more in a hurry before the hand-over appears.
    term.child.send("1\r\r\r")
    term.expect(r"Pass the keyboard to Player 2\.[^>]*look away\)> ")
    shot = term.screenshot()
    assert "card:" not in shot  # nothing of Player 1's screen is left
    check_screenshot("pty-toy-handover", shot)
    term.send("")  # a stray Enter does nothing
    term.expect(r"look away\)> ")
    assert "Player 2 (" not in term.screenshot().partition("look away")[2]
    term.send("1")  # the wrong seat's number neither
    term.expect(r"look away\)> ")
    assert "This screen waits for Player 2: type 2" in term.screenshot()
    term.send("2")
    term.expect(PROMPT)
    assert term.screenshot().startswith("Toy race — Player 2")
    term.send("quit")
    term.expect(r"goes back to the game> ")
    term.send("n")
    assert term.finish() == 0


def test_loading_a_save_keeps_it_and_names_the_new_record(toy, tmp_path: Path) -> None:
    term = Terminal(
        "play", "toy", "--seats", "human,bot:random", "--seed", "2", "--pause", "0", cwd=tmp_path
    )
    term.expect(PROMPT)
    term.send("save mine.json")
    term.expect(PROMPT)
    term.send("quit")
    term.expect(r"goes back to the game> ")
    term.send("n")
    term.finish()
    saved = (tmp_path / "mine.json").read_text()
    term = Terminal("play", "--load", "mine.json", "--pause", "0", cwd=tmp_path)
    for _ in range(100):
        index = term.child.expect([PROMPT, r"Record written to [^\n]*\n"])
        term._feed()
        if index == 1:
            break
        term.send("1")
    assert term.finish() == 0
    assert (tmp_path / "mine.json").read_text() == saved  # the save is untouched
    # The record's line may wrap (at spaces, or after a path separator): read it put together.
    last = " ".join(term.output().replace("\r\n", "\n").replace("/\n", "/").split())
    written = re.search(r"Record written to (\S+) \(your save mine\.json is kept\)$", last)
    assert written, last
    record = Record.from_json((tmp_path / written.group(1)).read_text())
    assert replay(record).is_terminal()
    assert read_game(saved).actions == record.actions[: len(read_game(saved).actions)]


def test_every_stored_screenshot_is_checked() -> None:
    """An orphan screenshot (a test renamed or removed) fails instead of lying around."""
    source = Path(__file__).read_text(encoding="utf-8")
    named = set(re.findall(r'check_screenshot\("([^"]+)"', source))
    assert {p.stem for p in SCREENSHOTS.glob("*.txt")} == named
