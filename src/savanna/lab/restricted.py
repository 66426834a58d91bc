"""Restricted play: does a kind of decision matter? (Jaffe et al., AIIDE 2012.)

A bot with one kind of decision taken away (a restriction its game declares,
:meth:`Game.restrictions <savanna.core.Game.restrictions>`) plays against unrestricted
bots; the same games are played again with the bot unrestricted (the *baseline*: same
seeds, same seats, same opponents). What the restricted seat loses, game by game against
its baseline, is what the decision is worth:

* the **win cost**: the baseline seat's win rate minus the restricted seat's (points);
* the **score cost**: the same for the seat's *margin* (its score minus the mean of the
  others'), so a restriction that lowers every score is not counted against the seat.

Both come with 95% intervals of the paired differences (the games pair up by seed). A
restriction that never changes a choice plays exactly the baseline's games, so its cost
is exactly zero. How often the restriction narrowed the seat's choices, and in how many
games the result differs from the baseline's, is reported too (a restriction can narrow
choices the bot would never have made: then it plays the baseline's games).

Seating: the bots list is ``[bot with the restriction, *opponents]`` cycled to the seats
and rotated like every lab run, so the restricted bot sits at every seat equally often.

Example:
    >>> design = RestrictedPlay.create("hyena", bot="heuristic", restriction="never-bank", games=8, seed=1)
    >>> result = design.run(workers=1)
    >>> result["restriction"], result["games"], result["restricted_seat"]["decisions"] > 0
    ('never-bank', 8, True)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from savanna.bots import parse_bot_spec
from savanna.core import OptionError
from savanna.lab.simulation import MESSAGES, LabError, Outcome, SimulationPlan, run_simulation
from savanna.lab.stats import Z95, wilson_interval
from savanna.lab.words import in_every_language, interval, localize, restricted_verdict, say

__all__ = [
    "ALL",
    "RestrictedPlay",
    "measure",
    "restricted_lines",
    "restricted_seat",
    "restriction_names",
    "said",
]

ALL = "all"
"""``--restrict all``: every restriction the game declares."""


def restriction_names(game: str, names: Sequence[str], players: int | None = None) -> list[str]:
    """The restrictions asked for, checked against the game's (``all`` for every one).

    Raises:
        OptionError: unknown game or restriction, or none given.
    """
    configured = SimulationPlan.create(game, bots=["random"], games=1, seed=0, players=players).make_game()
    if not names:
        raise OptionError(MESSAGES.words("error.restricted.give_at_least_one"))
    out: list[str] = []
    for name in names:
        for one in [r.name for r in configured.restrictions()] if name == ALL else [name]:
            configured.restriction(one)  # refuses an unknown name, listing the game's
            if one not in out:
                out.append(one)
    if not out:
        raise OptionError(MESSAGES.words("error.restricted.declares_no_restriction", game=configured.name))
    return out


@dataclass(frozen=True)
class RestrictedPlay:
    """A restricted-play experiment: the restricted plan and its baseline.

    Build it with :meth:`create`. Attributes:
        restriction: the restriction's name.
        plan: the games with the restricted bot (bots ``[bot:restrict=NAME, *opponents]``).
        baseline: the same games with the bot unrestricted.
    """

    restriction: str
    plan: SimulationPlan
    baseline: SimulationPlan

    @classmethod
    def create(
        cls,
        game: str,
        *,
        bot: str,
        restriction: str,
        games: int,
        seed: int,
        opponents: Sequence[str] | None = None,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> RestrictedPlay:
        """A validated experiment: ``bot`` restricted against ``opponents`` (default: the
        same bot unrestricted at every other seat).

        Raises:
            OptionError: bad game, options, bots, counts, or a restriction the game does
                not declare.
        """
        spec = parse_bot_spec(bot)
        if spec.restrict is not None:
            raise OptionError(MESSAGES.words("error.restricted.give_the_bot_unrestricted", unrestricted=spec.unrestricted))
        sizing = SimulationPlan.create(game, bots=[str(spec)], games=games, seed=seed, players=players, options=options)
        others = [str(parse_bot_spec(o)) for o in (opponents or [str(spec)])]
        seats = [str(spec), *(others[j % len(others)] for j in range(sizing.players - 1))]
        baseline = SimulationPlan.create(
            game, bots=seats, games=games, seed=seed, players=sizing.players, options=options
        )
        baseline.make_game().restriction(restriction)
        restricted = [f"{spec}:restrict={restriction}", *seats[1:]]
        plan = SimulationPlan.create(
            game, bots=restricted, games=games, seed=seed, players=baseline.players, options=options
        )
        return cls(restriction, plan, baseline)

    def run(
        self,
        *,
        workers: int | None = 1,
        use_ray: bool = False,
        baseline: Sequence[Outcome] | None = None,
        on_result: Callable[[int], None] | None = None,
    ) -> dict[str, Any]:
        """Play the restricted games (and the baseline's, unless given) and :func:`measure`.

        Args:
            baseline: the baseline's outcomes when already played (several restrictions
                of one bot share them).
        """
        if baseline is None:
            baseline = run_simulation(self.baseline, workers=workers, use_ray=use_ray, records=False)
        outcomes = run_simulation(
            self.plan, workers=workers, use_ray=use_ray, records=False, on_result=on_result
        )
        return measure(self, outcomes, baseline)


def restricted_seat(outcome: Outcome) -> int:
    """The seat of a game's restricted bot (the first one, if the bots list has several).

    Raises:
        LabError: the game had no restricted bot.
    """
    rows = outcome.get("restricted") or []
    if not rows:
        raise LabError(MESSAGES.words("error.lab.no_restricted_bot", index=outcome["index"]))
    return int(rows[0]["seat"])


def _won(outcome: Outcome, seat: int) -> float:
    return 1.0 if outcome["ranking"][seat] == 0 else 0.0


def _margin(outcome: Outcome, seat: int) -> float:
    scores = outcome["scores"]
    others = [s for i, s in enumerate(scores) if i != seat]
    return float(scores[seat]) - (sum(others) / len(others) if others else 0.0)


def _paired(differences: Sequence[float]) -> dict[str, Any]:
    """Mean of paired differences, its 95% normal interval and two-sided p-value."""
    n = len(differences)
    mean = statistics.fmean(differences)
    sd = statistics.stdev(differences) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n > 1 else math.inf
    if sd == 0.0:
        p = 1.0 if mean == 0.0 else 0.0
    else:
        z = mean / (sd / math.sqrt(n))
        p = 2.0 * (1.0 - statistics.NormalDist().cdf(abs(z)))
    return {
        "mean": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "p": round(p, 6),
    }


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson_interval(round(wins), n)
    return {"wins": round(wins), "games": n, "rate": round(wins / n, 4), "ci95": [round(lo, 4), round(hi, 4)]}


def measure(
    design: RestrictedPlay, outcomes: Sequence[Outcome], baseline: Sequence[Outcome]
) -> dict[str, Any]:
    """The restricted-play section of a report (JSON-able), from the two runs' games.

    Raises:
        LabError: the runs do not pair up (other seeds, counts or seats).
    """
    if len(outcomes) != len(baseline) or not outcomes:
        raise LabError(MESSAGES.words("error.lab.unpaired"))
    game = design.plan.make_game()
    n = len(outcomes)
    wins = base_wins = 0.0
    win_diffs: list[float] = []
    score_diffs: list[float] = []
    margins: list[float] = []
    decisions = changed = touched = differ = 0
    for o, b in zip(outcomes, baseline, strict=True):
        if o["seed"] != b["seed"]:
            raise LabError(MESSAGES.words("error.lab.unpaired_seeds", index=o["index"]))
        seat = restricted_seat(o)
        row = o["restricted"][0]
        decisions += int(row["decisions"])
        changed += int(row["changed"])
        touched += 1 if row["changed"] else 0
        differ += 1 if (o["scores"], o["length"], o["decisions"]) != (b["scores"], b["length"], b["decisions"]) else 0
        w, bw = _won(o, seat), _won(b, seat)
        wins += w
        base_wins += bw
        win_diffs.append(bw - w)
        m = _margin(o, seat)
        margins.append(m)
        score_diffs.append(_margin(b, seat) - m)
    win_cost = _paired(win_diffs)
    score_cost = _paired(score_diffs)
    restriction = game.restriction(design.restriction)
    spec = design.plan.bots[0]
    verdicts = in_every_language(lambda lang: restricted_verdict(win_cost, touched, differ, lang))
    return {
        "restriction": design.restriction,
        "words": in_every_language(restriction.words),
        "bot": str(parse_bot_spec(spec).unrestricted),
        "opponents": list(design.plan.bots[1:]),
        "players": design.plan.players,
        "games": n,
        "seed": design.plan.seed,
        "fair_share": round(1.0 / design.plan.players, 4),
        "restricted": _rate(wins, n),
        "baseline": _rate(base_wins, n),
        "win_cost": win_cost,
        "score_cost": score_cost,
        "restricted_margin": round(statistics.fmean(margins), 4),
        "restricted_seat": {
            "decisions": decisions,
            "changed": changed,
            "changed_share": round(changed / decisions, 4) if decisions else 0.0,
            "games_changed": touched,
        },
        "games_differing": differ,
        "verdict": verdicts["en"],
        "said": {lang: {"verdict": text} for lang, text in verdicts.items()},
    }


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def said(row: dict[str, Any], field: str, lang: str) -> Any:
    """A field of a summary's row (a question, a restriction's result) in ``lang``: from
    its ``said`` words, else the row's own (English) field."""
    return row.get("said", {}).get(lang, {}).get(field, row[field])


def restricted_lines(section: dict[str, Any], lang: str = "en") -> list[str]:
    """The restricted-play section as Markdown (a table, then each verdict), in ``lang``."""
    rows = section["results"]
    lines = [
        say("restricted.heading", lang),
        "",
        say("restricted.method", lang),
        "",
        say("restricted.header", lang),
        "| --- | --- | --- | --- | --- | --- | ---: | ---: |",
    ]
    for r in rows:
        rate, base, cost, score = r["restricted"], r["baseline"], r["win_cost"], r["score_cost"]
        differing = say("restricted.differing", lang, count=r["games_differing"], games=r["games"])
        cells = [
            f"`{r['restriction']}`",
            r["words"].get(lang, r["words"]["en"]),
            interval(f"{rate['rate']:.1%}", f"{rate['ci95'][0]:.1%}", f"{rate['ci95'][1]:.1%}", lang),
            localize(f"{base['rate']:.1%}", lang),
            interval(_points(cost["mean"]), _points(cost["ci95"][0]), _points(cost["ci95"][1]), lang),
            interval(f"{score['mean']:+.2f}", f"{score['ci95'][0]:+.2f}", f"{score['ci95'][1]:+.2f}", lang),
            localize(f"{r['restricted_seat']['changed_share']:.1%}", lang),
            differing,
        ]
        lines.append(f"| {' | '.join(cells)} |")
    lines.append("")
    for r in rows:
        lines.append(say("restricted.verdict_line", lang, name=r["restriction"], verdict=said(r, "verdict", lang)))
    return [*lines, ""]
