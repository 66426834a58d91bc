"""Adapters that put every registered Savanna game into the research ecosystem.

Three sibling modules, each written once against the core protocol (no game is imported
by name; games are looked up in the registry) and each importing its third-party library
only when it is itself imported, so that ``import savanna`` stays light:

* :mod:`savanna.interop.openspiel` — ``pyspiel`` Python games (``python_savanna_<name>``)
  with explicit chance, observers and information states;
* :mod:`savanna.interop.pettingzoo` — PettingZoo AEC environments with action masks;
* :mod:`savanna.interop.gymnasium` — single-agent Gymnasium environments whose other seats
  are played by bots.

What every adapter shares (the reward normalisation and the observation encoding) lives in
:mod:`savanna.interop.common`. See ``docs/interop.md`` for the guide.
"""

from __future__ import annotations
