"""Banjooli actions in words for people (``move B+W`` → "blue 2 (blue + white joker)").

The words come from the message catalogue (``action.*``, ``colour.*``, ``direction.*``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from savanna.games.banjooli.board import DIRECTIONS
from savanna.games.banjooli.data import load_data
from savanna.games.banjooli.rules import MESSAGES

if TYPE_CHECKING:
    from savanna.games.banjooli.state import BanjooliState

__all__ = ["colour_name", "describe"]


def colour_name(face: int, lang: str) -> str:
    """The colour of die face ``face`` (0-4 the ostriches, 5 white) in ``lang``."""
    return MESSAGES.text(f"colour.{'BYRGPW'[face]}", lang)


def describe(state: BanjooliState, action: int, lang: str) -> str:
    """``action`` (legal in ``state``) in words for people."""
    from savanna.games.banjooli import state as engine

    say = MESSAGES.text
    phase = state.phase
    if phase == engine.ROLL:
        return say("action.roll", lang, die=state.to_roll[0] + 1, face=colour_name(action, lang))
    if phase == engine.VORTEX:
        return say("action.vortex", lang, face=colour_name(action, lang))
    if phase == engine.LAYOUT:
        return say("action.layout", lang, tiles=", ".join(state.game.layouts[action]))
    if phase == engine.SIDES:
        return say("action.sides", lang, tiles=", ".join(state.faces(action)))
    if phase == engine.DEAL:
        return say("action.deal", lang, card=action + 1)
    if phase in (engine.BERRY, engine.FIX):
        berry = load_data().berries[action]
        meaning = berry.meaning_fr if lang == "fr" else berry.meaning
        key = "action.berry_is" if phase == engine.BERRY else "action.fix"
        return say(key, lang, berry=berry.name, meaning=meaning)
    if action < engine.A_MOVE:
        if action == 0:
            return say("action.keep", lang)
        return say("action.reroll", lang, dice=", ".join(str(i + 1) for i in range(6) if action >> i & 1))
    if engine.A_MOVE <= action < engine.A_STEP or action >= engine.A_SPLIT:
        points = state.move_points(action)
        if action >= engine.A_SPLIT:
            o, rest = divmod(action - engine.A_SPLIT, 18)
            k, j = divmod(rest, 3)
            joker = engine.WHITE if k == 0 else k - 1
            return say(
                "action.move_part", lang, ostrich=colour_name(o, lang), points=points, count=j + 1,
                joker=colour_name(joker, lang),
            )
        o, k = divmod(action - engine.A_MOVE, 8)
        if k == engine.MAGIC:
            return say("action.move_magic", lang, ostrich=colour_name(o, lang))
        if k == 0:
            return say("action.move", lang, ostrich=colour_name(o, lang), points=points)
        joker = engine.WHITE if k == 1 else k - 2
        return say("action.move_joker", lang, ostrich=colour_name(o, lang), points=points, joker=colour_name(joker, lang))
    if action < engine.A_SPELL:
        verb = state.action_to_text(action).split()[0]
        direction = say(f"direction.{DIRECTIONS[action - engine.A_STEP]}", lang)
        return say(f"action.{verb}", lang, ostrich=colour_name(state.mover, lang), direction=direction)
    if action < engine.A_UNSPELL:
        return say("action.spell", lang, ostrich=colour_name(action - engine.A_SPELL, lang))
    if action < engine.A_PASS:
        return say("action.unspell", lang, ostrich=colour_name(action - engine.A_UNSPELL, lang))
    if action == engine.A_PASS:
        return say("action.pass", lang)
    if action < engine.A_SWAP:
        return say("action.give", lang, player=action - engine.A_GIVE + 1)
    if action < engine.A_SPACE:
        return say("action.swap", lang, ostrich=colour_name(action - engine.A_SWAP, lang))
    space = action - engine.A_SPACE
    if phase == engine.PLACE:
        return say("action.berry", lang, space=space)
    assert state.board is not None  # a space is chosen on a laid-out board
    return say("action.to", lang, ostrich=colour_name(state.mover, lang), space=state.board.name(space))

