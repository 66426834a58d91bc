"""The terminal game loop, driven in-process with a scripted keyboard (toy game and Hyena)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from savanna.core import CHANCE, Audience, OptionError, Record, load_game, replay
from savanna.saves import read_game
from savanna.tui import parse_seats
from savanna.tui.choice import Menu
from savanna.tui.session import PlaySession
from tests.tui.conftest import make_console, moves_of, screen, session

RUNNERS = "ABC"
GAME_OVER = "Game over — "


def cards_of(play: PlaySession) -> list[str]:
    """The dealt toy cards, read from the full state (test-side only)."""
    return [RUNNERS[c] for c in play.state.cards]  # type: ignore[attr-defined]


def test_bots_play_a_game_to_the_end_and_the_record_replays(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "bot:random,bot:heuristic", [], tmp_path, seed=5)
    outcome = play.run()
    assert outcome.finished and outcome.state.is_terminal()
    record = Record.from_json((tmp_path / "game.json").read_text())
    assert record.seats == ["bot:random", "bot:heuristic"] and record.seed == 5
    assert replay(record).to_text() == outcome.state.to_text()
    out = screen(play.console)
    assert "Winner" in out and "Record written to" in out
    end = out.partition(GAME_OVER)[2]
    cards = cards_of(play)
    assert "Result:" in end and f"card: {cards[0]}" in end and f"card: {cards[1]}" in end


def test_same_seed_same_bot_game(toy, tmp_path: Path) -> None:
    texts = []
    for run in range(2):
        folder = tmp_path / str(run)
        folder.mkdir()
        play, _ = session("toy", "bot:random,bot:random,bot:heuristic", [], folder, seed=11)
        play.run()
        texts.append((folder / "game.json").read_text())
    assert texts[0] == texts[1]


def test_choices_accept_a_code_or_the_notation(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,bot:random", ["2", "move c"], tmp_path, seed=1)
    play.run()
    mine = [e.text for e in play.table.log if e.actor == 0]
    assert mine[:2] == ["move B", "move C"]


def test_unreadable_entry_is_answered_and_prompted_again(toy, tmp_path: Path) -> None:
    play, keys = session("toy", "human,bot:random", ["move Z", "1"], tmp_path, seed=1)
    play.run()
    out = screen(play.console)
    assert "Cannot read 'move Z'" in out and "Type a number from the list, or a move" in out
    assert "Traceback" not in out
    assert keys.prompts[0] == keys.prompts[1]  # the same seat is asked again


def test_hyena_move_refused_by_its_rule_in_french(tmp_path: Path) -> None:
    """hyena/well.pay_missing refuses 'pay' on the way out; the rule is shown, then the prompt."""
    play, keys = session(
        "hyena", "human,bot:heuristic", ["pay", "bank", "quit", "n"], tmp_path, seed=3, lang="fr"
    )
    play.run()
    out = screen(play.console)
    assert "hyena/well.pay_missing" in out and "refusée" in out
    assert keys.prompts[0] == keys.prompts[1]
    assert moves_of(play)[0] == "bank"


def test_hot_seat_never_shows_a_seat_its_neighbours_card(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,human", ["1"] * 40, tmp_path, seed=1)
    play.run()
    cards = cards_of(play)
    assert cards[0] != cards[1], "the seed must deal different cards for the test to mean something"
    out = screen(play.console)
    during, _, after = out.partition(GAME_OVER)
    assert after, "the game should have finished"
    segments = re.split(r"Pass the keyboard to Player (\d)", during)
    assert len(segments) > 3
    # before anyone took the keyboard: neither the cards nor the deal (a hidden chance outcome)
    assert "card:" not in segments[0] and "deal" not in segments[0]
    for seat_text, text in zip(segments[1::2], segments[2::2], strict=True):
        seat = int(seat_text) - 1
        assert set(re.findall(r"card: ([ABC])", text)) == {cards[seat]}
        assert set(re.findall(r"deal ([ABC])", text)) <= {cards[seat]}
    # at the end, every card is revealed
    assert f"card: {cards[0]}" in after and f"card: {cards[1]}" in after


def test_hot_seat_between_turns_shows_the_public_view(toy, tmp_path: Path) -> None:
    game = load_game("toy", players=3, options={"length": 20})
    play, _ = session(game, "human,bot:random,human", ["1"] * 60, tmp_path, seed=2)
    play.run()
    during = screen(play.console).partition(GAME_OVER)[0]
    # Bot turns are drawn as the public sees them.
    screens = during.split("Toy race — ")[1:]
    bot_screens = [s for s in screens if "Player 2 (bot random) played:" in s]
    assert len(bot_screens) > 3
    for shown in bot_screens:
        assert shown.startswith("public view") and "card:" not in shown


def test_single_human_sees_own_card_and_no_handover(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,bot:random", ["1"] * 30, tmp_path, seed=1)
    play.run()
    out = screen(play.console)
    assert "Pass the keyboard" not in out
    assert f"card: {cards_of(play)[0]}" in out.partition(GAME_OVER)[0]
    assert (
        f"card: {cards_of(play)[1]}" not in out.partition(GAME_OVER)[0]
        or cards_of(play)[0] == cards_of(play)[1]
    )


def test_undo_refused_with_two_humans(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,human", ["undo", "quit", "n"], tmp_path, seed=1)
    play.run()
    assert "Undo is only possible with one person" in screen(play.console)


def test_undo_with_no_move_yet(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,bot:random", ["undo", "quit", "n"], tmp_path, seed=1)
    play.run()
    assert "no move to take back" in screen(play.console)


def test_save_then_load_continues_the_game_saved(toy, tmp_path: Path) -> None:
    """The saved moves come back; what follows is drawn afresh (see test_undo_and_saves)."""
    first, _ = session(
        "toy",
        "human,bot:heuristic",
        ["1", "2", f"save {tmp_path / 'mid.json'}", "quit", "n"],
        tmp_path,
        seed=7,
    )
    first.run()
    assert "Game saved to" in screen(first.console)
    record = read_game((tmp_path / "mid.json").read_text())
    assert record.seed == 7 and record.actions == first.table.record().actions
    resumed_state = replay(record)
    second, _ = session(
        "toy", "human,bot:heuristic", ["1"] * 30, tmp_path, seed=8, history=resumed_state.history
    )
    second.run()
    assert "Game resumed after" in screen(second.console)
    assert second.state.history[: len(record.actions)] == resumed_state.history


def test_quit_asks_whether_to_save(toy, tmp_path: Path) -> None:
    play, keys = session("toy", "human,bot:random", ["quit", "y"], tmp_path, seed=1)
    outcome = play.run()
    assert not outcome.finished and outcome.record_path == tmp_path / "game.json"
    assert keys.prompts[-1].startswith("Enter saves and leaves")
    assert read_game((tmp_path / "game.json").read_text()).result is None
    (tmp_path / "game.json").unlink()
    play, _ = session("toy", "human,bot:random", ["quit", "n"], tmp_path, seed=1)
    assert play.run().record_path is None and not (tmp_path / "game.json").exists()


def test_end_of_input_saves_the_game(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,bot:random", ["1"], tmp_path, seed=1)
    outcome = play.run()
    assert outcome.interrupted and outcome.record_path is not None and outcome.record_path.exists()


def test_help_lists_commands_in_french(toy, tmp_path: Path) -> None:
    play, _ = session(
        "toy", "human,bot:random", ["aide", "", "", "quitter", "n"], tmp_path, seed=1, lang="fr"
    )
    play.run()
    out = screen(play.console)
    assert "Commandes" in out and "annuler" in out and "Au revoir." in out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_explains_every_symbol_and_rules_pages_the_summary(tmp_path: Path, lang: str) -> None:
    rules = "rules" if lang == "en" else "règles"
    play, keys = session(
        "hyena",
        "human,bot:random",
        ["?", "q", rules, "q", "quit", "n"],
        tmp_path,
        lang=lang,
        height=40,
    )
    play.run()
    out = screen(play.console)
    game = play.game
    for symbol, meaning in game.legend(lang):
        assert meaning.split()[0] in out and symbol in out
    summary = " ".join(game.rules_summary(lang).split())
    assert " ".join(summary.split()[:6]) in " ".join(out.split())
    assert any(p.startswith("-- Enter") or p.startswith("-- Entrée") for p in keys.prompts)
    lines = out.splitlines()
    # Prompts, and the line naming the save file (a path is never cut), are the terminal's to wrap.
    assert all(
        len(line) <= 80 for line in lines if not line.startswith(("Joueur", "Player", "--")) and str(tmp_path) not in line
    )


def test_save_to_unwritable_place_is_reported(toy, tmp_path: Path) -> None:
    play, _ = session(
        "toy",
        "human,bot:random",
        [f"save {tmp_path / 'no' / 'such' / 'x.json'}", "quit", "n"],
        tmp_path,
        seed=1,
    )
    play.run()
    assert "Cannot write" in screen(play.console)


def test_bot_pause_is_taken_between_moves(toy, tmp_path: Path) -> None:
    slept: list[float] = []
    game = load_game("toy", players=2)
    play = PlaySession(
        game,
        parse_seats("bot,bot"),
        seed=1,
        console=make_console(),
        pause=0.25,
        out=tmp_path / "g.json",
        sleep=slept.append,
    )
    play.run()
    # no wait for chance; a share of the pause after each move, the full pause between turns
    moves = sum(1 for e in play.table.log if not e.is_chance)
    assert slept.count(0.25 / 4) == moves and slept.count(0.25) == moves - 1


def test_wrong_seat_count_is_refused(toy, tmp_path: Path) -> None:
    with pytest.raises(OptionError):
        PlaySession(
            load_game("toy", players=3), parse_seats("human,human"), seed=1, console=make_console()
        )


def test_codes_become_hash_numbers_when_moves_are_numbers(toy, tmp_path: Path) -> None:
    def codes(texts: list[str]) -> list[str]:
        return [c.code for c in Menu.build(texts, family_min=len(texts) + 1).choices]

    assert codes(["1", "2"]) == ["#1", "#2"]
    assert codes(["bank", "move 2"]) == ["1", "2"]


def test_chance_events_are_logged_with_their_actor(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "bot,bot", [], tmp_path)
    play.run()
    assert play.table.log[0].actor == CHANCE and play.table.log[0].audience == Audience.seats_only(0)


def test_a_big_terminal_shows_the_legend_beside_the_board(tmp_path: Path) -> None:
    play, _ = session(
        "hyena", "human,bot:random", ["board", "quit", "n"], tmp_path, width=120, height=40
    )
    play.run()
    first = screen(play.console).split("your move")[0]
    assert "On the board:" in first and "Your choices" in first


def banjooli_card_lines(play: PlaySession) -> list[str]:
    """Each seat's prediction-card line as its own view draws it (test-side only)."""
    lines = []
    for seat in range(play.game.num_players):
        drawing = play.game.render_text(play.state.observation(seat), "en")
        lines.append(re.findall(r"your card: 1st [BYRGP][^\n]*?last [BYRGP] \(x2\)", drawing)[0])
    return lines


def test_hot_seat_banjooli_prediction_card_stays_with_its_seat(tmp_path: Path) -> None:
    """Banjooli's prediction cards are secret: each seat's turn shows only its own card."""
    play, _ = session("banjooli", "human,human", ["1"] * 30, tmp_path, seed=4)
    play.run()  # the keyboard runs out after 30 turns: the game is saved, not finished
    cards = banjooli_card_lines(play)
    assert cards[0] != cards[1]
    segments = re.split(r"Pass the keyboard to Player (\d)", screen(play.console))
    assert len(segments) > 10 and "card:" not in segments[0]
    for seat_text, text in zip(segments[1::2], segments[2::2], strict=True):
        seen = set(re.findall(r"your card: 1st [BYRGP][^\n]*?last [BYRGP] \(x2\)", text))
        assert seen == {cards[int(seat_text) - 1]}


def test_reroll_subsets_are_one_entry_and_list_shows_every_one(tmp_path: Path) -> None:
    """Banjooli's 63 rerolls are offered as one family entry, not 63 codes."""
    play, _ = session(
        "banjooli",
        "human,bot:random",
        ["list", "", "", "", "", "reroll 134", "quit", "n"],
        tmp_path,
        seed=4,
    )
    play.run()
    out = screen(play.console)
    first_screen = out.split("your move>")[0]
    assert "reroll + any of 1 2 3 4 5 6" in first_screen
    assert "reroll 123456" not in first_screen and "64)" not in first_screen
    listed = out.split("> list")[1].split("> reroll 134")[0]
    assert "reroll can be followed by:" in listed and "123456" in listed
    assert "reroll 123456: reroll dice 1, 2, 3, 4, 5, 6" in listed  # each with its words
    assert moves_of(play) == ["reroll 134"]


def test_family_code_asks_which_dice_and_enter_goes_back(tmp_path: Path) -> None:
    play, keys = session(
        "banjooli", "human,bot:random", ["reroll", "", "reroll", "4 3 1", "quit", "n"], tmp_path, seed=4
    )
    play.run()
    assert keys.prompts[1].startswith("reroll which? Type some of 1 2 3 4 5 6")
    assert keys.prompts[2] == keys.prompts[0]  # Enter went back to the move prompt
    assert moves_of(play) == ["reroll 134"]


def test_family_question_in_french(tmp_path: Path) -> None:
    play, keys = session(
        "banjooli", "human,bot:random", ["relancer", "13", "quitter", "n"], tmp_path, seed=4, lang="fr"
    )
    play.run()
    assert "relancer + n'importe lesquels" in screen(play.console)
    assert keys.prompts[1].startswith("Pour relancer, tapez certains de 1 2 3 4 5 6")
    assert moves_of(play) == ["reroll 13"]


def test_an_abbreviated_verb_is_written_out(tmp_path: Path) -> None:
    play, _ = session("banjooli", "human,bot:random", ["r 61", "quit", "n"], tmp_path, seed=4)
    play.run()
    assert moves_of(play) == ["reroll 16"]


def test_enter_plays_the_only_choice(toy, tmp_path: Path) -> None:
    """Hyena's first action of a seat is forced (bank): Enter plays it, the prompt says so."""
    play, keys = session("hyena", "human,bot:heuristic", ["", "quit", "n"], tmp_path, seed=3)
    play.run()
    assert keys.prompts[0].endswith("your move [Enter: bank]> ")
    assert moves_of(play)[0] == "bank"


@pytest.mark.parametrize(
    "line", ["x" * 5000, "é", "🦒 move", "\x00", "move A A A", "   ", "#1", "0", "-1"]
)
def test_odd_input_is_answered_and_asked_again(toy, tmp_path: Path, line: str) -> None:
    play, keys = session("toy", "human,bot:random", [line, "quit", "n"], tmp_path, seed=1)
    outcome = play.run()
    out = screen(play.console)
    assert "Traceback" not in out and not outcome.finished
    assert len(keys.prompts) == 3 and keys.prompts[1] == keys.prompts[0]
    if len(line) > 200:
        assert "too long for a move (5000 characters)" in out


def test_ctrl_d_at_the_family_question_saves_and_stops(tmp_path: Path) -> None:
    play, _ = session("banjooli", "human,bot:random", ["2"], tmp_path, seed=4)
    outcome = play.run()
    assert outcome.interrupted and outcome.record_path == tmp_path / "game.json"
    assert "Input ended" in screen(play.console)


def test_bot_turn_steps_wait_less_than_the_end_of_a_turn(tmp_path: Path) -> None:
    """Banjooli bots move step by step: a short wait per step, the full pause per turn."""
    slept: list[float] = []
    play = PlaySession(
        load_game("banjooli", players=2),
        parse_seats("bot:random,bot:random"),
        seed=2,
        console=make_console(),
        pause=0.8,
        out=tmp_path / "g.json",
        sleep=slept.append,
    )
    play.run()
    actors = [e.actor for e in play.table.log if not e.is_chance]
    turns = 1 + sum(1 for a, b in itertools.pairwise(actors) if a != b)
    assert set(slept) == {0.8, 0.2}
    assert slept.count(0.2) == len(actors) and slept.count(0.8) == turns - 1
    assert len(actors) > 2 * turns  # the test means something: turns have several actions


def test_loading_a_finished_playout_record_shows_the_end(
    toy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Records written by `savanna playout` (bare bot seats) load; a finished game goes to its end."""
    monkeypatch.chdir(tmp_path)
    import random as _random

    from savanna.cli.play import build_session
    from savanna.core import random_playout, record_of

    state = random_playout(load_game("toy", players=2), _random.Random(3))
    saved = tmp_path / "done.json"
    saved.write_text(record_of(state, seed=3, seats=["random", "random"]).to_json())
    console = make_console()
    play = build_session(
        game=None,
        seats=None,
        option=None,
        seed=None,
        lang="en",
        load=saved,
        pause=0,
        out=None,
        console=console,
    )
    assert [str(s) for s in play.seats] == ["bot:random", "bot:random"]
    assert play.save_to == saved and play.out != saved  # the loaded file is kept
    outcome = play.run()
    assert outcome.finished and outcome.state.history == state.history
    assert "Winner" in screen(console)


def test_load_refuses_options_and_another_game(toy, tmp_path: Path) -> None:
    from savanna.cli.play import build_session

    play, _ = session("toy", "human,bot:random", ["save", "quit", "n"], tmp_path, seed=1)
    play.run()
    common: dict[str, Any] = {
        "seats": None,
        "seed": None,
        "lang": "en",
        "pause": 0,
        "out": None,
        "console": make_console(),
    }
    with pytest.raises(OptionError, match="cannot change a saved game"):
        build_session(game=None, option=["length=5"], load=tmp_path / "game.json", **common)
    with pytest.raises(OptionError, match="the saved game is 'toy'"):
        build_session(game="hyena", option=None, load=tmp_path / "game.json", **common)


@pytest.mark.parametrize("typed", ["-1", "+2", "-0"])
def test_a_signed_number_is_no_choice(typed: str, tmp_path: Path) -> None:
    play, _ = session("banjooli", "human,bot:random", [typed, "quit", "n"], tmp_path, seed=4)
    play.run()
    out = screen(play.console)
    assert f"There is no choice {typed}: there are" in out and "Several choices match" not in out
