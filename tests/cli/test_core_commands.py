"""The core CLI commands: games, playout, replay, bench (in-process, on the toy game)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from savanna.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _toy(toy_game_class):
    return toy_game_class


def test_games_lists_options_and_defaults() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "toy" in result.output
    row = next(line for line in result.output.splitlines() if "3..20" in line)
    assert "length" in row and "default 6" in row


def test_games_says_what_each_option_does_at_80_columns() -> None:
    """Under its values, each option's help (the catalogue's words), within 80 columns."""
    from savanna.core import registered_games

    result = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines)
    cells = " ".join(line.split("│")[4] for line in lines if line.count("│") == 5)
    shown = " ".join(cells.split())
    for cls in registered_games().values():
        for option in cls.spec.options:
            assert " ".join(option.help.split()) in shown, option.help


def test_playout_same_arguments_give_byte_identical_records(tmp_path) -> None:
    args = ["playout", "toy", "--players", "3", "--seed", "11", "--option", "length=8"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, [*args, "--out", str(tmp_path / "r.json")])
    assert first.exit_code == 0 and second.exit_code == 0
    assert (tmp_path / "r.json").read_text() == first.stdout
    record = json.loads(first.stdout)
    assert record["seed"] == 11 and record["options"] == {"length": 8} and record["players"] == 3


def test_playout_without_seed_writes_the_seed_it_drew() -> None:
    result = runner.invoke(app, ["playout", "toy"])
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    again = runner.invoke(app, ["playout", "toy", "--seed", str(record["seed"])])
    assert again.stdout == result.stdout


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["playout", "chess"], "unknown game 'chess'"),
        (["playout", "toy", "--option", "length=99"], "from 3 to 20"),
        (["playout", "toy", "--option", "colour=red"], "no option 'colour'"),
        (["playout", "toy", "--option", "length"], "KEY=VALUE"),
        (["playout", "toy", "--players", "12"], "2 to 4 players"),
        (["playout", "toy", "--seed", "-3"], "--seed"),
        (["bench", "toy", "--seconds", "0"], "--seconds"),
    ],
)
def test_bad_flags_exit_2_with_a_clear_message(args: list[str], fragment: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert fragment in result.output
    assert "Traceback" not in result.output


def test_replay_prints_final_position_and_scores(tmp_path) -> None:
    path = tmp_path / "game.json"
    assert runner.invoke(app, ["playout", "toy", "--seed", "3", "--out", str(path)]).exit_code == 0
    result = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "score" in result.output and "game over" in result.output


def test_replay_refuses_changed_action_naming_it(tmp_path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["playout", "toy", "--seed", "3", "--out", str(path)])
    record = json.loads(path.read_text())
    index = next(i for i, a in enumerate(record["actions"]) if a.startswith("move"))
    record["actions"][index] = "move Z"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert f"action {index + 1} ('move Z')" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "content, fragment",
    [("{not json", "not valid JSON"), ('{"format": "savanna-record", "version": 7}', "unknown record version")],
)
def test_replay_refuses_corrupt_or_unknown_version(tmp_path, content: str, fragment: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1 and fragment in result.output


def test_replay_of_missing_file_is_a_clear_error(tmp_path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert result.exit_code == 1 and "cannot read" in result.output


def test_bench_json_has_the_documented_keys() -> None:
    result = runner.invoke(app, ["bench", "toy", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"steps_per_sec", "games_per_sec", "reference_steps_per_sec", "ratio"} <= set(data)
    assert data["steps_per_sec"] > 0 and data["games_per_sec"] > 0
    if data["reference_steps_per_sec"] is not None:
        assert data["ratio"] == pytest.approx(data["steps_per_sec"] / data["reference_steps_per_sec"], rel=0.01)


def test_games_in_french_at_80_columns() -> None:
    """``savanna games --lang fr`` as a French reader sees it: the catalogue's French
    headings, each option's French help under its values, 'défaut' for the defaults."""
    from savanna.core import registered_games

    result = runner.invoke(app, ["games", "--lang", "fr"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines)
    said = " ".join(" ".join(line.split("│")) for line in lines).replace("\u00a0", " ")
    flat = " ".join(said.split())
    assert "Jeux de Savanna" in flat and "valeurs, défaut et sens" in flat and "information cachée" in flat
    assert "3..20 ; défaut 6" in flat and "défaut 2" in flat
    assert "default" not in flat and "hidden information" not in flat
    cells = " ".join(line.split("│")[4] for line in lines if line.count("│") == 5)
    shown = " ".join(cells.replace("\u00a0", " ").split())
    for cls in registered_games().values():
        for option in cls.spec.options:
            assert " ".join(option.help_in("fr").replace("\u00a0", " ").split()) in shown, option.name


def test_replay_and_bench_speak_french(tmp_path) -> None:
    path = tmp_path / "game.json"
    assert runner.invoke(app, ["playout", "toy", "--seed", "3", "--out", str(path), "--lang", "fr"]).exit_code == 0
    replayed = runner.invoke(app, ["replay", str(path), "--lang", "fr"], env={"COLUMNS": "120"})
    assert replayed.exit_code == 0, replayed.output
    assert "position\u00a0: " in replayed.output and "joueur" in replayed.output
    benched = runner.invoke(app, ["bench", "toy", "--seconds", "0.2", "--lang", "fr"], env={"COLUMNS": "120"})
    assert benched.exit_code == 0, benched.output
    assert "construction des moteurs\u00a0: " in benched.output
    assert "parties/s" in benched.output and "moteur" in benched.output and "games/s" not in benched.output
