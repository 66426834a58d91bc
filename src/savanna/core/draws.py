"""Uniform draws equal to ``random.Random.randrange``, without its Python layers.

``randbelow(rng, n)`` returns exactly what ``rng.randrange(n)`` returns and leaves ``rng``
in exactly the same state: for a plain :class:`random.Random` it repeats the standard
library's own algorithm (draw ``n.bit_length()`` random bits until the number is below
``n``) with the generator's ``getrandbits``; any other generator is asked ``randrange``
itself. Games use it where they roll many dice (a compiled build makes it a direct call).
The tests compare it with ``randrange`` over many seeds and bounds.

>>> import random
>>> a, b = random.Random(5), random.Random(5)
>>> [randbelow(a, 6) for _ in range(8)] == [b.randrange(6) for _ in range(8)]
True
"""

from __future__ import annotations

import random
from typing import Final

__all__ = ["randbelow"]

_PLAIN: Final = random.Random


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, the same number from the same generator state.

    Raises:
        ValueError: for ``n`` below 1 (as ``randrange`` does).
    """
    if n < 1 or type(rng) is not _PLAIN:
        return rng.randrange(n)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r
