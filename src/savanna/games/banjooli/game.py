"""The configured Banjooli Xeet game: spec, options, layouts, and the wiring of the modules.

Each job of the game has its module (see the package page); :class:`BanjooliGame` answers
the core protocol by handing each question to the module that knows.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, Final

from savanna.core.display import Label, ScoreSheet
from savanna.core.errors import RuleRef
from savanna.core.game import Game, GameSpec, Observation, State
from savanna.core.options import FIRST_PLAYER, BoolOption, ChoiceOption, IntOption
from savanna.core.outcome import OutcomeQuestion
from savanna.core.restriction import Restriction
from savanna.games.banjooli import evaluation, heuristic, observation, render, scoring
from savanna.games.banjooli.actions import KEEP_ID, NUM_ACTIONS, SPELL_IDS
from savanna.games.banjooli.components import load_data
from savanna.games.banjooli.notation import parse_position
from savanna.games.banjooli.phase import PHASE_NAMES, Phase
from savanna.games.banjooli.rules import MESSAGES, RULES
from savanna.games.banjooli.state import BanjooliState

__all__ = ["ACTIONS_PER_TURN", "MAX_TURNS", "SPEC", "BanjooliGame"]

MAX_TURNS: Final = 400
"""Turn limit (rule ``end.turn_cap``): a game still running after 400 turns ends there."""
ACTIONS_PER_TURN: Final = 100
"""A bound on the actions of one turn (six dice, a reroll of six, a decision, the steps, a
frenzy of five dice and five moves); berry chances add at most 60 per game."""

_STRAIGHTS: Final = load_data().fronts("straight")
"""The common straight tiles (plain, quicksand, rocks, dry_river)."""
_CURVES: Final = load_data().fronts("curve")
"""The common curve tiles (bend_left, bend_right)."""
_BERRY_IDS: Final = tuple(b.id for b in load_data().berries)
"""The berry tokens, in the order the rules list them."""

SPEC: Final = GameSpec(
    name="banjooli",
    **MESSAGES.title_words(),
    min_players=2,
    max_players=5,
    default_players=4,
    options=(
        IntOption("tiles", 4, low=4, high=6, **MESSAGES.option_words("tiles")),
        ChoiceOption("special", "none", choices=("none", "crocodiles", "ravine", "lava", "vortex"),
                     **MESSAGES.option_words("special")),
        BoolOption("berries", False, **MESSAGES.option_words("berries")),
        BoolOption("lion", False, **MESSAGES.option_words("lion")),
        FIRST_PLAYER,
    ),
    perfect_information=False,
    version=3,
    rules_document="docs/rules/banjooli.md",
    aliases=("banjooli-xeet",),
)


def layouts(tiles: int, special: str) -> tuple[tuple[str, ...], ...]:
    """Every legal sequence of physical tiles (named by their front faces): no two curves
    adjacent; the special tile replaces a straight (rule ``setup.layout``). Which side each
    common tile shows is a second chance node (``sides``)."""
    pool = _STRAIGHTS + _CURVES + ((special,) if special != "none" else ())
    out = []
    for seq in itertools.permutations(pool, tiles):
        if special != "none" and special not in seq:
            continue
        if any(a in _CURVES and b in _CURVES for a, b in itertools.pairwise(seq)):
            continue
        out.append(seq)
    return tuple(out)


class BanjooliGame(Game):
    """Banjooli Xeet for 2 to 5 players (options ``tiles``, ``special``, ``berries``, ``lion``)."""

    spec: ClassVar[GameSpec] = SPEC
    catalogue = MESSAGES

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.layouts = layouts(int(self.options["tiles"]), str(self.options["special"]))
        """Every legal order of the physical tiles; the ``layout`` chance outcome indexes it."""
        self.layout_set = frozenset(self.layouts)
        self.max_turns = MAX_TURNS

    def new_initial_state(self) -> BanjooliState:
        return BanjooliState(self)

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    @cached_property
    def max_chance_outcomes(self) -> int:
        return max(len(self.layouts), 1 << int(self.options["tiles"]), 11)

    @property
    def max_game_length(self) -> int:
        return 3 + 2 * self.num_players + self.max_turns * ACTIONS_PER_TURN + 60

    @property
    def score_bounds(self) -> tuple[float, float]:
        return (0.0, 26.0)

    def rules(self) -> Mapping[str, RuleRef]:
        return RULES

    # -- notation, observations, search ----------------------------------------------
    def parse_position(self, text: str) -> BanjooliState:
        """Rebuild a state from :meth:`BanjooliState.to_text` (``?`` secrets are left unknown).

        Raises:
            NotationError: when the text is not a Banjooli position of this configuration.
        """
        return parse_position(self, text)

    @property
    def observation_tensor_shape(self) -> tuple[int, ...]:
        return (observation.TENSOR_SIZE,)

    def observation_tensor(self, observation_: Observation) -> list[float]:
        return observation.observation_tensor(self, observation_)

    def observation_tensor_in_state(self, state: State, seat: int | None) -> list[float]:
        """The tensor read from the state itself (the same floats, without the observation)."""
        assert isinstance(state, BanjooliState)
        return observation.observation_tensor_in_state(self, state, self.check_seat(seat))

    def sample_state(self, observation_: Observation, rng: random.Random) -> BanjooliState:
        return observation.sample_state(self, observation_, rng)

    def evaluate(self, state: State) -> list[float]:
        """Each seat's expected score over likely ends of the race (see :mod:`.evaluation`)."""
        assert isinstance(state, BanjooliState)
        return evaluation.estimate_scores(state)

    def heuristic_action(self, observation_: Observation, legal_actions: Sequence[int], rng: random.Random) -> int:
        return heuristic.choose(self, observation_, legal_actions, rng)

    def restrictions(self) -> tuple[Restriction, ...]:
        """The decisions the lab may take away from a bot (restricted play): casting a
        spell, and rerolling dice (``keep`` whenever it is legal)."""
        words = {
            name: (MESSAGES.text(f"restriction.{name}", "en"), MESSAGES.text(f"restriction.{name}", "fr"))
            for name in ("never-spell", "never-reroll")
        }
        rerolls = [a for a in range(KEEP_ID, KEEP_ID + 64) if a != KEEP_ID]
        return (
            Restriction.dropping("never-spell", *words["never-spell"], SPELL_IDS),
            Restriction.dropping("never-reroll", *words["never-reroll"], rerolls),
        )

    # -- what the coach asks (savanna.coach) -------------------------------------------
    def heuristic_action_in_state(self, state: State, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The heuristic's choice without building the observation (same action, same draws)."""
        assert isinstance(state, BanjooliState)
        return heuristic.choose_in_state(state, legal_actions, rng)

    def outcome_questions(self) -> tuple[OutcomeQuestion, ...]:
        """Where each ostrich finishes: 1st, 2nd, 3rd, the unique last, or another place."""
        return scoring.OUTCOME_QUESTIONS

    def action_paths(self, state: State, action: int) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
        """Keeping the dice or a move, then the square its ostrich stops on (a whole path)."""
        assert isinstance(state, BanjooliState)
        return render.action_paths(state, action)

    def plays_itself(self, state: State, action: int) -> bool:
        """A step with no fork."""
        assert isinstance(state, BanjooliState)
        return render.plays_itself(state, action)

    def outcomes(self, state: State) -> dict[str, str]:
        assert isinstance(state, BanjooliState)
        return scoring.outcomes(state)

    def determinizations(self, observation_: Observation) -> list[State] | None:
        """Every assignment of the unseen cards (504 with 4 players), or ``None`` above 1,000."""
        listed = observation.determinizations(self, observation_)
        return None if listed is None else list(listed)

    def secret(self, observation_: Observation) -> Label | None:
        """The seat's Prediction card, worded as on the score sheets."""
        return observation.secret(observation_)

    def secret_in_state(self, state: State, seat: int) -> Label | None:
        """:meth:`secret` read from the state's cards (the same label, without the observation)."""
        assert isinstance(state, BanjooliState)
        card = state.cards[seat]
        return None if card < 0 else observation.card_label(card)

    # -- what people are shown -------------------------------------------------------
    def render_text(self, observation_: Observation, lang: str = "en") -> str:
        return render.board_text(observation_, lang)

    def render_svg(self, observation_: Observation, lang: str = "en") -> str:
        return render.board_svg(observation_, lang, self.num_players)

    def text_styles(self, lang: str = "en") -> list[tuple[str, str]]:
        return render.text_styles(lang)

    def legend(self, lang: str = "en") -> list[tuple[str, str]]:
        return render.legend(lang)

    def drawing_legend(self, lang: str = "en") -> list[tuple[str, str]]:
        return render.drawing_legend(lang)

    def rules_summary(self, lang: str = "en") -> str:
        """The rules in short, then this table's special tile, berries and lion, if any."""
        parts = [self.message("help.rules", lang).strip()]
        special = str(self.options["special"])
        if special != "none":
            parts.append(self.message(f"help.rules.special.{special}", lang))
        if self.options["berries"]:
            berries = [self.message("help.rules.berries", lang)]
            berries += [self.message(f"help.rules.berry.{b}", lang) for b in _BERRY_IDS]
            parts.append("\n".join(berries))
        if self.options["lion"]:
            parts.append(self.message("help.rules.lion", lang))
        return "\n\n".join(parts)

    def label_text(self, label: Label, lang: str = "en") -> str:
        """The words of ``label``; a card's colour letters as ``lang`` writes them (J, V in French)."""
        if "order" in label.fields:
            order = render.people_letters(str(label.fields["order"]), lang)
            label = Label(label.key, {**label.fields, "order": order})
        return super().label_text(label, lang)

    def private_summary(self, observation_: Observation, lang: str = "en") -> list[str]:
        return render.private_summary(observation_, lang)

    def score_sheets(self, observation_: Observation) -> list[ScoreSheet] | None:
        """The score sheets once the race is over (every Prediction is then revealed)."""
        data = observation.view(observation_)
        if data["phase"] != PHASE_NAMES[Phase.OVER]:
            return None
        return scoring.score_sheets(parse_position(self, data["position"]))

    def game_statistics(self, state: State) -> dict[str, Any]:
        """Balance facts of a finished game (see :func:`.scoring.game_statistics`)."""
        assert isinstance(state, BanjooliState)
        return scoring.game_statistics(state)
