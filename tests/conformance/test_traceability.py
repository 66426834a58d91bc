"""Every rule is traceable: each clause of a game's catalogue is written in its rules
document with its source, and asserted by at least one of its tests."""

from __future__ import annotations

import ast
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from savanna.core import ChoiceOption, load_game, registered_games
from savanna.core.registry import ENTRY_POINT_GROUP

ROOT = Path(__file__).resolve().parent.parent.parent
ENTRY_POINT_GAMES = sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))


def _rule_ids(name: str) -> dict[str, object]:
    """Clauses of every configuration that changes the catalogue (each choice option)."""
    cls = registered_games()[name]
    rules: dict[str, object] = dict(load_game(name).rules())
    for opt in cls.spec.options:
        if isinstance(opt, ChoiceOption):
            for value in opt.choices:
                rules.update(load_game(name, options={opt.name: value}).rules())
    return rules


@pytest.mark.parametrize("name", ENTRY_POINT_GAMES)
def test_every_rule_clause_is_documented_with_its_source(name: str) -> None:
    game = load_game(name)
    document = ROOT / game.spec.rules_document
    text = document.read_text(encoding="utf-8")
    rules = _rule_ids(name)
    assert [rule_id for rule_id in rules if rule_id not in text] == []
    for rule in rules.values():
        assert rule.en and rule.fr and rule.source, rule  # type: ignore[attr-defined]


def _asserting_tests(name: str) -> tuple[set[str], set[str]]:
    """The game's test functions that assert something, and the strings their asserts hold.

    Read from the syntax tree: a clause id in a comment, a docstring or a helper does not
    count, only a test named after the clause that asserts, or an ``assert`` that names it.
    """
    named: set[str] = set()
    asserted: set[str] = set()
    # a game's tests live in tests/games/<name, - written _> (a Python package name)
    for path in (ROOT / "tests" / "games" / name.replace("-", "_")).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test_")):
                continue
            checks = [
                sub
                for sub in ast.walk(node)
                if isinstance(sub, ast.Assert)
                or (isinstance(sub, ast.With) and any("raises" in ast.unparse(i.context_expr) for i in sub.items))
            ]
            if checks:
                named.add(node.name)
            for check in checks:
                if isinstance(check, ast.Assert):
                    asserted |= {c.value for c in ast.walk(check) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return named, asserted


@pytest.mark.parametrize("name", sorted(ENTRY_POINT_GAMES))
def test_every_rule_clause_is_asserted_by_a_test(name: str) -> None:
    """Each clause has a test named after it (``test_<clause_with_underscores>...``) that
    asserts, or a test that asserts the clause id (``refused(...) == "move.rock"``)."""
    named, asserted = _asserting_tests(name)
    missing = [
        rule_id
        for rule_id in _rule_ids(name)
        if rule_id not in asserted and not any(t.startswith("test_" + rule_id.replace(".", "_")) for t in named)
    ]
    assert missing == []
