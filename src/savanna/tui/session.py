"""A whole game at one keyboard: people and bots around one terminal.

:class:`PlaySession` drives a state through the core protocol only: chance is drawn from a
seeded generator, bots are asked for their move from their own observation, people type a
short code or the game's notation. On a shared screen with several people and secrets,
the screen is wiped and the keyboard handed over before each person's turn, and nothing
is drawn between turns but what a spectator may see.

Randomness is derived from the seed and the position in the game (the number of actions
so far), never from a running generator, so a saved game resumed with ``--load`` continues
exactly as it would have, and an undone move meets the same dice again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from savanna.core import (
    CHANCE,
    Game,
    OptionError,
    SavannaError,
    State,
    make_rng,
    record_of,
)
from savanna.i18n.tui import MESSAGES as M
from savanna.tui.choice import Choice, Menu
from savanna.tui.render import (
    COMPACT_HEIGHT,
    arrange,
    board,
    board_body,
    choice_cells,
    choices_table,
    clear_screen,
    format_score,
    game_help,
    game_title,
    score_sheet_table,
    secret_lines,
    secure_clear,
    status_rows,
)
from savanna.tui.seat import SeatSpec, build_bot
from savanna.tui.view import Event, Viewer

__all__ = [
    "Outcome",
    "PlaySession",
    "default_record_path",
    "final_report",
    "read_with_console",
    "score_table",
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
    "quit": "quit",
    "quitter": "quit",
    "exit": "quit",
    "board": "board",
    "plateau": "board",
    "list": "list",
    "liste": "list",
}
_YES = frozenset({"y", "yes", "o", "oui"})
_RECENT_CHANCE = 8
_RECENT_TURNS = 3
_TURN_ACTIONS = 6
MAX_INPUT = 200
"""Longer lines are refused before parsing (no move is that long)."""
STEP_PAUSE = 0.25
"""The share of ``pause`` waited between two actions of the same bot turn."""


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


def default_record_path(game: str, seed: int, directory: Path | None = None) -> Path:
    """``<game>-<seed>.savanna.json`` in ``directory`` (the current one), never an existing file."""
    folder = Path.cwd() if directory is None else directory
    path = folder / f"{game}-{seed}.savanna.json"
    n = 2
    while path.exists():
        path = folder / f"{game}-{seed}-{n}.savanna.json"
        n += 1
    return path


def read_with_console(console: Console) -> Callable[[str], str]:
    """A line reader that prints its prompt through ``console``."""

    def read(prompt: str) -> str:
        # The terminal wraps a long prompt itself; Rich must not insert line breaks into it.
        return console.input(Text(prompt, style="bold", no_wrap=True, overflow="ignore"))

    return read


class PlaySession:
    """One game at one keyboard.

    Args:
        game: the configured game.
        seats: who plays each seat (as many as the game has players).
        seed: the seed of every chance draw and bot decision.
        lang: ``"en"`` or ``"fr"``.
        console: where to draw (a Rich console).
        read: reads one line after showing a prompt; raises ``EOFError`` when input ends.
        pause: seconds the last screen of a bot's turn stays before the next bot plays (a
            quarter of it after every bot action, so that a piece is seen moving); chance
            outcomes do not wait.
        out: where the record is written (at the end, and by ``save`` without a file name).
        history: actions already played (a resumed game), replayed through the rules.
        sleep: the pause function (tests pass a recorder).

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
        history: Sequence[int] = (),
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if len(seats) != game.num_players:
            raise OptionError(
                f"{len(seats)} seats given for a {game.num_players}-player game",
                f"{len(seats)} places données pour une partie à {game.num_players} joueurs",
            )
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.lang = lang
        self.console = console if console is not None else Console()
        self.read = read if read is not None else read_with_console(self.console)
        self.pause = pause
        self.sleep = sleep
        self.out = out if out is not None else default_record_path(game.name, seed)
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
        for action in history:
            self._apply(action)

    # -- small helpers ----------------------------------------------------------------
    def _t(self, key: str, **fields: object) -> str:
        return M(key, self.lang, **fields)

    def seat_name(self, seat: int) -> str:
        """``Player 2 (bot heuristic)`` in the session's language."""
        spec = self.seats[seat]
        if spec.bot is not None:
            return self._t("seat.bot", n=seat + 1, bot=spec.bot)
        if len(self.humans) == 1:
            return self._t("seat.you", n=seat + 1)
        return self._t("seat.human", n=seat + 1)

    def _short(self, actor: int) -> str:
        return self._t("chance.short") if actor == CHANCE else self._t("seat.short", n=actor + 1)

    def _passive_viewer(self) -> Viewer:
        """Whose view is drawn when nobody at the keyboard is choosing."""
        if len(self.humans) == 1:
            return self.humans[0]
        return None

    def _wait(self, share: float = 1.0) -> None:
        if self.pause > 0:
            self.sleep(self.pause * share)

    def _apply(self, action: int) -> Event:
        actor = self.state.current_player()
        viewers = self.state.action_viewers(action)
        if actor != CHANCE:
            viewers = viewers.with_seat(actor)  # a seat always knows what it did
        event = Event(len(self.state.history), actor, self.state.action_to_text(action), viewers)
        self.state.apply(action)
        self.actors.append(actor)
        self.events.append(event)
        return event

    # -- what is on screen ------------------------------------------------------------
    def _show_public(self) -> None:
        """Before drawing anything that is not one seat's own turn."""
        if self.hot_seat and self._on_screen is not None:
            secure_clear(self.console)
            self._on_screen = None

    def _hand_over(self, seat: int) -> _Turn | None:
        """Wipe the screen and wait for ``seat``'s player to take the keyboard."""
        if not self.hot_seat or self._on_screen == seat:
            return None
        secure_clear(self.console)
        self._on_screen = None
        while True:
            answer = self.read(self._t("handover", who=self.seat_name(seat)) + " ")
            command = self._command(answer)
            if command is None or command == "board":
                break
            if command == "quit":
                return _Turn.QUIT
            if command == "help":
                self.console.print(self._t("help.handover"))
            elif command == "save":
                self._save_command(answer)
            elif command == "undo":
                self.console.print(self._t("undo.unavailable"))
        self._on_screen = seat
        return None

    def draw(self, viewer: Viewer, *, menu: Menu | None = None) -> None:
        """Draw the position as ``viewer`` may see it, with the status and optional choices."""
        obs = self.state.observation(viewer)
        if viewer is None:
            title = f"{game_title(self.game, self.lang)} — {self._t('view.spectator')}"
        else:
            title = f"{game_title(self.game, self.lang)} — {self._t('view.seat', who=self.seat_name(viewer))}"
        player = self.state.current_player()
        if self.state.is_terminal():
            turn = self._t("status.over")
        elif player == CHANCE:
            turn = self._t("chance.name")
        else:
            turn = self.seat_name(player)
        rows = status_rows(
            self.lang,
            turn=turn,
            chance=self._recent_chance(viewer),
            last=self._recent_turns(viewer),
            scores=self._scores(),
        )
        cells = choice_cells(menu.choices, self.lang) if menu is not None else []
        self.console.print(
            arrange(
                self.console,
                heading=title,
                body=board_body(self.game, obs, self.lang),
                rows=rows,
                lang=self.lang,
                cells=cells,
                cells_title=self._t("choices"),
                more=self._t("choices.more", n="{n}"),
            )
        )

    def _recent_chance(self, viewer: Viewer) -> list[str]:
        """The latest run of chance outcomes (a throw of all the dice), as ``viewer`` sees them."""
        batch: list[str] = []
        for event in reversed(self.events):
            if event.is_chance:
                batch.append(event.shown_to(viewer) or "?")
            elif batch:
                break
        return batch[::-1][-_RECENT_CHANCE:]

    def _recent_turns(self, viewer: Viewer) -> list[str]:
        """The last few turns, each seat's consecutive actions on one line (``P2 keep, move Y``)."""
        turns: list[tuple[int, list[str]]] = []
        for event in self.events:
            if event.is_chance:
                continue
            text = event.shown_to(viewer) or self._t("hidden")
            if turns and turns[-1][0] == event.actor:
                turns[-1][1].append(text)
            else:
                turns.append((event.actor, [text]))
        out = []
        for actor, texts in turns[-_RECENT_TURNS:]:
            shown = texts if len(texts) <= _TURN_ACTIONS else ["...", *texts[-_TURN_ACTIONS + 1 :]]
            out.append(f"{self._short(actor)} {', '.join(shown)}")
        return out

    def _scores(self) -> list[tuple[str, str]] | None:
        """The running scores when nothing is secret (a game with secrets shows them at the end)."""
        if not self.game.spec.perfect_information:
            return None
        return [(self._short(seat), format_score(value)) for seat, value in enumerate(self.state.scores())]

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
            self.console.print()
            path = self._write(self.out)
            if path is not None:
                self.console.print(self._t("interrupted", path=str(path)), soft_wrap=True)
            return Outcome(self.state, False, path, interrupted=True)
        return self._finish()

    def _chance_step(self) -> None:
        rng = make_rng(self.seed, "chance", len(self.state.history))
        event = self._apply(self.state.sample_chance(rng))
        self._show_public()
        viewer = self._passive_viewer()
        text = event.shown_to(viewer)
        if text is None:
            self.console.print(Text(self._t("chance.hidden"), style="dim"))
        else:
            self.console.print(Text(self._t("chance.shown", what=text), style="cyan"))

    def _bot_step(self, seat: int) -> None:
        spec = self.seats[seat].bot
        assert spec is not None  # only bot seats reach here
        bot = build_bot(
            spec, self.game, seat, make_rng(self.seed, "bot", seat, len(self.state.history))
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
        shown = event.shown_to(viewer)
        clear_screen(self.console)
        self.console.print(
            Text(
                self._t("bot.played", who=self.seat_name(seat), what=shown or self._t("hidden")),
                style="bold",
            )
        )
        self.draw(viewer)
        self._wait(STEP_PAUSE)

    def _codes(self, texts: Sequence[str]) -> list[str]:
        """The short code of each action text, when none is grouped."""
        return [c.code for c in Menu.build(texts, family_min=len(texts) + 1).choices]

    def _human_turn(self, seat: int) -> _Turn:
        if self._hand_over(seat) is _Turn.QUIT:
            return _Turn.QUIT
        legal = self.state.legal_actions()
        texts = [self.state.action_to_text(a) for a in legal]
        menu = Menu.build(texts)
        clear_screen(self.console)
        self.draw(seat, menu=menu)
        if len(texts) == 1:
            prompt = self._t("prompt.only", who=self.seat_name(seat), what=texts[0]) + " "
        else:
            prompt = self._t("prompt", who=self.seat_name(seat)) + " "
        while True:
            answer = self.read(prompt)
            if len(answer) > MAX_INPUT:
                self.console.print(Text(self._t("too.long", n=len(answer)), style="bold red"))
                continue
            if not answer.strip():
                if len(texts) == 1:
                    answer = texts[0]
                else:
                    continue
            command = None if menu.is_move(answer) else self._command(answer)
            if command == "quit":
                return _Turn.QUIT
            if command == "help":
                self.console.print(
                    self._t("help", undo=self._t("help.undo") if self.can_undo else "")
                )
                self.console.print(game_help(self.game, self.lang))
                continue
            if command == "save":
                self._save_command(answer)
                continue
            if command == "board":
                self.draw(seat, menu=menu)
                continue
            if command == "list":
                self.console.print(self._full_list(menu))
                continue
            if command == "undo":
                if self._undo(seat):
                    return _Turn.UNDONE
                continue
            wanted: str | None = answer
            choice = menu.by_code(answer)
            if choice is not None:
                wanted = self._ask_family(choice) if choice.is_family else choice.text
            if wanted is None:
                continue
            try:
                event = self._apply(self.state.parse_action(menu.expand(wanted)))
            except SavannaError as err:
                self.console.print(Text(err.text(self.lang), style="bold red"))
                self.console.print(Text(self._t("try.again"), style="dim"))
                continue
            self.console.print(
                Text(self._t("you.played", who=self.seat_name(seat), what=event.text))
            )
            return _Turn.PLAYED

    def _full_list(self, menu: Menu) -> RenderableType:
        """Every legal action: the coded entries, then each family's members in full."""
        parts: list[RenderableType] = []
        singles = [c for c in menu.choices if not c.is_family]
        if singles:
            parts.append(choices_table(choice_cells(singles, self.lang), None, self.console.width))
        for family in (c for c in menu.choices if c.is_family):
            parts.append(Text(f"{family.code}) " + self._t("family.options", verb=family.text)))
            parts.append(
                choices_table([Text(a) for a in family.arguments], None, self.console.width)
            )
        return Group(*parts)

    def _ask_family(self, family: Choice) -> str | None:
        """Ask which member of ``family`` is meant; ``None`` when the player goes back."""
        if family.alphabet:
            prompt = self._t(
                "family.ask.subset",
                verb=family.text,
                chars=" ".join(family.alphabet),
                example=family.example.split(maxsplit=1)[1],
            )
        else:
            self.console.print(Text(self._t("family.options", verb=family.text), style="bold"))
            self.console.print(
                choices_table([Text(a) for a in family.arguments], None, self.console.width)
            )
            prompt = self._t("family.ask", verb=family.text)
        answer = self.read(prompt + " ")
        if not answer.strip() or len(answer) > MAX_INPUT:
            return None
        if answer.strip().lower().startswith(family.text.lower()):
            return answer
        return f"{family.text} {answer.strip()}"

    def _command(self, answer: str) -> str | None:
        words = answer.strip().split(maxsplit=1)
        if not words:
            return None
        return _COMMANDS.get(words[0].lower())

    def _undo(self, seat: int) -> bool:
        if not self.can_undo:
            self.console.print(self._t("undo.unavailable"))
            return False
        mine = [i for i, actor in enumerate(self.actors) if actor == seat]
        if not mine:
            self.console.print(self._t("undo.nothing"))
            return False
        cut = mine[-1]
        undone = self.events[cut].text
        history = self.state.history[:cut]
        state = self.game.new_initial_state()
        for action in history:
            state.apply_unchecked(action)
        self.state = state
        del self.actors[cut:]
        del self.events[cut:]
        self.console.print(Text(self._t("undo.done", what=undone), style="yellow"))
        return True

    # -- records ----------------------------------------------------------------------
    def record_json(self) -> str:
        """The record of the game so far (canonical JSON)."""
        return record_of(self.state, seed=self.seed, seats=[str(s) for s in self.seats]).to_json()

    def _write(self, path: Path) -> Path | None:
        try:
            path.write_text(self.record_json(), encoding="utf-8")
        except OSError as exc:
            self.console.print(
                Text(
                    self._t("save.failed", path=str(path), why=exc.strerror or str(exc)),
                    style="red",
                ),
                soft_wrap=True,
            )
            return None
        return path

    def _save_command(self, answer: str) -> None:
        parts = answer.strip().split(maxsplit=1)
        path = Path(parts[1]).expanduser() if len(parts) > 1 else self.out
        written = self._write(path)
        if written is not None:
            self.console.print(
                Text(self._t("saved", path=str(written)), style="green"), soft_wrap=True
            )

    def _quit(self) -> Outcome:
        answer = self.read(self._t("quit.ask") + " ")
        path = None
        if answer.strip().lower() in _YES:
            path = self._write(self.out)
            if path is not None:
                self.console.print(
                    Text(self._t("saved", path=str(path)), style="green"), soft_wrap=True
                )
        self.console.print(self._t("bye"))
        return Outcome(self.state, False, path)

    # -- the end ----------------------------------------------------------------------
    def _finish(self) -> Outcome:
        """Reveal everything, work out the scores, name the winner, write the record."""
        state = self.state
        console = self.console
        clear_screen(console)
        console.print(Rule(self._t("end.title"), style="bold"))
        compact = console.height < COMPACT_HEIGHT
        console.print(
            board(
                self.game,
                state.observation(None),
                self.lang,
                title=self._t("end.final"),
                compact=compact,
            )
        )
        names = [self.seat_name(s) for s in range(self.game.num_players)]
        console.print(*final_report(state, names, self._headers(), self.lang))
        console.print(Text(self._t("end.moves", n=len(state.history)), style="dim"))
        winners = state.winners()
        key = "end.winner" if len(winners) == 1 else "end.winners"
        console.print(
            Text(self._t(key, who=", ".join(names[s] for s in winners)), style="bold green")
        )
        path = self._write(self.out)
        if path is not None:
            console.print(self._t("end.record", path=str(path)), soft_wrap=True)
        return Outcome(state, True, path)

    def _headers(self) -> list[str]:
        """Short seat names for table columns (``P1 (you)`` for the only person)."""
        return [
            self._t("seat.short_you", n=s + 1)
            if len(self.humans) == 1 and s in self.humans
            else self._t("seat.short", n=s + 1)
            for s in range(self.game.num_players)
        ]


def final_report(
    state: State, names: Sequence[str], headers: Sequence[str], lang: str
) -> list[RenderableType]:
    """What the end of a game shows under the final board: the secrets, then the scoring.

    Each seat's secrets are the lines of its own drawing that the public drawing lacks
    (its prediction card, its peeks), so nothing is drawn twice. When the game declares
    score sheets (:meth:`~savanna.core.Game.score_sheets`), the scoring is worked out line
    by line; otherwise the scores are ranked.

    Args:
        state: a finished game.
        names: each seat's full name (``Player 2 (bot heuristic)``).
        headers: each seat's short name, for table columns.
        lang: ``"en"`` or ``"fr"``.
    """
    game = state.game
    public = state.observation(None)
    parts: list[RenderableType] = []
    if not game.spec.perfect_information:
        parts.append(Text(M("end.reveal", lang), style="bold"))
        plain = game.render_text(public, lang)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(overflow="fold")
        for seat in range(game.num_players):
            lines = secret_lines(plain, game.render_text(state.observation(seat), lang))
            grid.add_row(names[seat] + M("colon", lang).rstrip(), "\n".join(lines) or "—")
        parts.append(grid)
    sheets = game.score_sheets(public)
    if sheets is None:
        parts.append(score_table(state, names, lang))
    else:
        parts.append(score_sheet_table(game, sheets, headers, lang))
    return parts


def score_table(state: State, names: Sequence[str], lang: str) -> Table:
    """The final scores, best first: place, player, score."""
    scores = state.scores()
    ranking = state.ranking()
    table = Table(title=M("end.scores", lang), title_justify="left")
    table.add_column(M("col.place", lang), justify="right")
    table.add_column(M("col.player", lang))
    table.add_column(M("col.score", lang), justify="right", style="bold")
    for seat in sorted(range(len(scores)), key=lambda s: (ranking[s], s)):
        table.add_row(str(ranking[seat] + 1), names[seat], format_score(scores[seat]))
    return table
