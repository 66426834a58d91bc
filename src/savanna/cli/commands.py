"""Core commands: games, playout, replay, bench (filled in by the foundation work)."""

from __future__ import annotations
