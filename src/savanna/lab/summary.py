"""From played games to ``summary.json``: win rates with 95% intervals, scores, lengths.

Nothing here depends on time or on how the games were run: outcomes are aggregated in game
index order, so the same plan always gives the same summary, byte for byte.

A seat *wins* a game when it is ranked first; a shared first place counts as a win for
every seat sharing it (so win rates of a game may add up to more than 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from savanna.lab.simulation import MESSAGES, LabError, Outcome, SimulationPlan
from savanna.lab.stats import describe, number_key, wilson_interval
from savanna.lab.words import factor_words, in_every_language, say

__all__ = [
    "BUILT_IN_SEAT_FACTORS",
    "ENDED_BY",
    "FORMAT",
    "TIE_RULE",
    "TURN_CAP",
    "VERSION",
    "factor_key",
    "factor_label",
    "game_factors",
    "summarise",
    "turn_cap_games",
]

FORMAT = "savanna-simulation"
VERSION = 2
TIE_RULE = say("summary.win_rule", "en")
"""How a shared first place counts (the English of ``summary.win_rule``)."""
ENDED_BY = "ended_by"
"""The game statistic saying how a game ended (see ``Game.game_statistics``)."""
TURN_CAP = "turn_cap"
"""The value of :data:`ENDED_BY` for a game stopped by its length limit, not by its rules' end."""


def _rate(wins: int, trials: int) -> dict[str, Any]:
    lo, hi = wilson_interval(wins, trials)
    return {
        "wins": wins,
        "trials": trials,
        "rate": round(wins / trials, 4) if trials else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def factor_key(value: Any) -> str:
    """The text key of a statistic's value (booleans as ``true``/``false``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return number_key(value)
    if isinstance(value, str):
        return value
    raise LabError(MESSAGES.words("error.lab.statistic_value", value=repr(value)))


def summarise(plan: SimulationPlan, outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The ``summary.json`` content of a finished simulation.

    Raises:
        LabError: when outcomes are missing or a game's statistics hook returned a value of
            the wrong shape.
    """
    if not outcomes or len(outcomes) > plan.games or [o["index"] for o in outcomes] != list(
        range(len(outcomes))
    ):
        raise LabError(MESSAGES.words("error.lab.outcomes_out_of_order"))
    game = plan.make_game()
    players = plan.players

    by_bot: dict[str, dict[str, Any]] = {}
    for spec in dict.fromkeys(plan.bots):
        scores = [o["scores"][s] for o in outcomes for s in range(players) if o["seats"][s] == spec]
        wins = sum(
            1
            for o in outcomes
            for s in range(players)
            if o["seats"][s] == spec and o["ranking"][s] == 0
        )
        by_bot[spec] = {
            "seats_per_game": plan.cycled.count(spec),
            **_rate(wins, len(scores)),
            "scores": describe(scores),
        }

    by_seat = []
    for seat in range(players):
        wins = sum(1 for o in outcomes if o["ranking"][seat] == 0)
        by_seat.append(
            {
                "seat": seat + 1,
                **_rate(wins, len(outcomes)),
                "scores": describe([o["scores"][seat] for o in outcomes]),
            }
        )

    shared = sum(1 for o in outcomes if sum(1 for r in o["ranking"] if r == 0) > 1)
    statistics = _statistics(plan, outcomes, players)
    capped = turn_cap_games(outcomes)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "game_version": game.spec.version,
        "players": players,
        "options": dict(sorted(plan.options.items())),
        "bots": list(plan.bots),
        "seating": say("summary.seating", "en"),
        "games": len(outcomes),
        "varied": {name: list(values) for name, values in plan.varied.items()},
        "seed": plan.seed,
        "game_seed": "derive_seed(seed, i)",
        "win_rule": TIE_RULE,
        "shared_first_places": shared,
        "turn_cap": {
            "reported": any(ENDED_BY in dict(o["statistics"]).get("game", {}) for o in outcomes),
            "rule": say("summary.turn_cap_rule", "en", statistic=repr(ENDED_BY), value=repr(TURN_CAP)),
            "games": len(capped),
            "share": round(len(capped) / len(outcomes), 4),
            "ci95": [round(x, 4) for x in wilson_interval(len(capped), len(outcomes))],
            "first_indices": capped[:20],
        },
        "win_rates": {
            "by_bot": {
                spec: {k: v for k, v in row.items() if k != "scores"}
                for spec, row in by_bot.items()
            },
            "by_seat": [{k: v for k, v in row.items() if k != "scores"} for row in by_seat],
        },
        "scores": {
            "by_bot": {spec: row["scores"] for spec, row in by_bot.items()},
            "by_seat": [row["scores"] for row in by_seat],
        },
        "length": {
            "actions": describe([o["length"] for o in outcomes]),
            "decisions": describe([o["decisions"] for o in outcomes]),
        },
        "statistics": statistics,
        "words": {
            factor: factor_label(plan, factor)
            for factor in sorted({*statistics["game"], *statistics["seats"]})
        },
        "labels": in_every_language(
            lambda lang: {factor: factor_label(plan, factor, lang) for factor in _factors(statistics)}
        ),
    }


def _factors(statistics: dict[str, Any]) -> list[str]:
    """Every factor of the report, in order: the statistics and the seat factors of every run."""
    return sorted({*statistics["game"], *statistics["seats"], *BUILT_IN_SEAT_FACTORS})


BUILT_IN_SEAT_FACTORS = {factor: say(f"factor.{factor}", "en") for factor in ("seat", "order", "bot")}
"""The seat factors every simulation has, with their names in English (``factor.*``)."""


def factor_label(plan: SimulationPlan, factor: str, lang: str = "en") -> str:
    """A factor's name in words, in ``lang``: built-in, from the game's message catalogue
    (key ``stat.<factor>``) when it has one, else the name with spaces."""
    return factor_words(factor, lang, plan.make_game())


def turn_cap_games(outcomes: Sequence[Outcome]) -> list[int]:
    """The indices of the games that ended at the turn cap, in order.

    A game says how it ended through its :data:`ENDED_BY` game statistic; the lab counts
    those whose value is :data:`TURN_CAP` (games that do not report it count as ended by
    their rules).
    """
    return [
        int(o["index"])
        for o in outcomes
        if isinstance(o["statistics"], Mapping)
        and dict(o["statistics"]).get("game", {}).get(ENDED_BY) == TURN_CAP
    ]


def game_factors(plan: SimulationPlan, outcome: Outcome) -> dict[str, Any]:
    """The game statistics of one game, with its varied options (which take precedence)."""
    stats = outcome["statistics"]
    if not isinstance(stats, Mapping) or set(stats) - {"game", "seats"}:
        raise LabError(MESSAGES.words("error.lab.statistics_shape", value=repr(stats)))
    factors = dict(stats.get("game", {}))
    variant = plan.variants[int(outcome.get("variant", 0))]
    factors.update({name: value for name, value in variant})
    return factors


def _statistics(plan: SimulationPlan, outcomes: Sequence[Outcome], players: int) -> dict[str, Any]:
    """Aggregate the games' ``game_statistics`` hooks (see ``Game.game_statistics``)."""
    game_rows: dict[str, dict[str, list[int]]] = {}
    seat_rows: dict[str, dict[str, list[tuple[float, bool]]]] = {}
    lengths = [o["decisions"] for o in outcomes]
    present: list[dict[str, set[str]]] = []
    for o in outcomes:
        stats = o["statistics"]
        seen: dict[str, set[str]] = {}
        for factor, value in game_factors(plan, o).items():
            values = value if isinstance(value, list) else [value]
            keys = {factor_key(v) for v in values}
            seen[str(factor)] = keys
            for key in keys:
                game_rows.setdefault(str(factor), {}).setdefault(key, [])
        present.append(seen)
        for factor, values in dict(stats.get("seats", {})).items():
            if not isinstance(values, list) or len(values) != players:
                raise LabError(
                    MESSAGES.words("error.lab.seat_statistic_shape", factor=repr(factor), values=repr(values))
                )
            for seat, value in enumerate(values):
                row = seat_rows.setdefault(str(factor), {}).setdefault(factor_key(value), [])
                row.append((o["scores"][seat], o["ranking"][seat] == 0))

    games_out: dict[str, dict[str, Any]] = {}
    total = sum(lengths)
    for factor in sorted(game_rows):
        # one pass over the games per factor: how many games show each key, and their decisions
        count = dict.fromkeys(game_rows[factor], 0)
        decisions = dict.fromkeys(game_rows[factor], 0)
        for length, seen in zip(lengths, present, strict=True):
            for key in seen.get(factor, ()):
                count[key] += 1
                decisions[key] += length
        games_out[factor] = {}
        for key in sorted(game_rows[factor]):
            with_, without = count[key], len(outcomes) - count[key]
            games_out[factor][key] = {
                "games": with_,
                "frequency": round(with_ / len(outcomes), 4),
                "frequency_ci95": [round(x, 4) for x in wilson_interval(with_, len(outcomes))],
                "mean_decisions": round(decisions[key] / with_, 4) if with_ else None,
                "mean_decisions_without": round((total - decisions[key]) / without, 4) if without else None,
            }
    seats_out: dict[str, dict[str, Any]] = {}
    for factor in sorted(seat_rows):
        seats_out[factor] = {}
        for key in sorted(seat_rows[factor]):
            rows = seat_rows[factor][key]
            wins = sum(1 for _, won in rows if won)
            seats_out[factor][key] = {
                "seats": len(rows),
                "mean_score": round(sum(s for s, _ in rows) / len(rows), 4),
                **{k: v for k, v in _rate(wins, len(rows)).items() if k != "trials"},
            }
    return {"game": games_out, "seats": seats_out}
