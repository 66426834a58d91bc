"""The fast build by default: installs compile when they can, never fail when they cannot,
say which build runs, and never run a compiled build older than its sources."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from savanna import native
from savanna.cli import version_line
from savanna.native import MANIFEST, StaleBuildWarning, compiled_modules, stale_modules

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _setup(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python setup.py ARGS`` in the repository, with ``env`` set (no C compiler found:
    nothing is compiled, nothing is written)."""
    return subprocess.run(
        [sys.executable, "setup.py", "--quiet", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_an_install_without_a_c_compiler_goes_on_in_pure_python() -> None:
    result = _setup("build_ext", "--inplace", CC="no-such-c-compiler", SAVANNA_COMPILE="auto")
    assert result.returncode == 0, result.stderr
    assert "no C compiler found: the engines stay pure Python" in result.stderr


def test_a_required_compiled_build_without_a_c_compiler_fails() -> None:
    result = _setup("build_ext", "--inplace", CC="no-such-c-compiler", SAVANNA_COMPILE="1")
    assert result.returncode != 0
    assert "SAVANNA_COMPILE=1 but no C compiler was found" in result.stderr


def test_metadata_commands_never_compile() -> None:
    result = _setup("--name", SAVANNA_COMPILE="1", CC="no-such-c-compiler")
    assert result.returncode == 0 and result.stdout.strip() == "savanna"


def test_the_version_says_which_build_runs() -> None:
    line = version_line()
    assert line.startswith("savanna 0.1.0 (Python ")
    modules = compiled_modules()
    if modules:
        assert line.endswith(f"engines: compiled (mypyc, {len(modules)} modules)")
    else:
        assert "engines: interpreted (pure Python" in line
    result = subprocess.run(
        [sys.executable, "-m", "savanna.cli", "--version"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.startswith("savanna 0.1.0 (Python ") and "engines: " in result.stdout


def _package(tmp_path: Path, manifest: dict[str, str] | None) -> Path:
    """A package ``pkg`` with a source ``pkg/mod.py`` and a (fake) compiled ``pkg/mod``."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "mod.py").write_text("X = 1\n")
    past = time.time() - 100
    os.utime(package / "mod.py", (past, past))
    (package / f"mod{SUFFIX}").write_bytes(b"compiled")
    if manifest is not None:
        (package / MANIFEST).write_text(json.dumps({"python": "3", "modules": manifest}))
    return package


def test_an_edited_source_makes_its_build_stale(tmp_path: Path) -> None:
    package = _package(tmp_path, {"pkg.mod": "sha256 of X = 1"})
    source = package / "mod.py"
    (package / MANIFEST).write_text(json.dumps({"modules": {"pkg.mod": native._digest(str(source))}}))
    assert stale_modules(str(package)) == []
    source.touch()  # newer than its build, same text (a checkout): still up to date
    assert stale_modules(str(package)) == []
    source.write_text("X = 2\n")  # edited after the build
    assert stale_modules(str(package)) == ["pkg.mod"]
    (package / f"mod{SUFFIX}").unlink()  # no build: nothing is stale
    assert stale_modules(str(package)) == []


def test_without_a_manifest_a_newer_source_makes_the_build_stale(tmp_path: Path) -> None:
    package = _package(tmp_path, None)
    assert stale_modules(str(package)) == []
    (package / "mod.py").write_text("X = 2\n")
    assert stale_modules(str(package)) == ["pkg.mod"]


def test_a_stale_build_runs_pure_python_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    switched: list[bool] = []
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "stale_modules", lambda: ["savanna.games.banjooli.state"])
    monkeypatch.setattr(native, "use_pure_python", lambda: switched.append(True))
    monkeypatch.setattr(native, "_stale", [])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        native.choose_build()
    assert switched == [True]
    assert [w.category for w in caught] == [StaleBuildWarning]
    assert "savanna.games.banjooli.state" in str(caught[0].message) and "make compile" in str(caught[0].message)
    assert native.build_name([]) == (
        "interpreted (pure Python: the compiled build is older than savanna.games.banjooli.state)"
    )


def test_this_build_is_not_stale() -> None:
    assert stale_modules() == []


def _copy_of_the_sources(tmp_path: Path) -> Path:
    """What a source archive holds (setup.py, pyproject.toml, README, src), without builds."""
    tree = tmp_path / "savanna"
    tree.mkdir()
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    shutil.copytree(
        ROOT / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__", f"*{SUFFIX}", MANIFEST, "*.egg-info")
    )
    return tree


@pytest.mark.parametrize(
    ("command", "tries"),
    [(["bdist_wheel"], True), (["editable_wheel"], False)],
    ids=["pip-install-builds-a-wheel", "pip-install-editable"],
)
def test_pip_install_compiles_a_wheel_and_leaves_an_editable_install_to_make(
    tmp_path: Path, command: list[str], tries: bool
) -> None:
    """``pip install`` builds a wheel (``bdist_wheel``): without asking, it tries the compiled
    build (here no C compiler is found, so it says so and installs pure Python); ``pip
    install -e`` (``editable_wheel``) never compiles: ``make`` builds in place after it."""
    tree = _copy_of_the_sources(tmp_path)
    result = subprocess.run(
        [sys.executable, "setup.py", "--quiet", *command, "--dist-dir", str(tmp_path / "dist")],
        cwd=tree,
        env={**os.environ, "CC": "no-such-c-compiler", "SAVANNA_COMPILE": "auto"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert ("no C compiler found: the engines stay pure Python" in result.stderr) is tries, result.stderr[-2000:]
    assert list((tmp_path / "dist").glob("savanna-*.whl")), "a wheel is built either way"
