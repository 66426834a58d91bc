"""The coach at a terminal table: ``odds`` and ``hint``, off unless ``--coach``, one seat's view."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from savanna.core import load_game
from savanna.tui.coach import COACH_SECONDS, TerminalCoach
from savanna.tui.session import PlaySession
from tests.tui.conftest import screen, session
from tests.tui.test_cli import run

SECONDS = re.compile(r"\d+\.\d s$", re.MULTILINE)  # the time taken, the only part that may differ


def coached(play: PlaySession, samples: int = 24) -> PlaySession:
    """``play`` with the coach on, on a number of rounds (the same answer on every machine)."""
    play.coach = TerminalCoach(play.game, play.lang, seconds=None, samples=samples)
    return play


def page(out: str, title: str) -> str:
    """The coach page titled ``title`` in the console output."""
    after = out.partition(title)[2]
    assert after, f"no page {title!r} in:\n{out}"
    return after.partition("-- ")[0]


def test_the_coach_is_off_by_default_and_says_how_to_turn_it_on(toy, tmp_path: Path) -> None:
    play, keys = session("toy", "human,bot:random", ["odds", "hint", "1"], tmp_path, seed=2)
    assert play.coach is None
    play.run()
    out = screen(play.console)
    assert out.count("The coach is off at this table: start the game with --coach") == 2
    assert "odds · hint" not in out and "chance to win" not in out
    assert keys.prompts[0] == keys.prompts[1] == keys.prompts[2]  # still the same seat's turn


def test_odds_shows_how_the_game_may_end_from_the_seat_to_play(toy, tmp_path: Path) -> None:
    play, keys = session("toy", "human,bot:random", ["odds", "", "1"], tmp_path, seed=2)
    coached(play).run()
    out = screen(play.console)
    words = " ".join(out.split())
    assert "? help and symbols" in words and "quit · odds · hint" in words  # everyone sees the coach is on
    shown = page(out, "The coach: odds for Player 1 (you)")
    assert "The coach is thinking (24 rounds)..." in out
    assert "chance to win" in shown and "expected score" in shown
    assert "How the game may end" in shown
    assert all(len(line) <= 80 for line in shown.splitlines())
    assert keys.prompts[1] == "-- Enter: back to the game> "
    assert keys.prompts[0] == keys.prompts[2]  # back to the same choice, nothing played


def test_hint_lists_the_moves_with_the_best_marked_in_french(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,bot:random", ["conseil", "", "1"], tmp_path, seed=2, lang="fr")
    coached(play).run()
    out = screen(play.console).replace("\u00a0", " ").replace("\u202f", " ")
    assert "quitter · chances · conseil" in " ".join(out.split())
    shown = page(out, "Le coach : les coups de Joueur 1 (vous)")
    assert "Vos coups" in shown
    moves = [line for line in shown.splitlines() if line.startswith(("* ", "  ", "- ")) and "move " in line]
    assert len(moves) == len(play.game.new_initial_state().legal_actions()) or len(moves) >= 2
    assert sum(line.startswith("* ") for line in moves) == 1  # one best move, marked


def test_a_page_of_the_coach_fits_a_narrow_window(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,bot:random", ["hint", "", "odds", "", "1"], tmp_path, seed=2, width=44)
    coached(play).run()
    out = screen(play.console)
    for title in ("odds for Player 1", "moves for Player 1"):
        shown = page(out, title)
        assert shown.count("\n") > 3 and all(len(line) <= 44 for line in shown.splitlines())


def test_the_coach_never_reads_another_seats_card(toy, tmp_path: Path) -> None:
    """Two games that differ only in seat 2's secret card: seat 1's coach says the same."""
    pages = []
    for their_card in (1, 2):
        folder = tmp_path / str(their_card)
        folder.mkdir()
        play, _ = session("toy", "human,bot:random", ["odds", "", "hint", "", "1"], folder,
                          seed=4, history=[0, their_card])
        assert play.state.cards[1] == their_card  # type: ignore[attr-defined]
        coached(play).run()
        out = screen(play.console)
        pages.append([SECONDS.sub("", page(out, title)) for title in ("odds for", "moves for")])
    assert pages[0] == pages[1]


def test_the_coach_of_a_hot_seat_answers_the_seat_at_the_keyboard_only(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,human", ["odds", "", "1", "odds", "", "1"], tmp_path, seed=3)
    coached(play).run()
    out = screen(play.console)
    assert "The coach: odds for Player 1" in out and "The coach: odds for Player 2" in out


def test_banjooli_odds_name_each_ostrich_and_the_beliefs(tmp_path: Path) -> None:
    play, _ = session(load_game("banjooli", players=3), "human,bot:heuristic,bot:heuristic",
                      ["odds", "", "quit", "n"], tmp_path, seed=3)
    coached(play, samples=6).run()
    shown = page(screen(play.console), "The coach: odds for Player 1 (you)")
    for ostrich in ("blue", "yellow", "red", "green", "purple"):
        assert ostrich in shown
    assert "Your final score" in shown and "What the others probably hold" in shown


def test_the_default_budget_is_small() -> None:
    """Asked only on request, the coach keeps a turn short: at most a second by default."""
    assert 0 < COACH_SECONDS <= 1.0
    assert TerminalCoach(load_game("banjooli", players=3)).seconds == COACH_SECONDS


@pytest.mark.slow
def test_savanna_play_coach_flag_turns_it_on(tmp_path: Path) -> None:
    done = run("play", "toy", "--coach", "--seed", "2", "--pause", "0",
               stdin="hint\n\nquit\nn\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "The coach is thinking (about 1 s)..." in done.stdout
    assert "The coach: moves for Player 1 (you)" in done.stdout
    off = run("play", "toy", "--seed", "2", "--pause", "0", stdin="hint\nquit\nn\n", cwd=tmp_path)
    assert "The coach is off at this table" in off.stdout


@pytest.mark.parametrize("name", ["hyena", "river-race"])
def test_the_coach_answers_in_every_game_with_decisions(name: str, tmp_path: Path) -> None:
    play, _ = session(name, "human,bot:heuristic", ["odds", "", "hint", "", "quit", "n"], tmp_path, seed=4)
    coached(play, samples=6).run()
    out = screen(play.console)
    odds = page(out, "The coach: odds for Player 1 (you)")
    assert "chance to win" in odds and "expected score" in odds and "How the game may end" in odds
    assert re.search(r"expected score: \d+\.\d \(likely \d+\.\d to \d+\.\d\)", odds), odds  # the interval in words
    moves = page(out, "The coach: moves for Player 1 (you)")
    assert "Your moves" in moves and "expected score" in moves


def test_a_river_race_offer_is_answered_with_the_value_of_accepting_refusing_and_countering(
    tmp_path: Path,
) -> None:
    """The hint at an offer lists accept, refuse and the counter-offers, each with its
    expected score (a seeded game between heuristic bots, seat 1 asked to pay)."""
    from savanna.bots import make_bots, parse_bot_spec, play_game

    game = load_game("river-race", players=3)
    final = play_game(game, make_bots(game, [parse_bot_spec("heuristic")] * 3, 4), seed=4)
    state, history = game.new_initial_state(), []
    for action in final.history:  # up to the first offer
        history.append(action)
        offer = state.action_to_text(action)
        state.apply(action)
        if offer.startswith("offer"):
            break
    assert state.current_player() == 0, "seed 4 asks seat 1 to pay"
    play, _ = session(game, "human,bot:heuristic,bot:heuristic", ["hint", "", "quit", "n"], tmp_path, seed=4,
                      history=history, height=60)
    coached(play, samples=6).run()
    shown = page(screen(play.console), "The coach: moves for Player 1 (you)")
    rows = [line for line in shown.splitlines() if line.startswith(("* ", "  ", "- "))]
    for answer in ("accept", "refuse", "counter 0"):
        row = next((line for line in rows if f" {answer} " in f"{line} "), None)
        assert row is not None, f"no {answer!r} in the hint:\n{shown}"
        assert re.search(r"^[*\- ] +\d+\.\d ", row), f"no expected score for {answer!r}: {row!r}"
