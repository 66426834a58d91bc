"""Message catalogues of the user interfaces, and the language of a session.

A :class:`Catalogue` is the words of one interface: the TOML catalogue in its package's
``data/messages.<lang>.toml`` (the terminal's in ``savanna/i18n/data``, the web pages' in
``savanna/web/data``), read through :class:`~savanna.core.messages.MessageCatalogue` like
every other catalogue (plurals, typography, any further language). Rule texts are not
here: they travel with each game's :class:`~savanna.core.RuleRef`. The language comes from
a flag or from the locale.

Example:
    >>> cat = Catalogue.load("savanna.i18n")
    >>> cat("seat.human", "fr", n=2)
    'Joueur 2'
    >>> detect_language({"LANG": "fr_SN.UTF-8"})
    'fr'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from savanna.core.errors import LANGUAGES, OptionError
from savanna.core.messages import MessageCatalogue, load_messages

__all__ = ["Catalogue", "detect_language", "resolve_language"]


class Catalogue:
    """The words of one interface, keyed by message id.

    A thin front to the core's :class:`~savanna.core.messages.MessageCatalogue`, kept for
    the interfaces' call style (``MESSAGES(key, lang, **fields)``).

    Args:
        catalogue: the interface's message catalogue.
    """

    def __init__(self, catalogue: MessageCatalogue) -> None:
        self._catalogue = catalogue

    @classmethod
    def load(cls, package: str) -> Catalogue:
        """The catalogue in ``<package>/data/messages.<lang>.toml``.

        Raises:
            DataError: when a file is missing or does not validate (a packaging bug).
        """
        return cls(load_messages(package))

    def __call__(self, key: str, lang: str = "en", /, **fields: object) -> str:
        """The message ``key`` in ``lang`` (English for unknown languages), filled in and
        typeset.

        Raises:
            KeyError: for an unknown key (a programming error).
        """
        return self._catalogue.text(key, lang, **fields)

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages of the catalogue."""
        return self._catalogue.languages

    def ids(self) -> list[str]:
        """Every message key, sorted."""
        return list(self._catalogue)

    def template(self, key: str, lang: str) -> str:
        """The raw template of ``key`` in ``lang``."""
        return self._catalogue.template(key, lang)

    def templates(self, key: str) -> tuple[str, str]:
        """The English and French templates of ``key``."""
        return self._catalogue.template(key, "en"), self._catalogue.template(key, "fr")


_WORDS = load_messages("savanna.i18n")
"""The terminal's words (``savanna/i18n/data``), which also word the language flag."""


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
        raise OptionError(_WORDS.words("error.lang", languages=", ".join(LANGUAGES), flag=repr(flag)))
    return lang
