"""Random-playout throughput, measured against reference engines in the same run.

Every engine is driven from Python by the same loop: at a chance node draw an outcome with
its probability, otherwise pick a uniformly random legal action, apply it, until the game
ends. Three figures come out of each engine:

* *actions/s*: every applied action, chance outcomes included;
* *decisions/s*: actions chosen by a seat (chance outcomes excluded);
* *games/s*: whole games from the initial state to the end.

The references are OpenSpiel's C++ games (the ``open_spiel`` wheel, the ``[bench]`` extra):
``backgammon``, whose legal-move generation is slow for C++, and ``pig``, a cheap game
whose cost is mostly the Python loop and the calls into C++. The engines run in
alternating slices of the measuring time (round robin), so drift on a shared, noisy
machine hits them alike; results are compared as ratios. Time is the CPU time of this
process (``time.process_time``) unless a wall clock is asked for: on a shared machine the
wall clock also counts the time other programs held the cores.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from savanna.core import Game, load_game, registered_games
from savanna.core.playout import playout
from savanna.native import build_name, compiled_modules, interpreted_name

__all__ = [
    "REFERENCES",
    "BenchResult",
    "Engine",
    "Rates",
    "compare_with_references",
    "engine_build",
    "measure",
    "openspiel_engine",
    "savanna_engine",
]

REFERENCES: tuple[str, ...] = ("backgammon", "pig")
"""The OpenSpiel games ``savanna bench`` measures next to ours, in this order."""
SLICES = 4
"""Round-robin slices per measurement (each engine runs once per slice)."""

PlayOne = Callable[[random.Random], tuple[int, int]]
"""Plays one whole random game; returns (applied actions, seat decisions)."""


@dataclass(frozen=True)
class Engine:
    """Something the loop can play: a name for tables and one-game function."""

    name: str
    play_one: PlayOne


@dataclass(frozen=True)
class Rates:
    """Throughput of one engine over its measured time."""

    actions: int
    decisions: int
    games: int
    elapsed: float

    @property
    def actions_per_sec(self) -> float:
        """Applied actions (chance included) per second."""
        return self.actions / self.elapsed if self.elapsed else 0.0

    @property
    def decisions_per_sec(self) -> float:
        """Seat decisions (chance excluded) per second."""
        return self.decisions / self.elapsed if self.elapsed else 0.0

    @property
    def games_per_sec(self) -> float:
        """Whole games per second."""
        return self.games / self.elapsed if self.elapsed else 0.0

    def ratios(self, reference: Rates) -> dict[str, float]:
        """This engine's rates divided by ``reference``'s: ``actions``, ``decisions``, ``games``."""
        return {
            "actions": self.actions_per_sec / reference.actions_per_sec,
            "decisions": self.decisions_per_sec / reference.decisions_per_sec,
            "games": self.games_per_sec / reference.games_per_sec,
        }

    def as_json(self) -> dict[str, float]:
        """Rounded rates and mean game length, for JSON output."""
        games = self.games or 1
        return {
            "actions_per_sec": round(self.actions_per_sec, 1),
            "decisions_per_sec": round(self.decisions_per_sec, 1),
            "games_per_sec": round(self.games_per_sec, 3),
            "actions_per_game": round(self.actions / games, 1),
            "decisions_per_game": round(self.decisions / games, 1),
        }


@dataclass
class _Tally:
    actions: int = 0
    decisions: int = 0
    games: int = 0
    elapsed: float = 0.0

    def rates(self) -> Rates:
        return Rates(self.actions, self.decisions, self.games, self.elapsed)


Clock = Callable[[], float]
"""A clock in seconds: ``time.process_time`` (CPU time, the default) or ``time.perf_counter``."""


def _run_slice(
    engine: Engine, seconds: float, rng: random.Random, tally: _Tally, clock: Clock
) -> None:
    """Play whole games of ``engine`` for about ``seconds`` of ``clock`` (at least one game)."""
    play_one = engine.play_one
    start = clock()
    deadline = start + seconds
    actions = decisions = games = 0
    while True:
        a, d = play_one(rng)
        actions += a
        decisions += d
        games += 1
        if clock() >= deadline:
            break
    tally.elapsed += clock() - start
    tally.actions += actions
    tally.decisions += decisions
    tally.games += games


def savanna_engine(game: Game, name: str | None = None, *, whole: bool = False) -> Engine:
    """The random-playout loop over a configured Savanna game (unchecked fast path).

    ``whole``: each game in one call (:func:`savanna.core.playout.playout`, the same games
    for the same generator) rather than step by step from Python.
    """
    if whole:

        def play_whole(rng: random.Random) -> tuple[int, int]:
            state = game.new_initial_state()
            decisions = playout(state, rng)
            return len(state.history), decisions

        return Engine(name or game.name, play_whole)

    def play_one(rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        actions = decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                decisions += 1
            state.apply_unchecked(action)
            actions += 1
        return actions, decisions

    return Engine(name or game.name, play_one)


def openspiel_engine(name: str, **parameters: Any) -> Engine | None:
    """The same loop over OpenSpiel's C++ game ``name`` (``None`` without ``open_spiel``).

    The chance outcome is drawn in Python from the C++ outcome list and its probabilities.
    """
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name, parameters) if parameters else pyspiel.load_game(name)

    def play_one(rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        actions = decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rng.random()
                action = outcomes[-1][0]
                for outcome, probability in outcomes:
                    r -= probability
                    if r < 0:
                        action = outcome
                        break
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                decisions += 1
            state.apply_action(action)
            actions += 1
        return actions, decisions

    return Engine(f"{name} (OpenSpiel C++)", play_one)


def measure(
    engines: Sequence[Engine],
    *,
    seconds: float,
    slices: int = SLICES,
    seed: int = 0,
    clock: Clock = time.process_time,
) -> dict[str, Rates]:
    """Each engine's rates over ``seconds`` of its own, in ``slices`` round-robin slices.

    Every engine gets ``seconds / slices`` per slice (measured by ``clock``) and its own
    ``random.Random(seed)``.
    """
    part = seconds / slices
    tallies = {engine.name: _Tally() for engine in engines}
    rngs = {engine.name: random.Random(seed) for engine in engines}
    for _ in range(slices):
        for engine in engines:
            _run_slice(engine, part, rngs[engine.name], tallies[engine.name], clock)
    return {name: tally.rates() for name, tally in tallies.items()}


def engine_build() -> str:
    """Which build of the engines this process runs, in one line.

    ``compiled (mypyc): <modules>`` or ``interpreted (pure Python)`` (see
    :mod:`savanna.native`). Every registered game's modules and the ISMCTS search are
    imported first, so the answer covers them whatever ran before.
    """
    import savanna.bots  # noqa: F401  (the search)

    for name in registered_games():
        game = load_game(name)
        game.new_initial_state()
        package = importlib.import_module(type(game).__module__.rpartition(".")[0])
        for module in pkgutil.iter_modules(package.__path__):  # those a game imports late too
            importlib.import_module(f"{package.__name__}.{module.name}")
    return build_name(compiled_modules())


@dataclass(frozen=True)
class BenchResult:
    """Throughput of one game, and of each reference measured in the same run."""

    game: Rates
    references: Mapping[str, Rates] = field(default_factory=dict)
    seconds: float = 0.0
    build: str = field(default_factory=interpreted_name)
    whole: Rates | None = None
    """The same playouts, each game in one call (``savanna.core.playout``)."""

    def ratios(self) -> dict[str, dict[str, float]]:
        """Per reference: our rates divided by its rates (actions, decisions, games)."""
        return {name: self.game.ratios(rates) for name, rates in self.references.items()}

    def as_json(self) -> dict[str, Any]:
        """The object printed by ``savanna bench --json``.

        ``steps_per_sec``, ``games_per_sec``, ``reference_steps_per_sec``,
        ``reference_games_per_sec`` and ``ratio`` (actions/s ÷ backgammon's) are kept for
        scripts written against the first version; ``references`` and ``ratios`` hold every
        reference.
        """
        backgammon = self.references.get("backgammon")
        ratios = self.ratios()
        return {
            "build": self.build,
            "seconds": self.seconds,
            **self.game.as_json(),
            "steps_per_sec": round(self.game.actions_per_sec, 1),
            "reference_steps_per_sec": None
            if backgammon is None
            else round(backgammon.actions_per_sec, 1),
            "reference_games_per_sec": None
            if backgammon is None
            else round(backgammon.games_per_sec, 3),
            "ratio": None if backgammon is None else round(ratios["backgammon"]["actions"], 3),
            "references": {name: rates.as_json() for name, rates in self.references.items()},
            "one_call": None if self.whole is None else self.whole.as_json(),
            "ratios": {
                name: {k: round(v, 3) for k, v in values.items()} for name, values in ratios.items()
            },
        }


def compare_with_references(
    game: Game,
    *,
    seconds: float,
    seed: int = 0,
    references: Sequence[str] = REFERENCES,
    clock: Clock = time.process_time,
) -> BenchResult:
    """Measure ``game`` and the OpenSpiel ``references`` in alternating slices.

    ``seconds`` is the measuring time (CPU time by default) of each engine. References are
    skipped when ``open_spiel`` is not installed.
    """
    ours = savanna_engine(game, name="__game__")
    engines = [ours, savanna_engine(game, name="__whole__", whole=True)]
    names: dict[str, str] = {}
    for reference in references:
        engine = openspiel_engine(reference)
        if engine is not None:
            engines.append(engine)
            names[engine.name] = reference
    rates = measure(engines, seconds=seconds, slices=SLICES, seed=seed, clock=clock)
    return BenchResult(
        game=rates["__game__"],
        references={names[name]: r for name, r in rates.items() if name in names},
        seconds=seconds,
        build=engine_build(),
        whole=rates["__whole__"],
    )
