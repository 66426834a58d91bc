"""What the web pages say about a game, asked of the game through the core protocol only.

Every function here takes a configured game, a state or an observation, and returns plain
JSON-able data; no function knows a game by name. Drawings and texts always come from an
:class:`~savanna.core.Observation` (the seat's own, or a spectator's), never from a state.
"""

from __future__ import annotations

from typing import Any

from savanna.core import Game, Observation, State
from savanna.core.messages import typeset

__all__ = ["game_title", "rules_help", "score_sheet", "typeset"]


def game_title(game: Game, lang: str) -> str:
    """The game's title in ``lang``."""
    return game.spec.title_in(lang)


def _play_order(rule: Any) -> int:
    """Rules in the order of play: the set-up first, the end last, the others as the game's
    catalogue lists them (a stable sort keeps that order)."""
    head = rule.id.split(".", 1)[0]
    return 0 if head == "setup" else 2 if head in ("end", "score", "scoring", "tie") else 1


def rules_help(game: Game, lang: str) -> dict[str, Any]:
    """The help panel: the game's rules summary, its legend and every rule, in ``lang``; and
    the legend of its drawing (``drawing``: small SVG swatches and their meanings)."""
    rules = [
        {"id": rule.key, "text": typeset(rule.text(lang), lang)}
        for rule in sorted(game.rules().values(), key=_play_order)
    ]
    return {
        "summary": typeset(game.rules_summary(lang), lang),
        "legend": [[symbol, typeset(meaning, lang)] for symbol, meaning in game.legend(lang)],
        "drawing": [[swatch, typeset(meaning, lang)] for swatch, meaning in game.drawing_legend(lang)],
        "rules": rules,
        "document": game.spec.rules_document,
    }


def score_sheet(game: Game, observation: Observation, state: State, lang: str) -> dict[str, Any] | None:
    """The end of the game as every seat may see it: scores, places and each seat's sheet
    worked out line by line (``Game.score_sheets``), worded in ``lang``; ``None`` before the end."""
    if not state.is_terminal():
        return None
    sheets = game.score_sheets(observation) or []
    return {
        "scores": [float(s) for s in state.scores()],
        "ranking": list(state.ranking()),
        "sheets": [
            {
                "seat": sheet.seat,
                "place": sheet.place,
                "total": sheet.total,
                "lines": [
                    {"text": game.label_text(line.label, lang), "points": line.points} for line in sheet.lines
                ],
                "tiebreak": None if sheet.tiebreak is None else game.label_text(sheet.tiebreak, lang),
            }
            for sheet in sheets
        ],
    }
