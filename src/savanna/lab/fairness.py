"""Fairness questions: does a factor change who wins or how much a seat scores?

A *factor* is anything that sorts the seats or the games of a simulation into levels:

- **seat factors** take one level per seat of each game: the built-in ``seat`` (numbered
  from 1), ``order`` (the play order: 1 for the seat that made the game's first decision)
  and ``bot``, and every ``"seats"`` entry of the game's ``game_statistics`` hook
  (Banjooli's ``prediction`` card, for instance);
- **game factors** take one level per game: every ``"game"`` entry of the hook (the special
  tile, the colour that finished first ...) and every option varied with ``--vary``.

The questions and their tests (``docs/balance/method.md`` explains the choices):

``win`` (seat factors)
    Does a seat's level change its chance of winning? The seats of one game are not
    independent (one of them wins), so each game is a stratum: under "the level makes no
    difference" the levels of a game's seats are exchangeable, and the generalised
    Cochran–Mantel–Haenszel statistic compares each level's wins with those expected from
    the same games, with the exact permutation variance inside each game. It is a
    chi-square on (levels - 1) degrees of freedom; when a level expects fewer than five
    wins the p-value comes from seeded random permutations within games instead.
``score`` (seat factors)
    The same stratified test with each seat's final score instead of its win.
``win`` (game factors)
    Is a seat favoured under a level? The seat test above, with the seats of each level
    apart (levels ``(value, seat)``): it asks whether, say, seat 1 wins more often when the
    special tile is the crocodiles.
``score`` (game factors)
    Does a level change the mean score per seat? Games are independent: Welch's one-way
    analysis of variance of each game's mean score.
``frequency`` (game factors that are outcomes, not varied options)
    Is every level equally frequent (which colour finishes first)? Chi-square goodness of
    fit against equal shares.

For each level: the observed and expected value, the effect (observed minus expected,
"points more than average") with a 95% *simultaneous* interval (Bonferroni over the
levels, so that every interval holds at once), computed with the game as the unit (a
cluster-robust variance, valid whatever the dependence between the seats of a game), and a
Holm-adjusted p-value. The omnibus p-values of all the questions of one run are
Holm-adjusted together. The verdict is a sentence; the power statement says which
difference the run could detect (80% power at the corrected 5% level) and how many games
the margin that matters to a designer would need.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from savanna.core import OptionError, derive_seed
from savanna.lab.simulation import MESSAGES, LabError, Outcome, SimulationPlan, run_simulation
from savanna.lab.stats import bin_numbers, holm, natural_key, wilson_interval
from savanna.lab.stratified import cluster_se, simultaneous_z, stratified_test
from savanna.lab.summary import BUILT_IN_SEAT_FACTORS, factor_key, factor_label, game_factors
from savanna.lab.words import (
    in_every_language,
    method_words,
    power_text,
    question_words,
    say,
    verdict,
    who,
)

__all__ = [
    "BUILT_IN_SEAT_FACTORS",
    "FairnessSettings",
    "answer",
    "check_factors",
    "factor_label",
    "games_needed",
    "known_factors",
    "run_until_answered",
]


MAX_LEVELS = 8
"""A numeric factor with more distinct values than this is binned (``bin_numbers``)."""
MIN_EXPECTED = 5.0
"""Below this many expected wins in a level, win p-values come from permutations."""
FIRST_BATCH = 200
"""Games played before the first look when a run stops once answered."""


@dataclass(frozen=True)
class FairnessSettings:
    """How questions are tested and when a run has answered them.

    Attributes:
        alpha: the false-alarm rate of each verdict (after corrections).
        power: the power of the power statements.
        margin: the win-rate difference that matters (0.02 = 2 points).
        score_margin: the score difference that matters, in points.
        permutations: random within-game permutations when a level expects few wins.
        width: stop once every win-rate (or frequency) interval is at most this wide.
        score_width: stop once every score interval is at most this wide (points).
    """

    alpha: float = 0.05
    power: float = 0.8
    margin: float = 0.02
    score_margin: float = 0.5
    permutations: int = 4999
    width: float | None = None
    score_width: float | None = None


def known_factors(plan: SimulationPlan, outcomes: Sequence[Outcome]) -> dict[str, str]:
    """Every factor the outcomes can be tested on → ``"seat"`` or ``"game"``."""
    out = dict.fromkeys(BUILT_IN_SEAT_FACTORS, "seat")
    for o in outcomes:
        out.update(dict.fromkeys(map(str, dict(o["statistics"]).get("seats", {})), "seat"))
        out.update(dict.fromkeys(map(str, game_factors(plan, o)), "game"))
    return out


# -- levels -----------------------------------------------------------------------------------


def _seat_values(plan: SimulationPlan, outcome: Outcome, factor: str) -> list[Any]:
    if factor == "seat":
        return list(range(1, plan.players + 1))
    if factor == "order":
        return list(outcome["order"])
    if factor == "bot":
        return list(outcome["seats"])
    values = dict(outcome["statistics"]).get("seats", {}).get(factor)
    if not isinstance(values, list) or len(values) != plan.players:
        raise LabError(MESSAGES.words("error.lab.no_seat_statistic", index=outcome["index"], factor=repr(factor)))
    return values


def _game_value(plan: SimulationPlan, outcome: Outcome, factor: str) -> Any:
    factors = game_factors(plan, outcome)
    if factor not in factors:
        raise LabError(MESSAGES.words("error.lab.no_game_statistic", index=outcome["index"], factor=repr(factor)))
    value = factors[factor]
    if isinstance(value, list):
        if len(value) != 1:
            raise OptionError(MESSAGES.words("error.fairness.test_this_statistic_lists", factor=factor))
        value = value[0]
    return value


def _keys(values: list[Any], given: Sequence[Any] = ()) -> tuple[list[str], list[str]]:
    """Level keys of ``values`` (binned when numeric with many values) and the levels in
    order: the ``given`` order (a varied option's values), else natural order."""
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    if numeric and not given and len(set(values)) > MAX_LEVELS:
        edges, labels = bin_numbers([float(v) for v in values], MAX_LEVELS)
        keys = [labels[max(i for i, e in enumerate(edges) if e <= float(v) + 1e-9)] for v in values]
        return keys, [label for label in labels if label in set(keys)]
    keys = [factor_key(v) for v in values]
    present = set(keys)
    ordered = [k for k in dict.fromkeys(factor_key(v) for v in given) if k in present]
    return keys, ordered + sorted(present - set(ordered), key=natural_key)


# -- questions --------------------------------------------------------------------------------


@dataclass
class _Question:
    """A question's figures, and its words in every language (``said``: language →
    ``label``, ``who`` (one per level), ``question``, ``test`` and ``method``)."""

    factor: str
    kind: str
    response: str
    levels: list[dict[str, Any]]
    statistic: float
    df: int
    p: float
    said: dict[str, dict[str, Any]]
    games: int
    unit_se: list[float]
    note: str = ""


def _said(
    kind: str,
    response: str,
    labels: dict[str, str],
    who_of: Callable[[str, str], list[str]],
    method: str,
    draws: int = 0,
) -> dict[str, dict[str, Any]]:
    """A question's words in every language; ``who_of(label, lang)`` words its levels."""
    return in_every_language(
        lambda lang: {
            "label": labels[lang],
            "who": who_of(labels[lang], lang),
            **question_words(kind, response, labels[lang], lang),
            "method": method_words(method, lang, draws),
        }
    )


def _seat_question(
    plan: SimulationPlan,
    outcomes: Sequence[Outcome],
    factor: str,
    response: str,
    settings: FairnessSettings,
    *,
    by_game: bool,
) -> _Question:
    labels = in_every_language(lambda lang: factor_label(plan, factor, lang))
    players = plan.players
    who_of: Callable[[str, str], list[str]]
    if by_game:
        game_keys, game_levels = _keys(
            [_game_value(plan, o, factor) for o in outcomes], plan.varied.get(factor, ())
        )
        levels = [f"{lv}, seat {s + 1}" for lv in game_levels for s in range(players)]

        def who_of(label: str, lang: str) -> list[str]:
            return [
                say("who.seat_when", lang, seat=s + 1, label=label, value=lv)
                for lv in game_levels
                for s in range(players)
            ]

        index = {lv: i for i, lv in enumerate(game_levels)}
        rows = [[index[k] * players + s for s in range(players)] for k in game_keys]
    else:
        flat = [v for o in outcomes for v in _seat_values(plan, o, factor)]
        keys, levels = _keys(flat)
        index = {lv: i for i, lv in enumerate(levels)}
        rows = [
            [index[k] for k in keys[g * players : (g + 1) * players]] for g in range(len(outcomes))
        ]

        def who_of(label: str, lang: str) -> list[str]:
            return [who(factor, label, lv, lang) for lv in levels]

    level_array = np.array(rows, dtype=np.int64)
    if response == "win":
        y = np.array([[1.0 if r == 0 else 0.0 for r in o["ranking"]] for o in outcomes])
    else:
        y = np.array([[float(v) for v in o["scores"]] for o in outcomes])
    count = len(levels)
    m = np.zeros((len(outcomes), count))
    np.add.at(m, (np.repeat(np.arange(len(outcomes)), players), level_array.ravel()), 1.0)
    expected_wins = (m * y.mean(axis=1, keepdims=True)).sum(axis=0)
    small = response == "win" and bool(
        np.any((m.sum(axis=0) > 0) & (np.minimum(expected_wins, m.sum(axis=0) - expected_wins) < MIN_EXPECTED))
    )
    rng = None
    if small and settings.permutations > 0:
        rng = np.random.default_rng(derive_seed(plan.seed, "permutations", factor, response))
    result = stratified_test(level_array, y, count, rng, settings.permutations)
    n = result["m"].sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        effect = np.where(n > 0, result["total"] / np.where(n > 0, n, 1.0), 0.0)
        observed = np.where(n > 0, result["observed"] / np.where(n > 0, n, 1.0), 0.0)
    se = cluster_se(result["per_game"], result["m"], effect)
    present = [i for i in range(count) if n[i] > 0]
    level_p = holm([float(result["level_p"][i]) for i in present])
    z = simultaneous_z(settings.alpha, len(present))
    out_levels = []
    for rank, i in enumerate(present):
        half = z * float(se[i]) if math.isfinite(float(se[i])) else float("nan")
        out_levels.append(
            {
                "level": levels[i],
                "seats": int(n[i]),
                "observed": _r(float(observed[i])),
                "expected": _r(float(observed[i] - effect[i])),
                "effect": _r(float(effect[i])),
                "ci": [_r(float(effect[i]) - half), _r(float(effect[i]) + half)],
                "p": _r(level_p[rank], 6),
            }
        )
    kind = "game" if by_game else "seat"

    def present_who(label: str, lang: str) -> list[str]:
        named = who_of(label, lang)
        return [named[i] for i in present]

    return _Question(
        factor=factor,
        kind=kind,
        response=response,
        levels=out_levels,
        statistic=result["statistic"],
        df=result["df"],
        p=result["p"],
        said=_said(kind, response, labels, present_who, result["method"], result["draws"]),
        games=len(outcomes),
        unit_se=[float(se[i]) * math.sqrt(len(outcomes)) for i in present],
    )


def _game_score_question(
    plan: SimulationPlan, outcomes: Sequence[Outcome], factor: str, settings: FairnessSettings
) -> _Question:
    from scipy import stats as sps  # on first use: a plain simulate never loads scipy
    labels = in_every_language(lambda lang: factor_label(plan, factor, lang))
    keys, levels = _keys(
        [_game_value(plan, o, factor) for o in outcomes], plan.varied.get(factor, ())
    )
    means = np.array([float(np.mean(o["scores"])) for o in outcomes])
    groups = [means[[k == lv for k in keys]] for lv in levels]
    games = len(outcomes)
    grand = float(means.mean())
    usable = [g for g in groups if len(g) >= 2]
    statistic, p = 0.0, 1.0
    if len(usable) >= 2 and any(float(np.var(g)) > 0 for g in usable):
        result = sps.f_oneway(*usable, equal_var=False)
        statistic = float(result.statistic) if math.isfinite(result.statistic) else 0.0
        p = float(result.pvalue) if math.isfinite(result.pvalue) else 1.0
    weights = [len(g) / games for g in groups]
    var_mean = [float(np.var(g, ddof=1)) / len(g) if len(g) >= 2 else float("nan") for g in groups]
    effects, ses, raw_p = [], [], []
    for i, g in enumerate(groups):
        effect = float(g.mean()) - grand
        var = (1 - weights[i]) ** 2 * var_mean[i] + sum(
            weights[k] ** 2 * var_mean[k] for k in range(len(groups)) if k != i
        )
        se = math.sqrt(var) if math.isfinite(var) else float("nan")
        effects.append(effect)
        ses.append(se)
        raw_p.append(float(2 * sps.norm.sf(abs(effect) / se)) if se > 0 else 1.0)
    adjusted = holm(raw_p)
    z = simultaneous_z(settings.alpha, len(levels))
    out_levels = [
        {
            "level": lv,
            "games": len(groups[i]),
            "observed": _r(float(groups[i].mean())),
            "expected": _r(grand),
            "effect": _r(effects[i]),
            "ci": [_r(effects[i] - z * ses[i]), _r(effects[i] + z * ses[i])],
            "p": _r(adjusted[i], 6),
        }
        for i, lv in enumerate(levels)
    ]
    return _Question(
        factor=factor,
        kind="game",
        response="score",
        levels=out_levels,
        statistic=statistic,
        df=max(len(usable) - 1, 0),
        p=p,
        said=_said(
            "game",
            "score",
            labels,
            lambda label, lang: [say("who.games_with", lang, label=label, level=lv) for lv in levels],
            "welch",
        ),
        games=games,
        unit_se=[s * math.sqrt(games) for s in ses],
    )


def _frequency_question(
    plan: SimulationPlan, outcomes: Sequence[Outcome], factor: str, settings: FairnessSettings
) -> _Question:
    from scipy import stats as sps  # on first use: a plain simulate never loads scipy
    labels = in_every_language(lambda lang: factor_label(plan, factor, lang))
    keys, levels = _keys([_game_value(plan, o, factor) for o in outcomes])
    games = len(outcomes)
    counts = [keys.count(lv) for lv in levels]
    share = 1 / len(levels)
    statistic, p = (0.0, 1.0)
    if len(levels) >= 2:
        result = sps.chisquare(counts)
        statistic, p = float(result.statistic), float(result.pvalue)
    raw_p = [float(sps.binomtest(c, games, share).pvalue) for c in counts]
    adjusted = holm(raw_p)
    z = simultaneous_z(settings.alpha, len(levels))
    out_levels = []
    for i, lv in enumerate(levels):
        lo, hi = wilson_interval(counts[i], games, z)
        out_levels.append(
            {
                "level": lv,
                "games": counts[i],
                "observed": _r(counts[i] / games),
                "expected": _r(share),
                "effect": _r(counts[i] / games - share),
                "ci": [_r(lo - share), _r(hi - share)],
                "p": _r(adjusted[i], 6),
            }
        )
    return _Question(
        factor=factor,
        kind="game",
        response="frequency",
        levels=out_levels,
        statistic=statistic,
        df=len(levels) - 1,
        p=p,
        said=_said("game", "frequency", labels, lambda label, lang: [f"{label} {lv}" for lv in levels], "asymptotic"),
        games=games,
        unit_se=[
            math.sqrt(max(c / games * (1 - c / games), 1 / games) / games) * math.sqrt(games)
            for c in counts
        ],
    )


# -- verdicts ---------------------------------------------------------------------------------


def _r(value: float, digits: int = 4) -> float:
    return round(value, digits) if math.isfinite(value) else float("nan")


def _power(q: _Question, settings: FairnessSettings, block: int) -> dict[str, Any]:
    from scipy import stats as sps  # on first use: a plain simulate never loads scipy
    z = simultaneous_z(settings.alpha, len(q.levels)) + float(sps.norm.ppf(settings.power))
    finite = [s for s in q.unit_se if math.isfinite(s) and s > 0]
    margin = settings.score_margin if q.response == "score" else settings.margin
    if not finite:
        return {"detectable": None, "margin": margin, "games_for_margin": None, "said": in_every_language(lambda _: "")}
    unit = max(finite)
    detectable = z * unit / math.sqrt(q.games)
    needed = _round_up(math.ceil((z * unit / margin) ** 2), block)
    said = in_every_language(
        lambda lang: power_text(
            q.response, q.games, detectable, margin, needed, len(q.levels), settings.power, settings.alpha, lang
        )
    )
    return {"detectable": _r(detectable), "margin": margin, "games_for_margin": needed, "said": said}


def _round_up(n: int, block: int) -> int:
    return max(block, -(-n // block) * block)


# -- the answers of a run ---------------------------------------------------------------------


def _questions(
    plan: SimulationPlan, outcomes: Sequence[Outcome], factors: Sequence[str], settings: FairnessSettings
) -> list[_Question]:
    check_factors(plan, outcomes, factors)
    kinds = known_factors(plan, outcomes)
    out: list[_Question] = []
    for factor in factors:
        if kinds[factor] == "seat":
            out.append(_seat_question(plan, outcomes, factor, "win", settings, by_game=False))
            out.append(_seat_question(plan, outcomes, factor, "score", settings, by_game=False))
        else:
            if factor not in plan.varied:
                out.append(_frequency_question(plan, outcomes, factor, settings))
            out.append(_seat_question(plan, outcomes, factor, "win", settings, by_game=True))
            out.append(_game_score_question(plan, outcomes, factor, settings))
    return out


def check_factors(plan: SimulationPlan, outcomes: Sequence[Outcome], factors: Sequence[str]) -> None:
    """Refuse unknown or list-valued factors (one line, before the long run)."""
    kinds = known_factors(plan, outcomes)
    for factor in factors:
        if factor not in kinds:
            known = ", ".join(sorted(kinds, key=natural_key))
            raise OptionError(MESSAGES.words("error.fairness.test_no_such_factor", factor=factor, known=known))
        if kinds[factor] == "game":
            for o in outcomes:
                _game_value(plan, o, factor)


def answer(
    plan: SimulationPlan,
    outcomes: Sequence[Outcome],
    factors: Sequence[str],
    settings: FairnessSettings | None = None,
) -> dict[str, Any]:
    """The ``tests`` section of ``summary.json``: every question about ``factors``.

    Raises:
        OptionError: an unknown factor, or a game statistic with several values per game.
    """
    settings = settings or FairnessSettings()
    questions = _questions(plan, outcomes, factors, settings)
    adjusted = holm([q.p for q in questions])
    rows = []
    for q, p_adjusted in zip(questions, adjusted, strict=True):
        z = simultaneous_z(settings.alpha, len(q.levels))
        widths = [2 * z * s / math.sqrt(q.games) for s in q.unit_se if math.isfinite(s)]
        power = _power(q, settings, plan.block)
        for row in q.levels:  # a level is declared only when its question is (closed testing)
            row["p"] = _r(max(row["p"], p_adjusted), 6)
        facts = {"levels": q.levels, "kind": q.kind, "response": q.response, "df": q.df}
        for lang, words in q.said.items():
            words["verdict"] = verdict(
                {**facts, "label": words["label"]}, words["who"], p_adjusted, settings.alpha, lang
            )
            words["power"] = power["said"].pop(lang)
        del power["said"]
        english = q.said["en"]
        power["text"] = english["power"]
        rows.append(
            {
                "factor": q.factor,
                "factor_words": english["label"],
                "kind": q.kind,
                "response": q.response,
                "question": english["question"],
                "test": english["test"],
                "method": english["method"],
                "statistic": _r(q.statistic),
                "df": q.df,
                "p": _r(q.p, 6),
                "p_adjusted": _r(p_adjusted, 6),
                "games": q.games,
                "levels": [{**row, "who": name} for row, name in zip(q.levels, english["who"], strict=True)],
                "width": _r(max(widths)) if widths else None,
                "verdict": english["verdict"],
                "power": power,
                "said": q.said,
            }
        )
    return {
        "settings": {k: v for k, v in asdict(settings).items()},
        "intervals": say("summary.intervals", "en"),
        "correction": say("summary.correction", "en", count=len(questions)),
        "questions": rows,
    }


def games_needed(tests: Mapping[str, Any], settings: FairnessSettings, games: int, block: int) -> int:
    """Games needed for every interval to reach the target widths (``games`` when reached)."""
    need = games
    for q in tests["questions"]:
        target = settings.score_width if q["response"] == "score" else settings.width
        if target is None or q["width"] is None or not math.isfinite(q["width"]):
            continue
        if q["width"] > target:
            need = max(need, math.ceil(games * (q["width"] / target) ** 2))
    return _round_up(need, block)


def run_until_answered(
    plan: SimulationPlan,
    factors: Sequence[str],
    settings: FairnessSettings,
    *,
    workers: int | None = None,
    use_ray: bool = False,
    on_result: Callable[[int], None] | None = None,
    records: bool = True,
) -> tuple[list[Outcome], dict[str, Any]]:
    """Play until every interval is as narrow as asked, or ``plan.games`` games.

    The run looks at its results after ``FIRST_BATCH`` games (rounded up to whole cycles of
    seats and variants), then plays the number of games its intervals say it needs (at
    most four times as many at each step), and so on. Where it stops depends only on the
    games, never on the workers, so the same seed gives the same answer everywhere. It
    stops on the intervals' width, never on a p-value, so looking repeatedly does not
    inflate false alarms.

    Args:
        records: whether each outcome carries its game's record (see ``run_simulation``).

    Returns:
        The outcomes and the ``stopping`` section of ``summary.json``.
    """
    block = plan.block
    played = min(plan.games, _round_up(FIRST_BATCH, block))
    outcomes = run_simulation(plan, start=0, stop=1, workers=1, records=records)
    check_factors(plan, outcomes, factors)

    def progress(base: int) -> Callable[[int], None]:
        return lambda n: on_result(base + n) if on_result is not None else None

    if on_result is not None:
        on_result(1)
    outcomes += run_simulation(
        plan,
        start=1,
        stop=played,
        workers=workers,
        use_ray=use_ray,
        on_result=progress(1),
        records=records,
    )
    looks = []
    while True:
        tests = answer(plan, outcomes, factors, settings)
        need = games_needed(tests, settings, len(outcomes), block)
        looks.append(len(outcomes))
        if need <= len(outcomes) or len(outcomes) >= plan.games:
            break
        target = min(plan.games, max(need, len(outcomes) + block), 4 * len(outcomes))
        target = min(plan.games, _round_up(target, block))
        outcomes += run_simulation(
            plan,
            start=len(outcomes),
            stop=target,
            workers=workers,
            use_ray=use_ray,
            on_result=progress(len(outcomes)),
            records=records,
        )
    reached = need <= len(outcomes)
    stopping = {
        "rule": say("summary.stopping_rule", "en"),
        "width": settings.width,
        "score_width": settings.score_width,
        "max_games": plan.games,
        "looks": looks,
        "reached": reached,
    }
    return outcomes, stopping

