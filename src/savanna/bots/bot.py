"""The bot protocol, bot specs (``ismcts:sims=500``) and the registry of bot kinds.

A bot is built with ``(game, seat, rng, **config)`` and answers
:meth:`Bot.act`: given *its own* :class:`~savanna.core.Observation` and the legal actions,
it returns one of them. It never receives a :class:`~savanna.core.State`.

A bot spec is the bot's kind followed by ``:key=value`` settings, written the same way on
the command line and in simulation reports::

    random
    heuristic
    ismcts
    ismcts:sims=500
    ismcts:seconds=0.5:rollout=heuristic
    heuristic:restrict=never-bargain

Every kind takes the setting ``restrict=NAME``: the bot with one kind of decision taken
away, a restriction the game declares (:meth:`Game.restrictions
<savanna.core.Game.restrictions>`; restricted play, :class:`RestrictedBot`).

Example:
    >>> spec = parse_bot_spec("ismcts:sims=200")
    >>> spec.kind, spec.settings
    ('ismcts', {'sims': 200})
    >>> str(spec)
    'ismcts:sims=200'
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from savanna.core import Game, Observation, OptionError, Restriction, SavannaError, State
from savanna.core.messages import load_messages

__all__ = [
    "RESTRICT",
    "Bot",
    "BotConfig",
    "BotError",
    "BotSpec",
    "RestrictedBot",
    "Turn",
    "bot_kinds",
    "parse_bot_spec",
    "register_bot",
]


RESTRICT = "restrict"
"""The setting every bot kind takes: ``heuristic:restrict=never-bargain`` is the heuristic
bot with one kind of decision taken away (restricted play, :class:`RestrictedBot`)."""


MESSAGES = load_messages("savanna.bots")
"""The bots' words (``savanna/bots/data/messages.<lang>.toml``)."""


class BotError(SavannaError, RuntimeError):
    """A bot broke the protocol (for example it answered an action that is not legal)."""

    code = "bot/protocol"


class BotConfig(BaseModel):
    """Settings of a bot kind; each kind declares its own subclass (no settings by default)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Bot(ABC):
    """A player program that sees only its own observation.

    Args:
        game: the configured game being played.
        seat: the bot's seat (0-based).
        rng: the bot's only source of randomness.
        **config: settings of the bot kind (validated by its :class:`BotConfig`).

    Raises:
        OptionError: for an unknown setting or a value the kind refuses.
    """

    kind: ClassVar[str]
    """The name of the kind in specs (``"random"``)."""
    config_model: ClassVar[type[BotConfig]] = BotConfig
    """The settings this kind accepts."""

    @classmethod
    def summary(cls, lang: str = "en") -> str:
        """What the kind plays, in one line of ``lang``: the bots' ``kind.<kind>`` message."""
        return MESSAGES.text(f"kind.{cls.kind}", lang)

    def __init__(self, game: Game, seat: int, rng: random.Random, **config: Any) -> None:
        self.game = game
        self.seat: int = game.check_seat(seat, spectator=False)  # type: ignore[assignment]
        self.rng = rng
        self.config = _validate(self.kind, self.config_model, config)

    @abstractmethod
    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        """Choose one of ``legal_actions`` knowing only ``observation`` (this seat's view)."""

    def decide(self, turn: Turn) -> int:
        """Choose one of ``turn.legal_actions`` (what the drivers of many games call).

        The default builds this seat's observation and asks :meth:`act`. A kind that needs
        less overrides it to take only what it uses (the random bot: nothing but the legal
        actions; the heuristic bot: the game's fast heuristic path), and must choose exactly
        what :meth:`act` would, drawing the same numbers from its rng.
        """
        return self.act(turn.observation(), turn.legal_actions)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat} {self.config!r}>"


class Turn:
    """A seat's turn as a driver hands it to :meth:`Bot.decide`.

    It offers what that seat may know, built only when asked for: the seat's
    :meth:`observation`, the legal actions, and :meth:`heuristic_action` (the game's
    heuristic choice for this seat, ``Game.heuristic_action_in_state``, which reads only
    what the seat may see and is tested equal to ``Game.heuristic_action`` on its
    observation). The state it wraps is private to the driver: a bot reads nothing else.
    """

    __slots__ = ("_state", "legal_actions", "seat")

    def __init__(self, state: State, seat: int, legal_actions: Sequence[int]) -> None:
        self._state = state
        self.seat = seat
        self.legal_actions = legal_actions

    def observation(self) -> Observation:
        """This seat's observation (built on each call)."""
        return self._state.observation(self.seat)

    def heuristic_action(self, rng: random.Random) -> int:
        """The game's heuristic choice for this seat, drawing from ``rng``."""
        state = self._state
        return state.game.heuristic_action_in_state(state, self.legal_actions, rng)

    def restricted(self, restriction: Restriction, rng: random.Random) -> Turn | None:
        """This turn as a bot under ``restriction`` takes it: the legal actions it keeps and
        the position it decides on (``restriction.blind``, drawing from ``rng``), or
        ``None`` when the restriction changes nothing here."""
        state = self._state
        legal = list(self.legal_actions)
        seen = restriction.blind(state, self.seat, rng) if restriction.blind is not None else None
        kept = restriction.allowed(state if seen is None else seen, self.seat, legal)
        if seen is None and len(kept) == len(legal):
            return None
        return Turn(state if seen is None else seen, self.seat, kept)


class RestrictedBot(Bot):
    """A bot with one kind of decision taken away (restricted play, Jaffe et al. 2012).

    At each turn the restriction keeps some of the legal actions and may hide what the
    seat must ignore (:class:`~savanna.core.Restriction`); the inner bot then decides
    among the actions kept, on the position the restriction shows it. Where the
    restriction changes nothing the inner bot decides exactly as it would unrestricted,
    drawing the same numbers: a restriction that never applies plays the same games.
    What it hides is redrawn from a stream of its own, seeded from the inner bot's rng
    without drawing from it.

    Attributes:
        inner: the unrestricted bot.
        restriction: what it gives up.
        decisions: the decisions it took.
        restricted: those the restriction changed (fewer actions or a hidden position).
    """

    kind = "restricted"

    def __init__(self, inner: Bot, restriction: Restriction) -> None:
        self.game = inner.game
        self.seat = inner.seat
        self.rng = inner.rng
        self.config = inner.config
        self.inner = inner
        self.restriction = restriction
        self.decisions = 0
        self.restricted = 0
        state = inner.rng.getstate()[1]
        self._hidden = random.Random("restricted:" + ",".join(map(str, state[:8])))

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        """The inner bot's choice for ``observation``, restricted on a position drawn from
        it (``Game.sample_state``; a restriction reads only what the seat sees)."""
        self.decisions += 1
        state = self.game.sample_state(observation, self._hidden)
        legal = list(legal_actions)
        blind = self.restriction.blind
        seen = blind(state, self.seat, self._hidden) if blind is not None else None
        kept = self.restriction.allowed(state if seen is None else seen, self.seat, legal)
        if seen is None and len(kept) == len(legal):
            return self.inner.act(observation, legal)
        self.restricted += 1
        return self.inner.act(seen.observation(self.seat) if seen is not None else observation, kept)

    def decide(self, turn: Turn) -> int:
        """The inner bot's choice, with the restriction applied to the turn."""
        self.decisions += 1
        restricted = turn.restricted(self.restriction, self._hidden)
        if restricted is None:
            return self.inner.decide(turn)
        self.restricted += 1
        return self.inner.decide(restricted)

    def __repr__(self) -> str:
        return f"<RestrictedBot {self.restriction.name} {self.inner!r}>"


def _validate(kind: str, model: type[BotConfig], config: Mapping[str, Any]) -> BotConfig:
    try:
        return model.model_validate(dict(config))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "settings"
        allowed = ", ".join(model.model_fields) or "none"
        raise OptionError(
            MESSAGES.words("error.setting", kind=repr(kind), where=repr(where), why=first["msg"], allowed=allowed)
        ) from None


_KINDS: dict[str, type[Bot]] = {}


def register_bot(cls: type[Bot]) -> type[Bot]:
    """Add a bot kind to the registry (usable as a class decorator)."""
    _KINDS[cls.kind] = cls
    return cls


def bot_kinds() -> dict[str, type[Bot]]:
    """Every registered bot kind by name."""
    # The built-in kinds register themselves when their modules are imported.
    import savanna.bots.coach
    import savanna.bots.heuristic
    import savanna.bots.ismcts
    import savanna.bots.uniform  # noqa: F401

    return dict(sorted(_KINDS.items()))


@dataclass(frozen=True)
class BotSpec:
    """A bot kind with its settings, parsed from text such as ``ismcts:sims=500``.

    Attributes:
        kind: the registered kind.
        settings: validated settings given in the spec (defaults omitted).
    """

    kind: str
    settings: dict[str, Any] = field(default_factory=dict, hash=False)
    restrict: str | None = None

    def __str__(self) -> str:
        parts = [self.kind, *(f"{k}={_show(v)}" for k, v in sorted(self.settings.items()))]
        if self.restrict is not None:
            parts.append(f"{RESTRICT}={self.restrict}")
        return ":".join(parts)

    @property
    def unrestricted(self) -> BotSpec:
        """The same bot without its restriction."""
        return BotSpec(self.kind, dict(self.settings))

    def build(self, game: Game, seat: int, rng: random.Random) -> Bot:
        """A bot of this spec for ``seat`` of ``game`` (restricted when the spec says so).

        Raises:
            OptionError: for a seat the game does not have, or a restriction it does not
                declare (:meth:`Game.restrictions <savanna.core.Game.restrictions>`).
        """
        bot = bot_kinds()[self.kind](game, seat, rng, **self.settings)
        if self.restrict is None:
            return bot
        return RestrictedBot(bot, game.restriction(self.restrict))


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def parse_bot_spec(text: str) -> BotSpec:
    """Read a bot spec: ``kind`` or ``kind:key=value[:key=value...]``.

    Raises:
        OptionError: empty text, an unknown kind, a setting not written ``key=value``, an
            unknown setting or a value of the wrong type (the message lists what is known).
    """
    parts = [p.strip() for p in text.strip().split(":")]
    kind = parts[0].lower()
    kinds = bot_kinds()
    if kind not in kinds:
        known = ", ".join(kinds)
        raise OptionError(MESSAGES.words("error.unknown", text=repr(text), known=known))
    raw: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep or not key:
            raise OptionError(MESSAGES.words("error.written", text=repr(text), part=repr(part)))
        raw[key] = value.strip()
    restrict = raw.pop(RESTRICT, None)
    if restrict is not None and not restrict:
        raise OptionError(MESSAGES.words("error.restrict", text=repr(text), restrict=RESTRICT))
    config = _validate(kind, kinds[kind].config_model, raw)
    given = config.model_dump(include=set(raw))
    return BotSpec(kind, given, restrict.lower() if restrict is not None else None)
