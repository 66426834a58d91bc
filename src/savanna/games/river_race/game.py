"""The configured river race: spec, options, and the wiring of the modules.

Each job of the game has its module (see the package page); :class:`RiverRaceGame` answers
the core protocol by handing each question to the module that knows.
"""

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
from savanna.core.restriction import Restriction
from savanna.games.river_race import (
    evaluation,
    heuristic,
    observation,
    render,
    restrictions,
    scoring,
)
from savanna.games.river_race.actions import NUM_ACTIONS
from savanna.games.river_race.board import Board, load_board
from savanna.games.river_race.components import DEFAULT_MATERIAL, MATERIALS, Material, load_material
from savanna.games.river_race.notation import parse_position
from savanna.games.river_race.rules import MESSAGES, rule_catalogue
from savanna.games.river_race.state import RiverRaceState
from savanna.games.river_race.tables import RiverTables, tables_of

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
        ChoiceOption(
            "material",
            DEFAULT_MATERIAL,
            **MESSAGES.option_words("material"),
            stored="first",
            choices=MATERIALS,
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
        self.material: Material = load_material(str(self.options["material"]))
        self.huts: list[int] = self.material.huts(self.num_players)
        self.tables: RiverTables = tables_of(self.num_players, str(self.options["material"]))
        """The map and material as the engine reads them (shared by this game's states)."""
        self.parsed_views: dict[str, tuple[RiverRaceState, list[int]]] = {}
        """Observed positions already parsed, with their hidden places (kept by
        :func:`~savanna.games.river_race.observation.sample_state`; never handed out)."""
        self.rolls: tuple[tuple[int, ...], ...] = self.tables.rolls
        self.roll_table: tuple[tuple[int, Fraction], ...] = self.tables.roll_chances
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

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the parsed positions (a copy starts with none)."""
        return {**self.__dict__, "parsed_views": {}}

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
        return rule_catalogue(self.num_players, str(self.options["material"]))

    def parse_position(self, text: str) -> RiverRaceState:
        """Rebuild a state from :meth:`RiverRaceState.to_text` (its history is empty).

        Raises:
            NotationError: the text is not a consistent position of this configured game.
        """
        return parse_position(self, text)

    # -- observations ------------------------------------------------------------------
    @property
    def observation_tensor_shape(self) -> tuple[int, ...]:
        return (observation.tensor_size(self),)

    def observation_tensor(self, observation_: Observation) -> list[float]:
        return observation.observation_tensor(self, observation_)

    def observation_tensor_in_state(self, state: State, seat: int | None) -> list[float]:
        """The tensor read from the state itself (the same floats; only ``seat``'s card)."""
        assert isinstance(state, RiverRaceState)
        return observation.observation_tensor_in_state(self, state, self.check_seat(seat))

    def sample_state(self, observation_: Observation, rng: random.Random) -> RiverRaceState:
        """A full state consistent with ``observation``: other seats' cards redrawn.

        See :func:`savanna.games.river_race.observation.sample_state`.
        """
        return observation.sample_state(self, observation_, rng)

    # -- strategy --------------------------------------------------------------------------
    def heuristic_action(self, observation_: Observation, legal_actions: Sequence[int], rng: random.Random) -> int:
        return heuristic.choose(self, observation_, legal_actions, rng)

    def heuristic_action_in_state(self, state: State, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The heuristic's choice read from the state (the others' cards redrawn as from the
        observation, with the same draws): the coach's fast path."""
        if not isinstance(state, RiverRaceState):
            raise TypeError(f"a river race state is needed, not {type(state).__name__}")
        return heuristic.choose_in_state(state, legal_actions, rng)

    def restrictions(self) -> tuple[Restriction, ...]:
        """The decisions the lab may take away (:mod:`savanna.games.river_race.restrictions`)."""
        return restrictions.restrictions()

    # -- what the coach asks (savanna.coach) -------------------------------------------
    def outcome_questions(self) -> tuple[OutcomeQuestion, ...]:
        """How the game ends, who takes the best hut, then each seat's final place."""
        return (*scoring.outcome_questions(self), *super().outcome_questions())

    def secret(self, observation_: Observation) -> Label | None:
        """The sacrifice cards the seat holds (see :func:`savanna.games.river_race.observation.secret`)."""
        return observation.secret(observation_)

    def outcomes(self, state: State) -> dict[str, str]:
        if not isinstance(state, RiverRaceState):
            raise TypeError(f"a river race state is needed, not {type(state).__name__}")
        return {**scoring.outcomes(state), **super().outcomes(state)}

    def evaluate(self, state: State) -> list[float]:
        """Each seat's expected final score (see :mod:`savanna.games.river_race.evaluation`)."""
        if not isinstance(state, RiverRaceState):
            raise TypeError(f"a river race state is needed, not {type(state).__name__}")
        return evaluation.estimate_scores(state)

    def game_statistics(self, state: State) -> dict[str, Any]:
        """Balance facts of a finished game (see :func:`savanna.games.river_race.scoring.statistics`)."""
        if not isinstance(state, RiverRaceState):
            raise TypeError(f"a river race state is needed, not {type(state).__name__}")
        return scoring.statistics(state)

    # -- drawings ------------------------------------------------------------------------
    def render_text(self, observation_: Observation, lang: str = "en") -> str:
        return render.render_text(self, observation_, lang)

    def render_svg(self, observation_: Observation, lang: str = "en") -> str:
        return render.render_svg(self, observation_, lang)

    def action_walk(self, state: State, action: int) -> tuple[str, ...]:
        assert isinstance(state, RiverRaceState)
        return render.action_walk(state, action)

    def text_styles(self, lang: str = "en") -> list[tuple[str, str]]:
        return render.text_styles(self)

    def legend(self, lang: str = "en") -> list[tuple[str, str]]:
        return render.legend(lang)

    def drawing_legend(self, lang: str = "en") -> list[tuple[str, str]]:
        return render.drawing_legend(lang, self.num_players)

    def rules_summary(self, lang: str = "en") -> str:
        """The rules in short, then the price table of the sacrifice cards (issue 26: the
        terminal's and the browser's help show it)."""
        prices = ", ".join(f"{c.number}: {c.upper}/{c.lower}" for c in self.material.cards)
        rent = self.material.negotiation.rent
        parts = [MESSAGES.text("help.summary", lang)]
        if rent:  # rule council.rent (the second material)
            parts.append(MESSAGES.text("help.rent", lang, rent=rent))
        if self.material.negotiation.withdraw:  # rule sacrifice.withdraw (the second material)
            parts.append(MESSAGES.text("help.withdraw", lang))
        parts.append(MESSAGES.text("help.prices", lang, count=len(self.material.cards), prices=prices))
        return "\n\n".join(parts)

    def private_summary(self, observation_: Observation, lang: str = "en") -> list[str]:
        """The seat's own sacrifice cards and their prices (rule ``sacrifice.secret``)."""
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
            for card in observation.view(observation_)["cards"]
            if card["prices"] is not None
        ]

    def score_sheets(self, observation_: Observation) -> list[ScoreSheet] | None:
        """Gold, then each hut, per seat (rules ``score.total`` and ``score.tie``)."""
        return scoring.score_sheets(observation_, self.huts)

