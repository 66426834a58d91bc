"""``savanna replay`` on what people feed it: JSON Lines files, hostile JSON, tampered dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from savanna.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _toy(toy_game_class: type) -> type:
    return toy_game_class


def _flat(text: str) -> str:
    return " ".join(text.split())


def _simulate(tmp_path: Path, games: int = 5) -> Path:
    report = tmp_path / "report"
    result = runner.invoke(
        app,
        [
            *("simulate", "toy", "--bots", "random,heuristic", "--games", str(games)),
            *("--workers", "1", "--seed", "3", "--report", str(report), "-q"),
        ],
    )
    assert result.exit_code == 0, result.output
    return report / "games.jsonl"


def test_replay_of_a_simulation_games_jsonl_checks_every_record(tmp_path: Path) -> None:
    """docs/lab.md: games.jsonl is replayable with `savanna replay`."""
    result = runner.invoke(app, ["replay", str(_simulate(tmp_path))])
    assert result.exit_code == 0, result.output
    assert (
        "games.jsonl: 5 records; 5 replayed through the rules (5 finished games), "
        "5 with every chance outcome checked against its seed, 0 refused" in _flat(result.output)
    )


def test_replay_of_json_lines_names_each_refused_line_and_exits_1(tmp_path: Path) -> None:
    lines = _simulate(tmp_path).read_text().splitlines()
    second = json.loads(lines[1])
    second["seed"] += 1
    lines[1] = json.dumps(second)
    lines[3] = "{not json"
    bad = tmp_path / "mixed.txt"  # detected by content, not by name
    bad.write_text("\n".join(lines) + "\n\n")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 1
    out = _flat(result.output)
    assert "line 2: action" in out and f"drawn from seed {second['seed']}" in out
    assert "line 4: not a game record" in out
    assert "5 records; 3 replayed" in out and "2 refused" in out
    assert "Traceback" not in result.output
    french = runner.invoke(app, ["replay", str(bad), "--lang", "fr"])
    assert "ligne 2 : l'action" in _flat(french.output) and "2 refusés" in _flat(french.output)


def test_step_through_json_lines_is_a_clear_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", "--step", str(_simulate(tmp_path, games=2))])
    assert result.exit_code == 2
    assert "--step walks through one record" in _flat(result.output)


def test_a_record_written_over_several_lines_is_still_one_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert runner.invoke(app, ["playout", "toy", "--seed", "4", "--out", str(path)]).exit_code == 0
    path.write_text(json.dumps(json.loads(path.read_text()), indent=2))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "game over" in result.output


def test_replay_says_whether_chance_was_checked(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["playout", "toy", "--seed", "4", "--out", str(path)])
    result = runner.invoke(app, ["replay", str(path)])
    assert "chance: every outcome drawn again from seed 4 (playout) and matched" in result.output
    raw = json.loads(path.read_text())
    del raw["chance"]
    path.write_text(json.dumps(raw))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert "chance: not checked (the record does not say how it was drawn)" in result.output


def test_replay_refuses_a_die_changed_to_another_legal_die(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["playout", "toy", "--seed", "4", "--out", str(path)])
    raw = json.loads(path.read_text())
    index = next(i for i, a in enumerate(raw["actions"]) if a.startswith("roll"))
    raw["actions"][index] = "roll 1" if raw["actions"][index] != "roll 1" else "roll 2"
    path.write_text(json.dumps(raw))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert f"action {index + 1} ({raw['actions'][index]!r}) is not the action drawn from seed 4" in (
        _flat(result.output)
    )


@pytest.mark.parametrize("text", ["[" * 200_000, '{"a":' * 200_000, "[" * 200_000 + "\n[1]\n"])
def test_deeply_nested_json_is_a_one_line_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "nested too deeply" in result.output
    assert "Traceback" not in result.output and "RecursionError" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
