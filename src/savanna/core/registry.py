"""The registry of games.

Games are found through the ``savanna.games`` entry-point group (each entry names a
:class:`~savanna.core.game.Game` subclass), so the core never imports a game by name.
Tests and plugins may also :func:`register` a class directly.

Example:
    >>> from savanna.core.registry import registered_games
    >>> "banjooli" in registered_games()
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

from savanna.core.errors import OptionError
from savanna.core.game import Game
from savanna.core.messages import CORE_MESSAGES

__all__ = ["broken_games", "game_class", "load_game", "load_stored_game", "register", "registered_games"]

ENTRY_POINT_GROUP = "savanna.games"

_registry: dict[str, type[Game]] = {}
_broken: dict[str, str] = {}
_loaded = False


def register(cls: type[Game]) -> type[Game]:
    """Add a game class to the registry (usable as a class decorator).

    Raises:
        ValueError: when another class already holds the name.
    """
    name = cls.spec.name
    existing = _registry.get(name)
    if existing is not None and existing is not cls:
        raise ValueError(f"game name {name!r} is already registered by {existing!r}")
    _registry[name] = cls
    return cls


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        # A game that fails to import must not take the other games down with it: it is
        # reported by broken_games() and by game_class() when asked for by name.
        try:
            cls = ep.load()
        except Exception as exc:  # any import failure of a plugin
            _broken[ep.name] = f"{type(exc).__name__}: {exc}"
            continue
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            # for the game's author, as Python words an import failure above
            problem = TypeError(f"entry point does not name a Game subclass: {cls!r}")
            _broken[ep.name] = f"{type(problem).__name__}: {problem}"
            continue
        register(cls)


def broken_games() -> dict[str, str]:
    """Entry points that failed to load, with the reason (empty when all is well)."""
    _load_entry_points()
    return dict(_broken)


def registered_games() -> dict[str, type[Game]]:
    """Every registered game class by name, sorted by name."""
    _load_entry_points()
    return dict(sorted(_registry.items()))


def game_class(name: str) -> type[Game]:
    """The game class called ``name`` (or one of its aliases), case-insensitive.

    Raises:
        OptionError: for an unknown game (the message lists the known ones).
    """
    games = registered_games()
    key = name.strip().lower()
    if key in games:
        return games[key]
    for cls in games.values():
        if key in cls.spec.aliases:
            return cls
    if key in _broken:
        raise OptionError(CORE_MESSAGES.words("error.option.game_broken", name=repr(name), why=_broken[key]))
    known = ", ".join(games) or "none"
    raise OptionError(CORE_MESSAGES.words("error.option.game_unknown", name=repr(name), known=known))


def load_game(name: str, players: int | None = None, options: Mapping[str, Any] | None = None) -> Game:
    """A configured game.

    Raises:
        OptionError: unknown game, bad player count or bad option.
    """
    return game_class(name)(players=players, options=options)


def load_stored_game(name: str, players: int | None = None, options: Mapping[str, Any] | None = None) -> Game:
    """The game a stored record or table was written for: an option it does not name takes
    the value it meant then (:attr:`~savanna.core.options.Option.stored`), not today's default.

    Example: records of the river race written before its ``material`` option existed (and
    while the first material was the default) replay with ``material=first``.

    Raises:
        OptionError: unknown game, bad player count or bad option.
    """
    cls = game_class(name)
    given = dict(options or {})
    for opt in cls.spec.options:
        if opt.stored is not None and opt.name not in given:
            given[opt.name] = opt.stored
    return cls(players=players, options=given)
