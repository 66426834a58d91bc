"""Undo stops where information starts; a save of a game in progress is not a cheat sheet.

Undo: the player's last move comes back only while it taught them nothing (no chance
outcome, no other seat's reply, no peek since). Saves: a game in progress is written
sealed (no seed, card or move in clear) and a resumed game draws from a fresh seed, so the
file tells neither the bots' cards nor the future; the final record still checks out.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import stat
from pathlib import Path
from typing import Any

import pytest

from savanna.cli.play import build_session
from savanna.core import CHANCE, Observation, Record, RecordError, load_game, record_of, replay
from savanna.core.rng import POSITION
from savanna.saves import SAVE_FORMAT, is_save, key_path, read_game, seal
from savanna.table.undo import showed_something
from savanna.tui import parse_seats
from savanna.tui.session import PlaySession, default_record_path
from tests.support.toygame import ToyGame, ToyState
from tests.tui.conftest import Keyboard, make_console, screen, session

# -- a toy race where a seat may peek at the next seat's card (no chance involved) ----------

PEEK = 3


class PeekState(ToyState):
    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        self.peeked = [False] * game.num_players

    def _legal_actions(self) -> list[int]:
        moves = super()._legal_actions()
        return [*moves, PEEK] if not self.peeked[self.turn] else moves

    def _apply_action(self, action: int) -> None:
        if action == PEEK and self.current_player() >= 0:
            self.peeked[self.turn] = True
        else:
            super()._apply_action(action)

    def _observation(self, seat: int | None) -> Observation:
        base = super()._observation(seat)
        data = dict(base.data)
        if seat is not None and self.peeked[seat]:
            data["next_card"] = self.cards[(seat + 1) % len(self.cards)]
        return Observation(base.game, seat, data, json.dumps(data, sort_keys=True))

    def action_to_text(self, action: int) -> str:
        if action == PEEK and not self.is_chance_node():
            return "peek"
        return super().action_to_text(action)

    def clone(self) -> PeekState:
        other = PeekState(self.toy)
        other.cards, other.pos, other.roll, other.turn = (
            list(self.cards),
            list(self.pos),
            self.roll,
            self.turn,
        )
        other.peeked = list(self.peeked)
        other.history = list(self.history)
        return other


class PeekGame(ToyGame):
    spec = dataclasses.replace(ToyGame.spec, name="peektoy")

    @property
    def num_distinct_actions(self) -> int:
        return 4

    def new_initial_state(self) -> PeekState:
        return PeekState(self)

    def sample_state(self, observation: Observation, rng: random.Random) -> PeekState:
        toy = super().sample_state(observation, rng)
        state = PeekState(self)
        state.cards, state.pos, state.roll, state.turn = toy.cards, toy.pos, toy.roll, toy.turn
        if "next_card" in observation.data:
            state.peeked[observation.seat or 0] = True
            state.cards[((observation.seat or 0) + 1) % len(state.cards)] = observation.data[
                "next_card"
            ]
        return state


# -- undo ----------------------------------------------------------------------------------


def _mine(play: PlaySession, seat: int = 0) -> list[str]:
    return [e.text for e in play.table.log if e.actor == seat]


def test_undo_after_dice_is_refused_with_the_reason(toy, tmp_path: Path) -> None:
    """The toy's next roll follows every move: once seen, the move stays."""
    play, _ = session("toy", "human,bot:random", ["1", "undo", "2", "quit", "n"], tmp_path)
    play.run()
    out = screen(play.console)
    assert "Took back" not in out
    assert 'Chance has spoken since your last move ("roll' in out
    assert "it cannot be taken back" in out
    assert _mine(play)[:2] == ["move A", "move B"]


def test_undo_refusal_in_french(toy, tmp_path: Path) -> None:
    play, _ = session(
        "toy", "human,bot:random", ["1", "annuler", "quitter", "n"], tmp_path, lang="fr"
    )
    play.run()
    out = " ".join(screen(play.console).split())
    assert "Le hasard a parlé depuis votre dernier coup (« roll" in out
    assert "il ne peut plus être repris" in out


def test_undo_after_a_bots_reply_is_refused(toy, tmp_path: Path) -> None:
    """A position where the bot has just moved and nothing came after it."""
    game = load_game("toy", players=2)
    state = game.new_initial_state()
    bot_moved = False
    while not bot_moved:
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        else:
            bot_moved = state.current_player() == 1
            state.apply(state.legal_actions()[0])
    play = PlaySession(
        game,
        parse_seats("human,bot:random"),
        seed=1,
        console=make_console(),
        out=tmp_path / "g.json",
        history=state.history,
    )
    assert not play.undo(0)
    assert "Player 2 (bot random) has played since your last move" in screen(play.console)
    assert play.state.history == state.history
    play.lang = "fr"
    play.undo(0)
    assert "Joueur 2 (robot au hasard) a joué depuis votre dernier coup" in screen(play.console)


def test_undo_after_a_peek_is_refused(tmp_path: Path) -> None:
    """Peeking shows a hidden card without any chance outcome: it cannot be taken back."""
    game = PeekGame(players=2)
    play, _ = session(game, "human,bot:random", ["peek", "undo", "quit", "n"], tmp_path)
    play.run()
    out = screen(play.console)
    assert 'Your move "peek' in out and "showed you something hidden: it cannot be taken back." in out
    assert _mine(play) == ["peek"]


def test_undo_of_moves_that_show_nothing_goes_back_one_by_one(tmp_path: Path) -> None:
    """Banjooli: keep the dice, choose an ostrich; both come back; the dice were never a move."""
    play, keys = session(
        "banjooli",
        "human,bot:random",
        ["keep", "1", "undo", "undo", "undo", "quit", "n"],
        tmp_path,
        seed=4,
    )
    play.run()
    out = screen(play.console)
    assert out.count("Took back your move") == 2
    assert 'Took back your move "keep all the dice".' in out and out.count('Took back your move "') == 2
    assert "You have no move to take back yet." in out
    assert _mine(play) == []
    assert keys.prompts[-2] == keys.prompts[0]  # back at the keep-or-reroll question


def test_undo_is_still_refused_for_two_people(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,human", ["", "undo", "quit", "n"], tmp_path)
    play.run()
    assert "Undo is only possible with one person" in screen(play.console)


def test_a_game_with_undos_gives_a_record_replay_checks(tmp_path: Path) -> None:
    play, _ = session(
        "banjooli",
        "human,bot:heuristic",
        ["keep", "1", "undo", "undo", "2", "3", *["1"] * 12, "quit", "y"],
        tmp_path,
        seed=9,
    )
    play.run()
    record = read_game((tmp_path / "game.json").read_text())
    assert record.chance == POSITION and record.seed == 9
    assert replay(record).history == play.state.history


# -- saves -----------------------------------------------------------------------------------


def _save_mid_game(
    tmp_path: Path, seed: int = 7, moves: int = 3, typed: list[str] | None = None
) -> tuple[PlaySession, Path]:
    saved = tmp_path / "mid.json"
    play, _ = session(
        "banjooli",
        "human,bot:random",
        [*(["1"] * moves if typed is None else typed), f"save {saved}", "quit", "n"],
        tmp_path,
        seed=seed,
    )
    play.run()
    assert "Game saved to" in screen(play.console)
    return play, saved


def _load(saved: Path, seed: int | None = None, lines: list[str] | None = None) -> PlaySession:
    console = make_console()
    play = build_session(
        game=None,
        seats=None,
        option=None,
        seed=seed,
        lang="en",
        load=saved,
        pause=0,
        out=saved.with_name("after.json"),
        console=console,
    )
    play.read = Keyboard(console, lines if lines is not None else [*["1"] * 12, "quit", "y"])
    return play


def _after(saved: Path) -> Record:
    """The game written by a resumed session (sealed while in progress, opened here)."""
    return read_game(saved.with_name("after.json").read_text())


def test_a_save_in_progress_shows_no_seed_no_card_and_no_move(tmp_path: Path) -> None:
    play, saved = _save_mid_game(tmp_path, seed=918_273_645_546_372_819)
    text = saved.read_text()
    raw = json.loads(text)
    assert raw["format"] == SAVE_FORMAT and is_save(text)
    assert set(raw) == {
        "format", "version", "game", "game_version", "players", "options", "seats",
        "actions_played", "note", "sealed",
    }  # fmt: skip
    assert "918273645546372819" not in text and "seed" not in raw
    # no dealt card, no die, no move of the game appears anywhere in the file
    record = play.table.record()
    assert any(a.startswith("deal ") for a in record.actions)
    for action in set(record.actions):
        assert action not in text
    assert raw["actions_played"] == len(record.actions)
    # this user's key opens it; the session went on from a fresh seed after the save
    assert record.reseeds == [(len(record.actions), play.table.seeds.latest)]
    assert read_game(text) == record.model_copy(update={"reseeds": None})


def test_savanna_replay_of_a_save_says_what_it_is(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from savanna.cli import app

    _, saved = _save_mid_game(tmp_path)
    result = CliRunner().invoke(app, ["replay", str(saved)])
    assert result.exit_code == 1
    assert "this is a game in progress, saved sealed" in " ".join(result.output.split())


def test_a_resumed_game_draws_its_future_from_a_fresh_seed(tmp_path: Path) -> None:
    """Two loads of one save go different ways: the file does not hold the future."""
    first, saved = _save_mid_game(tmp_path)
    n = len(first.state.history)
    futures = []
    for _ in range(2):
        play = _load(saved)
        assert play.table.seeds.seed == 7 and play.table.seeds.reseeds[0][0] == n
        assert play.table.seeds.latest != 7
        play.run()
        assert f"Game resumed after {n} actions" in screen(play.console)
        futures.append(play.state.history[n:])
        record = _after(saved)
        assert record.chance == POSITION and record.seed == 7
        assert record.reseeds == [(n, play.table.seeds.latest)]
        assert record.actions[:n] == first.table.record().actions
        assert len(record.actions) > n + 10
        assert replay(record).history == play.state.history  # every die checked, both segments
    assert futures[0] != futures[1]


def test_load_with_a_seed_continues_reproducibly(tmp_path: Path) -> None:
    _, saved = _save_mid_game(tmp_path)
    records = []
    for _ in range(2):
        play = _load(saved, seed=55)
        play.run()
        records.append(_after(saved))
    assert records[0] == records[1]
    assert records[0].reseeds == [(json.loads(saved.read_text())["actions_played"], 55)]


def test_undo_back_past_the_resume_point_keeps_the_record_checkable(tmp_path: Path) -> None:
    """Save between keep and the ostrich choice, resume, take keep back, play on."""
    play, saved = _save_mid_game(tmp_path, typed=["keep"])
    assert _mine(play) == ["keep"]
    resumed = _load(saved, lines=["undo", "reroll", "13", *["1"] * 10, "quit", "y"])
    resumed.run()
    assert 'Took back your move "keep all the dice".' in screen(resumed.console)
    record = _after(saved)
    cut = len(play.state.history) - 1
    assert record.reseeds == [(cut, resumed.table.seeds.latest)]
    assert replay(record).history == resumed.state.history


def test_a_save_sealed_under_another_key_or_edited_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, saved = _save_mid_game(tmp_path)
    text = saved.read_text()
    raw: dict[str, Any] = json.loads(text)
    edited = dict(raw, players=4)
    with pytest.raises(RecordError, match="do not match its sealed game"):
        read_game(json.dumps(edited))
    token = raw["sealed"]
    tampered = dict(raw, sealed=token[:-8] + ("A" if token[-8] != "A" else "B") + token[-7:])
    with pytest.raises(RecordError, match="sealed with another Savanna key, or its sealed part"):
        read_game(json.dumps(tampered))
    monkeypatch.setenv("SAVANNA_DATA_DIR", str(tmp_path / "elsewhere"))
    with pytest.raises(RecordError, match="made on another computer or account") as caught:
        read_game(text)
    assert "une autre clé Savanna (sur un autre ordinateur" in caught.value.text("fr")


def test_the_save_key_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    game = load_game("hyena")
    seal(record_of(game.new_initial_state(), seed=1))
    mode = stat.S_IMODE(os.stat(key_path()).st_mode)
    assert mode == 0o600


def test_a_damaged_key_is_one_clear_line_and_loses_nothing(toy, tmp_path: Path) -> None:
    _, saved = _save_mid_game(tmp_path)
    key_path().write_text("not a key\n")
    with pytest.raises(RecordError, match="is damaged"):
        read_game(saved.read_text())
    play, _ = session("toy", "human,bot:random", ["save", "quit", "n"], tmp_path)
    play.run()
    assert "Cannot write" in screen(play.console) and "is damaged" in screen(play.console)
    assert not (tmp_path / "game.json").exists()


def test_a_finished_game_is_written_as_a_plain_checkable_record(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "bot:random,bot:heuristic", [], tmp_path, seed=5)
    play.run()
    record = Record.from_json((tmp_path / "game.json").read_text())
    assert record.seed == 5 and record.chance == POSITION and record.reseeds is None
    assert replay(record).is_terminal()


def test_resuming_a_record_that_makes_no_claim_writes_none(toy, tmp_path: Path) -> None:
    game = load_game("toy", players=2)
    state = game.new_initial_state()
    for action in [0, 1, 2]:
        state.apply(action)
    old = tmp_path / "old.json"
    old.write_text(record_of(state, seed=3, seats=["human", "bot:random"]).to_json())
    play = _load(old, lines=["1"] * 40)
    assert not play.table.checked
    play.run()
    record = _after(old)
    assert record.chance is None and record.seed is None
    assert replay(record).history == play.state.history


def test_default_record_name_has_the_date_not_the_seed(tmp_path: Path) -> None:
    import datetime

    when = datetime.datetime(2026, 11, 30, 17, 5)
    first = default_record_path("toy", tmp_path, when)
    assert first.name == "toy-2026-11-30-1705.savanna.json"
    first.write_text("x")
    assert default_record_path("toy", tmp_path, when).name == "toy-2026-11-30-1705-2.savanna.json"


@pytest.mark.parametrize(
    "options", [{"berries": True, "special": "vortex"}, {"special": "lava", "lion": True}]
)
def test_banjooli_moves_show_nothing_hidden_until_the_last_one(options: dict[str, Any]) -> None:
    """In Banjooli information comes by chance (dice, berries, Jëmbat's peek is drawn) and at
    the end: undo may take back any own move but none that ends the game."""
    game = load_game("banjooli", players=3, options=options)
    play = PlaySession(game, parse_seats("human,bot:random,bot:random"), seed=1, console=make_console())
    rng = random.Random(3)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        after = state.clone()
        after.apply(action)
        shown = showed_something(state, action, state.current_player(), play.table.seeds.seed_at(len(state.history)))
        assert shown is after.is_terminal(), state.action_to_text(action)
        decisions += 1
        state = after
    assert decisions > 100
