"""The Hyena game (Li'b el-Merafib): mothers fetch water; the first one home lets loose a hyena.

Full rules, sources and decisions: ``docs/rules/hyena.md``.

Seats
    2 to 6 (default 4). One mother per seat; the player of the first mother home then
    plays the hyena.

Options
    ==========  ============================================  ================
    key         values                                        default
    ==========  ============================================  ================
    ``rules``   ``four-sticks`` (variant 1 of the French       ``three-sticks``
                text), ``three-sticks`` (variant 2),
                ``traditional`` (Davies 1925)
    ``length``  30..80 holes from the village to the well      40
    ==========  ============================================  ================

Notation
    Seat actions: ``throw`` (four-sticks, traditional: the only decision), ``bank``,
    ``move``, ``pay`` (three-sticks: bank the throw, move it, or move and pay the holes
    missing to the well). Chance outcomes: ``Kw``, the number of white (flat) sides up,
    e.g. ``2w``. Positions: ``HyenaState.to_text()``, e.g.
    ``three-sticks/40 turn=0:throw steps=0 mothers=V0,V0 banks=0,0 home=- hyena=-``
    (mothers: V village, O going out, W waiting at the well, B coming back, H home,
    X devoured, followed by the hole).

What each seat sees
    Everything (perfect information): every observation holds the whole position.

Scoring
    The hyena's owner scores the number of players; the mothers home after her score one
    less per place in their order of arrival; the others score 0 and share the last place.

What everyone sees at the end
    The score worked out for each seat (``HyenaGame.score_sheets``): the hyena's owner, the
    place of each mother home, the devoured, the ones still out.

Version history
    1. First release: three rulesets, lengths 30 to 80, 2 to 6 players.

Modules
    The common layout (``docs/architecture.md``): ``game`` (spec, options, wiring), ``state``
    (the phase machine), ``actions`` (the action codec), ``rules`` (clauses, sources,
    refusals), ``scoring``, ``notation``, ``observation``, ``render``, ``evaluation``,
    ``heuristic``, ``data/``; and this game's own ``ruleset`` (the three rulesets and throw
    tables from ``data/rulesets.toml``) and ``phase`` (named values of a position).
"""

from __future__ import annotations

from savanna.games.hyena.game import SPEC, HyenaGame
from savanna.games.hyena.state import HyenaState

__all__ = ["SPEC", "HyenaGame", "HyenaState"]
