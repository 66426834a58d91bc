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
import string
from collections.abc import Mapping

from savanna.core.errors import LANGUAGES, OptionError

__all__ = ["Catalogue", "detect_language", "resolve_language"]


class Catalogue:
    """English and French templates keyed by message id.

    Args:
        messages: key → ``(english, french)`` templates with the same format fields.

    Raises:
        ValueError: when the two templates of a key do not use the same fields (a
            programming error caught when the catalogue is built).
    """

    def __init__(self, messages: Mapping[str, tuple[str, str]]) -> None:
        for key, (en, fr) in messages.items():
            if _fields(en) != _fields(fr):
                raise ValueError(f"message {key!r}: English and French use different fields")
        self._messages = dict(messages)

    def __call__(self, key: str, lang: str = "en", **fields: object) -> str:
        """The message ``key`` in ``lang`` (English for unknown languages), filled in.

        Raises:
            KeyError: for an unknown key (a programming error).
        """
        en, fr = self._messages[key]
        template = fr if lang == "fr" else en
        return template.format(**fields)

    def ids(self) -> list[str]:
        """Every message key, sorted."""
        return sorted(self._messages)

    def templates(self, key: str) -> tuple[str, str]:
        """The English and French templates of ``key``."""
        return self._messages[key]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


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
