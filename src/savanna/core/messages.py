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

A count can choose its noun's form: ``{price:@coin|coins}`` writes the number and the
noun in the form CLDR's plural rule of the language asks for (Babel's rules: English says
"1 coin", "0 coins"; French "0 pièce", "2 pièces"), so no message says "1 coins" or
"1 pièces". Two bare forms are the ``one`` and ``other`` categories; a language with more
categories names them (``{n:@one=pion|few=piony|many=pionów|other=piona}``).

Every message is typeset for its language when it is formatted (:func:`typeset`: French
puts a no-break space before ``: ; ? ! »``), here and nowhere else.

Example:
    >>> cat = MessageCatalogue("demo", {"en": {"hello": "Hello {name}"}, "fr": {"hello": "Bonjour {name}"}})
    >>> cat.text("hello", "fr", name="Awa")
    'Bonjour Awa'
    >>> cat.text("hello", "wo", name="Awa")  # an unknown language falls back to English
    'Hello Awa'
    >>> cat = MessageCatalogue("demo", {"en": {"pay": "pays {n:@coin|coins}"}, "fr": {"pay": "paie {n:@pièce|pièces}"}})
    >>> cat.text("pay", "en", n=1), cat.text("pay", "en", n=0), cat.text("pay", "fr", n=0)
    ('pays 1 coin', 'pays 0 coins', 'paie 0 pièce')
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any

import babel

from savanna.core.errors import LANGUAGES, DataError, NotationError, RuleRef

__all__ = [
    "CORE_MESSAGES",
    "NBSP",
    "MessageCatalogue",
    "load_messages",
    "plural_category",
    "plural_forms",
    "template_fields",
    "typeset",
]

RULE_PREFIX = "rule."
"""Rule sentences are stored under ``rule.<clause id>``."""

FieldSource = Mapping[str, object] | Callable[[str], Mapping[str, object]]
"""Fields of a template: one mapping, or a function of the language giving one."""


NBSP = "\u00a0"
"""The no-break space French typography puts before ``: ; ? ! »`` and after ``«``."""

_BEFORE = re.compile(r"(?<=\S) +([:;?!»])")
_AFTER = re.compile(r"(«) +")


def _french(text: str) -> str:
    return _AFTER.sub(lambda m: m.group(1) + NBSP, _BEFORE.sub(lambda m: NBSP + m.group(1), text))


TYPOGRAPHY: dict[str, Callable[[str], str]] = {"fr": _french}
"""Each language's typography, by language code; a language not here is left as written."""


def typeset(text: str, lang: str) -> str:
    """``text`` with the typography of ``lang``: the one place it is applied.

    French puts a no-break space before ``: ; ? ! »`` and after ``«``, so that the
    punctuation never starts a wrapped line; a colon glued to a word (``bot:heuristic``,
    ``12:30``) is notation and left alone. :meth:`MessageCatalogue.text` applies it to
    every template; call it directly only on words that do not come from a catalogue.
    Applying it twice changes nothing.

    >>> typeset("Tapez 2 : c'est votre tour ; prêt ?", "fr") == (
    ...     "Tapez 2\\u00a0: c'est votre tour\\u00a0; prêt\\u00a0?")
    True
    >>> typeset("Type 2: your turn; ready?", "en")
    'Type 2: your turn; ready?'
    """
    rule = TYPOGRAPHY.get(lang)
    return rule(text) if rule is not None else text


PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories, in CLDR's order."""


@cache
def _plural_rule(lang: str) -> Callable[[float | int], str]:
    """Babel's CLDR plural rule of ``lang`` (English's for a language CLDR does not know,
    such as a test language)."""
    try:
        return babel.Locale.parse(lang.replace("-", "_")).plural_form
    except (babel.UnknownLocaleError, ValueError):
        return babel.Locale.parse("en").plural_form


def plural_category(count: object, lang: str) -> str:
    """The CLDR plural category (``"one"``, ``"few"``, ``"other"`` ...) of ``count`` in ``lang``.

    French says "0 pièce" and "1,5 pièce" (category ``one``), English "0 coins"; a value
    that is not a number takes ``other``.

    >>> plural_category(1, "en"), plural_category(0, "en"), plural_category(0, "fr"), plural_category(2, "fr")
    ('one', 'other', 'one', 'other')
    >>> plural_category(3, "pl"), plural_category(5, "pl")
    ('few', 'many')
    """
    if isinstance(count, bool) or not isinstance(count, int | float):
        return "other"
    return str(_plural_rule(lang)(abs(count)))


def plural_forms(spec: str) -> dict[str, str]:
    """The noun forms of a count spec (the part after ``@``), by CLDR category.

    Two bare forms are ``one|other`` (``coin|coins``); a language with more categories
    names them (``one=pion|few=piony|many=pionów|other=piona``). ``other`` is required:
    a category without its own form uses it.

    Raises:
        ValueError: for one bare form, an unknown category, or no ``other``.

    >>> plural_forms("coin|coins")
    {'one': 'coin', 'other': 'coins'}
    >>> plural_forms("one=pion|few=piony|other=pionów")
    {'one': 'pion', 'few': 'piony', 'other': 'pionów'}
    """
    parts = spec.split("|")
    if all("=" not in part for part in parts):
        if len(parts) != 2:
            raise ValueError(f"count spec @{spec} needs two forms (@singular|plural) or named ones")
        return {"one": parts[0], "other": parts[1]}
    forms: dict[str, str] = {}
    for part in parts:
        category, sep, form = part.partition("=")
        if not sep or category not in PLURAL_CATEGORIES:
            raise ValueError(
                f"count spec @{spec}: {part!r} is not category=form "
                f"(categories: {', '.join(PLURAL_CATEGORIES)})"
            )
        forms[category] = form
    if "other" not in forms:
        raise ValueError(f"count spec @{spec} has no 'other' form")
    return forms


class _Formatter(string.Formatter):
    """``str.format`` with one addition: a spec ``@singular|plural`` (or named CLDR
    categories) writes the number and the noun in the form the language's plural rule asks for."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("@"):
            forms = plural_forms(format_spec[1:])
            noun = forms.get(plural_category(value, self.lang), forms["other"])
            return f"{value} {noun}"
        return str(super().format_field(value, format_spec))


@cache
def _formatter(lang: str) -> _Formatter:
    return _Formatter(lang)


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
                for _, _, spec, _ in string.Formatter().parse(template):
                    if spec and spec.startswith("@"):
                        try:
                            plural_forms(spec[1:])
                        except ValueError as exc:
                            raise DataError(f"{owner} messages ({lang}): {key!r}: {exc}") from None
                if "lang" in template_fields(template):
                    raise DataError(
                        f"{owner} messages ({lang}): {key!r} uses the field name 'lang', which "
                        "names the language of text(); call the field something else"
                    )
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

    def text(self, key: str, /, lang: str = "en", **fields: object) -> str:
        """The message ``key`` in ``lang``, its fields filled in, typeset for the language
        (:func:`typeset`, applied once the fields are in: a field may be another message).

        Raises:
            KeyError: for an unknown key or a missing field (programming errors).
        """
        known = lang if lang in self._messages else "en"
        template = self.template(key, known)
        if ":@" not in template:
            return typeset(template.format(**fields), known)
        return typeset(_formatter(known).format(template, **fields), known)

    def words(self, key: str, /, **fields: object) -> dict[str, str]:
        """The message ``key`` in every language of the catalogue (language → text), the
        words of a :class:`~savanna.core.errors.SavannaError`.

        >>> CORE_MESSAGES.words("error.option.written", text="'x'")["en"]
        "an option is written KEY=VALUE, not 'x'"
        """
        return {lang: self.text(key, lang, **fields) for lang in self.languages}

    def in_every_language(self, key: str, **fields: object) -> tuple[tuple[str, str], ...]:
        """The message ``key`` in every language of the catalogue: ``(lang, text)`` pairs."""
        return tuple((lang, self.text(key, lang, **fields)) for lang in self.languages)

    def title_words(self) -> dict[str, Any]:
        """A game's title and one-paragraph summary from its ``game.title`` and
        ``game.summary`` messages, as the fields of :class:`~savanna.core.GameSpec`
        (``title`` and ``summary`` in English, ``titles`` and ``summaries`` in every
        language): worded once, here."""
        words: dict[str, Any] = {"title": self.text("game.title", "en"), "titles": self.in_every_language("game.title")}
        if "game.summary" in self:
            words |= {"summary": self.text("game.summary", "en"), "summaries": self.in_every_language("game.summary")}
        return words

    def option_words(self, name: str) -> dict[str, Any]:
        """Option ``name``'s help from its ``option.<name>`` message: ``{"help": english,
        "helps": every language}``, the fields of :class:`~savanna.core.options.Option`."""
        key = f"option.{name}"
        return {"help": self.text(key, "en"), "helps": self.in_every_language(key)}

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
        expected = {
            lang: self.text(key, lang, **(fields(lang) if callable(fields) else (fields or {})))
            for lang in self.languages
        }
        return NotationError(text, expected)


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

    English and French are required; any other ``messages.<lang>.toml`` beside them is a
    further language, checked the same way (every key, the same fields).

    Args:
        package: the package holding the ``data`` folder (``"savanna.games.hyena"``).
        owner: the name used in error messages (the package's last part by default).

    Raises:
        DataError: a file is missing, is not TOML, or does not validate.
    """
    name = owner or package.rpartition(".")[2]
    folder = resources.files(package).joinpath("data")
    messages: dict[str, dict[str, str]] = {}
    try:
        present = sorted(
            entry.name[len("messages.") : -len(".toml")]
            for entry in folder.iterdir()
            if entry.name.startswith("messages.") and entry.name.endswith(".toml")
        )
    except (FileNotFoundError, NotADirectoryError):
        present = []
    for lang in [*LANGUAGES, *(code for code in present if code not in LANGUAGES)]:
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
