"""Bots at a table: each decision is drawn from the table's seed, so replay can check it.

The bot of a seat decides at action index ``n`` from that seat's observation only, with the
generator ``make_rng(seed at n, "bot", seat, n)`` (the seed at ``n`` is the table's seed
schedule, :class:`~savanna.core.rng.SeedSchedule`): :func:`decide` is that one formula,
wherever it runs (the terminal's own process, a server's process pool). A bot built anew for
each decision has no memory but its observation, so the same position, seat, spec and seed
give the same move: a record that says so (``"bots": "position"``) has every bot move
decided again by :func:`replay_checked`. A bot with a time budget (``ismcts:seconds=1``)
decides by the clock, not the seed: its moves are not checked (:func:`seeded`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from savanna.bots import parse_bot_spec
from savanna.core import (
    Game,
    Observation,
    Record,
    RecordError,
    SavannaError,
    State,
    make_rng,
    replay,
    replay_states,
)
from savanna.core.record import BOT_PREFIX
from savanna.core.rng import SeedSchedule
from savanna.table.errors import MESSAGES

__all__ = ["BotTurn", "decide", "replay_checked", "seeded"]


def decide(
    game: Game, spec: str, seat: int, observation: Observation, legal: Sequence[int], seed: int, index: int
) -> int:
    """The action the bot ``spec`` at ``seat`` chooses at action ``index`` (``seed``: the
    seed drawing at that index).

    Raises:
        OptionError: a bad bot spec.
    """
    bot = parse_bot_spec(spec).build(game, seat, make_rng(seed, "bot", seat, index))
    return int(bot.act(observation, list(legal)))


def seeded(spec: str) -> bool:
    """Whether the bot ``spec`` decides from its seed alone (no time budget).

    Raises:
        OptionError: a bad bot spec.
    """
    return "seconds" not in parse_bot_spec(spec).settings


def _seeded_in_record(who: str, index: int) -> str | None:
    """The spec of a seeded bot named ``who`` in a record, or ``None`` (a person, a clock)."""
    if not who.startswith(BOT_PREFIX):
        return None
    spec = who[len(BOT_PREFIX) :]
    try:
        return spec if seeded(spec) else None
    except SavannaError as exc:
        raise RecordError(
            {
                lang: MESSAGES.text("error.bot_not_replayable", lang, number=index + 1, who=repr(who), why=exc.text(lang))
                for lang in MESSAGES.languages
            },
            index=index,
        ) from exc


@dataclass(frozen=True)
class BotTurn:
    """A bot's decision due at a table: everything it may know, nothing more.

    Attributes:
        seat: the bot's seat.
        spec: the bot playing it.
        index: the action index (the table's version when it is due).
        seed: the seed drawing at ``index``.
        observation: the seat's observation.
        legal: the legal actions.
    """

    game: Game
    seat: int
    spec: str
    index: int
    seed: int
    observation: Observation
    legal: tuple[int, ...]

    def decide(self) -> int:
        """The bot's action (computed here; a server runs :func:`decide` in its pool)."""
        return decide(self.game, self.spec, self.seat, self.observation, self.legal, self.seed, self.index)


def replay_checked(record: Record) -> tuple[State, int]:
    """Replay ``record`` through the rules, checking its chance against its seed (as
    :func:`~savanna.core.replay` does) and every seeded bot move by deciding it again.

    Only a record that says its bots were seeded (``bots``) has its bot moves checked; a
    seat played by a person, or by a bot with a time budget, is not.

    Returns:
        The final position and how many bot moves were checked.

    Raises:
        RecordError: the record does not replay, or names the first bot move that is not
            the one its bot decides from the seed.
    """
    if record.bots is None or record.seed is None:
        return replay(record), 0
    schedule = SeedSchedule(record.seed, record.reseeds or [])
    controllers = dict(record.controllers())
    checked = 0
    states = replay_states(record)
    _, _, state = next(states)
    game = state.game
    for index, text in enumerate(record.actions):
        actor = state.current_player()
        who = controllers[index][actor] if actor >= 0 else ""
        expected = None
        spec = _seeded_in_record(who, index)
        if spec is not None:
            seed = schedule.seed_at(index)
            expected = decide(game, spec, actor, state.observation(actor), state.legal_actions(), seed, index)
            drawn = state.action_to_text(expected)
        next(states)  # applies action ``index`` (refusing it if the rules do)
        if expected is not None:
            if state.history[-1] != expected:
                raise RecordError(
                    MESSAGES.words(
                        "error.not_the_bots_move",
                        number=index + 1,
                        text=repr(text),
                        seat=actor + 1,
                        who=who,
                        seed=seed,
                        drawn=repr(drawn),
                    ),
                    index=index,
                    action=text,
                )
            checked += 1
    for _ in states:  # the result is checked at the end
        pass
    return state, checked
