"""The review as a plot: the expected score lost at each turn, and in all against each reference.

matplotlib (the ``lab`` extra) is imported when a plot is drawn, never on import, with the
Agg backend (no display needed). The format follows the file name (``.png``, ``.svg``,
``.pdf``).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Final

from savanna.coach.interval import Z
from savanna.coach.review import REFERENCES, Review
from savanna.coach.text import player, say
from savanna.coach.words import MESSAGES
from savanna.core import Game, OptionError

__all__ = ["save_review_plot"]


COLOURS: Final = {"mistake": "#c0392b", "close": "#e5a100", "fine": "#95a5a6"}
"""The colour of a turn's bar by its worst verdict."""
REFERENCE_COLOURS: Final = {"heuristic": "#2471a3", "ismcts": "#2c3e50"}


def save_review_plot(review: Review, game: Game, path: Path, lang: str = "en") -> Path:
    """Draw ``review`` into ``path`` and return it.

    Top: by turn of the game, the expected score lost against the better reference (a bar
    per turn with the seat's decisions in it, the sum of their losses, with its 95%
    interval), coloured by the worst verdict of the turn. Bottom: the loss accumulated so
    far against each reference, with its 95% band.

    Raises:
        OptionError: when matplotlib is not installed, or the file cannot be written.
    """
    try:
        import matplotlib
    except ImportError:
        raise OptionError(MESSAGES.words("error.matplotlib")) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    who = player(game, review.seat, lang)
    turns = _by_turn(review)
    xs = [t for t, _, _, _ in turns]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 6), sharex=True, height_ratios=(3, 2))
    fig.suptitle(say("review.plot_title", lang, player=who))
    top.bar(
        xs,
        [loss for _, loss, _, _ in turns],
        yerr=[half for _, _, half, _ in turns],
        color=[COLOURS[verdict] for _, _, _, verdict in turns],
        ecolor="#555555",
        capsize=2,
        width=0.8,
    )
    threshold = top.axhline(
        review.tolerance, color="#555555", linewidth=0.8, linestyle=":", label=say("review.plot_tolerance", lang)
    )
    top.axhline(0, color="#000000", linewidth=0.6)
    top.set_ylabel(say("review.plot_loss", lang))
    top.legend(
        handles=[Patch(color=COLOURS[v], label=say(f"review.plot_{v}", lang)) for v in ("mistake", "close", "fine")]
        + [threshold],
        loc="upper left",
        fontsize=8,
    )
    top.grid(axis="y", alpha=0.3)
    for name in REFERENCES:
        total = variance = 0.0
        values, lows, highs = [], [], []
        for d in review.decisions:
            gain = next(r.gain for r in d.references if r.name == name)
            total += gain.value
            if math.isfinite(gain.sampling):
                variance += gain.sampling**2
            values.append(total)
            lows.append(total - Z * math.sqrt(variance))
            highs.append(total + Z * math.sqrt(variance))
        dx = [d.turn for d in review.decisions]
        colour = REFERENCE_COLOURS[name]
        reference = say(f"review.plot_{name}", lang)
        bottom.step(dx, values, where="post", color=colour, label=say("review.plot_total", lang, reference=reference))
        bottom.fill_between(dx, lows, highs, step="post", color=colour, alpha=0.15)
    bottom.axhline(0, color="#000000", linewidth=0.6)
    bottom.set_ylabel(say("review.plot_sofar", lang))
    bottom.set_xlabel(say("review.plot_x", lang))
    bottom.legend(loc="upper left", fontsize=8)
    bottom.grid(axis="y", alpha=0.3)
    summary = say("review.counts", lang, mistakes=review.mistakes(), close=review.count("close"))
    fig.text(0.5, 0.005, summary, ha="center", va="bottom", fontsize=8)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    try:
        fig.savefig(path, **_format(path))
    except (OSError, ValueError) as exc:
        raise OptionError(MESSAGES.words("error.plot_write", path=repr(str(path)), why=exc)) from None
    finally:
        plt.close(fig)
    return path


def _by_turn(review: Review) -> list[tuple[int, float, float, str]]:
    """Per turn with decisions: ``(turn, loss, half-width of its 95% interval, worst verdict)``."""
    rank = {"fine": 0, "close": 1, "mistake": 2}
    out: dict[int, list[float | str]] = {}
    for d in review.decisions:
        row = out.setdefault(d.turn, [0.0, 0.0, "fine"])
        row[0] = float(row[0]) + d.loss.value
        if math.isfinite(d.loss.sampling):
            row[1] = float(row[1]) + d.loss.sampling**2
        if rank[d.verdict] > rank[str(row[2])]:
            row[2] = d.verdict
    return [(t, float(v[0]), Z * math.sqrt(float(v[1])), str(v[2])) for t, v in sorted(out.items())]


def _format(path: Path) -> dict[str, Any]:
    return {"dpi": 120} if path.suffix.lower() == ".png" else {}
