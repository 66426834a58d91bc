"""The legal actions offered at a prompt: short codes, families and friendly input.

A game may have dozens of legal actions sharing one verb (Banjooli's ``reroll 1`` ...
``reroll 123456``: 63 subsets of six dice). Listing each under its own code fills a screen
and hides the few other choices. This module, which knows no game, groups such actions:
a *family* is every legal action ``<verb> <argument>`` of a verb that has at least
:data:`FAMILY_MIN` of them, offered as one entry whose code asks for the argument. When
the arguments are exactly every combination of some characters (``1`` to ``6``), the
entry says so, and the argument may be typed in any order, as the game's notation allows.

What the player types is turned back into the game's own notation (a code, a family's
code followed by an argument, or an abbreviated verb), so the game's parser stays the
only judge of a move.

Example:
    >>> menu = Menu.build(["keep"] + [f"reroll {a}" for a in ("1", "2", "12")], family_min=3)
    >>> [(c.code, c.text) for c in menu.choices]
    [('1', 'keep'), ('2', 'reroll')]
    >>> menu.choices[1].alphabet
    '12'
    >>> menu.expand("r 21")
    'reroll 21'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["FAMILY_MIN", "Choice", "Menu"]

FAMILY_MIN = 10
"""A verb with at least this many legal actions is offered as one family entry."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of the menu.

    Attributes:
        code: what to type to choose it (``"3"``, or ``"#3"`` when moves are numbers).
        text: the action's notation, or the family's verb.
        members: for a family, the notation of every action in it (else empty).
        alphabet: for a family whose arguments are every combination of some
            characters, those characters in order (else empty).
    """

    code: str
    text: str
    members: tuple[str, ...] = ()
    alphabet: str = ""

    @property
    def is_family(self) -> bool:
        """Whether this entry stands for several actions sharing a verb."""
        return bool(self.members)

    @property
    def arguments(self) -> list[str]:
        """The arguments of a family's members (``["1", "2", "12"]``)."""
        return [m[len(self.text) :].strip() for m in self.members]

    @property
    def example(self) -> str:
        """A typical member of a family, for the hint (a middle-sized argument)."""
        by_size = sorted(self.members, key=len)
        return by_size[len(by_size) // 2] if by_size else self.text


def _verb(text: str) -> str:
    return text.split(maxsplit=1)[0].lower() if text.strip() else ""


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


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
        texts: the legal actions' notation, in the game's order.
        choices: the entries: single actions and families, each with its code.
    """

    texts: tuple[str, ...]
    choices: tuple[Choice, ...]

    @classmethod
    def build(cls, texts: Sequence[str], *, family_min: int = FAMILY_MIN) -> Menu:
        """Group ``texts`` into entries; codes follow the order of first appearance."""
        groups: dict[str, list[str]] = {}
        for text in texts:
            groups.setdefault(_verb(text), []).append(text)
        # Codes are numbers, unless the game's own notation is numbers.
        prefix = "#" if any(t.strip().isdigit() for t in texts) else ""
        choices: list[Choice] = []
        done: set[str] = set()
        for text in texts:
            verb = _verb(text)
            group = groups[verb]
            is_family = len(group) >= family_min and all(len(t.split()) >= 2 for t in group)
            if is_family:
                if verb in done:
                    continue
                done.add(verb)
                head = text.split(maxsplit=1)[0]
                arguments = [t.split(maxsplit=1)[1] for t in group]
                choices.append(
                    Choice(
                        f"{prefix}{len(choices) + 1}",
                        head,
                        tuple(group),
                        _subset_alphabet(arguments),
                    )
                )
            else:
                choices.append(Choice(f"{prefix}{len(choices) + 1}", text))
        return cls(tuple(texts), tuple(choices))

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
