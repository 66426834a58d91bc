"""The Banjooli Xeet rules engine: the state, its actions and its position notation.

Action ids (``num_distinct_actions`` = 474):

==========  ===============================================  =========================
ids          meaning                                          notation
==========  ===============================================  =========================
0-63         reroll the dice in the bit mask (bit 5 = sorcery)  ``keep``, ``reroll 136``
64-103       choose a move: 64 + 8*ostrich + joker kind        ``move Y``, ``move Y+W``,
             (0 none, 1 white, 2+c colour c, 7 magic five)     ``move Y+R``, ``move Y*5``
104-106      next step of the moving ostrich: L, F, R          ``step F``, ``jump L``
107-111      spell ostrich                                     ``spell Y``
112-116      unspell ostrich                                   ``unspell Y``
117          pass                                              ``pass``
118-122      give Naangateku to a seat                         ``give 2``
123-127      choose the ostrich the Vortex swaps with          ``swap R``
128-383      choose space (berry placement, lava, crocodile,   ``berry 17``, ``to 17``
             Joka)
384-473      Dof Nooxoor only: part of a joker kind:           ``move Y+2W``, ``move Y+1R``
             384 + 18*ostrich + 3*(kind-1) + (jokers-1)
==========  ===============================================  =========================

Chance outcomes: a die face 0-5 (B Y R G P W, ``roll G``), a card 0-9 (``deal 7``), a berry
token 0-10 (``berry-is oor``, ``fix oor``), a layout index (``layout plain,rocks,...``).
Colour letters or the numbers 1-6 (6 = white joker) are both accepted when parsing.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from savanna.core.display import EVERYONE, Audience
from savanna.core.errors import IllegalActionError
from savanna.core.game import CHANCE, TERMINAL, Observation, State
from savanna.games.banjooli.board import DIRECTIONS, FINISH, NONE, Board
from savanna.games.banjooli.data import COLOURS, load_data
from savanna.games.banjooli.rules import MESSAGES
from savanna.games.banjooli.scoring import CARDS, places, score_parts

if TYPE_CHECKING:
    from savanna.games.banjooli.game import BanjooliGame

__all__ = [
    "ARRIVED",
    "A_GIVE",
    "A_MOVE",
    "A_PASS",
    "A_SPACE",
    "A_SPELL",
    "A_SPLIT",
    "A_STEP",
    "A_SWAP",
    "A_UNSPELL",
    "FACES",
    "FRENZY",
    "MAGIC",
    "NUM_ACTIONS",
    "PHASES",
    "PLACE",
    "REROLL",
    "WHITE",
    "BanjooliState",
]

FACES: Final = "BYRGPW"
WHITE: Final = 5
MAGIC: Final = 7
ARRIVED: Final = -2
MAX_SPACES: Final = 256

A_REROLL: Final = 0
A_MOVE: Final = 64
A_STEP: Final = 104
A_SPELL: Final = 107
A_UNSPELL: Final = 112
A_PASS: Final = 117
A_GIVE: Final = 118
A_SWAP: Final = 123
A_SPACE: Final = 128
A_SPLIT: Final = A_SPACE + MAX_SPACES
NUM_ACTIONS: Final = A_SPLIT + 5 * 18

(LAYOUT, DEAL, PLACE, ROLL, REROLL, DECIDE, STEP, BERRY, FIX, GIVE, VORTEX, SWAP, SPACE, FRENZY, OVER,
 SIDES) = range(16)
PHASES: Final = (
    "layout", "deal", "place", "roll", "reroll", "decide", "step", "berry", "fix", "give",
    "vortex", "swap", "space", "frenzy", "over", "sides",
)
_CHANCE_PHASES = frozenset((LAYOUT, SIDES, DEAL, ROLL, BERRY, FIX, VORTEX))
_BACKS = {t.id: t.back for t in load_data().tiles if t.kind in ("straight", "curve")}
_WHO = tuple(TERMINAL if p == OVER else CHANCE if p in _CHANCE_PHASES else None for p in range(len(PHASES)))
"""Who acts in each phase: TERMINAL, CHANCE or ``None`` (the seat)."""
_BERRY_IDS = tuple(b.id for b in load_data().berries)
_BERRY_LETTERS = "abcdefghijk"
_DIE_TEXT = {-1: ".", **dict(enumerate(FACES))}


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


class BanjooliState(State):
    """A Banjooli Xeet position (compact lists and ints; cheap to clone)."""

    __slots__ = (
        "after_roll",
        "arrived",
        "berries",
        "board",
        "cards",
        "choices",
        "dice",
        "direction",
        "fix_queue",
        "frenzy",
        "frenzy_pending",
        "in_frenzy",
        "lion",
        "memo",
        "mover",
        "n",
        "occ",
        "order",
        "peeks",
        "phase",
        "picked",
        "points",
        "pos",
        "reason",
        "rerolled",
        "scared",
        "seat",
        "spear",
        "to_roll",
        "turn",
        "turn_over",
    )

    game: BanjooliGame

    def __init__(self, game: BanjooliGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.n = n
        self.board: Board | None = None
        self.order: tuple[str, ...] = ()
        self.phase = LAYOUT
        self.seat = 0
        self.direction = 1
        self.turn = 0
        self.pos = [0, 1, 2, 3, 4]
        self.scared = [False] * 5
        self.arrived: list[int] = []
        self.cards = [-1] * n
        self.dice = [-1] * 6
        self.to_roll: list[int] = []
        self.after_roll = REROLL
        self.rerolled = False
        self.mover = -1
        self.points = 0
        self.turn_over = False
        self.frenzy_pending = False
        self.in_frenzy = False
        self.frenzy = [0] * 6
        self.berries: dict[int, int] = {}
        self.picked: list[tuple[int, int]] = []
        self.peeks: list[set[int]] = [set() for _ in range(n)]
        self.spear = [False] * n
        self.choices: list[int] = []
        self.reason = "-"
        self.fix_queue: list[int] = []
        self.occ: list[int] = []
        self.lion = 0
        self.memo: dict[int, bool] | None = None

    # -- copying ----------------------------------------------------------------------
    def clone(self) -> BanjooliState:
        other = BanjooliState.__new__(BanjooliState)
        other.game = self.game
        other.history = self.history[:]
        other.n = self.n
        other.board = self.board
        other.order = self.order
        other.phase = self.phase
        other.seat = self.seat
        other.direction = self.direction
        other.turn = self.turn
        other.pos = self.pos[:]
        other.scared = self.scared[:]
        other.arrived = self.arrived[:]
        other.cards = self.cards[:]
        other.dice = self.dice[:]
        other.to_roll = self.to_roll[:]
        other.after_roll = self.after_roll
        other.rerolled = self.rerolled
        other.mover = self.mover
        other.points = self.points
        other.turn_over = self.turn_over
        other.frenzy_pending = self.frenzy_pending
        other.in_frenzy = self.in_frenzy
        other.frenzy = self.frenzy[:]
        other.berries = dict(self.berries)
        other.picked = self.picked[:]
        other.peeks = [set(p) for p in self.peeks]
        other.spear = self.spear[:]
        other.choices = self.choices[:]
        other.reason = self.reason
        other.fix_queue = self.fix_queue[:]
        other.occ = self.occ[:]
        other.lion = self.lion
        other.memo = None
        return other

    @property
    def phase_name(self) -> str:
        """The name of the current phase (``roll``, ``reroll``, ``decide``, ``step``, ...)."""
        return PHASES[self.phase]

    # -- protocol hooks ---------------------------------------------------------------
    def current_player(self) -> int:
        who = _WHO[self.phase]
        return self.seat if who is None else who

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        phase = self.phase
        if phase in (ROLL, VORTEX):
            outcomes = list(range(6))
        elif phase == LAYOUT:
            outcomes = list(range(len(self.game.layouts)))
        elif phase == SIDES:
            outcomes = list(range(1 << self._commons()))
        elif phase == DEAL:
            used = set(self.cards)
            outcomes = [c for c in range(len(CARDS)) if c not in used]
        elif phase in (BERRY, FIX):
            outcomes = self._berry_pool()
        else:
            return []
        p = Fraction(1, len(outcomes))
        return [(o, p) for o in outcomes]

    def sample_chance(self, rng: random.Random) -> int:
        """A uniform draw among the chance outcomes (all of them are equiprobable)."""
        if self.phase in (ROLL, VORTEX):
            return rng.randrange(6)
        if self.phase == SIDES:
            return rng.randrange(1 << self._commons())
        outcomes = self.chance_outcomes()
        return outcomes[rng.randrange(len(outcomes))][0]

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
            return list(range(64))
        if phase == DECIDE:
            actions = [a for a, _ in self._move_options(self._counts(), True)]
            actions.extend(self._spell_options())
            actions.sort()
            return actions or [A_PASS]
        if phase == STEP:
            return self._step_actions()
        if phase == FRENZY:
            return sorted(a for a, _ in self._move_options(self.frenzy, False))
        if phase == PLACE:
            return [A_SPACE + s for s in self._placeable()]
        if phase == SPACE:
            return [A_SPACE + s for s in self.choices]
        if phase == GIVE:
            return [A_GIVE + s for s in range(self.n) if s != self.seat]
        if phase == SWAP:
            return [A_SWAP + o for o in range(5) if o != self.mover and self.pos[o] != ARRIVED]
        return []

    # -- dice and options -------------------------------------------------------------
    def _phase_counts(self) -> list[int] | None:
        """The dice counts a move would use now (``None`` outside a decision or frenzy)."""
        if self.phase == FRENZY:
            return self.frenzy
        if self.phase == DECIDE and -1 not in self.dice[:5]:
            return self._counts()
        return None

    def _counts(self) -> list[int]:
        counts = [0] * 6
        for i in range(5):
            counts[self.dice[i]] += 1
        return counts

    def _move_options(self, counts: list[int], magic_allowed: bool) -> list[tuple[int, int]]:
        """Legal move choices as ``(action, points)``, each completable in full.

        In a normal turn a joker kind joins a move whole (``move.joker_all``); in the Dof
        Nooxoor frenzy (``magic_allowed`` false) any number of its dice may (``frenzy.all_dice``).
        """
        arrived = self.arrived
        kinds = []
        if counts[WHITE]:
            kinds.append((1, counts[WHITE]))
        for c in arrived:
            if counts[c]:
                kinds.append((2 + c, counts[c]))
        magic = magic_allowed and (counts[WHITE] == 5 or all(counts[c] == 1 for c in range(5)))
        options: list[tuple[int, int]] = []
        pos = self.pos
        scared = self.scared
        memo = self._memo()
        for o in range(5):
            start = pos[o]
            if start == ARRIVED or scared[o]:
                continue
            own = counts[o]
            if own:
                if self._feasible(start, own, memo):
                    options.append((A_MOVE + 8 * o, own))
                for k, extra in kinds:
                    if self._feasible(start, own + extra, memo):
                        options.append((A_MOVE + 8 * o + k, own + extra))
                    if not magic_allowed:
                        for j in range(1, extra):
                            if self._feasible(start, own + j, memo):
                                options.append((A_SPLIT + 18 * o + 3 * (k - 1) + j - 1, own + j))
            if magic and self._feasible(start, 5, memo):
                options.append((A_MOVE + 8 * o + MAGIC, 5))
        return options

    def move_points(self, action: int) -> int:
        """The movement points of the move choice ``action`` with the current dice."""
        if action >= A_SPLIT:
            o, rest = divmod(action - A_SPLIT, 18)
            return self.frenzy[o] + rest % 3 + 1
        o, k = divmod(action - A_MOVE, 8)
        if k == MAGIC:
            return 5
        counts = self.frenzy if self.phase == FRENZY else self._counts()
        return counts[o] + (counts[WHITE if k == 1 else k - 2] if k else 0)

    def _spell_options(self) -> list[int]:
        face = self.dice[5]
        if face < 0:
            return []
        targets = range(5) if (face == WHITE or face in self.arrived) else (face,)
        out = []
        for o in targets:
            p = self.pos[o]
            if p == ARRIVED:
                continue
            if self.scared[o]:
                out.append(A_UNSPELL + o)
            elif p >= 5:
                out.append(A_SPELL + o)
        out.sort()
        return out

    def _landing(self, s: int, d: int) -> int:
        """Where a step in direction ``d`` from ``s`` lands (NONE when it cannot)."""
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

    def _feasible(self, s: int, r: int, memo: dict[int, bool]) -> bool:
        """Whether ``r`` points can all be spent from ``s`` (forced stops count as complete).

        ``memo`` maps ``32 * space + points`` to the answer. Paths only go forward (to higher
        space numbers), so an answer depends only on the ostriches and berries ahead of
        ``s``: the state keeps one memo while no ostrich but the mover moves, and the mover
        only moves forward from behind every space asked about; any other change (end of a
        movement, swap, placement, berry) drops it.
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
        for d in (0, 1, 2):
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
        """The legal steps of the moving ostrich (as :meth:`_step_target`, in one pass)."""
        board = self.board
        assert board is not None
        s = self.pos[self.mover]
        r = self.points - 1
        memo = self._memo()
        out = []
        for d in (0, 1, 2):
            t = self._landing(s, d)
            if t == NONE:
                continue
            if t == FINISH or r == 0 or board.halts[t] or t in self.berries or self._feasible(t, r, memo):
                out.append(A_STEP + d)
        return out

    def _step_target(self, d: int) -> int | None:
        s = self.pos[self.mover]
        t = self._landing(s, d)
        if t == NONE:
            return None
        if t == FINISH or self.points == 1 or self._stops(t) or self._feasible(t, self.points - 1, self._memo()):
            return t
        return None

    def _placeable(self) -> list[int]:
        board = self.board
        assert board is not None
        return [
            s for s in range(board.size)
            if board.kind[s] == "." and board.from_exit[s] >= 3 and s not in self.berries and self.occ[s] < 0
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
            if action == 0:
                self._to_decide()
            else:
                self.rerolled = True
                self.to_roll = [i for i in range(6) if action >> i & 1]
                for i in self.to_roll:
                    self.dice[i] = -1
                self.after_roll = DECIDE
                self.phase = ROLL
        elif phase == STEP:
            self._step(action - A_STEP)
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
            self.spear[action - A_GIVE] = True
            self.phase = STEP
            self._continue()
        elif phase == SWAP:
            self._swap(self.mover, action - A_SWAP)
            self.points = 0
            self._finish_move()
        elif phase == SPACE:
            self._space(action - A_SPACE)
        elif phase == PLACE:
            self.berries[action - A_SPACE] = -1
            if len(self.berries) == self.n:
                self._start_turn(0)
            else:
                self.seat = len(self.berries)
        elif phase == LAYOUT:
            self.order = self.game.layouts[action]
            self.phase = SIDES
        elif phase == SIDES:
            self.board = Board.build(self.faces(action))
            self.occ = [-1] * self.board.size
            for o in range(5):
                self.occ[o] = o
            self.phase = DEAL
        elif phase == DEAL:
            self.cards[self.cards.index(-1)] = action
            if -1 not in self.cards:
                if self.game.options["berries"]:
                    self.phase = PLACE
                    self.seat = 0
                else:
                    self._start_turn(0)

    def _start_turn(self, seat: int) -> None:
        self.memo = None
        self.seat = seat
        self.dice = [-1] * 6
        self.to_roll = [0, 1, 2, 3, 4, 5]
        self.rerolled = False
        self.after_roll = REROLL
        if self.spear[seat]:
            self.after_roll = DECIDE
            self.spear[seat] = False
        self.phase = ROLL

    def _end_turn(self) -> None:
        self.mover = -1
        self.points = 0
        self.turn_over = False
        self.frenzy_pending = False
        self.in_frenzy = False
        self.frenzy = [0] * 6
        self.turn += 1
        if self.turn >= self.game.max_turns:
            self.phase = OVER
            return
        self._start_turn((self.seat + self.direction) % self.n)

    def _rolled(self) -> None:
        if self.after_roll == FRENZY:
            counts = [0] * 6
            for i in range(5):
                counts[self.dice[i]] += 1
            self.frenzy = counts
            self._frenzy_next()
        elif self.after_roll == DECIDE:
            self._to_decide()
        else:
            self.phase = self.after_roll

    def _to_decide(self) -> None:
        """The dice are final: the decision comes (and, in the lion variant, the lion runs)."""
        self.phase = DECIDE
        if not self.game.options["lion"]:
            return
        board = self.board
        assert board is not None
        whites = sum(1 for i in range(5) if self.dice[i] == WHITE)
        if not whites:
            return
        old, new = self.lion, self.lion + whites
        if new >= board.dist[0]:
            new = 0  # the lion reached the Exit and goes home to the finishing line
        for o in range(5):
            p = self.pos[o]
            if p >= 5 and not self.scared[o] and old < board.dist[p] <= max(new, old + whites):
                self.scared[o] = True
        self.lion = new

    def _frenzy_next(self) -> None:
        if self._move_options(self.frenzy, False):
            self.phase = FRENZY
        else:
            self._end_turn()

    def _decide(self, action: int) -> None:
        if action == A_PASS:
            self._end_turn()
            return
        if A_SPELL <= action < A_SPELL + 5:
            o = action - A_SPELL
            self.scared[o] = True
            board = self.board
            assert board is not None
            here = self.pos[o]
            if board.kind[here] == "c":
                self.mover = o
                for row in board.croc_rows[here]:
                    free = [s for s in row if self.occ[s] < 0 and board.passable[s]]
                    if free:
                        self._choose(free, "c")
                        return
            self._end_turn()
            return
        if A_UNSPELL <= action < A_UNSPELL + 5:
            self.scared[action - A_UNSPELL] = False
            self._end_turn()
            return
        if action >= A_SPLIT:
            o, rest = divmod(action - A_SPLIT, 18)
            k, j = divmod(rest, 3)
            face = WHITE if k == 0 else k - 1
            self.points = self.frenzy[o] + j + 1
            self.frenzy[o] = 0
            self.frenzy[face] -= j + 1
            self.mover = o
            self.phase = STEP
            return
        o, k = divmod(action - A_MOVE, 8)
        counts = self.frenzy if self.phase == FRENZY else self._counts()
        if k == MAGIC:
            points = 5
        else:
            points = counts[o]
            if k:
                face = WHITE if k == 1 else k - 2
                points += counts[face]
                if self.phase == FRENZY:
                    self.frenzy[face] = 0
            if self.phase == FRENZY:
                self.frenzy[o] = 0
        self.mover = o
        self.points = points
        self.phase = STEP

    def _choose(self, spaces: list[int], reason: str) -> None:
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
        self.memo = None
        o = self.mover
        old = self.pos[o]
        self.occ[old] = -1
        self.pos[o] = s
        self.occ[s] = o
        reason = self.reason
        self.choices = []
        self.reason = "-"
        if reason == "c":
            self.scared[o] = False
            self._end_turn()
        elif reason == "l":
            self._after_move()
        else:
            self.points = 0
            self._finish_move()

    def _step(self, d: int) -> None:
        board = self.board
        assert board is not None
        m = self.mover
        s = self.pos[m]
        t = self._landing(s, d)
        self.points -= 1
        self.occ[s] = -1
        if t == FINISH:
            self.memo = None
            self.arrived.append(m)
            self.pos[m] = ARRIVED
            self.scared[m] = False
            self.points = 0
            if len(self.arrived) == 3:
                self.phase = OVER
                return
            self._after_move()
            return
        self.pos[m] = t
        self.occ[t] = m
        code = board.kind[t]
        if code == "~":
            self.scared[m] = True
            self.points = 0
        elif code == "v":
            self.phase = VORTEX
            return
        elif t in self.berries:
            self.memo = None
            token = self.berries.pop(t)
            for peek in self.peeks:
                peek.discard(t)
            if token < 0:
                self.phase = BERRY
                return
            self._berry(token)
            return
        self._continue()

    def _continue(self) -> None:
        if self.phase == OVER:
            return
        self.phase = STEP
        if self.points > 0 and any(self._step_target(d) is not None for d in range(3)):
            return
        self._finish_move()

    def _finish_move(self) -> None:
        board = self.board
        assert board is not None
        m = self.mover
        here = self.pos[m]
        if here >= 0 and board.kind[here] == "l":
            frontier = {here}
            seen = {here}
            while frontier:
                frontier = {p for s in frontier for p in board.back[s] if board.passable[p] and p not in seen}
                seen |= frontier
                free = [p for p in frontier if board.kind[p] != "l" and self.occ[p] < 0]
                if free:
                    self._choose(free, "l")
                    return
        self._after_move()

    def _after_move(self) -> None:
        self.memo = None
        self.mover = -1
        self.points = 0
        if self.turn_over:
            self._end_turn()
        elif self.frenzy_pending:
            self.frenzy_pending = False
            self.in_frenzy = True
            for i in range(5):
                self.dice[i] = -1
            self.to_roll = [0, 1, 2, 3, 4]
            self.after_roll = FRENZY
            self.phase = ROLL
        elif self.in_frenzy:
            self._frenzy_next()
        else:
            self._end_turn()

    def _swap(self, a: int, b: int) -> None:
        self.memo = None
        pa, pb = self.pos[a], self.pos[b]
        self.pos[a], self.pos[b] = pb, pa
        self.occ[pa], self.occ[pb] = b, a

    def _vortex(self, face: int) -> None:
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
        self.memo = None
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
            self.phase = GIVE
            return
        elif effect == "dof_nooxoor":
            self.frenzy_pending = True
        elif effect == "vooortex":
            self.phase = VORTEX
            return
        elif effect == "joka":
            self.points = 0
            board = self.board
            assert board is not None
            for steps in (2, 1):
                back = [s for s in board.behind(self.pos[m], steps) if self.occ[s] < 0]
                if back:
                    self._choose(back, "j")
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

    # -- notation ---------------------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        phase = self.phase
        if phase in (ROLL, VORTEX):
            return f"{'roll' if phase == ROLL else 'vortex'} {FACES[action]}"
        if phase == LAYOUT:
            return "layout " + ",".join(self.game.layouts[action])
        if phase == SIDES:
            return "sides " + ",".join(self.faces(action))
        if phase == DEAL:
            return f"deal {action + 1}"
        if phase in (BERRY, FIX):
            return f"{'berry-is' if phase == BERRY else 'fix'} {_BERRY_IDS[action]}"
        return _action_text(action, self)

    def action_viewers(self, action: int) -> Audience:
        """Everything is public but a dealt Prediction (its receiver only, rule
        ``setup.deal``) and the berries identified by Jëmbat (the picker only)."""
        if self.phase == DEAL:
            return Audience.seats_only(self.cards.index(-1))
        if self.phase == FIX:
            return Audience.seats_only(self.seat)
        return EVERYONE

    def describe_action(self, action: int, lang: str = "en") -> str:
        from savanna.games.banjooli.notation import describe

        return describe(self, action, lang)

    def parse_action(self, text: str) -> int:
        """Read ``text`` as an action here; a well-formed but refused action names its rule.

        Raises:
            NotationError: the text is no action of this game.
            IllegalActionError: the action is refused (the rule is named).
        """
        if self.is_terminal():
            raise IllegalActionError(text, self.game.rule("game.over"))
        if self.is_chance_node():
            words = text.strip().lower().split()
            if self.phase in (ROLL, VORTEX) and len(words) == 2 and words[0] == PHASES[self.phase]:
                try:
                    return _face(words[1])
                except ValueError:
                    pass
            if self.phase == DEAL and len(words) == 2 and words[0] == "deal" and words[1].isdigit():
                card = int(words[1]) - 1
                if card in self.cards and 0 <= card < len(CARDS):
                    raise IllegalActionError(text, self.game.rule("setup.deal"))
            return super().parse_action(text)
        action = _parse_player_action(text, self)
        if action not in self.legal_actions():
            raise self.explain_illegal(action)
        return action

    def explain_illegal(self, action: int) -> IllegalActionError:
        rule = _why_illegal(self, action)
        return IllegalActionError(self.action_to_text_safe(action), self.game.rule(rule))

    def to_text(self) -> str:
        return self.encode(None, full=True)

    def encode(self, viewer: int | None, *, full: bool = False) -> str:
        """Position notation; ``full`` shows every secret, else only ``viewer``'s.

        At the end every Prediction is revealed (EN End of the Game: "the players reveal their
        Prediction Sheets"); berries nobody saw stay hidden.
        """
        board = self.board
        reveal = full or self.phase == OVER
        scared = self.scared
        berries = self.berries
        if berries:
            seen = self.peeks[viewer] if viewer is not None else ()
            berry_text = ",".join([
                f"{s}:" + (_BERRY_LETTERS[t] if t >= 0 and (full or s in seen) else "?")
                for s, t in sorted(berries.items())
            ])
        else:
            berry_text = "-"
        flags = ("t" if self.turn_over else "") + ("z" if self.frenzy_pending else "") + ("f" if self.in_frenzy else "")
        fields = [
            "banjooli",
            "L=" + (",".join(board.tiles) if board is not None else ",".join(self.order) or "-"),
            "P=" + PHASES[self.phase],
            f"S={self.seat}",
            "D=" + ("+" if self.direction == 1 else "-"),
            f"T={self.turn}",
            "O=" + ",".join([("F" if p == ARRIVED else str(p)) + ("s" if scared[o] else "") for o, p in enumerate(self.pos)]),
            "A=" + ("".join([COLOURS[o] for o in self.arrived]) or "-"),
            "C=" + ",".join([
                "-" if c < 0 else (str(c) if reveal or s == viewer else "?") for s, c in enumerate(self.cards)
            ]),
            "X=" + "".join([_DIE_TEXT[f] for f in self.dice]),
            "Q=" + ("".join([str(i) for i in self.to_roll]) or "-"),
            "N=" + PHASES[self.after_roll],
            f"R={int(self.rerolled)}",
            "M=" + (f"{self.mover}:{self.points}" if self.mover >= 0 else "-"),
            "F=" + (flags or "-"),
            "Z=" + "".join([str(c) for c in self.frenzy]),
            "B=" + berry_text,
            "K=" + (",".join([f"{_BERRY_LETTERS[t]}{s}" for t, s in self.picked]) or "-"),
            "J=" + "/".join([".".join([str(s) for s in sorted(p)]) if p else "-" for p in self.peeks]),
            "G=" + ("".join([str(s) for s in range(self.n) if self.spear[s]]) or "-"),
            "V=" + self.reason + ":" + (".".join([str(s) for s in self.choices]) or "-"),
            "Y=" + (".".join([str(s) for s in self.fix_queue]) or "-"),
            f"H={self.lion}",
        ]
        return " ".join(fields)

    def _observation(self, seat: int | None) -> Observation:
        board = self.board
        text = self.encode(seat)
        known = self.peeks[seat] if seat is not None else set()
        data: dict[str, Any] = {
            "position": text,
            "seat": seat,
            "to_act": self.current_player(),
            "phase": PHASES[self.phase],
            "layout": list(board.tiles) if board is not None else [],
            "pos": list(self.pos),
            "dist": [0 if p == ARRIVED or board is None else board.dist[p] for p in self.pos],
            "scared": list(self.scared),
            "arrived": list(self.arrived),
            "dice": list(self.dice),
            "card": self.cards[seat] if seat is not None else -1,
            "mover": self.mover,
            "points": self.points,
            "direction": self.direction,
            "turn": self.turn,
            "rerolled": self.rerolled,
            "berries": [[s, t if s in known else -1] for s, t in sorted(self.berries.items())],
            "picked": [[t, s] for t, s in self.picked],
            "choices": list(self.choices),
            "lion": self.lion,
        }
        if self.phase == OVER:
            data["cards"] = list(self.cards)
        return Observation(game="banjooli", seat=seat, data=data, text=text)


def _action_text(action: int, state: BanjooliState) -> str:
    if action < A_MOVE:
        if action == 0:
            return "keep"
        return "reroll " + "".join(str(i + 1) for i in range(6) if action >> i & 1)
    if action < A_STEP:
        o, k = divmod(action - A_MOVE, 8)
        if k == 0:
            return f"move {COLOURS[o]}"
        if k == MAGIC:
            return f"move {COLOURS[o]}*5"
        return f"move {COLOURS[o]}+{FACES[WHITE if k == 1 else k - 2]}"
    if action < A_SPELL:
        d = action - A_STEP
        verb = "step"
        if state.phase == STEP and state.board is not None and state.mover >= 0:
            t = state.board.fwd[3 * state.pos[state.mover] + d]
            if t >= 0 and state.occ[t] >= 0:
                verb = "jump"
        return f"{verb} {DIRECTIONS[d]}"
    if action < A_UNSPELL:
        return f"spell {COLOURS[action - A_SPELL]}"
    if action < A_PASS:
        return f"unspell {COLOURS[action - A_UNSPELL]}"
    if action == A_PASS:
        return "pass"
    if action < A_SWAP:
        return f"give {action - A_GIVE}"
    if action < A_SPACE:
        return f"swap {COLOURS[action - A_SWAP]}"
    if action < A_SPLIT:
        return f"{'berry' if state.phase == PLACE else 'to'} {action - A_SPACE}"
    if action < NUM_ACTIONS:
        o, rest = divmod(action - A_SPLIT, 18)
        k, j = divmod(rest, 3)
        return f"move {COLOURS[o]}+{j + 1}{FACES[WHITE if k == 0 else k - 1]}"
    raise ValueError(action)


_MOVE_RE = re.compile(r"^move\s+(\w)\s*((?:\+\s*\d?\s*\w\s*)*)(\*\s*5)?$")


def _parse_player_action(text: str, state: BanjooliState) -> int:
    """The action id ``text`` names, legal or not.

    Raises:
        NotationError: no action of this game reads so.
        IllegalActionError: a move combining two kinds of joker (rule ``move.joker_one_kind``).
    """
    t = " ".join(text.strip().lower().split())
    try:
        if t == "keep":
            return 0
        if t.startswith("reroll"):
            digits = re.sub(r"[\s,]", "", t[6:])
            mask = 0
            for ch in digits:
                i = int(ch)
                if not 1 <= i <= 6 or mask >> (i - 1) & 1:
                    raise ValueError(ch)
                mask |= 1 << (i - 1)
            if not mask:
                raise ValueError(t)
            return mask
        match = _MOVE_RE.match(t)
        if match:
            o = _ostrich(match.group(1))
            jokers = [x.replace(" ", "") for x in match.group(2).split("+") if x.strip()]
            if match.group(3):
                if jokers:
                    raise ValueError(t)
                return A_MOVE + 8 * o + MAGIC
            faces = {_face(j[-1]) for j in jokers}
            if len(faces) > 1:
                raise IllegalActionError(text, state.game.rule("move.joker_one_kind"))
            if not faces:
                return A_MOVE + 8 * o
            face = faces.pop()
            if face == o:
                raise IllegalActionError(text, state.game.rule("move.colour_count"))
            k = 1 if face == WHITE else 2 + face
            counted = [int(j[:-1]) for j in jokers if len(j) == 2]
            if counted:
                if len(jokers) > 1 or not 1 <= counted[0] <= 5:
                    raise ValueError(t)
                have = state._phase_counts()
                if have is not None and counted[0] < have[face] and counted[0] <= 3:
                    return A_SPLIT + 18 * o + 3 * (k - 1) + counted[0] - 1
            return A_MOVE + 8 * o + k
        words = t.split()
        if len(words) == 1 and words[0].upper() in DIRECTIONS:
            return A_STEP + DIRECTIONS.index(words[0].upper())
        if len(words) == 2:
            verb, arg = words
            if verb in ("step", "jump", "cross") and arg.upper() in DIRECTIONS:
                return A_STEP + DIRECTIONS.index(arg.upper())
            if verb == "spell":
                return A_SPELL + _ostrich(arg)
            if verb == "unspell":
                return A_UNSPELL + _ostrich(arg)
            if verb == "give" and 0 <= int(arg) < state.n:
                return A_GIVE + int(arg)
            if verb == "swap":
                return A_SWAP + _ostrich(arg)
            if verb in ("to", "berry") and 0 <= int(arg) < MAX_SPACES:
                return A_SPACE + int(arg)
        if t == "pass":
            return A_PASS
    except IllegalActionError:
        raise
    except ValueError:
        pass
    raise MESSAGES.notation_error(text, "notation.action")


def _why_illegal(state: BanjooliState, action: int) -> str:
    """The rule clause that refuses ``action`` in ``state`` (the core's catch-all otherwise)."""
    phase = state.phase
    board = state.board
    if A_REROLL <= action < A_MOVE and phase in (DECIDE, STEP):
        return "reroll.spear" if action and not state.rerolled and state.after_roll != REROLL else "reroll.once"
    if (A_MOVE <= action < A_STEP or action >= A_SPLIT) and phase in (DECIDE, FRENZY):
        split = action >= A_SPLIT
        if split:
            o, rest = divmod(action - A_SPLIT, 18)
            k = rest // 3 + 1
        else:
            o, k = divmod(action - A_MOVE, 8)
        counts = state.frenzy if phase == FRENZY else state._counts()
        if state.pos[o] == ARRIVED:
            return "move.arrived"
        if state.scared[o]:
            return "move.scared"
        if k == MAGIC:
            return "move.five_magic"
        if k and k != 1 and (k - 2) not in state.arrived:
            return "move.colour_count"  # another colour's dice only move that ostrich
        if counts[o] == 0:
            return "move.joker_alone" if k else "move.colour_count"
        if k and counts[WHITE if k == 1 else k - 2] == 0:
            return "move.joker_one_kind"
        if split and phase == DECIDE:
            return "move.joker_all"  # only the frenzy splits a joker kind
        return "move.full_movement"
    if A_STEP <= action < A_SPELL and phase == STEP and board is not None:
        d = action - A_STEP
        s = state.pos[state.mover]
        t = board.fwd[3 * s + d]
        if t == NONE:
            return "move.fence" if board.fenced[s] else "move.forward"
        if t >= 0 and not board.passable[t] and state.occ[t] < 0:
            return {"w": "croc.water", "x": "ravine.bridge"}.get(board.kind[t], "move.rock")
        if t >= 0 and state.occ[t] >= 0:
            b = board.fwd[3 * t + d]
            if b >= 0 and state.occ[b] >= 0:
                return "jump.two_adjacent"
            if b == NONE or (b >= 0 and not board.passable[b]):
                return "jump.landing"
        return "move.full_movement"
    if A_SPELL <= action < A_PASS and phase == DECIDE:
        spell = action < A_UNSPELL
        o = action - (A_SPELL if spell else A_UNSPELL)
        face = state.dice[5]
        if not (face in (WHITE, o) or face in state.arrived):
            return "spell.colour"
        if state.pos[o] == ARRIVED:
            return "spell.arrived"
        if spell:
            return "spell.already_scared" if state.scared[o] else "spell.at_exit"
        return "unspell.running"
    if action == A_PASS and phase == DECIDE:
        return "turn.pass"
    if phase == FRENZY and (action < A_MOVE or action == A_PASS):
        return "frenzy.all_dice"  # no reroll and no pass: every result is applied
    if A_GIVE <= action < A_SWAP and phase == GIVE:
        return "berry.give"
    if A_SWAP <= action < A_SPACE and phase == SWAP:
        return "vortex.swap"
    if action >= A_SPACE and phase == PLACE:
        return "berry.placement"
    if action >= A_SPACE and phase == SPACE:
        s = action - A_SPACE
        if board is not None and s < board.size and state.occ[s] >= 0:
            return "move.occupied_end"
        return {"c": "croc.bite", "l": "lava.back", "j": "joka.back"}.get(state.reason, "action.not_legal")
    return "action.not_legal"

