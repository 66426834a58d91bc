"""The game protocol: what every game provides and every interface relies on.

A *game* is a :class:`Game` subclass configured with a player count and options; it makes
:class:`State` objects. The core handles the cases that are the same for every game
(terminal, chance, wrong seat, legality checks, history), and a game writes only small
in-play hooks, as in OpenSpiel's Python games:

=========================  ==========================================================
hook (game writes)          public method (interfaces call)
=========================  ==========================================================
``current_player``          ``is_terminal`` / ``is_chance_node``
``_legal_actions``          ``legal_actions`` (chance outcomes at chance nodes, [] at end)
``chance_outcomes``         ``sample_chance`` (exact integer-weighted draw)
``_apply_action``           ``apply`` (checked, raises :class:`IllegalActionError`),
                            ``apply_unchecked`` (fast path for bots and the lab)
``explain_illegal``         the rule named when ``apply`` refuses
``_observation``            ``observation`` (the only door out of a state for anything
                            a seat sees; the core checks the seat first)
``action_to_text``          ``parse_action`` (notation round-trips)
``to_text``                 ``Game.parse_position`` (position notation round-trips)
``action_viewers``          who may read an action (everyone, or some seats)
``describe_action``         an action in words for people
=========================  ==========================================================

What interfaces show people is declared by the game, never guessed: ``Game.message``
(the game's catalogue, ``data/messages.<lang>.toml``), ``Game.score_sheets`` (the final
score line by line), ``Game.legend`` (the symbols of ``render_text``),
``Game.drawing_legend`` (the shapes and colours of ``render_svg``), ``Game.rules_summary`` (in-app help) and ``Game.text_styles`` (terminal colours).

What the coach (:mod:`savanna.coach`) asks is declared the same way, each hook optional
with a safe default: ``Game.outcome_questions``/``Game.outcomes`` (how a game can end;
default: each seat's place), ``Game.heuristic_action_in_state`` (a fast path of the
heuristic for simulations), ``Game.determinizations`` (every state an observation allows,
when few) and ``Game.secret`` (a seat's fixed secret in words, for beliefs).

Actions are small non-negative integers. Player actions lie in
``range(game.num_distinct_actions)``; chance outcomes in ``range(game.max_chance_outcomes)``.
Chance outcomes enter the history like actions, so the history alone rebuilds a state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from abc import _abc_init as abc_init  # type: ignore[attr-defined]
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from operator import index
from typing import Any, ClassVar, Final, SupportsIndex, TypeVar

from savanna.core.display import EVERYONE, NOBODY, Audience, Label, ScoreSheet
from savanna.core.errors import IllegalActionError, NotationError, OptionError, RuleRef, SeatError
from savanna.core.messages import CORE_MESSAGES, MessageCatalogue
from savanna.core.options import Option, OptionValue, resolve_options
from savanna.core.outcome import Answer, OutcomeQuestion
from savanna.core.restriction import Restriction, find_restriction

__all__ = [
    "CHANCE",
    "CORE_RULES",
    "TERMINAL",
    "Game",
    "GameSpec",
    "Observation",
    "State",
    "compile_clone",
    "ranking_from_scores",
]

S = TypeVar("S", bound="State")
"""A state class, for :func:`compile_clone`."""

CHANCE: Final = -1
"""``current_player()`` at a chance node (dice, sticks, shuffles, deals)."""
TERMINAL: Final = -4
"""``current_player()`` once the game is over."""


CORE_RULES: Final[dict[str, RuleRef]] = {
    rule_id: CORE_MESSAGES.rule("core", rule_id, "design") for rule_id in CORE_MESSAGES.rule_ids()
}
"""The protocol's own rules (``game.over``, ``seat.unknown`` ...), worded in the core's catalogue."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Static facts about a game, declared once in its package.

    Attributes:
        name: registry name, lower-case (``"banjooli"``).
        title: display title in English; ``title_fr`` in French.
        min_players, max_players, default_players: the seat range and default.
        options: the declared options with their defaults.
        perfect_information: ``False`` when some seat has secrets (cards, hidden tokens).
        version: bumped when the rules engine changes so that old records may differ.
        rules_document: the repository path of the rules document.
        summary: one paragraph for ``savanna games`` and the lobby; ``summary_fr`` in French.
        aliases: other names accepted by the registry.
    """

    name: str
    title: str
    title_fr: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    perfect_information: bool
    version: int
    rules_document: str
    summary: str = ""
    aliases: tuple[str, ...] = ()
    summary_fr: str = ""

    def option(self, name: str) -> Option:
        """The declared option called ``name``.

        Raises:
            OptionError: when there is none.
        """
        for opt in self.options:
            if opt.name == name:
                return opt
        raise OptionError(f"{self.name} has no option {name!r}", f"{self.name} n'a pas d'option {name!r}")


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know of a state, and nothing more.

    The only door out of a :class:`State` for anything a seat or spectator is shown. It is a
    distinct type from ``State`` so that no interface can send a state by mistake.

    Attributes:
        game: the game name.
        seat: the observing seat, or ``None`` for a spectator (public information only).
        data: JSON-able mapping (strings, ints, bools, lists, dicts; no floats needed).
        text: canonical string form; equal for equal information, so it can key search
            trees (information-set MCTS) and be compared in tests.
    """

    game: str
    seat: int | None
    data: Mapping[str, Any] = field(hash=False, compare=False)
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the observation."""
        return {"game": self.game, "seat": self.seat, "data": dict(self.data), "text": self.text}


def ranking_from_scores(scores: Sequence[float], tiebreak: Sequence[float] | None = None) -> list[int]:
    """Competition ranking (0 = first) from scores, higher is better; ties share a place.

    >>> ranking_from_scores([5, 9, 5, 1])
    [1, 0, 1, 3]
    >>> ranking_from_scores([5, 9, 5, 1], tiebreak=[1, 0, 2, 0])
    [2, 0, 1, 3]
    """
    keys = [(scores[i], tiebreak[i] if tiebreak is not None else 0) for i in range(len(scores))]
    return [sum(1 for other in keys if other > mine) for mine in keys]


class Game(ABC):
    """A configured game: a spec, a player count and resolved options.

    Subclasses set ``spec`` and implement the abstract members. Construction validates the
    player count and options.

    Raises:
        OptionError: for a player count outside the spec's range or a bad option.
    """

    spec: ClassVar[GameSpec]
    catalogue: ClassVar[MessageCatalogue] = MessageCatalogue("game", {})
    """The game's messages (``data/messages.<lang>.toml``, loaded with
    :func:`~savanna.core.messages.load_messages`); the core's fill in what it lacks."""

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        spec = self.spec
        n = spec.default_players if players is None else players
        if isinstance(n, bool) or not isinstance(n, int) or not spec.min_players <= n <= spec.max_players:
            raise OptionError(
                f"{spec.name} is played by {spec.min_players} to {spec.max_players} players, not {players!r}",
                f"{spec.name} se joue de {spec.min_players} à {spec.max_players} joueurs, pas {players!r}",
            )
        self.num_players: int = n
        self.options: dict[str, OptionValue] = resolve_options(spec.name, spec.options, options)

    # -- identity ---------------------------------------------------------------------
    @property
    def name(self) -> str:
        """The registry name of the game."""
        return self.spec.name

    def __repr__(self) -> str:
        """An expression that evaluates back to an equal game (with ``savanna`` imported).

        >>> import savanna
        >>> game = savanna.load_game("hyena", players=2, options={"length": 30})
        >>> game
        savanna.load_game('hyena', players=2, options={'catchup': False, 'first': 'draw', 'length': 30, 'rules': 'three-sticks'})
        >>> eval(repr(game)).options == game.options
        True
        """
        options = dict(sorted(self.options.items()))
        return f"savanna.load_game({self.name!r}, players={self.num_players}, options={options!r})"

    def rule(self, rule_id: str) -> RuleRef:
        """The rule clause ``rule_id`` of this game (or of the core protocol).

        Raises:
            KeyError: when no such clause exists (a programming error, not user input).
        """
        rules = self.rules()
        if rule_id in rules:
            return rules[rule_id]
        return CORE_RULES[rule_id]

    # -- words for people -------------------------------------------------------------
    def message(self, key: str, lang: str = "en", **fields: object) -> str:
        """The message ``key`` of the game's catalogue (or the core's) in ``lang``.

        Unknown languages give English.

        Raises:
            KeyError: for a key neither catalogue has, or a missing field (programming
                errors, not user input).
        """
        if key in self.catalogue:
            return self.catalogue.text(key, lang, **fields)
        return CORE_MESSAGES.text(key, lang, **fields)

    def label_text(self, label: Label, lang: str = "en") -> str:
        """The words of ``label`` in ``lang`` (:meth:`message` with the label's fields)."""
        return self.message(label.key, lang, **label.fields)

    def refuse(self, action: object, rule_id: str, detail: Label | None = None) -> IllegalActionError:
        """The error refusing ``action`` by rule ``rule_id``, with an optional worded detail.

        Args:
            action: the action as written (notation) or its id.
            rule_id: the clause that refuses it (the game's or the core's).
            detail: what in this position makes the rule refuse it, from the catalogue.
        """
        rule = self.rule(rule_id)
        if detail is None:
            return IllegalActionError(action, rule)
        return IllegalActionError(action, rule, self.label_text(detail, "en"), self.label_text(detail, "fr"))

    def check_seat(self, seat: object, *, spectator: bool = True) -> int | None:
        """``seat`` when it is a seat of this table (or ``None``, a spectator, if allowed).

        Every public call that takes a seat checks it here, once.

        Raises:
            SeatError: naming the core rule ``seat.unknown`` for anything else (a bool, a
                negative number, a seat beyond the table, a text ...).
        """
        if seat is None and spectator:
            return None
        if type(seat) is int and 0 <= seat < self.num_players:  # the common case, fast
            return seat
        if isinstance(seat, SupportsIndex) and not isinstance(seat, bool):
            number = index(seat)  # any integer, numpy's included
            if 0 <= number < self.num_players:
                return number
        raise SeatError(seat, self.rule("seat.unknown"), self.num_players)

    # -- what a game provides ---------------------------------------------------------
    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before any action (usually a chance node: shuffle, deal, first roll)."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Player actions are ids in ``range(num_distinct_actions)``."""

    @property
    @abstractmethod
    def max_chance_outcomes(self) -> int:
        """Chance outcomes are ids in ``range(max_chance_outcomes)``."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance included) in one game.

        Games that could in principle go on for ever end by a documented rule at this
        length, so that every playout ends.
        """

    @property
    @abstractmethod
    def score_bounds(self) -> tuple[float, float]:
        """The lowest and highest score a seat can end with."""

    @abstractmethod
    def rules(self) -> Mapping[str, RuleRef]:
        """The rule catalogue: clause id → :class:`RuleRef` (English, French, source)."""

    @abstractmethod
    def parse_position(self, text: str) -> State:
        """Rebuild a state from :meth:`State.to_text`.

        Raises:
            NotationError: when the text is not a position of this game and configuration.
        """

    @property
    @abstractmethod
    def observation_tensor_shape(self) -> tuple[int, ...]:
        """Shape of :meth:`observation_tensor` (fixed for a configured game)."""

    @abstractmethod
    def observation_tensor(self, observation: Observation) -> list[float]:
        """A flat numeric encoding of an observation, of ``observation_tensor_shape``."""

    def observation_tensor_in_state(self, state: State, seat: int | None) -> list[float]:
        """:meth:`observation_tensor` of ``state.observation(seat)``, for the tensor interfaces.

        Training loops ask for a seat's tensor at every step; building the whole observation
        first (its text, its data) costs more than the tensor. The default does exactly
        that; a game may override it with a direct path that reads only what ``seat`` may
        see of ``state`` and must then return exactly the same floats (the conformance test
        ``tests/conformance/test_tensor_in_state.py`` checks it on seeded states of every
        registered game, and that another seat's secrets do not change it).

        Raises:
            SeatError: for anything but ``None`` or a seat of this table (rule
                ``seat.unknown``).
        """
        return self.observation_tensor(state.observation(seat))

    @abstractmethod
    def sample_state(self, observation: Observation, rng: random.Random) -> State:
        """A full state consistent with ``observation`` (determinization for ISMCTS).

        Hidden parts the observer cannot know are drawn with ``rng`` from what remains
        possible; the observer's own view of the result equals ``observation``.
        """

    @abstractmethod
    def heuristic_action(
        self, observation: Observation, legal_actions: Sequence[int], rng: random.Random
    ) -> int:
        """The documented good-human strategy of this game: one of ``legal_actions``.

        Sees only the acting seat's observation.
        """

    @abstractmethod
    def render_text(self, observation: Observation, lang: str = "en") -> str:
        """A plain-text drawing of what ``observation`` shows (ASCII, fits 80 columns)."""

    @abstractmethod
    def render_svg(self, observation: Observation, lang: str = "en") -> str:
        """An SVG drawing of what ``observation`` shows, its words in ``lang``.

        Every word drawn (labels, titles, letters people read) is in ``lang`` (``"en"`` or
        ``"fr"``), like :meth:`render_text`; ``data-target`` keys (see
        :meth:`State.action_targets`) are the same in every language.
        """

    def game_statistics(self, state: State) -> dict[str, Any]:
        """Facts about a finished game that the simulation lab aggregates (optional hook).

        The default knows nothing game-specific and returns ``{}``. A game that wants its
        own balance figures in ``savanna simulate`` reports returns a JSON-able mapping with
        two optional keys:

        ``"game"``
            factor name → a value, or a list of values, describing the whole game
            (``{"tiles": 5, "special_tiles": ["crocodiles"], "finish_1": "red"}``). For
            every factor value the lab reports how often it occurs and the mean game length
            with and without it.
        ``"seats"``
            factor name → one value per seat (``{"prediction": ["P3", "P7", ...]}``). For
            every value the lab reports the mean score and the win rate of the seats that
            had it.

        Values are strings, integers or booleans. The lab calls this hook only on terminal
        states; it must be deterministic.

        Args:
            state: a terminal state of this game.

        Returns:
            The statistics mapping (empty by default).
        """
        return {}

    def text_styles(self, lang: str = "en") -> list[tuple[str, str]] | None:
        """Colours for :meth:`render_text` drawings (optional hook for terminals).

        ``(regular expression, style)`` pairs, applied in order to the plain-text drawing;
        styles are Rich style strings (``"bold red"``). The default ``None`` lets the
        terminal use its generic highlighter.
        """
        return None

    def legend(self, lang: str = "en") -> list[tuple[str, str]]:
        """What each symbol of :meth:`render_text` means: ``(symbol, meaning)`` pairs.

        The default (no legend) suits only games whose drawing explains itself; every
        registered game gives one (the conformance suite checks it).
        """
        return []

    def drawing_legend(self, lang: str = "en") -> list[tuple[str, str]]:
        """What each shape and colour of :meth:`render_svg` means: ``(swatch, meaning)`` pairs.

        ``swatch`` is a small standalone SVG drawing of the symbol as :meth:`render_svg`
        draws it (a few units high, with a ``viewBox``); ``meaning`` is a sentence in
        ``lang``. Pages show these pairs beside the drawing, so that it explains itself.
        The default (none) suits only drawings that carry their own key.
        """
        return []

    def rules_summary(self, lang: str = "en") -> str:
        """A short summary of the rules for in-app help (a few lines of plain text).

        The default is the spec's one-paragraph summary (English); games give their own
        from their catalogue.
        """
        return self.spec.summary

    def has_decisions(self) -> bool:
        """Whether a seat ever chooses between actions in this configuration.

        ``False`` for a game (or ruleset) whose every seat action is forced, such as the
        Hyena game's throw-until rulesets: interfaces then play those actions by themselves
        (the terminal's ``auto``). The default is ``True``.
        """
        return True

    def private_summary(self, observation: Observation, lang: str = "en") -> list[str]:
        """What only the observing seat knows, in sentences for its private panel.

        A seat's own secrets as ``observation`` shows them (a prediction card, berries it
        peeked at), one line each, in ``lang``; nothing for a spectator's observation. The
        default (no secrets to tell) suits games of perfect information.
        """
        return []

    def score_sheets(self, observation: Observation) -> list[ScoreSheet] | None:
        """Each seat's final score worked out line by line, from a final observation.

        Returns ``None`` before the end (the observation is not of a finished game). At the
        end, one :class:`~savanna.core.display.ScoreSheet` per seat, in seat order, whose
        totals are ``state.scores()`` and places ``state.ranking()``; labels come from the
        game's catalogue. The default returns ``None``: the game declares no sheet and
        interfaces show the bare scores.
        """
        return None

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of each seat's final score from a full state (optional hook).

        Search bots (ISMCTS) call it on *determinized* states, never on the true state of a
        game in progress, to cut rollouts short. The estimate is in score units, within
        :attr:`score_bounds`, one value per seat. The default returns ``None``: the game has
        no evaluation and searches play rollouts to the end.

        Args:
            state: any non-terminal state of this game.

        Returns:
            One estimated final score per seat, or ``None``.
        """
        return None

    # -- what the coach asks (optional hooks with safe defaults) ----------------------
    def outcome_questions(self) -> tuple[OutcomeQuestion, ...]:
        """The questions people ask about how a game ends, with every possible answer.

        The coach (:mod:`savanna.coach`) counts the answers of :meth:`outcomes` over many
        simulated ends and shows the odds of each answer. The default asks each seat's
        final place (``"seat.<s>"``, answers ``"place.<k>"``, 0 = first), worded by the
        core's catalogue; a game overrides both hooks to ask its own questions (where each
        ostrich finishes, who reaches the well first).
        """
        places = tuple(
            Answer(f"place.{k}", Label("outcome.place", {"place": k + 1})) for k in range(self.num_players)
        )
        return tuple(
            OutcomeQuestion(f"seat.{s}", Label("outcome.seat", {"seat": s + 1}), places)
            for s in range(self.num_players)
        )

    def outcomes(self, state: State) -> dict[str, str]:
        """The answer to each of :meth:`outcome_questions` on a finished game.

        Keys are question keys, values answer keys (exactly one answer per question). The
        default answers each seat's place from ``state.ranking()``. Called only on
        terminal states; it must be deterministic.
        """
        return {f"seat.{s}": f"place.{place}" for s, place in enumerate(state.ranking())}

    def heuristic_action_in_state(self, state: State, legal_actions: Sequence[int], rng: random.Random) -> int:
        """:meth:`heuristic_action` for the seat to act in a full state (simulations).

        Tools that simulate determinized states (the coach's rollouts) ask each seat's
        heuristic choice many thousand times. The default builds that seat's observation
        and asks :meth:`heuristic_action`; a game may override it with a faster path that
        reads only what that seat may see, and must then return exactly the same action,
        drawing the same numbers from ``rng`` (the coach's tests check it on every
        registered game).
        """
        return self.heuristic_action(state.observation(state.current_player()), legal_actions, rng)

    def determinizations(self, observation: Observation) -> list[State] | None:
        """Every full state consistent with ``observation``, equally likely, when they are few.

        The coach enumerates them to answer exactly instead of sampling
        :meth:`sample_state`. They must be the states :meth:`sample_state` draws from, each
        as likely as the others. The default lists the one state of a game of perfect
        information and returns ``None`` (cannot list them) for a game with secrets.
        """
        if self.spec.perfect_information:
            return [self.sample_state(observation, random.Random(0))]
        return None

    def restrictions(self) -> tuple[Restriction, ...]:
        """The kinds of decision the lab may take away from a bot (restricted play,
        :mod:`savanna.core.restriction`): ``savanna simulate --restrict NAME`` and bot specs
        ``heuristic:restrict=NAME`` read them. The default declares none."""
        return ()

    def restriction(self, name: str) -> Restriction:
        """The restriction called ``name`` (see :meth:`restrictions`).

        Raises:
            OptionError: the game declares none of that name.
        """
        return find_restriction(self.name, self.restrictions(), name)

    def secret(self, observation: Observation) -> Label | None:
        """The fixed secret the observing seat holds (a Prediction card dealt once), in words.

        The coach infers other seats' secrets from their moves: it groups determinizations
        by the secret each gives a seat. Two observations holding the same secret give
        equal labels. The default ``None`` means the seat holds no secret that stays fixed
        during the game.
        """
        return None

    def secret_in_state(self, state: State, seat: int) -> Label | None:
        """:meth:`secret` of ``seat`` read from a full state (a determinization).

        The coach weighs every determinization of an observation by the secrets it gives
        the other seats, hundreds of times per answer. The default builds the seat's
        observation and asks :meth:`secret`; a game may read the state directly and must
        then give the same label (the coach's tests check it on every registered game).
        """
        return self.secret(state.observation(seat))


class State(ABC):
    """A position of a configured game, and its history of actions.

    Subclasses implement the hooks; interfaces use the public methods.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[int] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "observation" in cls.__dict__:
            raise TypeError(
                f"{cls.__qualname__} overrides State.observation: write the hook "
                "_observation(seat) instead (the core checks the seat first)"
            )

    # -- hooks ------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Legal actions of the seat to act, sorted (only called in play, not at chance)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """At a chance node, ``(outcome, probability)`` pairs summing exactly to 1."""

    @abstractmethod
    def _apply_action(self, action: int) -> None:
        """Apply a legal action or chance outcome (no checks: the core has checked)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score (final once terminal)."""

    @abstractmethod
    def _observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know (``None``: a spectator); the seat is already checked."""

    @abstractmethod
    def action_to_text(self, action: int) -> str:
        """Notation of ``action`` (a player action or chance outcome) in this position."""

    @abstractmethod
    def to_text(self) -> str:
        """Position notation, complete (hidden parts included): never show it to a seat."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (history included)."""

    def explain_illegal(self, action: int) -> IllegalActionError:
        """The error naming the rule that refuses ``action`` here.

        Games override this to name their own clause; the default names the core rule.
        """
        return IllegalActionError(self.action_to_text_safe(action), self.game.rule("action.not_legal"))

    def parse_action(self, text: str) -> int:
        """Read ``text`` as an action of this position.

        The default accepts the exact notation of any legal action (case and spaces
        ignored). Games override it to also recognise well-formed but illegal actions and
        raise the rule that refuses them.

        Raises:
            NotationError: the text is no action of this position.
            IllegalActionError: the game over (core rule ``game.over``).
        """
        if self.is_terminal():
            raise IllegalActionError(text, self.game.rule("game.over"))
        wanted = _normalise(text)
        for action in self.legal_actions():
            if _normalise(self.action_to_text(action)) == wanted:
                return action
        raise NotationError(text, "one of: " + ", ".join(self.legal_action_texts()[:12]))

    def action_viewers(self, action: int) -> Audience:
        """Who may read ``action`` (a legal action or chance outcome of this position).

        A shared screen or a game log shows an action's notation only to its audience:
        a die roll or a move is public, a card dealt face down is read by its receiver
        only. The seat acting always knows its own action. The default suits a game of
        perfect information (everything public); a game with secrets declares its own
        (the conformance suite checks that no declared viewer could not tell the action
        apart from the other legal ones). Without a declaration, a game with secrets shows
        a seat's action to that seat only and chance outcomes to nobody.
        """
        if self.game.spec.perfect_information:
            return EVERYONE
        actor = self.current_player()
        return NOBODY.with_seat(actor) if actor >= 0 else NOBODY

    def describe_action(self, action: int, lang: str = "en") -> str:
        """``action`` (legal here) in words for people, in ``lang``.

        The default is the notation; games word their actions from their catalogue
        (``move B+W`` → "blue 2 (blue + white joker)").
        """
        return self.action_to_text(action)

    def action_targets(self, action: int) -> tuple[str, ...]:
        """The parts of the board ``action`` (a legal seat action here) points at.

        Keys of elements of :meth:`Game.render_svg` drawn for the acting seat (their
        ``data-target`` attribute): a pointing interface highlights them and plays the
        action when they are clicked; an action with several keys (the dice of a reroll) is
        chosen by clicking each. The default ``()`` leaves the action to be chosen from the
        list of moves in words. Every key must be drawn in the acting seat's drawing (the web
        tests check it for every registered game).
        """
        return ()

    def action_paths(self, action: int) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
        """Where ``action`` (a legal seat action here) can take a piece, and how.

        Triples ``(via, end, then)``: clicking the target ``via`` (a piece) and then ``end``
        (where it stops) plays ``action`` and after it the seat's own following actions
        ``then`` (the steps of a path, chosen at once by its last square). Keys are
        ``data-target`` keys of :meth:`Game.render_svg`. The default ``()`` leaves each of
        those actions to be chosen when its turn comes.
        """
        return ()

    def plays_itself(self, action: int) -> bool:
        """Whether ``action``, the one legal action here, is forced (a step with no fork):
        a pointing interface plays it for the seat and says so. The default is ``False``."""
        return False

    # -- public API -------------------------------------------------------------------
    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know: the only door out of a state (``None``: a spectator).

        Raises:
            SeatError: for anything but ``None`` or a seat of this table (rule
                ``seat.unknown``).
        """
        return self._observation(self.game.check_seat(seat))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[int]:
        """Legal actions: chance outcomes at a chance node, ``[]`` once terminal."""
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return self._legal_actions()

    def legal_action_texts(self) -> list[str]:
        """Notation of every legal action."""
        return [self.action_to_text(a) for a in self.legal_actions()]

    def legal_actions_mask(self) -> list[int]:
        """0/1 mask over ``range(num_distinct_actions)`` for the seat to act."""
        mask = [0] * self.game.num_distinct_actions
        if not self.is_chance_node():
            for a in self.legal_actions():
                mask[a] = 1
        return mask

    def apply(self, action: int) -> None:
        """Apply ``action`` after checking it.

        Raises:
            IllegalActionError: naming the rule that refuses it (the state is unchanged).
        """
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError(action, self.game.rule("game.over"))
        if player == CHANCE:
            if action not in {a for a, _ in self.chance_outcomes()}:
                raise IllegalActionError(action, self.game.rule("chance.outcome"))
        else:
            if isinstance(action, bool) or not isinstance(action, int) or not (
                0 <= action < self.game.num_distinct_actions
            ):
                raise IllegalActionError(action, self.game.rule("action.unknown"))
            if action not in self._legal_actions():
                raise self.explain_illegal(action)
        self._apply_action(action)
        self.history.append(action)

    def apply_unchecked(self, action: int) -> None:
        """Apply ``action`` without checks (bots and the lab; the action must be legal)."""
        self._apply_action(action)
        self.history.append(action)

    def apply_text(self, text: str) -> int:
        """Parse and apply ``text``; returns the action id.

        Raises:
            NotationError, IllegalActionError: as :meth:`parse_action` and :meth:`apply`.
        """
        action = self.parse_action(text)
        self.apply(action)
        return action

    def sample_chance(self, rng: random.Random) -> int:
        """Draw a chance outcome with its exact probability.

        The default converts the probabilities to integer weights over their common
        denominator and draws one integer; games may override it with an equivalent
        faster draw (the same function must always be used, for determinism).
        """
        outcomes = self.chance_outcomes()
        denominator = lcm(*(p.denominator for _, p in outcomes))
        r = rng.randrange(denominator)
        for action, p in outcomes:
            r -= p.numerator * (denominator // p.denominator)
            if r < 0:
                return action
        return outcomes[-1][0]

    def returns(self) -> list[float]:
        """Each seat's score; final once the state is terminal."""
        return self.scores()

    def ranking(self) -> list[int]:
        """Each seat's place, 0 = first; tied seats share a place.

        Games with a tie-break (Banjooli's positions guessed) override this.
        """
        return ranking_from_scores(self.scores())

    def winners(self) -> list[int]:
        """The seats ranked first (several on a shared victory)."""
        return [seat for seat, place in enumerate(self.ranking()) if place == 0]

    def action_to_text_safe(self, action: int) -> str:
        """Notation of ``action``, or ``#id`` when it is not an action of this position."""
        try:
            return self.action_to_text(action)
        except Exception:  # only used to word an error message
            return f"#{action}"

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        """An expression that evaluates back to this position (with ``savanna`` imported), as
        python-chess's ``Board('<FEN>')`` does: the game, then its position notation."""
        return f"{self.game!r}.parse_position({self.to_text()!r})"

    def __reduce__(self) -> tuple[Callable[[Game, str, list[int]], State], tuple[Game, str, list[int]]]:
        """Pickle a state as its game, its complete notation and its history.

        The notation is complete by contract (hidden parts included) and round-trips, so
        this copies every state, whatever build of the engine made it (a compiled class
        cannot be rebuilt field by field by ``object.__new__``).
        """
        return _restore_state, (self.game, self.to_text(), list(self.history))


def _restore_state(game: Game, text: str, history: list[int]) -> State:
    """The state pickled by :meth:`State.__reduce__`."""
    state = game.parse_position(text)
    state.history = list(history)
    return state


def compile_clone(
    cls: type[S],
    *,
    values: Sequence[str] = (),
    lists: Sequence[str] = (),
    copies: Mapping[str, str] | None = None,
) -> Callable[[S], S]:
    """A ``clone`` function for ``cls`` written out from its declared fields.

    Declare a state's fields once (its ``__slots__`` made of these groups) and get a copy
    that cannot forget one, at the speed of plain assignments, as ``dataclasses`` writes its
    methods. The game and the history are copied too (the history as a new list).

    Args:
        cls: the state class.
        values: fields holding immutable values (ints, strings, tuples, shared objects).
        lists: fields holding lists of immutable values (copied one level deep).
        copies: other fields → the expression copying them, written with ``self``
            (``{"peeks": "[set(p) for p in self.peeks]", "memo": "None"}``).

    Usage, after the class: ``_clone = compile_clone(HyenaState, values=(...), lists=(...))``
    and ``def clone(self): return _clone(self)`` in it.
    """
    if "_abc_impl" not in vars(cls):
        # A class compiled by mypyc is made without ABCMeta.__new__ and would share its
        # base's ABC caches: isinstance(x, OtherGameState) could then answer from State's.
        abc_init(cls)
    # A class compiled by mypyc runs ``__init__`` in ``__new__`` and refuses
    # ``object.__new__``: it is made by its constructor, then every field is overwritten.
    blank = "new(cls)" if cls.__new__ is object.__new__ else "cls(self.game)"
    lines = [f"other = {blank}", "other.game = self.game", "other.history = self.history[:]"]
    lines += [f"other.{name} = self.{name}" for name in values]
    lines += [f"other.{name} = self.{name}[:]" for name in lists]
    lines += [f"other.{name} = {copy}" for name, copy in (copies or {}).items()]
    source = "def clone(self):\n" + "".join(f"    {line}\n" for line in lines) + "    return other\n"
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec(source, namespace)
    clone: Callable[[S], S] = namespace["clone"]
    return clone


def _normalise(text: str) -> str:
    return " ".join(text.strip().lower().split())
