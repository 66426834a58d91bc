"""After a game: ``review`` and ``savanna analyse RECORD --seat N``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.cli import app
from savanna.coach.review import review
from savanna.core import Record, load_game, record_of, replay_states


@pytest.fixture(scope="module")
def hyena_record() -> Record:
    """A finished two-player three-sticks Hyena game between heuristic bots."""
    game = load_game("hyena", 2, {"rules": "three-sticks", "length": 30})
    bots = make_bots(game, [parse_bot_spec("heuristic")] * 2, seed=5)
    final = play_game(game, bots, seed=5)
    return record_of(final, seed=5, seats=["bot:heuristic"] * 2, chance="sequence")


@pytest.fixture
def record_file(tmp_path: Path, hyena_record: Record) -> Path:
    path = tmp_path / "game.json"
    path.write_text(hyena_record.to_json(), encoding="utf-8")
    return path


def test_the_review_covers_every_decision_with_a_choice_and_adds_up(hyena_record: Record) -> None:
    done = review(hyena_record, 0, seed=1, samples=3)
    choices = 0
    forced = 0
    replaying = replay_states(hyena_record)
    _, _, state = next(replaying)
    for index, text in enumerate(hyena_record.actions):
        if state.current_player() == 0:
            if len(state.legal_actions()) > 1:
                choices += 1
                assert done.decisions[choices - 1].index == index
                assert done.decisions[choices - 1].played.action == state.parse_action(text)
            else:
                forced += 1
        _, _, state = next(replaying)
    assert len(done.decisions) == choices and done.forced == forced
    assert done.total_loss == pytest.approx(sum(d.loss for d in done.decisions))
    assert all(d.loss >= 0 for d in done.decisions)
    assert hyena_record.result is not None
    assert done.score == hyena_record.result.scores[0]
    assert done.place == hyena_record.result.ranking[0]
    assert json.loads(json.dumps(done.to_json()))["seat"] == 0


def test_the_same_seed_gives_the_same_review(hyena_record: Record) -> None:
    assert review(hyena_record, 1, seed=2, samples=2).to_json() == review(hyena_record, 1, seed=2, samples=2).to_json()


def test_analyse_prints_the_review_and_draws_the_plot(record_file: Path, tmp_path: Path) -> None:
    plot = tmp_path / "review.png"
    out = tmp_path / "review.json"
    result = CliRunner().invoke(
        app,
        ["analyse", str(record_file), "--seat", "1", "--samples", "2", "--plot", str(plot), "--json", str(out), "-q", "--lang", "en"],
    )
    assert result.exit_code == 0, result.output
    assert "Decisions of Player 1 in" in result.output
    assert "expected score lost in total" in result.output
    assert plot.read_bytes().startswith(b"\x89PNG")
    assert json.loads(out.read_text())["seat"] == 0


def test_analyse_speaks_french(record_file: Path) -> None:
    result = CliRunner().invoke(app, ["analyse", str(record_file), "--seat", "2", "--samples", "2", "-q", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert "Décisions de Joueur 2" in result.output
    assert "score espéré perdu au total" in result.output


def test_analyse_at_one_position_shows_odds_and_moves(record_file: Path) -> None:
    result = CliRunner().invoke(app, ["analyse", str(record_file), "--seat", "1", "--at", "5", "--samples", "3", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "How the game may end" in result.output
    assert "Coach for Player 1" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "3"], "--seat must be a player from 1 to 2"),
        (["--seat", "0"], "--seat must be a player from 1 to 2"),
        (["--seat", "1", "--samples", "0"], "--samples must be at least 1"),
        (["--seat", "1", "--model", "clever"], "--model must be one of heuristic, random"),
        (["--seat", "1", "--at", "9999"], "--at must be from 1 to"),
        (["--seat", "1", "--at", "3", "--plot", "x.png"], "--plot draws a review"),
    ],
)
def test_bad_flags_get_one_line_and_exit_code_2(record_file: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["analyse", str(record_file), *args, "--lang", "en"])
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.count("\n") <= 2


def test_a_corrupt_record_exits_with_code_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(app, ["analyse", str(bad), "--seat", "1"])
    assert result.exit_code == 1
