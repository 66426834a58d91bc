"""Adding a game: every ``savanna.games.*`` package is registered everywhere it must be.

A game package is found by the registry only through its entry point, kept apart from the
other games by the import-linter contract, and protected by golden records. A package
missing from any of them fails here (docs/architecture.md, section 4).
"""

from __future__ import annotations

import pkgutil
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import savanna.games
from savanna.core.registry import ENTRY_POINT_GROUP
from tests.records.regenerate import GOLDEN

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(m.name for m in pkgutil.iter_modules(savanna.games.__path__) if m.ispkg)
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _registry_names() -> dict[str, str]:
    """Game package → its registry name, from the entry points."""
    names = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        module = ep.value.split(":")[0]
        prefix = "savanna.games."
        if module.startswith(prefix):
            names[module[len(prefix) :].split(".")[0]] = ep.name
    return names


def test_the_game_packages_are_found() -> None:
    assert {"banjooli", "hyena"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_package_has_an_entry_point(package: str) -> None:
    declared = PYPROJECT["project"]["entry-points"]["savanna.games"]
    assert any(value.split(":")[0] == f"savanna.games.{package}" for value in declared.values()), (
        f'add {package} = "savanna.games.{package}:<Game class>" under '
        '[project.entry-points."savanna.games"] in pyproject.toml (then reinstall)'
    )
    assert package in _registry_names(), "the installed entry points are stale: run make install"


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_package_is_kept_apart_by_the_import_contract(package: str) -> None:
    contracts = PYPROJECT["tool"]["importlinter"]["contracts"]
    independence = [c for c in contracts if c["type"] == "independence" and "savanna.games.banjooli" in c["modules"]]
    assert len(independence) == 1, "one contract keeps the games independent of each other"
    assert f"savanna.games.{package}" in independence[0]["modules"]
    forbidden = [c for c in contracts if c["type"] == "forbidden" and c["source_modules"] == ["savanna.games"]]
    assert forbidden, "a contract keeps every game away from the interfaces"


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_package_has_golden_records(package: str) -> None:
    name = _registry_names().get(package, package)
    assert any(game == name for game, *_ in GOLDEN.values()), (
        f"add a record of {name} to GOLDEN in tests/records/regenerate.py, then regenerate"
    )
