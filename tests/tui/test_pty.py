"""Whole games of the real program in a pseudo-terminal (pexpect), as a person would play."""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from savanna.core import Record, replay
from savanna.saves import read_game
from savanna.tui.render import strip_ansi

ROOT = Path(__file__).resolve().parents[2]
HANDOVER = r"Pass the keyboard to Player (\d)\.[^>]*look away\)> "
MOVE = r"Player (\d)[^\n]*, your move(?: \[[^\]\n]*\])?> "
QUIT_ASK = r"goes back to the game> "
END = r"Record written to"


def spawn(
    *args: str, term: str = "dumb", cwd: Path = ROOT, colour: bool = False
) -> tuple[pexpect.spawn, io.StringIO]:
    """``savanna`` with the toy game registered, in an 80x24 pseudo-terminal.

    ``NO_COLOR`` is set unless ``colour`` is asked for.
    """
    env = {
        **os.environ,
        "COLUMNS": "80",
        "LINES": "24",
        "NO_COLOR": "1",
        "TERM": term,
        "LANG": "C.UTF-8",
    }
    env.pop("LC_ALL", None)
    env.pop("FORCE_COLOR", None)
    if colour:
        env.pop("NO_COLOR")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    log = io.StringIO()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tests.tui.launcher", *args],
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(24, 80),
    )
    child.logfile_read = log
    return child, log


def drive(child: pexpect.spawn, answer: Callable[[str, str], str | None], limit: int = 600) -> None:
    """Answer prompts until the program ends; ``answer(kind, seat)`` gives the line to type."""
    for _ in range(limit):
        index = child.expect([HANDOVER, MOVE, QUIT_ASK, pexpect.EOF])
        if index == 3:
            child.close()
            return
        kind = ("handover", "move", "quit")[index]
        seat = child.match.group(1) if index < 2 else ""
        line = answer(kind, seat)
        if line is not None:
            child.sendline(line)
    raise AssertionError("the game did not end")


def always(code: str = "1", quit_answer: str = "n") -> Callable[[str, str], str]:
    def answer(kind: str, seat: str) -> str:
        return {"handover": seat, "move": code, "quit": quit_answer}[kind]

    return answer


@pytest.mark.parametrize("term", ["dumb", "xterm-256color"])
def test_hot_seat_secret_never_on_screen_during_the_other_turn(term: str, tmp_path: Path) -> None:
    out = tmp_path / "hot.json"
    child, log = spawn(
        "play",
        "toy",
        "--seats",
        "human,human",
        "--seed",
        "1",
        "--pause",
        "0",
        "--out",
        str(out),
        term=term,
    )
    drive(child, always())
    assert child.exitstatus == 0
    record = Record.from_json(out.read_text())
    cards = [text.split()[1] for text in record.actions[:2]]  # the two deals
    assert cards[0] != cards[1]
    raw = log.getvalue()
    during, _, after = raw.partition("Game over")
    segments = re.split(r"Pass the keyboard to Player (\d)", during)
    assert len(segments) > 3 and "card:" not in segments[0]
    for seat_text, text in zip(segments[1::2], segments[2::2], strict=True):
        seen = set(re.findall(r"card: ([ABC])", strip_ansi(text)))
        assert seen == {cards[int(seat_text) - 1]}
    if term != "dumb":
        # the screen and its scroll-back are wiped just before each hand-over
        assert all("\x1b[H\x1b[2J\x1b[3J" in text[-20:] for text in segments[0:-1:2])
    revealed = strip_ansi(after)
    assert f"card: {cards[0]}" in revealed and f"card: {cards[1]}" in revealed


def test_game_against_bots_to_the_end(toy, tmp_path: Path) -> None:
    out = tmp_path / "bots.json"
    child, log = spawn(
        "play",
        "toy",
        "--seats",
        "human,bot:random,bot:heuristic",
        "--seed",
        "8",
        "--pause",
        "0",
        "--out",
        str(out),
    )
    drive(child, always("1"))
    assert child.exitstatus == 0
    text = strip_ansi(log.getvalue())
    assert "Winner" in text and "Result:" in text and "Traceback" not in text
    assert replay(Record.from_json(out.read_text())).is_terminal()


def test_illegal_move_answered_with_its_rule_then_prompt_again(tmp_path: Path) -> None:
    child, _ = spawn(
        "play",
        "hyena",
        "--seats",
        "human,bot:heuristic",
        "--seed",
        "3",
        "--pause",
        "0",
        "--out",
        str(tmp_path / "h.json"),
    )
    child.expect(MOVE)
    child.sendline("pay")
    child.expect(MOVE)
    refused = strip_ansi(child.before)
    assert "hyena/well.pay_missing" in refused and "Traceback" not in refused
    child.sendline("quit")
    child.expect(QUIT_ASK)
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_save_and_resume_through_the_command(tmp_path: Path) -> None:
    """`save FILE`, then `savanna play --load FILE --seed 9` twice: the same continuation."""
    seats = "human,bot:heuristic"
    saved = tmp_path / "saved.json"
    moves = iter(["2", f"save {saved}", "quit"])
    child, log = spawn("play", "toy", "--seats", seats, "--seed", "6", "--pause", "0", cwd=tmp_path)
    drive(child, lambda kind, seat: next(moves) if kind == "move" else "n")
    assert "Game saved to" in strip_ansi(log.getvalue())
    assert '"seed"' not in saved.read_text()
    finished = []
    for run in range(2):
        resumed = tmp_path / f"resumed{run}.json"
        child, log = spawn(
            "play", "--load", str(saved), "--seed", "9", "--pause", "0", "--out", str(resumed),
            cwd=tmp_path,
        )  # fmt: skip
        drive(child, always("2"))
        assert "Game resumed after" in strip_ansi(log.getvalue())
        finished.append(Record.from_json(resumed.read_text()))
    assert finished[0] == finished[1]
    assert finished[0].seed == 6 and finished[0].reseeds is not None
    assert finished[0].reseeds[0][1] == 9
    assert replay(finished[0]).is_terminal()


@pytest.mark.slow
def test_hyena_game_to_the_end_in_french(tmp_path: Path) -> None:
    out = tmp_path / "hyena.json"
    child, log = spawn(
        "play",
        "hyena",
        "--seats",
        "human,bot:heuristic",
        "--option",
        "length=30",
        "--seed",
        "5",
        "--pause",
        "0",
        "--lang",
        "fr",
        "--out",
        str(out),
    )
    for _ in range(2000):
        index = child.expect([r"Joueur 1 \(vous\), votre coup(?: \[[^\]\n]*\])?> ", pexpect.EOF])
        if index == 1:
            break
        child.sendline("1")
    child.close()
    assert child.exitstatus == 0
    text = strip_ansi(log.getvalue())
    assert "Fin de la partie" in text and "Enregistrement écrit dans" in text
    assert replay(Record.from_json(out.read_text())).is_terminal()


def test_hot_seat_banjooli_prediction_card_stays_with_its_seat(tmp_path: Path) -> None:
    out = tmp_path / "bj.json"
    child, log = spawn(
        "play",
        "banjooli",
        "--seats",
        "human,human",
        "--seed",
        "4",
        "--pause",
        "0",
        "--out",
        str(out),
    )
    moves = iter(["1"] * 20 + ["quit"])
    drive(
        child,
        lambda kind, seat: next(moves) if kind == "move" else {"handover": seat, "quit": "y"}[kind],
    )
    assert child.exitstatus == 0
    state = replay(read_game(out.read_text()))
    cards = []
    for seat in range(2):
        drawing = state.game.render_text(state.observation(seat), "en")
        cards.append(re.findall(r"your card: 1st [BYRGP][^\n]*?last [BYRGP] \(x2\)", drawing)[0])
    assert cards[0] != cards[1]
    segments = re.split(r"Pass the keyboard to Player (\d)", strip_ansi(log.getvalue()))
    assert len(segments) > 10 and "card:" not in segments[0]
    for seat_text, text in zip(segments[1::2], segments[2::2], strict=True):
        seen = set(re.findall(r"your card: 1st [BYRGP][^\n]*?last [BYRGP] \(x2\)", text))
        assert seen == {cards[int(seat_text) - 1]}


COLOUR = re.compile(r"\x1b\[[0-9;]*(?:3[0-7]|38;5;\d+|9[0-7])m")


@pytest.mark.parametrize("colour", [True, False])
def test_board_is_coloured_unless_no_color_is_set(colour: bool, tmp_path: Path) -> None:
    child, log = spawn(
        "play", "toy", "--seats", "bot,bot", "--seed", "3", "--pause", "0",
        term="xterm-256color", cwd=tmp_path, colour=colour,
    )  # fmt: skip
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Winner" in strip_ansi(log.getvalue())
    assert bool(COLOUR.search(log.getvalue())) is colour
