"""The Hyena game's heuristic: how a sensible player banks, moves and pays.

Only the three-sticks ruleset offers choices; in the others the only action is to throw.
The strategy, for the seat to act (it sees only its observation):

* **Leave when you can.** A mother in the village, at the well, or the hyena at the
  village or the well moves as soon as her fee is banked; until then she banks.
* **Keep tabas for the well.** A mother on her way out who could reach the well in one
  throw (six holes or fewer) banks until she holds the well fee plus the holes still to
  go, unless this throw lands exactly in the well.
* **Pay for missing holes** when the bank still covers the well fee afterwards.
* **Never bounce.** A throw that would pass the well is banked instead.
* **Run.** A mother on the way home and the hyena on the track always move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from savanna.core.game import Observation
from savanna.games.hyena.actions import BANK, MOVE, PAY
from savanna.games.hyena.notation import parse_position
from savanna.games.hyena.observation import view
from savanna.games.hyena.phase import Place

if TYPE_CHECKING:
    from savanna.games.hyena.game import HyenaGame
    from savanna.games.hyena.state import HyenaState

__all__ = ["choose", "choose_in_state"]

_REACH: int = 6
"""The longest move of a mother (a throw of no white side in variant 2)."""


def choose(game: HyenaGame, observation: Observation, legal: Sequence[int]) -> int:
    """The heuristic's action among ``legal`` for the seat to act in ``observation``."""
    if len(legal) == 1:
        return legal[0]
    return choose_in_state(game, parse_position(game, view(observation)["position"]), legal)


def choose_in_state(game: HyenaGame, state: HyenaState, legal: Sequence[int]) -> int:
    """:func:`choose` from the full state (the game has no secret: the same position)."""
    if len(legal) == 1:
        return legal[0]
    seat = state.seat
    if seat == state.hyena_owner:
        return MOVE if MOVE in legal else BANK
    bank = state.bank[seat]
    fee = game.ruleset.well_fee
    if state.phase[seat] != Place.OUT:
        return MOVE if MOVE in legal else BANK
    to_go = state.well - state.pos[seat]
    value = game.values[state.pending]
    if PAY in legal and bank - (to_go - value) >= fee:
        return PAY
    if value == to_go:
        return MOVE
    if value > to_go:
        return BANK
    if to_go <= _REACH and bank < fee + to_go:
        return BANK
    return MOVE
