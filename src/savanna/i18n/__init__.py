"""Message catalogues for the user interfaces, in English and French.

A :class:`Catalogue` maps a message key to its English and French templates; the templates
use ``str.format`` fields. Rule texts are not here: they travel with each game's
:class:`~savanna.core.RuleRef`. The language comes from a flag or from the locale.

Example:
    >>> cat = Catalogue({"hello": ("Hello {name}", "Bonjour {name}")})
    >>> cat("hello", "fr", name="Awa")
    'Bonjour Awa'
    >>> detect_language({"LANG": "fr_SN.UTF-8"})
    'fr'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from savanna.core.errors import LANGUAGES, OptionError
from savanna.core.messages import MessageCatalogue

__all__ = ["Catalogue", "detect_language", "resolve_language"]


class Catalogue:
    """English and French templates keyed by message id, written as Python pairs.

    A thin front to the core's :class:`~savanna.core.messages.MessageCatalogue` for the
    interfaces' own messages (games keep theirs in TOML files).

    Args:
        messages: key → ``(english, french)`` templates with the same format fields.

    Raises:
        DataError: (a ``ValueError``) when the two templates of a key do not use the same
            fields (a programming error caught when the catalogue is built).
    """

    def __init__(self, messages: Mapping[str, tuple[str, str]]) -> None:
        self._catalogue = MessageCatalogue(
            "interface",
            {
                "en": {key: en for key, (en, _) in messages.items()},
                "fr": {key: fr for key, (_, fr) in messages.items()},
            },
        )

    def __call__(self, key: str, lang: str = "en", **fields: object) -> str:
        """The message ``key`` in ``lang`` (English for unknown languages), filled in.

        Raises:
            KeyError: for an unknown key (a programming error).
        """
        return self._catalogue.text(key, lang, **fields)

    def ids(self) -> list[str]:
        """Every message key, sorted."""
        return list(self._catalogue)

    def templates(self, key: str) -> tuple[str, str]:
        """The English and French templates of ``key``."""
        return self._catalogue.template(key, "en"), self._catalogue.template(key, "fr")


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """``"fr"`` when the locale is French, else ``"en"``.

    The first non-empty of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` decides, as POSIX does.
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def resolve_language(flag: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language given by ``--lang``, or the locale's when the flag is absent.

    Raises:
        OptionError: for a language other than ``en`` and ``fr``.
    """
    if flag is None or not flag.strip():
        return detect_language(environ)
    lang = flag.strip().lower()
    if lang not in LANGUAGES:
        raise OptionError(
            f"--lang must be one of {', '.join(LANGUAGES)}, not {flag!r}",
            f"--lang doit valoir {', '.join(LANGUAGES)}, pas {flag!r}",
        )
    return lang
