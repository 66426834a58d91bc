"""A whole game at one keyboard: people and bots around one terminal.

:class:`PlaySession` drives a state through the core protocol only: chance is drawn from a
seeded generator, bots are asked for their move from their own observation, people type a
number, a move, or its words. Every screen is laid out to fit the window
(:mod:`savanna.tui.screen`): the board, whose turn it is, what just happened in words, the
choices with what each does and, when there is room, the meaning of the board's symbols.
A mistake is answered above the prompt and the screen is drawn again, so nothing the
player needs scrolls away. ``?`` shows the help and the symbols, ``rules`` the rules in
short, ``list`` every choice, each on pages that fit the window.

On a shared screen with several people and secrets, the screen and its scroll-back are
wiped before each person's turn, keys typed in advance are thrown away, and the next
screen appears only when the next player types their seat number: a stray Enter never
shows a card to the wrong person. Nothing is drawn between turns but what a spectator may
see.

Chance is drawn from the seed and the position in the game (the ``position`` draw of
:mod:`savanna.core.rng`), and the record says so, so that ``savanna replay`` checks every
die. ``undo`` takes back the player's last move only while it taught them nothing: not
after a chance outcome, another seat's reply or a move that showed something hidden (a
peek). A game in progress is saved sealed (:mod:`savanna.saves`): no seed, card or move in
clear; a resumed game draws from a fresh seed from the resume point on.
"""

from __future__ import annotations

import datetime
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from rich.console import Console
from rich.text import Text

from savanna.coach.text import number
from savanna.core import (
    CHANCE,
    Game,
    NotationError,
    OptionError,
    Record,
    SavannaError,
    State,
    canonical_json,
    make_rng,
    record_of,
)
from savanna.core.rng import POSITION, SeedSchedule, position_rng
from savanna.i18n.tui import M
from savanna.saves import seal
from savanna.tui.choice import Choice, Menu
from savanna.tui.coach import TerminalCoach
from savanna.tui.coach import words as coach_words
from savanna.tui.render import (
    board_lines,
    choice_cells,
    clear_screen,
    format_score,
    game_title,
    legend_entries,
    localise,
    secret_lines,
    secure_clear,
    sheet_entries,
)
from savanna.tui.screen import (
    Cells,
    Lines,
    Log,
    Screen,
    Section,
    compose,
    page,
    render,
    wrap_all,
)
from savanna.tui.seat import SeatSpec, build_bot, seat_label
from savanna.tui.view import Event, Viewer, event_of, log_forms

__all__ = [
    "Outcome",
    "PlaySession",
    "default_record_path",
    "end_screen",
    "flush_typed_ahead",
    "read_with_console",
]

_COMMANDS: dict[str, str] = {
    "save": "save",
    "sauver": "save",
    "enregistrer": "save",
    "undo": "undo",
    "annuler": "undo",
    "help": "help",
    "aide": "help",
    "?": "help",
    "legend": "help",
    "légende": "help",
    "legende": "help",
    "rules": "rules",
    "règles": "rules",
    "regles": "rules",
    "quit": "quit",
    "quitter": "quit",
    "exit": "quit",
    "board": "board",
    "plateau": "board",
    "list": "list",
    "liste": "list",
    # the coach (savanna play --coach)
    "odds": "odds",
    "chances": "odds",
    "cotes": "odds",
    "hint": "hint",
    "conseil": "hint",
    "indice": "hint",
}
_YES = frozenset({"y", "yes", "o", "oui"})
LOG_ENTRIES = 6
"""Turns the log keeps (fewer are shown when room is short)."""
LOG_LINES = 5
"""Lines the log takes at most when other sections want room."""
MAX_INPUT = 200
"""Longer lines are refused before parsing (no move is that long)."""
STEP_PAUSE = 0.25
"""The share of ``pause`` waited between two actions of the same bot turn."""
PEEK_SAMPLES = 8
"""States the player cannot tell from the real one, tried to see whether a move showed something."""


class _Turn(Enum):
    PLAYED = "played"
    UNDONE = "undone"
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a session ended.

    Attributes:
        state: the last state.
        finished: whether the game reached its end.
        record_path: where the record was written (``None`` when the player declined).
        interrupted: whether input ended (end of file, Ctrl-C) rather than a ``quit``.
    """

    state: State
    finished: bool
    record_path: Path | None
    interrupted: bool = False


def default_record_path(
    game: str, directory: Path | None = None, when: datetime.datetime | None = None
) -> Path:
    """``<game>-<date>-<time>.savanna.json`` in ``directory`` (the current one), never an
    existing file. The seed is not in the name: a game in progress keeps it secret.
    """
    folder = Path.cwd() if directory is None else directory
    stamp = (when or datetime.datetime.now()).strftime("%Y-%m-%d-%H%M")
    path = folder / f"{game}-{stamp}.savanna.json"
    n = 2
    while path.exists():
        path = folder / f"{game}-{stamp}-{n}.savanna.json"
        n += 1
    return path


def read_with_console(console: Console) -> Callable[[str], str]:
    """A line reader that prints its prompt through ``console``."""

    def read(prompt: str) -> str:
        # The terminal wraps a long prompt itself; Rich must not insert line breaks into it.
        return console.input(Text(prompt, style="bold", no_wrap=True, overflow="ignore"))

    return read


def flush_typed_ahead() -> None:
    """Throw away keys typed but not yet read, when standard input is a terminal.

    Called as the hand-over screen appears: an Enter typed in a hurry by the previous
    player must not answer it.
    """
    try:
        import termios

        if sys.stdin is not None and sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # not a POSIX terminal: nothing to flush
        return


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

    Raises:
        OptionError: when the seat count differs from the player count or a bot spec is bad.
        IllegalActionError: when ``history`` holds an action the rules refuse.
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatSpec],
        *,
        seed: int,
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
    ) -> None:
        if len(seats) != game.num_players:
            raise OptionError(
                f"{len(seats)} seats given for a {game.num_players}-player game",
                f"{len(seats)} sièges donnés pour une partie à {game.num_players} joueurs",
            )
        self.game = game
        self.seats = list(seats)
        self.seeds = SeedSchedule(seed, reseeds)
        self.checked = checked
        self.lang = lang
        self.console = console if console is not None else Console()
        self.read = read if read is not None else read_with_console(self.console)
        self.pause = pause
        self.sleep = sleep
        self.flush = flush
        self.out = out if out is not None else default_record_path(game.name)
        self.save_to = save_to if save_to is not None else self.out
        self.resumed_from = save_to
        self.coach = TerminalCoach(game, lang) if coach else None
        for seat, spec in enumerate(self.seats):
            if spec.bot is not None:
                build_bot(spec.bot, game, seat, make_rng(seed, "check", seat))  # validates the spec
        self.humans = [seat for seat, spec in enumerate(self.seats) if spec.is_human]
        self.hot_seat = len(self.humans) >= 2 and not game.spec.perfect_information
        self.can_undo = len(self.humans) == 1 and game.num_players >= 2
        self.state: State = game.new_initial_state()
        self.actors: list[int] = []
        self.events: list[Event] = []
        # The seat whose secrets may be on screen now (None: only public information).
        self._on_screen: Viewer = None
        # A line to show under the next drawing of the board (an undo's confirmation).
        self._notice: Text | None = None
        # Messages said during a turn, shown above the prompt when the screen is redrawn
        # (None: print them at once).
        self._said: list[Text] | None = None
        for action in history:
            self._apply(action)

    # -- small helpers ----------------------------------------------------------------
    def _t(self, key: str, **fields: object) -> str:
        return M(key, self.lang, **fields)

    def seat_name(self, seat: int) -> str:
        """``Player 2 (bot heuristic)`` in the session's language."""
        spec = self.seats[seat]
        if spec.bot is not None:
            return self._t("seat.bot", n=seat + 1, bot=seat_label(spec, self.lang))
        if len(self.humans) == 1:
            return self._t("seat.you", n=seat + 1)
        return self._t("seat.human", n=seat + 1)

    def _who(self, actor: int) -> str:
        """The label of a log entry: ``P2: ``, ``Chance: ``."""
        name = self._t("chance.name") if actor == CHANCE else self._t("seat.short", n=actor + 1)
        return name + self._t("colon")

    def _hidden(self, event: Event) -> str:
        return self._t("hidden") if event.is_chance else self._t("hidden.move")

    def _say(self, text: Text) -> None:
        """A message for the player: above the next prompt during a turn, else at once."""
        if self._said is not None:
            self._said.append(text)
        else:
            self.console.print(text, soft_wrap=True)

    def _passive_viewer(self) -> Viewer:
        """Whose view is drawn when nobody at the keyboard is choosing."""
        if len(self.humans) == 1:
            return self.humans[0]
        return None

    def _wait(self, share: float = 1.0) -> None:
        if self.pause > 0:
            self.sleep(self.pause * share)

    def _apply(self, action: int) -> Event:
        event = event_of(self.state, action, self.lang)
        self.state.apply(action)
        self.actors.append(event.actor)
        self.events.append(event)
        return event

    def _clear(self) -> None:
        clear_screen(self.console)

    # -- what is on screen ------------------------------------------------------------
    def _show_public(self) -> None:
        """Before drawing anything that is not one seat's own turn."""
        if self.hot_seat and self._on_screen is not None:
            secure_clear(self.console)
            self._on_screen = None

    def _seat_typed(self, answer: str, seat: int) -> bool:
        """Whether ``answer`` names ``seat`` (``2``, ``p2``, ``player 2``, ``joueur 2``)."""
        words = answer.strip().lower().replace(" ", "")
        number = str(seat + 1)
        if words == number:
            return True
        prefixes = {w.strip() for lang in ("en", "fr") for w in M("seat.words", lang).split(",")}
        return any(words == prefix + number for prefix in prefixes)

    def _hand_over(self, seat: int) -> _Turn | None:
        """Wipe the screen and wait for ``seat``'s player to take the keyboard.

        Keys typed before this screen appeared are thrown away, and only the seat's number
        (or its name) lets the game go on: an Enter typed in a hurry does nothing.
        """
        if not self.hot_seat or self._on_screen == seat:
            return None
        secure_clear(self.console)
        self._on_screen = None
        self.flush()
        who = self.seat_name(seat)
        while True:
            answer = self.read(self._t("handover", who=who, n=seat + 1) + " ")
            if self._seat_typed(answer, seat):
                break
            command = self._command(answer)
            if command == "quit":
                return _Turn.QUIT
            if command == "save":
                self._save_command(answer)
            elif command in {"help", "rules", "list", "board", "odds", "hint"}:
                self.console.print(self._t("help.handover", who=who, n=seat + 1), soft_wrap=True)
            else:
                self.console.print(
                    Text(self._t("handover.wrong", who=who, n=seat + 1), style="yellow"),
                    soft_wrap=True,
                )
        self._on_screen = seat
        return None

    def screen(
        self,
        viewer: Viewer,
        *,
        menu: Menu | None = None,
        only: Sequence[Choice] | None = None,
        header: str | None = None,
        message: Sequence[Text] = (),
    ) -> Screen:
        """Everything one screen shows to ``viewer`` (laid out by :func:`compose`).

        Args:
            viewer: whose view is drawn (``None``: the public view).
            menu: the choices, when ``viewer`` is to choose.
            only: the entries to show instead of the whole menu (a filtered list).
            header: the line above the choices (default: how to choose).
            message: lines above the prompt.
        """
        obs = self.state.observation(viewer)
        who = self._t("view.spectator") if viewer is None else self.seat_name(viewer)
        title = Text(f"{game_title(self.game, self.lang)} — {who} ", style="bold")
        title.append("─" * 80, style="dim")
        player = self.state.current_player()
        if self.state.is_terminal():
            turn = self._t("status.over")
        elif player == CHANCE:
            turn = self._t("chance.name")
        else:
            turn = self.seat_name(player)
        status = Text(self._t("status.turn") + self._t("colon"), style="bold")
        status.append(turn, style="bold green")
        log = log_forms(self.events, viewer, self._who, self._hidden, LOG_ENTRIES, self._t("sep"))
        sections: list[tuple[int, Section]] = [
            (0, Lines([status], required=-1)),
            (2, Log(log.older, log.forms, most_lines=LOG_LINES)),
        ]
        if menu is not None:
            entries = list(only) if only is not None else list(menu.choices)
            sections.append(
                (
                    1,
                    Cells(
                        choice_cells(entries, self.lang),
                        header=Text(header or self._t("choices"), style="bold"),
                        more=self._t("choices.more", n="{n}"),
                    ),
                )
            )
            hint = self._t("hint.undo" if self.can_undo else "hint")
            if self.coach is not None:
                hint += " · " + coach_words("terminal.commands", self.lang)
            sections.append((3, Lines([Text(hint, style="dim")])))
        legend = legend_entries(self.game, self.lang)
        if legend:
            sections.append(
                (4, Lines([Text(self._t("legend.title"), style="bold"), *legend], whole=True))
            )
        order = [section for _, section in sections]
        ranks = [rank for rank, _ in sections]
        return Screen(
            title=title,
            board=board_lines(self.game, obs, self.lang),
            sections=order,
            ranks=ranks,
            message=list(message),
        )

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
        self._clear()
        shown = self.screen(viewer, menu=menu, only=only, header=header, message=message)
        render(self.console, compose(shown, self.console.width, self.console.height))

    # -- the game loop ----------------------------------------------------------------
    def run(self) -> Outcome:
        """Play until the end of the game, a ``quit`` or the end of input.

        Returns:
            How the session ended; the record has been written unless the player declined.
        """
        if self.state.history:
            self.console.print(self._t("resumed", n=len(self.state.history)))
        try:
            while not self.state.is_terminal():
                player = self.state.current_player()
                if player == CHANCE:
                    self._chance_step()
                elif self.seats[player].is_human:
                    if self._human_turn(player) is _Turn.QUIT:
                        return self._quit()
                else:
                    self._bot_step(player)
        except (EOFError, KeyboardInterrupt):
            self._said = None
            self.console.print()
            path = self._write(self.out)
            if path is not None:
                self.console.print(self._t("interrupted", path=str(path)), soft_wrap=True)
            return Outcome(self.state, False, path, interrupted=True)
        return self._finish()

    def _chance_step(self) -> None:
        index = len(self.state.history)
        rng = position_rng(self.seeds.seed_at(index), index)
        self._apply(self.state.sample_chance(rng))
        # Nothing is drawn for chance: the next screen's log tells what came out.
        self._show_public()

    def _bot_step(self, seat: int) -> None:
        spec = self.seats[seat].bot
        assert spec is not None  # only bot seats reach here
        index = len(self.state.history)
        bot = build_bot(
            spec, self.game, seat, make_rng(self.seeds.seed_at(index), "bot", seat, index)
        )
        action = bot.act(self.state.observation(seat), self.state.legal_actions())
        # The last screen of another bot's turn stays up for the full pause; the actions
        # within one turn (a piece moving step by step) only wait a share of it.
        previous = next((e.actor for e in reversed(self.events) if not e.is_chance), None)
        if previous is not None and previous != seat and not self.seats[previous].is_human:
            self._wait()
        self._show_public()
        event = self._apply(action)
        viewer = self._passive_viewer()
        shown = event.words_to(viewer) or self._t("hidden.move")
        said = Text(
            self._t("bot.played", who=self.seat_name(seat), what=localise(shown, self.lang)),
            style="bold",
        )
        self.draw(viewer, message=[said])
        self._wait(STEP_PAUSE)

    def _codes(self, texts: Sequence[str]) -> list[str]:
        """The short code of each action text, when none is grouped."""
        return [c.code for c in Menu.build(texts, family_min=len(texts) + 1).choices]

    def _menu(self) -> Menu:
        legal = self.state.legal_actions()
        texts = [self.state.action_to_text(a) for a in legal]
        words = [self.state.describe_action(a, self.lang) for a in legal]
        return Menu.build(texts, words)

    def _human_turn(self, seat: int) -> _Turn:
        if self._hand_over(seat) is _Turn.QUIT:
            return _Turn.QUIT
        menu = self._menu()
        texts = menu.texts
        if len(texts) == 1:
            prompt = self._t("prompt.only", who=self.seat_name(seat), what=texts[0]) + " "
        else:
            prompt = self._t("prompt", who=self.seat_name(seat)) + " "
        message: list[Text] = []
        if self._notice is not None:
            message.append(self._notice)
            self._notice = None
        only: Sequence[Choice] | None = None
        header: str | None = None
        typed = self._news_pages(seat, menu)  # a move or a command typed at the end of the news
        while True:
            if typed:
                answer, typed = typed, ""
            else:
                self.draw(seat, menu=menu, only=only, header=header, message=message)
                message, only, header = [], None, None
                answer = self.read(prompt)
            self._said = message
            try:
                outcome = self._answer(seat, menu, answer)
            finally:
                self._said = None
            if isinstance(outcome, _Turn):
                return outcome
            if outcome is not None:
                only, header = outcome

    def _answer(
        self, seat: int, menu: Menu, answer: str
    ) -> _Turn | tuple[Sequence[Choice], str] | None:
        """Act on one line typed at the move prompt.

        Returns:
            How the turn ends, the entries to list on the next screen (with their
            header), or ``None`` (draw the screen again, with what was said).
        """
        texts = menu.texts
        if len(answer) > MAX_INPUT:
            self._say(Text(self._t("too.long", n=len(answer)), style="bold red"))
            return None
        if not answer.strip():
            if len(texts) != 1:
                return None
            answer = texts[0]
        command = None if menu.is_move(answer) else self._command(answer)
        if command == "quit":
            return _Turn.QUIT
        if command in {"help", "rules", "list"}:
            typed = {"help": self._help_pages, "rules": self._rules_pages}.get(
                command, lambda: self._list_pages(menu)
            )()
            # A command typed at the end of the pages is run next ("rules" after the help).
            if typed and typed.lower() not in {"q", "quit", "quitter", "exit"}:
                return self._answer(seat, menu, typed)
            return None
        if command in {"odds", "hint"}:
            typed = self._coach_pages(seat, command)
            if typed and typed.lower() not in {"q", "quit", "quitter", "exit"}:
                return self._answer(seat, menu, typed)
            return None
        if command == "save":
            self._save_command(answer)
            return None
        if command == "board":
            return None
        if command == "undo":
            return _Turn.UNDONE if self._undo(seat) else None
        match = menu.match(answer)
        if match.kind == "out_of_range":
            n = len(menu.choices)
            key = "out.of.range.one" if n == 1 else "out.of.range"
            self._say(Text(self._t(key, typed=answer.strip(), n=n), style="bold red"))
            return None
        if match.kind == "several":
            return match.choices, self._t("choices.some", what=match.text)
        wanted: str | None = match.text
        if match.kind == "family":
            wanted = self._ask_family(seat, menu, match.choices[0])
            if wanted is None:
                return None
        assert wanted is not None
        return self._play_text(seat, menu, wanted)

    def _play_text(
        self, seat: int, menu: Menu, wanted: str
    ) -> _Turn | tuple[Sequence[Choice], str] | None:
        """Play the move ``wanted`` names, reading it generously; say why when it cannot."""
        try:
            self._apply(self.state.parse_action(wanted))
            return _Turn.PLAYED
        except SavannaError as err:
            refusal = err
        by_words = menu.by_words(wanted)
        if by_words.kind == "action":
            self._apply(self.state.parse_action(by_words.text))
            return _Turn.PLAYED
        if by_words.kind == "several":
            self._say(Text(self._t("pick.one", typed=wanted.strip()), style="yellow"))
            return by_words.choices, self._t("choices.some", what=wanted.strip())
        self._say(Text(localise(refusal.text(self.lang), self.lang), style="bold red"))
        first = wanted.split(maxsplit=1)[0].lower() if wanted.strip() else ""
        verbs = menu.verbs()
        # A refused move already says why; text the game could not read gets the verbs of now.
        if isinstance(refusal, NotationError) and first not in {v.lower() for v in verbs}:
            self._say(Text(self._t("not.now", verbs=", ".join(verbs)), style="yellow"))
        else:
            self._say(Text(self._t("try.again"), style="dim"))
        return None

    def _ask_family(self, seat: int, menu: Menu, family: Choice) -> str | None:
        """Ask which member of ``family`` is meant; ``None`` when the player goes back.

        Members whose words differ only at the end (``a berry on a3``, ``a berry on b3``)
        are shown by that end, which may be typed as the answer.
        """
        known: dict[str, str] = {}
        if family.alphabet:
            prompt = self._t(
                "family.ask.subset",
                verb=family.text,
                chars=" ".join(family.alphabet),
                example=family.example.split(maxsplit=1)[1],
            )
        else:
            shared, rests = family.word_parts()
            if rests:
                members = [Choice("", rest) for rest in rests]
                header = f"{family.text}{self._t('colon')}{localise(shared, self.lang)} ..."
                known = {
                    rest.lower(): member for rest, member in zip(rests, family.members, strict=True)
                }
                example = rests[len(rests) // 2]
            else:
                members = [
                    Choice(argument, f"{family.text} {argument}", words=words)
                    for argument, words in zip(family.arguments, family.member_words, strict=True)
                ]
                header = self._t("family.options", verb=family.text)
                example = family.example.split(maxsplit=1)[1]
            self.draw(seat, menu=menu, only=members, header=header)
            prompt = self._t("family.ask", verb=family.text, example=example)
        answer = self.read(prompt + " ")
        if not answer.strip() or len(answer) > MAX_INPUT:
            return None
        typed = " ".join(answer.split())
        if typed.lower() in known:
            return known[typed.lower()]
        if typed.lower().startswith(family.text.lower()):
            return typed
        return f"{family.text} {typed}"

    def _command(self, answer: str) -> str | None:
        words = answer.strip().split(maxsplit=1)
        if not words:
            return None
        return _COMMANDS.get(words[0].lower())

    # -- pages ------------------------------------------------------------------------
    def _page(self, title: str, lines: Sequence[Text]) -> str:
        width = self.console.width
        heading = Text(title, style="bold")
        return page(
            self.console,
            self.read,
            [*wrap_all([heading], width), *lines],
            more=self._t("page.more", page="{page}", pages="{pages}"),
            done=self._t("page.done"),
            clear=self._clear,
        )

    def _help_pages(self) -> str:
        """The commands, then the meaning of every symbol of the board."""
        width = self.console.width
        undo = self._t("help.undo") if self.can_undo else ""
        lines: list[Text] = []
        commands = self._t("help", undo=undo).split("\n")
        if self.coach is not None:
            commands += [coach_words("terminal.help_odds", self.lang), coach_words("terminal.help_hint", self.lang)]
        for line in commands:
            command = line.startswith("  ")
            lines += wrap_all([Text(line)], width, indent=16 if command else 0)
        legend = legend_entries(self.game, self.lang)
        if legend:
            lines += [Text(""), Text(self._t("legend.title"), style="bold")]
            pad = max(len(symbol) for symbol, _ in self.game.legend(self.lang)) + 2
            lines += wrap_all(legend, width, indent=pad)
        return self._page(self._t("help.title"), lines)

    def _news_pages(self, seat: int, menu: Menu) -> str:
        """Every turn since ``seat`` last played, on pages, when its screen has no room for all.

        A tall board (five players' pawns on the river race's map) leaves a few lines for
        the log; what happened since the player's last turn is then shown first, in full.
        Returns what was typed to leave the pages (a move or a command, played next).
        """
        shown = self.screen(seat, menu=menu)
        compose(shown, self.console.width, self.console.height)
        log = next((s for s in shown.sections if isinstance(s, Log)), None)
        if log is None or not log.dropped:
            return ""
        width = self.console.width
        room = self.console.height - 3  # the title, its wrap, the pager's prompt
        lines = wrap_all(log.forms[0], width, 2)
        if len(lines) > room:
            lines = wrap_all(log.forms[-1], width, 2)
        typed = self._page(self._t("news.title"), lines)
        return "" if typed.lower() in {"q", "quit", "quitter", "exit"} else typed

    def _coach_pages(self, seat: int, what: str) -> str:
        """The coach's ``odds`` or ``hint`` for ``seat``, on pages (or why it is off)."""
        if self.coach is None:
            self._say(Text(coach_words("terminal.off", self.lang), style="yellow"))
            return ""
        if self.coach.seconds is not None:
            thinking = coach_words("terminal.thinking", self.lang, seconds=number(self.coach.seconds, self.lang, 0))
        else:
            thinking = coach_words("terminal.thinking_rounds", self.lang, rounds=self.coach.samples)
        self.console.print(Text(thinking, style="dim"))
        index = len(self.state.history)
        lines = self.coach.lines(self.state, seat, what, self.seeds.seed_at(index), self.console.width)
        title = coach_words(f"terminal.title_{what}", self.lang, player=self.seat_name(seat))
        return self._page(title, [Text(line) for line in lines])

    def _rules_pages(self) -> str:
        """The game's rules in short."""
        summary = localise(self.game.rules_summary(self.lang), self.lang)
        paragraphs = [Text(p.strip()) for p in summary.split("\n\n") if p.strip()]
        lines: list[Text] = []
        for i, paragraph in enumerate(paragraphs):
            if i:
                lines.append(Text(""))
            lines += wrap_all([Text(" ".join(paragraph.plain.split()))], self.console.width)
        title = self._t("help.rules", game=game_title(self.game, self.lang))
        return self._page(title, lines)

    def _list_pages(self, menu: Menu) -> str:
        """Every choice, each family's members in full, with their words."""
        width = self.console.width
        lines: list[Text] = []
        for choice in menu.choices:
            if not choice.is_family:
                lines += wrap_all(choice_cells([choice], self.lang), width, indent=4)
                continue
            head = Text(f"{choice.code}) ", style="bold cyan")
            head.append(self._t("family.options", verb=choice.text))
            lines.append(head)
            for argument, words in zip(choice.arguments, choice.member_words, strict=True):
                entry = Text(f"   {choice.text} {argument}", style="bold")
                if words:
                    entry.append(self._t("colon") + localise(words, self.lang))
                lines += wrap_all([entry], width, indent=6)
        return self._page(self._t("help.list"), lines)

    def _undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action, unless something was learnt since it was played.

        The player learns from a chance outcome (dice, a deal), another seat's action (a
        bot's reply) and a move of their own that showed them something hidden (a peek).
        Only the last action can be taken back, and only when it is the player's own and
        showed nothing; several own actions in a row come back one by one.
        """
        if not self.can_undo:
            self._say(Text(self._t("undo.unavailable"), style="yellow"))
            return False
        if not any(event.actor == seat for event in self.events):
            self._say(Text(self._t("undo.nothing"), style="yellow"))
            return False
        last = self.events[-1]
        cut = len(self.events) - 1
        if last.is_chance:
            refusal = self._t("undo.after_chance", what=last.shown_to(seat) or self._t("hidden"))
        elif last.actor != seat:
            refusal = self._t("undo.after_reply", who=self.seat_name(last.actor))
        else:
            before = self._replayed(cut)
            if not self._showed_something(before, self.state.history[cut], seat):
                return self._take_back(before, last.text)
            refusal = self._t("undo.after_peek", what=last.text)
        self._say(Text(refusal, style="yellow"))
        return False

    def _take_back(self, before: State, text: str) -> bool:
        cut = len(before.history)
        self.state = before
        del self.actors[cut:]
        del self.events[cut:]
        self.seeds.rewind(cut)
        self._notice = Text(self._t("undo.done", what=text), style="yellow")
        return True

    def _replayed(self, length: int) -> State:
        """The position after the first ``length`` actions of the game."""
        state = self.game.new_initial_state()
        for action in self.state.history[:length]:
            state.apply_unchecked(action)
        return state

    def _showed_something(self, before: State, action: int, seat: int) -> bool:
        """Whether ``seat`` learnt something hidden by playing ``action`` in ``before``.

        The action is replayed in states ``seat`` cannot tell from ``before`` (the game's
        determinization); if ``seat``'s view after it is not the same in all of them, the
        action showed something (a peek). When that cannot be worked out, the answer is yes:
        refusing an undo is the safe mistake.
        """
        if self.game.spec.perfect_information:
            return False
        index = len(before.history)
        rng = make_rng(self.seeds.seed_at(index), "peek", index)
        observation = before.observation(seat)
        views = set()
        try:
            for _ in range(PEEK_SAMPLES):
                other = self.game.sample_state(observation, rng)
                if action not in other.legal_actions():
                    return True
                other.apply_unchecked(action)
                after = other.observation(seat)
                views.add((after.text, canonical_json(dict(after.data))))
        except Exception:  # a determinization that fails cannot vouch for the move
            return True
        return len(views) > 1

    # -- records ----------------------------------------------------------------------
    def record(self) -> Record:
        """The record of the game so far: its seeds and how chance was drawn from them."""
        seats = [str(s) for s in self.seats]
        if not self.checked:
            return record_of(self.state, seats=seats)
        return record_of(
            self.state,
            seed=self.seeds.seed,
            seats=seats,
            chance=POSITION,
            reseeds=self.seeds.reseeds,
        )

    def record_json(self) -> str:
        """What ``save`` writes: the record of a finished game, else a sealed save file."""
        record = self.record()
        if self.state.is_terminal():
            return record.to_json()
        return seal(record)

    def _write(self, path: Path) -> Path | None:
        try:
            text = self.record_json()
        except SavannaError as exc:  # the save key cannot be made or read
            self._say(
                Text(self._t("save.failed", path=str(path), why=exc.text(self.lang)), style="red")
            )
            return None
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self._say(
                Text(
                    self._t("save.failed", path=str(path), why=exc.strerror or str(exc)),
                    style="red",
                )
            )
            return None
        return path

    def _save_command(self, answer: str) -> None:
        parts = answer.strip().split(maxsplit=1)
        path = Path(parts[1]).expanduser() if len(parts) > 1 else self.save_to
        written = self._write(path)
        if written is not None:
            key = "saved.over_load" if written == self.resumed_from else "saved"
            self._say(Text(self._t(key, path=str(written)), style="green"))

    def _quit(self) -> Outcome:
        answer = self.read(self._t("quit.ask") + " ")
        path = None
        if answer.strip().lower() in _YES:
            path = self._write(self.save_to)
            if path is not None:
                key = "saved.over_load" if path == self.resumed_from else "saved"
                self.console.print(
                    Text(self._t(key, path=str(path)), style="green"), soft_wrap=True
                )
        self.console.print(self._t("bye"))
        return Outcome(self.state, False, path)

    # -- the end ----------------------------------------------------------------------
    def _finish(self) -> Outcome:
        """Reveal everything, work out the scores, name the winner, write the record."""
        state = self.state
        names = [self.seat_name(s) for s in range(self.game.num_players)]
        path = self._write(self.out)
        message = []
        if path is not None:
            if self.resumed_from is not None and path != self.resumed_from:
                said = self._t("end.record.kept", path=str(path), save=str(self.resumed_from))
            else:
                said = self._t("end.record", path=str(path))
            message.append(Text(said))
        self._clear()
        lines = end_screen(
            state, names, self.lang, self.console.width, self.console.height, message=message
        )
        # The record's line is left to the terminal to wrap: a path is not cut by us.
        said_lines = len(wrap_all(message, self.console.width))
        render(self.console, lines[: len(lines) - said_lines])
        for line in message:
            self.console.print(line, soft_wrap=True)
        return Outcome(state, True, path)


def end_screen(
    state: State,
    names: Sequence[str],
    lang: str,
    width: int,
    height: int,
    *,
    message: Sequence[Text] = (),
) -> list[Text]:
    """The last screen of a finished game: the final board and the result, once.

    The result names the winner (or the winners of a shared victory), then each seat best
    first with its total and, when the game declares score sheets
    (:meth:`~savanna.core.Game.score_sheets`), how the total was made and how a tie was
    broken: the game's own labels, so a seat's revealed card is in that seat's entry. A
    game without sheets has its secrets shown per seat (the lines of that seat's drawing
    the public one lacks).

    Args:
        state: a finished game.
        names: each seat's full name (``Player 2 (bot heuristic)``).
        lang: ``"en"`` or ``"fr"``.
        width: the window's width.
        height: the window's height.
        message: lines under the result (where the record was written).
    """
    game = state.game
    public = state.observation(None)
    title = Text(
        f"{M('end.title', lang)} — {game_title(game, lang)}, {M('end.final', lang)} ", style="bold"
    )
    title.append("─" * 80, style="dim")
    winners = state.winners()
    key = "end.winner" if len(winners) == 1 else "end.winners"
    winner = Text(M(key, lang, who=", ".join(names[s] for s in winners)), style="bold green")
    sheets = game.score_sheets(public)
    if sheets is not None:
        entries = sheet_entries(game, sheets, names, lang)
    else:
        scores = state.scores()
        ranking = state.ranking()
        plain = game.render_text(public, lang)
        entries = []
        for seat in sorted(range(len(scores)), key=lambda s: (ranking[s], s)):
            entry = Text(
                M(
                    "end.place",
                    lang,
                    place=ranking[seat] + 1,
                    who=names[seat],
                    total=format_score(scores[seat]),
                ),
                style="bold",
            )
            if not game.spec.perfect_information:
                secrets = secret_lines(plain, game.render_text(state.observation(seat), lang))
                if secrets:
                    entry.append(" — " + M("sep", lang).join(secrets))
            entries.append(entry)
    moves = Text(M("end.moves", lang, n=len(state.history)), style="dim")
    screen = Screen(
        title=title,
        board=board_lines(game, public, lang),
        sections=[
            Lines([winner], required=-1),
            Lines([Text(M("end.result", lang), style="bold"), *entries], required=-1),
            Lines([moves]),
        ],
        message=list(message),
    )
    return compose(screen, width, height)
