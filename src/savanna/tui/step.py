"""Stepping through a game record in the terminal (``savanna replay FILE --step``).

The replay is drawn as a spectator sees it, one action at a time, so a shared record does
not spoil a secret before its time; at the last action of a finished game every seat's
view is revealed with the scores.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from savanna.core import CHANCE, Record, SavannaError, State, replay_states
from savanna.i18n.tui import MESSAGES as M
from savanna.tui.render import arrange, board_body, clear_screen, game_title, status_rows
from savanna.tui.seat import SeatSpec
from savanna.tui.session import final_report, read_with_console

__all__ = ["step_through"]

_BACK = frozenset({"b", "back", "r", "retour", "p", "prev"})
_QUIT = frozenset({"q", "quit", "quitter", "exit"})


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
        RecordError: when the record cannot be replayed (naming the first bad action).
    """
    if console is None:
        console = Console()
    reader = read if read is not None else read_with_console(console)
    states: list[State] = [state.clone() for _, _, state in replay_states(record)]
    game = states[0].game
    n = len(record.actions)
    actors = [states[i].current_player() for i in range(n)]
    public = [states[i].action_viewers(states[i + 1].history[i]).includes(None) for i in range(n)]
    names = [M("seat.human", lang, n=seat + 1) for seat in range(game.num_players)]
    headers = [M("seat.short", lang, n=seat + 1) for seat in range(game.num_players)]
    if record.seats is not None and len(record.seats) == game.num_players:
        for seat, text in enumerate(record.seats):
            try:
                spec = SeatSpec.parse(text)
            except SavannaError:  # a seat written by another program: shown as it is
                names[seat] = f"{names[seat]} ({text})"
                continue
            if spec.bot is not None:
                names[seat] = M("seat.bot", lang, n=seat + 1, bot=spec.bot)

    def who(i: int) -> str:
        return M("chance.name", lang) if actors[i] == CHANCE else names[actors[i]]

    def what(i: int, pos: int) -> str:
        revealed = pos == n and states[n].is_terminal()
        return record.actions[i] if public[i] or revealed else M("hidden", lang)

    console.print(Text(M("step.title", lang, game=game_title(game, lang), n=n), style="bold"))

    def draw(pos: int) -> None:
        state = states[pos]
        clear_screen(console)
        if pos == 0:
            header = M("step.start", lang, n=n)
        else:
            header = M("step.at", lang, i=pos, n=n, who=who(pos - 1), what=what(pos - 1, pos))
        chance = [what(i, pos) for i in range(pos) if actors[i] == CHANCE][-4:]
        last = [f"{who(i)} {what(i, pos)}" for i in range(pos) if actors[i] != CHANCE][-3:]
        player = state.current_player()
        if state.is_terminal():
            turn = M("status.over", lang)
        elif player == CHANCE:
            turn = M("chance.name", lang)
        else:
            turn = names[player]
        console.print(Text(header, style="bold"))
        console.print(
            arrange(
                console,
                heading=game_title(game, lang),
                body=board_body(game, state.observation(None), lang),
                rows=status_rows(lang, turn=turn, chance=chance, last=last, scores=None),
                lang=lang,
                reserve=3,
            )
        )
        if pos == n and state.is_terminal():
            console.print(*final_report(state, names, headers, lang))

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
