"""Who sits at each seat of a terminal game: a person at the keyboard or a bot.

A seat list is written as on the command line, comma-separated: ``human`` for a person,
``bot:<bot spec>`` for a program (``bot:heuristic``, ``bot:ismcts:sims=200``); a bare ``bot``
is the heuristic bot.

Example:
    >>> [str(s) for s in parse_seats("human, bot:random")]
    ['human', 'bot:random']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from savanna.bots import parse_bot_spec
from savanna.core import Game, Observation, OptionError
from savanna.core.messages import load_messages

__all__ = [
    "DEFAULT_BOT",
    "BotLike",
    "SeatSpec",
    "build_bot",
    "default_seats",
    "parse_seats",
    "seat_label",
]

DEFAULT_BOT = "heuristic"
"""The bot that fills empty seats when no seats are given."""

_HUMAN_WORDS = frozenset({"human", "humain", "h"})
_WORDS = load_messages("savanna.i18n")
"""The terminal's words (``savanna/i18n/data``)."""


class BotLike(Protocol):
    """What the terminal needs of a bot: an action chosen from its own observation."""

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        """One of ``legal_actions``."""
        ...


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat: a human, or a bot with its spec text (``"ismcts:sims=200"``).

    Attributes:
        bot: the bot spec, or ``None`` for a person at the keyboard.
    """

    bot: str | None = None

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.bot is None

    def __str__(self) -> str:
        return "human" if self.bot is None else f"bot:{self.bot}"

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        """Read one seat (``human``, ``bot``, ``bot:<spec>`` or a bare bot spec).

        Raises:
            OptionError: for anything else (an unknown bot names the known ones).
        """
        word = text.strip()
        kind, _, rest = word.partition(":")
        if kind.lower() in _HUMAN_WORDS and not rest:
            return cls(None)
        if kind.lower() in {"bot", "robot"}:
            return cls(str(parse_bot_spec(rest.strip() or DEFAULT_BOT)))
        if not word:
            raise OptionError(_WORDS.words("seat.spec.empty"))
        # A bare bot spec, as records written by `savanna playout` hold ("random").
        return cls(str(parse_bot_spec(word)))


def parse_seats(text: str) -> list[SeatSpec]:
    """Read a comma-separated seat list.

    Raises:
        OptionError: an empty list or a bad seat.
    """
    parts = [p for p in (s.strip() for s in text.split(",")) if p]
    if not parts:
        raise OptionError(_WORDS.words("seat.spec.none"))
    return [SeatSpec.parse(p) for p in parts]


def default_seats(players: int) -> list[SeatSpec]:
    """One person at seat 0 and heuristic bots in the other seats."""
    return [SeatSpec(None)] + [SeatSpec(DEFAULT_BOT) for _ in range(players - 1)]


def build_bot(spec: str, game: Game, seat: int, rng: random.Random) -> BotLike:
    """The bot of ``spec`` (a :mod:`savanna.bots` spec such as ``ismcts:sims=200``) for ``seat``.

    Raises:
        OptionError: an unknown bot kind or a bad bot setting.
    """
    bot: BotLike = parse_bot_spec(spec).build(game, seat, rng)
    return bot


def seat_label(spec: SeatSpec, lang: str) -> str:
    """A bot's kind in words for people (``heuristique``), its settings as written.

    >>> seat_label(SeatSpec("ismcts:sims=200"), "fr")
    'ISMCTS, sims=200'
    >>> seat_label(SeatSpec("random"), "fr")
    'au hasard'
    """
    from savanna.i18n.tui import MESSAGES

    if spec.bot is None:
        return ""
    kind, _, settings = spec.bot.partition(":")
    try:
        name = MESSAGES(f"bot.{kind}", lang)
    except KeyError:  # a bot kind registered by someone else: its own name
        name = kind
    return f"{name}, {settings.replace(':', ', ')}" if settings else name
