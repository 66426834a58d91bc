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

from savanna.web.errors import WebError, web_error

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


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


# -- the websocket protocol ------------------------------------------------------------------
class Hello(_Model):
    """The first message of every socket: who this is (no token: a spectator)."""

    type: Literal["hello"]
    token: StrictStr | None = Field(None, description="the seat token (text) or null")
    host: StrictStr | None = Field(None, description="the host token (text) or null")
    lang: StrictStr | None = Field(None, description="a language: 'en' or 'fr' (another: the table's)")


class Act(_Model):
    """Play a move, with the version of the game it was chosen at."""

    type: Literal["act"]
    action: StrictInt | StrictStr = Field(description="the move's text or its id")
    version: StrictInt = Field(description="the version of the game you saw (a whole number)")


class Replace(_Model):
    """Hand a departed or too slow player's seat to a bot."""

    type: Literal["replace"]
    seat: StrictInt = Field(description="a seat number from 0")


class Reclaim(_Model):
    """Take my seat back from the bot playing it."""

    type: Literal["reclaim"]


class TableSettings(_Model):
    """The host only: let spectators watch or not."""

    type: Literal["settings"]
    spectators: StrictBool = Field(description="true or false")


class Lang(_Model):
    """The welcome and the view again, in that language."""

    type: Literal["lang"]
    lang: StrictStr = Field(description="'en' or 'fr'")


class Sync(_Model):
    """The full view again."""

    type: Literal["sync"]


class Ping(_Model):
    """Answered by ``{"type": "pong"}``."""

    type: Literal["ping"]


class Coach(_Model):
    """A question to the coach, at a table whose host turned it on."""

    type: Literal["coach"]
    what: Literal["odds", "hint"] = Field(description="'odds' or 'hint'")


ClientMessage = Annotated[
    Hello | Act | Replace | Reclaim | TableSettings | Lang | Sync | Ping | Coach, Field(discriminator="type")
]
"""Every message a client may send over the websocket, told apart by its ``type``."""

_FRAME: TypeAdapter[Any] = TypeAdapter(ClientMessage)
_MODELS: dict[str, type[BaseModel]] = {
    "hello": Hello, "act": Act, "replace": Replace, "reclaim": Reclaim, "settings": TableSettings,
    "lang": Lang, "sync": Sync, "ping": Ping, "coach": Coach,
}
KINDS = tuple(_MODELS)
"""Every ``type`` of websocket message, in the order the protocol lists them."""


# -- the REST bodies ---------------------------------------------------------------------------
class CreateTable(_Model):
    """``POST /api/tables``: a new table (nothing is dealt before the start)."""

    game: StrictStr = Field(description="a game's name (GET /api/games)")
    players: StrictInt | None = Field(None, description="a number of players or null (the game's default)")
    options: dict[StrictStr, StrictBool | StrictInt | StrictStr | None] = Field(
        default_factory=dict, description="an object of the game's options (each true, false, a number or text)"
    )
    seats: list[StrictStr] = Field(max_length=16, description="a list of 'open' or 'bot:KIND', one per seat")
    title: StrictStr | None = Field(None, description="text or null")
    lang: StrictStr | None = Field(None, description="'en' or 'fr'")
    grace: StrictInt | None = Field(None, description="the seconds a player may be away, or null")
    spectators: StrictBool = Field(True, description="true or false")
    turn_seconds: StrictInt = Field(0, description="one of the turn clocks of GET /api/games")
    coach: StrictBool = Field(False, description="true or false")
    time_control: dict[StrictStr, StrictStr | StrictInt | StrictFloat] | None = Field(
        None,
        description="null, or {'pace': 'realtime', 'base': seconds, 'increment': seconds, 'on_time': ...} "
        "or {'pace': 'turn', 'per_move': seconds, 'on_time': ...}; on_time is bot_move, replace or lose",
    )


class SeatToken(_Model):
    """One seat a browser holds: the table and the seat's token."""

    table: StrictStr = Field(max_length=40, description="a table id")
    token: StrictStr = Field(max_length=128, description="the seat's token")


class MyTablesBody(_Model):
    """``POST /api/mine``: the seats this browser holds (tokens in the body, never a URL)."""

    seats: list[SeatToken] = Field(max_length=100, description="a list of {'table', 'token'}")


class JoinBody(_Model):
    """``POST /api/tables/{id}/join``: take a seat."""

    seat: StrictInt | None = Field(None, description="a seat number from 0, or null (the first free)")
    name: StrictStr = Field("", description="the player's name (text)")


class NoticeBody(_Model):
    """``POST /api/tables/{id}/notices``: the seat's webhook URL, or null to remove it."""

    webhook: StrictStr | None = Field(None, max_length=500)


class ActBody(_Model):
    """``POST /api/tables/{id}/act``: play a move."""

    action: StrictInt | StrictStr = Field(description="the move's text or its id")
    version: StrictInt = Field(description="the version of the game you saw (a whole number)")


class ReplaceBody(_Model):
    """``POST /api/tables/{id}/replace``: hand a seat to a bot."""

    seat: StrictInt = Field(description="a seat number from 0")


class SettingsBody(_Model):
    """``POST /api/tables/{id}/settings``: the host's settings."""

    spectators: StrictBool = Field(description="true or false")


M = TypeVar("M", bound=BaseModel)


# -- parsing ---------------------------------------------------------------------------------
def _malformed(why: str) -> WebError:
    return web_error("message/malformed", why=why)


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
    raise _malformed(f"{name} is not a JSON number")


def _check_values(data: Any) -> None:
    """Refuse what no database can store: lone surrogates, NUL, huge or non-finite numbers."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise _malformed("a string holds a NUL character (\\u0000)")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise _malformed("a string holds a lone surrogate (\\ud800-\\udfff)") from None
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not -_INT_LIMIT <= value < _INT_LIMIT:
                raise _malformed("a whole number is outside 64 bits")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise _malformed("a number is too large")
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
        raise _malformed("messages are JSON text, not binary")
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise web_error("message/too_large", size=size, limit=limit)
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _malformed("the text is not UTF-8") from None
    else:
        text = raw
    if _depth(text) > MAX_DEPTH:
        raise _malformed(f"arrays and objects nest at most {MAX_DEPTH} deep")
    try:
        data = json.loads(text, parse_constant=_constant)
    except WebError:
        raise
    except (ValueError, RecursionError):
        raise _malformed("not JSON") from None
    if not isinstance(data, dict):
        raise _malformed("a message is a JSON object")
    _check_values(data)
    return data


def _why(error: ValidationError, model: type[BaseModel]) -> str:
    """A sentence naming the first wrong field and what it must be ("'seat' is a seat number from 0")."""
    first = error.errors(include_url=False)[0]
    field = str(first["loc"][0]) if first["loc"] else "type"
    if first["type"] == "missing":
        return f"'{field}' is missing"
    described = model.model_fields.get(field)
    wanted = described.description if described is not None and described.description else "of another type"
    return f"'{field}' is {wanted}"


def parse_body(raw: bytes | None, model: type[M], limit: int) -> M:
    """A REST body as ``model`` (an empty body is ``{}``).

    Raises:
        WebError: ``message/too_large`` or ``message/malformed`` naming the problem.
    """
    data = decode(raw or b"{}", limit)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise _malformed(_why(exc, model)) from None


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
        raise _malformed(_why(exc, model)) from None


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def clean_text(value: str, what: str, limit: int) -> str:
    """A name or title as it is stored: NFC, runs of white space made one space, trimmed.

    Raises:
        WebError: ``request/invalid`` for a control character or more than ``limit``
            characters.
    """
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if _CONTROL.search(text):
        raise web_error("request/invalid", why=f"a {what} holds no control characters")
    if len(text) > limit:
        raise web_error("request/invalid", why=f"a {what} is at most {limit} characters")
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
        "title": "Savanna client messages",
        "description": (
            "What a client sends: one JSON object (UTF-8, at most 4 KiB by default, nested at most "
            f"{MAX_DEPTH} deep, no lone surrogate or NUL in any string). Unknown fields are ignored."
        ),
        "websocket": _FRAME.json_schema(),
        "rest": {route: model.model_json_schema() for route, model in bodies.items()},
    }
