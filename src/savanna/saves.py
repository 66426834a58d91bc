"""Save files of games in progress: no secret in clear, no future to read.

A finished game is written as a plain record (:mod:`savanna.core.record`): nothing is
secret any more, and its seed lets anyone check every die. A game *in progress* is
different: its record would show the bots' cards and its seed, and the seed gives every
future die. So ``savanna play`` writes an unfinished game as a **save file**: the game, the
options, the seats and the number of actions in clear (to know what the file is), and the
whole record *sealed* (encrypted and authenticated with Fernet, from the ``cryptography``
package) under a key kept in this user's Savanna data folder, not in the save.

What this protects, honestly (see ``docs/records.md``):

* A save file read on its own, or sent to someone, shows no card, no seed, no move.
* Nothing on the machine tells the future: a resumed game draws chance from a fresh seed
  taken from the system's randomness at load (``savanna play --load``), so not even the
  sealed seed predicts what comes next.
* It does not stop a determined local player: the key file is theirs to read, as is the
  program's memory while it runs. It also cannot stop reloading a save to try other dice;
  every resume point is listed in the final record (``reseeds``), so it shows.

The key is created on the first save (``save.key``, readable by its owner only) in
``$SAVANNA_DATA_DIR`` when set, else the platform's user data folder (``platformdirs``).
A save made under another key cannot be opened, and says so.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, ValidationError

from savanna.core import Record, RecordError, canonical_json
from savanna.core.messages import load_messages

if TYPE_CHECKING:
    from cryptography.fernet import Fernet

__all__ = [
    "DATA_DIR_ENV",
    "SAVE_FORMAT",
    "SaveFile",
    "data_dir",
    "is_save",
    "key_path",
    "read_game",
    "seal",
]

MESSAGES: Final = load_messages("savanna", "saves")
"""The words of saved games (``savanna/data/messages.<lang>.toml``)."""
SAVE_FORMAT: Final = "savanna-save"
SAVE_VERSION: Final = 1
DATA_DIR_ENV: Final = "SAVANNA_DATA_DIR"
"""Environment variable naming the folder of the save key (default: the user data folder)."""
NOTE: Final = MESSAGES.text("saves.note", "en")
"""What a person who opens a save file reads in it (its ``note`` field), in English as the
file's other field names."""


class SaveFile(BaseModel):
    """A save file: what the game is, in clear, and the sealed record of the game so far."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["savanna-save"] = SAVE_FORMAT
    version: Literal[1] = SAVE_VERSION
    game: str
    game_version: int
    players: int
    options: dict[str, int | str | bool]
    seats: list[str] | None = None
    actions_played: int
    note: str = NOTE
    sealed: str


def data_dir() -> Path:
    """The folder of the save key: ``$SAVANNA_DATA_DIR``, else the user data folder."""
    configured = os.environ.get(DATA_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    return platformdirs.user_data_path("savanna", appauthor=False)


def key_path() -> Path:
    """Where the save key lives."""
    return data_dir() / "save.key"


def _key(create: bool) -> bytes:
    """The save key; created (owner-only) on first use when ``create``.

    Raises:
        RecordError: the key cannot be read or written (or is missing and not created).
    """
    from cryptography.fernet import Fernet

    path = key_path()
    try:
        return path.read_bytes().strip()
    except FileNotFoundError:
        if not create:
            raise _sealed_elsewhere(path) from None
    except OSError as exc:
        raise _key_error(path, exc) from exc
    key = Fernet.generate_key()
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another session made it first: use theirs
        return path.read_bytes().strip()
    except OSError as exc:
        raise _key_error(path, exc) from exc
    with os.fdopen(fd, "wb") as out:
        out.write(key + b"\n")
    return key


def _fernet(create: bool) -> Fernet:
    """The cipher of this user's saves.

    Raises:
        RecordError: the key is missing (and not created), unreadable or damaged.
    """
    from cryptography.fernet import Fernet

    key = _key(create)
    try:
        return Fernet(key)
    except ValueError:
        path = key_path()
        raise RecordError(MESSAGES.words("error.saves.the_save_key_is", path=repr(str(path)))) from None


def _key_error(path: Path, exc: OSError) -> RecordError:
    why = exc.strerror or str(exc)
    return RecordError(MESSAGES.words("error.saves.the_save_key_cannot", path=repr(str(path)), why=why))


def _sealed_elsewhere(path: Path) -> RecordError:
    return RecordError(MESSAGES.words("error.saves.this_save_was_sealed", path=repr(str(path))))


def seal(record: Record) -> str:
    """The text of a save file holding ``record`` sealed (canonical JSON, one line).

    Raises:
        RecordError: the key cannot be created or read.
    """
    token = _fernet(create=True).encrypt(record.to_json().encode("utf-8"))
    save = SaveFile(
        game=record.game,
        game_version=record.game_version,
        players=record.players,
        options=dict(record.options),
        seats=record.seats,
        actions_played=len(record.actions),
        sealed=token.decode("ascii"),
    )
    return canonical_json(save.model_dump(exclude_none=True)) + "\n"


def _raw(data: str | bytes) -> object:
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None


def is_save(data: str | bytes) -> bool:
    """Whether ``data`` is a save file (rather than a record or anything else)."""
    raw = _raw(data)
    return isinstance(raw, dict) and raw.get("format") == SAVE_FORMAT


def read_game(data: str | bytes) -> Record:
    """The game in a save file (opened with this user's key) or in a plain record.

    Raises:
        RecordError: not a record or save, a save of another version, sealed under another
            key or changed since it was written, or a corrupt record inside.
    """
    if not is_save(data):
        return Record.from_json(data)
    from cryptography.fernet import InvalidToken

    raw = _raw(data)
    try:
        save = SaveFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RecordError(MESSAGES.words("error.saves.corrupt_save_file_field", where=repr(where), why=first["msg"]), cause=exc) from exc
    cipher = _fernet(create=False)
    try:
        text = cipher.decrypt(save.sealed.encode("ascii"))
    except (InvalidToken, UnicodeEncodeError, ValueError):
        raise RecordError(MESSAGES.words("error.saves.this_save_cannot_be")) from None
    record = Record.from_json(text)
    shown = (save.game, save.game_version, save.players, save.options, save.seats)
    inside = (record.game, record.game_version, record.players, record.options, record.seats)
    if shown != inside or save.actions_played != len(record.actions):
        raise RecordError(MESSAGES.words("error.saves.the_save_s_visible"))
    return record
