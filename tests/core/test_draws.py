"""``randbelow`` draws what ``random.Random.randrange`` draws, and leaves the same state."""

from __future__ import annotations

import random

import pytest

from savanna.core.draws import randbelow
from tests.support.doctests import run_docstring_examples


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3, 2**63 - 1])
def test_randbelow_is_randrange_for_every_bound(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    bounds = [*range(1, 300), 1000, 4096, 4097, 10**9, 2**64 + 1]
    for _ in range(3):
        for n in bounds:
            assert randbelow(ours, n) == theirs.randrange(n), n
            # interleaved with other draws, the two generators stay in step
            assert ours.random() == theirs.random()
    assert ours.getstate() == theirs.getstate()


def test_other_generators_are_asked_randrange_itself() -> None:
    class Counting(random.Random):
        calls = 0

        def randrange(self, *args: object) -> int:
            Counting.calls += 1
            return super().randrange(*args)  # type: ignore[arg-type]

    rng = Counting(3)
    drawn = [randbelow(rng, 6) for _ in range(5)]
    assert Counting.calls == 5
    plain = random.Random(3)
    assert drawn == [plain.randrange(6) for _ in range(5)]


@pytest.mark.parametrize("n", [0, -1])
def test_a_bound_below_one_is_refused_as_randrange_refuses_it(n: int) -> None:
    with pytest.raises(ValueError):
        randbelow(random.Random(1), n)


def test_docstring_example_holds() -> None:
    failures, tried = run_docstring_examples("savanna.core.draws")
    assert tried > 0 and failures == 0
