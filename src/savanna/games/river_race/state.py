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

from fractions import Fraction
from typing import TYPE_CHECKING, Final

from savanna.core.display import EVERYONE, Audience
from savanna.core.errors import IllegalActionError
from savanna.core.game import CHANCE, TERMINAL, Observation, State, compile_clone
from savanna.games.river_race.actions import (
    AROUND,
    NO_BRANCH,
    PASS_ID,
    Accept,
    Card,
    Coin,
    Counter,
    Cross,
    Done,
    First,
    Move,
    Offer,
    Pass,
    Refuse,
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
]

FIRST, ROLL, COIN, MOVE, DRAW, COUNCIL, ANSWER, REPLY, OVER = range(9)
PHASES: Final = ("first", "roll", "coin", "move", "draw", "council", "answer", "reply", "over")
ENDINGS: Final = ("three", "huts", "persecutor", "cap")
"""How a game ends: a player's three pawns home, every hut taken, the persecutor home, the
turn limit."""
_CHANCE_PHASES: Final = (FIRST, ROLL, COIN, DRAW)
_NOT_WALKED: Final = -2
"""``_walk`` result when the move passes a fork and no branch was named."""


_VALUES: Final = ("first", "turn", "turns", "phase", "ones", "rings", "persecutor", "epoch", "counter", "ended")
"""Fields holding ints or strings."""
_LISTS: Final = ("dice", "pos", "hut", "gold", "bag", "springs", "held", "held_epoch", "discard", "asked", "offer")
"""Fields holding lists of ints."""
_NESTED: Final = {"pools": "[p[:] for p in self.pools]", "deals": "[d[:] for d in self.deals]"}
"""Fields holding lists of lists, with how ``clone`` copies them. With :data:`_VALUES` and
:data:`_LISTS`, the declared fields of a position: ``__slots__`` is made of them and
``clone`` is written from them (``compile_clone``)."""


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

    def __init__(self, game: RiverRaceGame) -> None:
        super().__init__(game)
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
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == ANSWER:
            return self.offer[0] // 3
        return self.turn

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == MOVE:
            moves = [m.to_id() for m in self.legal_moves()]
            return moves or [PASS_ID]
        if phase == COUNCIL:
            return sorted(a.to_id() for a in self.council_actions())
        if phase == ANSWER:
            return sorted([Accept().to_id(), Refuse().to_id(), *(Counter(k).to_id() for k in range(self.offer[1]))])
        if phase == REPLY:
            return [Accept().to_id(), Refuse().to_id()]
        return []

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

    def _apply_action(self, action: int) -> None:
        phase = self.phase
        if phase == ROLL:
            self._apply_roll(self.game.rolls[action])
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
        pool = self.pools[self.epoch]
        held = {c for c, e in zip(self.held, self.held_epoch, strict=True) if c >= 0 and e == self.epoch}
        return [c for c in pool if c not in held]

    def pawns_of(self, seat: int) -> range:
        """The pawn ids of ``seat``."""
        return range(3 * seat, 3 * seat + 3)

    def sacrificer(self, place: int) -> int:
        """The pawn on the sacrifice place ``place``, or -1."""
        altar = self.game.board.places[place].altar
        for pawn, space in enumerate(self.pos):
            if space == altar:
                return pawn
        return -1

    def waiting(self, place: int) -> list[int]:
        """The pawns waiting in the courtyard of ``place``, in pawn order."""
        yard = self.game.board.places[place].yard
        return [pawn for pawn, space in enumerate(self.pos) if space == yard]

    def free_gold(self, seat: int) -> int:
        """``seat``'s gold not yet promised in this turn's deals."""
        return self.gold[seat] - sum(price for pawn, price in self.deals if pawn // 3 == seat)

    def card_price(self, place: int) -> int:
        """The price the card held at ``place`` asks for its passage (the card must be held)."""
        card = self.game.material.cards[self.held[place]]
        return card.price(self.game.board.places[place].upper)

    def dealt_gold(self, place: int) -> int:
        """The prices agreed this turn for pawns waiting in ``place``'s courtyard."""
        yard = self.game.board.places[place].yard
        return sum(price for pawn, price in self.deals if self.pos[pawn] == yard)

    def can_cross(self, place: int) -> bool:
        """Whether the sacrificer of ``place`` (which holds a card) can pay to cross now."""
        seat = self.sacrificer(place) // 3
        return self.gold[seat] + self.dealt_gold(place) >= self.card_price(place)

    def roll_total(self) -> int:
        """The total of this turn's dice."""
        return sum(self.dice)

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves for this turn's dice (phase ``move``)."""
        out = []
        seat = self.turn
        total = self.roll_total()
        camp = self.game.board.camp
        for i in range(3):
            pawn = 3 * seat + i
            if self.pos[pawn] == camp and any(self.pos[p] == camp for p in range(3 * seat, pawn)):
                continue  # rule move.camp_order
            end = self._walk(pawn, total, NO_BRANCH)[0]
            if end == _NOT_WALKED:
                out += [Move(i, b) for b in range(1, AROUND + 1) if self._walk(pawn, total, b)[0] >= 0]
            elif end >= 0:
                out.append(Move(i, NO_BRANCH))
        return out

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
        camp = board.camp
        if self.pos[pawn] == camp and any(self.pos[p] == camp for p in range(3 * self.turn, pawn)):
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
        board = self.game.board
        kind = board.kind
        space = self.pos[pawn]
        start_kind = kind[space]
        if start_kind in (ALTAR, VILLAGE) or total <= 0:
            return -1, []
        busy = {s for p, s in enumerate(self.pos) if p != pawn and kind[s] in (PATH, ALTAR)}
        if start_kind == YARD:
            return -1, []  # rule move.wait: it leaves by stepping up or crossing
        left = total
        springs: list[int] = []
        passed_fork = False
        nxt = board.next
        fork = board.fork
        spring = board.spring
        while left > 0:
            if fork[space] >= 0:
                if branch == NO_BRANCH:
                    return _NOT_WALKED, []
                passed_fork = True
                space = board.branches_at(space)[branch - 1]
            else:
                space = nxt[space]
            if spring[space] >= 0:
                springs.append(spring[space])
            k = kind[space]
            if k == PATH and space in busy:
                continue  # rule move.skip: jumped over, not counted
            left -= 1
            if k in (YARD, VILLAGE):
                break  # rule move.stop
        if branch != NO_BRANCH and not passed_fork:
            return -1, []
        return space, springs

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

    def _has_council(self) -> bool:
        """Whether the seat to play has a choice before rolling: a waiting pawn beside a free
        sacrifice place, or a card. It depends on public facts only (never on a card's price,
        which would tell the table whether the sacrificer can pay)."""
        seat = self.turn
        for place in range(len(self.held)):
            sac = self.sacrificer(place)
            if sac < 0:
                if any(p // 3 == seat for p in self.waiting(place)):
                    return True
            elif sac // 3 == seat:
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
        self.ones = faces.count(1)
        self._resolve_ones()

    def _resolve_ones(self) -> None:
        """Coins and rings for the dice showing 1 (rules pity.coin, pity.bag, persecutor.ring)."""
        while self.ones > 0:
            if sum(self.bag):
                self.phase = COIN
                return
            self.ones -= 1
            self._ring()
            if self.ended:
                return
        self.phase = MOVE

    def _apply_coin(self, value: int) -> None:
        self.bag[value - 1] -= 1
        self.gold[self.turn] += value
        self.ones -= 1
        self._ring()
        if not self.ended:
            self._resolve_ones()

    def _ring(self) -> None:
        if self.rings >= self.game.material.persecutor.rings:
            self.rings = 0
            self._persecutor_step()
        else:
            self.rings += 1

    def _persecutor_step(self) -> None:
        self.persecutor += 1
        if self.persecutor >= self.game.board.persecutor_length:
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
        act = from_id(action)
        if isinstance(act, Move):
            self._apply_move(3 * self.turn + act.pawn, act.branch)
        elif isinstance(act, Pass):
            self._next_turn()
        elif isinstance(act, Offer):
            self.offer = [act.target, act.price]
            self.asked.append(act.target)
            self.phase = ANSWER
        elif isinstance(act, Counter):
            self.counter = act.price
            self.phase = REPLY
        elif isinstance(act, Accept):
            price = self.counter if self.phase == REPLY else self.offer[1]
            self.deals.append([self.offer[0], price])
            self._close_offer()
        elif isinstance(act, Refuse):
            self._close_offer()
        elif isinstance(act, Cross):
            self._cross(3 * self.turn + act.pawn)
        elif isinstance(act, Step):
            self._step(3 * self.turn + act.pawn)
        else:  # Done: the bargaining is over, the deals not crossed lapse
            self.asked = []
            self.deals = []
            self.phase = ROLL

    def _close_offer(self) -> None:
        self.offer = []
        self.counter = -1
        self._council_or_roll()

    def _apply_move(self, pawn: int, branch: int) -> None:
        board = self.game.board
        space, springs = self._walk(pawn, self.roll_total(), branch)
        stack = self.game.material.spring.stack
        for river in springs:
            if self.springs[river] < len(stack):  # rule spring.coin
                self.gold[pawn // 3] += stack[self.springs[river]]
                self.springs[river] += 1
        self.pos[pawn] = space
        if board.kind[space] == VILLAGE:
            self._arrive(pawn)
            if self.ended:
                return
        self._next_turn()

    def _step(self, pawn: int) -> None:
        """Rules sacrifice.step and sacrifice.draw: the pawn takes the place and draws."""
        board = self.game.board
        place = board.place_of_yard[self.pos[pawn]]
        self.pos[pawn] = board.places[place].altar
        if not self.pile():
            # rule deck.reshuffle: the discards become a new deck (never empty: there are
            # more cards than sacrifice places)
            self.epoch += 1
            self.pools.append(sorted(self.discard))
            self.discard = []
        self.phase = DRAW

    def _arrive(self, pawn: int) -> None:
        """Rules village.hut, end.three and end.huts."""
        taken = set(self.hut)
        huts = len(self.game.huts)
        self.hut[pawn] = next(h for h in range(huts) if h not in taken)
        seat = pawn // 3
        if all(self.hut[p] >= 0 for p in self.pawns_of(seat)):
            self._end("three")
        elif all(h in set(self.hut) for h in range(huts)):
            self._end("huts")

    def _apply_card(self, card: int) -> None:
        place = self.placing()
        self.held[place] = card
        self.held_epoch[place] = self.epoch
        self._council_or_roll()

    def placing(self) -> int:
        """The sacrifice place whose new sacrificer draws a card (phase ``draw``)."""
        board = self.game.board
        for place in board.places:
            if self.held[place.index] < 0 and self.sacrificer(place.index) >= 0:
                return place.index
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
        board = self.game.board
        place = board.place_of_altar[self.pos[sac]]
        info = board.places[place]
        seat = self.turn
        price = self.card_price(place)
        party = [sac]
        kept = []
        for pawn, agreed in self.deals:
            if self.pos[pawn] == info.yard:
                self.gold[pawn // 3] -= agreed
                self.gold[seat] += agreed
                party.append(pawn)
            else:
                kept.append([pawn, agreed])
        self.deals = kept
        party += [p for p in self.pawns_of(seat) if self.pos[p] == info.yard]
        self.gold[seat] -= price
        card = self.held[place]
        self.pools[self.held_epoch[place]].remove(card)
        self.discard.append(card)
        self.held[place] = -1
        for pawn in party:
            self.pos[pawn] = info.landing
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
        if self.turns >= self.game.material.limits.max_turns:
            self._end("cap")  # rule end.cap
            return
        self.turns += 1
        self.turn = (self.turn + 1) % self.game.num_players
        self._begin_turn()

    def _begin_turn(self) -> None:
        self._council_or_roll()



_clone = compile_clone(RiverRaceState, values=_VALUES, lists=_LISTS, copies=_NESTED)
