"""The Banjooli Xeet phase machine: a position, its legal actions and its transitions.

A position is plain ints and lists (cheap to copy and to play out); :mod:`.phase` names
what they mean and :mod:`.actions` is the one codec of the action ids. The other jobs
live next door: notation (:mod:`.notation`), what a seat sees (:mod:`.observation`), why
an action is refused (:mod:`.rules`), the score (:mod:`.scoring`).

Chance outcomes: a die face 0-5 (B Y R G P W), a card 0-9, a berry token 0-10, a layout
index, a sides mask.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from savanna.core.display import EVERYONE, Audience
from savanna.core.draws import randbelow
from savanna.core.errors import IllegalActionError
from savanna.core.game import CHANCE, TERMINAL, Observation, State, compile_clone
from savanna.games.banjooli.actions import (
    ACTIONS,
    D_MAGIC,
    D_MOVE,
    D_PASS,
    D_SPELL,
    D_UNSPELL,
    DECIDE_JOKER,
    DECIDE_KIND,
    DECIDE_OSTRICH,
    DECIDE_PART,
    GIVE_IDS,
    JOKER_MOVE_IDS,
    MAGIC_MOVE_IDS,
    PART_MOVE_IDS,
    PASS_ID,
    PLAIN_MOVE_IDS,
    REROLL_DICE,
    SPACE_IDS,
    SPELL_IDS,
    STEP_DIRECTIONS,
    STEP_IDS,
    SWAP_IDS,
    UNSPELL_IDS,
    WHITE,
    ChooseSpace,
    Give,
    MagicFive,
    Move,
    Swap,
)
from savanna.games.banjooli.board import FINISH, NONE, Board, SpaceKind
from savanna.games.banjooli.components import load_data
from savanna.games.banjooli.notation import action_text, describe, parse_action, position_text
from savanna.games.banjooli.observation import observe
from savanna.games.banjooli.phase import (
    ARRIVED,
    CHANCE_PHASES,
    EMPTY,
    NO_CARD,
    NO_MOVER,
    NOT_ROLLED,
    PHASE_NAMES,
    Phase,
    Reason,
)
from savanna.games.banjooli.render import action_targets
from savanna.games.banjooli.rules import refusal
from savanna.games.banjooli.scoring import CARDS, places, score_parts

if TYPE_CHECKING:
    from savanna.games.banjooli.game import BanjooliGame

__all__ = ["BanjooliState"]

# The phases as plain int constants (a position stores ``int(Phase.X)``): the hot paths
# compare them at every action; plain ints compare twice as fast as enum members, and a
# compiled build (``make compile``) inlines these literals. Checked against Phase below.
LAYOUT: Final = 0
DEAL: Final = 1
PLACE: Final = 2
ROLL: Final = 3
REROLL: Final = 4
DECIDE: Final = 5
STEP: Final = 6
BERRY: Final = 7
FIX: Final = 8
GIVE: Final = 9
VORTEX: Final = 10
SWAP: Final = 11
SPACE: Final = 12
FRENZY: Final = 13
OVER: Final = 14
SIDES: Final = 15
FIRST: Final = 16
_PHASES: Final = (LAYOUT, DEAL, PLACE, ROLL, REROLL, DECIDE, STEP, BERRY, FIX, GIVE, VORTEX, SWAP, SPACE, FRENZY, OVER, SIDES,
                   FIRST)
if tuple(int(p) for p in Phase) != _PHASES:
    raise ImportError("the phase constants of banjooli.state must follow banjooli.phase.Phase")

# Space kinds compared on the hot paths, as module names (faster than class attributes).
_LAND: Final = SpaceKind.LAND
_QUICKSAND: Final = SpaceKind.QUICKSAND
_VORTEX: Final = SpaceKind.VORTEX
_LAVA: Final = SpaceKind.LAVA
_CROCODILE: Final = SpaceKind.CROCODILE
_BACKS: Final = {t.id: t.back for t in load_data().tiles if t.kind in ("straight", "curve")}
"""Front face id of each common (double-sided) tile → its back face id."""
_WHO: Final = tuple(TERMINAL if p == OVER else CHANCE if p in CHANCE_PHASES else None for p in Phase)
"""Who acts in each phase: TERMINAL, CHANCE or ``None`` (the seat)."""
_CHANCE_ACTS: Final[tuple[bool, ...]] = tuple(who == CHANCE for who in _WHO)
"""Whether chance acts in each phase (a tuple of bools: no object comparison per action)."""
_BERRY_IDS: Final = tuple(b.id for b in load_data().berries)
_ALL_REROLLS: Final = list(range(64))
"""Every Reroll mask (copied, never handed out)."""

# The id tables the hot paths read, as this module's own finals: a compiled build keeps
# them in C statics instead of looking the imported names up at every use.
_PLAIN_MOVE_IDS: Final[tuple[int, ...]] = PLAIN_MOVE_IDS
_JOKER_MOVE_IDS: Final[tuple[tuple[int, ...], ...]] = JOKER_MOVE_IDS
_PART_MOVE_IDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = PART_MOVE_IDS
_MAGIC_MOVE_IDS: Final[tuple[int, ...]] = MAGIC_MOVE_IDS
_STEP_IDS: Final[tuple[int, ...]] = STEP_IDS
_STEP_DIRECTIONS: Final[tuple[int, ...]] = STEP_DIRECTIONS
_SPELL_IDS: Final[tuple[int, ...]] = SPELL_IDS
_UNSPELL_IDS: Final[tuple[int, ...]] = UNSPELL_IDS
_REROLL_DICE: Final[tuple[tuple[int, ...], ...]] = REROLL_DICE
_DECIDE_KIND: Final[tuple[int, ...]] = DECIDE_KIND
_DECIDE_OSTRICH: Final[tuple[int, ...]] = DECIDE_OSTRICH
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
        memo: the feasibility cache of :meth:`_feasible` (``None``: empty), reset only by
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
            return self._chance_pool()
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        outcomes = self._chance_pool()
        if not outcomes:
            return []
        p = Fraction(1, len(outcomes))
        return [(o, p) for o in outcomes]

    def _chance_pool(self) -> list[int]:
        """The chance outcomes here, all equiprobable (empty when chance does not act)."""
        phase = self.phase
        if phase in (ROLL, VORTEX):
            return list(range(6))
        if phase == LAYOUT:
            return list(range(len(self.game.layouts)))
        if phase == SIDES:
            return list(range(1 << self._commons()))
        if phase == DEAL:
            used = set(self.cards)
            return [c for c in range(len(CARDS)) if c not in used]
        if phase == FIRST:
            return list(range(self.n))  # rule setup.first: each seat equally likely
        if phase in (BERRY, FIX):
            return self._berry_pool()
        return []

    def sample_chance(self, rng: random.Random) -> int:
        """A uniform draw among the chance outcomes (all of them are equiprobable).

        The outcome drawn is ``pool[randbelow(rng, len(pool))]`` of the outcomes in
        :meth:`chance_outcomes` order; where that order is ``0, 1, ..., k - 1`` the draw is
        the outcome itself (no list is made).
        """
        phase = self.phase
        if phase in (ROLL, VORTEX):
            return randbelow(rng, 6)
        if phase == SIDES:
            return randbelow(rng, 1 << self._commons())
        if phase == LAYOUT:
            return randbelow(rng, len(self.game.layouts))
        outcomes = self._chance_pool()
        return outcomes[randbelow(rng, len(outcomes))]

    def _commons(self) -> int:
        """How many common (double-sided, flipped by chance) tiles the layout holds."""
        return sum(1 for t in self.order if t in _BACKS)

    def faces(self, mask: int) -> tuple[str, ...]:
        """The tile faces of the layout when common tile ``i`` (in order) shows its back
        exactly when bit ``i`` of ``mask`` is set (the special tile keeps the option's face)."""
        out = []
        i = 0
        for t in self.order:
            if t in _BACKS:
                out.append(_BACKS[t] if mask >> i & 1 else t)
                i += 1
            else:
                out.append(t)
        return tuple(out)

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == REROLL:
            return _ALL_REROLLS[:]  # every Reroll mask, 0 keeping them all (rule reroll.once)
        if phase == DECIDE:
            actions = self._move_ids(self._counts(), True)
            actions.extend(self._spell_options())
            actions.sort()
            return actions or [PASS_ID]  # rule turn.pass
        if phase == STEP:
            return self._step_actions()
        if phase == FRENZY:
            actions = self._move_ids(self.frenzy, False)
            actions.sort()
            return actions
        if phase == PLACE:
            return [SPACE_IDS[s] for s in self._placeable()]
        if phase == SPACE:
            return [SPACE_IDS[s] for s in self.choices]
        if phase == GIVE:
            return [GIVE_IDS[s] for s in range(self.n) if s != self.seat]  # rule berry.give
        if phase == SWAP:
            return [SWAP_IDS[o] for o in range(5) if o != self.mover and self.pos[o] != ARRIVED]
        return []

    # -- who may read an action, and in words -----------------------------------------
    def action_viewers(self, action: int) -> Audience:
        """Everything is public but a dealt Prediction (its receiver only, rule
        ``setup.deal``) and the berries identified by Jëmbat (the picker only)."""
        if self.phase == DEAL:
            return Audience.seats_only(self.cards.index(NO_CARD))
        if self.phase == FIX:
            return Audience.seats_only(self.seat)
        return EVERYONE

    def describe_action(self, action: int, lang: str = "en") -> str:
        return describe(self, action, lang)

    def action_targets(self, action: int) -> tuple[str, ...]:
        """The dice a reroll names, the ostrich a move or spell names, the space a step lands
        on or a choice names (keys of :func:`~savanna.games.banjooli.render.board_svg`)."""
        return action_targets(self, action)

    # -- dice and options -------------------------------------------------------------
    def counts_now(self) -> list[int] | None:
        """The dice counts by face a move would use now (``None`` outside a decision or frenzy)."""
        if self.phase == FRENZY:
            return self.frenzy
        if self.phase == DECIDE and NOT_ROLLED not in self.dice[:5]:
            return self._counts()
        return None

    def _counts(self) -> list[int]:
        counts = [0] * 6
        for i in range(5):
            counts[self.dice[i]] += 1
        return counts

    def _move_ids(self, counts: list[int], magic_allowed: bool) -> list[int]:
        """Legal move choices (ids), each completable in full (rule ``move.full_movement``).

        In a normal turn a joker kind joins a move whole (``move.joker_all``); in the Dof
        Nooxoor frenzy (``magic_allowed`` false) any number of its dice may (``frenzy.all_dice``).
        White and the colours of arrived ostriches are jokers (``move.joker_one_kind``); a
        joker kind is 0 for white, ``1 + c`` for colour ``c`` (:func:`~.actions.joker_kind`).
        """
        kinds: list[int] = []
        extras: list[int] = []
        whites = counts[WHITE]
        if whites:
            kinds.append(0)
            extras.append(whites)
        for c in self.arrived:
            extra = counts[c]
            if extra:
                kinds.append(1 + c)
                extras.append(extra)
        # rule move.five_magic: five distinct colours or five whites
        magic = magic_allowed and (
            whites == 5
            or (counts[0] == 1 and counts[1] == 1 and counts[2] == 1 and counts[3] == 1 and counts[4] == 1)
        )
        options: list[int] = []
        pos = self.pos
        scared = self.scared
        memo = self._memo()
        for o in range(5):
            start = pos[o]
            if start == ARRIVED or scared[o]:  # rules move.arrived, move.scared
                continue
            own = counts[o]
            if own:  # rule move.joker_alone: jokers join the ostrich's own colour
                if self._feasible(start, own, memo):
                    options.append(_PLAIN_MOVE_IDS[o])
                for i in range(len(kinds)):
                    k = kinds[i]
                    extra = extras[i]
                    if self._feasible(start, own + extra, memo):
                        options.append(_JOKER_MOVE_IDS[o][k])
                    if not magic_allowed:
                        for j in range(1, extra):
                            if self._feasible(start, own + j, memo):
                                options.append(_PART_MOVE_IDS[o][k][j - 1])
            if magic and self._feasible(start, 5, memo):
                options.append(_MAGIC_MOVE_IDS[o])
        return options

    def move_points(self, action: int) -> int:
        """The movement points of the move choice ``action`` with the current dice."""
        move = ACTIONS[action]
        if isinstance(move, MagicFive):
            return 5
        assert isinstance(move, Move)  # only moves have points
        if move.part:
            return self.frenzy[move.ostrich] + move.part
        counts = self.frenzy if self.phase == FRENZY else self._counts()
        return counts[move.ostrich] + (counts[move.joker] if move.joker is not None else 0)

    def _spell_options(self) -> list[int]:
        """Spells and unspells the sorcery die allows (rules ``spell.*``, ``unspell.running``)."""
        face = self.dice[5]
        if face < 0:
            return []
        if face == WHITE or face in self.arrived:
            first, last = 0, 5
        else:
            first, last = face, face + 1
        out: list[int] = []
        for o in range(first, last):
            p = self.pos[o]
            if p == ARRIVED:
                continue
            if self.scared[o]:
                out.append(_UNSPELL_IDS[o])
            elif p >= 5:  # rule spell.at_exit: the nests are spaces 0-4
                out.append(_SPELL_IDS[o])
        out.sort()
        return out

    def landing(self, s: int, d: int) -> int:
        """Where a step in direction ``d`` from ``s`` lands: a space, ``FINISH`` or ``NONE``
        when it cannot (rules ``move.forward``, ``jump.one_point``, ``jump.two_adjacent``)."""
        board = self.board
        assert board is not None
        fwd = board.fwd
        t = fwd[3 * s + d]
        if t < 0:
            return t
        passable = board.passable
        if not passable[t]:
            return NONE
        occ = self.occ
        if occ[t] >= 0:
            b = fwd[3 * t + d]
            if b == FINISH:
                return b
            if b < 0 or not passable[b] or occ[b] >= 0:
                return NONE
            return b
        return t

    def _stops(self, t: int) -> bool:
        board = self.board
        assert board is not None
        return board.halts[t] or t in self.berries

    def _memo(self) -> dict[int, bool]:
        """The feasibility memo of the current occupancy (see :meth:`_feasible`)."""
        memo = self.memo
        if memo is None:
            memo = self.memo = {}
        return memo

    def _paths_changed(self) -> None:
        """Drop the feasibility memo: the one place it is invalidated.

        Called whenever an ostrich moves other than by the mover's own forward step, a
        berry is lifted, or a movement ends (see :meth:`_feasible`).
        """
        self.memo = None

    def _feasible(self, s: int, r: int, memo: dict[int, bool]) -> bool:
        """Whether ``r`` points can all be spent from ``s`` (forced stops count as complete).

        ``memo`` maps ``32 * space + points`` to the answer. Paths only go forward (to higher
        space numbers), so an answer depends only on the ostriches and berries ahead of
        ``s``: the state keeps one memo while no ostrich but the mover moves, and the mover
        only moves forward from behind every space asked about; any other change (end of a
        movement, swap, placement, berry) drops it (:meth:`_paths_changed`).
        """
        key = s * 32 + r
        known = memo.get(key)
        if known is not None:
            return known
        board = self.board
        assert board is not None
        fwd = board.fwd
        passable = board.passable
        occ = self.occ
        result = False
        base = 3 * s
        for d in range(3):
            t = fwd[base + d]
            if t == NONE:
                continue
            if t == FINISH:
                result = True
                break
            if not passable[t]:
                continue
            if occ[t] >= 0:
                t = fwd[3 * t + d]
                if t == FINISH:
                    result = True
                    break
                if t < 0 or not passable[t] or occ[t] >= 0:
                    continue
            if r == 1 or board.halts[t] or t in self.berries or self._feasible(t, r - 1, memo):
                result = True
                break
        memo[key] = result
        return result

    def _step_actions(self) -> list[int]:
        """The legal steps of the moving ostrich (as :meth:`_can_step`, in one pass)."""
        board = self.board
        assert board is not None
        s = self.pos[self.mover]
        r = self.points - 1
        memo = self._memo()
        out: list[int] = []
        for d in range(3):
            t = self.landing(s, d)
            if t == NONE:
                continue
            if t == FINISH or r == 0 or board.halts[t] or t in self.berries or self._feasible(t, r, memo):
                out.append(_STEP_IDS[d])
        return out

    def _can_step(self, d: int) -> bool:
        """Whether the mover may step in direction ``d`` (as :meth:`_step_actions`)."""
        s = self.pos[self.mover]
        t = self.landing(s, d)
        if t == NONE:
            return False
        return t == FINISH or self.points == 1 or self._stops(t) or self._feasible(t, self.points - 1, self._memo())

    def _placeable(self) -> list[int]:
        """Spaces a berry may be placed on (rule ``berry.placement``)."""
        board = self.board
        assert board is not None
        return [
            s for s in range(board.size)
            if board.kind[s] == _LAND and board.from_exit[s] >= 3 and s not in self.berries
            and self.occ[s] < 0
        ]

    def _berry_pool(self) -> list[int]:
        used = {t for t, _ in self.picked}
        used.update(t for t in self.berries.values() if t >= 0)
        return [t for t in range(len(_BERRY_IDS)) if t not in used]

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
            self._step(_STEP_DIRECTIONS[action])
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
            give = ACTIONS[action]
            assert isinstance(give, Give)
            self.spear[give.seat] = True  # rule reroll.spear, next turn
            self.phase = STEP
            self._continue()
        elif phase == SWAP:
            swap = ACTIONS[action]
            assert isinstance(swap, Swap)
            self._swap(self.mover, swap.ostrich)
            self.points = 0
            self._finish_move()
        elif phase == SPACE:
            chosen = ACTIONS[action]
            assert isinstance(chosen, ChooseSpace)
            self._space(chosen.space)
        elif phase == PLACE:
            chosen = ACTIONS[action]
            assert isinstance(chosen, ChooseSpace)
            self.berries[chosen.space] = -1  # face down, unknown to all (rule berry.placement)
            self._paths_changed()
            if len(self.berries) == self.n:
                self._start_turn(self.first)
            else:  # from the first player, clockwise
                self.seat = (self.first + len(self.berries)) % self.n
        elif phase == LAYOUT:
            self.order = self.game.layouts[action]  # rule setup.layout
            self.phase = SIDES
        elif phase == SIDES:
            self.board = Board.build(self.faces(action))
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
            self.frenzy = self._counts()
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
        board = self.board
        assert board is not None
        whites = sum(1 for i in range(5) if self.dice[i] == WHITE)
        if not whites:
            return
        # rule lion.run
        old, new = self.lion, self.lion + whites
        if new >= board.dist[0]:
            new = 0  # the lion reached the Exit and goes home to the finishing line
        for o in range(5):
            p = self.pos[o]
            if p >= 5 and not self.scared[o] and old < board.dist[p] <= max(new, old + whites):
                self.scared[o] = True
        self.lion = new

    def _frenzy_next(self) -> None:
        if self._move_ids(self.frenzy, False):  # rule frenzy.all_dice, while any can move
            self.phase = FRENZY
        else:
            self._end_turn()

    def _decide(self, action: int) -> None:
        """A move, magic five, spell, unspell or pass (read from the id tables of :mod:`.actions`)."""
        kind = _DECIDE_KIND[action]
        if kind == D_MOVE:
            o = _DECIDE_OSTRICH[action]
            frenzy = self.phase == FRENZY
            counts = self.frenzy if frenzy else self._counts()
            points = counts[o]
            joker = _DECIDE_JOKER[action]
            if joker >= 0:
                used = _DECIDE_PART[action] or counts[joker]  # rule move.joker_all outside the frenzy
                points += used
                if frenzy:
                    self.frenzy[joker] -= used
            if frenzy:
                self.frenzy[o] = 0
            self.mover = o
            self.points = points
            self.phase = STEP
        elif kind == D_MAGIC:
            self.mover = _DECIDE_OSTRICH[action]
            self.points = 5
            self.phase = STEP
        elif kind == D_SPELL:
            self._spell(_DECIDE_OSTRICH[action])
        elif kind == D_UNSPELL:
            self.scared[_DECIDE_OSTRICH[action]] = False
            self._end_turn()
        else:
            assert kind == D_PASS  # rule turn.pass
            self._end_turn()

    def _spell(self, o: int) -> None:
        """Scare ``o``; on a crocodile it is carried beyond the ditch (rule ``croc.bite``)."""
        self.scared[o] = True
        board = self.board
        assert board is not None
        here = self.pos[o]
        if board.kind[here] == _CROCODILE:
            self.mover = o
            for row in board.croc_rows[here]:
                free = [s for s in row if self.occ[s] < 0 and board.passable[s]]
                if free:
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
        t = self.landing(s, d)
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
        # The mover's own forward step keeps the feasibility memo (see _feasible).
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
        elif t in self.berries:
            token = self._lift_berry(t)
            if token < 0:
                self.phase = BERRY
                return
            self._berry(token)
            return
        self._continue()

    def _lift_berry(self, space: int) -> int:
        """Take the berry off ``space``; its token (unknown: -1, chance turns it over)."""
        token = self.berries.pop(space)
        for peek in self.peeks:
            peek.discard(space)
        self._paths_changed()
        return token

    def _continue(self) -> None:
        if self.phase == OVER:
            return
        self.phase = STEP
        if self.points > 0:
            for d in range(3):
                if self._can_step(d):
                    return
        self._finish_move()

    def _finish_move(self) -> None:
        """The movement has ended: lava sends the mover back to high ground (rule ``lava.back``)."""
        board = self.board
        assert board is not None
        m = self.mover
        here = self.pos[m]
        if here >= 0 and board.kind[here] == _LAVA:
            frontier = {here}
            seen = {here}
            while frontier:
                frontier = {p for s in frontier for p in board.back[s] if board.passable[p] and p not in seen}
                seen |= frontier
                free = [p for p in frontier if board.kind[p] != _LAVA and self.occ[p] < 0]
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
            board = self.board
            assert board is not None
            for steps in (2, 1):
                back = [s for s in board.behind(self.pos[m], steps) if self.occ[s] < 0]
                if back:
                    self._choose(back, Reason.JOKA)
                    return
        self._continue()

    # -- results ----------------------------------------------------------------------
    def last_ostrich(self) -> int | None:
        """The unique last ostrich (most steps still needed), or ``None`` on a tie."""
        board = self.board
        if board is None:
            return None
        far = [(board.dist[self.pos[o]], o) for o in range(5) if self.pos[o] != ARRIVED]
        far.sort(reverse=True)
        if len(far) > 1 and far[0][0] == far[1][0]:
            return None
        return far[0][1]

    def scores(self) -> list[float]:
        return [float(p) for p, _ in score_parts(self)]

    def ranking(self) -> list[int]:
        """Places by score, ties broken by the number of exact places guessed (Q10)."""
        return places(score_parts(self))

    # -- notation, observations, refusals (their own modules) -------------------------
    def action_to_text(self, action: int) -> str:
        return action_text(self, action)

    def parse_action(self, text: str) -> int:
        """Read ``text`` as an action here; a well-formed but refused action names its rule.

        Raises:
            NotationError: the text is no action of this game.
            IllegalActionError: the action is refused (the rule is named).
        """
        return parse_action(self, text)

    def explain_illegal(self, action: int) -> IllegalActionError:
        rule_id, detail = refusal(self, action)
        return self.game.refuse(self.action_to_text_safe(action), rule_id, detail)

    def to_text(self) -> str:
        return position_text(self, None, full=True)

    def _observation(self, seat: int | None) -> Observation:
        return observe(self, seat)


_clone = compile_clone(BanjooliState, values=_SHARED, lists=_LISTS, copies=_DEEP)
