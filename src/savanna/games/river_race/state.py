"""The river race's rules engine: a compact state and its phase machine.

A turn goes through these phases (``docs/rules/river-race.md``, Turns):

``first``   chance draws the first player (option ``first=draw``; once per game);
``council`` at the start of its turn, a seat with a pawn waiting beside a free sacrifice
            place, or holding a card, may step up, bargain and cross, then rolls;
``draw``    chance deals a sacrifice card to a pawn that stepped onto a sacrifice place;
``answer``  the owner of the pawn offered a price accepts, refuses or counters;
``reply``   the sacrificer accepts or refuses a counter-offer;
``roll``    chance rolls the dice;
``coin``    chance draws a pity coin for each die showing 1 (while the bag has coins);
``move``    the seat moves one pawn the total of the dice (or passes when none can move);
``over``    the game has ended.

Every field is a JSON-able int, list or string; the fields are public for the other
modules of this package (notation, observation, scoring, render, evaluation), but only
this module writes them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Final

from savanna.core.display import EVERYONE, Audience
from savanna.core.draws import randbelow
from savanna.core.errors import IllegalActionError
from savanna.core.game import CHANCE, TERMINAL, Observation, State, compile_clone
from savanna.games.river_race.actions import (
    ACCEPT_ID,
    ACTION_ARG,
    ACTION_KIND,
    ACTION_VALUE,
    AROUND,
    COUNTER_IDS,
    CROSS_IDS,
    K_ACCEPT,
    K_COUNTER,
    K_CROSS,
    K_MOVE,
    K_OFFER,
    K_PASS,
    K_REFUSE,
    K_STEP,
    MOVE_IDS,
    NO_BRANCH,
    OFFER_IDS,
    PASS_ID,
    REFUSE_ID,
    ROLL_ID,
    STEP_IDS,
    Card,
    Coin,
    Cross,
    Done,
    First,
    Move,
    Offer,
    Roll,
    Step,
    from_id,
)
from savanna.games.river_race.board import ALTAR, PATH, VILLAGE, YARD

if TYPE_CHECKING:
    from savanna.games.river_race.game import RiverRaceGame

__all__ = [
    "ANSWER",
    "COIN",
    "COUNCIL",
    "DRAW",
    "ENDINGS",
    "FIRST",
    "MOVE",
    "OVER",
    "PHASES",
    "REPLY",
    "ROLL",
    "RiverRaceState",
    "RiverTables",
]

FIRST: Final = 0
ROLL: Final = 1
COIN: Final = 2
MOVE: Final = 3
DRAW: Final = 4
COUNCIL: Final = 5
ANSWER: Final = 6
REPLY: Final = 7
OVER: Final = 8
PHASES: Final = ("first", "roll", "coin", "move", "draw", "council", "answer", "reply", "over")
ENDINGS: Final = ("three", "huts", "persecutor", "cap")
"""How a game ends: a player's three pawns home, every hut taken, the persecutor home, the
turn limit."""
_CHANCE_PHASES: Final = (FIRST, ROLL, COIN, DRAW)
_CHANCE_ACTS: Final[tuple[bool, ...]] = tuple(p in _CHANCE_PHASES for p in range(len(PHASES)))
"""Whether chance acts in each phase (read at every action)."""
_NOT_WALKED: Final = -2
"""``_walk`` result when the move passes a fork and no branch was named."""


_VALUES: Final = (
    "first", "turn", "turns", "phase", "ones", "rings", "persecutor", "epoch", "counter", "ended", "tables",
)
"""Fields holding ints or strings, and the game's shared :class:`RiverTables`."""
_LISTS: Final = ("dice", "pos", "hut", "gold", "bag", "springs", "held", "held_epoch", "discard", "asked", "offer")
"""Fields holding lists of ints."""
_NESTED: Final = {"pools": "[p[:] for p in self.pools]", "deals": "[d[:] for d in self.deals]"}
"""Fields holding lists of lists, with how ``clone`` copies them. With :data:`_VALUES` and
:data:`_LISTS`, the declared fields of a position: ``__slots__`` is made of them and
``clone`` is written from them (``compile_clone``)."""

# The id tables of the hot paths as this module's own finals (a compiled build keeps them
# in C statics).
_ACTION_KIND: Final[tuple[int, ...]] = ACTION_KIND
_ACTION_ARG: Final[tuple[int, ...]] = ACTION_ARG
_ACTION_VALUE: Final[tuple[int, ...]] = ACTION_VALUE
_MOVE_IDS: Final[tuple[tuple[int, ...], ...]] = MOVE_IDS
_STEP_IDS: Final[tuple[int, ...]] = STEP_IDS
_CROSS_IDS: Final[tuple[int, ...]] = CROSS_IDS
_COUNTER_IDS: Final[tuple[int, ...]] = COUNTER_IDS
_OFFER_IDS: Final[tuple[tuple[int, ...], ...]] = OFFER_IDS


def _draw_table(outcomes: tuple[tuple[int, Fraction], ...]) -> tuple[int, ...]:
    """The outcome the core's draw (:meth:`State.sample_chance`) gives for each number it
    draws: ``r = randrange(d)`` over the probabilities' common denominator ``d``, the
    outcomes taken in order, each owning a block of ``d * p`` numbers."""
    denominator = lcm(*(p.denominator for _, p in outcomes))
    table: list[int] = []
    for action, p in outcomes:
        table += [action] * (p.numerator * (denominator // p.denominator))
    if len(table) != denominator:
        raise ValueError("the chance outcomes' probabilities do not sum to 1")
    return tuple(table)


def _gcd(a: int, b: int) -> int:
    """The greatest common divisor of two positive ints (``math.gcd``, as a native loop)."""
    while b:
        a, b = b, a % b
    return a


class RiverTables:
    """The map and the material as the engine reads them at every action: plain tuples and
    ints, made once per configured game (``RiverRaceGame.tables``) and shared by its states.

    Attributes:
        players: the number of seats.
        kind, next, fork, spring: the board's tables by space (:class:`~.board.Board`).
        branches: at a fork, the first spaces of its branches (upper courtyard, lower
            courtyard, path around; ``Board.branches_at``), else ``()``.
        camp: the camp's space.
        yard, altar, landing: by sacrifice place, its courtyard, its sacrifice place and the
            landing across.
        place_of_yard, place_of_altar: by space, the sacrifice place it belongs to, or -1.
        places: the number of sacrifice places.
        cards: the number of sacrifice cards.
        prices: ``[card * places + place]``: the price the card asks at that place.
        persecutor_length, rings, max_turns, max_price, stack, huts: numbers of the material.
        rolls: the sorted rolls by chance outcome; roll_draw: the outcome of each number the
            core's draw of a roll can draw (:func:`_draw_table`).
    """

    def __init__(self, game: RiverRaceGame) -> None:
        board = game.board
        material = game.material
        self.players: int = game.num_players
        self.kind: tuple[int, ...] = tuple(board.kind)
        self.next: tuple[int, ...] = tuple(board.next)
        self.fork: tuple[int, ...] = tuple(board.fork)
        self.spring: tuple[int, ...] = tuple(board.spring)
        self.branches: tuple[tuple[int, ...], ...] = tuple(
            tuple(board.branches_at(s)) if board.fork[s] >= 0 else () for s in range(board.size)
        )
        self.camp: int = board.camp
        self.yard: tuple[int, ...] = tuple(p.yard for p in board.places)
        self.altar: tuple[int, ...] = tuple(p.altar for p in board.places)
        self.landing: tuple[int, ...] = tuple(p.landing for p in board.places)
        self.place_of_yard: tuple[int, ...] = tuple(board.place_of_yard)
        self.place_of_altar: tuple[int, ...] = tuple(board.place_of_altar)
        self.places: int = len(board.places)
        self.cards: int = len(material.cards)
        self.prices: tuple[int, ...] = tuple(card.price(place.upper) for card in material.cards for place in board.places)
        self.persecutor_length: int = board.persecutor_length
        self.rings: int = material.persecutor.rings
        self.max_turns: int = material.limits.max_turns
        self.max_price: int = material.negotiation.max_price
        self.stack: tuple[int, ...] = tuple(material.spring.stack)
        self.huts: int = len(game.huts)
        self.rolls: tuple[tuple[int, ...], ...] = tuple(game.rolls)
        self.roll_draw: tuple[int, ...] = _draw_table(game.roll_table)

    def __reduce__(self) -> tuple[Callable[[int], RiverTables], tuple[int]]:
        """Pickled (and deep-copied) as the tables of a game of as many players: a compiled
        build's class cannot be rebuilt without its game."""
        return _tables_of, (self.players,)


def _tables_of(players: int) -> RiverTables:
    """The :class:`RiverTables` of a river race of ``players`` players (unpickling)."""
    from savanna.games.river_race.game import RiverRaceGame

    return RiverRaceGame(players).tables


class RiverRaceState(State):
    """A position of the river race.

    Build states with :meth:`RiverRaceGame.new_initial_state` or
    :meth:`RiverRaceGame.parse_position`.

    Attributes:
        first: the seat that plays first (-1 until drawn).
        turn: the seat whose turn it is.
        turns: turns begun so far (rule ``end.cap``).
        phase: one of :data:`PHASES` (an index).
        dice: this turn's dice, sorted (empty before the roll).
        ones: dice showing 1 whose coin and ring are still to come.
        pos: each pawn's space (pawn ``3 * seat + i``).
        hut: each pawn's hut (index into the game's huts, best first), or -1.
        gold: each seat's gold.
        rings: rings on the persecutor's stick.
        persecutor: spaces the persecutor has advanced (the track's length = the village).
        bag: pity coins of value 1..6 left in the bag.
        springs: coins taken from each river's spring.
        held: per sacrifice place, the card index its sacrificer holds, or -1.
        held_epoch: per sacrifice place, the deck (epoch) that card came from.
        pools: per deck epoch, the card indexes drawn from it or still in it but not yet
            revealed (public knowledge: see ``docs/rules/river-race.md``, Hidden information).
        epoch: the current deck; its draw pile is its pool minus the cards held from it.
        discard: card indexes revealed since the last reshuffle.
        asked: pawns bargained for this turn (rule ``offer.once``).
        deals: ``[pawn, price]`` agreements of this turn.
        offer: ``[pawn, price]`` on the table, or empty.
        counter: the counter-offer on the table, or -1.
        ended: the ending (one of :data:`ENDINGS`) once over, else ``""``.
        tables: the game's :class:`RiverTables` (shared, never written).
    """

    __slots__ = (*_VALUES, *_LISTS, *_NESTED)

    game: RiverRaceGame
    first: int
    turn: int
    turns: int
    phase: int
    dice: list[int]
    ones: int
    pos: list[int]
    hut: list[int]
    gold: list[int]
    rings: int
    persecutor: int
    bag: list[int]
    springs: list[int]
    held: list[int]
    held_epoch: list[int]
    pools: list[list[int]]
    epoch: int
    discard: list[int]
    asked: list[int]
    deals: list[list[int]]
    offer: list[int]
    counter: int
    ended: str
    tables: RiverTables

    def __init__(self, game: RiverRaceGame) -> None:
        super().__init__(game)
        self.tables = game.tables
        n = game.num_players
        self.first = -1
        self.turn = 0
        self.turns = 0
        self.phase = FIRST
        self.dice = []
        self.ones = 0
        self.pos = [game.board.camp] * (3 * n)
        self.hut = [-1] * (3 * n)
        self.gold = [0] * n
        self.rings = 0
        self.persecutor = game.material.persecutor.start[n]  # rule setup.persecutor
        self.bag = list(game.material.bag.coins)
        self.springs = [0] * game.board.rivers
        self.held = [-1] * len(game.board.places)
        self.held_epoch = [0] * len(game.board.places)
        self.pools = [list(range(len(game.material.cards)))]
        self.epoch = 0
        self.discard = []
        self.asked = []
        self.deals = []
        self.offer = []
        self.counter = -1
        self.ended = ""
        if game.options["first"] == "seat1":
            self._set_first(0)

    # -- protocol hooks ----------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if _CHANCE_ACTS[phase]:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == ANSWER:
            return self.offer[0] // 3
        return self.turn

    # The core's questions asked at every action, answered from the phase directly (the
    # same answers as the core's, without going through current_player).
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return _CHANCE_ACTS[self.phase]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == OVER:
            return []
        if _CHANCE_ACTS[phase]:
            return [a for a, _ in self.chance_outcomes()]
        return self._legal_actions()

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == MOVE:
            moves = self._move_ids()
            return moves or [PASS_ID]
        if phase == COUNCIL:
            actions = self._council_ids()
            actions.sort()
            return actions
        if phase == ANSWER:
            actions = [ACCEPT_ID, REFUSE_ID]
            for k in range(self.offer[1]):
                actions.append(_COUNTER_IDS[k])
            actions.sort()
            return actions
        if phase == REPLY:
            return [ACCEPT_ID, REFUSE_ID]
        return []

    def sample_chance(self, rng: random.Random) -> int:
        """The core's draw (:meth:`State.sample_chance`: one ``randrange`` over the
        probabilities' common denominator, the outcomes in order), read from tables: the
        same outcome, and the generator left in the same state."""
        phase = self.phase
        if phase == ROLL:
            table = self.tables.roll_draw
            return table[randbelow(rng, len(table))]
        if phase == COIN:
            return self._draw_coin(rng)
        if phase == DRAW:
            pile = self.pile()
            return pile[randbelow(rng, len(pile))]
        if phase == FIRST:
            return randbelow(rng, self.tables.players)
        return super().sample_chance(rng)

    def _draw_coin(self, rng: random.Random) -> int:
        """A pity coin as the core draws it from :meth:`chance_outcomes`' ``count / total``
        fractions (each in lowest terms)."""
        bag = self.bag
        total = 0
        for count in bag:
            total += count
        denominator = 1
        for count in bag:
            if count:
                reduced = total // _gcd(count, total)
                denominator = denominator // _gcd(denominator, reduced) * reduced
        r = randbelow(rng, denominator)
        last = -1
        for value in range(len(bag)):
            count = bag[value]
            if count:
                g = _gcd(count, total)
                r -= (count // g) * (denominator // (total // g))
                if r < 0:
                    return value
                last = value
        return last

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        phase = self.phase
        game = self.game
        if phase == ROLL:
            return list(game.roll_table)
        if phase == COIN:
            total = sum(self.bag)
            return [(v, Fraction(c, total)) for v, c in enumerate(self.bag) if c]
        if phase == DRAW:
            pile = self.pile()
            return [(card, Fraction(1, len(pile))) for card in pile]
        if phase == FIRST:
            n = game.num_players
            return [(seat, Fraction(1, n)) for seat in range(n)]
        return []

    def apply_unchecked(self, action: int) -> None:
        """As the core's (here, so that a compiled build runs it natively)."""
        self._apply_action(action)
        self.history.append(action)

    def _apply_action(self, action: int) -> None:
        phase = self.phase
        if phase == ROLL:
            self._apply_roll(self.tables.rolls[action])
        elif phase == COIN:
            self._apply_coin(action + 1)
        elif phase == DRAW:
            self._apply_card(action)
        elif phase == FIRST:
            self._set_first(action)
        else:
            self._apply_seat_action(action)

    def scores(self) -> list[float]:
        from savanna.games.river_race.scoring import totals

        return [float(t) for t in totals(self)]

    def ranking(self) -> list[int]:
        from savanna.games.river_race.scoring import ranking

        return ranking(self)

    def _observation(self, seat: int | None) -> Observation:
        from savanna.games.river_race.observation import observe

        return observe(self, seat)

    def action_to_text(self, action: int) -> str:
        phase = self.phase
        if phase in _CHANCE_PHASES:
            return str(self.chance_value(action))
        return str(from_id(action))

    def parse_action(self, text: str) -> int:
        from savanna.games.river_race.notation import parse_action

        return parse_action(self, text)

    def action_viewers(self, action: int) -> Audience:
        """Everything is public but a drawn card, which its sacrificer alone reads."""
        if self.phase == DRAW:
            return Audience.seats_only(self.turn)
        return EVERYONE

    def action_targets(self, action: int) -> tuple[str, ...]:
        """The pawn and the space a move, a step up or a crossing points at in the SVG."""
        from savanna.games.river_race.render import action_targets

        return action_targets(self, action)

    def describe_action(self, action: int, lang: str = "en") -> str:
        from savanna.games.river_race.notation import describe

        return describe(self, action, lang)

    def explain_illegal(self, action: int) -> IllegalActionError:
        from savanna.games.river_race.rules import refusal

        clause, detail = refusal(self, action)
        try:
            name: object = str(from_id(action))
        except ValueError:
            name = action
        return self.game.refuse(name, clause, detail)

    def to_text(self) -> str:
        from savanna.games.river_race.notation import position_text

        return position_text(self)

    def clone(self) -> RiverRaceState:
        """An independent copy: every declared field (lists copied) and the history."""
        return _clone(self)

    # -- queries -----------------------------------------------------------------------
    def chance_value(self, action: int) -> Roll | Coin | Card | First:
        """The chance outcome ``action`` of this chance node as a typed value.

        Raises:
            ValueError: not a chance node, or no such outcome here.
        """
        phase = self.phase
        game = self.game
        if phase == ROLL and 0 <= action < len(game.rolls):
            return Roll(game.rolls[action])
        if phase == COIN and 0 <= action < 6:
            return Coin(action + 1)
        if phase == DRAW and 0 <= action < len(game.material.cards):
            return Card(action + 1)
        if phase == FIRST and 0 <= action < game.num_players:
            return First(action)
        raise ValueError(f"no chance outcome {action!r} in phase {PHASES[phase]}")

    def pile(self) -> list[int]:
        """The card indexes in the draw pile."""
        epoch = self.epoch
        held = self.held
        held_epoch = self.held_epoch
        out: list[int] = []
        for card in self.pools[epoch]:
            for place in range(len(held)):
                if held[place] == card and held_epoch[place] == epoch:
                    break
            else:
                out.append(card)
        return out

    def pawns_of(self, seat: int) -> range:
        """The pawn ids of ``seat``."""
        return range(3 * seat, 3 * seat + 3)

    def sacrificer(self, place: int) -> int:
        """The pawn on the sacrifice place ``place``, or -1."""
        altar = self.tables.altar[place]
        pos = self.pos
        for pawn in range(len(pos)):
            if pos[pawn] == altar:
                return pawn
        return -1

    def _sacrificers(self) -> list[int]:
        """:meth:`sacrificer` of every sacrifice place, in one pass."""
        place_of_altar = self.tables.place_of_altar
        out = [-1] * self.tables.places
        pos = self.pos
        for pawn in range(len(pos)):
            place = place_of_altar[pos[pawn]]
            if place >= 0 and out[place] < 0:
                out[place] = pawn
        return out

    def waiting(self, place: int) -> list[int]:
        """The pawns waiting in the courtyard of ``place``, in pawn order."""
        yard = self.tables.yard[place]
        pos = self.pos
        return [pawn for pawn in range(len(pos)) if pos[pawn] == yard]

    def free_gold(self, seat: int) -> int:
        """``seat``'s gold not yet promised in this turn's deals."""
        promised = 0
        for deal in self.deals:
            if deal[0] // 3 == seat:
                promised += deal[1]
        return self.gold[seat] - promised

    def card_price(self, place: int) -> int:
        """The price the card held at ``place`` asks for its passage (the card must be held)."""
        tables = self.tables
        card = self.held[place] % tables.cards  # as indexing the cards: -1 is the last one
        return tables.prices[card * tables.places + place]

    def dealt_gold(self, place: int) -> int:
        """The prices agreed this turn for pawns waiting in ``place``'s courtyard."""
        yard = self.tables.yard[place]
        dealt = 0
        for deal in self.deals:
            if self.pos[deal[0]] == yard:
                dealt += deal[1]
        return dealt

    def can_cross(self, place: int) -> bool:
        """Whether the sacrificer of ``place`` (which holds a card) can pay to cross now."""
        seat = self.sacrificer(place) // 3
        return self.gold[seat] + self.dealt_gold(place) >= self.card_price(place)

    def roll_total(self) -> int:
        """The total of this turn's dice."""
        total = 0
        for face in self.dice:
            total += face
        return total

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves for this turn's dice (phase ``move``)."""
        return [Move(_ACTION_ARG[a], _ACTION_VALUE[a]) for a in self._move_ids()]

    def _move_ids(self) -> list[int]:
        """The ids of :meth:`legal_moves`, in the same (ascending) order."""
        out: list[int] = []
        seat = self.turn
        total = self.roll_total()
        pos = self.pos
        camp = self.tables.camp
        on_paths = self._on_paths()
        for i in range(3):
            pawn = 3 * seat + i
            if pos[pawn] == camp and self._camp_blocked(pawn):
                continue  # rule move.camp_order
            end = self._walk_end(pawn, total, NO_BRANCH, on_paths)
            if end == _NOT_WALKED:
                for b in range(1, AROUND + 1):
                    if self._walk_end(pawn, total, b, on_paths) >= 0:
                        out.append(_MOVE_IDS[i][b])
            elif end >= 0:
                out.append(_MOVE_IDS[i][NO_BRANCH])
        return out

    def _on_paths(self) -> list[int]:
        """The spaces of the pawns standing on path spaces (one entry per pawn)."""
        kind = self.tables.kind
        return [space for space in self.pos if kind[space] == PATH]

    @staticmethod
    def _jumped(space: int, start: int, on_paths: list[int]) -> bool:
        """Whether a pawn walking from ``start`` jumps over the path space ``space``: another
        pawn stands there (rule ``move.skip``; ``on_paths`` from :meth:`_on_paths`)."""
        others = -1 if space == start else 0  # the walking pawn itself is not jumped
        for here in on_paths:
            if here == space:
                others += 1
        return others > 0

    def _camp_blocked(self, pawn: int) -> bool:
        """Whether a pawn of the same seat earlier in letter order is still in the camp."""
        camp = self.tables.camp
        return any(self.pos[p] == camp for p in range(3 * (pawn // 3), pawn))


    def move_refusal(self, move: Move) -> str:
        """The clause refusing ``move`` now, or ``""`` when it is legal."""
        pawn = 3 * self.turn + move.pawn
        board = self.game.board
        kind = board.kind[self.pos[pawn]]
        if kind == VILLAGE:
            return "move.village"
        if kind == ALTAR:
            return "move.altar"
        if kind == YARD:
            return "" if self._walk(pawn, self.roll_total(), move.branch)[0] >= 0 else "move.wait"
        if self.pos[pawn] == board.camp and self._camp_blocked(pawn):
            return "move.camp_order"
        end, _ = self._walk(pawn, self.roll_total(), move.branch)
        if end == _NOT_WALKED:
            return "move.fork"
        if end < 0:
            return "move.branch_only_at_fork"
        return ""

    def walk(self, pawn: int, total: int, branch: int) -> tuple[int, list[int]]:
        """Where ``pawn`` ends moving ``total`` with ``branch``, and the springs it passes.

        The end is -1 when the move is impossible (a waiting pawn before a busy sacrifice
        place, a pawn that cannot move, a branch named away from any fork) and -2 when the
        move passes a fork and no branch is named.
        """
        return self._walk(pawn, total, branch)

    def _walk(self, pawn: int, total: int, branch: int) -> tuple[int, list[int]]:
        tables = self.tables
        kind = tables.kind
        space = self.pos[pawn]
        start_kind = kind[space]
        if start_kind in (ALTAR, VILLAGE) or total <= 0:
            return -1, []
        if start_kind == YARD:
            return -1, []  # rule move.wait: it leaves by stepping up or crossing
        on_paths = self._on_paths()
        start = space
        left = total
        springs: list[int] = []
        passed_fork = False
        nxt = tables.next
        fork = tables.fork
        spring = tables.spring
        while left > 0:
            if fork[space] >= 0:
                if branch == NO_BRANCH:
                    return _NOT_WALKED, []
                passed_fork = True
                space = tables.branches[space][branch - 1]
            else:
                space = nxt[space]
            if spring[space] >= 0:
                springs.append(spring[space])
            k = kind[space]
            if k == PATH and self._jumped(space, start, on_paths):
                continue  # rule move.skip: another pawn there is jumped over, not counted
            left -= 1
            if k in (YARD, VILLAGE):
                break  # rule move.stop
        if branch != NO_BRANCH and not passed_fork:
            return -1, []
        return space, springs

    def _walk_end(self, pawn: int, total: int, branch: int, on_paths: list[int]) -> int:
        """The end of :meth:`_walk` (springs not listed); ``on_paths`` from :meth:`_on_paths`."""
        tables = self.tables
        kind = tables.kind
        space = self.pos[pawn]
        start_kind = kind[space]
        if start_kind in (ALTAR, VILLAGE, YARD) or total <= 0:
            return -1
        start = space
        left = total
        passed_fork = False
        nxt = tables.next
        fork = tables.fork
        while left > 0:
            if fork[space] >= 0:
                if branch == NO_BRANCH:
                    return _NOT_WALKED
                passed_fork = True
                space = tables.branches[space][branch - 1]
            else:
                space = nxt[space]
            k = kind[space]
            if k == PATH and self._jumped(space, start, on_paths):
                continue  # rule move.skip
            left -= 1
            if k in (YARD, VILLAGE):
                break  # rule move.stop
        if branch != NO_BRANCH and not passed_fork:
            return -1
        return space

    def council_actions(self) -> list[Offer | Cross | Step | Done]:
        """The seat's choices at the start of its turn (phase ``council``)."""
        seat = self.turn
        out: list[Offer | Cross | Step | Done] = [Done()]
        cap = self.game.material.negotiation.max_price
        for place in range(len(self.held)):
            sac = self.sacrificer(place)
            if sac < 0:
                mine = [p for p in self.waiting(place) if p // 3 == seat]
                if mine:  # rule sacrifice.step: of alike waiting pawns, the first in letter order
                    out.append(Step(mine[0] % 3))
                continue
            if sac // 3 != seat or self.held[place] < 0:
                continue
            for pawn in self.waiting(place):
                owner = pawn // 3
                if owner == seat or pawn in self.asked:
                    continue
                top = min(cap, self.free_gold(owner))
                out += [Offer(pawn, price) for price in range(top + 1)]
            if self.can_cross(place):
                out.append(Cross(sac % 3))
        return out

    def _council_ids(self) -> list[int]:
        """The ids of :meth:`council_actions` (in no particular order)."""
        seat = self.turn
        out = [ROLL_ID]
        tables = self.tables
        cap = tables.max_price
        pos = self.pos
        sacrificers = self._sacrificers()
        for place in range(len(self.held)):
            sac = sacrificers[place]
            yard = tables.yard[place]
            if sac < 0:
                for pawn in range(3 * seat, 3 * seat + 3):
                    if pos[pawn] == yard:
                        out.append(_STEP_IDS[pawn % 3])  # rule sacrifice.step: the first in letter order
                        break
                continue
            if sac // 3 != seat or self.held[place] < 0:
                continue
            for pawn in range(len(pos)):
                if pos[pawn] != yard:
                    continue
                owner = pawn // 3
                if owner == seat or pawn in self.asked:
                    continue
                top = min(cap, self.free_gold(owner))
                offers = _OFFER_IDS[pawn]
                for price in range(top + 1):
                    out.append(offers[price])
            if self.can_cross(place):
                out.append(_CROSS_IDS[sac % 3])
        return out

    def _has_council(self) -> bool:
        """Whether the seat to play has a choice before rolling: a waiting pawn beside a free
        sacrifice place, or a card. It depends on public facts only (never on a card's price,
        which would tell the table whether the sacrificer can pay)."""
        seat = self.turn
        tables = self.tables
        # A place offers a choice only through one of the seat's own pawns: on its
        # sacrifice place (as its sacrificer), or waiting in its courtyard (a free place).
        for pawn in range(3 * seat, 3 * seat + 3):
            space = self.pos[pawn]
            place = tables.place_of_altar[space]
            if place >= 0 and self.sacrificer(place) // 3 == seat:
                return True
            place = tables.place_of_yard[space]
            if place >= 0 and self.sacrificer(place) < 0:
                return True
        return False

    # -- transitions ---------------------------------------------------------------------
    def _set_first(self, seat: int) -> None:
        n = self.game.num_players
        self.first = seat
        self.turn = seat
        self.turns = 1
        for s in range(n):
            self.gold[s] = self.game.material.start_gold(n, (s - seat) % n)  # rule setup.gold
        self._begin_turn()

    def _apply_roll(self, faces: tuple[int, ...]) -> None:
        self.dice = list(faces)
        ones = 0
        for face in faces:
            if face == 1:
                ones += 1
        self.ones = ones
        self._resolve_ones()

    def _resolve_ones(self) -> None:
        """Coins and rings for the dice showing 1 (rules pity.coin, pity.bag, persecutor.ring)."""
        while self.ones > 0:
            if self._bag_has_coins():
                self.phase = COIN
                return
            self.ones -= 1
            self._ring()
            if self.ended:
                return
        self.phase = MOVE

    def _bag_has_coins(self) -> bool:
        return any(count != 0 for count in self.bag)

    def _apply_coin(self, value: int) -> None:
        bag = self.bag
        gold = self.gold
        bag[value - 1] = bag[value - 1] - 1
        gold[self.turn] = gold[self.turn] + value
        self.ones -= 1
        self._ring()
        if not self.ended:
            self._resolve_ones()

    def _ring(self) -> None:
        if self.rings >= self.tables.rings:
            self.rings = 0
            self._persecutor_step()
        else:
            self.rings += 1

    def _persecutor_step(self) -> None:
        self.persecutor += 1
        if self.persecutor >= self.tables.persecutor_length:
            self._end("persecutor")

    def _end(self, how: str) -> None:
        self.ended = how
        self.phase = OVER
        self.ones = 0
        self.asked = []
        self.deals = []
        self.offer = []
        self.counter = -1

    def _apply_seat_action(self, action: int) -> None:
        kind = _ACTION_KIND[action]  # the action read from the id tables of .actions
        if kind == K_MOVE:
            self._apply_move(3 * self.turn + _ACTION_ARG[action], _ACTION_VALUE[action])
        elif kind == K_PASS:
            self._next_turn()
        elif kind == K_OFFER:
            target = _ACTION_ARG[action]
            self.offer = [target, _ACTION_VALUE[action]]
            self.asked.append(target)
            self.phase = ANSWER
        elif kind == K_COUNTER:
            self.counter = _ACTION_ARG[action]
            self.phase = REPLY
        elif kind == K_ACCEPT:
            price = self.counter if self.phase == REPLY else self.offer[1]
            self.deals.append([self.offer[0], price])
            self._close_offer()
        elif kind == K_REFUSE:
            self._close_offer()
        elif kind == K_CROSS:
            self._cross(3 * self.turn + _ACTION_ARG[action])
        elif kind == K_STEP:
            self._step(3 * self.turn + _ACTION_ARG[action])
        else:  # Done: the bargaining is over, the deals not crossed lapse
            self.asked = []
            self.deals = []
            self.phase = ROLL

    def _close_offer(self) -> None:
        self.offer = []
        self.counter = -1
        self._council_or_roll()

    def _apply_move(self, pawn: int, branch: int) -> None:
        space, springs = self._walk(pawn, self.roll_total(), branch)
        stack = self.tables.stack
        for river in springs:
            taken = self.springs[river]
            if taken < len(stack):  # rule spring.coin
                self.gold[pawn // 3] = self.gold[pawn // 3] + stack[taken]
                self.springs[river] = taken + 1
        self.pos[pawn] = space
        if self.tables.kind[space] == VILLAGE:
            self._arrive(pawn)
            if self.ended:
                return
        self._next_turn()

    def _step(self, pawn: int) -> None:
        """Rules sacrifice.step and sacrifice.draw: the pawn takes the place and draws."""
        tables = self.tables
        place = tables.place_of_yard[self.pos[pawn]]
        self.pos[pawn] = tables.altar[place]
        if not self.pile():
            # rule deck.reshuffle: the discards become a new deck (never empty: there are
            # more cards than sacrifice places)
            self.epoch += 1
            self.pools.append(sorted(self.discard))
            self.discard = []
        self.phase = DRAW

    def _arrive(self, pawn: int) -> None:
        """Rules village.hut, end.three and end.huts."""
        hut = self.hut
        huts = self.tables.huts
        for h in range(huts):  # the best hut left
            if h not in hut:
                hut[pawn] = h
                break
        else:
            raise ValueError("no hut is left")
        seat = pawn // 3
        if hut[3 * seat] >= 0 and hut[3 * seat + 1] >= 0 and hut[3 * seat + 2] >= 0:
            self._end("three")
        else:
            for h in range(huts):
                if h not in hut:
                    return
            self._end("huts")

    def _apply_card(self, card: int) -> None:
        place = self.placing()
        self.held[place] = card
        self.held_epoch[place] = self.epoch
        self._council_or_roll()

    def placing(self) -> int:
        """The sacrifice place whose new sacrificer draws a card (phase ``draw``)."""
        for place in range(self.tables.places):
            if self.held[place] < 0 and self.sacrificer(place) >= 0:
                return place
        raise ValueError("no sacrifice place is waiting for its card")

    def _council_or_roll(self) -> None:
        if self._has_council():
            self.phase = COUNCIL  # rule council.when
        else:
            self.asked = []
            self.deals = []
            self.phase = ROLL

    def _cross(self, sac: int) -> None:
        """Rules cross.payment, cross.own and persecutor.sacrifice."""
        tables = self.tables
        place = tables.place_of_altar[self.pos[sac]]
        yard = tables.yard[place]
        seat = self.turn
        price = self.card_price(place)
        party = [sac]
        kept = []
        for pawn, agreed in self.deals:
            if self.pos[pawn] == yard:
                self.gold[pawn // 3] -= agreed
                self.gold[seat] += agreed
                party.append(pawn)
            else:
                kept.append([pawn, agreed])
        self.deals = kept
        party += [p for p in self.pawns_of(seat) if self.pos[p] == yard]
        self.gold[seat] -= price
        card = self.held[place]
        self.pools[self.held_epoch[place]].remove(card)
        self.discard.append(card)
        self.held[place] = -1
        landing = tables.landing[place]
        for pawn in party:
            self.pos[pawn] = landing
        self._persecutor_step()
        if not self.ended:
            self._council_or_roll()

    def _next_turn(self) -> None:
        self.asked = []
        self.deals = []
        self.offer = []
        self.counter = -1
        self.dice = []
        self.ones = 0
        if self.turns >= self.tables.max_turns:
            self._end("cap")  # rule end.cap
            return
        self.turns += 1
        self.turn = (self.turn + 1) % self.tables.players
        self._begin_turn()

    def _begin_turn(self) -> None:
        self._council_or_roll()



_clone = compile_clone(RiverRaceState, values=_VALUES, lists=_LISTS, copies=_NESTED)
