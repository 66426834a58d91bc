"""Banjooli notation, both directions: actions (``move Y+W``, ``jump L``) and positions.

Action notation out of context is the codec's (``str(Move(...))``); the position decides
two words, ``jump`` for a step over an ostrich and ``berry`` for a space chosen while
placing berries. Numbers 1-6 may replace the colour letters when parsing (6 = the white
joker). Chance outcomes are written ``roll G``, ``vortex G``, ``deal 7``, ``first 2``,
``layout plain,rocks,...``, ``sides plain,salt_pan,...``, ``berry-is oor``, ``fix oor``.

A position is one line of ``KEY=value`` fields after the word ``banjooli``::

    banjooli L=<tiles> P=<phase> S=<seat> D=<+|-> T=<turn> O=<ostriches> A=<arrived>
        C=<cards> X=<dice> Q=<to roll> N=<after roll> R=<rerolled> M=<mover:points>
        F=<flags> Z=<frenzy counts> B=<berries> K=<picked> J=<peeks> G=<spear>
        V=<reason:choices> Y=<berries to identify> H=<lion> I=<first seat>

Secrets a viewer may not see are written ``?`` (its own Prediction and the berries it
peeked at are shown; every Prediction at the end). ``describe`` words an action for people
from the message catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from savanna.core.display import Label
from savanna.core.errors import IllegalActionError, NotationError
from savanna.core.game import State
from savanna.games.banjooli.actions import (
    FACES,
    MAX_SPACES,
    WHITE,
    Action,
    ChooseSpace,
    Give,
    MagicFive,
    Move,
    Pass,
    Reroll,
    Spell,
    Step,
    Swap,
    Unspell,
    from_id,
)
from savanna.games.banjooli.board import DIRECTIONS, Board, SpaceKind, faces
from savanna.games.banjooli.components import COLOURS, load_data
from savanna.games.banjooli.moves import counts_now, move_points
from savanna.games.banjooli.phase import (
    ARRIVED,
    BERRY,
    DEAL,
    EMPTY,
    FIRST,
    FIX,
    LAYOUT,
    NO_CARD,
    NOT_ROLLED,
    PHASE_NAMES,
    PLACE,
    ROLL,
    SIDES,
    STEP,
    UNKNOWN_CARD,
    UNKNOWN_TOKEN,
    VORTEX,
    Phase,
    Reason,
)
from savanna.games.banjooli.rules import MESSAGES
from savanna.games.banjooli.words import FRENCH_STEP_LETTERS, WORDS

if TYPE_CHECKING:
    from savanna.games.banjooli.game import BanjooliGame
    from savanna.games.banjooli.state import BanjooliState

__all__ = ["action_text", "colour_name", "describe", "parse_action", "parse_position", "position_text"]

BERRY_LETTERS = "abcdefghijk"
"""The notation letter of each berry token (a Tër! ... k Joka)."""
_BERRY_IDS = tuple(b.id for b in load_data().berries)
_DIE_TEXT = {NOT_ROLLED: ".", **dict(enumerate(FACES))}
_FRONTS = {load_data().tile(front).back: front for kind in ("straight", "curve") for front in load_data().fronts(kind)}
"""Back face id → the front face id naming the physical common tile."""
_MOVE_RE = re.compile(r"^move\s+(\w)\s*((?:\+\s*\d?\s*\w\s*)*)(\*\s*5)?$")


def _face(text: str) -> int:
    """A die face from a colour letter or a number 1-6 (6 = white joker)."""
    t = text.strip().upper()
    if len(t) == 1 and t in FACES:
        return FACES.index(t)
    if t.isdigit() and 1 <= int(t) <= 6:
        return int(t) - 1
    raise ValueError(text)


def _ostrich(text: str) -> int:
    face = _face(text)
    if face == WHITE:
        raise ValueError(text)
    return face


# -- actions ---------------------------------------------------------------------------
def action_text(state: BanjooliState, action: int) -> str:
    """The notation of ``action`` (a seat action or chance outcome) in ``state``.

    Raises:
        ValueError: when ``action`` is no action of this position's kind.
    """
    phase = state.phase
    if phase == ROLL:
        return _ROLL_TEXT[action]
    if phase == VORTEX:
        return _VORTEX_TEXT[action]
    if phase == LAYOUT:
        return "layout " + ",".join(state.game.layouts[action])
    if phase == SIDES:
        return "sides " + ",".join(faces(state.order, action))
    if phase == DEAL:
        return f"deal {action + 1}"
    if phase == FIRST:
        return f"first {action}"
    if phase in (BERRY, FIX):
        return f"{'berry-is' if phase == BERRY else 'fix'} {_BERRY_IDS[action]}"
    # A seat action's text depends on its id, and for a step on whether it jumps, for a
    # chosen space on whether berries are being placed: written once per key, then read.
    value = from_id(action)
    if isinstance(value, Step):
        key = 2 * action + 1 if _jumps(state, value.direction) else 2 * action
    elif isinstance(value, ChooseSpace) and phase == PLACE:
        key = 2 * action + 1
    else:
        key = 2 * action
    text = _SEAT_TEXT.get(key)
    if text is None:
        text = _seat_text(value, key & 1 == 1)
        _SEAT_TEXT[key] = text
    return text


_ROLL_TEXT = tuple(f"{PHASE_NAMES[ROLL]} {face}" for face in FACES)
_VORTEX_TEXT = tuple(f"{PHASE_NAMES[VORTEX]} {face}" for face in FACES)
_SEAT_TEXT: dict[int, str] = {}
"""``2 * action + flag`` → the notation of a seat action (flag: the step jumps, or the
space is chosen while placing berries; 0 for every other action)."""


def _seat_text(value: Action, flag: bool) -> str:
    if isinstance(value, Step):
        return value.text(jump=flag)
    if isinstance(value, ChooseSpace):
        return value.text(berry=flag)
    return str(value)


def _jumps(state: BanjooliState, direction: int) -> bool:
    """Whether the mover's step in ``direction`` jumps an ostrich (rule ``jump.one_point``)."""
    board = state.board
    if state.phase != STEP or board is None or state.mover < 0:
        return False
    t = board.fwd[3 * state.pos[state.mover] + direction]
    return t >= 0 and state.occ[t] != EMPTY


def parse_action(state: BanjooliState, text: str) -> int:
    """The action ``text`` names in ``state``; a well-formed but refused one names its rule.

    Raises:
        NotationError: the text is no action of this game.
        IllegalActionError: the action is refused (the rule is named).
    """
    game = state.game
    if state.is_terminal():
        raise game.refuse(text, "game.over")
    if state.is_chance_node():
        words = text.strip().lower().split()
        if state.phase in (Phase.ROLL, Phase.VORTEX) and len(words) == 2 and words[0] == PHASE_NAMES[state.phase]:
            try:
                return _face(words[1])
            except ValueError:
                pass
        if state.phase == Phase.DEAL and len(words) == 2 and words[0] == "deal" and words[1].isdigit():
            card = int(words[1]) - 1
            if card in state.cards and 0 <= card < len(load_data().cards):
                raise game.refuse(text, "setup.deal")  # that card is already dealt
        return State.parse_action(state, text)  # the notation of a legal outcome
    action = _parse_seat_action(state, text).to_id()
    if action not in state.legal_actions():
        refusal = state.explain_illegal(action)
        step = f"step.{PHASE_NAMES[state.phase]}"
        if refusal.rule.id == "action.not_legal" and step in MESSAGES:
            # Right words, wrong moment: say which step of the turn the game is at.
            raise game.refuse(text, "action.not_legal", Label(step))
        raise refusal
    return action


_DIRECTION_VERBS = ("step", "jump", "cross")
_LABEL_RE = re.compile(r"^([a-e])(\d{1,2})$")


def _plain_words(state: BanjooliState, t: str) -> str:
    """``t`` with colour names, French letters and words, and direction names turned into
    the notation (a direction word only after a step verb, a colour word elsewhere)."""
    words = re.split(r"(\s+|\+|\*)", t)
    out = []
    verb = next((w for w in words if w.strip() and w not in "+*"), "")
    verb = WORDS.get(verb, verb)
    for i, word in enumerate(words):
        if not word.strip() or word in ("+", "*"):
            out.append(word)
            continue
        if i == 0:
            out.append(WORDS.get(word, word))
        elif verb in _DIRECTION_VERBS and word in ("left", "gauche", "forward", "straight", "devant", "avant", "right", "droite"):
            out.append(WORDS[word])
        elif verb in _DIRECTION_VERBS and word in FRENCH_STEP_LETTERS:
            out.append(FRENCH_STEP_LETTERS[word])  # avancer G / T / D (local_text)
        elif word in ("left", "gauche", "forward", "straight", "devant", "avant", "right", "droite"):
            out.append(word)
        else:
            out.append(WORDS.get(word, word))
    return "".join(out)


def _space(state: BanjooliState, arg: str) -> int:
    """A space written as its number or as the drawing names it (``c12``)."""
    match = _LABEL_RE.match(arg)
    board = state.board
    if match and board is not None:
        for space in range(board.size):
            if board.label(space) == arg:
                return space
        raise ValueError(arg)
    return int(arg)


def _parse_seat_action(state: BanjooliState, text: str) -> Action:
    """The seat action ``text`` names, legal or not.

    Besides the notation, colours may be written as words (``move blue``, ``move bleu +
    blanc``), the French letters J (jaune) and V (verte) stand for Y and G, directions may
    be words (``step left``), French verbs are understood (``garder``, ``relancer``), and a
    space may be written as the drawing names it (``berry c12``).

    Raises:
        NotationError: no action of this game reads so.
        IllegalActionError: a move combining two kinds of joker (rule ``move.joker_one_kind``)
            or lending an ostrich its own colour (rule ``move.colour_count``).
    """
    t = _plain_words(state, " ".join(text.strip().lower().split()))
    try:
        if t == "keep":
            return Reroll(0)
        if t.startswith("reroll"):
            digits = re.sub(r"[\s,]", "", t[6:])
            if digits and not digits.isdigit():
                return Reroll(_dice_of_colours(state, digits))
            mask = 0
            for ch in digits:
                i = int(ch)
                if not 1 <= i <= 6 or mask >> (i - 1) & 1:
                    raise ValueError(ch)
                mask |= 1 << (i - 1)
            if not mask:
                raise ValueError(t)
            return Reroll(mask)
        match = _MOVE_RE.match(t)
        if match:
            return _parse_move(state, text, match)
        words = t.split()
        if len(words) == 1 and len(words[0]) == 1 and words[0].upper() in DIRECTIONS:
            return Step(DIRECTIONS.index(words[0].upper()))
        if len(words) == 2:
            verb, arg = words
            if verb in ("step", "jump", "cross") and len(arg) == 1 and arg.upper() in DIRECTIONS:
                return Step(DIRECTIONS.index(arg.upper()))
            if verb == "spell":
                return Spell(_ostrich(arg))
            if verb == "unspell":
                return Unspell(_ostrich(arg))
            if verb == "give" and 0 <= int(arg) < state.n:
                return Give(int(arg))
            if verb == "swap":
                return Swap(_ostrich(arg))
            if verb in ("to", "berry") and 0 <= _space(state, arg) < MAX_SPACES:
                return ChooseSpace(_space(state, arg))
        if t == "pass":
            return Pass()
    except IllegalActionError:
        raise  # well formed, refused by a rule (an IllegalActionError is a ValueError too)
    except ValueError:
        pass
    raise MESSAGES.notation_error(text, "notation.action")


_FRENCH_LETTERS = {"J": "Y", "V": "G"}
"""The French board's letters (jaune, vert) for the notation's Y and G."""


def _dice_of_colours(state: BanjooliState, letters: str) -> int:
    """The dice to reroll named by colour letters (``reroll GRP``, ``relancer jv``): every
    die showing a colour named (W for the white jokers), the sorcery die included.

    Raises:
        ValueError: a letter that is no colour, or a colour no die shows.
    """
    mask = 0
    for ch in letters.upper():
        face = FACES.index(_FRENCH_LETTERS.get(ch, ch)) if _FRENCH_LETTERS.get(ch, ch) in FACES else -1
        shown = [i for i, die in enumerate(state.dice) if die == face and face >= 0]
        if not shown:
            raise ValueError(ch)
        for i in shown:
            mask |= 1 << i
    return mask


def _parse_move(state: BanjooliState, text: str, match: re.Match[str]) -> Move | MagicFive:
    o = _ostrich(match.group(1))
    jokers = [x.replace(" ", "") for x in match.group(2).split("+") if x.strip()]
    if match.group(3):
        if jokers:
            raise ValueError(text)
        return MagicFive(o)
    faces = {_face(j[-1]) for j in jokers}
    if len(faces) > 1:
        raise state.game.refuse(text, "move.joker_one_kind")
    if not faces:
        return Move(o)
    face = faces.pop()
    if face == o:
        raise state.game.refuse(text, "move.colour_count")
    counted = [int(j[:-1]) for j in jokers if len(j) == 2]
    if counted:
        if len(jokers) > 1 or not 1 <= counted[0] <= 5:
            raise ValueError(text)
        have = counts_now(state)
        # part of a joker kind (Dof Nooxoor): fewer dice than the kind shows
        if have is not None and counted[0] < have[face] and counted[0] <= 3:
            return Move(o, face, counted[0])
    return Move(o, face)


# -- words for people --------------------------------------------------------------------
def colour_name(face: int, lang: str) -> str:
    """The colour of die face ``face`` (0-4 the ostriches, 5 white) in ``lang``."""
    return MESSAGES.text(f"colour.{FACES[face]}", lang)


def _tile_names(tiles: Sequence[str], lang: str) -> str:
    """Tiles by the names the drawing's ruler gives them (``sands, river``), not their ids."""
    return ", ".join(MESSAGES.text(f"tile.{tile}", lang) for tile in tiles)


def describe(state: BanjooliState, action: int, lang: str) -> str:
    """``action`` (legal in ``state``) in words for people (``move B+W`` → "blue 2 (blue + white joker)")."""
    say = MESSAGES.text
    phase = state.phase
    if phase == Phase.ROLL:
        return say("action.roll", lang, die=state.to_roll[0] + 1, face=colour_name(action, lang))
    if phase == Phase.VORTEX:  # what the die does, and why (rule vortex.swap)
        said = say("action.vortex", lang, face=colour_name(action, lang))
        ostrich = colour_name(state.mover, lang)
        if action == state.mover:
            return say("acts.vortex_own", lang, said=said, ostrich=ostrich)
        if action == WHITE or action in state.arrived:
            return say("acts.vortex_joker", lang, said=said, ostrich=ostrich)
        return say("acts.vortex", lang, said=said, ostrich=ostrich, other=colour_name(action, lang))
    if phase == Phase.LAYOUT:
        return say("action.layout", lang, tiles=_tile_names(state.game.layouts[action], lang))
    if phase == Phase.SIDES:
        return say("action.sides", lang, tiles=_tile_names(faces(state.order, action), lang))
    if phase == Phase.DEAL:
        return say("action.deal", lang, card=action + 1)
    if phase == Phase.FIRST:
        return say("action.first", lang, seat=action + 1)
    if phase in (Phase.BERRY, Phase.FIX):
        berry = load_data().berries[action]
        meaning = berry.meaning_fr if lang == "fr" else berry.meaning
        if phase == Phase.FIX:
            return say("action.fix", lang, berry=berry.name, meaning=meaning)
        said = say("action.berry_is", lang, berry=berry.name, meaning=meaning)
        effect = say(f"acts.{berry.id}", lang, ostrich=colour_name(state.mover, lang))
        return say("acts.berry", lang, said=said, effect=effect)  # what it does (rules berry.*)
    value = from_id(action)
    if isinstance(value, Reroll):
        if not value.mask:
            return say("action.keep", lang)
        key = "action.reroll_one" if len(value.dice) == 1 else "action.reroll"
        return say(key, lang, dice=", ".join(str(i + 1) for i in value.dice))
    if isinstance(value, MagicFive):
        return say("action.move_magic", lang, ostrich=colour_name(value.ostrich, lang))
    if isinstance(value, Move):
        ostrich, points = colour_name(value.ostrich, lang), move_points(state, action)
        if value.joker is None:
            return say("action.move", lang, ostrich=ostrich, points=points)
        joker = colour_name(value.joker, lang)
        if value.part:
            return say("action.move_part", lang, ostrich=ostrich, points=points, count=value.part, joker=joker)
        return say("action.move_joker", lang, ostrich=ostrich, points=points, joker=joker)
    if isinstance(value, Step):
        verb = "jump" if _jumps(state, value.direction) else "step"
        direction = say(f"direction.{DIRECTIONS[value.direction]}", lang)
        return say(f"action.{verb}", lang, ostrich=colour_name(state.mover, lang), direction=direction)
    if isinstance(value, Spell):
        return say("action.spell", lang, ostrich=colour_name(value.ostrich, lang))
    if isinstance(value, Unspell):
        return say("action.unspell", lang, ostrich=colour_name(value.ostrich, lang))
    if isinstance(value, Pass):
        return say("action.pass", lang)
    if isinstance(value, Give):
        return say("action.give", lang, player=value.seat + 1)
    if isinstance(value, Swap):
        return say("action.swap", lang, ostrich=colour_name(value.ostrich, lang))
    assert state.board is not None  # a space is chosen on a laid-out board
    label = state.board.label(value.space)
    if phase == Phase.PLACE:
        return say("action.berry", lang, space=label)
    if value.space in state.choices[:9]:  # the drawing numbers the spaces to choose from
        label = say("action.space_mark", lang, mark=state.choices.index(value.space) + 1, label=label)
    said = say("action.to", lang, ostrich=colour_name(state.mover, lang), space=label)
    if state.reason == Reason.NONE:
        return said
    return say("acts.to", lang, said=said, why=say(f"acts.why.{state.reason.value}", lang))


# -- positions ---------------------------------------------------------------------------
def position_text(state: BanjooliState, viewer: int | None, *, full: bool = False) -> str:
    """Position notation; ``full`` shows every secret, else only ``viewer``'s.

    At the end every Prediction is revealed (EN End of the Game: "the players reveal their
    Prediction Sheets"); berries nobody saw stay hidden.
    """
    board = state.board
    reveal = full or state.phase == Phase.OVER
    scared = state.scared
    berries = state.berries
    if berries:
        seen = state.peeks[viewer] if viewer is not None else ()
        berry_text = ",".join([
            f"{s}:" + (BERRY_LETTERS[t] if t >= 0 and (full or s in seen) else "?")
            for s, t in sorted(berries.items())
        ])
    else:
        berry_text = "-"
    flags = ("t" if state.turn_over else "") + ("z" if state.frenzy_pending else "") + ("f" if state.in_frenzy else "")
    fields = [
        "banjooli",
        "L=" + (",".join(board.tiles) if board is not None else ",".join(state.order) or "-"),
        "P=" + PHASE_NAMES[state.phase],
        f"S={state.seat}",
        "D=" + ("+" if state.direction == 1 else "-"),
        f"T={state.turn}",
        "O=" + ",".join([("F" if p == ARRIVED else str(p)) + ("s" if scared[o] else "") for o, p in enumerate(state.pos)]),
        "A=" + ("".join([COLOURS[o] for o in state.arrived]) or "-"),
        "C=" + ",".join([
            "-" if c < 0 else (str(c) if reveal or s == viewer else "?") for s, c in enumerate(state.cards)
        ]),
        "X=" + "".join([_DIE_TEXT[f] for f in state.dice]),
        "Q=" + ("".join([str(i) for i in state.to_roll]) or "-"),
        "N=" + PHASE_NAMES[state.after_roll],
        f"R={int(state.rerolled)}",
        "M=" + (f"{state.mover}:{state.points}" if state.mover >= 0 else "-"),
        "F=" + (flags or "-"),
        "Z=" + "".join([str(c) for c in state.frenzy]),
        "B=" + berry_text,
        "K=" + (",".join([f"{BERRY_LETTERS[t]}{s}" for t, s in state.picked]) or "-"),
        "J=" + "/".join([".".join([str(s) for s in sorted(p)]) if p else "-" for p in state.peeks]),
        "G=" + ("".join([str(s) for s in range(state.n) if state.spear[s]]) or "-"),
        "V=" + state.reason + ":" + (".".join([str(s) for s in state.choices]) or "-"),
        "Y=" + (".".join([str(s) for s in state.fix_queue]) or "-"),
        f"H={state.lion}",
        f"I={state.first}",
    ]
    return " ".join(fields)


def parse_position(game: BanjooliGame, text: str) -> BanjooliState:
    """Rebuild a state from :func:`position_text` (``?`` secrets are left unknown).

    Raises:
        NotationError: when the text is not a Banjooli position of this configuration.
    """
    fields = _Fields()
    try:
        return _decode(game, text, fields)
    except NotationError:
        raise
    except _Unreadable as unreadable:
        why = unreadable
    except KeyError as missing:  # a field the position needs is not there (a compiled build
        # gives each ``except ... as`` name one type: the two clauses need two names)
        why = _Unreadable("missing", field=str(missing.args[0]))
    except (ValueError, IndexError):  # a field whose value does not read
        why = _Unreadable("field", field=fields.last or "?")
    raise MESSAGES.notation_error(
        text, "notation.position", lambda lang: {"why": MESSAGES.text(f"position.{why.key}", lang, **why.fields)}
    ) from None


class _Unreadable(ValueError):
    """Why a position text does not read: a ``position.<key>`` message and its fields."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


class _Fields(dict[str, str]):
    """The ``KEY=value`` fields of a position, remembering the last one read (for errors)."""

    last = ""

    def __getitem__(self, key: str) -> str:
        self.last = key
        return super().__getitem__(key)


def _decode(game: BanjooliGame, text: str, kv: _Fields) -> BanjooliState:
    parts = text.split()
    if not parts or parts[0] != "banjooli":
        raise _Unreadable("start")
    for part in parts[1:]:
        if "=" not in part:
            raise _Unreadable("field", field=part)
        key, value = part.split("=", 1)
        dict.__setitem__(kv, key, value)
    n = game.num_players
    st = game.new_initial_state()
    if kv["L"] != "-":
        tiles = tuple(kv["L"].split(","))
        physical = tuple(_FRONTS.get(t, t) for t in tiles)
        if physical not in game.layout_set:
            raise _Unreadable("layout", layout=kv["L"])
        if kv["P"] == "sides":
            if physical != tiles:
                raise _Unreadable("fronts")
            st.order = tiles
        else:
            st.order = physical
            st.board = Board.build(tiles)
    board = st.board
    st.phase = PHASE_NAMES.index(kv["P"])
    st.seat = int(kv["S"])
    st.direction = 1 if kv["D"] == "+" else -1 if kv["D"] == "-" else int("x")
    st.turn = int(kv["T"])
    entries = kv["O"].split(",")
    if len(entries) != 5:
        raise _Unreadable("ostriches")
    size = board.size if board is not None else 5
    for o, entry in enumerate(entries):
        st.scared[o] = entry.endswith("s")
        where = entry.rstrip("s")
        st.pos[o] = ARRIVED if where == "F" else int(where)
        if st.pos[o] != ARRIVED and not 0 <= st.pos[o] < size:
            raise _Unreadable("off_board", colour=COLOURS[o])
    st.arrived = [] if kv["A"] == "-" else [COLOURS.index(c) for c in kv["A"]]
    if sorted(st.arrived) != sorted(o for o in range(5) if st.pos[o] == ARRIVED):
        raise _Unreadable("arrived")
    cards = kv["C"].split(",")
    if len(cards) != n:
        raise _Unreadable("cards", n=n)
    st.cards = [NO_CARD if c == "-" else UNKNOWN_CARD if c == "?" else int(c) for c in cards]
    known = [c for c in st.cards if c >= 0]
    if len(set(known)) != len(known) or any(c > 9 for c in known):
        raise _Unreadable("distinct_cards")
    if len(kv["X"]) != 6:
        raise _Unreadable("dice")
    st.dice = [NOT_ROLLED if ch == "." else FACES.index(ch) for ch in kv["X"]]
    st.to_roll = [] if kv["Q"] == "-" else [int(ch) for ch in kv["Q"]]
    st.after_roll = PHASE_NAMES.index(kv["N"])
    st.rerolled = kv["R"] == "1"
    if kv["M"] != "-":
        m, p = kv["M"].split(":")
        st.mover, st.points = int(m), int(p)
    flags = kv["F"]
    st.turn_over, st.frenzy_pending, st.in_frenzy = "t" in flags, "z" in flags, "f" in flags
    st.frenzy = [int(ch) for ch in kv["Z"]]
    if len(st.frenzy) != 6:
        raise _Unreadable("frenzy")
    if kv["B"] != "-":
        for item in kv["B"].split(","):
            s, t = item.split(":")
            st.berries[int(s)] = UNKNOWN_TOKEN if t == "?" else BERRY_LETTERS.index(t)
    if kv["K"] != "-":
        st.picked = [(BERRY_LETTERS.index(item[0]), int(item[1:])) for item in kv["K"].split(",")]
    peeks = kv["J"].split("/")
    if len(peeks) != n:
        raise _Unreadable("peeks", n=n)
    st.peeks = [set() if p == "-" else {int(s) for s in p.split(".")} for p in peeks]
    st.spear = [str(s) in kv["G"] for s in range(n)]
    reason, choices = kv["V"].split(":")
    st.reason = Reason(reason)
    st.choices = [] if choices == "-" else [int(s) for s in choices.split(".")]
    st.fix_queue = [] if kv["Y"] == "-" else [int(s) for s in kv["Y"].split(".")]
    st.lion = int(kv["H"])
    st.first = int(kv.get("I", "0"))  # written since rules version 3; seat 0 started before
    if st.lion < 0 or (st.lion and not game.options["lion"]):
        raise _Unreadable("lion")
    if board is not None:
        st.occ = [EMPTY] * board.size
        for o, space in enumerate(st.pos):
            if space != ARRIVED:
                if st.occ[space] >= 0:
                    raise _Unreadable("shared")
                if not board.passable[space]:
                    raise _Unreadable("impassable", colour=COLOURS[o])
                st.occ[space] = o
    _check_consistent(game, st)
    return st


def _check_consistent(game: BanjooliGame, st: BanjooliState) -> None:
    """Refuse positions whose parts contradict each other (so no later call can crash)."""
    phase = st.phase
    if not 0 <= st.seat < game.num_players:
        raise _Unreadable("seat", seat=st.seat)
    if not 0 <= st.first < game.num_players or (st.first and game.options["first"] != "draw"):
        raise _Unreadable("first", seat=st.first, first=game.options["first"])
    if phase == Phase.FIRST and (game.options["first"] != "draw" or NO_CARD in st.cards):
        raise _Unreadable("first_draw")
    if phase == Phase.PLACE and st.seat != (st.first + len(st.berries)) % game.num_players:
        raise _Unreadable("place_order")
    if (st.board is None) != (phase in (Phase.LAYOUT, Phase.SIDES)):
        raise _Unreadable("no_board")
    if (phase == Phase.LAYOUT) != (not st.order):
        raise _Unreadable("layout_phase")
    moving = (Phase.STEP, Phase.SPACE, Phase.SWAP, Phase.VORTEX, Phase.GIVE, Phase.BERRY, Phase.FIX)
    if phase in moving and not (0 <= st.mover < 5 and st.pos[st.mover] != ARRIVED):
        raise _Unreadable("mover", phase=PHASE_NAMES[phase])
    if phase == Phase.ROLL and not st.to_roll:
        raise _Unreadable("roll")
    if any(not 0 <= i < 6 for i in st.to_roll) or len(set(st.to_roll)) != len(st.to_roll):
        raise _Unreadable("to_roll")
    if phase in (Phase.REROLL, Phase.DECIDE) and NOT_ROLLED in st.dice:
        raise _Unreadable("rolled", phase=PHASE_NAMES[phase])
    if phase == Phase.SPACE and not st.choices:
        raise _Unreadable("space")
    if phase == Phase.FIX and not st.fix_queue:
        raise _Unreadable("fix")
    if phase == Phase.PLACE and not game.options["berries"]:
        raise _Unreadable("berries_option")
    if st.after_roll not in (Phase.REROLL, Phase.DECIDE, Phase.FRENZY):
        raise _Unreadable("after_roll")
    if len(st.arrived) > 3 or any(st.scared[o] for o in st.arrived):
        raise _Unreadable("arrivals")
    if (phase == Phase.OVER) != (len(st.arrived) == 3 or st.turn >= game.max_turns):
        raise _Unreadable("over")
    dealt = [c for c in st.cards if c != NO_CARD]
    if phase not in (Phase.LAYOUT, Phase.SIDES, Phase.DEAL) and len(dealt) != game.num_players:
        raise _Unreadable("dealt")
    if st.cards[: len(dealt)] != dealt:
        raise _Unreadable("deal_order")
    if (st.berries or st.picked) and not game.options["berries"]:
        raise _Unreadable("berries_exist")
    if phase == Phase.STEP and st.points < 1:
        raise _Unreadable("points")
    if phase == Phase.OVER or st.board is None:
        return
    board = st.board
    for space in st.berries:
        if not 0 <= space < board.size or board.kind[space] != SpaceKind.LAND or board.from_exit[space] < 3:
            raise _Unreadable("berry_space", space=space)
    if any(not p <= st.berries.keys() for p in st.peeks):
        raise _Unreadable("peeked")
    tokens = [t for t, _ in st.picked] + [t for t in st.berries.values() if t >= 0]
    if len(set(tokens)) != len(tokens):
        raise _Unreadable("tokens")
    if phase in (Phase.STEP, Phase.FRENZY) and not st.legal_actions():
        raise _Unreadable("stuck", phase=PHASE_NAMES[phase])
    size = st.board.size
    spaces = [*st.berries, *st.choices, *st.fix_queue, *(x for p in st.peeks for x in p)]
    if any(not 0 <= x < size for x in spaces):
        raise _Unreadable("off")
    if any(t > 10 for t in st.berries.values()) or any(not 0 <= s < game.num_players for _, s in st.picked):
        raise _Unreadable("picked")

