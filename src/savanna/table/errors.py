"""What a table refuses: a code, the fields of its sentence, and the sentence itself.

A :class:`TableError` names what was refused (``seat/not_to_act``, ``table/stale`` ...) with
the facts of the case as fields, so an interface may say it in its own words (a server
names the player to act, where the table knows only a seat number); its own sentences come
from the table's message catalogue (``data/messages.<lang>.toml``), in every language.
"""

from __future__ import annotations

from collections.abc import Mapping

from savanna.core import SavannaError
from savanna.core.errors import LANGUAGES
from savanna.core.messages import load_messages

__all__ = ["MESSAGES", "StaleCommit", "TableError"]

MESSAGES = load_messages("savanna.table", "table")
"""The table's messages."""


class TableError(SavannaError):
    """A request the table refuses; nothing changed.

    Attributes:
        code: ``table/not_playing``, ``seat/not_to_act``, ``seat/not_away`` ...
        fields: the facts of the refusal (seat numbers from 1, seconds left ...).

    Args:
        code: the code.
        key: the message when it is not the code's own (a variant of the sentence).
        words: fields that are themselves messages of the table's catalogue (field → key),
            each said in the language of the sentence.
        **fields: the facts.
    """

    def __init__(
        self, code: str, *, key: str | None = None, words: Mapping[str, str] | None = None, **fields: object
    ) -> None:
        key = key or code.replace("/", ".")
        said = words or {}
        texts = {
            lang: MESSAGES.text(key, lang, **fields, **{name: MESSAGES.text(k, lang) for name, k in said.items()})
            for lang in LANGUAGES
        }
        super().__init__(texts["en"], texts.get("fr"))
        self.messages.update(texts)
        self.code = code
        self.fields = fields


class StaleCommit(TableError):
    """A commit proposed on a version the table has left (another change came first)."""

    def __init__(self, seen: int, now: int) -> None:
        super().__init__("table/stale", seen=seen, now=now)

