"""The configured river race: spec, options, chance tables and the doors to the modules
(notation, observation, scoring, render, evaluation, heuristic)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final

from savanna.core.display import Label, ScoreSheet
from savanna.core.errors import RuleRef
from savanna.core.game import Game, GameSpec, Observation, State
from savanna.core.options import ChoiceOption
from savanna.core.outcome import OutcomeQuestion
from savanna.games.river_race.actions import NUM_ACTIONS, rolls
from savanna.games.river_race.board import Board, load_board
from savanna.games.river_race.components import Material, load_material
from savanna.games.river_race.rules import MESSAGES, rule_catalogue
from savanna.games.river_race.state import RiverRaceState, RiverTables

__all__ = ["SPEC", "RiverRaceGame"]

SPEC: Final = GameSpec(
    name="river-race",
    **MESSAGES.title_words(),
    min_players=2,
    max_players=5,
    default_players=4,
    options=(
        ChoiceOption(
            "first",
            "draw",
            **MESSAGES.option_words("first"),
            choices=("draw", "seat1"),
        ),
    ),
    perfect_information=False,
    version=1,
    rules_document="docs/rules/river-race.md",
    aliases=("river_race", "course-du-fleuve"),
)


class RiverRaceGame(Game):
    """The river race for 2 to 5 players.

    Example:
        >>> game = RiverRaceGame(players=3, options={"first": "seat1"})
        >>> state = game.new_initial_state()
        >>> state.is_chance_node(), len(state.legal_actions())
        (True, 21)
    """

    spec: ClassVar[GameSpec] = SPEC
    catalogue = MESSAGES

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.board: Board = load_board()
        self.material: Material = load_material()
        self.huts: list[int] = self.material.huts(self.num_players)
        self.rolls: tuple[tuple[int, ...], ...] = rolls(self.material.dice.count)
        ways = [_arrangements(r) for r in self.rolls]
        total = 6 ** self.material.dice.count
        self.roll_table: tuple[tuple[int, Fraction], ...] = tuple(
            (i, Fraction(w, total)) for i, w in enumerate(ways)
        )
        m = self.material
        n = self.num_players
        # a turn: up to 3 steps up and their 3 draws, 3 bargaining actions for each rival
        # pawn (offer, counter, reply), 3 crossings, roll, the dice, a coin per die, a move
        per_turn = 3 + 3 + 3 * 3 * (n - 1) + 3 + 1 + 1 + m.dice.count + 1
        self._max_length = 1 + m.limits.max_turns * per_turn
        gold = (
            sum(m.gold.start[n])
            + sum(v * c for v, c in enumerate(m.bag.coins, start=1))
            + self.board.rivers * sum(m.spring.stack)
        )
        self._top = float(gold + sum(sorted(self.huts, reverse=True)[:3]))
        self.tables = RiverTables(self)
        """The map and material as the engine reads them (shared by this game's states)."""

    def new_initial_state(self) -> RiverRaceState:
        return RiverRaceState(self)

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def max_chance_outcomes(self) -> int:
        return max(len(self.rolls), 6, len(self.material.cards), self.spec.max_players)

    @property
    def max_game_length(self) -> int:
        return self._max_length

    @property
    def score_bounds(self) -> tuple[float, float]:
        return (0.0, self._top)

    def rules(self) -> Mapping[str, RuleRef]:
        return rule_catalogue(self.num_players)

    def parse_position(self, text: str) -> RiverRaceState:
        """Rebuild a state from :meth:`RiverRaceState.to_text` (its history is empty).

        Raises:
            NotationError: the text is not a consistent position of this configured game.
        """
        from savanna.games.river_race.notation import parse_position

        return parse_position(self, text)

    # -- observations ------------------------------------------------------------------
    @property
    def observation_tensor_shape(self) -> tuple[int, ...]:
        from savanna.games.river_race.observation import tensor_size

        return (tensor_size(self),)

    def observation_tensor(self, observation: Observation) -> list[float]:
        from savanna.games.river_race.observation import observation_tensor

        return observation_tensor(self, observation)

    def observation_tensor_in_state(self, state: State, seat: int | None) -> list[float]:
        """The tensor read from the state itself (the same floats; only ``seat``'s card)."""
        from savanna.games.river_race.observation import observation_tensor_in_state

        assert isinstance(state, RiverRaceState)
        return observation_tensor_in_state(self, state, self.check_seat(seat))

    def sample_state(self, observation: Observation, rng: random.Random) -> RiverRaceState:
        """A full state consistent with ``observation``: other seats' cards redrawn.

        See :func:`savanna.games.river_race.observation.sample_state`.
        """
        from savanna.games.river_race.observation import sample_state

        return sample_state(self, observation, rng)

    # -- strategy --------------------------------------------------------------------------
    def heuristic_action(self, observation: Observation, legal_actions: Sequence[int], rng: random.Random) -> int:
        from savanna.games.river_race.heuristic import choose

        return choose(self, observation, legal_actions, rng)

    def heuristic_action_in_state(self, state: State, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The heuristic's choice read from the state (the others' cards redrawn as from the
        observation, with the same draws): the coach's fast path."""
        from savanna.games.river_race.heuristic import choose_in_state

        if not isinstance(state, RiverRaceState):
            raise TypeError(f"a river race state is needed, not {type(state).__name__}")
        return choose_in_state(state, legal_actions, rng)

    # -- what the coach asks (savanna.coach) -------------------------------------------
    def outcome_questions(self) -> tuple[OutcomeQuestion, ...]:
        """How the game ends, who takes the best hut, then each seat's final place."""
        from savanna.games.river_race.scoring import outcome_questions

        return (*outcome_questions(self), *super().outcome_questions())

    def secret(self, observation: Observation) -> Label | None:
        """The sacrifice cards the seat holds (see :func:`savanna.games.river_race.observation.secret`)."""
        from savanna.games.river_race.observation import secret

        return secret(observation)

    def outcomes(self, state: State) -> dict[str, str]:
        from savanna.games.river_race.scoring import outcomes

        if not isinstance(state, RiverRaceState):
            raise TypeError(f"a river race state is needed, not {type(state).__name__}")
        return {**outcomes(state), **super().outcomes(state)}

    def evaluate(self, state: State) -> list[float]:
        """Each seat's expected final score (see :mod:`savanna.games.river_race.evaluation`)."""
        from savanna.games.river_race.evaluation import estimate_scores

        if not isinstance(state, RiverRaceState):
            raise TypeError(f"a river race state is needed, not {type(state).__name__}")
        return estimate_scores(state)

    def game_statistics(self, state: State) -> dict[str, Any]:
        """Balance facts of a finished game (see :func:`savanna.games.river_race.scoring.statistics`)."""
        from savanna.games.river_race.scoring import statistics

        if not isinstance(state, RiverRaceState):
            raise TypeError(f"a river race state is needed, not {type(state).__name__}")
        return statistics(state)

    # -- drawings ------------------------------------------------------------------------
    def render_text(self, observation: Observation, lang: str = "en") -> str:
        from savanna.games.river_race.render import render_text

        return render_text(self, observation, lang)

    def render_svg(self, observation: Observation, lang: str = "en") -> str:
        from savanna.games.river_race.render import render_svg

        return render_svg(self, observation, lang)

    def text_styles(self, lang: str = "en") -> list[tuple[str, str]]:
        from savanna.games.river_race.render import text_styles

        return text_styles(self)

    def legend(self, lang: str = "en") -> list[tuple[str, str]]:
        from savanna.games.river_race.render import legend

        return legend(lang)

    def rules_summary(self, lang: str = "en") -> str:
        return MESSAGES.text("help.summary", lang)

    def private_summary(self, observation: Observation, lang: str = "en") -> list[str]:
        """The seat's own sacrifice cards and their prices (rule ``sacrifice.secret``)."""
        from savanna.games.river_race.observation import view

        return [
            MESSAGES.text(
                "private.card",
                lang,
                pawn=card["pawn"],
                number=card["card"],
                upper=card["prices"][0],
                lower=card["prices"][1],
                place=card["place"],
                price=card["price"],
            )
            for card in view(observation)["cards"]
            if card["prices"] is not None
        ]

    def score_sheets(self, observation: Observation) -> list[ScoreSheet] | None:
        """Gold, then each hut, per seat (rules ``score.total`` and ``score.tie``)."""
        from savanna.games.river_race.scoring import score_sheets

        return score_sheets(observation, self.huts)


def _arrangements(faces: tuple[int, ...]) -> int:
    """How many ordered rolls give the sorted roll ``faces``."""
    from math import factorial

    ways = factorial(len(faces))
    for value in set(faces):
        ways //= factorial(faces.count(value))
    return ways
