"""Game options: declared once per game with their defaults, validated at load.

Option keys are snake_case and identical on the CLI (``--option key=value``), in records
and on the web API.

Example:
    >>> from savanna.core.options import IntOption, ChoiceOption, parse_assignment
    >>> tiles = IntOption("tiles", 4, low=4, high=6, help="tiles between Exit and Finish")
    >>> tiles.coerce("5")
    5
    >>> parse_assignment("special=vortex")
    ('special', 'vortex')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from savanna.core.errors import OptionError
from savanna.core.messages import CORE_MESSAGES

__all__ = [
    "FIRST_PLAYER",
    "BoolOption",
    "ChoiceOption",
    "IntOption",
    "Option",
    "parse_assignment",
    "resolve_options",
]

OptionValue = int | str | bool


@dataclass(frozen=True, slots=True)
class Option:
    """Base of the option kinds. ``help`` is English and ``helps`` every language: a game
    words them in its catalogue (``option.<name>``) and fills them with
    ``MESSAGES.option_words(name)``; :meth:`help_in` reads them."""

    name: str
    default: OptionValue
    help: str = ""
    helps: tuple[tuple[str, str], ...] = ()
    stored: OptionValue | None = None
    """What a stored game (a record, a saved table) that does not name this option meant,
    when that is not :attr:`default`: the value the game played before the option existed
    or before its default changed. ``None``: the default. See
    :func:`~savanna.core.registry.load_stored_game`."""

    def help_in(self, lang: str) -> str:
        """The help in ``lang`` (English when the catalogue has no such language)."""
        return dict(self.helps).get(lang) or self.help

    def coerce(self, raw: object) -> OptionValue:  # pragma: no cover - overridden
        raise TypeError(f"option {self.name!r} has no type")  # a subclass that forgot coerce()

    def describe(self) -> str:
        """A short human description of the accepted values."""
        return repr(self.default)


@dataclass(frozen=True, slots=True)
class IntOption(Option):
    """An integer option within ``[low, high]``."""

    low: int = 0
    high: int = 0

    def coerce(self, raw: object) -> OptionValue:
        if isinstance(raw, bool):
            raise OptionError(CORE_MESSAGES.words("error.option.int_type", name=repr(self.name), raw=repr(raw)))
        if isinstance(raw, int):
            value = raw
        else:
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise OptionError(
                    CORE_MESSAGES.words(
                        "error.option.int_text", name=repr(self.name), low=self.low, high=self.high, raw=repr(raw)
                    )
                ) from None
        if not self.low <= value <= self.high:
            raise OptionError(
                CORE_MESSAGES.words(
                    "error.option.int_range", name=repr(self.name), low=self.low, high=self.high, value=value
                )
            )
        return value

    def describe(self) -> str:
        return f"{self.low}..{self.high}"


@dataclass(frozen=True, slots=True)
class ChoiceOption(Option):
    """A string option among ``choices``."""

    choices: tuple[str, ...] = ()

    def coerce(self, raw: object) -> OptionValue:
        value = str(raw).strip().lower()
        if value not in self.choices:
            allowed = "|".join(self.choices)
            raise OptionError(
                CORE_MESSAGES.words("error.option.choice", name=repr(self.name), allowed=allowed, raw=repr(raw))
            )
        return value

    def describe(self) -> str:
        return "|".join(self.choices)


_TRUE = {"on", "true", "yes", "1"}
_FALSE = {"off", "false", "no", "0"}


@dataclass(frozen=True, slots=True)
class BoolOption(Option):
    """An on/off option; accepts on/off, true/false, yes/no, 1/0."""

    def coerce(self, raw: object) -> OptionValue:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise OptionError(CORE_MESSAGES.words("error.option.bool", name=repr(self.name), raw=repr(raw)))

    def describe(self) -> str:
        return "on|off"


FIRST_PLAYER = ChoiceOption(
    "first",
    "draw",
    choices=("draw", "seat1"),
    **CORE_MESSAGES.option_words("first"),
)
"""Who plays first, an option every game declares (checked by the conformance suite).

``draw`` (the default): a chance node draws the first seat, each seat equally likely, the way
players throw for the first player when the rules do not say who starts; the draw is in the
game's record and replayed like any chance outcome. ``seat1``: the first seat starts (seat
number 0 in positions and notation), for studies that need a fixed order.
"""


def parse_assignment(text: str) -> tuple[str, str]:
    """Split ``"key=value"`` as typed on the command line.

    Raises:
        OptionError: when there is no ``=`` or the key is empty.
    """
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise OptionError(CORE_MESSAGES.words("error.option.written", text=repr(text)))
    return key, value.strip()


def resolve_options(
    game: str, declared: Sequence[Option], given: Mapping[str, Any] | None
) -> dict[str, OptionValue]:
    """Validate ``given`` against ``declared`` and fill in the defaults.

    Raises:
        OptionError: for an unknown key or a value the option refuses.
    """
    by_name = {opt.name: opt for opt in declared}
    values: dict[str, OptionValue] = {opt.name: opt.default for opt in declared}
    for key, raw in (given or {}).items():
        if key not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(CORE_MESSAGES.words("error.option.unknown", game=game, key=repr(key), known=known))
        values[key] = by_name[key].coerce(raw)
    return values
