"""The simulation lab: many seeded games between bots, summaries with confidence intervals,
plots, reports and rated tournaments, on every core or on a Ray cluster.

Commands: ``savanna simulate`` and ``savanna tournament`` (see ``docs/lab.md``).
Matplotlib, OpenSkill and Ray are imported only when a report, a tournament or a Ray run
needs them.
"""

from __future__ import annotations

from savanna.lab.simulation import LabError, SimulationPlan, play_one, run_simulation
from savanna.lab.summary import summarise
from savanna.lab.tournament import Standing, Tournament, run_tournament

__all__ = [
    "LabError",
    "SimulationPlan",
    "Standing",
    "Tournament",
    "play_one",
    "run_simulation",
    "run_tournament",
    "summarise",
]
