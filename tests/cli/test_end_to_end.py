"""The foundation's end-to-end promise, through the installed ``savanna`` command.

``savanna playout banjooli --players 4 --seed 11 --option special=vortex --option
berries=on`` twice gives identical records that ``savanna replay`` accepts; a record with one
action changed is refused with a clear message.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

ARGS = ["playout", "banjooli", "--players", "4", "--seed", "11", "--option", "special=vortex", "--option", "berries=on"]


def savanna(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "savanna.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "COLUMNS": "120", "LANG": "C.UTF-8"},
    )


@pytest.mark.slow
def test_playout_twice_identical_and_replay_accepts_and_refuses_changed_action(tmp_path) -> None:
    first, second = savanna(*ARGS), savanna(*ARGS)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    path = tmp_path / "game.json"
    path.write_text(first.stdout)
    ok = savanna("replay", str(path))
    assert ok.returncode == 0, ok.stderr
    record = json.loads(first.stdout)
    # Change one player decision to another legal-looking one and expect a refusal naming it.
    for index, action in enumerate(record["actions"]):
        changed = dict(record)
        changed["actions"] = list(record["actions"])
        changed["actions"][index] = action + "x"
        bad = tmp_path / f"bad{index}.json"
        bad.write_text(json.dumps(changed))
        refused = savanna("replay", str(bad))
        assert refused.returncode == 1
        assert f"action {index + 1} (" in refused.stderr
        assert "Traceback" not in refused.stderr
        if index >= 40:
            break
