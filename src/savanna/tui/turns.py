"""A person's turn at the keyboard: the hand-over, the prompt, and the steps played for them.

On a shared screen with secrets, :func:`hand_over` wipes the screen and waits for the next
player's seat number. :func:`human_turn` draws the screen and reads answers
(:class:`~savanna.tui.prompt.TurnInput`) until a move is played, the turn is undone or the
player quits. :func:`forced_step` plays a seat's only choice without asking (said on the
next screen, or one line per throw with ``auto`` on).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from savanna.core import CHANCE, SavannaError
from savanna.tui.choice import Choice, Menu
from savanna.tui.keeping import save_command
from savanna.tui.prompt import TurnEnd, TurnInput, command, seat_typed
from savanna.tui.render import localise, secure_clear

if TYPE_CHECKING:
    from savanna.tui.session import PlaySession

STEP_PAUSE = 0.25
"""The share of ``pause`` waited between two actions of the same bot turn."""

__all__ = ["auto_line", "forced_step", "hand_over", "human_turn", "names_only"]

def hand_over(play: PlaySession, seat: int) -> TurnEnd | None:
    """Wipe the screen and wait for ``seat``'s player to take the keyboard.

    Keys typed before this screen appeared are thrown away, and only the seat's number
    (or its name) lets the game go on: an Enter typed in a hurry does nothing.
    """
    if not play.hot_seat or play._on_screen == seat:
        return None
    secure_clear(play.console)
    play._on_screen = None
    play.flush()
    who = play.seat_name(seat)
    while True:
        answer = play.read(play.t("handover", who=who, n=seat + 1) + " ")
        if seat_typed(answer, seat):
            break
        said = command(answer)
        if said == "quit":
            return TurnEnd.QUIT
        if said == "save":
            save_command(play, answer)
        elif said in {"help", "rules", "list", "board", "odds", "hint"}:
            play.console.print(play.t("help.handover", who=who, n=seat + 1), soft_wrap=True)
        else:
            play.console.print(Text(play.t("handover.wrong", who=who, n=seat + 1), style="yellow"), soft_wrap=True)
    play._on_screen = seat
    return None


def forced_step(play: PlaySession, seat: int) -> bool:
    """Play ``seat``'s only choice without asking; ``False`` when it has a real decision.

    With ``auto`` on, one line per action (or per throw of the chance it calls);
    otherwise (a forced step in the middle of a turn) the next screen says it was
    played. A word typed ahead for it is used up.
    """
    legal = play.state.legal_actions()
    if len(legal) != 1:
        return False
    table = play.table
    start = len(table.log)
    if play._ahead:
        menu = play._menu()
        head, _, rest = play._ahead.partition(" ")
        if menu.match(head).kind == "action" or names_only(play, menu, head):
            play._ahead = rest.strip()
        elif len(head) > 1 and names_only(play, menu, head[0]):
            play._ahead = (head[1:] + " " + rest).strip()
    if not play.auto:
        play.play(seat, legal[0])
        words = table.log[-1].words_for(seat, play.lang) or table.log[-1].text
        said = play.t("forced", what=localise(words, play.lang))
        if play._notice is not None and play._notice.plain.startswith(said.split(":")[0]):
            play._notice.append(play.t("sep") + localise(words, play.lang))
        else:
            play._notice = Text(said, style="cyan")
        return True
    play._show_public()
    play.play(seat, legal[0])
    auto_line(play, seat, start)
    return True


def names_only(play: PlaySession, menu: Menu, word: str) -> bool:
    """Whether ``word`` names the menu's only action."""
    try:
        return play.state.parse_action(menu.to_notation(menu.expand(word))) in play.state.legal_actions()
    except SavannaError:
        return False


def auto_line(play: PlaySession, seat: int, start: int) -> None:
    """Play the chance that follows, then say in one line what ``seat`` did since the
    log's entry ``start`` and what chance answered (as a spectator may read it, on a
    shared screen)."""
    table = play.table
    while not table.finished and table.to_act() == CHANCE:
        table.play_chance()
    if not play._auto_told:
        play._auto_told = True
        play.clear()
        play.console.print(Text(play.t("auto.told"), style="yellow"), soft_wrap=True)
    viewer = None if play.hot_seat else play._passive_viewer()
    entries = list(table.log[start:])
    if any(e.is_chance for e in entries):  # the throws say it all: one line per throw
        entries = [e for e in entries if e.is_chance]
    for entry in entries:
        line = Text(play.seat_name(seat) + play.t("colon"), style="bold")
        line.append(localise(entry.words_for(viewer, play.lang) or play.t("hidden.move"), play.lang))
        play.console.print(line, soft_wrap=True)
        play._wait(STEP_PAUSE)


def human_turn(play: PlaySession, seat: int) -> TurnEnd:
    if hand_over(play, seat) is TurnEnd.QUIT:
        return TurnEnd.QUIT
    menu = play._menu()
    texts = menu.texts
    if len(texts) == 1:
        prompt = play.t("prompt.only", who=play.seat_name(seat), what=texts[0]) + " "
    else:
        prompt = play.t("prompt", who=play.seat_name(seat)) + " "
    message: list[Text] = []
    if play._notice is not None:
        message.append(play._notice)
        play._notice = None
    # Why a single choice is all there is (the game says; shown at every drawing of the turn).
    reason = play.state.only_choice_reason(play.lang) if len(texts) == 1 else ""
    only: Sequence[Choice] | None = None
    header: str | None = None
    answers = TurnInput(play, seat, menu)
    if play._ahead and play._ahead_seat == seat:  # the rest of a line typed ahead
        typed, play._ahead = play._ahead, ""
    else:
        typed = play.pages.news(seat, menu)  # a move or a command typed at the end of the news
    while True:
        if typed:
            answer, typed = typed, ""
        else:
            why = [Text(reason, style="cyan")] if reason else []
            play.draw(seat, menu=menu, only=only, header=header, message=[*message, *why])
            play.looked[seat] = len(play.table.log)
            message, only, header = [], None, None
            answer = play.read(prompt)
        play._said = message
        try:
            outcome = answers.answer(answer)
        finally:
            play._said = None
        if isinstance(outcome, TurnEnd):
            return outcome
        if outcome is not None:
            only, header = outcome
