"""The log of a table: every action once, with who may read it, in words per reader.

An :class:`Entry` is made when an action is played, on the position before it
(:func:`entry_of`), and never changes. It holds the one rule for the audience of an
action, the same at every interface: the game declares who may read it
(:meth:`~savanna.core.State.action_viewers`) and the seat that acted always reads its own
action (the core contract, ``docs/architecture.md``). Its words are kept in every language,
typeset, so each reader gets them in theirs.

A reader is a seat or ``None`` (a spectator). :class:`Log` answers what a reader may read:
:meth:`Log.lines` from any index (a client that has the first ``n`` asks from ``n``),
grouped by turns (:meth:`Log.turns`: consecutive actions of one actor), what happened since
the reader's own last turn (:meth:`Log.news_start`) and since the reader last looked
(:meth:`Log.mark_seen`, :meth:`Log.unseen_start`). Once the game is over every entry is
revealed to everyone (the record is public then).

Example:
    >>> import savanna
    >>> state = savanna.load_game("hyena").new_initial_state()
    >>> entry = entry_of(state, state.legal_actions()[0])
    >>> entry.actor, entry.audience.everyone, sorted(entry.words)
    (-1, True, ['en', 'fr'])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import overload

from savanna.core import CHANCE, Audience, State
from savanna.core.errors import LANGUAGES
from savanna.core.messages import typeset

__all__ = ["Entry", "Line", "Log", "Reader", "Turn", "entry_of", "news_start", "typeset"]

Reader = int | None
"""A seat, or ``None`` for a spectator."""



@dataclass(frozen=True, slots=True)
class Entry:
    """One action of the game as the log keeps it.

    Attributes:
        index: its index in the game's history.
        actor: the seat that acted, or :data:`~savanna.core.CHANCE`.
        text: its notation.
        audience: who may read it (the game's declaration and the acting seat).
        words: the action in words, typeset, by language.
        walk: the piece a seat's move takes and the spaces it passes
            (:meth:`~savanna.core.presentation.GamePresentation.action_walk`), or ``()``.
    """

    index: int
    actor: int
    text: str
    audience: Audience
    words: Mapping[str, str]
    walk: tuple[str, ...] = ()

    @property
    def is_chance(self) -> bool:
        """Whether chance (dice, sticks, a deal) made this action."""
        return self.actor == CHANCE

    def visible_to(self, reader: Reader, revealed: bool = False) -> bool:
        """Whether ``reader`` may read this action (everyone may once ``revealed``)."""
        return revealed or self.audience.includes(reader)

    def words_for(self, reader: Reader, lang: str, revealed: bool = False) -> str | None:
        """The words in ``lang`` when ``reader`` may read them, else ``None``."""
        if not self.visible_to(reader, revealed):
            return None
        return self.words.get(lang) or self.words.get("en") or self.text

    def text_for(self, reader: Reader, revealed: bool = False) -> str | None:
        """The notation when ``reader`` may read it, else ``None``."""
        return self.text if self.visible_to(reader, revealed) else None


def entry_of(state: State, action: int) -> Entry:
    """The entry of ``action``, a legal action of ``state`` (call it *before* applying it).

    The audience is the game's declaration with the acting seat added: a seat always reads
    what it did itself, whatever the game declares.
    """
    actor = state.current_player()
    audience = state.action_viewers(action)
    if actor >= 0:
        audience = audience.with_seat(actor)
    words = {lang: typeset(state.describe_action(action, lang), lang) for lang in LANGUAGES}
    walk = state.game.action_walk(state, action) if actor >= 0 else ()
    return Entry(len(state.history), actor, state.action_to_text(action), audience, words, walk)


@dataclass(frozen=True, slots=True)
class Line:
    """One entry as one reader reads it: ``text`` and ``notation`` are ``None`` when hidden
    (and ``walk`` is then ``()``)."""

    index: int
    actor: int
    text: str | None
    notation: str | None
    walk: tuple[str, ...] = ()

    @property
    def is_chance(self) -> bool:
        """Whether chance made this action."""
        return self.actor == CHANCE


@dataclass(frozen=True, slots=True)
class Turn:
    """Consecutive lines of one actor (a throw of six dice, a move and its steps)."""

    actor: int
    lines: tuple[Line, ...]

    @property
    def first(self) -> int:
        """The index of its first action."""
        return self.lines[0].index

    @property
    def last(self) -> int:
        """The index of its last action."""
        return self.lines[-1].index


class Log(Sequence[Entry]):
    """Every entry of a table, oldest first, and what each reader may read of them."""

    def __init__(self, entries: Sequence[Entry] = ()) -> None:
        self._entries: list[Entry] = list(entries)
        self._seen: dict[Reader, int] = {}
        self.revealed = False
        """Whether every entry is shown to everyone (the game is over)."""

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries)

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        return self._entries[index]

    def extend(self, entries: Sequence[Entry]) -> None:
        """Add the entries of actions just played."""
        self._entries.extend(entries)

    def cut(self, length: int) -> None:
        """Keep the first ``length`` entries (actions taken back)."""
        del self._entries[length:]
        for reader, seen in list(self._seen.items()):
            self._seen[reader] = min(seen, length)

    def lines(self, reader: Reader, lang: str, start: int = 0) -> list[Line]:
        """The entries from ``start`` as ``reader`` may read them, in ``lang``."""
        revealed = self.revealed
        return [
            Line(e.index, e.actor, e.words_for(reader, lang, revealed), e.text_for(reader, revealed),
                 e.walk if e.visible_to(reader, revealed) else ())
            for e in self._entries[start:]
        ]

    def turns(self, reader: Reader, lang: str, start: int = 0) -> list[Turn]:
        """The lines from ``start`` grouped by turns: consecutive actions of one actor."""
        turns: list[Turn] = []
        for line in self.lines(reader, lang, start):
            if turns and turns[-1].actor == line.actor:
                turns[-1] = Turn(line.actor, (*turns[-1].lines, line))
            else:
                turns.append(Turn(line.actor, (line,)))
        return turns

    def news_start(self, reader: Reader) -> int:
        """The index of the first entry ``reader`` has not seen played from its own turn
        (see :func:`news_start`)."""
        return news_start(self._entries, reader)

    def mark_seen(self, reader: Reader, upto: int | None = None) -> None:
        """``reader`` has looked at the log up to entry ``upto`` (all of it by default)."""
        self._seen[reader] = len(self._entries) if upto is None else max(0, min(upto, len(self._entries)))

    def unseen_start(self, reader: Reader) -> int:
        """The index of the first entry ``reader`` has not looked at (0 if it never looked)."""
        return self._seen.get(reader, 0)


def news_start(entries: Sequence[Entry], reader: Reader) -> int:
    """The index of the first of ``entries`` ``reader`` has not seen played from its own turn.

    Everything after the reader's last action that another seat answered: the other seats'
    turns since the reader last played, chance among them, and the reader's own turn in
    progress. For a spectator (``None``) or a seat that never played: 0.
    """
    if reader is None:
        return 0
    last_other = next(
        (i for i in range(len(entries) - 1, -1, -1) if not entries[i].is_chance and entries[i].actor != reader),
        None,
    )
    if last_other is None:
        return 0
    own = next((i for i in range(last_other - 1, -1, -1) if entries[i].actor == reader), None)
    return 0 if own is None else own + 1
