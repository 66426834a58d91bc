"""The Hyena game's rules engine: a compact state and its transitions.

The track is a list of holes numbered by their distance from the village: the village
is hole 0 and the well hole ``length``. A mother goes out (0 → length) and comes back
(length → 0); so does the hyena, twice as fast. Positions, banks and phases are small
ints in flat lists, so a playout is cheap.

Turns (see ``docs/rules/hyena.md``, Decisions):

* ``four-sticks`` and ``traditional``: the seat's single action is ``throw``; chance
  then throws the sticks again and again until the turn-ending throw.
* ``three-sticks``: chance throws once, then the seat chooses ``bank``, ``move`` or
  ``pay`` (move and pay the holes missing to the well).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from savanna.core.display import Label
from savanna.core.errors import IllegalActionError, NotationError
from savanna.core.game import CHANCE, TERMINAL, Observation, State
from savanna.games.hyena.rules import MESSAGES

if TYPE_CHECKING:
    from savanna.games.hyena.game import HyenaGame

__all__ = [
    "ACTION_NAMES",
    "BACK",
    "BANK",
    "EATEN",
    "HOME",
    "KIND_CODES",
    "MOVE",
    "NONE",
    "OUT",
    "PAY",
    "PHASE_LETTERS",
    "THROW",
    "VILLAGE",
    "WELL",
    "HyenaState",
]

# Seat actions (ids are stable; ``num_distinct_actions`` is their count).
THROW: Final = 0
BANK: Final = 1
MOVE: Final = 2
PAY: Final = 3
ACTION_NAMES: Final = ("throw", "bank", "move", "pay")

# Phases of a mother (and of the hyena; NONE = not released yet).
NONE: Final = -1
VILLAGE: Final = 0
OUT: Final = 1
WELL: Final = 2
BACK: Final = 3
HOME: Final = 4
EATEN: Final = 5
PHASE_LETTERS: Final = "VOWBHX"
_ON_TRACK: Final = (OUT, WELL, BACK)
_IN_PLAY: Final = (VILLAGE, OUT, WELL, BACK)

# Stages of a turn.
START: Final = 0  # the seat throws (rulesets without choice)
THROWING: Final = 1  # chance throws the sticks
DECIDE: Final = 2  # the seat banks, moves or pays (three sticks)
OVER: Final = 3
_STAGE_NAMES: Final = ("start", "throw", "decide", "over")

_KIND_NULL, _KIND_TABA, _KIND_DAYS, _KIND_POINTS = 0, 1, 2, 3
KIND_CODES: Final = {
    "null": _KIND_NULL,
    "taba": _KIND_TABA,
    "days": _KIND_DAYS,
    "points": _KIND_POINTS,
}

_POSITION_RE: Final = re.compile(
    r"(?P<rules>[a-z-]+)/(?P<length>\d+) turn=(?P<turn>\d+):(?P<stage>start|throw|decide|over)"
    r"(?::(?P<pending>\d+)w)?(?: steps=(?P<steps>\d+))? mothers=(?P<mothers>[VOWBHX\d,]+) "
    r"banks=(?P<banks>[\d,]+) home=(?P<home>-|[\d,]+) hyena=(?P<hyena>-|\d+:[VOWBH]\d+)"
)


class HyenaState(State):
    """A position of the Hyena game.

    Build states with :meth:`HyenaGame.new_initial_state` or
    :meth:`HyenaGame.parse_position`; the fields are public for the renderers and the
    heuristic, but only the rules engine writes them.
    """

    game: HyenaGame

    def __init__(self, game: HyenaGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.well: int = game.length
        self.phase: list[int] = [VILLAGE] * n
        self.pos: list[int] = [0] * n
        self.bank: list[int] = [0] * n
        self.home: list[int] = []
        self.hyena_owner: int = -1
        self.hyena_phase: int = NONE
        self.hyena_pos: int = 0
        self.seat: int = 0
        self.stage: int = THROWING if game.ruleset.has_choice else START
        self.pending: int = -1
        self.steps: int = 0

    # -- protocol hooks ------------------------------------------------------------------
    def current_player(self) -> int:
        stage = self.stage
        if stage == THROWING:
            return CHANCE
        if stage == OVER:
            return TERMINAL
        return self.seat

    def _legal_actions(self) -> list[int]:
        if self.stage == START:
            return [THROW]
        actions = [BANK]
        if self._can_move():
            actions.append(MOVE)
        if self._can_pay():
            actions.append(PAY)
        return actions

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        if self.stage != THROWING:
            return []
        return list(self.game.chance_table)

    def sample_chance(self, rng: random.Random) -> int:
        """Throw the sticks: each fair stick is one random bit, white = 1.

        Exactly the probabilities of :meth:`chance_outcomes` (``comb(n, k) / 2**n``).
        """
        return rng.getrandbits(self.game.sticks).bit_count()

    def _apply_action(self, action: int) -> None:
        self.steps += 1
        stage = self.stage
        if stage == START:
            self.stage = THROWING
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

    def scores(self) -> list[float]:
        from savanna.games.hyena.scoring import scores

        return scores(self)

    def _observation(self, seat: int | None) -> Observation:
        text = self.to_text()
        data: dict[str, Any] = {
            "position": text,
            "rules": self.game.ruleset.name,
            "length": self.well,
            "mothers": [
                {"phase": PHASE_LETTERS[p], "hole": h, "tabas": b}
                for p, h, b in zip(self.phase, self.pos, self.bank, strict=True)
            ],
            "home": list(self.home),
            "hyena": None
            if self.hyena_owner < 0
            else {
                "owner": self.hyena_owner,
                "phase": PHASE_LETTERS[self.hyena_phase],
                "hole": self.hyena_pos,
            },
            "turn": self.seat,
            "stage": _STAGE_NAMES[self.stage],
            "throw": self.pending,
            "steps": self.steps,
        }
        return Observation(self.game.name, seat, data, text)

    def describe_action(self, action: int, lang: str = "en") -> str:
        """The action in words: the throw and what it is worth, or what the decision does."""
        game = self.game
        say = MESSAGES.text
        if self.stage == THROWING:
            throw = game.ruleset.throws[action]
            what = (
                say(f"wording.table.{throw.kind}", lang) if throw.kind in ("null", "taba") else str(throw.value)
            )
            return say("action.outcome", lang, white=action, what=what)
        if action == THROW:
            return say("action.throw", lang)
        value = game.values[self.pending]
        if action == BANK:
            return say("action.bank", lang, value=value)
        if self.seat == self.hyena_owner:
            return say("action.hyena_move", lang, holes=value * game.ruleset.hyena_speed)
        if action == PAY:
            return say("action.pay", lang, value=value, missing=self._missing(self.seat))
        return say("action.move", lang, value=value)

    def action_to_text(self, action: int) -> str:
        if self.stage == THROWING:
            if not 0 <= action <= self.game.sticks:
                raise ValueError(f"no throw {action!r} with {self.game.sticks} sticks")
            return f"{action}w"
        if not 0 <= action < len(ACTION_NAMES):
            raise ValueError(f"no hyena action {action!r}")
        return ACTION_NAMES[action]

    def parse_action(self, text: str) -> int:
        """Read ``text``: ``throw``, ``bank``, ``move``, ``pay`` or a throw such as ``2w``.

        Raises:
            NotationError: the text is none of these.
            IllegalActionError: it is one of them but a rule refuses it here.
        """
        word = " ".join(text.strip().lower().split())
        if self.stage == OVER:
            raise IllegalActionError(text, self.game.rule("game.over"))
        match = re.fullmatch(r"(\d)w", word)
        if match:
            white = int(match.group(1))
            if white > self.game.sticks:
                raise MESSAGES.notation_error(text, "notation.throw", {"sticks": self.game.sticks})
            if self.stage != THROWING:
                raise IllegalActionError(text, self.game.rule("chance.not_now"))
            return white
        if word in ACTION_NAMES:
            action = ACTION_NAMES.index(word)
            if self.stage == THROWING:
                raise self.game.refuse(text, "seat.not_to_act", Label("detail.throwing"))
            if action not in self._legal_actions():
                raise self.explain_illegal(action)
            return action
        raise MESSAGES.notation_error(text, "notation.action")

    def explain_illegal(self, action: int) -> IllegalActionError:
        """The error naming the rule that refuses seat action ``action`` here."""
        refuse = self.game.refuse
        name = self.action_to_text_safe(action)
        if self.stage == OVER:
            return refuse(name, "game.over")
        if not self.game.ruleset.has_choice:
            if action == THROW:
                return refuse(name, "turn.until_two", Label("detail.thrown"))
            return refuse(name, "turn.throw_only")
        if action == THROW:
            return refuse(name, "turn.bank_or_move", Label("detail.throw_made"))
        seat = self.seat
        if action == MOVE:
            return refuse(name, self._move_refusal(seat))
        if action == PAY:
            return refuse(name, "well.pay_missing", self._pay_refusal_detail(seat))
        return refuse(name, "action.not_legal")

    def to_text(self) -> str:
        stage = _STAGE_NAMES[self.stage]
        if self.stage == DECIDE:
            stage += f":{self.pending}w"
        mothers = ",".join(
            f"{PHASE_LETTERS[p]}{h}" for p, h in zip(self.phase, self.pos, strict=True)
        )
        hyena = (
            "-"
            if self.hyena_owner < 0
            else f"{self.hyena_owner}:{PHASE_LETTERS[self.hyena_phase]}{self.hyena_pos}"
        )
        return (
            f"{self.game.ruleset.name}/{self.well} turn={self.seat}:{stage} steps={self.steps} "
            f"mothers={mothers} banks={','.join(map(str, self.bank))} "
            f"home={','.join(map(str, self.home)) or '-'} hyena={hyena}"
        )

    def clone(self) -> HyenaState:
        other = HyenaState.__new__(HyenaState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.phase = list(self.phase)
        other.pos = list(self.pos)
        other.bank = list(self.bank)
        other.home = list(self.home)
        return other

    # -- rules -----------------------------------------------------------------------------
    def _can_move(self) -> bool:
        return self._move_refusal(self.seat) == ""

    def _move_refusal(self, seat: int) -> str:
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

    def _missing(self, seat: int) -> int:
        """Holes a mother on her way out would still miss after moving the pending throw."""
        return self.well - self.pos[seat] - self.game.values[self.pending]

    def _can_pay(self) -> bool:
        seat = self.seat
        if seat == self.hyena_owner or self.phase[seat] != OUT:
            return False
        missing = self._missing(seat)
        return 0 < missing <= self.bank[seat]

    def _pay_refusal_detail(self, seat: int) -> Label:
        """Why ``pay`` is refused to ``seat`` now (rule well.pay_missing)."""
        if seat == self.hyena_owner or self.phase[seat] != OUT:
            return Label("detail.pay_not_out")
        missing = self._missing(seat)
        if missing <= 0:
            return Label("detail.pay_not_short")
        return Label("detail.pay_missing", {"missing": missing, "banked": self.bank[seat]})

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
        if game.ends_turn[white] or not self._is_active(seat):
            self._next_turn()  # rule turn.until_two (or the seat has nothing left to move)

    def _gain_while_waiting(self, seat: int, kind: int) -> None:
        # rule well.wait: which throws bring a taba while a fee is due
        if kind == _KIND_TABA or (
            kind != _KIND_NULL and self.game.ruleset.wait_gain == "any-scoring-throw"
        ):
            self.bank[seat] += 1

    def _mother_throw(self, seat: int, kind: int, value: int) -> None:
        phase = self.phase[seat]
        rs = self.game.ruleset
        if phase == VILLAGE:
            if kind == _KIND_TABA:
                self.phase[seat] = OUT  # rule depart.taba: the thrown taba pays her way out
            return
        if phase == WELL:
            self._gain_while_waiting(seat, kind)
            self._pay_well(seat)
            return
        if kind == _KIND_TABA:
            self.bank[seat] += 1  # rule move.taba
        elif kind == _KIND_DAYS:
            if phase == OUT:
                target = self.pos[seat] + value
                if target >= self.well:
                    if target > self.well and rs.well_arrival == "exact-step-in":
                        return  # rule well.exact: too long a throw does not move her
                    self._arrive_at_well(seat)
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
            self._gain_while_waiting(seat, kind)
            self._pay_hyena(seat, rs.hyena_fee, OUT)
        elif phase == WELL:
            self._gain_while_waiting(seat, kind)
            self._pay_hyena(seat, rs.hyena_well_fee, BACK)
        elif kind == _KIND_TABA:
            self.bank[seat] += 1
        elif kind == _KIND_DAYS:
            self._hyena_run(value * rs.hyena_speed)

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
                self.bank[seat] -= rs.hyena_fee
                self.hyena_phase = OUT
            elif self.hyena_phase == WELL:
                self.bank[seat] -= rs.hyena_well_fee
                self.hyena_phase = BACK
            self._hyena_run(value * rs.hyena_speed)
        else:
            phase = self.phase[seat]
            if action == PAY:
                self.bank[seat] -= self._missing(seat)  # rule well.pay_missing
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
                self.bank[seat] -= rs.well_fee
                self.phase[seat] = BACK
                self._walk_home(seat, value)
            else:
                self._walk_home(seat, value)
        self.pending = -1
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
                if phase in _ON_TRACK and self.pos[seat] >= hyena:
                    self.phase[seat] = EATEN
        if self.hyena_phase == HOME or not any(p in _IN_PLAY for p in self.phase):
            self.stage = OVER
            self.pending = -1

    def _is_active(self, seat: int) -> bool:
        if seat == self.hyena_owner:
            return self.hyena_phase != HOME
        return self.phase[seat] in _IN_PLAY

    def _next_turn(self) -> None:
        n = self.game.num_players
        for step in range(1, n + 1):
            seat = (self.seat + step) % n
            if self._is_active(seat):  # rule turn.skip
                self.seat = seat
                break
        self.stage = THROWING if self.game.ruleset.has_choice else START

    # -- position notation -------------------------------------------------------------
    @classmethod
    def from_text(cls, game: HyenaGame, text: str) -> HyenaState:
        """Rebuild a position written by :meth:`to_text` for ``game``.

        Raises:
            NotationError: when the text is malformed or does not fit the game.
        """
        match = _POSITION_RE.fullmatch(" ".join(text.strip().split()))
        if not match:
            raise MESSAGES.notation_error(text, "notation.position", {"example": game.new_initial_state().to_text()})
        n = game.num_players
        state = cls(game)

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
        state.stage = _STAGE_NAMES.index(match["stage"])
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
        if state.stage != OVER and not state._is_active(state.seat):
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
