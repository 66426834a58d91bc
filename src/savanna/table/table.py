"""The authority over one game in progress, the same for every interface.

A :class:`Table` owns a game's seats, its position, its seeds and its log. Every change
follows one path: a *proposal* (:meth:`Table.propose`, :meth:`Table.propose_bot`,
:meth:`Table.propose_chance`, :meth:`Table.propose_known`) checks the actions once against
the rules on a copy of the position, draws the chance outcomes that follow from the table's
seed, and words every action for the log, changing nothing; :meth:`Table.adopt` then makes
the copy the table's position and tells the listeners. An interface that stores games
(a server) writes the proposal to its database between the two and adopts only once it is
stored; one that does not (the terminal) calls :meth:`Table.play`. A refused action changes
nothing.

Chance is drawn by the ``position`` draw (:mod:`savanna.core.rng`): the outcome at action
``n`` from ``position_rng(seed at n, n)``, and a bot decides at ``n`` from its own
observation with ``make_rng(seed at n, "bot", seat, n)`` (:mod:`savanna.table.bots`), so the
record (:meth:`Table.record`) lets replay check every die and every seeded bot move. A save
(:meth:`Table.save`) reseeds the rest of the game from fresh randomness: no file holds the
future.

The table does no input or output: no printing, no sockets, no SQL, no files. Time comes from
its ``clock`` (presence, grace periods, the turn clock); fresh seeds from ``fresh_seed``.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from savanna.bots import parse_bot_spec
from savanna.core import (
    MAX_SEED,
    Game,
    OptionError,
    Record,
    State,
    make_rng,
    record_of,
)
from savanna.core.record import BOT_PREFIX, HUMAN
from savanna.core.rng import POSITION, SeedSchedule, position_rng
from savanna.table.bots import BotTurn, replay_checked
from savanna.table.errors import MESSAGES, StaleCommit, TableError
from savanna.table.events import Event, Finished, Played, Reseeded, Started, TookBack
from savanna.table.log import Entry, Log, entry_of
from savanna.table.seating import FINISHED, OPEN, PLAYING, Listener, Seating
from savanna.table.seats import Seat
from savanna.table.undo import Undo, showed_something

__all__ = ["Commit", "Table", "fresh_seed"]

def fresh_seed() -> int:
    """A seed from the system's randomness, over the whole seed range (not guessable)."""
    return secrets.randbelow(MAX_SEED + 1)


@dataclass(frozen=True)
class Commit:
    """Actions checked and worded on a copy of the position, not yet the table's.

    Attributes:
        base: the table's version it was proposed on (adopted only at that version).
        state: the position after the actions.
        entries: the log entry of each action, the chance drawn after them included.
        seat: the seat whose actions they are (``None``: chance alone, or known actions).
        controls: who played a seat from some action on, when a commit changes it (a bot's
            move decided by another bot: ``(index, seat, "bot:<spec>")`` and back).
    """

    base: int
    state: State
    entries: tuple[Entry, ...]
    seat: int | None = None
    controls: tuple[tuple[int, int, str], ...] = ()

    @property
    def stored(self) -> list[tuple[str, int]]:
        """``(notation, actor)`` of each action, for a database."""
        return [(e.text, e.actor) for e in self.entries]

    @property
    def finished(self) -> bool:
        """Whether the game is over after it."""
        return self.state.is_terminal()


class Table(Seating):
    """One game in progress, its seats and their players, its seeds and its log.

    Args:
        game: the configured game.
        seats: who plays each seat (as many as the game has players).
        seed: the seed of chance and bots (the first, for a resumed game).
        reseeds: a resumed game's later seeds, ``(index, seed)`` (see
            :class:`~savanna.core.rng.SeedSchedule`).
        history: actions already played (ids or notation), checked by the rules.
        controls: who played a seat from some action on, when it changed during the game:
            ``(index, seat, "human" | "bot:<spec>")``.
        first_seats: how the record names the seats' first players (by default those of
            ``seats``).
        checked: whether the record may say that chance was drawn by the ``position`` draw
            (false when ``history`` came from a record that did not say so).
        bots_checked: whether it may say so of the bots too (by default as ``checked``).
        status: :data:`OPEN` (players still to come), :data:`PLAYING`, :data:`FINISHED` or
            :data:`ABANDONED`.
        undo: whether undo is offered (then to a person playing against bots only).
        grace: seconds a person may be away before another may hand the seat to a bot.
        turn_seconds: the turn clock: a person deciding longer may be handed to a bot (0: none).
        clock: the time in seconds (monotonic).
        fresh_seed: the source of fresh seeds (after a save).

    Raises:
        OptionError: a seat count that differs from the player count, or a bad bot spec.
        IllegalActionError, NotationError: ``history`` holds an action the rules refuse.
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        seed: int,
        reseeds: Sequence[tuple[int, int]] = (),
        history: Sequence[int | str] = (),
        controls: Sequence[tuple[int, int, str]] = (),
        first_seats: Sequence[str] | None = None,
        checked: bool = True,
        bots_checked: bool | None = None,
        status: str = PLAYING,
        undo: bool = False,
        grace: float = 0.0,
        turn_seconds: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
        fresh_seed: Callable[[], int] = fresh_seed,
    ) -> None:
        if len(seats) != game.num_players:
            raise OptionError(MESSAGES.words("error.seats_count", seats=len(seats), players=game.num_players))
        for index, seat in enumerate(seats):
            for spec in (seat.bot, seat.replaced_by):
                if spec is not None:  # a bad spec is refused now, not at its first turn
                    parse_bot_spec(spec).build(game, index, make_rng(seed, "check", index))
        self.game = game
        self.seats: list[Seat] = list(seats)
        self.seeds = SeedSchedule(seed, reseeds)
        self.first_seats: list[str] = (
            list(first_seats) if first_seats is not None else [s.record_form for s in self.seats]
        )
        self.controls: list[tuple[int, int, str]] = [(int(i), int(s), str(w)) for i, s, w in controls]
        self.checked = checked
        self.bots_checked = checked if bots_checked is None else bots_checked
        self.status = status
        self.undo_offered = undo
        self.grace = grace
        self.turn_seconds = turn_seconds
        self.clock = clock
        self._fresh_seed = fresh_seed
        self._state: State = game.new_initial_state()
        self.log = Log()
        self._listeners: list[Listener] = []
        self.turn_since = clock()
        for seat in self.seats:  # nobody heard from yet: away from the start
            if seat.is_human and not seat.connections and seat.away_since is None and seat.seen_at is None:
                seat.away_since = self.turn_since
        if history:
            self.adopt(self.propose_known(history))

    # -- facts ------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """Whether undo is offered: at a table that offers it, to one person against bots."""
        return self.undo_offered and len(self.humans) == 1 and self.game.num_players >= 2

    # -- proposals --------------------------------------------------------------------
    def propose(self, seat: int, actions: Sequence[int], *, draw: bool = True) -> Commit:
        """``seat``'s person plays ``actions`` in a row (one, or a plan of several).

        Each action is checked once, in the position it is played in; with ``draw`` the
        chance outcomes that follow are drawn too, so a move and its dice go together.

        Raises:
            TableError: the game is not being played, an unknown seat, a bot playing it,
                no action, or an action due from another seat (``seat/not_to_act``).
            IllegalActionError: an action a rule refuses (naming the rule).
        """
        self._check_playing()
        seat = self._check_seat(seat)
        if self.controller(seat) is not None:
            raise TableError("seat/bot_plays", seat=seat + 1)
        return self._propose(seat, actions, draw)

    def propose_bot(
        self, turn: BotTurn, action: int, *, decided_by: str | None = None, draw: bool = True
    ) -> Commit | None:
        """The move a bot chose for ``turn``; ``None`` when the turn is no longer due (the
        game moved on, or the seat changed hands while the bot thought).

        Args:
            turn: the decision the bot was asked (:meth:`bot_turn`).
            action: its answer.
            decided_by: the bot spec that really chose, when not the seat's own (a fallback
                after the seat's bot failed): the record says so, so replay still checks it.
            draw: draw the chance that follows.

        Raises:
            IllegalActionError: an action the rules refuse (a bot breaking the protocol).
        """
        if self.status != PLAYING or turn.index != self.version or self.controller(turn.seat) != turn.spec:
            return None
        controls: tuple[tuple[int, int, str], ...] = ()
        if decided_by is not None and decided_by != turn.spec:
            own = self.seats[turn.seat].playing_form
            controls = ((turn.index, turn.seat, BOT_PREFIX + decided_by), (turn.index + 1, turn.seat, own))
        return self._propose(turn.seat, [action], draw, controls)

    def propose_chance(self) -> Commit:
        """The chance outcomes due now (the deal at the start, chance left by a restart),
        drawn from the seed; a commit of no action when none is due.

        Raises:
            TableError: the game is not being played.
        """
        self._check_playing()
        probe = self._state.clone()
        entries: list[Entry] = []
        self._draw(probe, entries)
        return Commit(self.version, probe, tuple(entries))

    def propose_known(self, actions: Sequence[int | str]) -> Commit:
        """Actions already played elsewhere (a record, another server process): any seat's,
        chance outcomes included, as ids or notation; checked by the rules, nothing drawn.

        Raises:
            NotationError, IllegalActionError: an action the rules refuse.
        """
        probe = self._state.clone()
        entries = []
        for action in actions:
            chosen = probe.parse_action(action) if isinstance(action, str) else action
            entries.append(self._step(probe, chosen))
        return Commit(self.version, probe, tuple(entries))

    def _propose(
        self, seat: int, actions: Sequence[int], draw: bool, controls: tuple[tuple[int, int, str], ...] = ()
    ) -> Commit:
        if not actions:
            raise TableError("table/nothing")
        probe = self._state.clone()
        entries = []
        for action in actions:
            player = probe.current_player()
            if player != seat:
                if player < 0:
                    raise TableError("seat/not_to_act", key="seat.not_to_act_chance", seat=seat + 1, to_act=player)
                raise TableError("seat/not_to_act", seat=seat + 1, to_act=player + 1)
            entries.append(self._step(probe, action))
        if draw:
            self._draw(probe, entries)
        return Commit(self.version, probe, tuple(entries), seat, controls)

    @staticmethod
    def _step(probe: State, action: int) -> Entry:
        """Play ``action`` in ``probe`` after one legality check; its entry."""
        if isinstance(action, bool) or not isinstance(action, int) or action not in probe.legal_actions():
            probe.clone().apply(action)  # refused with the rule that forbids it
            raise probe.explain_illegal(action)  # (apply refuses every action not legal)
        entry = entry_of(probe, action)
        probe.apply_unchecked(action)
        return entry

    def _draw(self, probe: State, entries: list[Entry]) -> None:
        while probe.is_chance_node():
            index = len(probe.history)
            action = probe.sample_chance(position_rng(self.seeds.seed_at(index), index))
            entries.append(entry_of(probe, action))
            probe.apply_unchecked(action)

    def adopt(self, commit: Commit) -> list[Event]:
        """Make ``commit`` the table's position and log; returns the events.

        Raises:
            StaleCommit: the table is no longer at the version it was proposed on.
        """
        if commit.base != self.version:
            raise StaleCommit(commit.base, self.version)
        if not commit.entries:
            return []
        self._state = commit.state
        self.log.extend(commit.entries)
        self.controls.extend(commit.controls)
        self.turn_since = self.clock()
        events: list[Event] = [Played(self.version, commit.entries, commit.seat)]
        state = self._state
        if state.is_terminal():
            self.log.revealed = True  # the end reveals every action
            if self.status in (OPEN, PLAYING):
                self.status = FINISHED
                events.append(Finished(self.version, tuple(float(s) for s in state.scores()), tuple(state.ranking())))
        return self._emit(events)

    def play(self, seat: int, actions: Sequence[int], *, draw: bool = True) -> list[Event]:
        """:meth:`propose` and :meth:`adopt` at once (an interface that stores nothing)."""
        return self.adopt(self.propose(seat, actions, draw=draw))

    def play_chance(self) -> list[Event]:
        """Draw and play the chance outcomes due now."""
        return self.adopt(self.propose_chance())

    def bot_turn(self) -> BotTurn | None:
        """The bot decision due now, or ``None`` (a person, chance or nobody acts)."""
        state = self._state
        if self.status != PLAYING or state.is_terminal():
            return None
        player = state.current_player()
        if player < 0:
            return None
        spec = self.controller(player)
        if spec is None:
            return None
        return self._turn_for(player, spec)

    def _turn_for(self, player: int, spec: str) -> BotTurn:
        """The decision due now from ``player``, for the bot ``spec``: its observation only."""
        state = self._state
        index = self.version
        return BotTurn(
            self.game, player, spec, index, self.seeds.seed_at(index), state.observation(player),
            tuple(state.legal_actions()),
        )  # fmt: skip

    def timeout_turn(self, spec: str) -> BotTurn | None:
        """The decision due from a person whose time ran out, for the bot ``spec`` to play
        (:mod:`savanna.table.clocks`); ``None`` when no person is due to act."""
        state = self._state
        if self.status != PLAYING or state.is_terminal():
            return None
        player = state.current_player()
        if player < 0 or self.controller(player) is not None:
            return None
        return self._turn_for(player, spec)

    def propose_timeout(self, turn: BotTurn, action: int, *, draw: bool = True) -> Commit | None:
        """The move the bot chose for a person out of time (:meth:`timeout_turn`); the
        record says a bot played that one move (so replay checks it). ``None`` when the
        decision is no longer due (the person moved first, or a bot plays the seat now).

        Raises:
            IllegalActionError: an action the rules refuse.
        """
        if self.status != PLAYING or turn.index != self.version or self.controller(turn.seat) is not None:
            return None
        own = self.seats[turn.seat].playing_form
        controls = ((turn.index, turn.seat, BOT_PREFIX + turn.spec), (turn.index + 1, turn.seat, own))
        return self._propose(turn.seat, [action], draw, controls)

    def start(self) -> list[Event]:
        """Begin the game (every seat taken); chance due is then drawn by the interface
        (:meth:`propose_chance`), so that it can be stored first."""
        if self.status != OPEN:
            return []
        self.status = PLAYING
        self.turn_since = self.clock()
        return self._emit([Started(self.version)])

    def set_status(self, status: str) -> None:
        """Take the status another authority decided (a database: another process started
        the game, or its clean-up closed it as abandoned)."""
        self.status = status
        if status == FINISHED or self._state.is_terminal():
            self.log.revealed = True

    # -- undo -------------------------------------------------------------------------
    def undo(self, seat: int) -> Undo:
        """Take back ``seat``'s last action, unless something was learnt since it was played
        (see :mod:`savanna.table.undo`); says why not when it refuses."""
        if not self.can_undo:
            return Undo("unavailable")
        if not any(e.actor == seat for e in self.log):
            return Undo("nothing")
        last = self.log[-1]
        if last.is_chance:
            return Undo("after_chance", last)
        if last.actor != seat:
            return Undo("after_reply", last)
        cut = len(self.log) - 1
        before = self.position_at(cut)
        if showed_something(before, self._state.history[cut], seat, self.seeds.seed_at(cut)):
            return Undo("after_peek", last)
        self._state = before
        self.log.cut(cut)
        self.seeds.rewind(cut)
        self.controls = [c for c in self.controls if c[0] <= cut]
        self.turn_since = self.clock()
        self._emit([TookBack(self.version, last)])
        return Undo(None, last)

    def position_at(self, length: int) -> State:
        """The position after the first ``length`` actions of the game (a new state)."""
        state = self.game.new_initial_state()
        for action in self._state.history[:length]:
            state.apply_unchecked(action)
        return state

    # -- records and saves ------------------------------------------------------------
    def record(self) -> Record:
        """The record of the game so far: its seeds, how chance and bots drew from them,
        who played each seat (and when that changed)."""
        if not self.checked:
            return record_of(self._state, seats=self.first_seats)
        seeded = self.bots_checked
        return record_of(
            self._state,
            seed=self.seeds.seed,
            seats=self.first_seats,
            chance=POSITION,
            reseeds=self.seeds.reseeds,
            bots=POSITION if seeded else None,
            controls=self.controls if seeded else (),
        )

    def save(self, seal: Callable[[Record], str], *, going_on: bool = True) -> str:
        """The text to save: a finished game's record, or ``seal(record)`` for a game in
        progress. When the game goes on after it, chance and bots draw from a fresh seed
        from here (the final record lists it in ``reseeds``): no saved file computes the
        future.

        Raises:
            SavannaError: whatever ``seal`` raises (nothing changed then).
        """
        record = self.record()
        if self.finished:
            return record.to_json()
        text = seal(record)
        if going_on:
            self.seeds.reseed(self.version, self._fresh_seed())
            self._emit([Reseeded(self.version)])
        return text

    @classmethod
    def resume(
        cls,
        record: Record,
        seats: Sequence[Seat] | None = None,
        *,
        seed: int | None = None,
        fresh_seed: Callable[[], int] = fresh_seed,
        **options: object,
    ) -> Table:
        """The game of ``record`` (a save or a record) set to go on.

        The record is replayed through the rules, every die and seeded bot move checked
        against its seeds. The past keeps its seeds; what follows is drawn from ``seed``
        (fresh randomness by default), so nothing in the file tells what comes next.

        Args:
            record: the game so far.
            seats: who plays each seat from now on (by default the record's seats, people
                where it names none); a seat that changes hands is listed in the record's
                ``controls``.
            seed: the seed of what follows.
            fresh_seed: where a fresh seed comes from when ``seed`` is not given.
            **options: the other arguments of :class:`Table` (``undo``, ``clock`` ...).

        Raises:
            RecordError: the record does not replay, or a die or bot move is not the one
                its seeds give.
        """
        replayed, _ = replay_checked(record)
        game = replayed.game
        n = game.num_players
        first = list(record.seats) if record.seats is not None and len(record.seats) == n else [HUMAN] * n
        playing = [Seat.of_record(form) for form in first]
        controls = list(record.controls or [])
        for _, seat, form in controls:
            playing[seat] = Seat.of_record(form)
        chosen = list(seats) if seats is not None else playing
        index = len(record.actions)
        for i, (before, now) in enumerate(zip(playing, chosen, strict=True)):
            if before.record_form != now.playing_form:
                controls.append((index, i, now.playing_form))
        fresh = seed if seed is not None else fresh_seed()
        if record.chance == POSITION and record.seed is not None:
            schedule = SeedSchedule(record.seed, record.reseeds or [])
            if not replayed.is_terminal():
                schedule.reseed(index, fresh)
            first_seed, reseeds, checked = schedule.seed, schedule.reseeds, True
        else:
            first_seed, reseeds, checked = fresh, [], False
        return cls(
            game,
            chosen,
            seed=first_seed,
            reseeds=reseeds,
            history=list(replayed.history),
            controls=controls,
            first_seats=first,
            checked=checked,
            bots_checked=checked and record.bots is not None,
            fresh_seed=fresh_seed,
            **options,  # type: ignore[arg-type]
        )
