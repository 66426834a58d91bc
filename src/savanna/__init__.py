"""Savanna: African race-and-wager board games for people and programs.

The package is layered: :mod:`savanna.core` knows no game and defines the protocol every
game implements; games live in :mod:`savanna.games` and register themselves through the
``savanna.games`` entry-point group; interfaces (CLI, bots, lab, terminal, adapters) are
written once against the core.

Example:
    >>> import savanna
    >>> game = savanna.load_game("hyena", players=2)
    >>> state = game.new_initial_state()
    >>> state.is_terminal()
    False
"""

from __future__ import annotations

from savanna import native as _native

# SAVANNA_PURE_PYTHON=1, or a compiled build older than its sources: run the sources.
_native.choose_build()

from savanna.core import (  # noqa: E402  (after the build is chosen)
    CHANCE,
    TERMINAL,
    Game,
    GameSpec,
    IllegalActionError,
    NotationError,
    Observation,
    OptionError,
    RecordError,
    SavannaError,
    State,
    load_game,
    registered_games,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "NotationError",
    "Observation",
    "OptionError",
    "RecordError",
    "SavannaError",
    "State",
    "__version__",
    "load_game",
    "registered_games",
]
