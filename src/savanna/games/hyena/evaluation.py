"""An estimate of each seat's final Hyena score from a full state, for search rollouts.

ISMCTS cuts its rollouts short and asks :meth:`HyenaGame.evaluate` how the game is likely
to end. The estimate counts what is left to do in one currency, the *effort*: a throw's
value can be banked as tabas or moved as holes (three sticks), so a hole still to walk and
a taba still to pay cost the same. The hyena moves ``hyena_speed`` holes per unit.

* A mother's effort is the holes left to home plus the fees still due beyond her bank
  (departure, well).
* The hyena's effort is the holes it still runs, divided by its speed, plus its fees
  (village, well) beyond its owner's bank. Before any mother is home, the hyena starts
  once the most advanced rival is home.
* A mother escapes the hyena when she is home before it is back in the village: it is
  faster, so if it passed her before, it would also be home first (rule hyena.devours).
  Her chance is a logistic curve of the effort difference, its scale the spread of that
  many throws.
* Her place is the places already taken plus, for each rival still out, the chance the
  rival is home before her (same curve). Her estimate is her chance to escape times the
  score of that place (rule end.ranking: ``players`` for the first home, one less per
  place, 0 for a devoured mother or one still in the village).

Seats already home keep their exact score; devoured mothers score 0; the hyena's owner
scores ``players``. The estimate always lies within ``game.score_bounds``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from savanna.games.hyena.phase import IN_PLAY, Place

if TYPE_CHECKING:
    from savanna.games.hyena.game import HyenaGame
    from savanna.games.hyena.state import HyenaState

__all__ = ["estimate_scores", "hyena_effort", "mother_effort"]

VILLAGE, OUT, WELL, BACK = Place.VILLAGE, Place.OUT, Place.WELL, Place.BACK


def mother_effort(state: HyenaState, seat: int) -> float:
    """Holes to home plus fees still due beyond the bank, for ``seat``'s mother in play."""
    game = state.game
    rs = game.ruleset
    length = state.well
    phase = state.phase[seat]
    if phase == VILLAGE:
        holes, fees = 2 * length, 1 + rs.well_fee
    elif phase == OUT:
        holes, fees = 2 * length - state.pos[seat], rs.well_fee
    elif phase == WELL:
        holes, fees = length, rs.well_fee
    else:
        holes, fees = state.pos[seat], 0
    return holes + max(0, fees - state.bank[seat])


def hyena_effort(state: HyenaState) -> float:
    """The hyena's effort to come back to the village (``0`` once home or not released)."""
    rs = state.game.ruleset
    length = state.well
    phase = state.hyena_phase
    if phase == VILLAGE:
        holes, fees = 2 * length, rs.hyena_fee + rs.hyena_well_fee
    elif phase == OUT:
        holes, fees = 2 * length - state.hyena_pos, rs.hyena_well_fee
    elif phase == WELL:
        holes, fees = length, rs.hyena_well_fee
    elif phase == BACK:
        holes, fees = state.hyena_pos, 0
    else:
        return 0.0
    return holes / rs.hyena_speed + max(0, fees - state.bank[state.hyena_owner])


def _ahead(mine: float, theirs: float) -> float:
    """The chance that effort ``mine`` is spent before effort ``theirs``."""
    scale = 1.0 + 0.5 * math.sqrt(mine + theirs)
    x = (theirs - mine) / scale
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def estimate_scores(game: HyenaGame, state: HyenaState) -> list[float]:
    """Each seat's expected final score (exact once the game is over)."""
    if state.is_terminal():
        return state.scores()
    n = game.num_players
    scores = [0.0] * n
    for place, seat in enumerate(state.home):
        scores[seat] = float(n - place)
    out = [s for s in range(n) if state.phase[s] in IN_PLAY and s != state.hyena_owner]
    if not out:
        return scores
    effort = {s: mother_effort(state, s) for s in out}
    released = state.hyena_owner >= 0
    rs = game.ruleset
    unreleased_hyena = 2 * state.well / rs.hyena_speed + rs.hyena_fee + rs.hyena_well_fee
    taken = len(state.home)
    for seat in out:
        mine = effort[seat]
        rivals = [effort[r] for r in out if r != seat]
        if released:
            hyena = hyena_effort(state)
        elif rivals:
            hyena = min(rivals) + unreleased_hyena
        else:
            hyena = math.inf
        escape = 1.0 if hyena == math.inf else _ahead(mine, hyena)
        expected_place = float(taken) + sum(_ahead(theirs, mine) for theirs in rivals)
        scores[seat] = min(float(n), max(0.0, escape * (n - expected_place)))
    return scores
