"""The river race: three pawns each race to a village of huts; rivers cost a secret sacrifice.

Designed from a partial catalogue description (``river-race-description-fr.txt``); full
rules, every seed clause and every designed part with its reasons: ``docs/rules/river-race.md``.
Balance figures: ``docs/balance/river-race.md``. Working title; the rules document
proposes *The Price of Passage* (*Le Prix du passage*).

Seats
    2 to 5 (default 4). Each seat has three pawns, ``a``, ``b`` and ``c``; pawn ``2b`` is
    seat 2's pawn b.

Options
    =========  =====================================================  ========
    key        values                                                 default
    =========  =====================================================  ========
    ``first``  ``draw`` (the first player is drawn by chance) or       ``draw``
               ``seat1`` (seat 1 plays first)
    ``material`` ``first`` (the first release's components) or        ``first``
               ``second`` (the candidate of issue 26: ``data/*.second.toml``)
    =========  =====================================================  ========

A turn
    At the start of its turn a seat with a pawn waiting beside a free sacrifice place, or
    holding a card, may step up (``step a``, then chance draws the card), bargain
    (``offer 2b 3``; the owner answers ``accept``, ``refuse`` or ``counter 2``; the
    sacrificer replies ``accept`` or ``refuse``) and cross (``cross a``), then ``roll``.
    Chance rolls two dice (``3+5``) and draws a pity coin per 1 (``coin 4``); the seat
    moves one pawn the total (``move a``, ``move a upper|lower|around`` past a river's
    fork) or passes (``pass``). Position notation: :mod:`~savanna.games.river_race.notation`.

What each seat sees
    Everything but the sacrifice cards held by other seats (a seat sees its own); a
    spectator sees no held card. Revealed cards, and which cards each deck still holds,
    are public.

Scoring
    Gold plus the values of one's huts; ties go to the best hut, then are shared.

Modules
    ``game`` (spec, options, the Game class), ``state`` (the phase machine), ``actions``
    (typed actions and their codec), ``rules`` (the rule catalogue), ``scoring``,
    ``notation`` (positions and actions, both directions; actions in words),
    ``observation`` (observations, tensor, determinization), ``render`` (text, SVG,
    legend, styles), ``evaluation``, ``heuristic``, ``phase`` (the named values of a
    position: phases, endings, "nobody", "no card"); game-specific: ``board`` (the map as
    a graph, from ``data/map.toml``), ``components`` (dice, gold, bag, springs, huts,
    cards, from ``data/material.toml`` and ``data/cards.toml``), ``tables`` (the map and
    material as the engine reads them, shared per table size), ``walking`` (where a pawn's
    move goes: forks, jumps, stops) and ``council`` (who holds which sacrifice place, what
    may be bargained, whether a card can be paid) and ``restrictions`` (the decisions the
    lab may take away from a bot: restricted play).

Version history
    1. First release.
"""

from __future__ import annotations

from savanna.games.river_race.game import SPEC, RiverRaceGame
from savanna.games.river_race.state import RiverRaceState

__all__ = ["SPEC", "RiverRaceGame", "RiverRaceState"]
