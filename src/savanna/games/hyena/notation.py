"""Hyena notation, both directions: actions (``throw``, ``bank``, ``move``, ``pay``, and
chance throws such as ``2w``) and positions, and actions in words for people.

A position is one line::

    <rules>/<length> turn=<seat>:<stage>[:<pending>w] steps=<n> mothers=<place><hole>,...
        banks=<tabas>,... [days=<days>,...] home=<seats in order>|- hyena=<owner>:<place><hole>|-

e.g. ``three-sticks/40 turn=0:throw steps=1 mothers=V0,V0 banks=0,0 home=- hyena=-``
(``turn=0:first`` before the first player is drawn, with ``first=draw``)
(places: V village, O going out, W waiting at the well, B coming back, H home, X devoured).
``days=`` (traditional) is written while a mother waiting at the well holds banked days.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from savanna.core.display import Label
from savanna.core.errors import NotationError
from savanna.games.hyena.actions import (
    BANK,
    PAY,
    THROW,
    from_id,
    from_text,
    throw_text,
)
from savanna.games.hyena.phase import PHASE_LETTERS, STAGE_NAMES, Place, Stage
from savanna.games.hyena.rules import MESSAGES

if TYPE_CHECKING:
    from savanna.games.hyena.game import HyenaGame
    from savanna.games.hyena.state import HyenaState

__all__ = ["action_text", "describe", "local_text", "parse_action", "parse_position", "position_text"]

_POSITION_RE: Final = re.compile(
    r"(?P<rules>[a-z-]+)/(?P<length>\d+) turn=(?P<turn>\d+):(?P<stage>start|throw|decide|over|first)"
    r"(?::(?P<pending>\d+)w)?(?: steps=(?P<steps>\d+))? mothers=(?P<mothers>[VOWBHX\d,]+) "
    r"banks=(?P<banks>[\d,]+)(?: days=(?P<days>[\d,]+))? home=(?P<home>-|[\d,]+) "
    r"hyena=(?P<hyena>-|\d+:[VOWBH]\d+)"
)
_THROW_RE: Final = re.compile(r"(\d)w")
VILLAGE, OUT, WELL, BACK, HOME = (int(p) for p in (Place.VILLAGE, Place.OUT, Place.WELL, Place.BACK, Place.HOME))
START, THROWING, DECIDE, OVER, FIRST = (int(s) for s in Stage)
_FIRST_RE: Final = re.compile(r"first (\d+)")


# -- actions ---------------------------------------------------------------------------
def action_text(state: HyenaState, action: int) -> str:
    """The notation of ``action`` (a seat action, or a throw while the sticks fly).

    Raises:
        ValueError: when ``action`` is no action of this position's kind.
    """
    if state.stage == FIRST:
        if not 0 <= action < state.game.num_players:
            raise ValueError(f"no seat {action!r} at this table")
        return f"first {action}"
    if state.stage == THROWING:
        if not 0 <= action <= state.game.sticks:
            raise ValueError(f"no throw {action!r} with {state.game.sticks} sticks")
        return throw_text(action)
    return str(from_id(action))


_FRENCH_VERBS: Final = {"throw": "lancer", "bank": "réserver", "move": "avancer", "pay": "payer", "first": "premier"}
_ENGLISH_VERBS: Final = {french: verb for verb, french in _FRENCH_VERBS.items()}


def local_text(text: str, lang: str) -> str:
    """The notation ``text`` as a French reader types it (``lancer``, ``premier 2``)."""
    if lang != "fr":
        return text
    verb, _, argument = text.partition(" ")
    return f"{_FRENCH_VERBS.get(verb, verb)} {argument}".strip()


def parse_action(state: HyenaState, text: str) -> int:
    """The action ``text`` names in ``state``; a well-formed but refused one names its rule.

    Raises:
        NotationError: the text is none of ``throw``, ``bank``, ``move``, ``pay`` or a throw.
        IllegalActionError: it is one of them but a rule refuses it here.
    """
    game = state.game
    word = " ".join(text.strip().lower().split())
    verb, _, rest = word.partition(" ")
    word = f"{_ENGLISH_VERBS.get(verb, verb)} {rest}".strip()  # French verbs (local_text)
    if state.stage == OVER:
        raise game.refuse(text, "game.over")
    first = _FIRST_RE.fullmatch(word)
    if first:
        if int(first.group(1)) >= game.num_players:
            raise MESSAGES.notation_error(text, "notation.first", {"last": game.num_players - 1})
        if state.stage != FIRST:
            raise game.refuse(text, "chance.not_now")
        return int(first.group(1))
    if word.split()[:1] == ["first"]:
        raise MESSAGES.notation_error(text, "notation.first", {"last": game.num_players - 1})
    match = _THROW_RE.fullmatch(word)
    if match:
        white = int(match.group(1))
        if white > game.sticks:
            raise MESSAGES.notation_error(text, "notation.throw", {"sticks": game.sticks})
        if state.stage == FIRST:
            raise game.refuse(text, "setup.first")  # the first player is drawn before anything
        if state.stage != THROWING:
            raise game.refuse(text, "chance.not_now")
        return white
    value = from_text(word)
    if value is not None:
        if state.stage == FIRST:
            raise game.refuse(text, "setup.first")
        if state.stage == THROWING:
            raise game.refuse(text, "seat.not_to_act", Label("detail.throwing"))
        action = value.to_id()
        if action not in state.legal_actions():
            raise state.explain_illegal(action)
        return action
    raise MESSAGES.notation_error(text, "notation.action")


def describe(state: HyenaState, action: int, lang: str) -> str:
    """``action`` (legal in ``state``) in words: the throw and its worth, or the decision."""
    game = state.game
    say = MESSAGES.text
    if state.stage == FIRST:
        return say("action.first", lang, seat=action + 1)
    if state.stage == THROWING:
        return say("action.outcome", lang, white=action, what=game.throw_worth(lang)[action])
    if action == THROW:
        return say("action.throw", lang)
    value = game.values[state.pending]
    if action == BANK:
        return say("action.bank", lang, value=value)
    if state.seat == state.hyena_owner:
        return say("action.hyena_move", lang, holes=value * game.ruleset.hyena_speed)
    if action == PAY:
        return say("action.pay", lang, value=value, missing=state.missing(state.seat))
    return say("action.move", lang, value=value)


# -- positions ---------------------------------------------------------------------------
def position_text(state: HyenaState) -> str:
    """The position in notation (everything is public in this game)."""
    stage = STAGE_NAMES[state.stage]
    if state.stage == DECIDE:
        stage += f":{throw_text(state.pending)}"
    mothers = ",".join(f"{PHASE_LETTERS[p]}{h}" for p, h in zip(state.phase, state.pos, strict=True))
    hyena = (
        "-"
        if state.hyena_owner < 0
        else f"{state.hyena_owner}:{PHASE_LETTERS[state.hyena_phase]}{state.hyena_pos}"
    )
    days = f"days={','.join(map(str, state.days))} " if any(state.days) else ""
    return (
        f"{state.game.ruleset.name}/{state.well} turn={state.seat}:{stage} steps={state.steps} "
        f"mothers={mothers} banks={','.join(map(str, state.bank))} "
        f"{days}home={','.join(map(str, state.home)) or '-'} hyena={hyena}"
    )


def parse_position(game: HyenaGame, text: str) -> HyenaState:
    """Rebuild a position written by :func:`position_text` for ``game`` (its history is empty).

    Raises:
        NotationError: when the text is malformed or does not fit the game.
    """
    match = _POSITION_RE.fullmatch(" ".join(text.strip().split()))
    if not match:
        raise MESSAGES.notation_error(text, "notation.position", {"example": game.new_initial_state().to_text()})
    n = game.num_players
    state = game.new_initial_state()

    def bad(why: str, **fields: object) -> NotationError:
        return MESSAGES.notation_error(
            text, "notation.consistent", lambda lang: {"why": MESSAGES.text(f"notation.why.{why}", lang, **fields)}
        )

    if match["rules"] != game.ruleset.name or int(match["length"]) != game.length:
        raise bad("game", game=f"{game.ruleset.name}/{game.length}")
    mothers = match["mothers"].split(",")
    banks = match["banks"].split(",")
    if len(mothers) != n or len(banks) != n:
        raise bad("count", n=n)
    for seat, token in enumerate(mothers):
        if not re.fullmatch(r"[VOWBHX]\d+", token):
            raise bad("mother", token=repr(token))
        phase, hole = PHASE_LETTERS.index(token[0]), int(token[1:])
        if not _hole_fits(phase, hole, game.length):
            raise bad("hole", token=repr(token))
        state.phase[seat], state.pos[seat] = phase, hole
        state.bank[seat] = int(banks[seat])
    if match["days"] is not None:
        days = [int(d) for d in match["days"].split(",")]
        if len(days) != n:
            raise bad("count", n=n)
        for seat, d in enumerate(days):
            if d and (not game.ruleset.wait_banks_days or state.phase[seat] != WELL):
                raise bad("days")
        state.days = days
    home = [] if match["home"] == "-" else [int(s) for s in match["home"].split(",")]
    if sorted(home) != [s for s in range(n) if state.phase[s] == HOME]:
        raise bad("home")
    state.home = home
    if match["hyena"] == "-":
        if home:
            raise bad("release")
    else:
        owner, where = match["hyena"].split(":")
        phase, hole = PHASE_LETTERS.index(where[0]), int(where[1:])
        if not home or int(owner) != home[0] or not _hole_fits(phase, hole, game.length):
            raise bad("hyena")
        state.hyena_owner, state.hyena_phase, state.hyena_pos = int(owner), phase, hole
    state.seat = int(match["turn"])
    state.stage = STAGE_NAMES.index(match["stage"])
    state.steps = int(match["steps"] or 0)
    pending = match["pending"]
    if state.seat >= n or state.steps > game.max_game_length:
        raise bad("range")
    if (state.stage == DECIDE) != (pending is not None):
        raise bad("pending")
    if pending is not None:
        state.pending = int(pending)
        if state.pending > game.sticks:
            raise bad("sticks")
    if state.stage == (START if game.ruleset.has_choice else DECIDE):
        raise bad("turn", rules=game.ruleset.name)
    if state.stage == FIRST and (game.options["first"] != "draw" or state.steps or state.seat or home or any(
        p != VILLAGE for p in state.phase
    ) or any(state.bank)):
        raise bad("first")
    if state.stage != OVER and not state.is_active(state.seat):
        raise bad("active")
    return state


def _hole_fits(phase: int, hole: int, well: int) -> bool:
    if phase in (VILLAGE, HOME):
        return hole == 0
    if phase == WELL:
        return hole == well
    if phase == OUT:
        return 0 <= hole < well
    return 0 <= hole <= well
