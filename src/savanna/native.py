"""The optional compiled build: which modules run compiled, and how to run pure Python.

``make compile`` builds some modules with mypyc (the list is ``NATIVE_MODULES`` in
``setup.py``: the game engines' hot modules and the ISMCTS search) into extension modules
next to their sources. Python imports an extension module in preference to the source of
the same name, so a compiled build is used as soon as it exists, and the pure-Python
sources are the fallback everywhere else.

``make play``, ``make test`` and ``make native`` build them when they can (a C compiler is
there) and stay pure Python when they cannot; so does ``pip install`` of the package (its
wheel), while an editable install leaves the build to ``make`` (``setup.py``).
``savanna --version`` and ``savanna bench`` say which runs.

Setting the environment variable ``SAVANNA_PURE_PYTHON=1`` before ``savanna`` is imported
runs the pure-Python sources even where a compiled build exists (``savanna/__init__.py``
installs :class:`SourceFirstFinder`): the two builds can then be compared on one machine.
Both must behave identically, action for action; the test suite proves it
(``tests/native``).

A compiled build older than its sources is never run: the build writes the digest of each
source it compiled (:data:`MANIFEST`), and when a source no longer matches (it was edited
after ``make compile``, or a checkout changed it) the whole package runs pure Python, with
a :class:`StaleBuildWarning` saying which module and how to rebuild. All or nothing:
compiled modules call each other directly, so none of them runs beside a changed source.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

__all__ = [
    "MANIFEST",
    "PURE_ENV",
    "SourceFirstFinder",
    "StaleBuildWarning",
    "build_name",
    "choose_build",
    "compiled_modules",
    "interpreted_name",
    "is_compiled",
    "pure_requested",
    "stale_modules",
    "use_pure_python",
]

PURE_ENV = "SAVANNA_PURE_PYTHON"
"""Environment variable: ``1`` runs the pure-Python sources even when compiled ones exist."""
PACKAGE = "savanna"
MANIFEST = "native-build.json"
"""Written next to ``savanna/__init__.py`` by a compiled build: each compiled source's digest."""
_stale: list[str] = []
"""The compiled modules found out of date by :func:`choose_build` (then running pure Python)."""


class StaleBuildWarning(UserWarning):
    """A compiled build is older than its sources: pure Python runs instead."""


def pure_requested() -> bool:
    """Whether :data:`PURE_ENV` asks for the pure-Python sources."""
    return os.environ.get(PURE_ENV, "").strip().lower() in ("1", "true", "yes", "on")


class SourceFirstFinder(importlib.abc.MetaPathFinder):
    """Finds ``savanna.*`` modules in their ``.py`` source, skipping compiled builds.

    Packages (``__init__.py``) are never compiled and are left to the normal finders.
    """

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(PACKAGE + ".") or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def _extension(source: str) -> str | None:
    """The compiled build of the module whose source is ``source``, if there is one."""
    stem = source[: -len(".py")]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.isfile(stem + suffix):
            return stem + suffix
    return None


def _digest(path: str) -> str:
    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


def stale_modules(package_dir: str | None = None) -> list[str]:
    """The compiled modules whose source changed since they were built (sorted; empty when
    the build is up to date or there is none).

    A module is out of date when its source's digest differs from the one the build wrote
    in :data:`MANIFEST` (the digest is only computed for a source newer than its compiled
    file); without a manifest, when its source is newer than its compiled file.
    """
    package_dir = package_dir or os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(package_dir)
    try:
        with open(os.path.join(package_dir, MANIFEST), encoding="utf-8") as file:
            built: dict[str, str] = dict(json.load(file)["modules"])
    except (OSError, ValueError, KeyError, TypeError):
        return _newer_sources(package_dir, root)
    stale = []
    for name, digest in built.items():
        source = os.path.join(root, *name.split(".")) + ".py"
        extension = _extension(source)
        if extension is None or not os.path.isfile(source):
            continue
        if os.path.getmtime(source) > os.path.getmtime(extension) and _digest(source) != digest:
            stale.append(name)
    return sorted(stale)


def _newer_sources(package_dir: str, root: str) -> list[str]:
    """The modules of a build without manifest whose source is newer than their build."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    stale = []
    for directory, _, files in os.walk(package_dir):
        for file in files:
            if not file.endswith(suffixes):
                continue
            stem = os.path.join(directory, file.partition(".")[0])
            if os.path.isfile(stem + ".py") and os.path.getmtime(stem + ".py") > os.path.getmtime(
                os.path.join(directory, file)
            ):
                stale.append(os.path.relpath(stem, root).replace(os.sep, "."))
    return sorted(stale)


def choose_build() -> None:
    """Run pure Python when :data:`PURE_ENV` asks for it or the compiled build is out of
    date (then with a :class:`StaleBuildWarning`); called once, by ``savanna/__init__.py``."""
    if pure_requested():
        use_pure_python()
        return
    stale = stale_modules()
    if stale:
        _stale[:] = stale
        use_pure_python()
        warnings.warn(
            f"the compiled build of savanna is older than its sources ({', '.join(stale)}): "
            "running pure Python; `make compile` rebuilds it",
            StaleBuildWarning,
            stacklevel=3,
        )


def use_pure_python() -> None:
    """Run ``savanna`` modules imported from now on from their sources (idempotent)."""
    if not any(isinstance(f, SourceFirstFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirstFinder())


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (a compiled build)."""
    filename = getattr(module, "__file__", None) or ""
    return filename.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The names of the loaded ``savanna`` modules that run compiled, sorted."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if (name == PACKAGE or name.startswith(PACKAGE + ".")) and module is not None
        and is_compiled(module)
    )


def _build_words(key: str, lang: str, **fields: object) -> str:
    """The build's name ``build.<key>`` from the package's catalogue (``savanna/data``).

    The catalogue is loaded here, not at the top: this module is imported before the core
    (:func:`choose_build` must run first), and the core's loader imports the core."""
    from savanna.core.messages import load_messages

    return load_messages("savanna", "saves").text(f"build.{key}", lang, **fields)


def interpreted_name(lang: str = "en") -> str:
    """The name of the pure-Python build when nothing more is known of it."""
    return _build_words("interpreted", lang)


def build_name(modules: Sequence[str], lang: str = "en") -> str:
    """A one-line name of the build for reports: compiled (and what) or interpreted (and
    why), in ``lang`` (English: benchmark pages and ``savanna --version``)."""
    if modules:
        return _build_words("compiled", lang, modules=", ".join(modules))
    if pure_requested():
        return _build_words("interpreted_pure", lang, variable=PURE_ENV)
    if _stale:
        return _build_words("interpreted_stale", lang, modules=", ".join(_stale))
    return interpreted_name(lang)
