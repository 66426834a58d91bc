"""Round-robin tournaments between bot configurations, rated with OpenSkill.

Every pair of configurations plays ``games`` games: the pair is cycled to fill the seats
(``A, B, A, B`` at four seats) and rotated as in :mod:`savanna.lab.simulation`, each pairing
seeded with ``derive_seed(seed, "pairing", a, b)``. After each game (in a fixed order) the
two configurations are rated with the Plackett-Luce model of OpenSkill, each placed by its
best seat; a shared place is a draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from savanna.bots import parse_bot_spec
from savanna.core import OptionError, derive_seed
from savanna.lab.simulation import MESSAGES, Outcome, SimulationPlan, run_simulation
from savanna.lab.stats import wilson_interval

__all__ = ["Standing", "Tournament", "run_tournament"]


@dataclass(frozen=True)
class Standing:
    """One configuration's result.

    Attributes:
        bot: the canonical bot spec.
        mu, sigma: the OpenSkill rating and its uncertainty.
        ordinal: ``mu - 3 sigma``, the conservative rating the table is sorted by.
        games: games played; wins: games in which one of its seats was placed first.
        ci95: Wilson 95% interval of the win rate.
    """

    bot: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    ci95: tuple[float, float]

    @property
    def win_rate(self) -> float:
        """Wins per game played."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Tournament:
    """The standings (best first) and, for each ordered pair, the first's wins against the second."""

    standings: list[Standing]
    head_to_head: Mapping[tuple[str, str], tuple[int, int]]
    """``(a, b) -> (games a won, games played)`` between ``a`` and ``b``."""


def run_tournament(
    game: str,
    bots: Sequence[str],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    use_ray: bool = False,
    on_result: Callable[[int], None] | None = None,
) -> Tournament:
    """Play the round robin and rate every configuration.

    Args:
        game, players, options: the game to play.
        bots: at least two distinct bot specs.
        games: games per pairing.
        seed: the tournament seed.
        workers, use_ray: as :func:`savanna.lab.simulation.run_simulation`.
        on_result: called with the total number of games finished so far.

    Raises:
        OptionError: fewer than two or repeated bot specs, or anything
            :meth:`SimulationPlan.create` refuses.
    """
    from openskill.models import PlackettLuce

    specs = [str(parse_bot_spec(text)) for text in bots if text.strip()]
    if len(specs) < 2 or len(set(specs)) != len(specs):
        raise OptionError(MESSAGES.words("error.tournament.a_tournament_needs_at", specs=specs))
    pairings: list[tuple[int, int, SimulationPlan]] = []
    for a, b in combinations(range(len(specs)), 2):
        plan = SimulationPlan.create(
            game,
            bots=[specs[a], specs[b]],
            games=games,
            seed=derive_seed(seed, "pairing", a, b),
            players=players,
            options=options,
        )
        pairings.append((a, b, plan))

    finished = 0
    results: list[tuple[int, int, list[Outcome]]] = []
    for a, b, plan in pairings:
        base = finished

        def progress(n: int, base: int = base) -> None:
            if on_result is not None:
                on_result(base + n)

        results.append(
            (
                a,
                b,
                run_simulation(
                    plan, workers=workers, use_ray=use_ray, on_result=progress, records=False
                ),
            )
        )
        finished += plan.games

    model = PlackettLuce()
    ratings = [model.rating(name=spec) for spec in specs]
    played = [0] * len(specs)
    wins = [0] * len(specs)
    head: dict[tuple[str, str], tuple[int, int]] = {}
    for a, b, outcomes in results:
        won = {a: 0, b: 0}
        for o in outcomes:
            place = {
                k: min(
                    r
                    for r, seated in zip(o["ranking"], o["seats"], strict=True)
                    if seated == specs[k]
                )
                for k in (a, b)
            }
            [[ra], [rb]] = model.rate([[ratings[a]], [ratings[b]]], ranks=[place[a], place[b]])
            ratings[a], ratings[b] = ra, rb
            for k in (a, b):
                played[k] += 1
                if place[k] == 0:
                    wins[k] += 1
                    won[k] += 1
        head[(specs[a], specs[b])] = (won[a], len(outcomes))
        head[(specs[b], specs[a])] = (won[b], len(outcomes))

    standings = [
        Standing(
            bot=spec,
            mu=round(ratings[k].mu, 3),
            sigma=round(ratings[k].sigma, 3),
            ordinal=round(ratings[k].ordinal(), 3),
            games=played[k],
            wins=wins[k],
            ci95=wilson_interval(wins[k], played[k]),
        )
        for k, spec in enumerate(specs)
    ]
    standings.sort(key=lambda s: (-s.ordinal, s.bot))
    return Tournament(standings, head)
