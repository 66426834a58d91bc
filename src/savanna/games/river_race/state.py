"""The river race's phase machine: the position's fields, who acts, the chance outcomes,
the legal actions and the transitions.

A turn goes through these phases (:class:`~.phase.Phase`; ``docs/rules/river-race.md``,
Turns):

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
modules of this package, but only this module writes them. Where a pawn may go is
:mod:`.walking`'s question, what the council offers :mod:`.council`'s; the other jobs live
next door: notation (:mod:`.notation`), what a seat sees (:mod:`.observation`), why an
action is refused (:mod:`.rules`), the score (:mod:`.scoring`), the drawing's targets
(:mod:`.render`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
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
    COUNTER_IDS,
    K_ACCEPT,
    K_COUNTER,
    K_CROSS,
    K_MOVE,
    K_OFFER,
    K_PASS,
    K_REFUSE,
    K_STEP,
    K_WITHDRAW,
    PASS_ID,
    REFUSE_ID,
    ROLL_ID,
    Card,
    Coin,
    First,
    Roll,
    from_id,
)
from savanna.games.river_race.board import VILLAGE
from savanna.games.river_race.council import (
    card_price,
    council_ids,
    dealt_gold,
    has_council,
    rent_due,
    sacrificer,
    sacrificers,
)
from savanna.games.river_race.notation import describe, local_text, parse_action, position_text
from savanna.games.river_race.observation import observe
from savanna.games.river_race.phase import (
    ANSWER,
    CHANCE_PHASES,
    COIN,
    COUNCIL,
    DRAW,
    FIRST,
    MOVE,
    NO_CARD,
    NO_COUNTER,
    NOBODY,
    OVER,
    PHASES,
    REPLY,
    ROLL,
)
from savanna.games.river_race.render import action_targets
from savanna.games.river_race.rules import MESSAGES, refusal
from savanna.games.river_race.scoring import ranking, totals
from savanna.games.river_race.tables import RiverTables
from savanna.games.river_race.walking import move_ids, walk

if TYPE_CHECKING:
    from savanna.games.river_race.game import RiverRaceGame

__all__ = ["RiverRaceState"]

_CHANCE_ACTS: Final[tuple[bool, ...]] = tuple(p in CHANCE_PHASES for p in range(len(PHASES)))
"""Whether chance acts in each phase (read at every action)."""

_VALUES: Final = (
    "first", "turn", "turns", "phase", "ones", "rings", "persecutor", "epoch", "counter", "ended", "tables",
)
"""Fields holding ints or strings, and the game's shared :class:`~.tables.RiverTables`."""
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
_COUNTER_IDS: Final[tuple[int, ...]] = COUNTER_IDS


def _gcd(a: int, b: int) -> int:
    """The greatest common divisor of two positive ints (``math.gcd``, as a native loop)."""
    while b:
        a, b = b, a % b
    return a


class RiverRaceState(State):
    """A position of the river race.

    Build states with :meth:`RiverRaceGame.new_initial_state` or
    :meth:`RiverRaceGame.parse_position`.

    Attributes:
        first: the seat that plays first (-1 until drawn).
        turn: the seat whose turn it is.
        turns: turns begun so far (rule ``end.cap``).
        phase: a :class:`~.phase.Phase` value.
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
        ended: the ending (one of :data:`~.phase.ENDINGS`) once over, else ``""``.
        tables: the game's :class:`~.tables.RiverTables` (shared, never written).
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
        self.first = NOBODY
        self.turn = 0
        self.turns = 0
        self.phase = FIRST
        self.dice = []
        self.ones = 0
        self.pos = [game.board.camp] * (3 * n)
        self.hut = [NOBODY] * (3 * n)
        self.gold = [0] * n
        self.rings = 0
        self.persecutor = game.material.persecutor.start[n]  # rule setup.persecutor
        self.bag = list(game.material.bag.coins)
        self.springs = [0] * game.board.rivers
        self.held = [NO_CARD] * len(game.board.places)
        self.held_epoch = [0] * len(game.board.places)
        self.pools = [list(range(len(game.material.cards)))]
        self.epoch = 0
        self.discard = []
        self.asked = []
        self.deals = []
        self.offer = []
        self.counter = NO_COUNTER
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
            moves = move_ids(self)
            return moves or [PASS_ID]
        if phase == COUNCIL:
            actions = council_ids(self)
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
            return list(self.tables.roll_chances)
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
        return [float(t) for t in totals(self)]

    def ranking(self) -> list[int]:
        return ranking(self)

    def _observation(self, seat: int | None) -> Observation:
        return observe(self, seat)

    def action_to_text(self, action: int) -> str:
        phase = self.phase
        if _CHANCE_ACTS[phase]:
            return str(self.chance_value(action))
        return str(from_id(action))

    def parse_action(self, text: str) -> int:
        return parse_action(self, text)

    def action_viewers(self, action: int) -> Audience:
        """Everything is public but a drawn card, which its sacrificer alone reads."""
        if self.phase == DRAW:
            return Audience.seats_only(self.turn)
        return EVERYONE

    def action_targets(self, action: int) -> tuple[str, ...]:
        """The pawn and the space a move, a step up or a crossing points at in the SVG."""
        return action_targets(self, action)

    def describe_action(self, action: int, lang: str = "en") -> str:
        return describe(self, action, lang)

    def local_action_text(self, action: int, lang: str = "en") -> str:
        return local_text(self.action_to_text(action), lang)

    def menu_order(self, actions: Sequence[int]) -> list[int]:
        """In the council, ``roll`` (which ends it) comes last: typing 1 never skips a crossing."""
        ordered = list(actions)
        if self.phase == COUNCIL and ROLL_ID in ordered and len(ordered) > 1:
            ordered.remove(ROLL_ID)
            ordered.append(ROLL_ID)
        return ordered

    def only_choice_reason(self, lang: str = "en") -> str:
        """Why the council offers nothing but ``roll`` (rules council.when, sacrifice.step,
        council.sacrificer)."""
        if self.phase != COUNCIL or self.legal_actions() != [ROLL_ID]:
            return ""
        sacs = sacrificers(self)
        for place in range(len(self.held)):
            if sacs[place] >= 0 and sacs[place] // 3 == self.turn and self.held[place] != NO_CARD:
                price, have = card_price(self, place), self.gold[self.turn] + dealt_gold(self, place)
                return MESSAGES.text("only.council_price", lang, price=price, have=have)
        return MESSAGES.text("only.council", lang)

    def explain_illegal(self, action: int) -> IllegalActionError:
        clause, detail = refusal(self, action)
        try:
            name: object = str(from_id(action))
        except ValueError:
            name = action
        return self.game.refuse(name, clause, detail)

    def to_text(self) -> str:
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
        if phase == ROLL and 0 <= action < len(self.tables.rolls):
            return Roll(self.tables.rolls[action])
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

    def roll_total(self) -> int:
        """The total of this turn's dice."""
        total = 0
        for face in self.dice:
            total += face
        return total

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
        self.counter = NO_COUNTER

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
        elif kind == K_WITHDRAW:
            self._withdraw(3 * self.turn + _ACTION_ARG[action])
        else:  # Done
            self._end_council()

    def _end_council(self) -> None:
        """The bargaining is over: rent is paid for the cards kept, the deals not crossed
        lapse, and the dice are rolled next (rules council.when, council.rent)."""
        self._pay_rent()
        self.asked = []
        self.deals = []
        self.phase = ROLL

    def _pay_rent(self) -> None:
        """Rule council.rent: rolling while holding a card pays each waiting rival seat."""
        seat = self.turn
        rent = self.tables.rent
        for payee in rent_due(self):
            paid = min(rent, self.gold[seat])
            self.gold[seat] -= paid
            self.gold[payee] += paid

    def _close_offer(self) -> None:
        self.offer = []
        self.counter = NO_COUNTER
        self._council_or_roll()

    def _apply_move(self, pawn: int, branch: int) -> None:
        space, springs = walk(self, pawn, self.roll_total(), branch)
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
            if self.held[place] == NO_CARD and sacrificer(self, place) >= 0:
                return place
        raise ValueError("no sacrifice place is waiting for its card")

    def _council_or_roll(self) -> None:
        if has_council(self):
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
        price = card_price(self, place)
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
        self._reveal(place)
        landing = tables.landing[place]
        for pawn in party:
            self.pos[pawn] = landing
        self._persecutor_step()
        if not self.ended:
            self._council_or_roll()

    def _withdraw(self, sac: int) -> None:
        """Rule sacrifice.withdraw: the card is revealed and discarded, the pawn steps down
        into the courtyard, and the bargaining is over (the dice are rolled next)."""
        tables = self.tables
        place = tables.place_of_altar[self.pos[sac]]
        self._reveal(place)
        self.pos[sac] = tables.yard[place]
        self._end_council()

    def _reveal(self, place: int) -> None:
        """The card held at ``place`` is revealed and discarded (rules cross.payment,
        sacrifice.withdraw)."""
        card = self.held[place]
        self.pools[self.held_epoch[place]].remove(card)
        self.discard.append(card)
        self.held[place] = NO_CARD

    def _next_turn(self) -> None:
        self.asked = []
        self.deals = []
        self.offer = []
        self.counter = NO_COUNTER
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
