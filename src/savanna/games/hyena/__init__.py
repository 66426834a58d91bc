"""The Hyena game (Li'b el-Merafib).

Placeholder docstring replaced below.
"""

from __future__ import annotations

from savanna.games.hyena.game import SPEC, HyenaGame
from savanna.games.hyena.state import HyenaState

__all__ = ["SPEC", "HyenaGame", "HyenaState"]
