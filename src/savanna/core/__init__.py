"""The game-agnostic core: protocol, errors, options, registry, records, seeds.

Nothing here imports a game or an interface (an import-linter contract checks it).
"""

from __future__ import annotations

from savanna.core.display import EVERYONE, NOBODY, Audience, Label, ScoreLine, ScoreSheet
from savanna.core.errors import (
    AmbiguousActionError,
    DataError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    RuleRef,
    SavannaError,
    SeatError,
)
from savanna.core.game import (
    CHANCE,
    CORE_RULES,
    TERMINAL,
    Game,
    GameSpec,
    Observation,
    State,
    compile_clone,
    ranking_from_scores,
)
from savanna.core.messages import CORE_MESSAGES, MessageCatalogue, load_messages
from savanna.core.options import (
    FIRST_PLAYER,
    BoolOption,
    ChoiceOption,
    IntOption,
    Option,
    parse_assignment,
)
from savanna.core.outcome import Answer, OutcomeQuestion
from savanna.core.play import random_playout, sample_action
from savanna.core.record import (
    Record,
    RecordResult,
    canonical_json,
    record_of,
    replay,
    replay_states,
)
from savanna.core.registry import (
    game_class,
    load_game,
    load_stored_game,
    register,
    registered_games,
)
from savanna.core.restriction import Restriction, find_restriction
from savanna.core.rng import MAX_SEED, check_seed, derive_seed, make_rng

__all__ = [
    "CHANCE",
    "CORE_MESSAGES",
    "CORE_RULES",
    "EVERYONE",
    "FIRST_PLAYER",
    "MAX_SEED",
    "NOBODY",
    "TERMINAL",
    "AmbiguousActionError",
    "Answer",
    "Audience",
    "BoolOption",
    "ChoiceOption",
    "DataError",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "IntOption",
    "Label",
    "MessageCatalogue",
    "NotationError",
    "Observation",
    "Option",
    "OptionError",
    "OutcomeQuestion",
    "Record",
    "RecordError",
    "RecordResult",
    "Restriction",
    "RuleRef",
    "SavannaError",
    "ScoreLine",
    "ScoreSheet",
    "SeatError",
    "State",
    "canonical_json",
    "check_seed",
    "compile_clone",
    "derive_seed",
    "find_restriction",
    "game_class",
    "load_game",
    "load_messages",
    "load_stored_game",
    "make_rng",
    "parse_assignment",
    "random_playout",
    "ranking_from_scores",
    "record_of",
    "register",
    "registered_games",
    "replay",
    "replay_states",
    "sample_action",
]
