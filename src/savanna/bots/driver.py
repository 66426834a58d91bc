"""Playing one game between bots: each bot is shown only its own observation.

Example:
    >>> from savanna.core import load_game
    >>> from savanna.bots import make_bots, parse_bot_spec, play_game
    >>> game = load_game("hyena")
    >>> bots = make_bots(game, [parse_bot_spec("random")] * game.num_players, seed=1)
    >>> play_game(game, bots, seed=1).is_terminal()
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from savanna.bots.bot import MESSAGES, Bot, BotError, BotSpec, Turn
from savanna.core import Game, OptionError, State, make_rng
from savanna.core.rng import sequence_rng

__all__ = ["make_bots", "play_game"]


def make_bots(game: Game, specs: Sequence[BotSpec], seed: int) -> list[Bot]:
    """One bot per seat, seat ``s`` playing ``specs[s]`` with rng ``make_rng(seed, "bot", s)``.

    Raises:
        OptionError: when the number of specs is not the number of seats.
    """
    if len(specs) != game.num_players:
        raise OptionError(MESSAGES.words("error.seats", game=game.name, players=game.num_players, given=len(specs)))
    return [spec.build(game, seat, make_rng(seed, "bot", seat)) for seat, spec in enumerate(specs)]


def play_game(
    game: Game,
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    deciders: list[int] | None = None,
    notation: list[str] | None = None,
) -> State:
    """Play one game to its end and return the terminal state (its history is the record).

    Chance is drawn with ``sequence_rng(seed)`` (the ``sequence`` draw of
    :mod:`savanna.core.rng`, which records name so that replay checks it) or ``rng``; the
    seat to act is asked :meth:`Bot.decide` with a :class:`Turn` (its own observation, built
    if the bot asks for it, and the legal actions), never the state.

    Args:
        game: the configured game.
        bots: one bot per seat, ``bots[s].seat == s``.
        seed: seeds the chance draws (give ``seed`` or ``rng``).
        rng: the chance generator itself, instead of ``seed``.
        deciders: if given, the seat of each decision is appended to it, in order (the
            chance outcomes are the other entries of the history).
        notation: if given, the notation of each action (``state.action_to_text``, in the
            position it was played from) is appended to it as the game goes: the record's
            actions, written without replaying the game (``record_of(..., actions=...)``).

    Raises:
        ValueError: both or neither of ``seed`` and ``rng`` are given.
        BotError: a bot answered an action that is not legal, bots do not match the seats,
            or the game exceeded ``max_game_length`` (a rules-engine bug).
    """
    if rng is not None and seed is None:
        chance = rng
    elif rng is None and seed is not None:
        chance = sequence_rng(seed)
    else:
        raise ValueError("play_game needs exactly one of seed or rng")
    if [bot.seat for bot in bots] != list(range(game.num_players)):
        raise BotError(MESSAGES.words("error.order", last=game.num_players - 1, seats=[b.seat for b in bots]))
    state = game.new_initial_state()
    limit = game.max_game_length
    steps = 0
    while not state.is_terminal():
        if steps >= limit:
            raise BotError(MESSAGES.words("error.endless", game=repr(game), limit=limit))
        steps += 1
        if state.is_chance_node():
            outcome = state.sample_chance(chance)
            if notation is not None:
                notation.append(state.action_to_text(outcome))
            state.apply_unchecked(outcome)
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        action = bots[seat].decide(Turn(state, seat, list(legal)))
        if deciders is not None:
            deciders.append(seat)
        if action not in legal:
            raise BotError(
                MESSAGES.words("error.illegal", bot=repr(bots[seat]), action=repr(state.action_to_text_safe(action)))
            )
        if notation is not None:
            notation.append(state.action_to_text(action))
        state.apply_unchecked(action)
    return state
