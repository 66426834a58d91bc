"""What each viewer may be told about an action: the terminal's log of the game.

A shared screen must not print an action to someone who could not know it (a dealt
prediction card is a chance outcome whose text names the card). The terminal does not
guess which actions are secret: the game declares each action's audience
(:meth:`~savanna.core.State.action_viewers`), and the seat that acted always knows it.
Every action is kept both in notation and in words
(:meth:`~savanna.core.State.describe_action`), so people read what happened without
learning the notation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text

from savanna.core import CHANCE, Audience, State
from savanna.i18n.tui import french_spaces

__all__ = ["Event", "Viewer", "event_of", "log_entries"]

Viewer = int | None
"""A seat, or ``None`` for a spectator."""


@dataclass(frozen=True, slots=True)
class Event:
    """One action of the game as the terminal logs it.

    Attributes:
        index: its index in the state's history.
        actor: the seat that acted, or :data:`~savanna.core.CHANCE`.
        text: its notation (shown only to ``viewers``).
        viewers: who may read it (the game's declaration, the actor added).
        words: the action in words, in the session's language (same audience).
    """

    index: int
    actor: int
    text: str
    viewers: Audience
    words: str = ""

    @property
    def is_chance(self) -> bool:
        """Whether chance (dice, sticks, a deal) made this action."""
        return self.actor == CHANCE

    def shown_to(self, viewer: Viewer) -> str | None:
        """The notation when ``viewer`` may read it, else ``None``."""
        return self.text if self.viewers.includes(viewer) else None

    def words_to(self, viewer: Viewer) -> str | None:
        """The words when ``viewer`` may read them, else ``None``."""
        return (self.words or self.text) if self.viewers.includes(viewer) else None


def event_of(state: State, action: int, lang: str) -> Event:
    """The event of playing ``action`` in ``state`` (call it *before* applying the action)."""
    actor = state.current_player()
    viewers = state.action_viewers(action)
    if actor != CHANCE:
        viewers = viewers.with_seat(actor)  # a seat always knows what it did
    words = state.describe_action(action, lang)
    return Event(
        len(state.history),
        actor,
        state.action_to_text(action),
        viewers,
        french_spaces(words) if lang == "fr" else words,
    )


MAX_IN_ENTRY = 8
"""Actions of one turn listed in a log entry; earlier ones are replaced by ``...``."""


def log_entries(
    events: Sequence[Event],
    viewer: Viewer,
    who: Callable[[int], str],
    hidden: Callable[[Event], str],
    limit: int = 6,
    sep: str = "; ",
) -> list[Text]:
    """The last ``limit`` turns, in words, as ``viewer`` may read them.

    Consecutive actions of one actor (a throw of six dice, a move and its steps) make one
    entry: ``P2: keep all the dice; blue 2; blue steps forward``.

    Args:
        events: the game's events, oldest first.
        viewer: who reads the log.
        who: the label of an actor's entry, its colon included (``P2: ``, ``Hasard : ``).
        hidden: what an action ``viewer`` may not read is called (``a secret draw``).
        limit: how many entries at most.
        sep: what separates the actions of an entry (French puts a space before ``;``).
    """
    turns: list[tuple[int, list[str]]] = []
    for event in events:
        words = event.words_to(viewer)
        text = words if words is not None else hidden(event)
        if turns and turns[-1][0] == event.actor:
            turns[-1][1].append(text)
        else:
            turns.append((event.actor, [text]))
    out = []
    for actor, texts in turns[-limit:]:
        shown = texts if len(texts) <= MAX_IN_ENTRY else ["...", *texts[-MAX_IN_ENTRY + 1 :]]
        entry = Text(who(actor), style="bold")
        entry.append(sep.join(shown))
        out.append(entry)
    return out
