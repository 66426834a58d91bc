"""The compiled build of the engines (mypyc); everything else is in pyproject.toml.

``make play``, ``make test`` and ``make native`` build the modules of
:data:`NATIVE_MODULES` with mypyc in the project's virtualenv (``setup.py build_ext
--inplace``) when they can, and fall back to pure Python when they cannot, never failing
for it:

- mypyc comes with mypy (the ``dev`` extra), and type-checks the engines with the
  installed packages (pydantic's types among them);
- a C compiler must be there (``cc``, or the one Python was built with): without one, or
  when mypyc or the compiler fails, the engines stay pure Python and it says so.

``pip install`` of the package (a wheel built from the sources: ``pip install .``, or from
the source archive) compiles them the same way, in pip's isolated build environment (the
build requirements bring mypy and what the engines import), and installs pure Python when
it cannot. An editable install (``pip install -e .``) leaves them to ``make``, which builds
them in place once the install is done.

``SAVANNA_COMPILE`` chooses: unset or ``auto`` (the above), ``1`` (the compiled build or a
failed install: ``make compile``), ``0`` (pure Python, no compiler run).

    make compile          # builds them in place, next to their sources (required)
    make clean-compiled   # removes them: back to pure Python

Built in place, the compiled modules shadow their sources (Python prefers an extension
module to a source of the same name); ``SAVANNA_PURE_PYTHON=1`` runs the sources anyway,
and a build older than its sources is never run (see ``savanna.native``, which reads the
manifest written here: each compiled source's digest).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

NATIVE_MODULES = [
    "savanna.bots.search",
    "savanna.core.draws",
    "savanna.core.playout",
    "savanna.games.banjooli.board",
    "savanna.games.banjooli.evaluation",
    "savanna.games.banjooli.heuristic",
    "savanna.games.banjooli.moves",
    "savanna.games.banjooli.notation",
    "savanna.games.banjooli.observation",
    "savanna.games.banjooli.state",
    "savanna.games.hyena.evaluation",
    "savanna.games.hyena.heuristic",
    "savanna.games.hyena.notation",
    "savanna.games.hyena.observation",
    "savanna.games.hyena.state",
    "savanna.games.river_race.council",
    "savanna.games.river_race.evaluation",
    "savanna.games.river_race.heuristic",
    "savanna.games.river_race.notation",
    "savanna.games.river_race.observation",
    "savanna.games.river_race.state",
    "savanna.games.river_race.tables",
    "savanna.games.river_race.walking",
]
"""Modules compiled by ``make compile``: the rules engines' hot paths and the search."""

MANIFEST = "native-build.json"
"""Written next to ``savanna/__init__.py`` by a compiled build (read by ``savanna.native``)."""

BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}
"""The setup commands that build extensions (metadata commands never run mypyc)."""

_DIGESTS: dict[str, str] = {}
"""Module → sha256 of the source compiled (taken when mypyc reads the sources)."""

MODE = os.environ.get("SAVANNA_COMPILE", "auto").strip().lower() or "auto"


def _say(message: str) -> None:
    print(f"savanna: {message}", file=sys.stderr, flush=True)


def _source(name: str) -> str:
    return os.path.join("src", *name.split(".")) + ".py"


def _compiler() -> str | None:
    """The C compiler's path, or None when there is none."""
    configured = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(configured[0]) if configured else None


def _native_extensions() -> list[Any]:
    """mypyc's extensions of :data:`NATIVE_MODULES`, or none (pure Python) when it cannot."""
    if MODE == "0" or not BUILDING.intersection(sys.argv[1:]):
        return []
    required = MODE == "1"
    if not required and "editable_wheel" in sys.argv[1:]:
        # ``pip install -e``: the sources are the package; ``make`` builds the engines next
        # to them (``make compile``), once, after the install.
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        if required:
            raise
        _say("mypyc (from mypy) is not installed: the engines stay pure Python")
        return []
    if _compiler() is None:
        if required:
            raise SystemExit("savanna: SAVANNA_COMPILE=1 but no C compiler was found")
        _say("no C compiler found: the engines stay pure Python")
        return []
    _say(f"compiling {len(NATIVE_MODULES)} engine modules with mypyc (a few minutes)")
    # The digests of the sources mypyc reads now: a source edited during the build makes
    # the build out of date at once.
    _DIGESTS.update({n: _digest(_source(n)) for n in NATIVE_MODULES})
    try:
        return list(mypycify([_source(n) for n in NATIVE_MODULES], opt_level="3", debug_level="0"))
    except (Exception, SystemExit) as exc:  # mypyc's type check exits on an error
        if required:
            raise
        _say(f"mypyc could not build the engines ({type(exc).__name__}: {exc}): they stay pure Python")
        _DIGESTS.clear()
        return []


class OptionalBuildExt(build_ext):
    """Builds the compiled engines; a failed build leaves pure Python (unless required).

    All or nothing: a half-built set of modules is removed, since compiled modules call
    each other directly. A finished build writes :data:`MANIFEST`.
    """

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # a compiler error, a missing header, a failed link
            if MODE == "1":
                raise
            self._remove_outputs()
            _say(f"the compiled build failed ({type(exc).__name__}: {exc}): the engines stay pure Python")
            return
        manifest = json.dumps(
            {
                "python": sys.version.split()[0],
                "modules": dict(_DIGESTS),
            },
            indent=1,
            sort_keys=True,
        )
        for directory in self._package_dirs():
            os.makedirs(directory, exist_ok=True)
            with open(os.path.join(directory, MANIFEST), "w", encoding="utf-8") as out:
                out.write(manifest + "\n")
        _say("the engines are compiled (mypyc)")

    def _package_dirs(self) -> list[str]:
        dirs = [os.path.join(self.build_lib, "savanna")]
        if self.inplace or self.editable_mode:
            dirs.append(self.get_finalized_command("build_py").get_package_dir("savanna"))
        return dirs

    def _remove_outputs(self) -> None:
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:
            for path in self._get_inplace_equivalent(build_py, ext):
                if os.path.exists(path):
                    os.remove(path)
        for directory in self._package_dirs():
            manifest = os.path.join(directory, MANIFEST)
            if os.path.exists(manifest):
                os.remove(manifest)


def _digest(path: str) -> str:
    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


setup(ext_modules=_native_extensions(), cmdclass={"build_ext": OptionalBuildExt})
