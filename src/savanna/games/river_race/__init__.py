"""The River Race: three pawns each race to a village; rivers cost a secret sacrifice.

(Working title; see ``docs/rules/river-race.md``.)
"""

from __future__ import annotations

from savanna.games.river_race.game import SPEC, RiverRaceGame
from savanna.games.river_race.state import RiverRaceState

__all__ = ["SPEC", "RiverRaceGame", "RiverRaceState"]
