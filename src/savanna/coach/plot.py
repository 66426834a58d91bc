"""The review as a plot: the expected score lost at each decision, and the chance to win.

matplotlib (the ``lab`` extra) is imported when a plot is drawn, never on import, with the
Agg backend (no display needed). The format follows the file name (``.png``, ``.svg``,
``.pdf``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from savanna.coach.review import Review
from savanna.coach.text import number, player, say
from savanna.core import Game, OptionError

__all__ = ["save_review_plot"]


def save_review_plot(review: Review, game: Game, path: Path, lang: str = "en") -> Path:
    """Draw ``review`` into ``path`` and return it.

    Top: a bar per decision, the expected score it lost, and the loss accumulated so far.
    Bottom: the seat's chance to win with the best move at each decision, with its 95%
    interval.

    Raises:
        OptionError: when matplotlib is not installed, or the file cannot be written.
    """
    try:
        import matplotlib
    except ImportError:
        raise OptionError(
            "plots need matplotlib: install the lab extra (pip install 'savanna[lab]')",
            "les graphiques demandent matplotlib : installez l'extra lab (pip install 'savanna[lab]')",
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    who = player(game, review.seat, lang)
    xs = [d.index for d in review.decisions]
    losses = [d.loss for d in review.decisions]
    totals: list[float] = []
    running = 0.0
    for loss in losses:
        running += loss
        totals.append(running)
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 6), sharex=True, height_ratios=(3, 2))
    fig.suptitle(say("review.plot_title", lang, player=who))
    top.bar(xs, losses, width=max(1.0, (max(xs) - min(xs)) / 120) if xs else 1.0, color="#c0392b",
            label=say("review.plot_loss", lang))
    top.step(xs, totals, where="post", color="#2c3e50", label=say("review.plot_total", lang))
    top.set_ylabel(say("review.header_loss", lang))
    top.legend(loc="upper left")
    top.grid(axis="y", alpha=0.3)
    wins = [d.analysis.win for d in review.decisions]
    bottom.plot(xs, [w.value for w in wins], color="#2471a3", marker=".", label=say("review.plot_win", lang))
    bottom.fill_between(xs, [w.low for w in wins], [w.high for w in wins], color="#2471a3", alpha=0.2)
    bottom.set_ylim(0, 1)
    bottom.set_ylabel(say("review.plot_win", lang))
    bottom.set_xlabel(say("review.plot_x", lang))
    bottom.grid(axis="y", alpha=0.3)
    summary = say(
        "review.total",
        lang,
        loss=number(review.total_loss, lang),
        decisions=len(review.decisions),
        mistakes=review.mistakes(),
        threshold=number(1.0, lang),
    )
    fig.text(0.5, 0.005, summary, ha="center", va="bottom", fontsize=8)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    try:
        fig.savefig(path, **_format(path))
    except (OSError, ValueError) as exc:
        raise OptionError(
            f"cannot write the plot {str(path)!r}: {exc}",
            f"impossible d'écrire le graphique {str(path)!r} : {exc}",
        ) from None
    finally:
        plt.close(fig)
    return path


def _format(path: Path) -> dict[str, Any]:
    return {"dpi": 120} if path.suffix.lower() == ".png" else {}
