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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

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
from savanna.tui.render import (
    COMPACT_HEIGHT,
    board,
    choices_table,
    clear_screen,
    format_score,
    game_title,
    secure_clear,
    status_panel,
)
from savanna.tui.seat import SeatSpec, build_bot
from savanna.tui.view import Event, Viewer, who_can_tell

__all__ = ["Outcome", "PlaySession", "default_record_path", "read_with_console", "score_table"]

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
_RECENT_CHANCE = 4
_RECENT_MOVES = 3
_COMPACT_CHOICES = 24


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
        pause: seconds to wait after each bot move and visible chance outcome.
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

    def _wait(self) -> None:
        if self.pause > 0:
            self.sleep(self.pause)

    def _apply(self, action: int) -> Event:
        actor = self.state.current_player()
        viewers = set(who_can_tell(self.state, action))
        if actor != CHANCE:
            viewers.add(actor)  # a seat always knows what it did
        event = Event(
            len(self.state.history), actor, self.state.action_to_text(action), frozenset(viewers)
        )
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

    def draw(self, viewer: Viewer, *, choices: tuple[list[str], list[str]] | None = None) -> None:
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
        chance = [e.shown_to(viewer) or "?" for e in self.events if e.is_chance][-_RECENT_CHANCE:]
        last = [
            f"{self._short(e.actor)} {e.shown_to(viewer) or self._t('hidden')}"
            for e in self.events
            if not e.is_chance
        ][-_RECENT_MOVES:]
        compact = self.console.height < COMPACT_HEIGHT
        status = status_panel(
            self.lang,
            turn=turn,
            chance=chance,
            last=last,
            scores=self._scores(obs.data),
            compact=compact,
        )
        drawing = board(self.game, obs, self.lang, title=title, compact=compact)
        top: RenderableType
        if self.console.width >= 110 and not compact:
            grid = Table.grid(padding=(0, 1))
            grid.add_row(drawing, status)
            top = grid
        else:
            top = Group(drawing, status)
        parts: list[RenderableType] = [top]
        if choices is not None:
            codes, texts = choices
            if not compact:
                parts.append(Text(self._t("choices"), style="bold"))
            if compact and len(codes) > _COMPACT_CHOICES:
                # A short screen lists the first choices; `list` shows them all and any
                # move can be typed in notation.
                shown = _COMPACT_CHOICES - 4
                parts.append(choices_table(codes[:shown], texts[:shown], self.console.width))
                parts.append(Text(self._t("choices.more", n=len(codes) - shown), style="dim"))
            else:
                parts.append(choices_table(codes, texts, self.console.width))
        self.console.print(Group(*parts))

    def _scores(self, data: Mapping[str, Any]) -> list[tuple[str, str]] | None:
        """Scores safe to show now: the observation's own, or the state's when nothing is secret."""
        raw = data.get("scores")
        values: Sequence[Any] | None = None
        if isinstance(raw, list | tuple) and len(raw) == self.game.num_players:
            values = raw
        elif self.game.spec.perfect_information:
            values = self.state.scores()
        if values is None:
            return None
        shown: list[tuple[str, str]] = []
        for seat, value in enumerate(values):
            text = format_score(value) if isinstance(value, int | float) else str(value)
            shown.append((self._short(seat), text))
        return shown

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
            self._wait()

    def _bot_step(self, seat: int) -> None:
        spec = self.seats[seat].bot
        assert spec is not None  # only bot seats reach here
        bot = build_bot(
            spec, self.game, seat, make_rng(self.seed, "bot", seat, len(self.state.history))
        )
        action = bot.act(self.state.observation(seat), self.state.legal_actions())
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
        self._wait()

    def _codes(self, texts: Sequence[str]) -> list[str]:
        # Numbers are the short codes, unless the game's own notation is numbers.
        prefix = "#" if any(t.strip().isdigit() for t in texts) else ""
        return [f"{prefix}{i + 1}" for i in range(len(texts))]

    def _human_turn(self, seat: int) -> _Turn:
        if self._hand_over(seat) is _Turn.QUIT:
            return _Turn.QUIT
        legal = self.state.legal_actions()
        texts = [self.state.action_to_text(a) for a in legal]
        codes = self._codes(texts)
        clear_screen(self.console)
        self.draw(seat, choices=(codes, texts))
        while True:
            answer = self.read(self._t("prompt", who=self.seat_name(seat)) + " ")
            if not answer.strip():
                continue
            wanted = " ".join(answer.lower().split())
            command = None if wanted in {t.lower() for t in texts} else self._command(answer)
            if command == "quit":
                return _Turn.QUIT
            if command == "help":
                self.console.print(
                    self._t("help", undo=self._t("help.undo") if self.can_undo else "")
                )
                continue
            if command == "save":
                self._save_command(answer)
                continue
            if command == "board":
                self.draw(seat, choices=(codes, texts))
                continue
            if command == "list":
                self.console.print(choices_table(codes, texts, self.console.width))
                continue
            if command == "undo":
                if self._undo(seat):
                    return _Turn.UNDONE
                continue
            try:
                action = (
                    legal[codes.index(wanted)]
                    if wanted in codes
                    else self.state.parse_action(answer)
                )
                event = self._apply(action)
            except SavannaError as err:
                self.console.print(Text(err.text(self.lang), style="bold red"))
                self.console.print(Text(self._t("try.again"), style="dim"))
                continue
            self.console.print(
                Text(self._t("you.played", who=self.seat_name(seat), what=event.text))
            )
            return _Turn.PLAYED

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
        console.print(Rule(self._t("end.title"), style="bold"))
        console.print(
            board(self.game, state.observation(None), self.lang, title=self._t("end.final"))
        )
        if not self.game.spec.perfect_information:
            console.print(Text(self._t("end.reveal"), style="bold"))
            for seat in range(self.game.num_players):
                console.print(
                    board(
                        self.game,
                        state.observation(seat),
                        self.lang,
                        title=self._t("view.seat", who=self.seat_name(seat)),
                    )
                )
        console.print(Text(self._t("end.moves", n=len(state.history)), style="dim"))
        console.print(self._score_table())
        winners = state.winners()
        names = ", ".join(self.seat_name(s) for s in winners)
        key = "end.winner" if len(winners) == 1 else "end.winners"
        console.print(Text(self._t(key, who=names), style="bold green"))
        path = self._write(self.out)
        if path is not None:
            console.print(self._t("end.record", path=str(path)), soft_wrap=True)
        return Outcome(state, True, path)

    def _score_table(self) -> Table:
        return score_table(
            self.state, [self.seat_name(s) for s in range(self.game.num_players)], self.lang
        )


def score_table(state: State, names: Sequence[str], lang: str) -> Table:
    """The final scores, best first: place, player, any per-seat breakdown, score."""
    scores = state.scores()
    ranking = state.ranking()
    breakdown = _breakdown(state.observation(None).data, len(scores))
    extra = sorted({k for row in breakdown for k in row}) if breakdown else []
    table = Table(title=M("end.scores", lang), title_justify="left")
    table.add_column(M("col.place", lang), justify="right")
    table.add_column(M("col.player", lang))
    for name in extra:
        table.add_column(name, justify="right")
    table.add_column(M("col.score", lang), justify="right", style="bold")
    for seat in sorted(range(len(scores)), key=lambda s: (ranking[s], s)):
        cells = [str(ranking[seat] + 1), names[seat]]
        if breakdown:
            cells += [_cell(breakdown[seat].get(name, "")) for name in extra]
        cells.append(format_score(scores[seat]))
        table.add_row(*cells)
    return table


_BREAKDOWN_KEYS = ("score_breakdown", "breakdown", "scoring")


def _breakdown(data: Mapping[str, Any], players: int) -> list[dict[str, Any]] | None:
    """A per-seat score breakdown the game exposes in its final observation, if any.

    Accepted shapes: a list with one mapping per seat, or a mapping from seat (as int or
    string) to a mapping.
    """
    for key in _BREAKDOWN_KEYS:
        raw = data.get(key)
        if (
            isinstance(raw, list | tuple)
            and len(raw) == players
            and all(isinstance(r, Mapping) for r in raw)
        ):
            return [dict(r) for r in raw]
        if isinstance(raw, Mapping):
            rows = [raw.get(seat, raw.get(str(seat))) for seat in range(players)]
            if all(isinstance(r, Mapping) for r in rows):
                return [dict(r) for r in rows if isinstance(r, Mapping)]
    return None


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "—"
    if isinstance(value, int | float):
        return format_score(value)
    return str(value)
