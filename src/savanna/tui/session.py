"""A whole game at one keyboard: people and bots around one terminal.

:class:`PlaySession` is the screen and keyboard around a :class:`~savanna.table.Table`,
which owns the game: its seats, its seeds (chance is drawn from the seed and the position
in the game, the record says so and ``savanna replay`` checks every die and every bot
move), its log and who may read each action, undo, saves and the record. The session draws
each screen to fit the window (:mod:`savanna.tui.frames`), reads what people type
(:mod:`savanna.tui.turns`, :mod:`savanna.tui.prompt`) and opens the pages they ask for
(:mod:`savanna.tui.pages`): ``?`` the help and the symbols, ``rules`` the rules in short,
``list`` every choice. Saves, ``quit`` and the end are in :mod:`savanna.tui.keeping`.

On a shared screen with several people and secrets, the screen and its scroll-back are
wiped before each person's turn, keys typed in advance are thrown away, and the next
screen appears only when the next player types their seat number: a stray Enter never
shows a card to the wrong person. Nothing is drawn between turns but what a spectator may
see.

``undo`` takes back the player's last move only while it taught them nothing (the table's
rule, :mod:`savanna.table.undo`). A game in progress is saved sealed (:mod:`savanna.saves`):
no seed, card or move in clear; the rest of the session, and a resumed game, draw from a
fresh seed, so no saved file tells what comes next.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from savanna.core import CHANCE, Game, OptionError, State
from savanna.i18n.tui import M
from savanna.table import Seat, Table
from savanna.table.errors import MESSAGES as TABLE_MESSAGES
from savanna.tui import keeping, turns
from savanna.tui.choice import PROMOTED, Choice, Menu
from savanna.tui.coach import TerminalCoach
from savanna.tui.coach import words as coach_words
from savanna.tui.frames import table_screen
from savanna.tui.keeping import Outcome, _same, default_record_path
from savanna.tui.pages import Pages
from savanna.tui.prompt import TurnEnd, flush_typed_ahead, read_with_console
from savanna.tui.render import clear_screen, localise, secure_clear
from savanna.tui.screen import Screen, compose, render
from savanna.tui.seat import SeatSpec, seat_label
from savanna.tui.turns import STEP_PAUSE
from savanna.tui.view import Viewer

__all__ = ["Outcome", "PlaySession", "default_record_path", "table_seat"]


def table_seat(spec: SeatSpec) -> Seat:
    """The table's seat for a terminal seat (a person at the keyboard, or a bot)."""
    return Seat.human() if spec.bot is None else Seat.of_bot(spec.bot)


class PlaySession:
    """One game at one keyboard.

    Args:
        game: the configured game.
        seats: who plays each seat (as many as the game has players).
        seed: the seed of every chance draw and bot decision (the first, for a resumed game).
        reseeds: a resumed game's later seeds, ``(index, seed)``: from action ``index`` on,
            chance is drawn from that seed (see :class:`~savanna.core.rng.SeedSchedule`).
        checked: whether the record may say its chance was drawn by the ``position`` draw
            (false when ``history`` came from a record that did not say so).
        lang: ``"en"`` or ``"fr"``.
        console: where to draw (a Rich console).
        read: reads one line after showing a prompt; raises ``EOFError`` when input ends.
        pause: seconds the last screen of a bot's turn stays before the next bot plays (a
            quarter of it after every bot action, so that a piece is seen moving); chance
            outcomes do not wait.
        out: where the record is written at the end (and an unfinished game when input ends).
        save_to: where ``save`` without a file name writes (``out`` by default; the file a
            game was resumed from, when it was).
        history: actions already played (a resumed game), replayed through the rules.
        sleep: the pause function (tests pass a recorder).
        flush: throws away keys typed ahead, before a hand-over (tests pass their own).
        coach: whether the people at the table may ask the coach (``odds``, ``hint``).
        table: the table to play at, already set up (a game resumed by
            :meth:`~savanna.table.Table.resume`); ``game``, ``seed``, ``reseeds``,
            ``checked`` and ``history`` are then not used.

    Raises:
        OptionError: when the seat count differs from the player count or a bot spec is bad.
        IllegalActionError: when ``history`` holds an action the rules refuse.
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatSpec],
        *,
        seed: int = 0,
        lang: str = "en",
        console: Console | None = None,
        read: Callable[[str], str] | None = None,
        pause: float = 0.0,
        out: Path | None = None,
        save_to: Path | None = None,
        history: Sequence[int] = (),
        reseeds: Sequence[tuple[int, int]] = (),
        checked: bool = True,
        sleep: Callable[[float], None] = time.sleep,
        flush: Callable[[], None] = flush_typed_ahead,
        coach: bool = False,
        table: Table | None = None,
    ) -> None:
        if table is None:
            table = Table(
                game,
                [table_seat(s) for s in seats],
                seed=seed,
                reseeds=reseeds,
                history=list(history),
                checked=checked,
                undo=True,
            )
        elif len(seats) != table.game.num_players:
            raise OptionError(
                TABLE_MESSAGES.words("error.seats_count", seats=len(seats), players=table.game.num_players)
            )
        self.table = table
        self.game = table.game
        self.seats = list(seats)
        self.lang = lang
        self.console = console if console is not None else Console()
        self.read = read if read is not None else read_with_console(self.console)
        self.pause = pause
        self.sleep = sleep
        self.flush = flush
        self.out = out if out is not None else default_record_path(self.game.name)
        self.save_to = save_to if save_to is not None else self.out
        self.resumed_from = save_to
        # The files this session wrote or resumed from: ``save`` overwrites those without asking.
        self._ours: set[Path] = set() if save_to is None else {_same(save_to)}
        self.coach = TerminalCoach(self.game, lang) if coach else None
        self.pages = Pages(self)
        self.humans = [seat for seat, spec in enumerate(self.seats) if spec.is_human]
        self.hot_seat = len(self.humans) >= 2 and not self.game.spec.perfect_information
        # The seat whose secrets may be on screen now (None: only public information).
        self._on_screen: Viewer = None
        # A line to show under the next drawing of the board (an undo's confirmation).
        self._notice: Text | None = None
        # Messages said during a turn, shown above the prompt when the screen is redrawn
        # (None: print them at once).
        self._said: list[Text] | None = None
        # Whether an action that is a seat's only choice is played without asking (the
        # ``auto`` command; on by default when the game has no decisions at all).
        self.auto = not self.game.has_decisions()
        self._auto_told = False
        # The rest of a line that named several moves (``move Y ff l``), for ``_ahead_seat``'s
        # next prompts: dropped, with a notice, as soon as chance or someone else plays.
        self._ahead = ""
        self._ahead_seat = -1
        # How long the log was when each seat last looked at its screen (the news pages show
        # only what happened since).
        self.looked: dict[int, int] = {}

    # -- small helpers ----------------------------------------------------------------
    @property
    def state(self) -> State:
        """The table's position."""
        return self.table.state

    def t(self, key: str, **fields: object) -> str:
        """The terminal's message ``key`` in the session's language."""
        return M(key, self.lang, **fields)

    def seat_name(self, seat: int) -> str:
        """``Player 2 (bot heuristic)`` in the session's language."""
        spec = self.seats[seat]
        if spec.bot is not None:
            return self.t("seat.bot", n=seat + 1, bot=seat_label(spec, self.lang))
        if len(self.humans) == 1:
            return self.t("seat.you", n=seat + 1)
        return self.t("seat.human", n=seat + 1)

    def say(self, text: Text) -> None:
        """A message for the player: above the next prompt during a turn, else at once."""
        if self._said is not None:
            self._said.append(text)
        else:
            self.console.print(text, soft_wrap=True)

    def clear(self) -> None:
        """Clear the window."""
        clear_screen(self.console)

    def play(self, seat: int, action: int) -> None:
        """``seat``'s person plays ``action`` (refused with the rule when illegal)."""
        self.table.play(seat, [action], draw=False)

    def _passive_viewer(self) -> Viewer:
        """Whose view is drawn when nobody at the keyboard is choosing."""
        return self.humans[0] if len(self.humans) == 1 else None

    def _wait(self, share: float = 1.0) -> None:
        if self.pause > 0:
            self.sleep(self.pause * share)

    # -- what is on screen ------------------------------------------------------------
    def _show_public(self) -> None:
        """Before drawing anything that is not one seat's own turn."""
        if self.hot_seat and self._on_screen is not None:
            secure_clear(self.console)
            self._on_screen = None

    def screen(
        self,
        viewer: Viewer,
        *,
        menu: Menu | None = None,
        only: Sequence[Choice] | None = None,
        header: str | None = None,
        message: Sequence[Text] = (),
    ) -> Screen:
        """Everything one screen shows to ``viewer`` (see :func:`~savanna.tui.frames.table_screen`)."""
        hint = ""
        if menu is not None:
            hint = self.t("hint.undo" if self.table.can_undo else "hint")
            if self.coach is not None:
                hint += " · " + coach_words("terminal.commands", self.lang)
        return table_screen(
            self.table, viewer, self.lang, self.seat_name, menu=menu, only=only, header=header, hint=hint,
            message=message,
        )  # fmt: skip

    def draw(
        self,
        viewer: Viewer,
        *,
        menu: Menu | None = None,
        only: Sequence[Choice] | None = None,
        header: str | None = None,
        message: Sequence[Text] = (),
    ) -> None:
        """Clear the window and draw what ``viewer`` may see, laid out to fit."""
        self.clear()
        shown = self.screen(viewer, menu=menu, only=only, header=header, message=message)
        render(self.console, compose(shown, self.console.width, self.console.height))

    # -- the game loop ----------------------------------------------------------------
    def run(self) -> Outcome:
        """Play until the end of the game, a ``quit`` or the end of input.

        Returns:
            How the session ended; the record has been written unless the player declined.
        """
        table = self.table
        if table.version:
            self.console.print(self.t("resumed", n=table.version))
        try:
            while not table.finished:
                player = table.to_act()
                if player == CHANCE:
                    self._drop_ahead("ahead.chance")
                    table.play_chance()
                    # Nothing is drawn for chance (the next log says it); the screen is wiped
                    # unless the seat on it plays on (no second hand-over after its own roll).
                    after = CHANCE if table.finished else table.to_act()
                    if after != CHANCE and after != self._on_screen:
                        self._show_public()
                elif table.controller(player) is None:
                    if player != self._ahead_seat:
                        self._drop_ahead("ahead.other")
                    if (self.auto or self._continues(player)) and self.forced_step(player):
                        continue
                    if turns.human_turn(self, player) is TurnEnd.QUIT:
                        left = keeping.leave(self)
                        if left is not None:
                            return left
                else:
                    self._drop_ahead("ahead.other")
                    self._bot_step(player)
        except (EOFError, KeyboardInterrupt):
            self._said = None
            self.console.print()
            path = keeping.write(self, self.out)
            if path is not None:
                self.console.print(keeping.path_said(self, "interrupted", path=str(path)), soft_wrap=True)
            return Outcome(self.state, False, path, interrupted=True)
        return keeping.finish(self)

    def _continues(self, seat: int) -> bool:
        """Whether ``seat`` is in the middle of its turn: the last action was its own."""
        log = self.table.log
        return bool(log) and not log[-1].is_chance and log[-1].actor == seat

    def _drop_ahead(self, why: str) -> None:
        """Forget the rest of a line typed ahead, saying so (``why``: the message key)."""
        if self._ahead:
            self._notice = Text(self.t(why, rest=self._ahead), style="yellow")
            self._ahead = ""
        self._ahead_seat = -1

    def forced_step(self, seat: int) -> bool:
        """Play ``seat``'s only choice without asking (see :func:`~savanna.tui.turns.forced_step`)."""
        return turns.forced_step(self, seat)

    def _bot_step(self, seat: int) -> None:
        table = self.table
        forced = self.auto and len(self.state.legal_actions()) == 1
        turn = table.bot_turn()
        assert turn is not None  # only bot seats reach here
        commit = table.propose_bot(turn, turn.decide(), draw=False)
        assert commit is not None  # nothing else changes the table meanwhile
        # The last screen of another bot's turn stays up for the full pause; the actions
        # within one turn (a piece moving step by step) only wait a share of it.
        previous = next((e.actor for e in reversed(table.log) if not e.is_chance), None)
        if previous is not None and previous != seat and table.controller(previous) is not None:
            self._wait()
        self._show_public()
        start = len(table.log)
        table.adopt(commit)
        if forced:
            turns.auto_line(self, seat, start)
            return
        viewer = self._passive_viewer()
        shown = commit.entries[0].words_for(viewer, self.lang) or self.t("hidden.move")
        said = Text(self.t("bot.played", who=self.seat_name(seat), what=localise(shown, self.lang)), style="bold")
        self.draw(viewer, message=[said])
        self._wait(STEP_PAUSE)

    def _menu(self) -> Menu:
        state = self.state
        legal = state.menu_order(state.legal_actions())
        texts = [state.local_action_text(a, self.lang) for a in legal]
        words = [state.describe_action(a, self.lang) for a in legal]
        notation = [state.action_to_text(a) for a in legal]
        # A family the game ranked (its members out of their usual order): its likeliest
        # members get keys of their own.
        ids: dict[str, list[int]] = {}
        for action, text in zip(legal, texts, strict=True):
            ids.setdefault(text.split(" ", 1)[0].lower(), []).append(action)
        ranked = {verb: PROMOTED for verb, members in ids.items() if members != sorted(members)}
        return Menu.build(texts, words, notation=notation, promote=ranked)

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action, unless something was learnt since it was played
        (the table's rule); says why not when it refuses."""
        undo = self.table.undo(seat)
        entry = undo.entry

        def said(words: str | None) -> str:  # the move in the reader's words, quoted
            shown = localise(words, self.lang) if words else self.t("hidden")
            return f"« {shown} »" if self.lang == "fr" else f'"{shown}"'

        if undo.done:
            assert entry is not None
            self._notice = Text(self.t("undo.done", what=said(entry.words_for(seat, self.lang))), style="yellow")
            return True
        fields: dict[str, object] = {}
        if entry is not None and undo.refused == "after_reply":
            fields["who"] = self.seat_name(entry.actor)
        elif entry is not None:
            fields["what"] = said(entry.words_for(seat, self.lang))
        self.say(Text(self.t(f"undo.{undo.refused}", **fields), style="yellow"))
        return False
