"""The legal actions offered at a prompt: numbers, words, families and forgiving input.

A game may have dozens of legal actions sharing one verb (Banjooli's ``reroll 1`` ...
``reroll 123456``: 63 subsets of six dice). Listing each under its own number fills a
screen and hides the few other choices. This module, which knows no game, groups such
actions: a *family* is every legal action ``<verb> <argument>`` of a verb that has at least
:data:`FAMILY_MIN` of them, offered as one entry whose number asks for the argument. When
the arguments are exactly every combination of some characters (``1`` to ``6``), the
entry says so, and the argument may be typed in any order, as the game's notation allows.

Each entry carries the action in words (the game's
:meth:`~savanna.core.State.describe_action`), and what a person types is read
generously (:meth:`Menu.match`): a number, a move, an abbreviated verb (``m`` for
``move``), or words of the move in the player's language (``move blue``, ``bleu``). What
is played is always turned back into the game's own notation, so the game's parser stays
the only judge of a move.

Example:
    >>> menu = Menu.build(["keep"] + [f"reroll {a}" for a in ("1", "2", "12")], family_min=3)
    >>> [(c.code, c.text) for c in menu.choices]
    [('1', 'keep'), ('2', 'reroll')]
    >>> menu.choices[1].alphabet
    '12'
    >>> menu.expand("r 21")
    'reroll 21'
    >>> menu.match("9").kind
    'out_of_range'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

__all__ = ["FAMILY_MIN", "PROMOTED", "Choice", "Match", "Menu", "normal_words"]

FAMILY_MIN = 10
"""A verb with at least this many legal actions is offered as one family entry."""

PROMOTED = 3
"""Members of a family the terminal also lists on their own, the likeliest first."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of the menu.

    Attributes:
        code: what to type to choose it (``"3"``, or ``"#3"`` when moves are numbers).
        text: the action's notation, or the family's verb.
        members: for a family, the notation of every action in it (else empty).
        alphabet: for a family whose arguments are every combination of some
            characters, those characters in order (else empty).
        words: the action in words (empty for a family, or when the game has none).
        member_words: for a family, each member in words.
    """

    code: str
    text: str
    members: tuple[str, ...] = ()
    alphabet: str = ""
    words: str = ""
    member_words: tuple[str, ...] = ()

    @property
    def is_family(self) -> bool:
        """Whether this entry stands for several actions sharing a verb."""
        return bool(self.members)

    @property
    def arguments(self) -> list[str]:
        """The arguments of a family's members (``["1", "2", "12"]``)."""
        return [m[len(self.text) :].strip() for m in self.members]

    def word_parts(self) -> tuple[str, list[str]]:
        """For a family, what its members' words share and what tells each apart.

        ``("a berry on", ["a3", "b3", ...])`` for members worded "a berry on a3" ...;
        ``("", [])`` when the words share nothing or do not tell the members apart.
        """
        said = [w.split() for w in self.member_words]
        if not said or not all(said):
            return "", []
        common = 0
        while all(len(w) > common + 1 and w[common] == said[0][common] for w in said):
            common += 1
        rests = [" ".join(w[common:]) for w in said]
        if common == 0 or len(set(rests)) != len(rests):
            return "", []
        return " ".join(said[0][:common]), rests

    @property
    def example(self) -> str:
        """A typical member of a family, for the hint (a middle-sized argument)."""
        by_size = sorted(self.members, key=len)
        return by_size[len(by_size) // 2] if by_size else self.text


@dataclass(frozen=True, slots=True)
class Match:
    """What typed text designates in a menu.

    Attributes:
        kind: ``"action"`` (``text`` is the notation to play), ``"family"`` (ask for the
            argument of ``choices[0]``), ``"several"`` (``choices`` match: show them),
            ``"out_of_range"`` (a number that is no choice) or ``"none"`` (let the game
            read ``text``).
        text: the notation to play or to read.
        choices: the entries concerned.
    """

    kind: str
    text: str = ""
    choices: tuple[Choice, ...] = ()


def _verb(text: str) -> str:
    return text.split(maxsplit=1)[0].lower() if text.strip() else ""


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def _plain(text: str) -> str:
    """Lower case, accents removed (``Bleu``, ``bléu`` → ``bleu``)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def normal_words(text: str) -> list[str]:
    """The words of ``text``, lower case, without accents or punctuation.

    >>> normal_words("Bleu 2 (bleu + joker blanc)")
    ['bleu', '2', 'bleu', 'joker', 'blanc']
    """
    return _WORD.findall(_plain(text))


def _subset_alphabet(arguments: Sequence[str]) -> str:
    """The characters whose every non-empty combination ``arguments`` lists, or ``""``."""
    letters = sorted({ch for arg in arguments for ch in arg})
    if not letters or len(letters) > 12:
        return ""
    if any(len(set(arg)) != len(arg) for arg in arguments):
        return ""
    combos = {frozenset(arg) for arg in arguments}
    if len(combos) != len(arguments) or len(combos) != 2 ** len(letters) - 1:
        return ""
    return "".join(letters)


@dataclass(frozen=True, slots=True)
class Menu:
    """The entries offered for a list of legal action texts.

    Attributes:
        texts: the legal actions as the reader types them (the game's
            :meth:`~savanna.core.State.local_action_text`), in the game's order.
        choices: the entries: single actions and families, each with its code.
        words: each legal action in words (same order as ``texts``; may be empty).
        notation: each legal action's notation, when it differs from ``texts`` (a French
            reader's ``relancer 136`` is ``reroll 136``); empty when they are the same.
    """

    texts: tuple[str, ...]
    choices: tuple[Choice, ...]
    words: tuple[str, ...] = ()
    notation: tuple[str, ...] = ()

    @classmethod
    def build(
        cls,
        texts: Sequence[str],
        words: Sequence[str] | None = None,
        *,
        family_min: int = FAMILY_MIN,
        notation: Sequence[str] | None = None,
        promote: Mapping[str, int] | None = None,
    ) -> Menu:
        """Group ``texts`` into entries; codes follow the order of first appearance.

        Args:
            texts: the legal actions as the reader types them.
            words: the same actions in words (``describe_action``), if the game has them.
            family_min: the fewest actions of one verb grouped as a family.
            notation: the same actions in the game's notation, when it differs from ``texts``.
            promote: for a family's verb, how many of its first members (the likeliest,
                when the game ranked them: :meth:`~savanna.core.State.menu_order`) also get
                a key of their own, before the family's entry.
        """
        said = list(words) if words is not None else [""] * len(texts)
        said = ["" if _normal(w) == _normal(t) else w for t, w in zip(texts, said, strict=True)]
        groups: dict[str, list[int]] = {}
        for i, text in enumerate(texts):
            groups.setdefault(_verb(text), []).append(i)
        # Codes are numbers, unless the game's own notation is numbers.
        prefix = "#" if any(t.strip().isdigit() for t in texts) else ""
        choices: list[Choice] = []
        done: set[str] = set()
        promoted: dict[str, int] = {}
        ranked = promote or {}
        later: list[Choice] = []  # the entries of families whose likeliest members came first
        for i, text in enumerate(texts):
            verb = _verb(text)
            group = groups[verb]
            is_family = len(group) >= family_min and all(len(texts[j].split()) >= 2 for j in group)
            if not is_family:
                choices.append(Choice("", text, words=said[i]))
                continue
            if verb not in done and promoted.get(verb, 0) < ranked.get(verb, 0):
                # One of the family's likeliest members (listed first): a key of its own.
                promoted[verb] = promoted.get(verb, 0) + 1
                choices.append(Choice("", text, words=said[i]))
                continue
            if verb in done:
                continue
            done.add(verb)
            members = tuple(texts[j] for j in group)
            arguments = [t.split(maxsplit=1)[1] for t in members]
            family = Choice(
                "",
                text.split(maxsplit=1)[0],
                members,
                _subset_alphabet(arguments),
                member_words=tuple(said[j] for j in group),
            )
            (later if verb in promoted else choices).append(family)
        choices = [replace(c, code=f"{prefix}{n}") for n, c in enumerate([*choices, *later], start=1)]
        played = tuple(notation) if notation is not None and list(notation) != list(texts) else ()
        return cls(tuple(texts), tuple(choices), tuple(said), played)

    def to_notation(self, typed: str) -> str:
        """What to give the game's parser for ``typed``: the notation of the legal action
        whose local text it is (case, spaces and accents ignored; a verb may be
        abbreviated), or of the only action of the form ``<verb> <typed>`` (``T`` for
        ``avancer T``); else ``typed`` itself, for the game to read.
        """
        if not self.notation:
            return typed
        wanted = _plain(" ".join(self.expand(" ".join(typed.split())).split()))
        for text, played in zip(self.texts, self.notation, strict=True):
            if _plain(text) == wanted:
                return played
        if len(wanted.split()) == 1:
            found = [p for t, p in zip(self.texts, self.notation, strict=True) if _plain(t).split()[1:] == [wanted]]
            if len(found) == 1:
                return found[0]
        return typed

    def by_code(self, typed: str) -> Choice | None:
        """The entry whose code is ``typed`` (or a family named by its bare verb)."""
        wanted = _normal(typed)
        for choice in self.choices:
            if wanted == choice.code or (choice.is_family and wanted == choice.text.lower()):
                return choice
        return None

    def is_move(self, typed: str) -> bool:
        """Whether ``typed`` is exactly one of the legal actions' notation."""
        wanted = _normal(typed)
        return any(wanted == t.lower() for t in self.texts)

    def verbs(self) -> list[str]:
        """The verbs of the legal actions, in order (``keep``, ``reroll``)."""
        return list(dict.fromkeys(t.split(maxsplit=1)[0] for t in self.texts if t.strip()))

    def expand(self, typed: str) -> str:
        """``typed`` with an abbreviated verb written out (``r 136`` → ``reroll 136``).

        The first word is replaced when it is not itself a verb of a legal action and
        begins exactly one such verb; anything else is returned unchanged.
        """
        words = typed.split(maxsplit=1)
        if not words:
            return typed
        first = words[0].lower()
        verbs = {_verb(t): t.split(maxsplit=1)[0] for t in self.texts}
        if first in verbs:
            return typed
        matches = [v for v in verbs if v.startswith(first)]
        if len(matches) != 1:
            return typed
        return " ".join([verbs[matches[0]], *words[1:]])

    def _singles_of(self, verb: str) -> tuple[Choice, ...]:
        return tuple(c for c in self.choices if not c.is_family and _verb(c.text) == verb)

    def match(self, typed: str) -> Match:
        """What ``typed`` designates, before the game's own parser is asked.

        In order: a legal action's notation; a code; a number that is no code (out of
        range); a verb alone, maybe abbreviated, shared by several actions (they are
        listed, a family asks for its argument). Anything else is ``none``: the caller
        lets the game read it, then tries :meth:`by_words`.
        """
        wanted = _normal(typed)
        if not wanted:
            return Match("none", typed)
        if self.is_move(wanted):
            return Match("action", typed)
        choice = self.by_code(wanted)
        if choice is not None:
            kind = "family" if choice.is_family else "action"
            return Match(kind, choice.text, (choice,))
        if wanted.lstrip("#").lstrip("+-").isdigit():  # "-1", "+3": a number, not a choice
            return Match("out_of_range", typed)
        expanded = self.expand(" ".join(typed.split()))
        if self.is_move(expanded):
            return Match("action", expanded)
        if len(expanded.split()) == 1:
            verb = expanded.lower()
            family = next((c for c in self.choices if c.is_family and c.text.lower() == verb), None)
            if family is not None:
                return Match("family", family.text, (family,))
            singles = self._singles_of(verb)
            if singles:
                return Match("several", verb, singles)
        return Match("none", expanded)

    def by_words(self, typed: str) -> Match:
        """The actions whose notation and words contain every word typed.

        ``move blue`` finds ``move B`` ("blue 2") and ``move B+W`` ("blue 3 (blue + white
        joker)"): several, so they are listed; ``move blue white`` finds one, which is
        played. An action whose notation or words are exactly what was typed wins.
        """
        typed_words = normal_words(self.expand(typed))
        if not typed_words:
            return Match("none", typed)
        found: list[int] = []
        exact: list[int] = []
        for i, text in enumerate(self.texts):
            said = self.words[i] if i < len(self.words) else ""
            vocabulary = set(normal_words(text)) | set(normal_words(said))
            if all(word in vocabulary for word in typed_words):
                found.append(i)
                if typed_words in (normal_words(text), normal_words(said)):
                    exact.append(i)
        if len(exact) == 1:
            return Match("action", self.texts[exact[0]])
        if len(found) == 1:
            return Match("action", self.texts[found[0]])
        if not found:
            return Match("none", typed)
        chosen = {self.texts[i] for i in found}
        entries = tuple(
            c
            for c in self.choices
            if (c.text in chosen and not c.is_family) or (c.is_family and chosen & set(c.members))
        )
        return Match("several", typed, entries)
