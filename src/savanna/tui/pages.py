"""The pages a player opens at a prompt: help, rules, every choice, the news, the coach.

Each page fits the window (:func:`~savanna.tui.screen.page`) and returns what was typed to
leave it: a move or a command typed there is played next, as if typed at the prompt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from savanna.coach.text import number
from savanna.i18n.tui import MESSAGES
from savanna.tui.choice import Menu
from savanna.tui.coach import words as coach_words
from savanna.tui.render import choice_cells, game_title, legend_entries, localise
from savanna.tui.screen import Log, compose, page, wrap_all

if TYPE_CHECKING:
    from savanna.tui.session import PlaySession

__all__ = ["LEAVE", "Pages"]

LEAVE = frozenset({"q", "quit", "quitter", "exit"})
"""What leaves a page without doing anything else."""


class Pages:
    """The pages of one session (its console, keyboard, language and game)."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    def _page(self, title: str, lines: Sequence[Text]) -> str:
        play = self.session
        heading = Text(title, style="bold")
        return page(
            play.console,
            play.read,
            [*wrap_all([heading], play.console.width), *lines],
            more=play.t("page.more", page="{page}", pages="{pages}"),
            done=play.t("page.done"),
            clear=play.clear,
        )

    def help(self) -> str:
        """The commands, then the meaning of every symbol of the board."""
        play = self.session
        width = play.console.width
        undo = play.t("help.undo") if play.table.can_undo else ""
        lines: list[Text] = []
        # The example of a whole turn on one line is the game's own where the catalogue has one.
        example = f"help.line.{play.game.name}"
        line = play.t(example if example in MESSAGES.ids() else "help.line")
        commands = play.t("help", undo=undo, line=line).split("\n")
        if play.coach is not None:
            commands += [coach_words("terminal.help_odds", play.lang), coach_words("terminal.help_hint", play.lang)]
        for line in commands:
            command = line.startswith("  ")
            lines += wrap_all([Text(line)], width, indent=16 if command else 0)
        legend = legend_entries(play.game, play.lang)
        if legend:
            lines += [Text(""), Text(play.t("legend.title"), style="bold")]
            pad = max(len(symbol) for symbol, _ in play.game.legend(play.lang)) + 2
            lines += wrap_all(legend, width, indent=pad)
        return self._page(play.t("help.title"), lines)

    def news(self, seat: int, menu: Menu) -> str:
        """Every turn since ``seat`` last played, on pages, when its screen has no room for
        all and another seat played since ``seat`` last looked at its screen.

        A tall board (five players' pawns on the river race's map) leaves a few lines for
        the log; what happened since the player's last turn is then shown first, in full.
        Returns what was typed to leave the pages (a move or a command, played next).
        """
        play = self.session
        log = play.table.log
        since = play.looked.get(seat, 0)
        if not any(not e.is_chance and e.actor != seat for e in log[since:]):
            return ""  # nothing happened since the player last looked (their own roll, say)
        shown = play.screen(seat, menu=menu)
        compose(shown, play.console.width, play.console.height)
        section = next((s for s in shown.sections if isinstance(s, Log)), None)
        if section is None or not section.dropped:
            return ""
        width = play.console.width
        room = play.console.height - 3  # the title, its wrap, the pager's prompt
        lines = wrap_all(section.forms[0], width, 2)
        if len(lines) > room:
            lines = wrap_all(section.forms[-1], width, 2)
        typed = self._page(play.t("news.title"), lines)
        play.looked[seat] = len(log)
        return "" if typed.lower() in LEAVE else typed

    def coach(self, seat: int, what: str) -> str:
        """The coach's ``odds`` or ``hint`` for ``seat``, on pages (or why it is off)."""
        play = self.session
        coach = play.coach
        if coach is None:
            play.say(Text(coach_words("terminal.off", play.lang), style="yellow"))
            return ""
        if coach.seconds is not None:
            thinking = coach_words(
                "terminal.thinking", play.lang, seconds=number(coach.seconds, play.lang, 0)
            )
        else:
            thinking = coach_words("terminal.thinking_rounds", play.lang, rounds=coach.samples)
        play.console.print(Text(thinking, style="dim"))
        table = play.table
        seed = table.seeds.seed_at(table.version)
        lines = coach.lines(table.state, seat, what, seed, play.console.width)
        title = coach_words(f"terminal.title_{what}", play.lang, player=play.seat_name(seat))
        return self._page(title, [Text(line) for line in lines])

    def rules(self) -> str:
        """The game's rules in short."""
        play = self.session
        summary = localise(play.game.rules_summary(play.lang), play.lang)
        paragraphs = [p.strip() for p in summary.split("\n\n") if p.strip()]
        lines: list[Text] = []
        for i, paragraph in enumerate(paragraphs):
            if i:
                lines.append(Text(""))
            # A line break inside a paragraph starts an entry of a list (one per berry).
            entries = paragraph.split("\n")
            for line in entries:
                lines += wrap_all([Text(" ".join(line.split()))], play.console.width, indent=2 if len(entries) > 1 else 0)
        title = play.t("help.rules", game=game_title(play.game, play.lang))
        return self._page(title, lines)

    def choices(self, menu: Menu) -> str:
        """Every choice, each family's members in full, with their words."""
        play = self.session
        width = play.console.width
        lines: list[Text] = []
        for choice in menu.choices:
            if not choice.is_family:
                lines += wrap_all(choice_cells([choice], play.lang), width, indent=4)
                continue
            head = Text(f"{choice.code}) ", style="bold cyan")
            head.append(play.t("family.options", verb=choice.text))
            lines.append(head)
            for argument, words in zip(choice.arguments, choice.member_words, strict=True):
                entry = Text(f"   {choice.text} {argument}", style="bold")
                if words:
                    entry.append(play.t("colon") + localise(words, play.lang))
                lines += wrap_all([entry], width, indent=6)
        return self._page(play.t("help.list"), lines)
