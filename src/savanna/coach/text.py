"""The coach's answers as plain text lines for people, in English or French, in a width.

The terminal's ``odds`` and ``hint`` commands and ``savanna analyse`` print these lines;
every line fits the width asked: long lines wrap at spaces, continuation lines indented
(a word longer than a line is cut with ``…`` as a last resort).

Example:
    >>> percent(0.3449, "fr"), number(11.25, "fr")
    ('34\\xa0%', '11,2')
"""

from __future__ import annotations

import math
import statistics
import textwrap
from collections.abc import Sequence
from typing import Final

from savanna.coach.belief import Belief
from savanna.coach.result import ActionValue, Analysis, Estimate, QuestionOdds
from savanna.coach.words import MESSAGES
from savanna.core import Game, Label
from savanna.core.messages import typeset

__all__ = [
    "MESSAGES",
    "analysis_lines",
    "belief_lines",
    "fit",
    "hint_lines",
    "likely",
    "number",
    "odds_lines",
    "percent",
    "player",
    "say",
    "wrapped",
]

NBSP: Final = "\u00a0"


def say(key: str, lang: str, **fields: object) -> str:
    """A coach message in ``lang`` (the ``colon`` field is filled in for the language),
    through the catalogue: counts in their plural form, the language's typography."""
    fields.setdefault("colon", f"{NBSP}:" if lang == "fr" else ":")
    return MESSAGES.text(key, lang, **fields)


def player(game: Game, seat: int, lang: str) -> str:
    """A seat as people read it: ``Player 1`` (seats counted from 1)."""
    return game.message("outcome.seat", lang, seat=seat + 1)


def number(value: float, lang: str, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals (a decimal comma in French)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def percent(chance: float, lang: str) -> str:
    """A chance as a whole percentage (``34%``; ``34 %`` in French, never split)."""
    value = round(100 * chance)
    if value == 0 and chance > 0:
        return "<1" + (f"{NBSP}%" if lang == "fr" else "%")
    if value == 100 and chance < 1:
        return ">99" + (f"{NBSP}%" if lang == "fr" else "%")
    return f"{value}{NBSP}%" if lang == "fr" else f"{value}%"


def likely(estimate: Estimate, lang: str, *, chance: bool = False) -> str:
    """``8.2 (likely 6.9 to 9.5)``: the value and its 95% interval in words (the value alone
    when nothing is uncertain).

    >>> likely(Estimate(8.2, 6.9, 9.5, 100), "en")
    '8.2 (likely 6.9 to 9.5)'
    """
    def show(x: float) -> str:
        return percent(x, lang) if chance else number(x, lang)

    if estimate.certain:
        return show(estimate.value)
    return say("head.between", lang, value=show(estimate.value), low=show(estimate.low), high=show(estimate.high))


def fit(line: str, width: int) -> str:
    """``line`` cut to ``width`` characters (ending in ``…`` when cut)."""
    if len(line) <= width:
        return line
    return line[: max(0, width - 1)] + "…"


def wrapped(text: str, width: int, lang: str, *, head: str = "", indent: int = 2) -> list[str]:
    """``head + text`` wrapped at spaces to ``width``, continuation lines indented.

    French gets its no-break spaces first, so ``:`` or ``%`` never starts a line; a word
    longer than a line is cut (the last resort).

    >>> wrapped("the marked move is not clearly ahead", 20, "en", head="* ")
    ['* the marked move is', '  not clearly ahead']
    """
    text = typeset(text, lang)
    lines = textwrap.wrap(
        text,
        width=max(len(head) + 1, width),
        initial_indent=head,
        subsequent_indent=" " * indent,
        break_on_hyphens=False,
    )
    return [fit(line, width) for line in lines] or [fit(head.rstrip(), width)]


def _label(game: Game, label: Label, lang: str) -> str:
    try:
        return game.label_text(label, lang)
    except KeyError:
        return label.key


def _head(game: Game, analysis: Analysis, lang: str, width: int) -> list[str]:
    lines = [say("head.title", lang, player=player(game, analysis.seat, lang))]
    if analysis.exact:
        lines.append(say("head.exact", lang))
    else:
        lines.append(
            say(
                "head.simulated",
                lang,
                rounds=analysis.rounds,
                rollouts=analysis.rollouts + analysis.enumerated,
                seconds=number(analysis.seconds, lang),
            )
        )
    if analysis.decisions:
        lines.append(say("head.believed", lang, decisions=analysis.decisions))
    elif analysis.score.spread > 0:
        lines.append(say("head.prior", lang))
    lines.append(say("head.model", lang, model=say(f"head.model_{analysis.policy}", lang)))
    if not (analysis.score.certain and analysis.win.certain):
        lines.append(say("head.likely" if analysis.hidden else "head.likely_dice", lang))
    lines.append(say("head.win", lang, chance=likely(analysis.win, lang, chance=True)))
    lines.append(say("head.score", lang, score=likely(analysis.score, lang)))
    return [part for line in lines for part in wrapped(line, width, lang)]


def odds_lines(game: Game, analysis: Analysis, lang: str = "en", width: int = 80) -> list[str]:
    """The odds of the game's end and the seat's score distribution, in ``width`` columns."""
    lines = _head(game, analysis, lang, width)
    lines.append("")
    lines.extend(wrapped(say("odds.title", lang), width, lang))
    for group in _groups(analysis.odds):
        names = [_label(game, q.question.label, lang) for q in group]
        if len(group) > 1:
            heads = [_label(game, a.answer.label, lang) for a in group[0].answers]
            cells = [[percent(a.chance.value, lang) for a in q.answers] for q in group]
            column = max(max(len(h) for h in heads), 5) + 1
            name_width = max(1, min(max(len(n) for n in names), width - column * len(heads)))
            lines.append(fit(" " * name_width + "".join(h.rjust(column) for h in heads), width))
            for name, row in zip(names, cells, strict=True):
                lines.append(fit(fit(name, name_width).ljust(name_width) + "".join(c.rjust(column) for c in row), width))
        else:
            parts = [f"{_label(game, a.answer.label, lang)} {percent(a.chance.value, lang)}" for a in group[0].answers]
            lines.append(fit(names[0] + say("odds.colon", lang), width))
            lines.extend(_wrap("  ", parts, width))
    margins = [a.chance.half_width for q in analysis.odds for a in q.answers if not a.chance.certain]
    if margins:
        typical = str(max(1, round(100 * statistics.median(margins))))
        widest = str(max(1, round(100 * max(margins))))
        lines.extend(wrapped(say("odds.margin", lang, points=typical, most=widest), width, lang))
    if analysis.scores:
        lines.append("")
        lines.extend(wrapped(say("scores.title", lang), width, lang))
        parts = [f"{number(s.score, lang, 0)}:{percent(s.chance.value, lang)}" for s in analysis.scores]
        lines.extend(_wrap("  ", parts, width))
    return lines


def _groups(odds: Sequence[QuestionOdds]) -> list[list[QuestionOdds]]:
    """Consecutive questions with the same answers, grouped (each group is drawn as a grid)."""
    groups: list[list[QuestionOdds]] = []
    for q in odds:
        if groups and groups[-1][0].question.answer_keys() == q.question.answer_keys():
            groups[-1].append(q)
        else:
            groups.append([q])
    return groups


def _wrap(prefix: str, parts: Sequence[str], width: int) -> list[str]:
    lines: list[str] = []
    current = prefix
    for part in parts:
        if len(current) + len(part) > width and current.strip():
            lines.append(fit(current.rstrip(), width))
            current = " " * len(prefix)
        current += part + "  "
    if current.strip():
        lines.append(fit(current.rstrip(), width))
    return lines


def _ranked(actions: Sequence[ActionValue], objective: str) -> list[ActionValue]:
    """Best first, then by how far behind the best each is (paired on the same cards and
    dice, which ranks a move dropped early fairly against one played to the end)."""

    def key(a: ActionValue) -> tuple[bool, float, float]:
        behind = a.gap.value if a.gap is not None else 0.0
        other = a.score.value if objective == "win" else a.win.value
        return (not a.best, behind, -other)

    return sorted(actions, key=key)


def _score_shown(action: ActionValue, best: ActionValue | None, objective: str) -> float:
    """A move's expected score as the hint shows it: the best's less the paired gap (the same
    cards and dice, so the column agrees with "behind"), or its own estimate."""
    if best is None or action.gap is None or objective != "score" or not math.isfinite(action.gap.value):
        return action.score.value
    return best.score.value - action.gap.value


def hint_lines(game: Game, analysis: Analysis, lang: str = "en", width: int = 80, top: int = 6) -> list[str]:
    """The seat's moves, best first, with their expected score and how far behind the best.

    Shows at most ``top`` moves (the best always first) and says how many more there are.
    Without a horizon each move also shows its chance to win; with one (a hint of
    :func:`~savanna.coach.advice.advise`) a move's expected score is the best's (simulated
    to the end) less how far behind it was when compared a round ahead. When the seat is
    not to act, one line says so.
    """
    lines = _head(game, analysis, lang, width)
    lines.append("")
    if not analysis.to_act:
        lines.extend(wrapped(say("moves.waiting", lang, player=player(game, analysis.seat, lang)), width, lang))
        return lines
    ahead = analysis.horizon is not None
    lines.extend(wrapped(say("moves.title_ahead" if ahead else "moves.title", lang), width, lang))
    ranked = _ranked(analysis.actions, analysis.objective)
    shown = ranked[: max(1, top)]
    if ahead:
        values = [number(analysis.score.value - (a.gap.value if a.gap is not None else 0.0), lang) for a in shown]
        columns = [[v] for v in values]
    else:
        values = [number(_score_shown(a, analysis.best, analysis.objective), lang) for a in shown]
        columns = [[v, percent(a.win.value, lang)] for v, a in zip(values, shown, strict=True)]
    gaps = [_behind(a, analysis.objective, lang) for a in shown]
    widths = [max(len(row[k]) for row in columns) for k in range(len(columns[0]))]
    gap_width = max(len(g) for g in gaps)
    for a, row, gap in zip(shown, columns, gaps, strict=True):
        mark = "*" if a.best else ("-" if a.dropped else " ")
        words = a.text(lang)
        text = a.notation if words == a.notation else f"{a.notation} ({words})"
        figures = "  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True))
        head = f"{mark} {figures}  {gap.ljust(gap_width)}  "
        # a long move wraps under its own words, the figures' column kept clear
        lines.extend(wrapped(text, width, lang, head=head, indent=min(len(head), width // 2)))
    if len(ranked) > len(shown):
        lines.extend(wrapped(say("moves.more", lang, count=len(ranked) - len(shown)), width, lang, head="  ", indent=4))
    best = analysis.best
    if best is not None and len(ranked) > 1:
        verdict = "moves.clear" if analysis.clear else "moves.close"
        lines.extend(wrapped(say("moves.verdict", lang, verdict=say(verdict, lang)), width, lang))
    if any(g.endswith("?") for g in gaps):
        lines.extend(wrapped(say("moves.unsure", lang), width, lang))
    if any(a.dropped for a in shown):
        lines.extend(wrapped(say("moves.dropped", lang), width, lang, head="- "))
    if ahead:
        lines.extend(wrapped(say("moves.ahead", lang), width, lang))
    if best is not None:
        score = analysis.score if ahead else best.score
        lines.extend(wrapped(say("head.score", lang, score=likely(score, lang)), width, lang, head="* "))
    return lines


def _behind(action: ActionValue, objective: str, lang: str) -> str:
    """How far ``action`` is behind the best (points, or chance points with the win
    objective; ``+`` when ahead on average but not clearly enough to be marked), ``?`` when
    not clearly; empty for the best itself."""
    gap = action.gap
    if gap is None or not math.isfinite(gap.value):
        return ""
    text = f"{abs(round(100 * gap.value))}" if objective == "win" else number(abs(gap.value), lang)
    sign = "-" if gap.value > 0 else "+" if text.strip("0.,") else ""
    return sign + text + ("" if action.behind else "?")


def belief_lines(game: Game, beliefs: Sequence[Belief], lang: str = "en", width: int = 80, top: int = 3) -> list[str]:
    """Each other seat's most likely secrets with their chances and the uncertainty."""
    if not beliefs:
        return []
    lines = [fit(say("beliefs.title", lang), width)]
    for belief in beliefs:
        secrets = ", ".join(
            f"{_label(game, s.secret, lang)} {percent(s.chance, lang)}" for s in belief.secrets[:top]
        )
        line = say("beliefs.line", lang, player=player(game, belief.seat, lang), secrets=secrets)
        lines.extend(wrapped(line, width, lang, indent=4))
        lines.extend(
            wrapped(
                say("beliefs.uncertain", lang, count=number(belief.candidates, lang), decisions=belief.decisions),
                width,
                lang,
                head="  ",
                indent=4,
            )
        )
        if belief.follows is not None:
            share = percent(belief.follows, lang)
            lines.extend(wrapped(say("beliefs.follows", lang, share=share), width, lang, head="  ", indent=4))
    return lines


def analysis_lines(
    game: Game,
    analysis: Analysis,
    beliefs: Sequence[Belief] = (),
    lang: str = "en",
    width: int = 80,
    top: int = 6,
) -> list[str]:
    """Everything: the odds, the moves and the beliefs, one block after the other."""
    lines = odds_lines(game, analysis, lang, width)
    if analysis.to_act:
        lines.append("")
        lines.extend(hint_lines(game, analysis, lang, width, top)[len(_head(game, analysis, lang, width)) + 1 :])
    more = belief_lines(game, beliefs, lang, width)
    if more:
        lines.append("")
        lines.extend(more)
    return lines
