"""The optional compiled build: which modules run compiled, and how to run pure Python.

``make compile`` builds some modules with mypyc (the list is ``NATIVE_MODULES`` in
``setup.py``: the game engines' hot modules and the ISMCTS search) into extension modules
next to their sources. Python imports an extension module in preference to the source of
the same name, so a compiled build is used as soon as it exists, and the pure-Python
sources are the fallback everywhere else.

Setting the environment variable ``SAVANNA_PURE_PYTHON=1`` before ``savanna`` is imported
runs the pure-Python sources even where a compiled build exists (``savanna/__init__.py``
installs :class:`SourceFirstFinder`): the two builds can then be compared on one machine.
Both must behave identically, action for action; the test suite proves it
(``tests/native``).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = [
    "PURE_ENV",
    "SourceFirstFinder",
    "build_name",
    "compiled_modules",
    "is_compiled",
    "pure_requested",
    "use_pure_python",
]

PURE_ENV = "SAVANNA_PURE_PYTHON"
"""Environment variable: ``1`` runs the pure-Python sources even when compiled ones exist."""
PACKAGE = "savanna"


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


def build_name(modules: Sequence[str]) -> str:
    """A one-line name of the build for reports: compiled (and what) or interpreted (and why)."""
    if modules:
        return "compiled (mypyc): " + ", ".join(modules)
    if pure_requested():
        return f"interpreted (pure Python, {PURE_ENV}=1)"
    return "interpreted (pure Python)"
