"""The configured Hyena game: spec, options, the chance table, and the wiring of the modules.

Each job of the game has its module (see the package page); :class:`HyenaGame` answers the
core protocol by handing each question to the module that knows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from savanna.core.display import ScoreSheet
from savanna.core.errors import RuleRef
from savanna.core.game import Game, GameSpec, Observation, State
from savanna.core.options import FIRST_PLAYER, BoolOption, ChoiceOption, IntOption
from savanna.core.outcome import OutcomeQuestion
from savanna.core.restriction import Restriction
from savanna.games.hyena import evaluation, heuristic, observation, render, scoring
from savanna.games.hyena.actions import BANK, NUM_ACTIONS, PAY
from savanna.games.hyena.notation import parse_position
from savanna.games.hyena.phase import KIND_CODES
from savanna.games.hyena.rules import MESSAGES, rule_catalogue
from savanna.games.hyena.ruleset import RULESET_NAMES, load_ruleset
from savanna.games.hyena.state import HyenaState

__all__ = ["DEFAULT_LENGTH", "DEFAULT_RULES", "SPEC", "HyenaGame", "catchup_tabas"]

DEFAULT_RULES: Final = "three-sticks"
"""The default ruleset: the only one where players take decisions (bank or move)."""
DEFAULT_LENGTH: Final = 40
"""Holes from the village to the well by default (the seed allows 30 to 80 points)."""

SPEC: Final = GameSpec(
    name="hyena",
    **MESSAGES.title_words(),
    min_players=2,
    max_players=6,
    default_players=4,
    options=(
        ChoiceOption(
            "rules",
            DEFAULT_RULES,
            **MESSAGES.option_words("rules"),
            choices=RULESET_NAMES,
        ),
        IntOption(
            "length",
            DEFAULT_LENGTH,
            **MESSAGES.option_words("length"),
            low=30,
            high=80,
        ),
        FIRST_PLAYER,
        BoolOption(
            "catchup",
            False,
            **MESSAGES.option_words("catchup"),
        ),
    ),
    perfect_information=True,
    version=2,
    rules_document="docs/rules/hyena.md",
    aliases=("lib-el-merafib", "hyene"),
)

_CAP_PER_HOLE_AND_SEAT: Final = 50
"""Actions allowed per hole and seat before the game is stopped (rule end.cap).

Random players finish every measured game far below this bound (see docs/rules/hyena.md,
Ending); it exists so that every playout ends, even an adversarial one.
"""


def catchup_tabas(
    values: Sequence[int], probabilities: Sequence[Fraction], players: int
) -> tuple[int, ...]:
    """The tabas each place in the play order starts with under option ``catchup`` (rule
    ``setup.catchup``): the ``k``-th player after the first is ``k / players`` of a turn behind,
    so starts with that share of what a throw is worth on average, rounded half up.

    Example:
        >>> from savanna.games.hyena.ruleset import load_ruleset
        >>> rs = load_ruleset("three-sticks")  # a throw is worth 9/4 tabas on average
        >>> catchup_tabas([t.value for t in rs.throws], rs.probabilities, 4)
        (0, 1, 1, 2)
        >>> catchup_tabas([t.value for t in rs.throws], rs.probabilities, 6)
        (0, 0, 1, 1, 2, 2)
    """
    mean = sum((Fraction(v) * p for v, p in zip(values, probabilities, strict=True)), Fraction(0))
    return tuple(math.floor(mean * k / players + Fraction(1, 2)) for k in range(players))


class HyenaGame(Game):
    """The Hyena game for 2 to 6 players, in one of three rulesets.

    Example:
        >>> game = HyenaGame(players=2, options={"rules": "four-sticks", "length": 30})
        >>> state = game.new_initial_state()
        >>> state.legal_action_texts()  # chance first draws who plays first (option first)
        ['first 0', 'first 1']
        >>> state.apply_text("first 1")
        1
        >>> state.current_player(), state.legal_action_texts()
        (1, ['throw'])
    """

    spec = SPEC
    catalogue = MESSAGES

    def __init__(
        self, players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(players, options)
        self.ruleset = load_ruleset(str(self.options["rules"]))
        self.length: int = int(self.options["length"])
        self.sticks: int = self.ruleset.sticks
        throws = self.ruleset.throws
        self.kinds: tuple[int, ...] = tuple(KIND_CODES[t.kind] for t in throws)
        self.values: tuple[int, ...] = tuple(t.value for t in throws)
        self.ends_turn: tuple[bool, ...] = tuple(t.ends_turn for t in throws)
        self.chance_table: tuple[tuple[int, Fraction], ...] = tuple(
            enumerate(self.ruleset.probabilities)
        )
        self.catchup: tuple[int, ...] = (
            catchup_tabas(self.values, self.ruleset.probabilities, self.num_players)
            if self.options["catchup"]
            else ()
        )
        self._rules = rule_catalogue(self.ruleset)
        self._max_length = _CAP_PER_HOLE_AND_SEAT * self.length * self.num_players

    def new_initial_state(self) -> HyenaState:
        return HyenaState(self)

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def max_chance_outcomes(self) -> int:
        return max(self.sticks + 1, self.num_players)  # a throw, or the draw of the first seat

    @property
    def max_game_length(self) -> int:
        return self._max_length

    @property
    def score_bounds(self) -> tuple[float, float]:
        return (0.0, float(self.num_players))

    def rules(self) -> Mapping[str, RuleRef]:
        return self._rules

    def parse_position(self, text: str) -> HyenaState:
        """Rebuild a state from :meth:`HyenaState.to_text` (its history is empty).

        Raises:
            NotationError: when the text is not a position of this configured game.
        """
        if not isinstance(text, str):
            raise MESSAGES.notation_error(repr(text), "notation.text")
        return parse_position(self, text)

    # -- observations and search ------------------------------------------------------
    @property
    def observation_tensor_shape(self) -> tuple[int, ...]:
        return (observation.tensor_size(self),)

    def observation_tensor(self, observation_: Observation) -> list[float]:
        return observation.observation_tensor(self, observation_)

    def observation_tensor_in_state(self, state: State, seat: int | None) -> list[float]:
        """The tensor read from the state itself (the same floats, without the observation)."""
        assert isinstance(state, HyenaState)
        return observation.observation_tensor_in_state(self, state, self.check_seat(seat))

    def sample_state(self, observation_: Observation, rng: random.Random) -> HyenaState:
        """Perfect information: the observation's position is the state (``rng`` unused)."""
        return observation.sample_state(self, observation_, rng)

    def heuristic_action(self, observation_: Observation, legal_actions: Sequence[int], rng: random.Random) -> int:
        return heuristic.choose(self, observation_, legal_actions)

    def restrictions(self) -> tuple[Restriction, ...]:
        """The decisions the lab may take away from a bot (restricted play): banking a
        throw as tabas, and paying the holes missing to the well."""
        return tuple(
            Restriction.dropping(
                name, MESSAGES.text(f"restriction.{name}", "en"), MESSAGES.text(f"restriction.{name}", "fr"), [action]
            )
            for name, action in (("never-bank", BANK), ("never-pay", PAY))
        )

    # -- what the coach asks (savanna.coach) -------------------------------------------
    def heuristic_action_in_state(self, state: State, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The heuristic's choice read from the state itself (nothing is hidden)."""
        assert isinstance(state, HyenaState)
        return heuristic.choose_in_state(self, state, legal_actions)

    def outcome_questions(self) -> tuple[OutcomeQuestion, ...]:
        """Who comes home first (and releases the hyena), then each seat's final place."""
        return (scoring.home_first_question(self.num_players), *super().outcome_questions())

    def outcomes(self, state: State) -> dict[str, str]:
        assert isinstance(state, HyenaState)
        return {"home_first": scoring.home_first(state), **super().outcomes(state)}

    def evaluate(self, state: State) -> list[float]:
        """Each seat's expected final score (see :mod:`savanna.games.hyena.evaluation`)."""
        if not isinstance(state, HyenaState):
            raise TypeError(f"a hyena state is needed, not {type(state).__name__}")
        return evaluation.estimate_scores(self, state)

    # -- what people are shown -------------------------------------------------------
    def render_text(self, observation_: Observation, lang: str = "en") -> str:
        return render.render_text(observation_, lang, self.throw_worth(lang))

    def throw_worth(self, lang: str = "en") -> list[str]:
        """What each throw (by number of white sides) is worth, in words (``worth 3``)."""
        out = []
        for throw in self.ruleset.throws:
            if throw.kind in ("null", "taba"):
                out.append(self.message(f"wording.table.{throw.kind}", lang))
            else:
                out.append(self.message("wording.worth", lang, value=throw.value))
        return out

    def render_svg(self, observation_: Observation, lang: str = "en") -> str:
        return render.render_svg(observation_, lang, self.throw_worth(lang), self.sticks)

    def private_summary(self, observation_: Observation, lang: str = "en") -> list[str]:
        """The seat's own mother (and hyena) in sentences; this game has no secrets."""
        return render.private_summary(observation_, lang)

    def text_styles(self, lang: str = "en") -> list[tuple[str, str]]:
        return render.text_styles(lang)

    def legend(self, lang: str = "en") -> list[tuple[str, str]]:
        return render.legend(lang)

    def has_decisions(self) -> bool:
        """Only the bank-or-move ruleset has decisions; the others only throw."""
        return self.ruleset.has_choice

    def drawing_legend(self, lang: str = "en") -> list[tuple[str, str]]:
        return render.drawing_legend(lang, self.num_players, self.sticks)

    def rules_summary(self, lang: str = "en") -> str:
        """The ruleset's turn, fees and speed in a few lines (from the catalogue)."""
        rs = self.ruleset
        key = "help.rules_choice" if rs.has_choice else "help.rules_throw"
        return self.message(
            key,
            lang,
            length=self.length,
            sticks=rs.sticks,
            well_fee=rs.well_fee,
            hyena_fee=rs.hyena_fee,
            hyena_well_fee=rs.hyena_well_fee,
            speed=rs.hyena_speed,
            throws=self._throws_in_words(lang),
        ).strip()

    def _throws_in_words(self, lang: str) -> str:
        """Every throw of a throw-until ruleset and what it does, the turn-enders said."""
        entries = []
        for t in self.ruleset.throws:
            if t.kind in ("null", "taba"):
                what = self.message(f"wording.table.{t.kind}", lang)
            else:
                what = self.message("wording.table.days", lang, value=t.value)
            if t.ends_turn:
                what = self.message("wording.table.ends", lang, what=what)
            entries.append(self.message("wording.table.entry", lang, white=t.white, what=what))
        return (" ; " if lang == "fr" else "; ").join(entries)

    def score_sheets(self, observation_: Observation) -> list[ScoreSheet] | None:
        """The score sheets once the game is over (everything is public)."""
        state = parse_position(self, observation.view(observation_)["position"])
        return scoring.score_sheets(state) if state.is_terminal() else None

    def game_statistics(self, state: State) -> dict[str, Any]:
        """Balance facts of a finished game (see :func:`.scoring.game_statistics`)."""
        if not isinstance(state, HyenaState):
            raise TypeError(f"a hyena state is needed, not {type(state).__name__}")
        return scoring.game_statistics(state)
