"""Every third-party package the code imports is declared, in the extra that needs it, and
every declared package is used (issue 21, hygiene).

The imports are read from the sources (``ast``), mapped to their distributions with
``importlib.metadata.packages_distributions`` and compared with ``pyproject.toml``.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterator
from functools import cache
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "savanna"

# Sub-packages that the base install (``pip install savanna``) must import at module level:
# the terminal, the games, the table and the CLI's entry point run with no extra.
BASE_ONLY = {"core", "games", "table", "bots", "tui", "i18n", "saves", "cli", "native"}

# Declared but never imported by name, each for a stated reason.
USED_WITHOUT_IMPORT = {
    "pytest-xdist": "a pytest plugin (-n 2 in the Makefile)",
    "pytest-timeout": "a pytest plugin (timeout in pyproject)",
    "ruff": "a command of make lint",
    "mypy": "a command of make lint",
    "import-linter": "a command of make lint (lint-imports)",
    "setuptools": "builds the optional compiled engines (setup.py)",
}


def normal(name: str) -> str:
    """A distribution name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    match = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert match, requirement
    return normal(match.group(0))


def declared() -> dict[str, set[str]]:
    """Each declared distribution and the extras that declare it (``""`` for the base)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    where: dict[str, set[str]] = {}
    for requirement in project["dependencies"]:
        where.setdefault(requirement_name(requirement), set()).add("")
    for extra, requirements in project["optional-dependencies"].items():
        for requirement in requirements:
            if requirement.startswith("savanna["):
                continue
            where.setdefault(requirement_name(requirement), set()).add(extra)
    return where


def imports(path: Path) -> Iterator[tuple[str, bool]]:
    """The top-level names ``path`` imports, each with whether it is at module level."""
    tree = ast.parse(path.read_text())
    module_level = {id(node) for node in tree.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "importorskip"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        else:
            continue
        guarded = id(node) not in module_level
        for name in names:
            top = name.split(".")[0]
            if top in sys.stdlib_module_names or top in {"savanna", "tests", "__future__"}:
                continue
            yield top, not guarded


@cache
def provided() -> dict[str, list[str]]:
    return dict(packages_distributions())


def distributions_of(module: str) -> set[str]:
    return {normal(d) for d in provided().get(module, [])}


def test_every_imported_package_is_declared_in_an_extra_that_needs_it() -> None:
    where = declared()
    problems = []
    for path in sorted(SRC.rglob("*.py")):
        part = path.relative_to(SRC).parts[0].removesuffix(".py")
        for module, at_top in imports(path):
            names = distributions_of(module)
            assert names, f"{path.relative_to(ROOT)} imports {module}, which no installed package provides"
            extras = set().union(*(where.get(name, set()) for name in names))
            if not extras:
                problems.append(f"{path.relative_to(ROOT)} imports {module} ({', '.join(sorted(names))}), declared nowhere")
            elif at_top and part in BASE_ONLY and "" not in extras:
                problems.append(
                    f"{path.relative_to(ROOT)} imports {module} at module level, but it is only in "
                    f"the extra(s) {sorted(extras)}: the base install would fail to import it"
                )
    assert not problems, "\n".join(problems)


def test_every_declared_package_is_used() -> None:
    used: set[str] = set()
    for folder in ("src", "tests", "benchmarks", "examples"):
        for path in (ROOT / folder).rglob("*.py"):
            for module, _ in imports(path):
                used |= distributions_of(module)
    setup = (ROOT / "setup.py").read_text()
    if "mypyc" in setup:
        used.add("mypy")
    unused = {name for name in declared() if name not in used and name not in USED_WITHOUT_IMPORT}
    # Packages loaded by name rather than imported: SQLAlchemy loads psycopg from the URL scheme.
    unused -= {name for name in unused if name == "psycopg" and "postgresql+psycopg" in (SRC / "web" / "db.py").read_text()}
    assert not unused, f"declared in pyproject.toml but never used: {sorted(unused)}"
