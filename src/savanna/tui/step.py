"""Stepping through a game record in the terminal (``savanna replay FILE --step``).

The replay is drawn as a spectator sees it, one action at a time, so a shared record does
not spoil a secret before its time: an action the spectator may read (the game's
:meth:`~savanna.core.State.action_viewers`) is told in words and notation, any other is
"a secret draw". At the last action of a finished game every card is revealed with the
scores, on the same end screen as ``savanna play``. Every screen fits the window.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from savanna.core import CHANCE, Record, SavannaError, State, replay_states
from savanna.i18n.tui import M
from savanna.table import Entry, entry_of, replay_checked
from savanna.tui.frames import end_screen
from savanna.tui.prompt import read_with_console
from savanna.tui.render import board_lines, clear_screen, game_title, legend_entries, localise
from savanna.tui.screen import Lines, Screen, compose, render
from savanna.tui.seat import SeatSpec, seat_label
from savanna.tui.view import log_entries, unread

__all__ = ["step_through"]

_BACK = frozenset({"b", "back", "r", "retour", "p", "prev"})
_QUIT = frozenset({"q", "quit", "quitter", "exit"})


def seat_names(record: Record, players: int, lang: str) -> list[str]:
    """Each seat's name for people, from 1, with the bot that played it when the record says."""
    names = [M("seat.human", lang, n=seat + 1) for seat in range(players)]
    if record.seats is not None and len(record.seats) == players:
        for seat, text in enumerate(record.seats):
            try:
                spec = SeatSpec.parse(text)
            except SavannaError:  # a seat written by another program: shown as it is
                names[seat] = f"{names[seat]} ({text})"
                continue
            if spec.bot is not None:
                names[seat] = M("seat.bot", lang, n=seat + 1, bot=seat_label(spec, lang))
    return names


def step_through(
    record: Record,
    console: Console | None = None,
    lang: str = "en",
    read: Callable[[str], str] | None = None,
) -> State:
    """Replay ``record`` one action at a time, waiting for the reader between actions.

    Enter shows the next action, ``b`` (``r`` in French) the previous one, a number jumps
    to that action, ``q`` stops. Input ending (end of file) also stops.

    Args:
        record: the game record.
        console: where to draw (standard output by default).
        lang: ``"en"`` or ``"fr"``.
        read: reads one line after a prompt (defaults to the console's input).

    Returns:
        The final state of the record.

    Raises:
        RecordError: when the record cannot be replayed (naming the first bad action), or a
            die or seeded bot move is not the one its seed gives.
    """
    if console is None:
        console = Console()
    reader = read if read is not None else read_with_console(console)
    replay_checked(record)  # every die and seeded bot move, before anything is shown
    states: list[State] = [state.clone() for _, _, state in replay_states(record)]
    game = states[0].game
    n = len(record.actions)
    entries = [entry_of(states[i], states[i + 1].history[i]) for i in range(n)]
    names = seat_names(record, game.num_players, lang)
    title_text = M("step.title", lang, game=game_title(game, lang), n=n)

    def who(actor: int) -> str:
        return M("chance.name", lang) if actor == CHANCE else names[actor]

    def said(entry: Entry, revealed: bool, room: int) -> str:
        """The action in words, with its notation when the line has room for it."""
        words = entry.words_for(None, lang, revealed)
        if words is None:
            return unread(entry, lang)
        words = localise(words, lang)
        both = f"{words} ({entry.text})"
        return words if words == entry.text or len(both) > room else both

    def draw(pos: int) -> None:
        state = states[pos]
        clear_screen(console)
        if pos == 0:
            header = M("step.start", lang, n=n)
        else:
            entry = entries[pos - 1]
            revealed = pos == n and state.is_terminal()
            start = M("step.at", lang, i=pos, n=n, who=who(entry.actor), what="")
            what = said(entry, revealed, console.width - len(start))
            header = M("step.at", lang, i=pos, n=n, who=who(entry.actor), what=what)
        message = [Text(header, style="bold")]
        if pos == n and state.is_terminal():
            render(
                console,
                end_screen(state, names, lang, console.width, console.height, message=message),
            )
            return
        title = Text(f"{title_text} ", style="bold")
        title.append("─" * 80, style="dim")
        player = state.current_player()
        if state.is_terminal():
            turn = M("status.over", lang)
        elif player == CHANCE:
            turn = M("chance.name", lang)
        else:
            turn = names[player]
        status = Text(M("status.turn", lang) + M("colon", lang), style="bold")
        status.append(turn, style="bold green")
        log = log_entries(entries[:pos], None, lang)
        legend = legend_entries(game, lang)
        sections = [Lines([status], required=-1), Lines(log, required=1, keep_last=True)]
        if legend:
            sections.append(
                Lines([Text(M("legend.title", lang), style="bold"), *legend], whole=True)
            )
        screen = Screen(
            title=title,
            board=board_lines(game, state.observation(None), lang),
            sections=sections,
            ranks=[0, 2, 1][: len(sections)],
            message=message,
        )
        render(console, compose(screen, console.width, console.height))

    pos = 0
    redraw = True
    while True:
        if redraw:
            draw(pos)
        redraw = True
        try:
            answer = reader(M("step.prompt", lang) + " ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            break
        if answer in _QUIT:
            break
        if not answer:
            if pos == n:
                break
            pos += 1
        elif answer in _BACK:
            pos = max(0, pos - 1)
        elif answer.isdigit() and int(answer) <= n:
            pos = int(answer)
        else:
            console.print(Text(M("step.bad", lang, n=n), style="red"))
            redraw = False
    return states[n]
