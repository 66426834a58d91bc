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
from dataclasses import dataclass, field

from rich.text import Text

from savanna.core import CHANCE, Audience, State
from savanna.i18n.tui import french_spaces

__all__ = ["Event", "LogForms", "Viewer", "event_of", "join_turn", "log_entries", "log_forms"]

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


SHARED_WORDS = 2
"""Leading words two actions of a turn must share to be written once (``green steps``)."""


def join_turn(texts: Sequence[str], sep: str = "; ") -> str:
    """The actions of one turn in as few words as they can be read.

    An action repeated in a row is written once with its count (``green steps forward
    ×3``), and the actions that begin with the same :data:`SHARED_WORDS` words as the one
    before say only what differs, after a comma::

        >>> join_turn(["green 4", "green steps right", "green steps forward",
        ...            "green steps forward"])
        'green 4; green steps right, forward ×2'
    """
    runs: list[tuple[str, int]] = []  # (text, times in a row)
    for text in texts:
        if runs and runs[-1][0] == text:
            runs[-1] = (text, runs[-1][1] + 1)
        else:
            runs.append((text, 1))
    parts: list[str] = []
    head: list[str] = []  # the shared words of the current group
    for text, count in runs:
        words = text.split(" ")
        times = "" if count == 1 else f" ×{count}"
        if head and len(words) > SHARED_WORDS and words[:SHARED_WORDS] == head:
            parts[-1] += ", " + " ".join(words[SHARED_WORDS:]) + times
            continue
        parts.append(text + times)
        head = words[:SHARED_WORDS] if len(words) > SHARED_WORDS else []
    return sep.join(parts)


def _turns(
    events: Sequence[Event], viewer: Viewer, hidden: Callable[[Event], str]
) -> list[tuple[int, list[str], int]]:
    """Consecutive actions of one actor: ``(actor, texts, index of its last event)``."""
    turns: list[tuple[int, list[str], int]] = []
    for i, event in enumerate(events):
        words = event.words_to(viewer)
        text = words if words is not None else hidden(event)
        if turns and turns[-1][0] == event.actor:
            turns[-1][1].append(text)
            turns[-1] = (event.actor, turns[-1][1], i)
        else:
            turns.append((event.actor, [text], i))
    return turns


def _entry(actor: int, texts: Sequence[str], who: Callable[[int], str], sep: str) -> Text:
    shown = texts if len(texts) <= MAX_IN_ENTRY else ["...", *texts[-MAX_IN_ENTRY + 1 :]]
    entry = Text(who(actor), style="bold")
    entry.append(join_turn(shown, sep))
    return entry


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
    entry, written short by :func:`join_turn`: ``P2: keep all the dice; blue 2; blue steps
    forward ×2``.

    Args:
        events: the game's events, oldest first.
        viewer: who reads the log.
        who: the label of an actor's entry, its colon included (``P2: ``, ``Hasard : ``).
        hidden: what an action ``viewer`` may not read is called (``a secret draw``).
        limit: how many entries at most.
        sep: what separates the actions of an entry (French puts a space before ``;``).
    """
    turns = _turns(events, viewer, hidden)
    return [_entry(actor, texts, who, sep) for actor, texts, _ in turns[-limit:]]


def news_start(events: Sequence[Event], viewer: Viewer) -> int:
    """The index of the first event ``viewer`` has not seen played from its own turn.

    Everything after the viewer's last action that another seat answered: the other
    seats' turns since the viewer last played, chance among them, and the viewer's own
    turn in progress. For a spectator (``None``) or a seat that never played: 0.
    """
    if viewer is None:
        return 0
    others = [i for i, e in enumerate(events) if not e.is_chance and e.actor != viewer]
    if not others:
        return 0
    own = [i for i, e in enumerate(events[: others[-1]]) if e.actor == viewer]
    return own[-1] + 1 if own else 0


@dataclass(frozen=True)
class LogForms:
    """The log of one screen, from the fullest to the shortest (see :class:`~savanna.tui.screen.Log`).

    Attributes:
        older: entries before the news, shown when room allows.
        forms: the news (every turn since the viewer's last one), written shorter and
            shorter: in full; without the chance outcomes between the other seats' moves.
    """

    older: list[Text] = field(default_factory=list)
    forms: list[list[Text]] = field(default_factory=list)


def log_forms(
    events: Sequence[Event],
    viewer: Viewer,
    who: Callable[[int], str],
    hidden: Callable[[Event], str],
    limit: int = 6,
    sep: str = "; ",
) -> LogForms:
    """What happened since ``viewer`` last played, every turn of it, and what came before.

    The news are every turn since the viewer's last one (:func:`news_start`); a spectator's
    are the last ``limit`` turns. The shorter form leaves out the chance outcomes followed
    by a seat's move (a bot's dice: the move says what it did), keeping the last ones (the
    viewer's own throw).
    """
    turns = _turns(events, viewer, hidden)
    start = news_start(events, viewer)
    if viewer is None:
        cut = max(0, len(turns) - limit)
    else:
        cut = next((k for k, (_, _, last) in enumerate(turns) if last >= start), len(turns))
    news = turns[cut:]
    older = turns[max(0, cut - max(0, limit - len(news))) : cut]
    full = [_entry(a, t, who, sep) for a, t, _ in news]
    last_move = max((k for k, (a, _, _) in enumerate(news) if a != CHANCE), default=-1)
    kept: list[tuple[int, list[str]]] = []
    for k, (actor, texts, _) in enumerate(news):
        if actor == CHANCE and k < last_move:
            continue  # a bot's dice: its move says what it did with them
        if kept and kept[-1][0] == actor:
            kept[-1] = (actor, kept[-1][1] + texts)  # a throw between two choices of a seat
        else:
            kept.append((actor, list(texts)))
    moves = [_entry(a, t, who, sep) for a, t in kept]
    forms = [full] if len(moves) == len(full) else [full, moves]
    return LogForms([_entry(a, t, who, sep) for a, t, _ in older], forms)
