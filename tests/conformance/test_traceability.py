"""Every rule is traceable: each clause of a game's catalogue is written in its rules
document and exercised by at least one of its tests (by id, in a test name or assertion)."""

from __future__ import annotations

from pathlib import Path

import pytest

from savanna.core import ChoiceOption, load_game, registered_games

ROOT = Path(__file__).resolve().parent.parent.parent


def _rule_ids(name: str) -> dict[str, object]:
    """Clauses of every configuration that changes the catalogue (each choice option)."""
    cls = registered_games()[name]
    rules: dict[str, object] = dict(load_game(name).rules())
    for opt in cls.spec.options:
        if isinstance(opt, ChoiceOption):
            for value in opt.choices:
                rules.update(load_game(name, options={opt.name: value}).rules())
    return rules


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_rule_clause_is_documented_with_its_source(name: str) -> None:
    game = load_game(name)
    document = ROOT / game.spec.rules_document
    text = document.read_text(encoding="utf-8")
    rules = _rule_ids(name)
    assert [rule_id for rule_id in rules if rule_id not in text] == []
    for rule in rules.values():
        assert rule.en and rule.fr and rule.source, rule  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_rule_clause_has_a_test(name: str) -> None:
    # a game's tests live in tests/games/<name with - written _> (a Python package name)
    folder = ROOT / "tests" / "games" / name.replace("-", "_")
    tests = "\n".join(p.read_text(encoding="utf-8") for p in folder.rglob("*.py"))
    missing = [r for r in _rule_ids(name) if r not in tests and r.replace(".", "_") not in tests]
    assert missing == []
