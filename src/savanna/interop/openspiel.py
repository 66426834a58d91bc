"""Every registered Savanna game as an OpenSpiel Python game.

:func:`register_games` registers each game of the Savanna registry with ``pyspiel`` under
the short name ``python_savanna_<name>`` (see :func:`short_name`); :func:`load_game` does
that and loads one configuration. The adapter is written once against the core protocol:

=========================  ==========================================================
OpenSpiel                   Savanna
=========================  ==========================================================
game type                   sequential, explicit stochastic chance, general-sum,
                            terminal rewards; perfect or imperfect information from
                            ``spec.perfect_information``; players from the spec
parameters                  ``players`` and every game option, with their defaults
game info                   ``num_distinct_actions``, ``max_chance_outcomes``,
                            ``score_bounds`` (utility bounds), ``max_game_length``
chance outcomes             the exact :class:`~fractions.Fraction` probabilities as floats
returns                     the seats' scores once terminal, zeros before
observation string/tensor   ``State.observation(seat)``: its text and the game's
                            observation tensor
information state string    perfect recall of the seat: its first observation, then its
                            own actions and every change of its observation
information state tensor    the observation tensor (a fixed-size summary; the string is
                            the perfect-recall key)
``resample_from_infostate`` ``Game.sample_state(observation, rng)``
=========================  ==========================================================

Everything a seat is shown is built from ``State.observation(seat)`` alone, so nothing
reveals another seat's secrets. Actions are applied through the checked
:meth:`~savanna.core.game.State.apply`, so an illegal action raises
:class:`~savanna.core.errors.IllegalActionError` naming the rule.

Example:
    >>> from savanna.interop import openspiel
    >>> names = openspiel.register_games()
    >>> names["hyena"]
    'python_savanna_hyena'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from savanna.core.errors import OptionError
from savanna.core.game import CHANCE, TERMINAL, Game, State
from savanna.core.options import BoolOption, IntOption
from savanna.core.registry import game_class, registered_games
from savanna.interop.common import MESSAGES

__all__ = [
    "SavannaSpielGame",
    "SavannaSpielObserver",
    "SavannaSpielState",
    "game_info",
    "game_type",
    "load_game",
    "register_game",
    "register_games",
    "short_name",
]

PREFIX = "python_savanna_"
_REGISTERED: dict[str, str] = {}

_DEFAULT_OBS = pyspiel.IIGObservationType(
    public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
)


def short_name(name: str) -> str:
    """The OpenSpiel short name of the Savanna game ``name`` (``python_savanna_<name>``)."""
    return PREFIX + name


def game_type(cls: type[Game]) -> Any:
    """The ``pyspiel.GameType`` declaring the Savanna game class ``cls``."""
    spec = cls.spec
    parameters: dict[str, int | str | bool] = {"players": spec.default_players}
    for option in spec.options:
        if isinstance(option, BoolOption):
            parameters[option.name] = bool(option.default)
        elif isinstance(option, IntOption):
            parameters[option.name] = int(option.default)
        else:
            parameters[option.name] = str(option.default)
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if spec.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=short_name(spec.name),
        long_name=f"Python Savanna {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def game_info(game: Game) -> Any:
    """The ``pyspiel.GameInfo`` of a configured Savanna game."""
    low, high = game.score_bounds
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions,
        max_chance_outcomes=game.max_chance_outcomes,
        num_players=game.num_players,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=None,
        max_game_length=game.max_game_length,
    )


class SavannaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A configured Savanna game seen as an OpenSpiel game.

    :func:`register_game` makes one subclass per game, setting :attr:`savanna_class`.

    Args:
        params: OpenSpiel parameters: ``players`` and the game's options.

    Raises:
        OptionError: for a bad player count or option value.
    """

    savanna_class: type[Game]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        cls = self.savanna_class
        given = dict(params or {})
        players = given.pop("players", None)
        self.savanna_game: Game = cls(players=players, options=given)
        super().__init__(game_type(cls), game_info(self.savanna_game), dict(params or {}))

    def new_initial_state(self) -> SavannaSpielState:
        """The state before any action."""
        return SavannaSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> SavannaSpielObserver:
        """An observer of the kind ``iig_obs_type`` (default: a seat's current view)."""
        return SavannaSpielObserver(self.savanna_game, iig_obs_type or _DEFAULT_OBS, params)


class _Position:
    """The Savanna side of an OpenSpiel state: the wrapped state and the seats' recall.

    OpenSpiel clones a Python state by deep-copying its attributes; this holder makes that
    copy cheap (``State.clone()``, a shared start, copied recall lines) instead of a
    recursive copy of the game and everything it refers to.
    """

    __slots__ = (
        "inner",
        "last",
        "moves",
        "prefix",
        "recall_state",
        "recalled",
        "recalled_upto",
        "start",
        "texts",
    )

    def __init__(self, inner: State, prefix: tuple[tuple[str, ...], ...]) -> None:
        self.inner = inner
        # The recall of seat s is prefix[s] followed by what s saw from start through moves.
        self.start = inner.clone()
        self.prefix = prefix
        self.moves: list[int] = []
        self.recalled: list[list[str]] | None = None
        self.recalled_upto = 0
        self.recall_state: State | None = None
        self.last: list[str] = []  # each seat's latest observation text in its recall
        self.texts: dict[int, tuple[int, str]] = {}  # seat -> (line count, joined recall)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        other = _Position.__new__(_Position)
        other.inner = self.inner.clone()
        other.start = self.start  # never changed once made
        other.prefix = self.prefix
        other.moves = list(self.moves)
        other.recalled = None if self.recalled is None else [list(lines) for lines in self.recalled]
        other.recalled_upto = self.recalled_upto
        other.recall_state = None  # rebuilt on demand from start and moves
        other.last = list(self.last)
        other.texts = dict(self.texts)
        return other

    def recall(self, seat: int) -> list[str]:
        self.start.game.check_seat(seat, spectator=False)
        lines = self._lines(seat)
        return [*self.prefix[seat], *lines]

    def recall_text(self, seat: int) -> str:
        self.start.game.check_seat(seat, spectator=False)
        lines = self._lines(seat)
        cached = self.texts.get(seat)
        if cached is None or cached[0] != len(lines):
            cached = (len(lines), "\n".join([*self.prefix[seat], *lines]))
            self.texts[seat] = cached
        return cached[1]

    def _lines(self, seat: int) -> list[str]:
        if self.recalled is None or self.recall_state is None:
            self._rebuild()
        assert self.recalled is not None and self.recall_state is not None
        if self.recalled_upto < len(self.moves):
            state = self.recall_state
            seats = range(state.game.num_players)
            for action in self.moves[self.recalled_upto :]:
                actor = state.current_player()
                text = state.action_to_text_safe(action)
                state.apply_unchecked(action)
                for s in seats:
                    if s == actor:
                        self.recalled[s].append(f"act {text}")
                    seen = state.observation(s).text
                    if seen != self.last[s]:
                        self.recalled[s].append(f"obs {seen}")
                        self.last[s] = seen
            self.recalled_upto = len(self.moves)
        return self.recalled[seat]

    def _rebuild(self) -> None:
        state = self.start.clone()
        if self.recalled is None:
            seats = range(state.game.num_players)
            self.last = [state.observation(s).text for s in seats]
            # A seat whose recall was carried over (resampling) already remembers this view.
            self.recalled = [[] if self.prefix[s] else [f"obs {self.last[s]}"] for s in seats]
            self.recalled_upto = 0
        else:
            # A clone: the lines were copied; only the state they were built on is rebuilt.
            for action in self.moves[: self.recalled_upto]:
                state.apply_unchecked(action)
        self.recall_state = state


class SavannaSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a Savanna :class:`~savanna.core.game.State`.

    Besides the wrapped state it keeps each seat's recall for the information state (see
    :meth:`recall`). The recall is built lazily, only when asked for, by replaying the
    actions since the state was made and looking at nothing but each seat's own observation.

    Args:
        game: the OpenSpiel game.
        inner: the Savanna state to wrap (default: a new initial state).
        prefix: per seat, recall lines carried over from another state (resampling).
    """

    def __init__(
        self,
        game: SavannaSpielGame,
        inner: State | None = None,
        prefix: tuple[tuple[str, ...], ...] | None = None,
    ) -> None:
        super().__init__(game)
        state = game.savanna_game.new_initial_state() if inner is None else inner
        seats = state.game.num_players
        self._position = _Position(state, prefix or tuple(() for _ in range(seats)))

    @property
    def inner(self) -> State:
        """The wrapped Savanna state (complete: never show it to a seat)."""
        return self._position.inner

    # -- the OpenSpiel hooks ------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        player = self.inner.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions() if player == self.inner.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome, probability)`` pairs, the exact fractions as floats."""
        return [(action, float(p)) for action, p in self.inner.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        self.inner.apply(int(action))
        self._position.moves.append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_text_safe(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        """The seats' scores once terminal; zeros before (rewards come at the end)."""
        if not self.inner.is_terminal():
            return [0.0] * self.inner.game.num_players
        return [float(s) for s in self.inner.scores()]

    def rewards(self) -> list[float]:
        """Rewards of the last action: the returns when it ended the game, else zeros."""
        return self.returns()

    def __str__(self) -> str:
        return self.inner.to_text()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> SavannaSpielState:
        """A state ``player_id`` cannot tell from this one, drawn by the game's ``sample_state``.

        The sampler (a ``pyspiel`` probability sampler) only seeds the draw. The new state
        keeps ``player_id``'s recall, so its information-state string is unchanged; the other
        seats' recall starts at the sampled state (their past is not known to the sampler).
        This state is for search: its OpenSpiel history is empty.
        """
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        sampled = self.inner.game.sample_state(self.inner.observation(player_id), rng)
        prefix = tuple(
            tuple(self.recall(seat)) if seat == player_id else ()
            for seat in range(self.inner.game.num_players)
        )
        return SavannaSpielState(self.get_game(), sampled, prefix)

    def recall(self, seat: int) -> list[str]:
        """The lines ``seat`` remembers: observations as they change and its own actions.

        The first line is the seat's observation where the recall starts (``obs …``); then,
        after each action, ``act …`` when the seat itself took it, and ``obs …`` whenever the
        seat's observation text changed. Only ``State.observation(seat)`` is consulted.
        """
        return self._position.recall(seat)

    def recall_text(self, seat: int) -> str:
        """:meth:`recall` joined by newlines: the information-state string of ``seat``."""
        return self._position.recall_text(seat)


class SavannaSpielObserver:
    """An OpenSpiel Python observer built only from ``State.observation(seat)``.

    ``tensor`` is the game's observation tensor (flat float32; ``dict["observation"]`` has the
    game's shape). The string is the observation text or, for perfect-recall observers, the
    seat's recall joined by newlines. Observers without private information show the
    spectator's (public) observation.

    Raises:
        OptionError: (a ``ValueError``) for observer parameters (none are accepted) or an
            observation kind the protocol cannot give without leaking (all players' private
            information, or private information without the public part).
    """

    def __init__(self, game: Game, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise OptionError(MESSAGES.words("error.openspiel.observer_parameters_are_not", params=repr(dict(params))))
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise OptionError(MESSAGES.words("error.openspiel.an_observer_of_every"))
        if not iig_obs_type.public_info:
            raise OptionError(MESSAGES.words("error.openspiel.savanna_observations_cannot_separate"))
        self._game = game
        self._public_only = private == pyspiel.PrivateInfoType.NONE
        self._perfect_recall = bool(iig_obs_type.perfect_recall)
        shape = game.observation_tensor_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: SavannaSpielState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees of ``state``."""
        seat = None if self._public_only else player
        self.tensor[:] = self._game.observation_tensor_in_state(state.inner, seat)

    def string_from(self, state: SavannaSpielState, player: int) -> str:
        """What ``player`` sees of ``state`` (perfect recall: what it remembers), as text."""
        if self._public_only:
            return state.inner.observation(None).text
        if self._perfect_recall:
            return state.recall_text(player)
        return state.inner.observation(player).text


def register_game(name: str) -> str:
    """Register the Savanna game ``name`` with ``pyspiel`` (once); returns its short name.

    Raises:
        OptionError: for an unknown game.
    """
    cls = game_class(name)
    key = cls.spec.name
    if key not in _REGISTERED:
        # OpenSpiel keeps the creator until the interpreter exits; a class (unlike a
        # closure) survives finalisation cleanly, so each game gets a small subclass.
        creator = type(
            f"SavannaSpielGame_{key}",
            (SavannaSpielGame,),
            {"savanna_class": cls},  # its docstring is SavannaSpielGame's
        )
        pyspiel.register_game(game_type(cls), creator)
        _REGISTERED[key] = short_name(key)
    return _REGISTERED[key]


def register_games() -> dict[str, str]:
    """Register every game of the Savanna registry; returns ``{name: short name}``."""
    return {name: register_game(name) for name in registered_games()}


def load_game(name: str, players: int | None = None, **options: Any) -> SavannaSpielGame:
    """Register the game ``name`` if needed and load one configuration through ``pyspiel``.

    Raises:
        OptionError: unknown game, bad player count or option.
    """
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    short = register_game(name)
    try:
        game = pyspiel.load_game(short, params)
    except pyspiel.SpielError as exc:
        raise OptionError(MESSAGES.words("error.openspiel.openspiel_refused_with", name=name, params=repr(params), exc=exc)) from exc
    if not isinstance(game, SavannaSpielGame):
        raise OptionError(MESSAGES.words("error.openspiel.is_registered_with_openspiel", short=short))
    return game
