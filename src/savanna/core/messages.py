"""Message catalogues: one TOML file per language, keyed by rule id and label key.

Every game keeps the words it shows people in ``data/messages.<lang>.toml`` inside its
package (``messages.en.toml``, ``messages.fr.toml``); the core keeps its own protocol rules
the same way. A file is a tree of TOML tables whose leaves are ``str.format`` templates;
a message key is the dotted path to its leaf. Rule sentences live under ``rule``, keyed
by clause id (``rule."move.scared"`` → key ``rule.move.scared``); anything else is a label
key of the game's choosing (``score.first``, ``legend.rock``).

Files are validated when loaded: every language has the same keys, the templates of one
key use the same fields in every language, and every leaf is a non-empty string. A broken
catalogue is a packaging bug and raises :class:`DataError` at import time, never in
the middle of a game.

Example:
    >>> cat = MessageCatalogue("demo", {"en": {"hello": "Hello {name}"}, "fr": {"hello": "Bonjour {name}"}})
    >>> cat.text("hello", "fr", name="Awa")
    'Bonjour Awa'
    >>> cat.text("hello", "wo", name="Awa")  # an unknown language falls back to English
    'Hello Awa'
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any

from savanna.core.errors import LANGUAGES, DataError, NotationError, RuleRef

__all__ = [
    "CORE_MESSAGES",
    "MessageCatalogue",
    "load_messages",
    "template_fields",
]

RULE_PREFIX = "rule."
"""Rule sentences are stored under ``rule.<clause id>``."""

FieldSource = Mapping[str, object] | Callable[[str], Mapping[str, object]]
"""Fields of a template: one mapping, or a function of the language giving one."""


def template_fields(template: str) -> frozenset[str]:
    """The names of the ``str.format`` fields a template uses.

    >>> sorted(template_fields("{a} and {b:>3}"))
    ['a', 'b']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


class MessageCatalogue:
    """Templates of one owner (a game, or the core) in every language.

    Args:
        owner: who the messages belong to (a game name, ``"core"``), for error messages.
        messages: language → message key → template. English is required.

    Raises:
        DataError: when English is missing, a language lacks a key or has an extra
            one, a template is empty, or the templates of one key use different fields.
    """

    __slots__ = ("_messages", "owner")

    def __init__(self, owner: str, messages: Mapping[str, Mapping[str, str]]) -> None:
        self.owner = owner
        if messages and "en" not in messages:
            raise DataError(f"{owner} messages: English (en) is required")
        english = messages.get("en", {})
        for lang, table in messages.items():
            missing = sorted(set(english) - set(table))
            extra = sorted(set(table) - set(english))
            if missing or extra:
                raise DataError(
                    f"{owner} messages ({lang}): keys missing {missing}, keys not in English {extra}"
                )
            for key, template in table.items():
                if not isinstance(template, str) or not template.strip():
                    raise DataError(f"{owner} messages ({lang}): {key!r} must be a non-empty text")
                if template_fields(template) != template_fields(english[key]):
                    raise DataError(
                        f"{owner} messages ({lang}): {key!r} uses fields "
                        f"{sorted(template_fields(template))}, English uses {sorted(template_fields(english[key]))}"
                    )
        self._messages: dict[str, dict[str, str]] = {lang: dict(t) for lang, t in messages.items()}

    def __contains__(self, key: object) -> bool:
        return key in self._messages.get("en", {})

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._messages.get("en", {})))

    def __len__(self) -> int:
        return len(self._messages.get("en", {}))

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages of the catalogue."""
        return tuple(self._messages)

    def template(self, key: str, lang: str = "en") -> str:
        """The raw template of ``key`` in ``lang`` (English for an unknown language).

        Raises:
            KeyError: for an unknown key (a programming error, not user input).
        """
        table = self._messages.get(lang) or self._messages.get("en", {})
        if key not in table:
            raise KeyError(f"{self.owner} has no message {key!r}")
        return table[key]

    def text(self, key: str, lang: str = "en", **fields: object) -> str:
        """The message ``key`` in ``lang``, its fields filled in.

        Raises:
            KeyError: for an unknown key or a missing field (programming errors).
        """
        return self.template(key, lang).format(**fields)

    def title_words(self) -> dict[str, str]:
        """A game's title and one-paragraph summary from its ``game.title`` and
        ``game.summary`` messages, as the fields of :class:`~savanna.core.GameSpec`
        (``title``, ``title_fr``, ``summary``, ``summary_fr``): worded once, here."""
        words = {"title": self.text("game.title", "en"), "title_fr": self.text("game.title", "fr")}
        if "game.summary" in self:
            words |= {"summary": self.text("game.summary", "en"), "summary_fr": self.text("game.summary", "fr")}
        return words

    def option_words(self, name: str) -> dict[str, str]:
        """Option ``name``'s help from its ``option.<name>`` message: ``{"help": en,
        "help_fr": fr}``, the fields of :class:`~savanna.core.options.Option`."""
        key = f"option.{name}"
        return {"help": self.text(key, "en"), "help_fr": self.text(key, "fr")}

    def keys_under(self, prefix: str) -> list[str]:
        """The keys starting with ``prefix`` (``"legend."``), in file order."""
        return [k for k in self._messages.get("en", {}) if k.startswith(prefix)]

    def rule_ids(self) -> list[str]:
        """The clause ids that have a sentence (keys ``rule.<id>``), in file order."""
        return [k[len(RULE_PREFIX) :] for k in self.keys_under(RULE_PREFIX)]

    def rule(
        self,
        game: str,
        rule_id: str,
        source: str,
        *,
        key: str | None = None,
        fields: FieldSource | None = None,
    ) -> RuleRef:
        """The :class:`RuleRef` of clause ``rule_id``, its sentences from this catalogue.

        Args:
            game: the game name the clause belongs to.
            rule_id: the clause id.
            source: the seed file and section (or ``"design"``).
            key: the message key when it is not ``rule.<rule_id>`` (a variant's wording).
            fields: the template fields, or a function of the language giving them.

        Raises:
            KeyError: when the catalogue has no such message (a packaging bug).
        """
        message = key or RULE_PREFIX + rule_id
        texts = {}
        for lang in LANGUAGES:
            values = fields(lang) if callable(fields) else (fields or {})
            texts[lang] = self.text(message, lang, **values)
        return RuleRef(game, rule_id, en=texts["en"], fr=texts["fr"], source=source)

    def notation_error(
        self, text: str, key: str, fields: FieldSource | None = None
    ) -> NotationError:
        """A :class:`NotationError` for ``text`` whose expected form is the message ``key``.

        Args:
            text: the text that does not parse.
            key: the message saying what was expected.
            fields: the template fields, or a function of the language giving them.
        """
        en, fr = (
            self.text(key, lang, **(fields(lang) if callable(fields) else (fields or {})))
            for lang in ("en", "fr")
        )
        return NotationError(text, en, fr)


def _flatten(table: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            yield from _flatten(value, key + ".")
        else:
            yield key, value


@cache
def load_messages(package: str, owner: str | None = None) -> MessageCatalogue:
    """The catalogue in ``<package>/data/messages.<lang>.toml`` for every language (cached).

    Args:
        package: the package holding the ``data`` folder (``"savanna.games.hyena"``).
        owner: the name used in error messages (the package's last part by default).

    Raises:
        DataError: a file is missing, is not TOML, or does not validate.
    """
    name = owner or package.rpartition(".")[2]
    folder = resources.files(package).joinpath("data")
    messages: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        path = folder.joinpath(f"messages.{lang}.toml")
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise DataError(f"{name} has no message file messages.{lang}.toml") from None
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"{name} messages.{lang}.toml is not valid TOML: {exc}") from exc
        messages[lang] = dict(_flatten(raw))
    return MessageCatalogue(name, messages)


CORE_MESSAGES: MessageCatalogue = load_messages("savanna.core", "core")
"""The core's own messages: the protocol rules every game shares."""
