"""The model of play the coach assumes for every seat after the move it evaluates.

The coach's numbers answer "what happens if I play this, and then everybody — me included —
plays like the model?". The model is a :class:`Policy`:

``heuristic`` (default)
    each seat plays the game's documented good-human strategy
    (:meth:`Game.heuristic_action_in_state <savanna.core.Game.heuristic_action_in_state>`,
    which sees only what that seat may see);
``random``
    each seat picks uniformly among its legal actions.

A policy is a *function* of the position and of the path of actions since the analysed
position: its tie-breaks are drawn from a generator seeded by a hash of that path, never
from a shared stream. So the same position reached by the same path always gets the same
answer, exact enumeration and simulation estimate the very same quantity, and two moves
compared on the same determinization and dice (common random numbers) see the same
future decisions wherever their paths agree.

Example:
    >>> from savanna.core import load_game
    >>> policy = Policy(load_game("hyena"), "random")
    >>> state = policy.game.new_initial_state()
    >>> policy.choose(state, [0, 1, 2], 12345) == policy.choose(state, [0, 1, 2], 12345)
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Literal, get_args

from savanna.coach.words import MESSAGES
from savanna.core import Game, OptionError, State

__all__ = ["POLICIES", "Policy", "PolicyName", "path_key"]

PolicyName = Literal["heuristic", "random"]
POLICIES: Final[tuple[str, ...]] = get_args(PolicyName)
"""The models of play the coach knows."""

_MASK: Final = (1 << 64) - 1
_PRIME: Final = 0x100000001B3
"""FNV-1a's 64-bit prime: mixes each action into the path key."""


def path_key(key: int, action: int) -> int:
    """The key of a path extended by ``action`` (a 64-bit rolling hash, stable across runs).

    >>> path_key(0, 3) != path_key(0, 4)
    True
    """
    return ((key ^ (action + 1)) * _PRIME) & _MASK


class Policy:
    """How every seat plays in the coach's simulations: deterministic given the path.

    Args:
        game: the configured game.
        name: ``"heuristic"`` or ``"random"``.

    Raises:
        OptionError: for another name (the message lists the known ones).
    """

    __slots__ = ("_heuristic", "game", "name")

    def __init__(self, game: Game, name: str = "heuristic") -> None:
        if name not in POLICIES:
            raise OptionError(MESSAGES.words("error.model", name=repr(name), models=", ".join(POLICIES)))
        self.game = game
        self.name = name
        self._heuristic = name == "heuristic"

    def choose(self, state: State, legal: Sequence[int], key: int) -> int:
        """The action the model plays among ``legal`` (the seat to act's legal actions).

        Args:
            state: a full (determinized) state, not terminal, not a chance node.
            legal: its legal actions.
            key: the path key of ``state`` (:func:`path_key` from the analysed position).
        """
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(key)
        if self._heuristic:
            return self.game.heuristic_action_in_state(state, legal, rng)
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"Policy({self.name!r})"
