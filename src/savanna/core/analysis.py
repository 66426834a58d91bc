"""What bots, the coach and the lab ask a game: the analysis facet of :class:`~savanna.core.game.Game`.

A game's rules (:mod:`savanna.core.game`) say what may happen; this facet says how to think
about it: a full state consistent with what a seat sees (:meth:`GameAnalysis.sample_state`,
for ISMCTS), the documented good-human strategy (:meth:`GameAnalysis.heuristic_action`), an
estimate of the final scores (:meth:`GameAnalysis.evaluate`), the questions the coach answers
about how a game ends, the secrets it infers, the decisions the lab may take away from a bot,
and the facts the lab aggregates over finished games. The first two are required; every
other hook has a safe default. :class:`~savanna.core.game.Game` inherits this facet, so a
game writes these hooks in its ``Game`` subclass like every other.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from savanna.core.display import Label
from savanna.core.outcome import Answer, OutcomeQuestion
from savanna.core.restriction import Restriction, find_restriction

if TYPE_CHECKING:
    from savanna.core.game import GameSpec, Observation, State

__all__ = ["GameAnalysis"]


class GameAnalysis(ABC):
    """The hooks bots, the coach and the lab call (see the module's docstring)."""

    spec: ClassVar[GameSpec]
    num_players: int

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
        return find_restriction(self.spec.name, self.restrictions(), name)

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
