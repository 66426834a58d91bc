"""One rule for seeds on every command; an unwritable report fails before any game runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from savanna.cli import app
from savanna.core import MAX_SEED, OptionError, check_seed

runner = CliRunner()

RULE = "--seed must be a whole number from 0 to 9223372036854775807"


@pytest.fixture(autouse=True)
def _toy(toy_game_class: type) -> type:
    return toy_game_class


def _commands(tmp_path: Path) -> dict[str, list[str]]:
    return {
        "playout": ["playout", "toy"],
        "play": ["play", "toy", "--seats", "bot:random,bot:random", "--pause", "0"],
        "simulate": [
            *("simulate", "toy", "--bots", "random", "--games", "2", "--workers", "1"),
            *("--report", str(tmp_path / "r"), "-q"),
        ],
        "tournament": ["tournament", "toy", "--bots", "random,heuristic", "--games", "1", "-q"],
        "bench": ["bench", "toy", "--seconds", "0.01"],
    }


@pytest.mark.parametrize("command", ["playout", "play", "simulate", "tournament", "bench"])
@pytest.mark.parametrize("seed", ["-1", "-7", str(MAX_SEED + 1)])
def test_every_command_refuses_the_same_seeds_the_same_way(
    tmp_path: Path, command: str, seed: str
) -> None:
    result = runner.invoke(app, [*_commands(tmp_path)[command], "--seed", seed])
    assert result.exit_code == 2, result.output
    assert RULE in " ".join(result.output.split())
    assert "Traceback" not in result.output
    assert not (tmp_path / "r" / "summary.json").exists()


@pytest.mark.parametrize("seed", ["0", str(MAX_SEED)])
def test_the_ends_of_the_seed_range_are_accepted(tmp_path: Path, seed: str) -> None:
    for command in ("playout", "simulate"):
        result = runner.invoke(app, [*_commands(tmp_path)[command], "--seed", seed])
        assert result.exit_code == 0, result.output


def test_check_seed_speaks_french_and_refuses_bools() -> None:
    with pytest.raises(OptionError) as caught:
        check_seed(-2)
    assert "--seed doit être un nombre entier de 0 à" in caught.value.text("fr")
    with pytest.raises(OptionError):
        check_seed(True)


def test_simulate_into_an_unwritable_place_fails_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A report under a regular file cannot be created (whoever runs the tests, root too)."""
    import savanna.lab.simulation

    played: list[object] = []
    def run_simulation(*a: object, **k: object) -> list[object]:
        played.append(a)
        return []

    monkeypatch.setattr(savanna.lab.simulation, "run_simulation", run_simulation)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = runner.invoke(
        app,
        ["simulate", "toy", "--bots", "random", "--games", "5", "--report", str(blocker / "sub")],
    )
    assert result.exit_code == 2, result.output
    out = " ".join(result.output.split())
    assert "cannot be written" in out and "Traceback" not in result.output
    assert played == []
