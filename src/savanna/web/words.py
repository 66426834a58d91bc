"""What the web pages say about a game, asked of the game through the core protocol only.

Every function here takes a configured game, a state or an observation, and returns plain
JSON-able data; no function knows a game by name. Drawings and texts always come from an
:class:`~savanna.core.Observation` (the seat's own, or a spectator's), never from a state.
"""

from __future__ import annotations

from typing import Any

from savanna.core import CHANCE, Game, Observation, State

__all__ = [
    "action_targets",
    "action_viewers",
    "describe_action",
    "game_title",
    "legend",
    "private_lines",
    "rules_help",
    "score_sheet",
]


def game_title(game: Game, lang: str) -> str:
    """The game's title in ``lang``."""
    return game.spec.title_fr if lang == "fr" and game.spec.title_fr else game.spec.title


def describe_action(state: State, action: int, lang: str) -> str:
    """``action`` in words for people, in ``lang`` (``state`` is the position before it)."""
    hook: Any = getattr(state, "describe_action", None)
    if callable(hook):
        return str(hook(action, lang))
    return state.action_to_text_safe(action)


def action_viewers(state: State, action: int) -> frozenset[int | None] | None:
    """Who may read ``action`` (``None``: everyone); ``state`` is the position before it."""
    hook: Any = getattr(state, "action_viewers", None)
    if callable(hook):
        viewers = hook(action)
        return None if viewers is None else frozenset(viewers)
    return _viewers_by_comparison(state, action)


MAX_ALTERNATIVES = 512
"""Above this many possible actions, a game without the hook has the action shown to nobody."""


def _viewers_by_comparison(state: State, action: int) -> frozenset[int | None] | None:
    """Who can tell ``action`` apart from every other possible one, by their observations.

    For a game without ``action_viewers``: viewer ``v`` may read the action when ``v``'s
    observation after it differs from ``v``'s observation after every alternative (the
    observation's ``text`` is canonical: equal for equal information).
    """
    alternatives = state.legal_actions()
    viewers: list[int | None] = [None, *range(state.game.num_players)]
    if len(alternatives) <= 1:
        return None
    if action not in alternatives or len(alternatives) > MAX_ALTERNATIVES:
        return frozenset()
    after: dict[int, list[str]] = {}
    for alternative in alternatives:
        child = state.clone()
        child.apply_unchecked(alternative)
        after[alternative] = [child.observation(v).text for v in viewers]
    mine = after[action]
    told = frozenset(
        v
        for i, v in enumerate(viewers)
        if all(after[other][i] != mine[i] for other in alternatives if other != action)
    )
    return None if len(told) == len(viewers) else told


def action_targets(state: State, action: int) -> list[str]:
    """Keys of the board elements ``action`` points at (``data-target`` in the SVG), maybe none."""
    hook: Any = getattr(state, "action_targets", None)
    if callable(hook):
        return [str(t) for t in hook(action)]
    return []


def private_lines(game: Game, mine: Observation, public: Observation, lang: str) -> list[str]:
    """What ``mine`` shows that a spectator's observation does not, as lines of text."""
    hook: Any = getattr(game, "private_summary", None)
    if callable(hook):
        return [str(line) for line in hook(mine, lang)]
    shared = set(game.render_text(public, lang).splitlines())
    return [line.strip() for line in game.render_text(mine, lang).splitlines() if line not in shared and line.strip()]


def legend(game: Game, lang: str) -> list[list[str]]:
    """``[symbol, meaning]`` pairs for the drawings (empty when the game gives none)."""
    hook: Any = getattr(game, "legend", None)
    if callable(hook):
        return [[str(symbol), str(meaning)] for symbol, meaning in hook(lang)]
    return []


def rules_help(game: Game, lang: str) -> dict[str, Any]:
    """A short rules summary and the rule catalogue in ``lang``, for the help panel."""
    hook: Any = getattr(game, "rules_summary", None)
    summary = str(hook(lang)) if callable(hook) else game.spec.summary
    rules = [
        {"id": rule.key, "text": rule.text(lang)}
        for rule in sorted(game.rules().values(), key=lambda r: r.id)
    ]
    return {"summary": summary, "rules": rules, "document": game.spec.rules_document}


def score_sheet(game: Game, observation: Observation, state: State) -> dict[str, Any] | None:
    """The end of the game as every seat may see it: scores, places and the game's sheet."""
    if not state.is_terminal():
        return None
    sheet: Any = None
    hook: Any = getattr(game, "score_sheets", None)
    if callable(hook):
        sheet = hook(observation)
    return {
        "scores": [float(s) for s in state.scores()],
        "ranking": list(state.ranking()),
        "sheet": _jsonable(sheet),
    }


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return _jsonable(to_json())
    if hasattr(value, "__dataclass_fields__"):
        return {name: _jsonable(getattr(value, name)) for name in value.__dataclass_fields__}
    return str(value)


def is_chance(actor: int) -> bool:
    """Whether ``actor`` is chance."""
    return actor == CHANCE
