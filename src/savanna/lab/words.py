"""The lab's sentences in a language: who a level is, the questions, their verdicts and
power statements, and restricted play's verdicts.

Every sentence comes from the lab's catalogue (``savanna/lab/data/messages.<lang>.toml``)
with the catalogue's plurals and typography. The fairness test and restricted play say
each sentence in every language of the catalogue (:func:`in_every_language`): the English
one in its usual field of ``summary.json`` (``verdict``, ``question`` ...), and all of them
under ``said`` (language → field → text), which the report and the terminal read in the
language they are asked for. Numbers keep their values and are written as the language
writes them (:func:`localize`: French ``12,3 %``).

Example:
    >>> who("order", "play order", "2", "en"), who("order", "ordre de jeu", "1", "fr")
    ('the 2nd player', 'le 1er joueur')
    >>> amount("win", -0.031, "en"), amount("win", -0.031, "fr")
    ('3.1 points', '3,1 points')
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import babel
import babel.numbers

from savanna.lab.simulation import MESSAGES

__all__ = [
    "amount",
    "count",
    "factor_words",
    "in_every_language",
    "interval",
    "join",
    "localize",
    "method_words",
    "ordinal",
    "p_text",
    "power_text",
    "question_words",
    "restricted_verdict",
    "say",
    "verdict",
    "who",
]

T = TypeVar("T")


def say(key: str, lang: str, **fields: object) -> str:
    """The lab's message ``key`` in ``lang``."""
    return MESSAGES.text(key, lang, **fields)


def join(parts: Sequence[str], lang: str) -> str:
    """Clauses one after the other, as the language separates them (``a; b``; ``a ; b``)."""
    if not parts:
        return ""
    text = parts[0]
    for part in parts[1:]:
        text = say("join", lang, first=text, then=part)
    return text


def in_every_language(make: Callable[[str], T]) -> dict[str, T]:
    """``make(lang)`` for every language of the lab's catalogue (English first)."""
    return {lang: make(lang) for lang in MESSAGES.languages}


def _locale(lang: str) -> babel.Locale:
    try:
        return babel.Locale.parse(lang)
    except (babel.UnknownLocaleError, ValueError):
        return babel.Locale.parse("en")


_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?%?|\d+(?:\.\d+)?%?")
"""A number as English writes it: digits, thousands after commas, decimals after a point, a
percent sign."""


def localize(text: str, lang: str) -> str:
    """The numbers of ``text``, written as English writes them (``12.3%``, ``-0.50``,
    ``1,760``), as ``lang`` writes them by CLDR (Babel): French ``12,3 %``, ``-0,50``,
    ``1 760``. The values are the same; only the decimal and group symbols and the space
    before a percent sign change.

    >>> localize("12.3% [10.1%, 14.2%]", "fr") == "12,3\u00a0% [10,1\u00a0%, 14,2\u00a0%]"
    True
    >>> localize("p = 0.042", "en")
    'p = 0.042'
    """
    if lang == "en":
        return text
    locale = _locale(lang)
    decimal = babel.numbers.get_decimal_symbol(locale)
    group = babel.numbers.get_group_symbol(locale)
    pattern = locale.percent_formats[None].pattern.split("%")[0]
    gap = pattern[len(pattern.rstrip("\u00a0\u202f ")) :]

    def one(match: re.Match[str]) -> str:
        number = match.group(0)
        percent = number.endswith("%")
        digits = number.rstrip("%").replace(",", "\0").replace(".", decimal).replace("\0", group)
        return digits + (gap + "%" if percent else "")

    return _NUMBER.sub(one, text)


def interval(value: str, low: str, high: str, lang: str) -> str:
    """A value and its interval, ``12.3% [10.1%, 14.2%]``, the numbers as ``lang`` writes them."""
    return say("interval", lang, value=localize(value, lang), low=localize(low, lang), high=localize(high, lang))


def count(n: int, lang: str) -> str:
    """A whole number with the language's thousands separator (``1,760``; ``1 760`` in French)."""
    return babel.numbers.format_decimal(n, locale=_locale(lang))


def ordinal(n: int, lang: str) -> str:
    """``n`` as an ordinal by CLDR's ordinal rule of the language (``1st``, ``22nd``; ``1er``, ``2e``)."""
    category = str(_locale(lang).ordinal_form(n))
    key = f"ordinal.{category}" if f"ordinal.{category}" in MESSAGES else "ordinal.other"
    return say(key, lang, n=n)


def factor_words(factor: str, lang: str, game: Any = None) -> str:
    """A factor's name in words: the lab's own seat factors, else the game's message
    ``stat.<factor>`` when it has one, else the name with spaces."""
    if f"factor.{factor}" in MESSAGES:
        return say(f"factor.{factor}", lang)
    message = getattr(game, "message", None)
    if callable(message):
        try:
            text = message(f"stat.{factor}", lang)
        except Exception:  # no such key: fall back to the name
            text = None
        if isinstance(text, str) and text and not text.startswith("stat."):
            return text
    return factor.replace("_", " ")


def who(factor: str, label: str, level: str, lang: str) -> str:
    """Who the level ``level`` of a seat factor is (``seat 2``, ``the 1st player``, ``bot random``)."""
    if factor == "seat":
        return say("who.seat", lang, level=level)
    if factor == "order":
        if level.isdigit():
            return say("who.order", lang, ordinal=ordinal(int(level), lang))
        return say("who.order_other", lang, level=level)
    if factor == "bot":
        return say("who.bot", lang, level=level)
    return f"{label} {level}"


def question_words(kind: str, response: str, label: str, lang: str) -> dict[str, str]:
    """A question and its test in words: ``{"question": ..., "test": ...}``.

    ``kind`` is ``seat`` or ``game`` (the factor's); ``response`` is ``win``, ``score``
    or ``frequency``.
    """
    if kind == "seat":
        question, test = f"question.seat_{response}", "test.stratified"
    elif response == "win":
        question, test = "question.favoured", "test.stratified_by_game"
    elif response == "score":
        question, test = "question.game_score", "test.welch"
    else:
        question, test = "question.frequency", "test.frequency"
    return {"question": say(question, lang, label=label), "test": say(test, lang)}


def method_words(method: str, lang: str, draws: int = 0) -> str:
    """How a p-value was found: ``asymptotic``, ``permutations`` (``draws`` of them) or ``welch``."""
    return say(f"method.{method}", lang, draws=draws) if method == "permutations" else say(f"method.{method}", lang)


def p_text(p: float, lang: str = "en") -> str:
    """A p-value as a sentence quotes it (``p < 0.001``, ``p = 0.042``, ``p = 0.31``)."""
    return localize("p < 0.001" if p < 0.001 else f"p = {p:.2g}" if p < 0.1 else f"p = {p:.2f}", lang)


def amount(response: str, value: float, lang: str) -> str:
    """A difference's size in points (score points with two decimals, win rates and shares
    in points of percentage with one)."""
    size = f"{abs(value):.2f}" if response == "score" else f"{abs(value) * 100:.1f}"
    return say("verdict.points", lang, amount=localize(size, lang))


def verdict(
    q: Mapping[str, Any], who: Sequence[str], p_adjusted: float, alpha: float, lang: str
) -> str:
    """A question's verdict in one sentence, from its levels (``level``, ``effect``, ``ci``,
    ``p`` corrected), ``who`` each level is, and the question's ``kind``, ``response``,
    ``df`` and ``label``."""
    levels = q["levels"]
    response = q["response"]
    if not levels or (len(levels) < 2 and q["kind"] == "seat"):
        return say("verdict.same_level", lang, label=q["label"])
    if q["df"] == 0:
        return say("verdict.no_variation", lang)
    kind = "game_score" if response == "score" and q["kind"] == "game" else response
    significant = sorted(
        (row for row in levels if row["p"] < alpha), key=lambda r: (r["p"], -abs(r["effect"]))
    )
    names = dict(zip((row["level"] for row in levels), who, strict=True))
    if p_adjusted < alpha and significant:
        parts = [
            say(
                f"verdict.{kind}_{'more' if row['effect'] > 0 else 'less'}",
                lang,
                who=names[row["level"]],
                amount=amount(response, row["effect"], lang),
                p=p_text(row["p"], lang),
            )
            for row in significant[:3]
        ]
        joined = join(parts, lang)
        if len(significant) > 3:
            return say("verdict.more", lang, verdicts=joined, count=len(significant) - 3)
        return joined
    bound = max(
        (max(abs(row["ci"][0]), abs(row["ci"][1])) for row in levels if math.isfinite(row["ci"][0])),
        default=float("nan"),
    )
    if p_adjusted < alpha:
        top = max(levels, key=lambda r: abs(r["effect"]))
        sign = "+" if top["effect"] > 0 else "-"
        return say(
            "verdict.differ",
            lang,
            p=p_text(p_adjusted, lang),
            count=len(levels),
            who=names[top["level"]],
            amount=sign + amount(response, top["effect"], lang),
        )
    return say("verdict.no_evidence", lang, amount=amount(response, bound, lang), p=p_text(p_adjusted, lang))


def power_text(
    response: str,
    games: int,
    detectable: float,
    margin: float,
    needed: int,
    levels: int,
    power: float,
    alpha: float,
    lang: str,
) -> str:
    """What the run could detect (``power`` at the corrected ``alpha`` level) and how many
    games the difference that matters (``margin``) would need."""
    return say(
        "verdict.power",
        lang,
        games=count(games, lang),
        detectable=amount(response, detectable, lang),
        power=localize(f"{power:.0%}", lang),
        alpha=localize(f"{alpha:.0%}", lang),
        levels=levels,
        margin=amount(response, margin, lang),
        needed=count(needed, lang),
    )


def restricted_verdict(cost: Mapping[str, Any], touched: int, differ: int, lang: str) -> str:
    """What giving a kind of decision up costs, from the win cost's 95% interval."""
    lo, hi = cost["ci95"]
    if not touched:
        return say("restricted.never_applied", lang)
    if not differ:
        return say("restricted.same_play", lang)
    if lo > 0:
        return say("restricted.matters", lang, low=localize(f"{100 * lo:.1f}", lang), high=localize(f"{100 * hi:.1f}", lang))
    if hi < 0:
        return say("restricted.helps", lang, low=localize(f"{100 * -hi:.1f}", lang), high=localize(f"{100 * -lo:.1f}", lang))
    return say("restricted.no_cost", lang, low=localize(f"{100 * lo:+.1f}", lang), high=localize(f"{100 * hi:+.1f}", lang))
