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

from savanna.core import Record, RecordError, replay

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
    actions = record["actions"]
    # Change one action of each kind (a die, a reroll, a move choice, a step) to another of
    # the same kind. Some changes are harmless (a die that is rerolled anyway), so for each
    # kind take the first change the rules refuse (found in-process), then check that the
    # command refuses that record, naming the bad action or the result that no longer
    # matches, without a traceback.
    changes = {
        "roll": lambda a: "roll W" if a != "roll W" else "roll B",
        "reroll": lambda a: "keep",
        "move": lambda a: "move Q",
        "step": lambda a: "step Z",
    }
    for prefix, change in changes.items():
        changed = _first_refused_change(record, prefix, change)
        bad = tmp_path / f"bad-{prefix}.json"
        bad.write_text(json.dumps(changed))
        refused = savanna("replay", str(bad))
        assert refused.returncode == 1, (prefix, refused.stdout)
        assert "action " in refused.stderr or "result" in refused.stderr
        assert "Traceback" not in refused.stderr
    # An unreadable move is refused at its own index, by number and text.
    index = next(i for i, a in enumerate(actions) if a.startswith("move"))
    changed = dict(record, actions=[*actions[:index], "move Q", *actions[index + 1 :]])
    bad = tmp_path / "bad-move.json"
    bad.write_text(json.dumps(changed))
    refused = savanna("replay", str(bad))
    assert f"action {index + 1} ('move Q')" in refused.stderr


def _first_refused_change(record: dict, prefix: str, change) -> dict:
    actions = record["actions"]
    for index, action in enumerate(actions):
        if action.split()[0] != prefix:
            continue
        changed = dict(record, actions=[*actions[:index], change(action), *actions[index + 1 :]])
        try:
            replay(Record.from_json(json.dumps(changed)))
        except RecordError:
            return changed
    raise AssertionError(f"no change of a {prefix!r} action was refused")
