"""Every game's end at 80x24 with the most players and the longest names: each page fits,
the result comes last and shows every seat's place, total and scoring, the reader's line
marked; a result too long for one screen with its board is paged with a clear key."""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import pytest

from savanna.core import load_game, random_playout
from savanna.tui.frames import READER_MARK
from tests.tui.conftest import screen, session
from tests.tui.terminal import Terminal

LONG_BOT = "bot:ismcts:sims=200:c=1.4:rollout=heuristic"
CASES = [
    ("banjooli", {"berries": True, "special": "vortex"}, "en"),
    ("banjooli", {"berries": True, "special": "crocodiles", "lion": True}, "fr"),
    ("hyena", {"rules": "traditional"}, "fr"),
    ("hyena", {"rules": "four-sticks", "length": 80}, "en"),
    ("river-race", {}, "en"),
    ("river-race", {}, "fr"),
]
PAGER = re.compile(r"^-- (?:page \d+ of \d+: Enter shows the result|page \d+ sur \d+\W+Entrée montre)")


def finished_session(name: str, options: dict[str, object], lang: str, tmp_path: Path, seed: int = 7):
    spec = load_game(name).spec
    game = load_game(name, players=spec.max_players, options=options)
    history = random_playout(game, random.Random(seed)).history
    seats = ",".join(["human", *[LONG_BOT] * (game.num_players - 1)])
    return session(game, seats, [""] * 5, tmp_path, lang=lang, history=history, seed=seed)


@pytest.mark.parametrize(("name", "options", "lang"), CASES, ids=lambda c: str(c))
def test_the_end_fits_80x24_and_shows_every_place_last(name, options, lang, tmp_path: Path) -> None:
    play, keys = finished_session(name, options, lang, tmp_path)
    outcome = play.run()
    assert outcome.finished
    out = screen(play.console)
    pages: list[list[str]] = [[]]
    for row in out.splitlines():
        if PAGER.match(row):
            pages.append([])
        else:
            pages[-1].append(row)
    assert [p for p in keys.prompts if PAGER.match(p)] == [p for p in keys.prompts]  # only pager prompts
    for shown in pages:
        # Each page leaves its last line to a prompt (the pager's, or the shell's at the end).
        rows = sum(max(1, math.ceil(len(r) / 80)) for r in shown)
        assert rows <= 23, "\n".join(shown)
        assert all(len(r) <= 80 for r in shown if str(tmp_path) not in r)
    last = "\n".join(pages[-1]).replace("\u00a0", " ")
    n = play.game.num_players
    word = "Player" if lang == "en" else "Joueur"
    for seat in range(1, n + 1):
        assert re.search(rf"^(?:{READER_MARK}|  )\d\. {word} {seat} ", last, re.M), last
    places = re.findall(r"^(?:▶ |  )(\d)\. ", last, re.M)
    assert len(places) == n and places == sorted(places)
    marked = [r for r in pages[-1] if r.startswith(READER_MARK)]
    assert len(marked) == 1 and f"{word} 1 " in marked[0]  # the reader's line, and only it
    assert "+" in last  # the scoring: how each total was made
    assert ("Winner" in last) if lang == "en" else ("Vainqueur" in last)
    assert ("Record written" in last) if lang == "en" else ("Enregistrement écrit" in last)
    if len(pages) > 1:  # the board came first, whole, with the winner
        assert ("Winner" in pages[0][-1]) or ("Vainqueur" in pages[0][-1])


def test_end_of_input_at_the_pager_still_shows_the_result(tmp_path: Path) -> None:
    play, keys = finished_session("river-race", {}, "en", tmp_path)
    keys.lines.clear()  # input ends at the first pager prompt
    assert play.run().finished
    tail = screen(play.console).rpartition("Enter shows the result")[2]
    assert "Result:" in tail and "5. Player" in tail


def test_two_people_at_one_keyboard_both_have_their_lines_marked(tmp_path: Path) -> None:
    game = load_game("hyena", players=3)
    history = random_playout(game, random.Random(3)).history
    play, _ = session(game, "human,bot:random,human", [""] * 3, tmp_path, history=history)
    play.run()
    marked = [r for r in screen(play.console).splitlines() if r.startswith(READER_MARK)]
    assert sorted(r.split(". ", 1)[1].split()[1].rstrip(":") for r in marked) == ["1", "3"]


@pytest.mark.slow
def test_a_five_player_river_race_ends_readable_in_a_real_terminal(tmp_path: Path) -> None:
    done = tmp_path / "done.json"
    game = load_game("river-race", players=5)
    from savanna.core import record_of

    state = random_playout(game, random.Random(11))
    done.write_text(record_of(state, seed=11).to_json(), encoding="utf-8")
    seats = ",".join(["human", *[LONG_BOT] * 4])
    term = Terminal("play", "--load", str(done), "--seats", seats, "--pause", "0", "--out", "end.json", cwd=tmp_path)
    term.expect(r"Enter shows the result, q skips to the last page> ")
    first = term.screenshot()
    assert first.startswith("Game over — The River Race") and "Winner: Player" in first
    term.send("")
    assert term.finish() == 0
    shot = term.screenshot()
    rows = shot.splitlines()
    assert len(rows) <= 24 and "Result:" in shot and "Record written to end.json" in shot
    for seat in range(1, 6):
        assert f". Player {seat} " in shot
    assert any(r.startswith(READER_MARK) and "Player 1 (you)" in r for r in rows)
