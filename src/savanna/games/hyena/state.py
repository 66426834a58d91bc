"""The Hyena game's phase machine: a compact position, its legal actions and transitions.

The track is a list of holes numbered by their distance from the village: the village
is hole 0 and the well hole ``length``. A mother goes out (0 → length) and comes back
(length → 0); so does the hyena, twice as fast. Positions, banks and places are small
ints in flat lists (:mod:`.phase` names them), so a playout is cheap.

Turns (see ``docs/rules/hyena.md``, Decisions):

* ``four-sticks`` and ``traditional``: the seat's single action is ``throw``; chance
  then throws the sticks again and again until the turn-ending throw.
* ``three-sticks``: chance throws once, then the seat chooses ``bank``, ``move`` or
  ``pay`` (move and pay the holes missing to the well).

The other jobs live next door: notation (:mod:`.notation`), what a seat sees
(:mod:`.observation`), why an action is refused (:mod:`.rules`), the score (:mod:`.scoring`).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from savanna.core.errors import IllegalActionError
from savanna.core.game import CHANCE, TERMINAL, Observation, State, compile_clone
from savanna.games.hyena.actions import BANK, MOVE, PAY, THROW
from savanna.games.hyena.notation import (
    action_text,
    describe,
    local_text,
    parse_action,
    position_text,
)
from savanna.games.hyena.observation import observe
from savanna.games.hyena.phase import IN_PLAY, NO_OWNER, NO_THROW, ON_TRACK, Kind, Place, Stage
from savanna.games.hyena.render import action_targets
from savanna.games.hyena.rules import MESSAGES, refusal
from savanna.games.hyena.scoring import scores

if TYPE_CHECKING:
    from savanna.games.hyena.game import HyenaGame

__all__ = ["HyenaState"]

# Plain int constants for the hot paths (a position stores the values of the enums); a
# compiled build (``make compile``) inlines these literals. Checked against the enums below.
NONE: Final = -1
VILLAGE: Final = 0
OUT: Final = 1
WELL: Final = 2
BACK: Final = 3
HOME: Final = 4
EATEN: Final = 5
START: Final = 0
THROWING: Final = 1
DECIDE: Final = 2
OVER: Final = 3
FIRST: Final = 4
_NULL: Final = 0
_TABA: Final = 1
_DAYS: Final = 2
if (
    tuple(int(p) for p in Place) != (NONE, VILLAGE, OUT, WELL, BACK, HOME, EATEN)
    or tuple(int(s) for s in Stage) != (START, THROWING, DECIDE, OVER, FIRST)
    or (int(Kind.NULL), int(Kind.TABA), int(Kind.DAYS)) != (_NULL, _TABA, _DAYS)
):
    raise ImportError("the constants of hyena.state must follow hyena.phase")

_VALUES: Final = ("well", "hyena_owner", "hyena_phase", "hyena_pos", "seat", "stage", "pending", "steps")
"""Fields holding ints."""
_LISTS: Final = ("phase", "pos", "bank", "home", "days")
"""Fields holding lists of ints. With :data:`_VALUES`, the declared fields of a position:
``__slots__`` is made of them and ``clone`` is written from them (``compile_clone``)."""


class HyenaState(State):
    """A position of the Hyena game.

    Build states with :meth:`HyenaGame.new_initial_state` or
    :meth:`HyenaGame.parse_position`; the fields are public for the other modules of the
    game, but only this module writes them.

    Attributes:
        well: the well's hole (the track's length).
        phase: each mother's :class:`~.phase.Place` value.
        pos: each mother's hole.
        bank: each seat's banked tabas (the hyena's owner pays the hyena's fees from it).
        days: each mother's days banked while she waits at the well (rule ``well.wait``,
            traditional), walked when she sets off home.
        home: the seats whose mother is home, in order of arrival.
        hyena_owner: the seat playing the hyena, or :data:`~.phase.NO_OWNER`.
        hyena_phase, hyena_pos: where the hyena is (:class:`~.phase.Place`, hole).
        seat: the seat whose turn it is.
        stage: the :class:`~.phase.Stage` of the turn.
        pending: the throw waiting for a decision (white sides), or :data:`~.phase.NO_THROW`.
        steps: actions applied, chance included (rule ``end.cap``).
    """

    __slots__ = (*_VALUES, *_LISTS)

    game: HyenaGame
    history: list[int]
    well: int
    phase: list[int]
    pos: list[int]
    bank: list[int]
    days: list[int]
    home: list[int]
    hyena_owner: int
    hyena_phase: int
    hyena_pos: int
    seat: int
    stage: int
    pending: int
    steps: int

    def __init__(self, game: HyenaGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.well = game.length
        self.phase = [VILLAGE] * n
        self.pos = [0] * n
        self.bank = [0] * n
        self.days = [0] * n
        self.home = []
        self.hyena_owner = NO_OWNER
        self.hyena_phase = NONE
        self.hyena_pos = 0
        self.seat = 0
        self.stage = FIRST if game.options["first"] == "draw" else self._turn_stage()
        self.pending = NO_THROW
        self.steps = 0
        if self.stage != FIRST:
            self._catch_up(0)

    def clone(self) -> HyenaState:
        """An independent copy: every declared field (lists copied) and the history."""
        return _clone(self)

    # -- protocol hooks ------------------------------------------------------------------
    def current_player(self) -> int:
        stage = self.stage
        if stage in (THROWING, FIRST):
            return CHANCE
        if stage == OVER:
            return TERMINAL
        return self.seat

    # The core's three questions asked at every action, answered from the stage directly
    # (the same answers as the core's, without going through current_player).
    def is_terminal(self) -> bool:
        return self.stage == OVER

    def is_chance_node(self) -> bool:
        stage = self.stage
        return stage in (THROWING, FIRST)  # a throw, or the draw of rule setup.first

    def legal_actions(self) -> list[int]:
        stage = self.stage
        if stage == OVER:
            return []
        if stage in (THROWING, FIRST):
            return [a for a, _ in self.chance_outcomes()]
        return self._legal_actions()

    def _legal_actions(self) -> list[int]:
        if self.stage == START:
            return [THROW]  # rule turn.throw_only
        actions = [BANK]  # rule turn.bank_or_move
        if self.move_refusal(self.seat) == "":
            actions.append(MOVE)
        if self.can_pay():
            actions.append(PAY)
        return actions

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        if self.stage == FIRST:
            n = self.game.num_players
            return [(seat, Fraction(1, n)) for seat in range(n)]  # rule setup.first
        if self.stage != THROWING:
            return []
        return list(self.game.chance_table)

    def sample_chance(self, rng: random.Random) -> int:
        """Throw the sticks: each fair stick is one random bit, white = 1.

        Exactly the probabilities of :meth:`chance_outcomes` (``comb(n, k) / 2**n``); the
        draw of the first player is uniform over the seats.
        """
        if self.stage == FIRST:
            return rng.randrange(self.game.num_players)
        return rng.getrandbits(self.game.sticks).bit_count()

    def _apply_action(self, action: int) -> None:
        self.steps += 1
        stage = self.stage
        if stage == START:
            self.stage = THROWING
        elif stage == FIRST:
            self.seat = action  # rule setup.first
            self._catch_up(action)
            self.stage = self._turn_stage()
        elif stage == THROWING:
            if self.game.ruleset.has_choice:
                self.pending = action
                self.stage = DECIDE
            else:
                self._apply_throw(action)
        else:
            self._apply_decision(action)
        if self.stage != OVER and self.steps >= self.game.max_game_length:
            self.stage = OVER  # rule end.cap

    def _catch_up(self, first: int) -> None:
        """Rule setup.catchup: each player after ``first`` banks the tabas of their place."""
        tabas = self.game.catchup
        n = len(tabas)
        for k in range(1, n):
            self.bank[(first + k) % n] += tabas[k]

    def scores(self) -> list[float]:
        return scores(self)

    # -- notation, observations, refusals (their own modules) -----------------------------
    def _observation(self, seat: int | None) -> Observation:
        return observe(self, seat)

    def action_to_text(self, action: int) -> str:
        return action_text(self, action)

    def parse_action(self, text: str) -> int:
        """Read ``text``: ``throw``, ``bank``, ``move``, ``pay`` or a throw such as ``2w``.

        Raises:
            NotationError: the text is none of these.
            IllegalActionError: it is one of them but a rule refuses it here.
        """
        return parse_action(self, text)

    def describe_action(self, action: int, lang: str = "en") -> str:
        """The action in words: the throw and what it is worth, or what the decision does."""
        return describe(self, action, lang)

    def local_action_text(self, action: int, lang: str = "en") -> str:
        return local_text(self.action_to_text(action), lang)

    def only_choice_reason(self, lang: str = "en") -> str:
        """Why ``bank`` is the only choice: the clause that refuses ``move`` now."""
        if self.stage != DECIDE or self.legal_actions() != [BANK]:
            return ""
        clause = self.move_refusal(self.seat)
        return MESSAGES.text("only.bank", lang, why=self.game.rule(clause).text(lang)) if clause else ""

    def action_targets(self, action: int) -> tuple[str, ...]:
        """The sticks a throw names, the seat's tabas a bank names, the piece a move names, the
        well a payment names (keys of :func:`~savanna.games.hyena.render.render_svg`)."""
        return action_targets(self, action)

    def explain_illegal(self, action: int) -> IllegalActionError:
        """The error naming the rule that refuses seat action ``action`` here."""
        rule_id, detail = refusal(self, action)
        return self.game.refuse(self.action_to_text_safe(action), rule_id, detail)

    def to_text(self) -> str:
        return position_text(self)

    # -- rules -----------------------------------------------------------------------------
    def move_refusal(self, seat: int) -> str:
        """The clause refusing ``move`` for ``seat`` now, or ``""`` when it is allowed."""
        rs = self.game.ruleset
        if seat == self.hyena_owner:
            if self.hyena_phase == VILLAGE and self.bank[seat] < rs.hyena_fee:
                return "hyena.fee"
            if self.hyena_phase == WELL and self.bank[seat] < rs.hyena_well_fee:
                return "hyena.well_fee"
            return ""
        phase = self.phase[seat]
        if phase == VILLAGE and self.bank[seat] < 1:
            return "depart.fee"
        if phase == WELL and self.bank[seat] < rs.well_fee:
            return "well.fee"
        return ""

    def missing(self, seat: int) -> int:
        """Holes a mother on her way out would still miss after moving the pending throw."""
        return self.well - self.pos[seat] - self.game.values[self.pending]

    def can_pay(self) -> bool:
        """Whether the seat to act may pay its way into the well (rule ``well.pay_missing``)."""
        seat = self.seat
        if seat == self.hyena_owner or self.phase[seat] != OUT:
            return False
        missing = self.missing(seat)
        return 0 < missing <= self.bank[seat]

    def is_active(self, seat: int) -> bool:
        """Whether ``seat`` still plays: its mother in play, or the hyena not home."""
        if seat == self.hyena_owner:
            return self.hyena_phase != HOME
        return self.phase[seat] in IN_PLAY

    def _apply_throw(self, white: int) -> None:
        """A throw in the rulesets where one throws until the turn-ending throw."""
        game = self.game
        seat = self.seat
        kind = game.kinds[white]
        value = game.values[white]
        if seat == self.hyena_owner:
            self._hyena_throw(seat, kind, value)
        else:
            self._mother_throw(seat, kind, value)
        self._after_move()
        if self.stage == OVER:
            return
        if game.ends_turn[white] or not self.is_active(seat):
            self._next_turn()  # rule turn.until_two (or the seat has nothing left to move)

    def _gain_while_waiting(self, seat: int, kind: int, value: int) -> None:
        # rule well.wait: which throws bring tabas while a fee is due
        if kind == _TABA:
            self.bank[seat] += 1
        elif kind != _NULL and self.game.ruleset.wait_gain == "throw-value":
            self.bank[seat] += value  # as many tabas as the throw is worth

    def _mother_throw(self, seat: int, kind: int, value: int) -> None:
        phase = self.phase[seat]
        rs = self.game.ruleset
        if phase == VILLAGE:
            if kind == _TABA:
                self.phase[seat] = OUT  # rule depart.taba: the thrown taba pays her way out
            return
        if phase == WELL:
            self._gain_while_waiting(seat, kind, value)
            if kind == _DAYS and rs.wait_banks_days:
                self.days[seat] += value  # rule well.wait: banked for later use
            self._pay_well(seat)
            if self.phase[seat] == BACK and self.days[seat]:
                days, self.days[seat] = self.days[seat], 0
                self._walk_home(seat, days)  # she sets off with the days banked
            return
        if kind == _TABA:
            self.bank[seat] += 1  # rule move.taba
        elif kind == _DAYS:
            if phase == OUT:
                target = self.pos[seat] + value
                if target >= self.well:
                    if target > self.well and rs.well_arrival == "exact-step-in":
                        return  # rule well.exact: too long a throw does not move her
                    self._arrive_at_well(seat)  # rule well.stop
                    return
                self.pos[seat] = target
            else:
                self._walk_home(seat, value)
                return
        if (
            self.phase[seat] == OUT
            and rs.well_arrival == "exact-step-in"
            and self.pos[seat] == self.well - 1
            and self.bank[seat] >= 1
        ):
            self.bank[seat] -= 1  # rule well.step_in
            self._arrive_at_well(seat)

    def _arrive_at_well(self, seat: int) -> None:
        self.phase[seat] = WELL
        self.pos[seat] = self.well
        if not self.game.ruleset.has_choice:
            self._pay_well(seat)

    def _pay_well(self, seat: int) -> None:
        fee = self.game.ruleset.well_fee
        if self.bank[seat] >= fee:  # rule well.fee, paid as soon as the bank allows
            self.bank[seat] -= fee
            self.phase[seat] = BACK

    def _walk_home(self, seat: int, days: int) -> None:
        self.pos[seat] -= days
        if self.pos[seat] <= 0:  # rule home.reach
            self.pos[seat] = 0
            self.phase[seat] = HOME
            self.home.append(seat)
            if self.hyena_owner < 0:  # rule home.first
                self.hyena_owner = seat
                self.hyena_phase = VILLAGE
                self.hyena_pos = 0
                if not self.game.ruleset.has_choice:
                    self._pay_hyena(seat, self.game.ruleset.hyena_fee, OUT)

    def _pay_hyena(self, seat: int, fee: int, then: int) -> None:
        if self.bank[seat] >= fee:  # rules hyena.fee and hyena.well_fee
            self.bank[seat] -= fee
            self.hyena_phase = then

    def _hyena_throw(self, seat: int, kind: int, value: int) -> None:
        phase = self.hyena_phase
        rs = self.game.ruleset
        if phase == VILLAGE:
            self._gain_while_waiting(seat, kind, value)
            self._pay_hyena(seat, rs.hyena_fee, OUT)
        elif phase == WELL:
            self._gain_while_waiting(seat, kind, value)
            self._pay_hyena(seat, rs.hyena_well_fee, BACK)
        elif kind == _TABA:
            self.bank[seat] += 1
        elif kind == _DAYS:
            self._hyena_run(value * rs.hyena_speed)  # rule hyena.speed

    def _hyena_run(self, holes: int) -> None:
        if self.hyena_phase == OUT:
            self.hyena_pos += holes
            if self.hyena_pos >= self.well:  # rule hyena.well
                self.hyena_pos = self.well
                self.hyena_phase = WELL
                if not self.game.ruleset.has_choice:
                    self._pay_hyena(self.hyena_owner, self.game.ruleset.hyena_well_fee, BACK)
        elif self.hyena_phase == BACK:
            self.hyena_pos -= holes
            if self.hyena_pos <= 0:
                self.hyena_pos = 0
                self.hyena_phase = HOME

    def _apply_decision(self, action: int) -> None:
        """A bank-or-move decision after the one throw of a three-sticks turn."""
        seat = self.seat
        value = self.game.values[self.pending]
        rs = self.game.ruleset
        if action == BANK:
            self.bank[seat] += value
        elif seat == self.hyena_owner:
            if self.hyena_phase == VILLAGE:
                self.bank[seat] -= rs.hyena_fee  # rule hyena.fee
                self.hyena_phase = OUT
            elif self.hyena_phase == WELL:
                self.bank[seat] -= rs.hyena_well_fee  # rule hyena.well_fee
                self.hyena_phase = BACK
            self._hyena_run(value * rs.hyena_speed)  # rule hyena.speed
        else:
            phase = self.phase[seat]
            if action == PAY:
                self.bank[seat] -= self.missing(seat)  # rule well.pay_missing
                self._arrive_at_well(seat)
            elif phase == VILLAGE:
                self.bank[seat] -= 1  # rule depart.fee
                self.phase[seat] = OUT
                self.pos[seat] = value
            elif phase == OUT:
                target = self.pos[seat] + value
                if target > self.well:
                    target = 2 * self.well - target  # rule well.bounce
                if target == self.well:
                    self._arrive_at_well(seat)  # rule well.exact
                else:
                    self.pos[seat] = target
            elif phase == WELL:
                self.bank[seat] -= rs.well_fee  # rule well.fee
                self.phase[seat] = BACK
                self._walk_home(seat, value)
            else:
                self._walk_home(seat, value)
        self.pending = NO_THROW
        self._after_move()
        if self.stage != OVER:
            self._next_turn()

    def _after_move(self) -> None:
        """Devour (rule hyena.devours) and end the game (rule end.game) when due."""
        if self.hyena_owner < 0:
            return
        if self.hyena_phase in (BACK, HOME):
            hyena = self.hyena_pos
            for seat, phase in enumerate(self.phase):
                if phase in ON_TRACK and self.pos[seat] >= hyena:
                    self.phase[seat] = EATEN
                    self.days[seat] = 0  # her banked days go with her
        if self.hyena_phase == HOME or not any(p in IN_PLAY for p in self.phase):
            self.stage = OVER
            self.pending = NO_THROW

    def _next_turn(self) -> None:
        n = self.game.num_players
        for step in range(1, n + 1):
            seat = (self.seat + step) % n
            if self.is_active(seat):  # rule turn.skip
                self.seat = seat
                break
        self.stage = self._turn_stage()

    def _turn_stage(self) -> int:
        """How a turn starts: chance throws (three sticks) or the seat throws."""
        return THROWING if self.game.ruleset.has_choice else START


_clone = compile_clone(HyenaState, values=_VALUES, lists=_LISTS)
