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
``local_action_text``       the notation as a reader of a language types it
``menu_order``              the order a menu lists the legal actions in
``only_choice_reason``      why a seat has a single choice
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

The hooks of those two kinds live in two facets that :class:`Game` inherits, apart from the
rules: :class:`~savanna.core.presentation.GamePresentation` (drawings, legends, help, score
sheets) and :class:`~savanna.core.analysis.GameAnalysis` (sampling, the heuristic, the
evaluation, the coach's and the lab's hooks). A game still writes them all in its one
``Game`` subclass.

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

from savanna.core.analysis import GameAnalysis
from savanna.core.display import EVERYONE, NOBODY, Audience, Label
from savanna.core.errors import IllegalActionError, NotationError, OptionError, RuleRef, SeatError
from savanna.core.messages import CORE_MESSAGES, MessageCatalogue
from savanna.core.options import Option, OptionValue, resolve_options
from savanna.core.presentation import GamePresentation

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
        title: display title in English; :meth:`title_in` gives it in any language of
            ``titles`` (the game's ``game.title`` message in every language of its catalogue).
        min_players, max_players, default_players: the seat range and default.
        options: the declared options with their defaults.
        perfect_information: ``False`` when some seat has secrets (cards, hidden tokens).
        version: bumped when the rules engine changes so that old records may differ.
        rules_document: the repository path of the rules document.
        summary: one paragraph for ``savanna games`` and the lobby, in English;
            :meth:`summary_in` gives it in any language of ``summaries``.
        aliases: other names accepted by the registry.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    perfect_information: bool
    version: int
    rules_document: str
    summary: str = ""
    aliases: tuple[str, ...] = ()
    titles: tuple[tuple[str, str], ...] = ()
    summaries: tuple[tuple[str, str], ...] = ()

    def title_in(self, lang: str) -> str:
        """The title in ``lang`` (English when the catalogue has no such language)."""
        return dict(self.titles).get(lang) or self.title

    def summary_in(self, lang: str) -> str:
        """The summary in ``lang`` (English when the catalogue has no such language)."""
        return dict(self.summaries).get(lang) or self.summary

    def option(self, name: str) -> Option:
        """The declared option called ``name``.

        Raises:
            OptionError: when there is none.
        """
        for opt in self.options:
            if opt.name == name:
                return opt
        raise OptionError(CORE_MESSAGES.words("error.option.not_declared", game=self.name, key=repr(name)))


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


class Game(GamePresentation, GameAnalysis, ABC):
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
                CORE_MESSAGES.words(
                    "error.option.players", game=spec.name, low=spec.min_players, high=spec.max_players, players=repr(players)
                )
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
        languages = self.catalogue.languages or CORE_MESSAGES.languages
        return IllegalActionError(action, rule, {lang: self.label_text(detail, lang) for lang in languages})

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
        listed = ", ".join(self.legal_action_texts()[:12])
        raise NotationError(text, CORE_MESSAGES.words("error.action.one_of", actions=listed))

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

    def local_action_text(self, action: int, lang: str = "en") -> str:
        """``action``'s notation as a person reading ``lang`` would type it.

        Menus show it, and an interface playing what a person typed maps it back to
        :meth:`action_to_text` (two legal actions never share a local text). The default is
        the notation itself; games give their verbs in the reader's language (Banjooli's
        ``reroll 136`` is ``relancer 136`` in French).
        """
        return self.action_to_text(action)

    def menu_order(self, actions: Sequence[int]) -> list[int]:
        """``actions`` (legal here) in the order a menu lists them for a newcomer: the
        likeliest or safest first, so that typing the first number never throws a turn away
        (the River Race lists ``roll``, which ends its council, last). The default keeps
        the order given.
        """
        return list(actions)

    def only_choice_reason(self, lang: str = "en") -> str:
        """Why the acting seat has a single legal action here, in words in ``lang``
        (``""``: nothing worth saying). Interfaces show it beside the only choice, so that a
        missing option is explained (the River Race: nothing to bargain or cross, so
        ``roll``)."""
        return ""

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
