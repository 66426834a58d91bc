"""Banjooli Xeet — the ostrich race of the Noamomi sorcerers (Diego Ibáñez, 2013).

Seats: 2 to 5 (default 4). Each seat holds a secret Prediction (1st, 2nd, 3rd and last
ostrich) and scores when the race ends, as the third ostrich crosses the finishing line.

Options:

=========  ===========================================  =========
key         meaning                                      default
=========  ===========================================  =========
tiles       common tiles between Exit and Finish (4-6)   4
special     none, crocodiles, ravine, lava or vortex     none
berries     the Berries variant (on/off)                 off
lion        the lion fan variant (on/off, a design)      off
=========  ===========================================  =========

Setup: a chance node draws the order of the physical tiles, a second one the side each
double-sided common tile shows (``sides``), then one Prediction is dealt to each seat.

A turn: six chance rolls (five movement dice then the sorcery die), one reroll decision
(``keep`` or ``reroll 136``: die positions 1-5 movement, 6 sorcery), then ``move Y``
(``move Y+W`` with white jokers, ``move Y+R`` with an arrived ostrich's colour, ``move Y*5``
on the magic roll; in a Dof Nooxoor frenzy also a part of a joker kind, ``move Y+2W``)
followed by one ``step``/``jump`` per point (``L``, ``F``, ``R``), or
``spell Y`` / ``unspell Y``, or ``pass`` when nothing else is legal. Numbers 1-6 may replace
the colour letters (6 = white joker).

What a seat sees: the board, ostriches, dice, arrivals, face-down berries as unknown, its own
Prediction and the berries it peeked at (Jëmbat); never another seat's Prediction.

Scoring: 5/4/3 for the 1st/2nd/3rd guessed right, 2 per arrived ostrich misplaced, x2 for the
last guessed right unless two ostriches tie for last, +2 per Oor berry; ties are broken by the
number of exact places guessed, then shared.

What every seat sees at the end: all Predictions, and the score worked out line by line
(``BanjooliGame.score_sheets``).

Version history: 1 — first release. 2 — double-sided common tiles (the ``sides`` chance
node), Dof Nooxoor jokers distributed die by die, the score worked out at the end.
Rules: ``docs/rules/banjooli.md``.

Modules (the common layout, ``docs/architecture.md``): ``game`` (spec, options, wiring),
``state`` (the phase machine), ``actions`` (the action codec), ``rules`` (clauses, sources,
refusals), ``scoring``, ``notation``, ``observation``, ``render``, ``evaluation``,
``heuristic``, ``data/``; and this game's own ``moves`` (move generation: the legal actions
and chance outcomes of a position, the feasibility of a movement, the spaces a choice
offers), ``board`` (the track and its move tables), ``components`` (tiles, cards, berries
from ``data/``), ``phase`` (named values of a position) and ``words`` (the words people type:
colour and direction names, French verbs, each action as a French reader types it).
"""

from __future__ import annotations

from savanna.games.banjooli.game import BanjooliGame
from savanna.games.banjooli.state import BanjooliState

__all__ = ["BanjooliGame", "BanjooliState"]
