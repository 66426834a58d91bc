"""One parser for every JSON body and websocket message the server receives (issue 22.3-4).

Everything a client sends goes through :func:`decode` (bytes or text → a JSON object the
database can store) and then one Pydantic model of its kind: :data:`ClientMessage` (the
websocket protocol, a union told apart by ``type``) or one of the REST bodies
(:class:`CreateTable`, :class:`JoinBody`, :class:`ActBody`, :class:`ReplaceBody`,
:class:`SettingsBody`). Whatever is wrong comes back as a :class:`~savanna.web.errors.WebError`
that names it, never as another exception:

=====================  ====================================================================
code                   what
=====================  ====================================================================
``message/too_large``  more than ``max_message_bytes`` (checked while a body streams in)
``message/malformed``  binary where text is due, not UTF-8, not JSON, ``NaN``/``Infinity``,
                       nested deeper than :data:`MAX_DEPTH`, not an object, a string holding
                       a lone surrogate (``"\\ud800"``) or a NUL (neither can be stored in
                       PostgreSQL text, and a surrogate in no UTF-8 file), a whole number
                       outside 64 bits, a field missing or of the wrong type
``message/unknown``    a websocket message whose ``type`` is no known kind
=====================  ====================================================================

Names and titles are refused at the door when they hold a control character (anything in
Unicode's category Cc, NUL included, other than the spaces that :func:`clean_text` folds);
they are cleaned otherwise: NFC-normalised, runs of white space made one space, trimmed.
Unknown fields are ignored (a newer client may send more). The JSON Schema of the protocol
is :func:`schema` (served at ``GET /api/schema``).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from savanna.web.errors import MESSAGES, WebError, said_error, web_error

__all__ = [
    "MAX_DEPTH",
    "ActBody",
    "ClientMessage",
    "CreateTable",
    "JoinBody",
    "NoticeBody",
    "ReplaceBody",
    "SettingsBody",
    "clean_text",
    "decode",
    "parse_body",
    "parse_frame",
    "schema",
]

MAX_DEPTH = 8
"""The deepest nesting of arrays and objects accepted (the deepest message is 3)."""

_INT_LIMIT = 2**63
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def _wanted(key: str) -> str:
    """What a field must be, in English: its description in the JSON Schema (the catalogue's
    ``wire.wanted.<key>``; :func:`_why` says it in the reader's language)."""
    return MESSAGES.text(f"wire.wanted.{key}", "en")


_WANTED_KEYS = {MESSAGES.text(key, "en"): key for key in MESSAGES if key.startswith("wire.wanted.")}
"""The catalogue key of each field description, to say it in another language."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


# -- the websocket protocol ------------------------------------------------------------------
class Hello(_Model):
    """The first message of every socket: who this is (no token: a spectator)."""

    type: Literal["hello"]
    token: StrictStr | None = Field(None, description=_wanted("seat_token"))
    host: StrictStr | None = Field(None, description=_wanted("host_token"))
    lang: StrictStr | None = Field(None, description=_wanted("hello_lang"))


class Act(_Model):
    """Play a move, with the version of the game it was chosen at."""

    type: Literal["act"]
    action: StrictInt | StrictStr = Field(description=_wanted("action"))
    version: StrictInt = Field(description=_wanted("version"))


class Replace(_Model):
    """Hand a departed or too slow player's seat to a bot."""

    type: Literal["replace"]
    seat: StrictInt = Field(description=_wanted("seat"))


class Reclaim(_Model):
    """Take my seat back from the bot playing it."""

    type: Literal["reclaim"]


class TableSettings(_Model):
    """The host only: let spectators watch or not."""

    type: Literal["settings"]
    spectators: StrictBool = Field(description=_wanted("boolean"))


class Lang(_Model):
    """The welcome and the view again, in that language."""

    type: Literal["lang"]
    lang: StrictStr = Field(description=_wanted("lang"))


class Sync(_Model):
    """The full view again."""

    type: Literal["sync"]


class Ping(_Model):
    """Answered by ``{"type": "pong"}``."""

    type: Literal["ping"]


class Coach(_Model):
    """A question to the coach, at a table whose host turned it on."""

    type: Literal["coach"]
    what: Literal["odds", "hint"] = Field(description=_wanted("question"))


ClientMessage = Annotated[
    Hello | Act | Replace | Reclaim | TableSettings | Lang | Sync | Ping | Coach,
    Field(discriminator="type"),
]
"""Every message a client may send over the websocket, told apart by its ``type``."""

_FRAME: TypeAdapter[Any] = TypeAdapter(ClientMessage)
_MODELS: dict[str, type[BaseModel]] = {
    "hello": Hello,
    "act": Act,
    "replace": Replace,
    "reclaim": Reclaim,
    "settings": TableSettings,
    "lang": Lang,
    "sync": Sync,
    "ping": Ping,
    "coach": Coach,
}
KINDS = tuple(_MODELS)
"""Every ``type`` of websocket message, in the order the protocol lists them."""


# -- the REST bodies ---------------------------------------------------------------------------
class CreateTable(_Model):
    """``POST /api/tables``: a new table (nothing is dealt before the start)."""

    game: StrictStr = Field(description=_wanted("game"))
    players: StrictInt | None = Field(None, description=_wanted("players"))
    options: dict[StrictStr, StrictBool | StrictInt | StrictStr | None] = Field(
        default_factory=dict, description=_wanted("options")
    )
    seats: list[StrictStr] = Field(max_length=16, description=_wanted("seats"))
    title: StrictStr | None = Field(None, description=_wanted("text"))
    lang: StrictStr | None = Field(None, description=_wanted("lang"))
    grace: StrictInt | None = Field(None, description=_wanted("grace"))
    spectators: StrictBool = Field(True, description=_wanted("boolean"))
    turn_seconds: StrictInt = Field(0, description=_wanted("turn_seconds"))
    coach: StrictBool = Field(False, description=_wanted("boolean"))
    time_control: dict[StrictStr, StrictStr | StrictInt | StrictFloat] | None = Field(
        None,
        description=_wanted("time_control"),
    )


class SeatToken(_Model):
    """One seat a browser holds: the table and the seat's token."""

    table: StrictStr = Field(max_length=40, description=_wanted("table"))
    token: StrictStr = Field(max_length=128, description=_wanted("token"))


class MyTablesBody(_Model):
    """``POST /api/mine``: the seats this browser holds (tokens in the body, never a URL)."""

    seats: list[SeatToken] = Field(max_length=100, description=_wanted("seat_tokens"))


class JoinBody(_Model):
    """``POST /api/tables/{id}/join``: take a seat."""

    seat: StrictInt | None = Field(None, description=_wanted("seat_or_free"))
    name: StrictStr = Field("", description=_wanted("name"))


class NoticeBody(_Model):
    """``POST /api/tables/{id}/notices``: one of the seat's notices — its webhook URL or its
    e-mail address, or null to remove it (only the one given changes)."""

    webhook: StrictStr | None = Field(None, max_length=500)
    email: StrictStr | None = Field(None, max_length=500)


class ActBody(_Model):
    """``POST /api/tables/{id}/act``: play a move."""

    action: StrictInt | StrictStr = Field(description=_wanted("action"))
    version: StrictInt = Field(description=_wanted("version"))


class ReplaceBody(_Model):
    """``POST /api/tables/{id}/replace``: hand a seat to a bot."""

    seat: StrictInt = Field(description=_wanted("seat"))


class SettingsBody(_Model):
    """``POST /api/tables/{id}/settings``: the host's settings."""

    spectators: StrictBool = Field(description=_wanted("boolean"))


M = TypeVar("M", bound=BaseModel)


# -- parsing ---------------------------------------------------------------------------------
def _malformed(why: str, words: Mapping[str, str] | None = None, **fields: object) -> WebError:
    """``message/malformed``, its reason the catalogue's ``wire.why.<why>`` in each language
    (``words``: fields that are catalogue keys, said in that language too)."""
    return said_error("message/malformed", lambda lang: {"why": _reason(why, lang, words, fields)})


def _reason(
    why: str, lang: str, words: Mapping[str, str] | None, fields: Mapping[str, object]
) -> str:
    said = {name: MESSAGES.text(key, lang) for name, key in (words or {}).items()}
    return MESSAGES.text(f"wire.why.{why}", lang, **fields, **said)


def _depth(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (strings skipped; JSON or not)."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub('""', text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _constant(name: str) -> Any:
    raise _malformed("not_number", name=name)


def _check_values(data: Any) -> None:
    """Refuse what no database can store: lone surrogates, NUL, huge or non-finite numbers."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise _malformed("nul")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise _malformed("surrogate") from None
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not -_INT_LIMIT <= value < _INT_LIMIT:
                raise _malformed("int64")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise _malformed("too_large")
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def decode(raw: bytes | str | None, limit: int) -> dict[str, Any]:
    """The JSON object in ``raw`` (a body's bytes or a websocket message's text).

    Raises:
        WebError: ``message/too_large``, ``message/malformed`` (see the module's table).
    """
    if raw is None:
        raise _malformed("binary")
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise web_error("message/too_large", size=size, limit=limit)
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _malformed("utf8") from None
    else:
        text = raw
    if _depth(text) > MAX_DEPTH:
        raise _malformed("depth", depth=MAX_DEPTH)
    try:
        data = json.loads(text, parse_constant=_constant)
    except WebError:
        raise
    except (ValueError, RecursionError):
        raise _malformed("not_json") from None
    if not isinstance(data, dict):
        raise _malformed("not_object")
    _check_values(data)
    return data


def _refusal(error: ValidationError, model: type[BaseModel]) -> WebError:
    """``message/malformed`` naming the first wrong field and what it must be ("'seat' is a
    seat number from 0")."""
    first = error.errors(include_url=False)[0]
    field = str(first["loc"][0]) if first["loc"] else "type"
    if first["type"] == "missing":
        return _malformed("missing", field=field)
    described = model.model_fields.get(field)
    wanted = _WANTED_KEYS.get(described.description or "") if described is not None else None
    return _malformed("wanted", {"wanted": wanted or "wire.wanted.other_type"}, field=field)


def parse_body(raw: bytes | None, model: type[M], limit: int) -> M:
    """A REST body as ``model`` (an empty body is ``{}``).

    Raises:
        WebError: ``message/too_large`` or ``message/malformed`` naming the problem.
    """
    data = decode(raw or b"{}", limit)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise _refusal(exc, model) from None


def parse_frame(raw: Mapping[str, Any], limit: int) -> BaseModel:
    """One websocket message (an ASGI ``websocket.receive`` event) as its model.

    Raises:
        WebError: ``message/too_large``, ``message/malformed``, ``message/unknown``.
    """
    text = raw.get("text")
    data = decode(text if isinstance(text, str) else None, limit)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in KINDS:
        raise web_error("message/unknown", kind=str(kind)[:30], known=", ".join(KINDS))
    model = _MODELS[kind]
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise _refusal(exc, model) from None


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _invalid(why: str, what: str, **fields: object) -> WebError:
    """``request/invalid``, its reason the catalogue's ``wire.why.<why>`` about a ``what``
    (``name``, ``title``: ``wire.what.<what>``) in each language."""
    words = {"what": f"wire.what.{what}"}
    return said_error("request/invalid", lambda lang: {"why": _reason(why, lang, words, fields)})


def clean_text(value: str, what: str, limit: int) -> str:
    """A name or title as it is stored: NFC, runs of white space made one space, trimmed.

    Raises:
        WebError: ``request/invalid`` for a control character or more than ``limit``
            characters.
    """
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if _CONTROL.search(text):
        raise _invalid("control", what)
    if len(text) > limit:
        raise _invalid("length", what, limit=limit)
    return text


def schema() -> dict[str, Any]:
    """The JSON Schema of every message a client sends: the websocket's and the REST bodies."""
    bodies: dict[str, type[BaseModel]] = {
        "POST /api/tables": CreateTable,
        "POST /api/tables/{id}/join": JoinBody,
        "POST /api/tables/{id}/act": ActBody,
        "POST /api/tables/{id}/replace": ReplaceBody,
        "POST /api/tables/{id}/settings": SettingsBody,
        "POST /api/tables/{id}/notices": NoticeBody,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": MESSAGES.text("wire.schema.title", "en"),
        "description": MESSAGES.text("wire.schema.description", "en", depth=MAX_DEPTH),
        "websocket": _FRAME.json_schema(),
        "rest": {route: model.model_json_schema() for route, model in bodies.items()},
    }
