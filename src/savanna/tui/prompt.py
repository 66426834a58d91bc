"""What a player types at the move prompt: a code, a move, its words, or a command.

:data:`COMMANDS` are the words every prompt understands, in English and French.
:class:`TurnInput` reads one person's answers during their turn: a move is read
generously (its code, its notation, its words, or the start of them), a family of moves
(``step L``, ``step R``...) asks which member is meant, a mistake says why above the next
prompt, and a command opens its pages or acts (``save``, ``undo``, ``quit``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from enum import Enum
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from savanna.core import IllegalActionError, NotationError, SavannaError
from savanna.i18n.tui import M
from savanna.tui.choice import Choice, Menu
from savanna.tui.keeping import save_command
from savanna.tui.pages import LEAVE
from savanna.tui.render import localise

if TYPE_CHECKING:
    from savanna.tui.session import PlaySession

__all__ = [
    "COMMANDS",
    "MAX_INPUT",
    "Said",
    "TurnEnd",
    "TurnInput",
    "command",
    "flush_typed_ahead",
    "read_with_console",
    "seat_typed",
]

COMMANDS: dict[str, str] = {
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
    "auto": "auto",
    # the coach (savanna play --coach)
    "odds": "odds",
    "chances": "odds",
    "cotes": "odds",
    "hint": "hint",
    "conseil": "hint",
    "indice": "hint",
}
MAX_INPUT = 200
"""Longer lines are refused before parsing (no move is that long)."""


class TurnEnd(Enum):
    """How a person's turn ended."""

    PLAYED = "played"
    UNDONE = "undone"
    QUIT = "quit"


Said = tuple[Sequence[Choice], str]
"""The entries to list on the next screen, with their header."""


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


def command(answer: str) -> str | None:
    """The command ``answer`` starts with (``save``, ``help`` ...), or ``None``."""
    words = answer.strip().split(maxsplit=1)
    if not words:
        return None
    return COMMANDS.get(words[0].lower())


def seat_typed(answer: str, seat: int) -> bool:
    """Whether ``answer`` names ``seat`` (``2``, ``p2``, ``player 2``, ``joueur 2``)."""
    words = answer.strip().lower().replace(" ", "")
    number = str(seat + 1)
    if words == number:
        return True
    prefixes = {w.strip() for lang in ("en", "fr") for w in M("seat.words", lang).split(",")}
    return any(words == prefix + number for prefix in prefixes)


class TurnInput:
    """The answers of ``seat``'s person during one turn, with its ``menu`` of choices."""

    def __init__(self, session: PlaySession, seat: int, menu: Menu) -> None:
        self.session = session
        self.seat = seat
        self.menu = menu

    def answer(self, answer: str) -> TurnEnd | Said | None:
        """Act on one line typed at the move prompt.

        Returns:
            How the turn ends, the entries to list on the next screen (with their
            header), or ``None`` (draw the screen again, with what was said).
        """
        play, menu = self.session, self.menu
        texts = menu.texts
        if len(answer) > MAX_INPUT:
            play.say(Text(play.t("too.long", n=len(answer)), style="bold red"))
            return None
        if not answer.strip():
            if len(texts) != 1:
                return None
            answer = texts[0]
        said = None if menu.is_move(answer) else command(answer)
        if said == "quit":
            return TurnEnd.QUIT
        if said in {"help", "rules", "list", "odds", "hint"}:
            pages = play.pages
            opened: dict[str, Callable[[], str]] = {
                "help": pages.help,
                "rules": pages.rules,
                "list": lambda: pages.choices(menu),
                "odds": lambda: pages.coach(self.seat, "odds"),
                "hint": lambda: pages.coach(self.seat, "hint"),
            }
            typed = opened[said]()
            # A command typed at the end of the pages is run next ("rules" after the help).
            if typed and typed.lower() not in LEAVE:
                return self.answer(typed)
            return None
        if said == "save":
            save_command(play, answer)
            return None
        if said == "board":
            return None
        if said == "auto":
            words = answer.strip().lower().split()
            play.auto = (not play.auto) if len(words) == 1 else words[1] in {"on", "oui", "yes", "y", "o"}
            notice = Text(play.t("auto.on" if play.auto else "auto.off"), style="yellow")
            if play.auto and len(menu.texts) == 1 and play.forced_step(self.seat):
                play._notice = notice  # said on the next screen: this turn is over
                return TurnEnd.PLAYED
            play.say(notice)
            return None
        if said == "undo":
            return TurnEnd.UNDONE if play.undo(self.seat) else None
        ahead = self.split_ahead(answer)
        if ahead is not None:
            return ahead
        match = menu.match(answer)
        if match.kind == "out_of_range":
            n = len(menu.choices)
            key = "out.of.range.one" if n == 1 else "out.of.range"
            play.say(Text(play.t(key, typed=answer.strip(), n=n), style="bold red"))
            return None
        if match.kind == "several":
            return match.choices, play.t("choices.some", what=match.text)
        wanted: str | None = match.text
        if match.kind == "family":
            wanted = self.ask_family(match.choices[0])
            if wanted is None:
                return None
        assert wanted is not None
        return self.play_text(wanted)

    def _legal(self, text: str) -> int | None:
        """The legal action ``text`` names (verb abbreviations allowed), or ``None``."""
        state = self.session.table.state
        try:
            action = state.parse_action(self.menu.to_notation(self.menu.expand(" ".join(text.split()))))
        except SavannaError:
            return None
        return action if action in state.legal_actions() else None

    def split_ahead(self, answer: str) -> TurnEnd | None:
        """A line naming a move and what follows it (``move Y ff l``, ``fff`` at a step):
        the first move is played, the rest kept for the seat's next prompts.

        Only when the whole line is no move: the longest start that is a legal move is
        played; a single word is read letter by letter when each step is a letter
        (``ffl``: forward, forward, left). ``None`` when the line is not of that kind.
        """
        words = answer.split()
        if not words or self._legal(answer) is not None or self.menu.match(answer).kind != "none":
            return None
        play = self.session
        for k in range(len(words) - 1, 0, -1):
            head = " ".join(words[:k])
            named = self.menu.match(head)  # a choice's key (``1 ffl``) or its move
            action = self._legal(named.text if named.kind == "action" else head)
            if action is not None:
                play.play(self.seat, action)
                play._ahead, play._ahead_seat = " ".join(words[k:]), self.seat
                return TurnEnd.PLAYED
        first = words[0]
        arguments = {t.split()[1].lower() for t in self.menu.texts if len(t.split()) == 2}
        lettered = all(len(t.split()) == 2 and len(t.split()[1]) == 1 for t in self.menu.texts)
        if len(first) > 1 and lettered and all(ch in arguments for ch in first.lower()):
            action = self._legal(first[0])
            if action is not None:
                play.play(self.seat, action)
                play._ahead, play._ahead_seat = " ".join([first[1:], *words[1:]]), self.seat
                return TurnEnd.PLAYED
        return None

    def play_text(self, wanted: str) -> TurnEnd | Said | None:
        """Play the move ``wanted`` names, reading it generously; say why when it cannot."""
        play, menu = self.session, self.menu
        try:
            play.play(self.seat, play.table.state.parse_action(menu.to_notation(wanted)))
            return TurnEnd.PLAYED
        except SavannaError as err:
            refusal = err
        by_words = menu.by_words(wanted)
        if by_words.kind == "action":
            play.play(self.seat, play.table.state.parse_action(menu.to_notation(by_words.text)))
            return TurnEnd.PLAYED
        if by_words.kind == "several":
            play.say(Text(play.t("pick.one", typed=wanted.strip()), style="yellow"))
            return by_words.choices, play.t("choices.some", what=wanted.strip())
        said = refusal.text(play.lang)
        if menu.notation and isinstance(refusal, IllegalActionError):  # named as it was typed
            said = said.replace(repr(refusal.action), repr(wanted.strip()), 1)
        play.say(Text(localise(said, play.lang), style="bold red"))
        first = wanted.split(maxsplit=1)[0].lower() if wanted.strip() else ""
        verbs = menu.verbs()
        # A refused move already says why; text the game could not read gets the verbs of now.
        if isinstance(refusal, NotationError) and first not in {v.lower() for v in verbs}:
            play.say(Text(play.t("not.now", verbs=", ".join(verbs)), style="yellow"))
        else:
            play.say(Text(play.t("try.again"), style="dim"))
        return None

    def ask_family(self, family: Choice) -> str | None:
        """Ask which member of ``family`` is meant; ``None`` when the player goes back.

        Members whose words differ only at the end (``a berry on a3``, ``a berry on b3``)
        are shown by that end, which may be typed as the answer.
        """
        play = self.session
        known: dict[str, str] = {}
        if family.alphabet:
            prompt = play.t(
                "family.ask.subset",
                verb=family.text,
                chars=" ".join(family.alphabet),
                example=family.example.split(maxsplit=1)[1],
            )
        else:
            shared, rests = family.word_parts()
            if rests:
                members = [Choice("", rest) for rest in rests]
                header = f"{family.text}{play.t('colon')}{localise(shared, play.lang)} ..."
                known = {rest.lower(): member for rest, member in zip(rests, family.members, strict=True)}
                example = rests[len(rests) // 2]
            else:
                members = [
                    Choice(argument, f"{family.text} {argument}", words=words)
                    for argument, words in zip(family.arguments, family.member_words, strict=True)
                ]
                header = play.t("family.options", verb=family.text)
                example = family.example.split(maxsplit=1)[1]
            play.draw(self.seat, menu=self.menu, only=members, header=header)
            prompt = play.t("family.ask", verb=family.text, example=example)
        answer = play.read(prompt + " ")
        if not answer.strip() or len(answer) > MAX_INPUT:
            return None
        typed = " ".join(answer.split())
        if typed.lower() in known:
            return known[typed.lower()]
        if typed.lower().startswith(family.text.lower()):
            return typed
        return f"{family.text} {typed}"
