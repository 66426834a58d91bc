"""Typed errors. Every refusal names its rule and speaks English and French.

The hierarchy follows python-chess: all errors are :class:`ValueError` subclasses so that
``except ValueError`` keeps working, and each carries machine-readable fields.

Example:
    >>> from savanna.core.errors import RuleRef, IllegalActionError
    >>> rule = RuleRef("demo", "move.forward", en="Ostriches move forward.", fr="Les autruches avancent.")
    >>> err = IllegalActionError("m3", rule)
    >>> err.rule.id
    'move.forward'
    >>> err.text("fr")
    "Action 'm3' refusée — règle demo/move.forward : Les autruches avancent."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = [
    "CODES",
    "LANGUAGES",
    "AmbiguousActionError",
    "DataError",
        "IllegalActionError",
    "NotationError",
    "OptionError",
    "RecordError",
    "RuleRef",
    "SavannaError",
    "SeatError",
]

LANGUAGES: tuple[str, ...] = ("en", "fr")


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A reference to one rule clause of one game.

    Attributes:
        game: the registered game name (``"core"`` for protocol-level rules).
        id: the clause id, dotted, as used in ``docs/rules/<game>.md`` and in test names.
        en: the rule in English, one sentence.
        fr: the rule in French, one sentence.
        source: where the rule comes from (seed file and section), or ``"design"``.
    """

    game: str
    id: str
    en: str = ""
    fr: str = ""
    source: str = ""

    def text(self, lang: str = "en") -> str:
        """The rule sentence in ``lang`` (falls back to English)."""
        return self.fr if lang == "fr" and self.fr else self.en

    @property
    def key(self) -> str:
        """``game/id``, the rule's stable key on the wire."""
        return f"{self.game}/{self.id}"


class SavannaError(Exception):
    """Base of every error Savanna raises on purpose.

    ``str(err)`` is the English message; :meth:`text` gives another language. ``code`` is a
    namespaced, machine-readable code (``action/illegal`` ...) for wire protocols.

    The words are a catalogue message in every language
    (``OptionError(MESSAGES.words("error.option.unknown", ...))``: language → text, English
    required), or, for the constructors not moved to a catalogue yet, English and French.
    """

    code: str = "savanna/error"

    def __init__(self, en: str | Mapping[str, str], fr: str | None = None) -> None:
        if isinstance(en, Mapping):
            messages = dict(en)
        else:
            messages = {"en": en, "fr": fr if fr is not None else en}
        super().__init__(messages["en"])
        self.messages: dict[str, str] = messages

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"fr"``); unknown languages give English."""
        return self.messages.get(lang, self.messages["en"])


class NotationError(SavannaError, ValueError):
    """The text does not parse as an action or a position of this game."""

    code = "action/notation"

    def __init__(self, text: str, expected: str = "", expected_fr: str = "") -> None:
        en = f"Cannot read {text!r}" + (f": expected {expected}" if expected else "")
        fr = f"Impossible de lire {text!r}" + (
            f" : attendu {expected_fr or expected}" if (expected_fr or expected) else ""
        )
        super().__init__(en, fr)
        self.input = text


class IllegalActionError(SavannaError, ValueError):
    """The action is well formed but a rule refuses it here.

    Attributes:
        action: the action as the player wrote it (notation) or its id.
        rule: the :class:`RuleRef` that refuses it.
        detail: optional explanation specific to this position (English, French).
    """

    code = "action/illegal"

    def __init__(
        self,
        action: object,
        rule: RuleRef,
        detail: str = "",
        detail_fr: str = "",
    ) -> None:
        en = f"Action {action!r} refused — rule {rule.key}: {rule.text('en')}"
        fr = f"Action {action!r} refusée — règle {rule.key} : {rule.text('fr')}"
        if detail:
            en += f" ({detail})"
            fr += f" ({detail_fr or detail})"
        super().__init__(en, fr)
        self.action = action
        self.rule = rule
        self.detail = detail


class AmbiguousActionError(SavannaError, ValueError):
    """The text matches several legal actions; the message lists them."""

    code = "action/ambiguous"

    def __init__(self, text: str, candidates: list[str]) -> None:
        listing = ", ".join(candidates)
        super().__init__(
            f"{text!r} is ambiguous: it may mean {listing}",
            f"{text!r} est ambigu : cela peut vouloir dire {listing}",
        )
        self.input = text
        self.candidates = candidates


class OptionError(SavannaError, ValueError):
    """A game option, a player count or a CLI option value is not accepted."""

    code = "option/invalid"


class SeatError(OptionError):
    """A seat that is not at this table (checked once, by the core, for every seat-taking call).

    Attributes:
        seat: the value given.
        rule: the core rule ``seat.unknown``.
    """

    code = "seat/unknown"

    def __init__(self, seat: object, rule: RuleRef, players: int) -> None:
        super().__init__(
            f"No seat {seat!r} at a {players}-player table — rule {rule.key}: {rule.text('en')}",
            f"Pas de place {seat!r} à une table de {players} joueurs — règle {rule.key} : {rule.text('fr')}",
        )
        self.seat = seat
        self.rule = rule


class DataError(SavannaError, ValueError):
    """A game's data file or message catalogue (``data/*.toml``) is missing or does not validate.

    A packaging bug: raised when the files are loaded (at import), never during a game.
    """

    code = "data/invalid"


@dataclass
class _RecordProblem:
    index: int | None = None
    action: str | None = None
    extra: dict[str, str] = field(default_factory=dict)


class RecordError(SavannaError, ValueError):
    """A game record is corrupt, of an unknown version, or holds an illegal action.

    Attributes:
        index: 0-based index of the first bad action, or ``None`` when the record itself
            (its format, version, game or options) is at fault.
        action: the text of that action, when there is one.
        cause: the underlying error, when there is one.
    """

    code = "record/invalid"

    def __init__(
        self,
        en: str | Mapping[str, str],
        fr: str | None = None,
        *,
        index: int | None = None,
        action: str | None = None,
        cause: Exception | None = None,
    ) -> None:
        super().__init__(en, fr)
        self.index = index
        self.action = action
        self.cause = cause


CODES: dict[str, type[SavannaError]] = {
    cls.code: cls
    for cls in (
        SavannaError,
        NotationError,
        IllegalActionError,
        AmbiguousActionError,
        OptionError,
        SeatError,
        RecordError,
        DataError,
    )
}
