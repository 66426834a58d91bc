"""Seeds and random generators.

Whatever draws randomness takes an explicit :class:`random.Random`; nothing uses the
module-level generator. Seeds for sub-tasks (game ``i`` of a simulation, a bot's seat) are
derived by hashing, so the same seed gives the same games on one core, many cores or a
cluster, whatever order the work is done in.

>>> derive_seed(7, "game", 3) == derive_seed(7, "game", 3)
True
>>> derive_seed(7, "game", 3) != derive_seed(7, "game", 4)
True

One rule for seeds everywhere (``playout``, ``play``, ``simulate``, ``tournament``, ``bench``
and the records): a seed is a whole number from 0 to ``MAX_SEED`` (2**63 - 1), the range
:func:`derive_seed` produces, so a derived seed (game ``i`` of a simulation) is itself a
valid seed. Negative seeds are refused: :class:`random.Random` would silently treat ``-5``
as ``5``.

>>> check_seed(0), check_seed(MAX_SEED) == MAX_SEED
(0, True)

How chance is drawn from a seed
-------------------------------
Every program that plays games draws chance outcomes (dice, sticks, deals, berries) in one
of three named ways, and writes the name in the record's ``chance`` field so that
``savanna replay`` can check every outcome against the seed:

``playout`` (:data:`PLAYOUT`, ``savanna playout``)
    one ``random.Random(seed)`` draws *every* action in order with
    :func:`savanna.core.play.sample_action`: a chance outcome with its probability, a
    player's move uniformly among its legal actions. The whole game follows from the seed.
``sequence`` (:data:`SEQUENCE`, bots playing each other: ``savanna simulate``, ``tournament``)
    one :func:`sequence_rng` generator draws the chance outcomes in order; players decide
    as they like (bots have their own generators).
``position`` (:data:`POSITION`, ``savanna play`` in the terminal)
    the outcome at action index ``n`` is drawn from its own generator
    :func:`position_rng` ``(seed, n)``, so it depends on where it happens, not on what was
    drawn before. A game resumed from a save draws from a fresh seed from the resume point
    on (the record lists these *reseeds*).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Final

from savanna.core.errors import OptionError
from savanna.core.messages import CORE_MESSAGES

__all__ = [
    "DRAWS",
    "MAX_SEED",
    "PLAYOUT",
    "POSITION",
    "SEQUENCE",
    "SeedSchedule",
    "check_seed",
    "derive_seed",
    "make_rng",
    "position_rng",
    "sequence_rng",
]

_MASK = (1 << 63) - 1
MAX_SEED: Final = _MASK
"""The largest seed (2**63 - 1); seeds run from 0 to this."""


def check_seed(seed: int, flag: str = "--seed") -> int:
    """``seed`` when it is a valid seed (0 to :data:`MAX_SEED`).

    Raises:
        OptionError: naming ``flag``, for a negative, too large or non-integer seed.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OptionError(CORE_MESSAGES.words("error.option.seed", flag=flag, high=MAX_SEED, seed=repr(seed)))
    return seed


def derive_seed(seed: int, *keys: int | str) -> int:
    """A 63-bit seed derived from ``seed`` and ``keys`` by SHA-256 (stable across runs)."""
    text = "/".join([str(int(seed)), *(str(k) for k in keys)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & _MASK


def make_rng(seed: int, *keys: int | str) -> random.Random:
    """A :class:`random.Random` seeded from ``derive_seed(seed, *keys)``."""
    return random.Random(derive_seed(seed, *keys))


PLAYOUT: Final = "playout"
"""Every action, chance and players, drawn in order from ``random.Random(seed)``."""
SEQUENCE: Final = "sequence"
"""Chance outcomes drawn in order from :func:`sequence_rng` ``(seed)``."""
POSITION: Final = "position"
"""The chance outcome at action index ``n`` drawn from :func:`position_rng` ``(seed, n)``."""
DRAWS: Final = (PLAYOUT, SEQUENCE, POSITION)
"""The ways chance is drawn from a seed, as records name them."""


def sequence_rng(seed: int) -> random.Random:
    """The generator that draws a game's chance outcomes in order (draw ``sequence``)."""
    return make_rng(seed, "chance")


def position_rng(seed: int, index: int) -> random.Random:
    """The generator of the chance outcome at action index ``index`` (draw ``position``)."""
    return make_rng(seed, "chance", index)


class SeedSchedule:
    """Which seed draws the chance outcome at each action index (the ``position`` draw).

    A game starts with one seed; a game resumed from a save draws from a fresh seed from
    the resume point on (a *reseed*). Records write the first seed as ``seed`` and the
    others as ``reseeds``: ``[index, seed]`` pairs, indices increasing from 1.

    >>> plan = SeedSchedule(5)
    >>> plan.reseed(9, 77)
    >>> plan.seed_at(8), plan.seed_at(9), plan.reseeds
    (5, 77, [(9, 77)])
    >>> plan.rewind(4)  # moves from index 4 on were taken back: they are drawn from 77 again
    >>> plan.reseeds
    [(4, 77)]
    """

    def __init__(self, seed: int, reseeds: Sequence[tuple[int, int]] = ()) -> None:
        self._starts: list[tuple[int, int]] = [(0, seed)]
        for index, value in reseeds:
            self.reseed(index, value)

    @property
    def seed(self) -> int:
        """The first seed (the record's ``seed``)."""
        return self._starts[0][1]

    @property
    def latest(self) -> int:
        """The seed that draws from now on."""
        return self._starts[-1][1]

    @property
    def reseeds(self) -> list[tuple[int, int]]:
        """The later seeds as ``(index, seed)`` pairs (the record's ``reseeds``)."""
        return list(self._starts[1:])

    def seed_at(self, index: int) -> int:
        """The seed that draws the chance outcome at action ``index``."""
        return next(seed for start, seed in reversed(self._starts) if start <= index)

    def reseed(self, index: int, seed: int) -> None:
        """Draw from ``seed`` from action ``index`` on (a later seed replaces earlier plans)."""
        kept = [(start, value) for start, value in self._starts if start < index]
        self._starts = [*kept, (index, seed)] if kept else [(0, seed)]

    def rewind(self, index: int) -> None:
        """The game was cut back to ``index`` actions: what follows is drawn from the latest seed."""
        if self._starts[-1][0] > index:
            self.reseed(index, self.latest)
