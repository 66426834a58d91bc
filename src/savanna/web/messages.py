"""Words of the web pages (served to the browser as JSON), from the catalogue in
``savanna/web/data/messages.<lang>.toml``.

Rule sentences are not here: they come with each game's rules. The pages ask for this
catalogue once (``GET /api/i18n``) and switch language without reloading.
"""

from __future__ import annotations

from savanna.i18n import Catalogue
from savanna.web.words import typeset

__all__ = ["MESSAGES", "as_json"]

MESSAGES = Catalogue.load("savanna.web")


def as_json() -> dict[str, dict[str, str]]:
    """``{"en": {key: text}, "fr": {key: text}}`` for the pages (templates keep their fields).

    The French templates get French typography here (a no-break space before ``:``, ``;``,
    ``?``, ``!``), as the terminal's do: the pages write a colon only through ``colon``.
    """
    return {
        lang: {key: typeset(MESSAGES.template(key, lang), lang) for key in MESSAGES.ids()}
        for lang in MESSAGES.languages
    }
