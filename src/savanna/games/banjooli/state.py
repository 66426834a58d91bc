"""The Banjooli Xeet phase machine: a position and its transitions.

A position is plain ints and lists (cheap to copy and to play out); :mod:`.phase` names
what they mean and :mod:`.actions` is the one codec of the action ids. The other jobs
live next door: what may be played (:mod:`.moves`: legal actions, chance outcomes, the
spaces a choice offers), notation (:mod:`.notation`), what a seat sees
(:mod:`.observation`), why an action is refused (:mod:`.rules`), the score
(:mod:`.scoring`).

Chance outcomes: a die face 0-5 (B Y R G P W), a card 0-9, a berry token 0-10, a layout
index, a sides mask.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from savanna.core.display import Audience
from savanna.core.errors import IllegalActionError
from savanna.core.game import Observation, State, compile_clone
from savanna.games.banjooli.actions import (
    ARGUMENT,
    D_MAGIC,
    D_MOVE,
    D_PASS,
    D_SPELL,
    D_UNSPELL,
    DECIDE_JOKER,
    DECIDE_KIND,
    DECIDE_PART,
    REROLL_DICE,
    WHITE,
)
from savanna.games.banjooli.board import FINISH, Board, SpaceKind, faces
from savanna.games.banjooli.components import load_data
from savanna.games.banjooli.heuristic import likeliest_first
from savanna.games.banjooli.moves import (
    can_step,
    chance_pool,
    counts,
    crocodile_spaces,
    joka_spaces,
    landing,
    lava_spaces,
    lion_run,
    move_ids,
    move_points,
    sample_chance,
    seat_actions,
)
from savanna.games.banjooli.notation import action_text, describe, parse_action, position_text
from savanna.games.banjooli.observation import action_viewers, observe
from savanna.games.banjooli.phase import (
    ARRIVED,
    BERRY,
    CHANCE_ACTS,
    DEAL,
    DECIDE,
    EMPTY,
    FIRST,
    FIX,
    FRENZY,
    GIVE,
    LAYOUT,
    NO_CARD,
    NO_MOVER,
    NOT_ROLLED,
    OVER,
    PHASE_NAMES,
    PLACE,
    REROLL,
    ROLL,
    SIDES,
    SPACE,
    STEP,
    SWAP,
    VORTEX,
    WHO_ACTS,
    Reason,
)
from savanna.games.banjooli.render import action_targets
from savanna.games.banjooli.rules import refusal
from savanna.games.banjooli.scoring import places, score_parts
from savanna.games.banjooli.words import local_text

if TYPE_CHECKING:
    from savanna.games.banjooli.game import BanjooliGame

__all__ = ["BanjooliState"]

# Space kinds compared on the hot paths, as module names (faster than class attributes).
_QUICKSAND: Final = SpaceKind.QUICKSAND
_VORTEX: Final = SpaceKind.VORTEX
_LAVA: Final = SpaceKind.LAVA
_CROCODILE: Final = SpaceKind.CROCODILE
_BERRY_IDS: Final = tuple(b.id for b in load_data().berries)

# The id tables the hot paths read, as this module's own finals: a compiled build keeps
# them in C statics instead of looking the imported names up at every use.
_WHO: Final[tuple[int | None, ...]] = WHO_ACTS
_CHANCE_ACTS: Final[tuple[bool, ...]] = CHANCE_ACTS
_ARGUMENT: Final[tuple[int, ...]] = ARGUMENT
_REROLL_DICE: Final[tuple[tuple[int, ...], ...]] = REROLL_DICE
_DECIDE_KIND: Final[tuple[int, ...]] = DECIDE_KIND
_DECIDE_JOKER: Final[tuple[int, ...]] = DECIDE_JOKER
_DECIDE_PART: Final[tuple[int, ...]] = DECIDE_PART

# The declared fields of a position. ``clone`` copies exactly these (``__slots__`` is made
# of them, and the copy is written from them by the core's ``compile_clone``), so a new
# field cannot be forgotten by the copy.
_SHARED: Final = (
    "n", "board", "order", "phase", "seat", "direction", "turn", "after_roll", "rerolled", "mover",
    "points", "turn_over", "frenzy_pending", "in_frenzy", "reason", "lion", "first", "turn_cap", "lion_runs",
)
"""Fields holding immutable values (ints, bools, strings, tuples, the shared board)."""
_LISTS: Final = (
    "pos", "scared", "arrived", "cards", "dice", "to_roll", "frenzy", "picked", "spear", "choices",
    "fix_queue", "occ",
)
"""Fields holding lists of immutable values (copied one level deep)."""
_DEEP: Final = {"berries": "dict(self.berries)", "peeks": "[set(p) for p in self.peeks]", "memo": "None"}
"""The other fields, with how each is copied (``memo`` is a cache and starts empty)."""


class BanjooliState(State):
    """A Banjooli Xeet position (compact lists and ints; cheap to clone).

    Attributes (public for the other modules of the game; only this module writes them):
        n: the number of seats.
        board: the laid-out track, once the sides are drawn (``None`` before).
        order: the physical tiles in order (front face ids), once the layout is drawn.
        phase: what the position waits for (a :class:`~.phase.Phase` value).
        seat: the seat whose turn it is.
        direction: 1 or -1, the turn order (rule ``berry`` Pakaarloo reverses it).
        turn: turns played (rule ``end.turn_cap``).
        pos: each ostrich's space, or :data:`~.phase.ARRIVED`.
        scared: whether each ostrich is scared (spelled).
        arrived: the ostriches across the line, in arrival order.
        cards: each seat's Prediction card (0-9) or :data:`~.phase.NO_CARD`.
        dice: the six dice (faces 0-5, :data:`~.phase.NOT_ROLLED`); 0-4 movement, 5 sorcery.
        to_roll: die positions chance rolls next, in order.
        after_roll: the phase once ``to_roll`` is rolled (reroll, decide or frenzy).
        rerolled: whether the seat has rerolled this turn (rule ``reroll.once``).
        mover, points: the ostrich moving and its movement points left.
        turn_over, frenzy_pending, in_frenzy: berry effects pending this turn.
        frenzy: the Dof Nooxoor dice still to use, counted by face.
        berries: space → face-down berry token (:data:`~.phase.UNKNOWN_TOKEN` until drawn).
        picked: ``(token, seat)`` of each berry picked.
        peeks: for each seat, the spaces of the berries it has seen (Jëmbat).
        spear: seats hit by Naangateku (one roll only next turn, rule ``reroll.spear``).
        choices, reason: the spaces the seat chooses among and why (:class:`~.phase.Reason`).
        fix_queue: face-down berries chance identifies for a Jëmbat picker.
        occ: for each space, the ostrich on it or :data:`~.phase.EMPTY`.
        lion: the lion's steps from the line (the lion variant; 0 at home).
        first: the seat that plays first (rule ``setup.first``; 0 until drawn).
        turn_cap, lion_runs: the game's ``max_turns`` and whether the lion variant is on,
            read once from the game (the turn's hot path reads them from here).
        memo: the feasibility cache of :func:`.moves.feasible` (``None``: empty), reset only by
            :meth:`_paths_changed`.
    """

    __slots__ = (*_SHARED, *_LISTS, *_DEEP)

    game: BanjooliGame
    history: list[int]
    n: int
    board: Board | None
    order: tuple[str, ...]
    phase: int
    seat: int
    direction: int
    turn: int
    pos: list[int]
    scared: list[bool]
    arrived: list[int]
    cards: list[int]
    dice: list[int]
    to_roll: list[int]
    after_roll: int
    rerolled: bool
    mover: int
    points: int
    turn_over: bool
    frenzy_pending: bool
    in_frenzy: bool
    frenzy: list[int]
    berries: dict[int, int]
    picked: list[tuple[int, int]]
    peeks: list[set[int]]
    spear: list[bool]
    choices: list[int]
    reason: Reason
    fix_queue: list[int]
    occ: list[int]
    lion: int
    first: int
    turn_cap: int
    lion_runs: bool
    memo: dict[int, bool] | None

    def __init__(self, game: BanjooliGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.n = n
        self.board = None
        self.order = ()
        self.phase = LAYOUT
        self.seat = 0
        self.direction = 1
        self.turn = 0
        self.pos = [0, 1, 2, 3, 4]
        self.scared = [False] * 5
        self.arrived = []
        self.cards = [NO_CARD] * n
        self.dice = [NOT_ROLLED] * 6
        self.to_roll = []
        self.after_roll = REROLL
        self.rerolled = False
        self.mover = NO_MOVER
        self.points = 0
        self.turn_over = False
        self.frenzy_pending = False
        self.in_frenzy = False
        self.frenzy = [0] * 6
        self.berries = {}
        self.picked = []
        self.peeks = [set() for _ in range(n)]
        self.spear = [False] * n
        self.choices = []
        self.reason = Reason.NONE
        self.fix_queue = []
        self.occ = []
        self.lion = 0
        self.first = 0
        self.turn_cap = game.max_turns
        self.lion_runs = bool(game.options["lion"])
        self.memo = None

    # -- copying ----------------------------------------------------------------------
    def clone(self) -> BanjooliState:
        """An independent copy: every declared field, the history; the cache starts empty."""
        return _clone(self)

    @property
    def phase_name(self) -> str:
        """The name of the current phase (``roll``, ``reroll``, ``decide``, ``step``, ...)."""
        return PHASE_NAMES[self.phase]

    # -- protocol hooks ---------------------------------------------------------------
    def current_player(self) -> int:
        who = _WHO[self.phase]
        return self.seat if who is None else who

    # The core's three questions asked at every action, answered from the phase directly
    # (the same answers as the core's, without going through current_player).
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return _CHANCE_ACTS[self.phase]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == OVER:
            return []
        if _CHANCE_ACTS[phase]:
            return chance_pool(self)
        return seat_actions(self)

    def _legal_actions(self) -> list[int]:
        return seat_actions(self)

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        outcomes = chance_pool(self)
        p = Fraction(1, len(outcomes) or 1)
        return [(o, p) for o in outcomes]

    def sample_chance(self, rng: random.Random) -> int:
        """A uniform draw among the chance outcomes (see :func:`.moves.sample_chance`)."""
        return sample_chance(self, rng)

    # -- who may read an action, and in words -----------------------------------------
    def action_viewers(self, action: int) -> Audience:
        return action_viewers(self, action)

    def describe_action(self, action: int, lang: str = "en") -> str:
        return describe(self, action, lang)

    def local_action_text(self, action: int, lang: str = "en") -> str:
        return local_text(self.action_to_text(action), lang)

    def menu_order(self, actions: Sequence[int]) -> list[int]:  # the heuristic's likeliest first
        return likeliest_first(self, actions)

    def action_targets(self, action: int) -> tuple[str, ...]:
        """The dice a reroll names, the ostrich a move or spell names, the space a step lands
        on or a choice names (keys of :func:`~savanna.games.banjooli.render.board_svg`)."""
        return action_targets(self, action)

    # -- the feasibility cache ---------------------------------------------------------
    def _paths_changed(self) -> None:
        """Drop the feasibility memo: the one place it is invalidated.

        Called whenever an ostrich moves other than by the mover's own forward step, a
        berry is lifted, or a movement ends (see :func:`.moves.feasible`).
        """
        self.memo = None

    # -- applying ---------------------------------------------------------------------
    def apply_unchecked(self, action: int) -> None:
        """As the core's, with the die roll (most actions of a game) handled inline."""
        if self.phase == ROLL:
            to_roll = self.to_roll
            self.dice[to_roll.pop(0)] = action
            if not to_roll:
                self._rolled()
        else:
            self._apply_action(action)
        self.history.append(action)

    def _apply_action(self, action: int) -> None:
        phase = self.phase
        if phase == ROLL:
            self.dice[self.to_roll.pop(0)] = action
            if not self.to_roll:
                self._rolled()
        elif phase == REROLL:
            dice = _REROLL_DICE[action]
            if not dice:  # Reroll(0) keeps them all
                self._to_decide()
            else:  # rule reroll.once
                self.rerolled = True
                self.to_roll = list(dice)
                for i in self.to_roll:
                    self.dice[i] = NOT_ROLLED
                self.after_roll = DECIDE
                self.phase = ROLL
        elif phase == STEP:
            self._step(_ARGUMENT[action])
        elif phase in (DECIDE, FRENZY):
            self._decide(action)
        elif phase == VORTEX:
            self._vortex(action)
        elif phase == BERRY:
            self._berry(action)
        elif phase == FIX:
            self.berries[self.fix_queue.pop(0)] = action
            if not self.fix_queue:
                self.phase = STEP
                self._continue()
        elif phase == GIVE:
            self.spear[_ARGUMENT[action]] = True  # rule reroll.spear, next turn
            self.phase = STEP
            self._continue()
        elif phase == SWAP:
            self._swap(self.mover, _ARGUMENT[action])
            self.points = 0
            self._finish_move()
        elif phase == SPACE:
            self._space(_ARGUMENT[action])
        elif phase == PLACE:
            self.berries[_ARGUMENT[action]] = -1  # face down, unknown to all (rule berry.placement)
            self._paths_changed()
            if len(self.berries) == self.n:
                self._start_turn(self.first)
            else:  # from the first player, clockwise
                self.seat = (self.first + len(self.berries)) % self.n
        elif phase == LAYOUT:
            self.order = self.game.layouts[action]  # rule setup.layout
            self.phase = SIDES
        elif phase == SIDES:
            self.board = Board.build(faces(self.order, action))
            self.occ = [EMPTY] * self.board.size
            for o in range(5):
                self.occ[o] = o
            self.phase = DEAL
        elif phase == DEAL:
            self.cards[self.cards.index(NO_CARD)] = action  # rule setup.deal
            if NO_CARD not in self.cards:
                if self.game.options["first"] == "draw":
                    self.phase = FIRST
                else:
                    self._first_plays()
        elif phase == FIRST:
            self.first = action  # rule setup.first
            self._first_plays()

    def _first_plays(self) -> None:
        """The first player places the first berry (berries variant) or takes the first turn."""
        if self.game.options["berries"]:
            self.phase = PLACE
            self.seat = self.first
        else:
            self._start_turn(self.first)

    def _start_turn(self, seat: int) -> None:
        self._paths_changed()
        self.seat = seat
        self.dice = [NOT_ROLLED] * 6
        self.to_roll = [0, 1, 2, 3, 4, 5]
        self.rerolled = False
        self.after_roll = REROLL
        if self.spear[seat]:  # rule reroll.spear: one roll only
            self.after_roll = DECIDE
            self.spear[seat] = False
        self.phase = ROLL

    def _end_turn(self) -> None:
        self.mover = NO_MOVER
        self.points = 0
        self.turn_over = False
        self.frenzy_pending = False
        self.in_frenzy = False
        self.frenzy = [0] * 6
        self.turn += 1
        if self.turn >= self.turn_cap:  # rule end.turn_cap
            self.phase = OVER
            return
        self._start_turn((self.seat + self.direction) % self.n)

    def _rolled(self) -> None:
        if self.after_roll == FRENZY:
            self.frenzy = counts(self)
            self._frenzy_next()
        elif self.after_roll == DECIDE:
            self._to_decide()
        else:
            self.phase = self.after_roll

    def _to_decide(self) -> None:
        """The dice are final: the decision comes (and, in the lion variant, the lion runs)."""
        self.phase = DECIDE
        if not self.lion_runs:
            return
        self.lion, reached = lion_run(self)  # rule lion.run
        for o in reached:
            self.scared[o] = True

    def _frenzy_next(self) -> None:
        if move_ids(self, self.frenzy, False):  # rule frenzy.all_dice, while any can move
            self.phase = FRENZY
        else:
            self._end_turn()

    def _decide(self, action: int) -> None:
        """A move, magic five, spell, unspell or pass (read from the id tables of :mod:`.actions`)."""
        kind = _DECIDE_KIND[action]
        if kind in (D_MOVE, D_MAGIC):
            o = _ARGUMENT[action]
            self.points = move_points(self, action)
            if self.phase == FRENZY:  # the dice it moves by are used (rule frenzy.all_dice)
                joker = _DECIDE_JOKER[action]
                if joker >= 0:
                    self.frenzy[joker] -= _DECIDE_PART[action] or self.frenzy[joker]
                self.frenzy[o] = 0
            self.mover = o
            self.phase = STEP
        elif kind == D_SPELL:
            self._spell(_ARGUMENT[action])
        elif kind == D_UNSPELL:
            self.scared[_ARGUMENT[action]] = False
            self._end_turn()
        else:
            assert kind == D_PASS  # rule turn.pass
            self._end_turn()

    def _spell(self, o: int) -> None:
        """Scare ``o``; on a crocodile it is carried beyond the ditch (rule ``croc.bite``)."""
        self.scared[o] = True
        board = self.board
        assert board is not None
        if board.kind[self.pos[o]] == _CROCODILE:
            free = crocodile_spaces(self, o)
            if free:
                self.mover = o
                self._choose(free, Reason.CROCODILE)
                return
        self._end_turn()

    def _choose(self, spaces: list[int], reason: Reason) -> None:
        """Resolve a space choice: automatic when there is one space, else ask the seat."""
        if len(spaces) == 1:
            self.choices = []
            self.reason = reason
            self._space(spaces[0])
            return
        self.choices = sorted(spaces)
        self.reason = reason
        self.phase = SPACE

    def _space(self, s: int) -> None:
        o = self.mover
        self._relocate(o, s)
        reason = self.reason
        self.choices = []
        self.reason = Reason.NONE
        if reason == Reason.CROCODILE:
            self.scared[o] = False  # carried beyond the ditch running (rule croc.bite)
            self._end_turn()
            return
        self._enter_quicksand(o)
        if reason == Reason.LAVA:
            self._after_move()
        else:
            self.points = 0
            self._finish_move()

    def _enter_quicksand(self, o: int) -> None:
        """Rule ``quicksand.scare`` for an ostrich put on a space other than by its own step
        (Joka, the Lava River, a Vortex swap): entering quicksand scares it."""
        board = self.board
        assert board is not None
        here = self.pos[o]
        if here >= 0 and board.kind[here] == _QUICKSAND:
            self.scared[o] = True

    def _relocate(self, o: int, s: int) -> None:
        """Put ostrich ``o`` on space ``s`` (or across the line, ``ARRIVED``) other than by a
        step of the mover."""
        old = self.pos[o]
        if old != ARRIVED:
            self.occ[old] = EMPTY
        self.pos[o] = s
        if s != ARRIVED:
            self.occ[s] = o
        self._paths_changed()

    def _step(self, d: int) -> None:
        board = self.board
        assert board is not None
        m = self.mover
        s = self.pos[m]
        t = landing(self, s, d)
        self.points -= 1
        if t == FINISH:
            self._relocate(m, ARRIVED)
            self.arrived.append(m)
            self.scared[m] = False
            self.points = 0
            if len(self.arrived) == 3:  # rule end.third_arrival
                self.phase = OVER
                return
            self._after_move()
            return
        # The mover's own forward step keeps the feasibility memo (see moves.feasible).
        self.occ[s] = EMPTY
        self.pos[m] = t
        self.occ[t] = m
        code = board.kind[t]
        if code == _QUICKSAND:  # rule quicksand.scare
            self.scared[m] = True
            self.points = 0
        elif code == _VORTEX:  # rule vortex.swap
            self.phase = VORTEX
            return
        elif t in self.berries:  # the berry is lifted
            token = self.berries.pop(t)
            for peek in self.peeks:
                peek.discard(t)
            self._paths_changed()
            if token < 0:  # face down: chance turns it over
                self.phase = BERRY
                return
            self._berry(token)
            return
        self._continue()

    def _continue(self) -> None:
        if self.phase == OVER:
            return
        self.phase = STEP
        if self.points > 0:
            for d in range(3):
                if can_step(self, d):
                    return
        self._finish_move()

    def _finish_move(self) -> None:
        """The movement has ended: lava sends the mover back to high ground (rule ``lava.back``)."""
        board = self.board
        assert board is not None
        here = self.pos[self.mover]
        if here >= 0 and board.kind[here] == _LAVA:
            free = lava_spaces(self, here)
            if free:
                self._choose(free, Reason.LAVA)
                return
        self._after_move()

    def _after_move(self) -> None:
        self._paths_changed()
        self.mover = NO_MOVER
        self.points = 0
        if self.turn_over:
            self._end_turn()
        elif self.frenzy_pending:  # rule frenzy.all_dice: the five movement dice again
            self.frenzy_pending = False
            self.in_frenzy = True
            for i in range(5):
                self.dice[i] = NOT_ROLLED
            self.to_roll = [0, 1, 2, 3, 4]
            self.after_roll = FRENZY
            self.phase = ROLL
        elif self.in_frenzy:
            self._frenzy_next()
        else:
            self._end_turn()

    def _swap(self, a: int, b: int) -> None:
        """Ostriches ``a`` and ``b`` exchange spaces (rule ``vortex.swap``)."""
        pa, pb = self.pos[a], self.pos[b]
        self.pos[a], self.pos[b] = pb, pa
        self.occ[pa], self.occ[pb] = b, a
        self._paths_changed()
        self._enter_quicksand(a)
        self._enter_quicksand(b)

    def _vortex(self, face: int) -> None:
        """The sorcery die names the ostrich the mover swaps with (rule ``vortex.swap``)."""
        m = self.mover
        self.points = 0
        if face == m:
            self.scared[m] = True
        elif face == WHITE or face in self.arrived:
            self.phase = SWAP
            return
        else:
            self._swap(m, face)
        self._finish_move()

    def _berry(self, token: int) -> None:
        """The effect of berry ``token`` picked by the seat's mover (rules ``berry.*``)."""
        self._paths_changed()
        self.picked.append((token, self.seat))
        self.phase = STEP
        effect = _BERRY_IDS[token]
        m = self.mover
        if effect == "ter":
            self.scared[m] = True
            self.points = 0
        elif effect == "neex_peepa":
            self.points = 0
            self.turn_over = True
        elif effect == "jembat":
            self.peeks[self.seat].update(self.berries)
            self.fix_queue = sorted(s for s, t in self.berries.items() if t < 0)
            if self.fix_queue:
                self.phase = FIX
                return
        elif effect == "daaaaw":
            self.points += 2
        elif effect == "pakaarloo":
            self.direction = -self.direction
        elif effect == "naangateku":
            self.phase = GIVE  # rule berry.give
            return
        elif effect == "dof_nooxoor":
            self.frenzy_pending = True
        elif effect == "vooortex":
            self.phase = VORTEX
            return
        elif effect == "joka":  # rule joka.back
            self.points = 0
            back = joka_spaces(self, m)
            if back:
                self._choose(back, Reason.JOKA)
                return
        self._continue()

    # -- results ----------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(p) for p, _ in score_parts(self)]

    def ranking(self) -> list[int]:
        """Places by score, ties broken by the number of exact places guessed (Q10)."""
        return places(score_parts(self))

    # -- notation, observations, refusals (their own modules) -------------------------
    def action_to_text(self, action: int) -> str:
        return action_text(self, action)

    def parse_action(self, text: str) -> int:
        """Read ``text`` here (NotationError), naming the rule that refuses it (IllegalActionError)."""
        return parse_action(self, text)

    def explain_illegal(self, action: int) -> IllegalActionError:
        rule_id, detail = refusal(self, action)
        return self.game.refuse(self.action_to_text_safe(action), rule_id, detail)

    def to_text(self) -> str:
        return position_text(self, None, full=True)

    def _observation(self, seat: int | None) -> Observation:
        return observe(self, seat)


_clone = compile_clone(BanjooliState, values=_SHARED, lists=_LISTS, copies=_DEEP)
