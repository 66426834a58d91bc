"""Typed errors. Every refusal names its rule and speaks English and French.

The hierarchy follows python-chess: all errors are :class:`ValueError` subclasses so that
``except ValueError`` keeps working, and each carries machine-readable fields.

The words of every error are catalogue messages. Most errors are given theirs when they
are raised (``OptionError(MESSAGES.words(...))``); the four the core raises for every game
(:class:`NotationError`, :class:`IllegalActionError`, :class:`AmbiguousActionError`,
:class:`SeatError`) keep what was refused and say it from the core catalogue's
``error.action.*`` messages when they are read (:meth:`SavannaError.text`, ``str(err)``).
The catalogue loader (:mod:`savanna.core.messages`) imports this module, not the other way
round: the catalogue is reached when an error is first read, so that this module stays
at the bottom of the core with no import cycle, and an error never read (a legality check
that is caught) costs no formatting.

Example:
    >>> from savanna.core.errors import RuleRef, IllegalActionError
    >>> rule = RuleRef("demo", "move.forward", en="Ostriches move forward.", fr="Les autruches avancent.")
    >>> err = IllegalActionError("m3", rule)
    >>> err.rule.id
    'move.forward'
    >>> err.text("fr")
    "Action 'm3' refusée — règle demo/move.forward\xa0: Les autruches avancent."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    required). A subclass that says its words from the core catalogue when they are read
    passes none and overrides :meth:`_said`.
    """

    code: str = "savanna/error"

    def __init__(self, en: str | Mapping[str, str] | None = None, fr: str | None = None) -> None:
        if en is None:
            super().__init__()
            self._messages: dict[str, str] | None = None
            return
        if isinstance(en, Mapping):
            messages = dict(en)
        else:
            messages = {"en": en, "fr": fr if fr is not None else en}
        super().__init__(messages["en"])
        self._messages = messages

    def _said(self) -> dict[str, str]:
        """The words in every language, for an error given none when raised."""
        raise TypeError(f"{type(self).__name__} was given no words")

    @property
    def messages(self) -> dict[str, str]:
        """The message in every language (language → text)."""
        if self._messages is None:
            self._messages = self._said()
        return self._messages

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"fr"``); unknown languages give English."""
        messages = self.messages
        return messages.get(lang, messages["en"])

    def __str__(self) -> str:
        return self.text("en")


def _core_words(key: str, fields: Callable[[str], Mapping[str, object]]) -> dict[str, str]:
    """The core catalogue's message ``key`` in every language, ``fields(lang)`` filled in.

    The catalogue module imports this one (for :class:`RuleRef`, :class:`DataError` and
    :class:`NotationError`), so it is imported here, when an error is first read: by then
    it is long loaded.
    """
    from savanna.core.messages import CORE_MESSAGES

    return {lang: CORE_MESSAGES.text(key, lang, **fields(lang)) for lang in CORE_MESSAGES.languages}


class NotationError(SavannaError, ValueError):
    """The text does not parse as an action or a position of this game.

    Args:
        text: the text that does not parse.
        expected: what was expected, language → text (a catalogue's
            :meth:`~savanna.core.messages.MessageCatalogue.words`), or notation that reads
            the same in every language (``"a toy position"`` in a test).
    """

    code = "action/notation"

    def __init__(self, text: str, expected: str | Mapping[str, str] = "") -> None:
        super().__init__()
        self.input = text
        if isinstance(expected, Mapping):
            self.expected = dict(expected)
        else:
            self.expected = {"en": expected} if expected else {}

    def _said(self) -> dict[str, str]:
        text = repr(self.input)
        if not self.expected:
            return _core_words("error.action.notation", lambda lang: {"text": text})
        expected = self.expected
        return _core_words(
            "error.action.notation_expected",
            lambda lang: {"text": text, "expected": expected.get(lang, expected["en"])},
        )


class IllegalActionError(SavannaError, ValueError):
    """The action is well formed but a rule refuses it here.

    Attributes:
        action: the action as the player wrote it (notation) or its id.
        rule: the :class:`RuleRef` that refuses it.
        detail: what in this position makes the rule refuse it, in English (``""``: nothing
            more than the rule).
        details: that explanation in every language (language → text).
    """

    code = "action/illegal"

    def __init__(self, action: object, rule: RuleRef, detail: str | Mapping[str, str] = "") -> None:
        super().__init__()
        self.action = action
        self.rule = rule
        self.details: dict[str, str] = dict(detail) if isinstance(detail, Mapping) else {"en": detail}
        self.detail = self.details.get("en", "")

    def _said(self) -> dict[str, str]:
        action, rule = repr(self.action), self.rule
        if not self.detail:
            return _core_words(
                "error.action.illegal", lambda lang: {"action": action, "rule": rule.key, "why": rule.text(lang)}
            )
        details = self.details
        return _core_words(
            "error.action.illegal_because",
            lambda lang: {
                "action": action,
                "rule": rule.key,
                "why": rule.text(lang),
                "detail": details.get(lang, details["en"]),
            },
        )


class AmbiguousActionError(SavannaError, ValueError):
    """The text matches several legal actions; the message lists them."""

    code = "action/ambiguous"

    def __init__(self, text: str, candidates: list[str]) -> None:
        super().__init__()
        self.input = text
        self.candidates = candidates

    def _said(self) -> dict[str, str]:
        fields = {"text": repr(self.input), "candidates": ", ".join(self.candidates)}
        return _core_words("error.action.ambiguous", lambda lang: fields)


class OptionError(SavannaError, ValueError):
    """A game option, a player count or a CLI option value is not accepted."""

    code = "option/invalid"


class SeatError(OptionError):
    """A seat that is not at this table (checked once, by the core, for every seat-taking call).

    Attributes:
        seat: the value given.
        rule: the core rule ``seat.unknown``.
        players: the number of seats at the table.
    """

    code = "seat/unknown"

    def __init__(self, seat: object, rule: RuleRef, players: int) -> None:
        super().__init__()
        self.seat = seat
        self.rule = rule
        self.players = players

    def _said(self) -> dict[str, str]:
        seat, players, rule = repr(self.seat), self.players, self.rule
        return _core_words(
            "error.action.seat",
            lambda lang: {"seat": seat, "players": players, "rule": rule.key, "why": rule.text(lang)},
        )


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
