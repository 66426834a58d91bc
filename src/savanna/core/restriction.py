"""Restricted play: one kind of decision a player gives up, declared by each game.

The lab measures whether a decision matters by the method of Jaffe et al., "Evaluating
competitive game balance with restricted play" (AIIDE 2012): a bot with one kind of
decision taken away plays against unrestricted bots, and what it loses in win rate and
score is what that decision is worth. A game declares the kinds of decision it lets the lab
take away (:meth:`Game.restrictions <savanna.core.game.Game.restrictions>`); the lab and
the bots know no game and read only these declarations.

A restriction works in one of two ways, or both:

* ``allow(state, seat, legal)`` keeps some of the legal actions (``never-bargain`` drops
  the offers; ``always-upper`` keeps only the upper branch at a fork). It returns the
  actions kept, a non-empty part of ``legal`` in its order, or ``legal`` itself when the
  decision is not of its kind.
* ``blind(state, seat, rng)`` gives the position the restricted seat decides on, with
  what it must ignore drawn afresh (``ignore-price``: its own card redrawn as if unseen),
  or ``None`` when it has nothing to hide here. The bot then decides on that copy.

Both read only what ``seat`` may see (the action ids, public facts, its own secrets) and
change nothing. ``blind`` is given the real position; ``allow`` the position the seat
decides on (``blind``'s copy when it hides something, else the real one), so a seat that
ignores a secret also ignores the choices only that secret shows it (``ignore-price``:
whether its card can be paid).

Example:
    >>> r = Restriction("never-pass", "never passes", "ne passe jamais",
    ...                 allow=lambda state, seat, legal: [a for a in legal if a != 0] or legal)
    >>> r.allowed(None, 0, [0, 1, 2]), r.allowed(None, 0, [0])
    ([1, 2], [0])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from savanna.core.errors import OptionError
from savanna.core.messages import CORE_MESSAGES

if TYPE_CHECKING:
    from savanna.core.game import State

__all__ = ["Restriction", "find_restriction"]

Allow = Callable[["State", int, list[int]], list[int]]
"""``allow(state, seat, legal) -> kept``: the legal actions a restricted seat may choose."""
Blind = Callable[["State", int, random.Random], "State | None"]
"""``blind(state, seat, rng) -> copy``: the position as the restricted seat decides on it."""


@dataclass(frozen=True)
class Restriction:
    """One kind of decision a restricted player gives up.

    Attributes:
        name: the name in bot specs and on ``savanna simulate --restrict`` (``never-bargain``).
        en, fr: what the restricted player does, in words (a short phrase).
        allow: the actions it keeps (see the module), or ``None``.
        blind: the position it decides on (see the module), or ``None``.
    """

    name: str
    en: str
    fr: str
    allow: Allow | None = None
    blind: Blind | None = None

    def __post_init__(self) -> None:
        if self.allow is None and self.blind is None:
            raise ValueError(f"restriction {self.name!r} needs allow, blind or both")

    @classmethod
    def dropping(cls, name: str, en: str, fr: str, actions: Iterable[int]) -> Restriction:
        """A restriction that never chooses ``actions`` (ids) while another action is legal."""
        dropped = frozenset(actions)

        def allow(state: State, seat: int, legal: list[int]) -> list[int]:
            return [a for a in legal if a not in dropped] or legal

        return cls(name, en, fr, allow=allow)

    def words(self, lang: str = "en") -> str:
        """What the restricted player does, in ``lang`` (English unless ``fr``)."""
        return self.fr if lang == "fr" else self.en

    def allowed(self, state: State, seat: int, legal: list[int]) -> list[int]:
        """The legal actions kept (all of them without ``allow``).

        Raises:
            ValueError: ``allow`` kept nothing, or an action that is not legal (a bug in
                the game's declaration).
        """
        if self.allow is None:
            return legal
        kept = self.allow(state, seat, legal)
        if not kept or not set(kept) <= set(legal):
            raise ValueError(
                f"restriction {self.name!r} kept {kept!r} of the legal actions {legal!r}: "
                "it must keep a non-empty part of them"
            )
        return kept


def find_restriction(game_name: str, restrictions: Sequence[Restriction], name: str) -> Restriction:
    """The restriction called ``name`` among a game's.

    Raises:
        OptionError: the game declares none of that name (the message lists its own).
    """
    for restriction in restrictions:
        if restriction.name == name:
            return restriction
    known = ", ".join(r.name for r in restrictions) or "none"
    raise OptionError(CORE_MESSAGES.words("error.option.restriction", game=game_name, name=repr(name), known=known))
