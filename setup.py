"""The optional compiled build of the engines (mypyc); everything else is in pyproject.toml.

A normal install (``pip install -e .``, ``make install``) is pure Python and ignores this
file's compiled part. With ``SAVANNA_COMPILE=1`` the modules of :data:`NATIVE_MODULES` are
compiled by mypyc, which comes with mypy (the ``dev`` extra): no network is needed.

    make compile          # builds them in place, next to their sources
    make clean-compiled   # removes them: back to pure Python

Built in place, the compiled modules shadow their sources (Python prefers an extension
module to a source of the same name); ``SAVANNA_PURE_PYTHON=1`` runs the sources anyway
(see ``savanna.native``). ``SAVANNA_COMPILE=1 pip wheel --no-build-isolation .`` makes a
wheel holding both.
"""

from __future__ import annotations

import os

from setuptools import setup

NATIVE_MODULES = [
    "savanna.bots.search",
    "savanna.core.draws",
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


def _native_extensions() -> list[object]:
    from mypyc.build import mypycify

    paths = [os.path.join("src", *name.split(".")) + ".py" for name in NATIVE_MODULES]
    return list(mypycify(paths, opt_level="3", debug_level="0"))


if os.environ.get("SAVANNA_COMPILE", "").strip() == "1":
    setup(ext_modules=_native_extensions())
else:
    setup()
