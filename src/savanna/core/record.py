"""Game records: a seeded setup plus the list of actions, as canonical JSON.

A record holds every action in notation, chance outcomes included, so replaying it
through the rules rebuilds every state exactly. The JSON is canonical (sorted keys, no
insignificant whitespace, integral numbers written as integers), so the same game always
gives the same bytes.

Example:
    >>> from savanna.core.record import Record
    >>> rec = Record(game="hyena", game_version=1, players=2, options={}, seed=3, actions=[])
    >>> Record.from_json(rec.to_json()) == rec
    True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from savanna.core.errors import RecordError, SavannaError
from savanna.core.game import Game, State
from savanna.core.registry import load_game

__all__ = [
    "FORMAT",
    "VERSION",
    "Record",
    "RecordResult",
    "canonical_json",
    "record_of",
    "replay",
    "replay_states",
]

FORMAT: Final = "savanna-record"
VERSION: Final = 1


class RecordResult(BaseModel):
    """The outcome written at the end of a record (checked on replay)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scores: list[int | float]
    ranking: list[int]


class Record(BaseModel):
    """A replayable game record (format ``savanna-record``, version 1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["savanna-record"] = FORMAT
    version: Literal[1] = VERSION
    game: str
    game_version: int
    players: int
    options: dict[str, int | str | bool]
    seed: int | None = None
    seats: list[str] | None = None
    actions: list[str]
    result: RecordResult | None = None

    def to_json(self) -> str:
        """Canonical JSON text (one line, trailing newline)."""
        return canonical_json(self.model_dump(exclude_none=True)) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record.

        Raises:
            RecordError: not JSON, not a Savanna record, an unknown version, or fields of
                the wrong type. The message says which.
        """
        try:
            raw = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise RecordError(
                f"not a game record: the file is not valid JSON ({exc})",
                f"ce n'est pas un enregistrement de partie : le fichier n'est pas du JSON valide ({exc})",
                cause=exc,
            ) from exc
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise RecordError(
                f"not a game record: 'format' must be {FORMAT!r}",
                f"ce n'est pas un enregistrement de partie : 'format' doit valoir {FORMAT!r}",
            )
        if raw.get("version") != VERSION:
            raise RecordError(
                f"unknown record version {raw.get('version')!r} (this Savanna reads version {VERSION})",
                f"version d'enregistrement inconnue {raw.get('version')!r} (ce Savanna lit la version {VERSION})",
            )
        try:
            return cls.model_validate(raw)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise RecordError(
                f"corrupt record: field {where!r}: {first['msg']}",
                f"enregistrement corrompu : champ {where!r} : {first['msg']}",
                cause=exc,
            ) from exc


def _canon(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {str(k): _canon(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canon(v) for v in value]
    return value


def canonical_json(value: Any) -> str:
    """JSON with sorted keys, compact separators, UTF-8 text and integral floats as ints."""
    return json.dumps(_canon(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_of(state: State, *, seed: int | None = None, seats: Sequence[str] | None = None) -> Record:
    """The record of the game that led to ``state`` (with its result when it is over)."""
    game = state.game
    replayer = game.new_initial_state()
    actions: list[str] = []
    for action in state.history:
        actions.append(replayer.action_to_text(action))
        replayer.apply_unchecked(action)
    result = None
    if state.is_terminal():
        result = RecordResult(scores=list(state.scores()), ranking=state.ranking())
    return Record(
        game=game.name,
        game_version=game.spec.version,
        players=game.num_players,
        options=dict(game.options),
        seed=seed,
        seats=list(seats) if seats is not None else None,
        actions=actions,
        result=result,
    )


def _game_of(record: Record) -> Game:
    try:
        game = load_game(record.game, players=record.players, options=record.options)
    except SavannaError as exc:
        raise RecordError(
            f"record cannot be set up: {exc}",
            f"la partie enregistrée ne peut pas être mise en place : {exc.text('fr')}",
            cause=exc,
        ) from exc
    if record.game_version != game.spec.version:
        raise RecordError(
            f"record was written by {record.game} rules version {record.game_version}; "
            f"this Savanna has version {game.spec.version}",
            f"l'enregistrement vient des règles {record.game} version {record.game_version} ; "
            f"ce Savanna a la version {game.spec.version}",
        )
    return game


def replay_states(record: Record) -> Iterator[tuple[int, str, State]]:
    """Replay ``record`` through the rules, yielding ``(index, action text, state after)``.

    The initial state is yielded first with index ``-1`` and an empty action text.

    Raises:
        RecordError: naming the index and text of the first action that does not parse or
            is refused, and why; or a result that differs from the replayed one.
    """
    game = _game_of(record)
    state = game.new_initial_state()
    yield -1, "", state
    for index, text in enumerate(record.actions):
        try:
            action = state.parse_action(text)
            state.apply(action)
        except SavannaError as exc:
            raise RecordError(
                f"action {index + 1} ({text!r}) is refused: {exc}",
                f"l'action {index + 1} ({text!r}) est refusée : {exc.text('fr')}",
                index=index,
                action=text,
                cause=exc,
            ) from exc
        yield index, text, state
    if record.result is not None:
        if not state.is_terminal():
            raise RecordError(
                "the record claims a result but its actions do not finish the game",
                "l'enregistrement annonce un résultat mais ses actions ne finissent pas la partie",
            )
        replayed = RecordResult(scores=list(state.scores()), ranking=state.ranking())
        if _canon(replayed.model_dump()) != _canon(record.result.model_dump()):
            raise RecordError(
                f"the recorded result {record.result.model_dump()} differs from the replayed "
                f"result {replayed.model_dump()}",
                f"le résultat enregistré {record.result.model_dump()} diffère du résultat "
                f"rejoué {replayed.model_dump()}",
            )


def replay(record: Record) -> State:
    """Replay ``record`` and return the final state.

    Raises:
        RecordError: as :func:`replay_states`.
    """
    final: State | None = None
    for _, _, state in replay_states(record):
        final = state
    assert final is not None  # replay_states always yields the initial state
    return final
