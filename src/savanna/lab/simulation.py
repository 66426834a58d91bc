"""Playing many seeded games between bots, on one core, many cores or a Ray cluster.

Game ``i`` is seeded with ``derive_seed(seed, i)`` and seats the bots rotated: with the bots
list cycled to ``P`` entries ``L``, game ``i`` seats ``L[j]`` at seat ``(i + j) mod P``, so no
bot keeps a seat advantage. When options are varied (``--vary special=none,lava``), game
``i`` plays variant ``(i // P) mod K`` of the ``K`` combinations, so every variant sees every
rotation equally often. Each game depends only on the plan and its index, and results are
put back in index order, so the outcome is the same whatever runs the games.
"""

from __future__ import annotations

import atexit
import collections
import concurrent.futures
import concurrent.futures.process
import functools
import itertools
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from savanna.bots import Bot, BotError, RestrictedBot, make_bots, parse_bot_spec, play_game
from savanna.core import (
    Game,
    OptionError,
    SavannaError,
    State,
    derive_seed,
    game_class,
    make_rng,
    record_of,
)
from savanna.core.messages import load_messages
from savanna.core.options import OptionValue
from savanna.core.playout import playout
from savanna.core.rng import SEQUENCE, sequence_rng

__all__ = [
    "LabError",
    "SimulationPlan",
    "play_one",
    "run_simulation",
    "start_workers",
    "stop_workers",
    "submit",
    "worker_processes",
    "worker_start_method",
]

T = TypeVar("T")

Outcome = dict[str, Any]
"""One played game: index, seed, seats, scores, ranking, length, statistics, record."""


MESSAGES = load_messages("savanna.lab")
"""The lab's words (``savanna/lab/data/messages.<lang>.toml``)."""


class LabError(SavannaError, RuntimeError):
    """A simulation could not run (a worker failed, Ray is unavailable, bad statistics)."""

    code = "lab/error"


@dataclass(frozen=True)
class SimulationPlan:
    """Everything that decides a simulation's games (and nothing that depends on the machine).

    Build it with :meth:`create`, which validates the game, options, bots and counts.

    Attributes:
        game_cls: the registered game class (picklable by reference for worker processes).
        players: the number of seats.
        options: the resolved game options.
        bots: canonical bot specs as given (cycled to fill the seats).
        games: how many games (the most games when a run stops once answered).
        seed: the simulation seed; game ``i`` uses ``derive_seed(seed, i)``.
        variants: the option combinations varied from game to game (``((),)`` when none):
            game ``i`` plays ``options`` updated with ``variants[(i // players) % K]``.
    """

    game_cls: type[Game]
    players: int
    options: Mapping[str, OptionValue] = field(hash=False)
    bots: tuple[str, ...]
    games: int
    seed: int
    variants: tuple[tuple[tuple[str, OptionValue], ...], ...] = ((),)

    @classmethod
    def create(
        cls,
        game: str,
        *,
        bots: Sequence[str],
        games: int,
        seed: int,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        vary: Mapping[str, Sequence[Any]] | None = None,
    ) -> SimulationPlan:
        """A validated plan.

        Args:
            vary: option name → the values to play, every combination in turn (each
                value as ``--option`` would take it).

        Raises:
            OptionError: unknown game, bad option or player count, bad bot spec (or a
                restriction the game does not declare), no bots, more bots than seats, fewer
                than one game, or an option both set and varied.
        """
        game_cls = game_class(game)
        configured = game_cls(players=players, options=options)
        variants = _variants(game_cls, configured.num_players, dict(options or {}), vary or {})
        parsed = [parse_bot_spec(text) for text in bots if text.strip()]
        for spec in parsed:
            if spec.restrict is not None:
                configured.restriction(spec.restrict)  # refuses one the game does not declare
        specs = tuple(str(spec) for spec in parsed)
        if not specs:
            raise OptionError(MESSAGES.words("error.simulation.give_at_least_one"))
        if len(specs) > configured.num_players:
            raise OptionError(MESSAGES.words("error.simulation.bots_for_seats_give", bots=len(specs), seats=configured.num_players))
        if games < 1:
            raise OptionError(MESSAGES.words("error.simulation.games_must_be_at", games=games))
        return cls(
            game_cls, configured.num_players, dict(configured.options), specs, games, seed, variants
        )

    @property
    def varied(self) -> dict[str, list[OptionValue]]:
        """Each varied option → its values, in the order given (empty when nothing varies)."""
        out: dict[str, list[OptionValue]] = {}
        for variant in self.variants:
            for name, value in variant:
                if value not in out.setdefault(name, []):
                    out[name].append(value)
        return out

    def variant(self, index: int) -> int:
        """Which variant game ``index`` plays: ``(index // players) mod K``."""
        return (index // self.players) % len(self.variants)

    @property
    def block(self) -> int:
        """Games in one full cycle of seat rotations and variants (``players * K``)."""
        return self.players * len(self.variants)

    def options_of(self, index: int) -> dict[str, OptionValue]:
        """The options of game ``index`` (the base options updated with its variant)."""
        return {**self.options, **dict(self.variants[self.variant(index)])}

    def make_game(self, index: int = 0) -> Game:
        """The configured game of game ``index`` (cached per process)."""
        return _configured(self.game_cls, self.players, tuple(sorted(self.options_of(index).items())))

    @property
    def cycled(self) -> tuple[str, ...]:
        """The bots list cycled to one entry per seat."""
        return tuple(self.bots[j % len(self.bots)] for j in range(self.players))

    def seating(self, index: int) -> list[str]:
        """The bot spec at each seat in game ``index`` (entry ``j`` at seat ``(index+j) mod P``)."""
        cycled = self.cycled
        return [cycled[(seat - index) % self.players] for seat in range(self.players)]

    def game_seed(self, index: int) -> int:
        """The seed of game ``index``."""
        return derive_seed(self.seed, index)


def _variants(
    game_cls: type[Game], players: int, options: dict[str, Any], vary: Mapping[str, Sequence[Any]]
) -> tuple[tuple[tuple[str, OptionValue], ...], ...]:
    """Every combination of the varied values, resolved and validated by the game."""
    for name, values in vary.items():
        if name in options:
            raise OptionError(MESSAGES.words("error.simulation.option_is_both_set", name=repr(name)))
        if not values or len(set(map(str, values))) != len(values):
            raise OptionError(MESSAGES.words("error.lab.vary_values", name=name, values=repr(list(values))))
    names = list(vary)
    out = []
    for combination in itertools.product(*(vary[n] for n in names)):
        resolved = game_cls(players=players, options={**options, **dict(zip(names, combination, strict=True))}).options
        out.append(tuple((n, resolved[n]) for n in names))
    return tuple(out)


@functools.lru_cache(maxsize=32)
def _configured(
    game_cls: type[Game], players: int, options: tuple[tuple[str, OptionValue], ...]
) -> Game:
    return game_cls(players=players, options=dict(options))


def play_one(plan: SimulationPlan, index: int, records: bool = True) -> Outcome:
    """Play game ``index`` of ``plan`` and describe it (JSON-able).

    Args:
        records: whether the outcome carries the game's record (JSON text, under
            ``"record"``). Its notation is written as the game is played (never by
            replaying it); a run whose records are not written skips it.
    """
    game = plan.make_game(index)
    seed = plan.game_seed(index)
    seats = plan.seating(index)
    deciders: list[int] = []
    notation: list[str] | None = [] if records else None
    bots: list[Bot] = []
    if all(spec == "random" for spec in seats):  # plain random bots: the game in one call
        state = _random_game(game, seed, deciders, notation)
    else:
        bots = make_bots(game, [parse_bot_spec(s) for s in seats], seed)
        state = play_game(game, bots, seed=seed, deciders=deciders, notation=notation)
    # Play order: seats by their first decision; seats that never decided come last.
    first = list(dict.fromkeys(deciders))
    first.extend(s for s in range(plan.players) if s not in first)
    statistics = game.game_statistics(state)
    outcome: Outcome = {
        "index": index,
        "seed": seed,
        "variant": plan.variant(index),
        "seats": seats,
        "order": [first.index(s) + 1 for s in range(plan.players)],
        "scores": [float(s) for s in state.scores()],
        "ranking": state.ranking(),
        "length": len(state.history),
        "decisions": len(deciders),
        "statistics": statistics,
    }
    restricted = [
        {"seat": bot.seat, "decisions": bot.decisions, "changed": bot.restricted}
        for bot in bots
        if isinstance(bot, RestrictedBot)
    ]
    if restricted:  # restricted play (savanna.lab.restricted): how often the seat was held back
        outcome["restricted"] = restricted
    if records:
        outcome["record"] = record_of(
            state, seed=seed, seats=seats, chance=SEQUENCE, actions=notation
        ).to_json()
    return outcome


def _random_game(game: Game, seed: int, deciders: list[int], notation: list[str] | None) -> State:
    """The game ``play_game`` plays between ``random`` bots seeded as ``make_bots`` seeds
    them, in one call (:func:`savanna.core.playout.playout`: the same draws in the same
    order, so the same game, ``tests/core/test_playout.py``)."""
    state = game.new_initial_state()
    seats = [make_rng(seed, "bot", seat) for seat in range(game.num_players)]
    limit = game.max_game_length
    playout(state, sequence_rng(seed), limit=limit, seats=seats, deciders=deciders, notation=notation)
    if not state.is_terminal():
        raise BotError(MESSAGES.words("error.lab.no_end", game=repr(game), limit=limit))
    return state


def _play_chunk(plan: SimulationPlan, indices: Sequence[int], records: bool) -> list[Outcome]:
    return [play_one(plan, i, records) for i in indices]


def _chunks(n: int, size: int) -> list[list[int]]:
    return [list(range(start, min(n, start + size))) for start in range(0, n, size)]


def run_simulation(
    plan: SimulationPlan,
    *,
    workers: int | None = None,
    use_ray: bool = False,
    on_result: Callable[[int], None] | None = None,
    start: int = 0,
    stop: int | None = None,
    records: bool = True,
) -> list[Outcome]:
    """Play the games ``start`` to ``stop - 1`` of ``plan`` (all by default), in index order.

    Args:
        plan: the games to play.
        start, stop: the range of game indices (``stop`` defaults to ``plan.games``).
        workers: processes playing games on this machine, this one included (default:
            every core); 1 plays in this process only. With ``W`` workers this process
            plays games too, beside ``W - 1`` worker processes (see :func:`start_workers`).
            Ignored with ``use_ray``.
        use_ray: run the games as Ray tasks. Connects to the cluster named by the
            ``RAY_ADDRESS`` environment variable, or starts Ray locally, unless Ray is
            already initialised in this process.
        on_result: called with the number of games of this call finished so far.
        records: whether each outcome carries its game's record (``"record"``, JSON
            text; see :func:`play_one`). Without them a run plays only what its summary
            needs.

    Raises:
        LabError: Ray is not installed or a worker failed.
        BotError: a bot broke the protocol.
    """
    indices = range(start, plan.games if stop is None else stop)
    if use_ray:
        return _run_ray(plan, indices, on_result, records)
    count = _worker_count(workers)
    outcomes: list[Outcome] = []
    for outcome in _iterate(plan, indices, min(count, len(indices)), records):
        outcomes.append(outcome)
        if on_result is not None:
            on_result(len(outcomes))
    outcomes.sort(key=lambda o: int(o["index"]))
    return outcomes


def _worker_count(workers: int | None) -> int:
    count = workers if workers is not None else (os.cpu_count() or 1)
    if count < 1:
        raise OptionError(MESSAGES.words("error.simulation.workers_must_be_at", count=count))
    return count


# -- worker processes ---------------------------------------------------------------------
# A run on W workers plays in this process and in W - 1 worker processes that stay alive
# between runs (a tournament's pairings, an adaptive run's batches). The games are cut into
# chunks, large first and smaller towards the end, so that the processes finish together;
# this process plays a chunk whenever one is left and takes the workers' results between
# its chunks. Each worker has up to ``_AHEAD`` chunks queued, so it never waits for this
# process. Outcomes travel as one pickled list per chunk; the plan is small (the game class
# travels by reference).

_AHEAD = 2
_MAX_CHUNK = 64


@dataclass
class _Workers:
    executor: concurrent.futures.ProcessPoolExecutor
    processes: int
    method: str


_workers: _Workers | None = None


def _start_method() -> str:
    """``fork`` while this process runs one thread on a platform that has it (the workers
    start at once, with every module already imported and the game already configured),
    else ``spawn`` (a fork beside other threads could inherit a lock one of them holds)."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group: this process stops the workers, which
    # should not print a traceback each.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start_workers(workers: int | None = None, *, wait: bool = False) -> None:
    """Start the worker processes of runs on ``workers`` workers now (default: every core).

    Later runs with the same number of workers use them: a command calls this before it
    starts threads (a progress bar) and before its first run, so the workers are forked
    from a small one-threaded process and their start overlaps its preparations. Workers
    already running with another count are stopped first. Does nothing for 1 worker.
    ``wait``: return once every worker process has answered a first task.

    Raises:
        OptionError: ``workers`` is less than 1.
    """
    global _workers
    processes = _worker_count(workers) - 1
    if _workers is not None and _workers.processes == processes:
        return
    stop_workers()
    if processes < 1:
        return
    method = _start_method()
    executor = concurrent.futures.ProcessPoolExecutor(
        processes,
        mp_context=multiprocessing.get_context(method),
        initializer=_ignore_interrupts,
    )
    _workers = _Workers(executor, processes, method)
    # The processes start with the first task (all at once under fork).
    first = [executor.submit(os.getpid) for _ in range(processes)]
    if wait:
        concurrent.futures.wait(first)


def stop_workers() -> None:
    """Stop the worker processes started for earlier runs (if any)."""
    global _workers
    if _workers is not None:
        _workers.executor.shutdown(wait=True, cancel_futures=True)
        _workers = None


atexit.register(stop_workers)


def worker_processes() -> int:
    """How many worker processes :func:`start_workers` keeps running (0 when none)."""
    return _workers.processes if _workers is not None else 0


def submit(function: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
    """Run ``function(*args)`` in one of the running worker processes (the report's plots).

    Raises:
        LabError: no worker process is running.
    """
    if _workers is None:
        raise LabError(MESSAGES.words("error.lab.no_workers"))
    return _workers.executor.submit(function, *args)


def worker_start_method() -> str | None:
    """How the running worker processes were started (``fork`` or ``spawn``), or None."""
    return _workers.method if _workers is not None else None


def _guided_chunks(indices: range, processes: int) -> list[range]:
    """``indices`` cut into chunks of a quarter of what is left per process (at most
    ``_MAX_CHUNK`` games, at least one), in index order."""
    out = []
    at = indices.start
    while at < indices.stop:
        size = max(1, min(_MAX_CHUNK, (indices.stop - at) // (4 * processes)))
        out.append(range(at, min(indices.stop, at + size)))
        at += size
    return out


def _iterate(plan: SimulationPlan, indices: range, workers: int, records: bool) -> Iterator[Outcome]:
    """The outcomes of ``indices``, in the order they finish."""
    if workers <= 1:
        for index in indices:
            yield play_one(plan, index, records)
        return
    start_workers(workers)
    assert _workers is not None
    executor = _workers.executor
    waiting = collections.deque(_guided_chunks(indices, workers))
    running: set[concurrent.futures.Future[list[Outcome]]] = set()
    try:
        while waiting or running:
            while waiting and len(running) < _AHEAD * _workers.processes:
                chunk = waiting.popleft()
                running.add(executor.submit(_play_chunk, plan, chunk, records))
            if waiting:
                for index in waiting.popleft():
                    yield play_one(plan, index, records)
            else:
                concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in [f for f in running if f.done()]:
                running.remove(future)
                yield from future.result()
    except SavannaError:
        raise
    except concurrent.futures.process.BrokenProcessPool as exc:
        stop_workers()
        raise LabError(MESSAGES.words("error.lab.worker_failed", why=exc)) from exc
    except Exception as exc:  # an unexpected failure in a worker is a clear lab error
        raise LabError(MESSAGES.words("error.lab.worker_failed", why=f"{type(exc).__name__}: {exc}")) from exc
    finally:
        for future in running:
            future.cancel()


def _run_ray(
    plan: SimulationPlan, indices: range, on_result: Callable[[int], None] | None, records: bool
) -> list[Outcome]:
    try:
        import ray
    except ImportError as exc:
        raise LabError(MESSAGES.words("error.simulation.ray_needs_ray_pip")) from exc
    if not ray.is_initialized():
        # With RAY_ADDRESS set, ray.init() joins that cluster; otherwise it starts one here.
        ray.init(include_dashboard=False, log_to_driver=False)
    remote = ray.remote(_play_chunk)
    size = max(1, min(32, len(indices) // 64))
    pending = [
        remote.remote(plan, [indices[i] for i in chunk], records) for chunk in _chunks(len(indices), size)
    ]
    outcomes: list[Outcome] = []
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                outcomes.extend(ray.get(ref))
            if on_result is not None:
                on_result(len(outcomes))
    except Exception as exc:
        raise LabError(MESSAGES.words("error.lab.ray_failed", why=f"{type(exc).__name__}: {exc}")) from exc
    outcomes.sort(key=lambda o: int(o["index"]))
    return outcomes
