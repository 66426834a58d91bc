"""The one loader of a game's data files: TOML in the package's ``data/`` folder, validated
with Pydantic into the game's own types.

Every game describes its components in ``data/*.toml`` (the map, the cards, the rulesets)
and declares their shape as Pydantic models; :func:`load_data_files` reads the files, puts them
together and validates them in one step. Whatever goes wrong — a missing file, a file that
is not TOML, a missing table, an entry that does not validate — raises
:class:`~savanna.core.errors.DataError` naming the game and the file: a broken data file is
a packaging bug, said plainly when the game loads, never in the middle of a game.

Example (the core's own message file, read as a table of tables, each of texts or of
tables of texts):
    >>> messages = load_data_files(dict[str, dict[str, str | dict[str, str]]], "savanna.core", "messages.en.toml")
    >>> messages["rule"]["game.over"]
    'No action is possible once the game is over.'
    >>> load_data_files(dict[str, int], "savanna.core", "messages.en.toml")
    Traceback (most recent call last):
    ...
    savanna.core.errors.DataError: core data/messages.en.toml is invalid: ...

A game validates into its models: ``load_data_files(Material, "savanna.games.river_race",
"material.toml", cards=("cards.toml", "card"))`` puts ``cards.toml``'s ``[[card]]`` list into
the field ``cards`` of what ``material.toml`` holds.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from savanna.core.errors import DataError

__all__ = ["DataModel", "load_data_files", "read_data_file"]

T = TypeVar("T")


class DataModel(BaseModel):
    """The base of a data file's models: unknown keys are refused (a typo is an error, not
    a silently ignored value) and the values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _owner(package: str) -> str:
    return package.rpartition(".")[2]


@cache
def read_data_file(package: str, name: str) -> Mapping[str, Any]:
    """``<package>/data/<name>`` parsed as TOML (cached; treat it as read-only).

    Raises:
        DataError: the file is missing or is not TOML.
    """
    path = resources.files(package).joinpath("data").joinpath(name)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{_owner(package)} has no data file data/{name}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{_owner(package)} data/{name} is not valid TOML: {exc}") from exc


def load_data_files(
    model: type[T],
    package: str,
    base: str | None = None,
    **parts: tuple[str, str],
) -> T:
    """Read and validate a game's data files as one value of type ``model``.

    Args:
        model: the type to validate into: a Pydantic model, or any type Pydantic validates
            (``dict[str, Ruleset]``...).
        package: the game's package (``"savanna.games.hyena"``), which holds ``data/``.
        base: the file whose top-level tables are the value's fields (or the whole value).
        parts: more fields, each ``field=(file, table)``: that file's top-level table
            ``table`` (an array of tables, ``[[card]]``, is a list) becomes the field.

    Raises:
        DataError: a file is missing or is not TOML, a table is missing, or the value does
            not validate (the message names the game, the files and why).
    """
    owner = _owner(package)
    files = ([base] if base else []) + [name for name, _ in parts.values()]
    raw: dict[str, Any] = dict(read_data_file(package, base)) if base else {}
    for field_name, (name, table) in parts.items():
        content = read_data_file(package, name)
        if table not in content:
            raise DataError(f"{owner} data/{name} has no [{table}] table")
        raw[field_name] = content[table]
    try:
        return TypeAdapter(model).validate_python(raw)
    except (ValueError, KeyError) as exc:  # a ValidationError is a ValueError
        raise DataError(f"{owner} data/{' + data/'.join(files)} is invalid: {exc}") from exc
