"""Bots: game-agnostic player programs that see only their own observation.

========== ==========================================================================
kind       play
========== ==========================================================================
random     uniform over the legal actions
heuristic  the game's documented strategy, ``Game.heuristic_action``
ismcts     information-set MCTS: ``ismcts:sims=500``, ``ismcts:seconds=0.5``,
           ``ismcts:rollout=heuristic``, ``ismcts:c=1.0``, ``ismcts:depth=20`` (rollouts
           cut and scored by ``Game.evaluate``), ``ismcts:widen=0.5``, ``ismcts:pool=32``,
           ``ismcts:reward=rank`` (settings joined by ``:``)
coach      the coach's best move (:mod:`savanna.coach`): ``coach:samples=60``,
           ``coach:seconds=1``, ``coach:model=random``, ``coach:objective=win``
========== ==========================================================================

A bot is built with ``(game, seat, rng, **settings)`` and answers
``act(observation, legal_actions) -> action``. :func:`play_game` drives a game between bots,
giving each seat only a :class:`Turn` (its own observation, built if asked for, and the legal
actions) through ``Bot.decide``.
"""

from __future__ import annotations

from savanna.bots.bot import (
    Bot,
    BotConfig,
    BotError,
    BotSpec,
    RestrictedBot,
    Turn,
    bot_kinds,
    parse_bot_spec,
    register_bot,
)
from savanna.bots.driver import make_bots, play_game
from savanna.bots.heuristic import HeuristicBot
from savanna.bots.ismcts import ISMCTSBot, ISMCTSConfig, Search
from savanna.bots.uniform import RandomBot

__all__ = [
    "Bot",
    "BotConfig",
    "BotError",
    "BotSpec",
    "HeuristicBot",
    "ISMCTSBot",
    "ISMCTSConfig",
    "RandomBot",
    "RestrictedBot",
    "Search",
    "Turn",
    "bot_kinds",
    "make_bots",
    "parse_bot_spec",
    "play_game",
    "register_bot",
]
