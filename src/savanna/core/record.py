"""Game records: a seeded setup plus the list of actions, as canonical JSON.

A record holds every action in notation, chance outcomes included, so replaying it
through the rules rebuilds every state exactly. The JSON is canonical (sorted keys, no
insignificant whitespace, integral numbers written as integers), so the same game always
gives the same bytes.

Records that can be checked (version 2)
---------------------------------------
The rules alone accept any legal chance outcome, so a record whose dice were changed to
other legal dice would replay. A version 2 record may therefore say how its chance was
drawn from its ``seed``: its ``chance`` field names one of the draws of
:mod:`savanna.core.rng` (``playout``, ``sequence`` or ``position``, with ``reseeds`` for a
terminal game resumed from a save). Replay then draws every outcome again from the seed
and refuses the first that differs, naming it; a record that claims a draw but has no seed
is refused too. A record without a ``chance`` field (every version 1 record) makes no
claim: it replays through the rules, and :attr:`Record.chance_checked` says its chance was
not checked.

Records whose bots can be checked (version 3)
---------------------------------------------
A game played at a table (:mod:`savanna.table`) draws its bots' decisions from the seed
too: the bot of a seat decides at action index ``n`` from that seat's observation with the
generator ``make_rng(seed at n, "bot", seat, n)``. Such a record says so in its ``bots``
field (``"position"``, with the ``position`` draw of chance), and lists in ``controls`` who
played a seat from some action on when it changed during the game (``[index, seat,
"bot:heuristic"]`` when a bot took a person's seat, ``[index, seat, "human"]`` when they
took it back). The core reads and checks these fields; deciding the bots' moves again needs
the bots, so :func:`savanna.table.replay_checked` does it (``savanna replay`` calls it). A
record is written in the lowest version that holds its fields: one without ``bots`` and
``controls`` stays version 2, so older readers keep reading it.

Example:
    >>> from savanna.core.record import Record
    >>> rec = Record(game="hyena", game_version=1, players=2, options={}, seed=3, actions=[])
    >>> Record.from_json(rec.to_json()) == rec
    True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, StrictInt, ValidationError

from savanna.core.errors import RecordError, SavannaError
from savanna.core.game import Game, State
from savanna.core.messages import CORE_MESSAGES
from savanna.core.play import sample_action
from savanna.core.registry import load_stored_game
from savanna.core.rng import (
    MAX_SEED,
    PLAYOUT,
    POSITION,
    SEQUENCE,
    SeedSchedule,
    position_rng,
    sequence_rng,
)

__all__ = [
    "BOT_PREFIX",
    "FORMAT",
    "HUMAN",
    "VERSION",
    "VERSIONS",
    "Draw",
    "Record",
    "RecordResult",
    "canonical_json",
    "record_of",
    "replay",
    "replay_states",
]

FORMAT: Final = "savanna-record"
VERSION: Final = 3
"""The latest version this Savanna writes (a record without version 3 fields is written as 2)."""
VERSIONS: Final = (1, 2, 3)
"""The versions this Savanna reads (version 1 has no ``chance`` or ``reseeds`` field,
version 2 no ``bots`` or ``controls``)."""
HUMAN: Final = "human"
"""How a record names a seat played by a person (or a program acting for one)."""
BOT_PREFIX: Final = "bot:"
"""How a record's ``controls`` name a seat played by a bot: ``bot:<spec>``."""

Draw = Literal["playout", "sequence", "position"]
"""How chance was drawn from the seed (see :mod:`savanna.core.rng`)."""


class RecordResult(BaseModel):
    """The outcome written at the end of a record (checked on replay)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scores: list[int | float]
    ranking: list[int]


class Record(BaseModel):
    """A replayable game record (format ``savanna-record``, versions 1 to 3).

    Attributes:
        seed: the seed the game was played from.
        chance: how chance was drawn from ``seed`` (``None``: the record does not say, and
            replay cannot check its chance outcomes).
        reseeds: for the ``position`` draw, ``[index, seed]`` pairs: from action index
            ``index`` on, chance is drawn from that seed (a game resumed from a save).
        seats: who played each seat (``human``, ``bot:heuristic``, ``random`` ...).
        bots: ``"position"`` when the bots' decisions were drawn from the seed as the
            ``position`` draw says (replay can decide them again); ``None``: no claim.
        controls: ``[index, seat, who]`` triples: from action ``index`` on, ``who``
            (``human`` or ``bot:<spec>``) played ``seat`` instead of what ``seats`` says.
        actions: every action in notation, chance outcomes included.
        result: the final scores and ranking, checked on replay.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["savanna-record"] = FORMAT
    version: Literal[1, 2, 3] = 2
    game: str
    game_version: int
    players: int
    options: dict[str, int | str | bool]
    seed: StrictInt | None = None
    chance: Draw | None = None
    reseeds: list[tuple[StrictInt, StrictInt]] | None = None
    seats: list[str] | None = None
    bots: Literal["position"] | None = None
    controls: list[tuple[StrictInt, StrictInt, str]] | None = None
    actions: list[str]
    result: RecordResult | None = None

    def to_json(self) -> str:
        """Canonical JSON text (one line, trailing newline)."""
        return canonical_json(self.model_dump(exclude_none=True)) + "\n"

    @property
    def chance_checked(self) -> bool:
        """Whether replay checks every chance outcome against the seed."""
        return self.chance is not None

    def check_claims(self) -> None:
        """Check the fields that go together (seed, chance, reseeds) and the version.

        Raises:
            RecordError: a version 1 record with version 2 fields, a draw without a seed, a
                seed out of range, or reseeds that do not fit the actions.
        """
        for version, names in ((1, ("chance", "reseeds", "bots", "controls")), (2, ("bots", "controls"))):
            if self.version != version:
                continue
            for name in names:
                if getattr(self, name) is not None:
                    raise RecordError(CORE_MESSAGES.words("error.record.field_version", name=repr(name), version=version))
        if self.version == 1:
            return
        if self.seed is not None and not 0 <= self.seed <= MAX_SEED:
            raise RecordError(CORE_MESSAGES.words("error.record.seed_range", high=MAX_SEED, seed=self.seed))
        if self.chance is not None and self.seed is None:
            raise RecordError(CORE_MESSAGES.words("error.record.no_seed", chance=self.chance))
        self._check_bots()
        if self.reseeds is None:
            return
        if self.chance != POSITION:
            raise RecordError(CORE_MESSAGES.words("error.record.reseeds_draw"))
        previous = 0
        for index, seed in self.reseeds:
            if not previous < index <= len(self.actions) or not 0 <= seed <= MAX_SEED:
                raise RecordError(CORE_MESSAGES.words("error.record.reseed_fit", index=index, seed=seed, actions=len(self.actions), high=MAX_SEED))
            previous = index

    def _check_bots(self) -> None:
        """``bots`` goes with the ``position`` draw; ``controls`` with ``bots``, in order."""
        if self.bots is not None and self.chance != POSITION:
            raise RecordError(CORE_MESSAGES.words("error.record.bots_draw"))
        if self.controls is None:
            return
        if self.bots is None:
            raise RecordError(CORE_MESSAGES.words("error.record.controls_bots"))
        previous = 0
        for index, seat, who in self.controls:
            if not previous <= index <= len(self.actions) or not 0 <= seat < self.players or not (
                who == HUMAN or (who.startswith(BOT_PREFIX) and len(who) > len(BOT_PREFIX))
            ):
                raise RecordError(CORE_MESSAGES.words("error.record.control_fit", index=index, seat=seat, who=repr(who), actions=len(self.actions), last=self.players - 1))
            previous = index

    def controllers(self) -> Iterator[tuple[int, list[str]]]:
        """``(index, who plays each seat)`` before each action, from ``seats`` and ``controls``.

        Seats the record does not name are ``"?"``.
        """
        who = list(self.seats) if self.seats is not None and len(self.seats) == self.players else ["?"] * self.players
        changes = list(self.controls or [])
        for index in range(len(self.actions)):
            while changes and changes[0][0] <= index:
                _, seat, by = changes.pop(0)
                who[seat] = by
            yield index, list(who)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record.

        Raises:
            RecordError: not JSON, not a Savanna record, an unknown version, or fields of
                the wrong type. The message says which.
        """
        try:
            raw = json.loads(text)
        except RecursionError:
            raise RecordError(CORE_MESSAGES.words("error.record.json_nested")) from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise RecordError(CORE_MESSAGES.words("error.record.json_invalid", why=exc), cause=exc) from exc
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise RecordError(CORE_MESSAGES.words("error.record.format", format=repr(FORMAT)))
        version = raw.get("version")
        if isinstance(version, bool) or version not in VERSIONS:
            raise RecordError(CORE_MESSAGES.words("error.record.version", version=repr(version)))
        try:
            record = cls.model_validate(raw)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise RecordError(CORE_MESSAGES.words("error.record.field", where=repr(where), why=first['msg']), cause=exc) from exc
        record.check_claims()
        return record


def _canon(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {str(k): _canon(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        # Texts and ints (most of a record: its actions) are kept as they are, uncalled.
        return [v if type(v) is str or type(v) is int else _canon(v) for v in value]
    return value


def canonical_json(value: Any) -> str:
    """JSON with sorted keys, compact separators, UTF-8 text and integral floats as ints."""
    return json.dumps(_canon(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_of(
    state: State,
    *,
    seed: int | None = None,
    seats: Sequence[str] | None = None,
    chance: Draw | None = None,
    reseeds: Sequence[tuple[int, int]] = (),
    bots: Literal["position"] | None = None,
    controls: Sequence[tuple[int, int, str]] = (),
    actions: Sequence[str] | None = None,
) -> Record:
    """The record of the game that led to ``state`` (with its result when it is over).

    Args:
        state: the game so far.
        seed: the seed it was played from.
        seats: who played each seat.
        chance: how chance was drawn from ``seed``; give it whenever it is true, so that
            replay checks every chance outcome.
        reseeds: for the ``position`` draw, ``(index, seed)`` pairs of a resumed game.
        bots: ``"position"`` when every bot decided from the seed (see the module's notes).
        controls: ``(index, seat, who)``: who played a seat from that action on, when it
            changed during the game.
        actions: the notation of every action of ``state.history``, written as the game
            was played (``play_game(..., notation=...)``); without it the game is replayed
            from its start to write them. Either way the texts are the same.

    Raises:
        RecordError: ``chance`` without a seed, reseeds or controls that do not fit, or
            ``actions`` that are not one text per action of the history.
    """
    game = state.game
    if actions is None:
        actions = _notation(state)
    elif len(actions) != len(state.history):
        raise RecordError(CORE_MESSAGES.words("error.record.texts_count", texts=len(actions), actions=len(state.history)))
    result = None
    if state.is_terminal():
        result = RecordResult(scores=list(state.scores()), ranking=state.ranking())
    record = Record(
        game=game.name,
        game_version=game.spec.version,
        players=game.num_players,
        options=dict(game.options),
        seed=seed,
        chance=chance,
        reseeds=[(int(i), int(s)) for i, s in reseeds] or None,
        seats=list(seats) if seats is not None else None,
        bots=bots,
        controls=[(int(i), int(s), str(w)) for i, s, w in controls] or None,
        actions=list(actions),
        result=result,
        version=3 if bots is not None or controls else 2,
    )
    record.check_claims()
    return record


def _notation(state: State) -> list[str]:
    """The notation of every action of ``state.history``, by replaying it from the start."""
    replayer = state.game.new_initial_state()
    texts: list[str] = []
    for action in state.history:
        texts.append(replayer.action_to_text(action))
        replayer.apply_unchecked(action)
    return texts


def _game_of(record: Record) -> Game:
    try:
        game = load_stored_game(record.game, players=record.players, options=record.options)
    except SavannaError as exc:
        raise RecordError({lang: CORE_MESSAGES.text("error.record.setup", lang, why=exc.text(lang)) for lang in CORE_MESSAGES.languages}, cause=exc) from exc
    if record.game_version != game.spec.version:
        raise RecordError(CORE_MESSAGES.words("error.record.rules_version", game=record.game, version=record.game_version, current=game.spec.version))
    return game


def replay_states(record: Record) -> Iterator[tuple[int, str, State]]:
    """Replay ``record`` through the rules, yielding ``(index, action text, state after)``.

    The initial state is yielded first with index ``-1`` and an empty action text. When
    the record says how its chance was drawn (:attr:`Record.chance`), every chance outcome
    (and, for the ``playout`` draw, every move) is drawn again from the seed and compared.

    Raises:
        RecordError: naming the index and text of the first action that does not parse, is
            refused, or is not the one drawn from the seed, and why; or a result that
            differs from the replayed one.
    """
    record.check_claims()
    game = _game_of(record)
    state = game.new_initial_state()
    drawer = _Drawer(record)
    yield -1, "", state
    for index, text in enumerate(record.actions):
        expected = drawer.next(state, index)
        try:
            action = state.parse_action(text)
            state.apply(action)
        except SavannaError as exc:
            raise RecordError({lang: CORE_MESSAGES.text("error.record.refused", lang, number=index + 1, text=repr(text), why=exc.text(lang)) for lang in CORE_MESSAGES.languages}, index=index, action=text, cause=exc) from exc
        if expected is not None and action != expected[0]:
            raise drawer.mismatch(index, text, expected[1])
        yield index, text, state
    if record.result is not None:
        if not state.is_terminal():
            raise RecordError(CORE_MESSAGES.words("error.record.unfinished"))
        replayed = RecordResult(scores=list(state.scores()), ranking=state.ranking())
        if _canon(replayed.model_dump()) != _canon(record.result.model_dump()):
            raise RecordError(CORE_MESSAGES.words("error.record.result_differs", recorded=record.result.model_dump(), replayed=replayed.model_dump()))


class _Drawer:
    """Draws again, from the record's seed, what its ``chance`` field says was drawn."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.draw = record.chance
        seed = record.seed if record.seed is not None else 0
        self.seeds = SeedSchedule(seed, record.reseeds or [])
        self.rng: random.Random | None = None
        if self.draw == PLAYOUT:
            self.rng = random.Random(seed)
        elif self.draw == SEQUENCE:
            self.rng = sequence_rng(seed)

    def next(self, state: State, index: int) -> tuple[int, str] | None:
        """The action (id and text) the draw gives at ``index``; ``None`` for a free choice."""
        if self.draw is None or state.is_terminal():
            return None
        if self.draw == PLAYOUT:
            assert self.rng is not None
            action = sample_action(state, self.rng)
        elif not state.is_chance_node():
            return None
        elif self.draw == SEQUENCE:
            assert self.rng is not None
            action = state.sample_chance(self.rng)
        else:
            action = state.sample_chance(position_rng(self.seeds.seed_at(index), index))
        return action, state.action_to_text(action)

    def mismatch(self, index: int, text: str, drawn: str) -> RecordError:
        seed = self.seeds.seed_at(index)
        return RecordError(CORE_MESSAGES.words(
            "error.record.mismatch_action" if self.draw == PLAYOUT else "error.record.mismatch_chance",
            number=index + 1,
            text=repr(text),
            seed=seed,
            drawn=repr(drawn),
            draw=self.draw,
        ), index=index, action=text)


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
