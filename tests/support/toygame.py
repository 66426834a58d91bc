"""A tiny hidden-information race used to test interfaces against the core protocol alone.

Three runners (A, B, C) race on a track of ``length`` spaces. Each seat is dealt a secret
card naming one runner (a hidden chance outcome). On a turn, chance rolls a die of 1..3 and
the seat to act moves one runner that far. The first runner to reach the end wins; seats
whose card names it score 1, the others 0. It is registered only inside the test suite.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

from savanna.core import (
    CHANCE,
    EVERYONE,
    TERMINAL,
    Audience,
    Game,
    GameSpec,
    IllegalActionError,
    IntOption,
    NotationError,
    Observation,
    RuleRef,
    State,
)

RUNNERS = "ABC"
_RULES = {
    r.id: r
    for r in (
        RuleRef("toy", "move.runner", en="Move one of the three runners.", fr="Déplacez un des trois coureurs.",
                source="design"),
        RuleRef("toy", "move.finished", en="A runner at the end cannot move.",
                fr="Un coureur arrivé ne peut plus bouger.", source="design"),
    )
}


class ToyGame(Game):
    spec = GameSpec(
        name="toy",
        title="Toy race",
        titles=(("en", "Toy race"), ("fr", "Course jouet")),
        min_players=2,
        max_players=4,
        default_players=2,
        options=(IntOption("length", 6, low=3, high=20, help="track length"),),
        perfect_information=False,
        version=1,
        rules_document="tests/support/toygame.py",
    )

    @property
    def length(self) -> int:
        return int(self.options["length"])

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    @property
    def num_distinct_actions(self) -> int:
        return 3

    @property
    def max_chance_outcomes(self) -> int:
        return 3

    @property
    def max_game_length(self) -> int:
        return self.num_players + 2 * 3 * self.length

    @property
    def score_bounds(self) -> tuple[float, float]:
        return (0.0, 1.0)

    def rules(self) -> Mapping[str, RuleRef]:
        return _RULES

    def parse_position(self, text: str) -> ToyState:
        try:
            raw = json.loads(text)
            state = ToyState(self)
            state.cards = [int(c) for c in raw["cards"]]
            state.pos = [int(p) for p in raw["pos"]]
            state.roll = int(raw["roll"])
            state.turn = int(raw["turn"])
        except (ValueError, KeyError, TypeError) as exc:
            raise NotationError(text, "a toy position") from exc
        return state

    @property
    def observation_tensor_shape(self) -> tuple[int, ...]:
        return (3 + 1 + 3,)

    def observation_tensor(self, observation: Observation) -> list[float]:
        d = observation.data
        card = [0.0, 0.0, 0.0]
        if d["card"] is not None:
            card[d["card"]] = 1.0
        return [p / self.length for p in d["pos"]] + [d["roll"] / 3] + card

    def sample_state(self, observation: Observation, rng: random.Random) -> ToyState:
        d = observation.data
        state = ToyState(self)
        state.pos = list(d["pos"])
        state.roll = d["roll"]
        state.turn = d["turn"]
        state.cards = [
            (d["card"] if seat == observation.seat else rng.randrange(3)) if seat < d["dealt"] else -1
            for seat in range(self.num_players)
        ]
        return state

    def heuristic_action(self, observation: Observation, legal_actions: Sequence[int], rng: random.Random) -> int:
        card = observation.data["card"]
        if card in legal_actions:
            return int(card)
        return legal_actions[rng.randrange(len(legal_actions))]

    def render_text(self, observation: Observation, lang: str = "en") -> str:
        d = observation.data
        lines = [f"{RUNNERS[i]} |{'.' * p}o{'.' * (self.length - p)}|" for i, p in enumerate(d["pos"])]
        if d["card"] is not None:
            lines.append(f"card: {RUNNERS[d['card']]}")
        return "\n".join(lines)

    def render_svg(self, observation: Observation, lang: str = "en") -> str:
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{self.render_text(observation, lang)}</text></svg>'


class ToyState(State):
    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        self.toy = game
        self.cards: list[int] = [-1] * game.num_players
        self.pos = [0, 0, 0]
        self.roll = 0
        self.turn = 0

    def current_player(self) -> int:
        if max(self.pos) >= self.toy.length:
            return TERMINAL
        if -1 in self.cards or self.roll == 0:
            return CHANCE
        return self.turn

    def _legal_actions(self) -> list[int]:
        return [i for i in range(3) if self.pos[i] < self.toy.length]

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(i, Fraction(1, 3)) for i in range(3)]

    def _apply_action(self, action: int) -> None:
        if -1 in self.cards:
            self.cards[self.cards.index(-1)] = action
        elif self.roll == 0:
            self.roll = action + 1
        else:
            self.pos[action] = min(self.toy.length, self.pos[action] + self.roll)
            self.roll = 0
            self.turn = (self.turn + 1) % self.toy.num_players

    def explain_illegal(self, action: int) -> IllegalActionError:
        return IllegalActionError(self.action_to_text(action), self.toy.rule("move.finished"))

    def scores(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.toy.num_players
        winner = max(range(3), key=lambda i: self.pos[i])
        return [1.0 if c == winner else 0.0 for c in self.cards]

    def _observation(self, seat: int | None) -> Observation:
        data = {
            "pos": list(self.pos),
            "roll": self.roll,
            "turn": self.turn,
            "dealt": self.cards.index(-1) if -1 in self.cards else len(self.cards),
            "card": self.cards[seat] if seat is not None and self.cards[seat] >= 0 else None,
        }
        return Observation("toy", seat, data, json.dumps(data, sort_keys=True))

    def action_viewers(self, action: int) -> Audience:
        """A dealt card is read by its receiver only; rolls and moves are public."""
        if -1 in self.cards:
            return Audience.seats_only(self.cards.index(-1))
        return EVERYONE

    def action_to_text(self, action: int) -> str:
        if -1 in self.cards:
            return f"deal {RUNNERS[action]}"
        if self.roll == 0:
            return f"roll {action + 1}"
        return f"move {RUNNERS[action]}"

    def parse_action(self, text: str) -> int:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "move" and words[1].upper() in RUNNERS and not self.is_chance_node():
            action = RUNNERS.index(words[1].upper())
            if action not in self.legal_actions():
                raise self.explain_illegal(action)
            return action
        return super().parse_action(text)

    def to_text(self) -> str:
        return json.dumps({"cards": self.cards, "pos": self.pos, "roll": self.roll, "turn": self.turn})

    def clone(self) -> ToyState:
        other = ToyState(self.toy)
        other.cards = list(self.cards)
        other.pos = list(self.pos)
        other.roll = self.roll
        other.turn = self.turn
        other.history = list(self.history)
        return other
