"""Messages of the terminal interface (``savanna play``, ``savanna replay --step``), from
the catalogue in ``savanna/i18n/data/messages.<lang>.toml``.

French templates are written with ordinary spaces; the catalogue puts the no-break space
French typography wants before ``:``, ``;``, ``?``, ``!`` and inside « »
(:func:`savanna.core.messages.typeset`), so that the punctuation never starts a wrapped line.
"""

from __future__ import annotations

from savanna.i18n import Catalogue

__all__ = ["MESSAGES", "M"]


MESSAGES = Catalogue.load("savanna.i18n")


def M(key: str, lang: str = "en", **fields: object) -> str:
    """The message ``key`` in ``lang``, filled in (typeset for the language by the catalogue)."""
    return MESSAGES(key, lang, **fields)
