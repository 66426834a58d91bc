"""The Hyena game's rulesets and throw tables, loaded from ``data/rulesets.toml``.

The data file is validated at load time with Pydantic: every number of white sides from
0 to the number of sticks has exactly one entry, and the turn structure fits the kinds of
throw. Probabilities are never typed in: a throw showing ``k`` white sides out of ``n``
fair two-sided sticks has probability ``comb(n, k) / 2**n``.

Example:
    >>> rs = load_ruleset("four-sticks")
    >>> [str(p) for p in rs.probabilities]
    ['1/16', '1/4', '3/8', '1/4', '1/16']
    >>> load_ruleset("traditional").throws[3].value
    4
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, RootModel, model_validator

from savanna.core.datafiles import load_data_files
from savanna.core.errors import OptionError
from savanna.core.messages import load_messages

__all__ = ["RULESET_NAMES", "Ruleset", "Throw", "load_ruleset", "throw_probabilities"]

RULESET_NAMES: tuple[str, ...] = ("four-sticks", "three-sticks", "traditional")
"""The rulesets, in the order of the option's choices."""

ThrowKind = Literal["null", "taba", "days", "points"]


class Throw(BaseModel):
    """One line of a throw table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    white: int
    """How many sticks show their white (flat) side."""
    kind: ThrowKind
    """``null`` gives nothing, ``taba`` banks one taba, ``days`` moves, ``points`` is a choice."""
    value: int
    """Tabas or days the throw is worth."""
    ends_turn: bool
    """Whether this throw ends the turn (in rulesets where one throws until a 2)."""
    source: str
    """Seed file and section."""


class Ruleset(BaseModel):
    """A complete ruleset: the throw table, the turn structure and the fees."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    title: str
    title_fr: str
    source: str
    sticks: int
    turn: Literal["until-turn-ender", "one-throw-bank-or-move"]
    depart: Literal["thrown-taba", "banked-fee"]
    well_arrival: Literal["stop", "exact-pay-bounce", "exact-step-in"]
    well_fee: int
    wait_gain: Literal["throw-value", "taba-throw", "choice"]
    wait_banks_days: bool = False
    """Whether a mother waiting at the well banks her other throws as days, walked when she
    sets off home (traditional: rule ``well.wait``)."""
    hyena_fee: int
    hyena_well_fee: int
    hyena_speed: int
    throws: tuple[Throw, ...]

    @model_validator(mode="after")
    def _check(self) -> Ruleset:
        if not 1 <= self.sticks <= 8:
            raise ValueError(f"sticks must be 1..8, not {self.sticks}")
        whites = [t.white for t in self.throws]
        if whites != list(range(self.sticks + 1)):
            raise ValueError(
                f"throws must list 0..{self.sticks} white sides in order, not {whites}"
            )
        choice = self.turn == "one-throw-bank-or-move"
        points = [t.kind == "points" for t in self.throws]
        if (choice and not all(points)) or (not choice and any(points)):
            raise ValueError("'points' throws go with, and only with, the bank-or-move turn")
        if choice != (self.wait_gain == "choice") or choice != (self.depart == "banked-fee"):
            raise ValueError("the bank-or-move turn pays every fee from the bank by choice")
        if self.wait_banks_days and (choice or self.wait_gain != "taba-throw"):
            raise ValueError("only a ruleset where a taba alone pays a fee banks the other throws as days")
        if not choice and not any(t.ends_turn for t in self.throws):
            raise ValueError("a throw-until turn needs a throw that ends the turn")
        if not choice and not any(t.kind == "taba" for t in self.throws):
            raise ValueError("a mother leaves the village on a thrown taba: the table needs one")
        for t in self.throws:
            if t.value < 0 or (t.kind == "null") != (t.value == 0):
                raise ValueError(f"throw {t.white}: a null throw is worth 0, any other more")
        if min(self.well_fee, self.hyena_fee, self.hyena_well_fee) < 0 or self.hyena_speed < 1:
            raise ValueError("fees are non-negative and the hyena's speed at least 1")
        return self

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        """The exact probability of each throw, by number of white sides."""
        return throw_probabilities(self.sticks)

    @property
    def has_choice(self) -> bool:
        """Whether the player chooses after each throw (bank or move)."""
        return self.turn == "one-throw-bank-or-move"


def throw_probabilities(sticks: int) -> tuple[Fraction, ...]:
    """Probability of ``k`` white sides among ``sticks`` fair two-sided sticks, ``k = 0..sticks``.

    >>> [str(p) for p in throw_probabilities(3)]
    ['1/8', '3/8', '3/8', '1/8']
    """
    total = 2**sticks
    return tuple(Fraction(comb(sticks, k), total) for k in range(sticks + 1))


class _Rulesets(RootModel[dict[str, Ruleset]]):
    """``data/rulesets.toml``: one table per ruleset, named by its key."""

    @model_validator(mode="before")
    @classmethod
    def _named(cls, raw: Any) -> Any:
        if isinstance(raw, dict):
            return {name: {"name": name, **body} if isinstance(body, dict) else body for name, body in raw.items()}
        return raw


@cache
def _all_rulesets() -> dict[str, Ruleset]:
    return load_data_files(_Rulesets, "savanna.games.hyena", "rulesets.toml").root


def load_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``.

    Raises:
        OptionError: for an unknown name (the message lists the known ones).
    """
    rulesets = _all_rulesets()
    if name not in rulesets:
        messages = load_messages("savanna.games.hyena")
        fields = {"name": repr(name), "known": "|".join(rulesets)}
        raise OptionError(*(messages.text("notation.ruleset", lang, **fields) for lang in ("en", "fr")))
    return rulesets[name]
