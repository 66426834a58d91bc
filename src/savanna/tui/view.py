"""What each viewer may be told about an action: the terminal's log of the game.

A shared screen must not print an action to someone who could not know it (a dealt
prediction card is a chance outcome whose text names the card). The terminal does not
decide who may read an action: the table logs every action once with its audience and its
words in every language (:mod:`savanna.table.log`), and this module writes what a viewer
may read as the terminal shows it, in words, so that people read what happened without
learning the notation: consecutive actions of one actor in one entry, written short.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text

from savanna.core import CHANCE
from savanna.i18n.tui import M
from savanna.table import Entry, Reader
from savanna.table.log import news_start

__all__ = ["LogForms", "Viewer", "join_turn", "label", "log_entries", "log_forms", "unread"]

Viewer = Reader
"""A seat, or ``None`` for a spectator."""


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


def label(actor: int, lang: str) -> str:
    """The label of a log entry, its colon included: ``P2: ``, ``Hasard : ``."""
    name = M("chance.name", lang) if actor == CHANCE else M("seat.short", lang, n=actor + 1)
    return name + M("colon", lang)


def unread(entry: Entry, lang: str) -> str:
    """What an action the viewer may not read is called (``a secret draw``)."""
    return M("hidden", lang) if entry.is_chance else M("hidden.move", lang)


def _turns(entries: Sequence[Entry], viewer: Viewer, lang: str) -> list[tuple[int, list[str], int]]:
    """Consecutive actions of one actor: ``(actor, texts, index of its last entry)``."""
    turns: list[tuple[int, list[str], int]] = []
    for i, entry in enumerate(entries):
        words = entry.words_for(viewer, lang)
        text = words if words is not None else unread(entry, lang)
        if turns and turns[-1][0] == entry.actor:
            turns[-1][1].append(text)
            turns[-1] = (entry.actor, turns[-1][1], i)
        else:
            turns.append((entry.actor, [text], i))
    return turns


def _entry(actor: int, texts: Sequence[str], lang: str) -> Text:
    shown = texts if len(texts) <= MAX_IN_ENTRY else ["...", *texts[-MAX_IN_ENTRY + 1 :]]
    entry = Text(label(actor, lang), style="bold")
    entry.append(join_turn(shown, M("sep", lang)))
    return entry


def log_entries(entries: Sequence[Entry], viewer: Viewer, lang: str, limit: int = 6) -> list[Text]:
    """The last ``limit`` turns, in words, as ``viewer`` may read them.

    Consecutive actions of one actor (a throw of six dice, a move and its steps) make one
    entry, written short by :func:`join_turn`: ``P2: keep all the dice; blue 2; blue steps
    forward ×2``.
    """
    turns = _turns(entries, viewer, lang)
    return [_entry(actor, texts, lang) for actor, texts, _ in turns[-limit:]]


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


def log_forms(entries: Sequence[Entry], viewer: Viewer, lang: str, limit: int = 6) -> LogForms:
    """What happened since ``viewer`` last played, every turn of it, and what came before.

    The news are every turn since the viewer's last one
    (:func:`~savanna.table.log.news_start`); a spectator's are the last ``limit`` turns. The
    shorter form leaves out the chance outcomes followed by a seat's move (a bot's dice: the
    move says what it did), keeping the last ones (the viewer's own throw).
    """
    turns = _turns(entries, viewer, lang)
    start = news_start(entries, viewer)
    if viewer is None:
        cut = max(0, len(turns) - limit)
    else:
        cut = next((k for k, (_, _, last) in enumerate(turns) if last >= start), len(turns))
    news = turns[cut:]
    older = turns[max(0, cut - max(0, limit - len(news))) : cut]
    full = [_entry(a, t, lang) for a, t, _ in news]
    last_move = max((k for k, (a, _, _) in enumerate(news) if a != CHANCE), default=-1)
    kept: list[tuple[int, list[str]]] = []
    for k, (actor, texts, _) in enumerate(news):
        if actor == CHANCE and k < last_move:
            continue  # a bot's dice: its move says what it did with them
        if kept and kept[-1][0] == actor:
            kept[-1] = (actor, kept[-1][1] + texts)  # a throw between two choices of a seat
        else:
            kept.append((actor, list(texts)))
    moves = [_entry(a, t, lang) for a, t in kept]
    forms = [full] if len(moves) == len(full) else [full, moves]
    return LogForms([_entry(a, t, lang) for a, t, _ in older], forms)
