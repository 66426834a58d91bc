"""Errors the server answers with: a code, and a sentence in every language of the web
catalogue (``refusal.<code>`` in ``savanna/web/data/messages.<lang>.toml``).

Every refusal of the server is one of these (or a game's own
:class:`~savanna.core.IllegalActionError` / :class:`~savanna.core.NotationError`): it names
the problem, goes to the sender only, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from savanna.core import IllegalActionError, SavannaError
from savanna.core.messages import load_messages
from savanna.table import TableError
from savanna.web.words import typeset

__all__ = ["WebError", "error_payload", "refused", "said_error", "status_of", "table_refusal", "web_error"]

MESSAGES = load_messages("savanna.web")
"""The web catalogue: each refusal's sentence is ``refusal.<code>`` there."""


class WebError(SavannaError):
    """A request the server refuses.

    Attributes:
        code: the machine-readable code (``table/unknown``, ``version/stale`` ...).
        status: the HTTP status that carries it on the REST channel.
    """

    def __init__(self, code: str, messages: Mapping[str, str], status: int = 400) -> None:
        super().__init__(messages)
        self.code = code
        self.status = status


_STATUS: dict[str, int] = {
    "table/unknown": 404,
    "table/not_open": 409,
    "table/not_playing": 409,
    "table/not_finished": 409,
    "table/seats_open": 409,
    "table/full": 503,
    "seat/taken": 409,
    "seat/none_free": 409,
    "seat/unknown": 400,
    "seat/not_away": 409,
    "seat/not_human": 409,
    "token/missing": 401,
    "token/invalid": 403,
    "host/only": 403,
    "host/only_settings": 403,
    "spectator/cannot_act": 403,
    "seat/not_to_act": 409,
    "version/stale": 409,
    "message/too_large": 413,
    "message/malformed": 400,
    "message/unknown": 400,
    "message/flood": 429,
    "message/hello_first": 400,
    "request/too_slow": 408,
    "server/full": 503,
    "client/too_many_playing": 429,
    "server/too_many_playing": 503,
    "request/invalid": 400,
    "request/incomplete": 400,
    "route/unknown": 404,
    "route/method": 405,
    "database/unavailable": 503,
    "client/too_many_tables": 429,
    "client/too_many_connections": 429,
    "client/too_fast": 429,
    "spectators/off": 403,
    "coach/off": 403,
    "coach/spectator": 403,
    "coach/busy": 429,
    "coach/full": 429,
    "coach/failed": 500,
    "seat/not_replaced": 409,
    "table/abandoned": 409,
    "server/busy": 503,
    "seat/lost_time": 409,
}
"""The HTTP status of each code; its sentence is ``refusal.<code>`` in the web catalogue."""


def web_error(code: str, **fields: object) -> WebError:
    """The :class:`WebError` of ``code`` with its sentence filled in.

    Raises:
        KeyError: for an unknown code (a programming error).
    """
    return WebError(code, MESSAGES.words(f"refusal.{code}", **fields), _STATUS[code])


def table_refusal(exc: TableError, names: Sequence[str]) -> WebError:
    """The server's words for what a :class:`~savanna.table.Table` refused (``names``: each
    seat's display name, for the player to act)."""
    fields = exc.fields
    if exc.code in ("table/not_playing", "table/over"):
        return web_error("table/not_playing")
    if exc.code == "table/stale":
        return web_error("version/stale", **fields)
    if exc.code in ("seat/not_to_act", "seat/bot_plays"):
        seat = int(str(fields.get("to_act", fields.get("seat", 0))))
        if seat >= 1:
            return web_error("seat/not_to_act", who=names[seat - 1])
        return _in_words("seat/not_to_act", who="refusal.chance")
    if exc.code == "table/nothing":
        return _in_words("message/malformed", why="refusal.no_action")
    if exc.code in _STATUS:
        return web_error(exc.code, **fields)
    return WebError(exc.code, exc.messages, 409)


def _in_words(code: str, **keys: str) -> WebError:
    """The :class:`WebError` of ``code`` whose fields are themselves messages (by key), each
    said in the language of the sentence."""
    return said_error(
        code, lambda lang: {name: MESSAGES.text(key, lang) for name, key in keys.items()}
    )


def said_error(code: str, fields: Callable[[str], Mapping[str, object]]) -> WebError:
    """The :class:`WebError` of ``code`` with fields that depend on the language (``fields``:
    language → fields), such as a reason that is itself a catalogue message."""
    words = {
        lang: MESSAGES.text(f"refusal.{code}", lang, **fields(lang)) for lang in MESSAGES.languages
    }
    return WebError(code, words, _STATUS[code])


def refused(code: str, why: str, **fields: object) -> WebError:
    """The :class:`WebError` of ``code`` (a sentence with a ``{why}``) whose reason is the
    catalogue's ``wire.why.<why>``, in each language."""
    return said_error(code, lambda lang: {"why": MESSAGES.text(f"wire.why.{why}", lang, **fields)})


def error_payload(exc: SavannaError, lang: str) -> dict[str, Any]:
    """The JSON body of an error: its code, its sentence, and the rule when one refused it."""
    body: dict[str, Any] = {"code": exc.code, "message": typeset(exc.text(lang), lang)}
    if isinstance(exc, IllegalActionError):
        body["rule"] = exc.rule.key
        body["rule_text"] = typeset(exc.rule.text(lang), lang)
    return body


def status_of(exc: SavannaError) -> int:
    """The HTTP status that carries ``exc``."""
    if isinstance(exc, WebError):
        return exc.status
    if isinstance(exc, IllegalActionError):
        return 422
    return 400
