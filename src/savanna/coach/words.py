"""The coach's catalogue (``savanna/coach/data/messages.<lang>.toml``), loaded once.

Every module of the coach says its words from here: its refusals (``error.*``), and,
through :mod:`savanna.coach.text`, its answers. It imports nothing of the coach, so the
lowest module (:mod:`savanna.coach.policy`) can use it.
"""

from __future__ import annotations

from typing import Final

from savanna.core import MessageCatalogue, load_messages

__all__ = ["MESSAGES"]

MESSAGES: Final[MessageCatalogue] = load_messages("savanna.coach")
"""The coach's own words."""
