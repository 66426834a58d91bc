"""Simulations: seat rotation, seeds, determinism on any number of workers, summary, records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from savanna.core import OptionError, Record, derive_seed, registered_games, replay
from savanna.lab import SimulationPlan, play_one, run_simulation, summarise
from savanna.lab.report import write_report
from savanna.lab.simulation import LabError


def _plan(game: str = "toy", **kw: object) -> SimulationPlan:
    args: dict = {"bots": ["heuristic", "random"], "games": 12, "seed": 5, "players": 3}
    args.update(kw)
    return SimulationPlan.create(game, **args)


def test_seats_rotate_so_no_bot_keeps_a_seat(toy_game_class: type) -> None:
    plan = _plan(bots=["ismcts:sims=5", "heuristic", "random"], games=3)
    assert plan.seating(0) == ["ismcts:sims=5", "heuristic", "random"]
    assert plan.seating(1) == ["random", "ismcts:sims=5", "heuristic"]
    assert plan.seating(2) == ["heuristic", "random", "ismcts:sims=5"]
    # Bot j sits at seat (i + j) mod P.
    for i in range(7):
        for j, spec in enumerate(plan.cycled):
            assert plan.seating(i)[(i + j) % 3] == spec


def test_bots_list_is_cycled_to_fill_the_seats(toy_game_class: type) -> None:
    plan = _plan(bots=["heuristic", "random"], players=4)
    assert plan.cycled == ("heuristic", "random", "heuristic", "random")
    assert plan.seating(1) == ["random", "heuristic", "random", "heuristic"]


def test_game_i_is_seeded_with_derive_seed(toy_game_class: type) -> None:
    plan = _plan()
    outcome = play_one(plan, 3)
    assert outcome["seed"] == derive_seed(5, 3)
    assert outcome["seats"] == plan.seating(3)
    assert play_one(plan, 3) == outcome


@pytest.mark.parametrize(
    ("kw", "fragment"),
    [
        ({"bots": ["random"] * 4}, "4 bots for 3 seats"),
        ({"bots": []}, "at least one bot"),
        ({"bots": ["random", "minimax"]}, "unknown bot"),
        ({"games": 0}, "--games"),
        ({"players": 9}, "players"),
        ({"options": {"length": 99}}, "length"),
        ({"options": {"colour": "red"}}, "no option"),
    ],
)
def test_plan_refuses_bad_settings(toy_game_class: type, kw: dict, fragment: str) -> None:
    with pytest.raises(OptionError, match=fragment):
        _plan(**kw)


def test_unknown_game_is_refused() -> None:
    with pytest.raises(OptionError, match="unknown game"):
        SimulationPlan.create("chess", bots=["random"], games=1, seed=0)


def test_one_worker_and_two_workers_give_the_same_summary(toystats: type) -> None:
    plan = _plan("toystats", bots=["ismcts:sims=10", "heuristic", "random"], games=10)
    serial = run_simulation(plan, workers=1)
    parallel = run_simulation(plan, workers=2)
    assert [o["index"] for o in parallel] == list(range(10))
    assert serial == parallel
    assert json.dumps(summarise(plan, serial), sort_keys=True) == json.dumps(
        summarise(plan, parallel), sort_keys=True
    )


def test_progress_callback_counts_every_game(toy_game_class: type) -> None:
    seen: list[int] = []
    run_simulation(_plan(games=5), workers=1, on_result=seen.append)
    assert seen == [1, 2, 3, 4, 5]


def test_summary_schema_and_win_counting(toystats: type) -> None:
    plan = _plan("toystats", games=30)
    outcomes = run_simulation(plan, workers=1)
    summary = summarise(plan, outcomes)
    assert summary["format"] == "savanna-simulation"
    assert {
        "game",
        "players",
        "options",
        "bots",
        "games",
        "seed",
        "win_rates",
        "scores",
        "length",
        "statistics",
    } <= set(summary)
    assert summary["options"] == {"length": 6}
    by_bot = summary["win_rates"]["by_bot"]
    assert set(by_bot) == {"heuristic", "random"}
    # heuristic fills 2 of 3 seats per game (cycled), random 1.
    assert by_bot["heuristic"]["trials"] == 60 and by_bot["random"]["trials"] == 30
    wins = sum(
        1
        for o in outcomes
        for s in range(3)
        if o["seats"][s] == "heuristic" and o["ranking"][s] == 0
    )
    assert by_bot["heuristic"]["wins"] == wins
    for row in [*by_bot.values(), *summary["win_rates"]["by_seat"]]:
        lo, hi = row["ci95"]
        assert 0 <= lo <= row["rate"] <= hi <= 1
    assert len(summary["win_rates"]["by_seat"]) == 3
    assert summary["length"]["decisions"]["count"] == 30
    assert summary["scores"]["by_bot"]["random"]["count"] == 30
    # Ties: every seat sharing a first place wins (toy: all seats holding the winner's card).
    total_wins = sum(row["wins"] for row in summary["win_rates"]["by_seat"])
    assert total_wins == sum(sum(1 for r in o["ranking"] if r == 0) for o in outcomes)
    assert summary["shared_first_places"] == sum(1 for o in outcomes if o["ranking"].count(0) > 1)


def test_game_statistics_hook_is_aggregated(toystats: type) -> None:
    plan = _plan("toystats", games=40)
    outcomes = run_simulation(plan, workers=1)
    stats = summarise(plan, outcomes)["statistics"]
    winners = stats["game"]["winner"]
    assert set(winners) <= {"A", "B", "C"}
    assert sum(row["games"] for row in winners.values()) == 40
    assert sum(row["frequency"] for row in winners.values()) == pytest.approx(1.0, abs=1e-3)
    cards = stats["seats"]["card"]
    assert sum(row["seats"] for row in cards.values()) == 120
    # A seat holding the winner's card wins: the per-card win rates add up to the games.
    assert sum(row["wins"] for row in cards.values()) == sum(
        o["ranking"].count(0) for o in outcomes
    )
    some = next(iter(winners.values()))
    assert some["mean_decisions"] is not None
    # each key's games and mean decisions, with and without it, by their plain definition
    for key, row in winners.items():
        with_ = [o["decisions"] for o in outcomes if o["statistics"]["game"]["winner"] == key]
        without = [o["decisions"] for o in outcomes if o["statistics"]["game"]["winner"] != key]
        assert row["games"] == len(with_)
        assert row["mean_decisions"] == round(sum(with_) / len(with_), 4)
        assert row["mean_decisions_without"] == (round(sum(without) / len(without), 4) if without else None)


def test_default_statistics_hook_is_empty(toy_game_class: type) -> None:
    plan = _plan(games=3)
    assert summarise(plan, run_simulation(plan, workers=1))["statistics"] == {
        "game": {},
        "seats": {},
    }


def test_badly_shaped_statistics_are_a_lab_error(toystats: type) -> None:
    plan = _plan("toystats", games=2)
    outcomes = run_simulation(plan, workers=1)
    outcomes[1]["statistics"] = {"seats": {"card": ["A"]}}
    with pytest.raises(LabError, match="one value per seat"):
        summarise(plan, outcomes)
    with pytest.raises(LabError, match="incomplete"):
        summarise(plan, outcomes[1:])


def test_report_files_and_records_replay(toystats: type, tmp_path: Path) -> None:
    plan = _plan("toystats", games=6)
    outcomes = run_simulation(plan, workers=1)
    summary = summarise(plan, outcomes)
    written = write_report(tmp_path, summary, outcomes, command="savanna simulate toystats")
    names = {p.name for p in written}
    assert {
        "summary.json",
        "games.jsonl",
        "report.md",
        "win_rate_by_bot.png",
        "game_length.png",
    } <= names
    assert {"seats_card.png", "game_winner.png"} <= names
    assert json.loads((tmp_path / "summary.json").read_text()) == json.loads(json.dumps(summary))
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == 6
    for line, outcome in zip(lines, outcomes, strict=True):
        record = Record.from_json(line)
        assert record.seed == outcome["seed"] and record.seats == outcome["seats"]
        final = replay(record)
        assert final.is_terminal()
        assert final.ranking() == outcome["ranking"]
    report = (tmp_path / "report.md").read_text()
    assert "![win rate by bot](win_rate_by_bot.png)" in report
    assert "savanna simulate toystats" in report
    assert all((tmp_path / n).stat().st_size > 1000 for n in names if n.endswith(".png"))


@pytest.mark.parametrize("game", sorted(registered_games()))
def test_every_registered_game_simulates_and_replays(game: str) -> None:
    plan = SimulationPlan.create(game, bots=["heuristic", "random"], games=2, seed=1)
    outcomes = run_simulation(plan, workers=1)
    summary = summarise(plan, outcomes)
    assert summary["games"] == 2
    for outcome in outcomes:
        assert replay(Record.from_json(outcome["record"])).ranking() == outcome["ranking"]


@pytest.mark.slow
def test_ray_gives_the_same_summary_as_one_worker(toystats: type) -> None:
    import ray  # in the all extra: a missing install fails here instead of skipping

    plan = _plan("toystats", games=8)
    serial = summarise(plan, run_simulation(plan, workers=1))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = summarise(plan, run_simulation(plan, use_ray=True))
    finally:
        ray.shutdown()
    assert json.dumps(on_ray, sort_keys=True) == json.dumps(serial, sort_keys=True)


def test_games_ended_at_the_turn_cap_are_counted(toystats: type, tmp_path: Path) -> None:
    plan = _plan("toystats", games=10)
    outcomes = run_simulation(plan, workers=1)
    summary = summarise(plan, outcomes)
    assert summary["turn_cap"]["games"] == 0 and summary["turn_cap"]["reported"] is False
    for i in (2, 7):
        outcomes[i]["statistics"]["game"]["ended_by"] = "turn_cap"
    for i in (0, 1, 3):
        outcomes[i]["statistics"]["game"]["ended_by"] = "arrival"
    capped = summarise(plan, outcomes)["turn_cap"]
    assert capped["reported"] is True
    assert (capped["games"], capped["share"], capped["first_indices"]) == (2, 0.2, [2, 7])
    lo, hi = capped["ci95"]
    assert lo < 0.2 < hi
    write_report(tmp_path, summarise(plan, outcomes), outcomes)
    assert "Games ended at the turn cap: 2 of 10 (20.0%" in (tmp_path / "report.md").read_text()


@pytest.mark.parametrize("game", sorted(registered_games()))
def test_a_run_without_records_plays_the_same_games(game: str) -> None:
    plan = SimulationPlan.create(game, bots=["heuristic", "random"], games=4, seed=2)
    with_records = run_simulation(plan, workers=1)
    without = run_simulation(plan, workers=1, records=False)
    assert all("record" in o for o in with_records) and not any("record" in o for o in without)
    assert [{k: v for k, v in o.items() if k != "record"} for o in with_records] == without
    assert json.dumps(summarise(plan, without), sort_keys=True) == json.dumps(
        summarise(plan, with_records), sort_keys=True
    )


def test_guided_chunks_cover_the_games_once_in_order_and_shrink() -> None:
    from savanna.lab.simulation import _guided_chunks

    for indices, processes in ((range(0, 2000), 2), (range(5, 7), 3), (range(1, 300), 4)):
        chunks = _guided_chunks(indices, processes)
        assert [i for c in chunks for i in c] == list(indices)
        sizes = [len(c) for c in chunks]
        assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1


def test_three_workers_and_reused_workers_give_the_same_outcomes(toystats: type) -> None:
    from savanna.lab.simulation import stop_workers, worker_start_method

    plan = _plan("toystats", bots=["heuristic", "random"], games=23)
    serial = run_simulation(plan, workers=1)
    try:
        first = run_simulation(plan, workers=3)
        assert worker_start_method() in ("fork", "spawn")
        again = run_simulation(plan, workers=3, start=5, stop=19)  # the same workers again
    finally:
        stop_workers()
    assert worker_start_method() is None
    assert first == serial and again == serial[5:19]


def test_forked_workers_give_the_same_summary_as_one_process(tmp_path: Path) -> None:
    """Workers forked from a one-threaded process (as ``savanna simulate`` starts them)."""
    import subprocess
    import sys

    code = (
        "import json\n"
        "from savanna.lab import SimulationPlan, run_simulation, summarise\n"
        "from savanna.lab.simulation import start_workers, worker_start_method\n"
        "plan = SimulationPlan.create('banjooli', bots=['heuristic', 'random'], games=24, seed=5)\n"
        "start_workers(2)\n"
        "method = worker_start_method()\n"
        "two = run_simulation(plan, workers=2)\n"
        "one = run_simulation(plan, workers=1)\n"
        "same = json.dumps(summarise(plan, one), sort_keys=True) == json.dumps(summarise(plan, two), sort_keys=True)\n"
        "print(method, one == two, same)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["fork", "True", "True"]


def test_a_failing_worker_is_a_lab_error_and_the_next_run_works(toystats: type) -> None:
    from savanna.lab.simulation import stop_workers
    from tests.lab.statsgame import ToyWorkerFailureGame

    plan = _plan("toystats", games=12)
    broken = SimulationPlan(ToyWorkerFailureGame, plan.players, plan.options, plan.bots, 12, 0)
    try:
        with pytest.raises(LabError, match="a simulation worker failed: RuntimeError: statistics broke"):
            run_simulation(broken, workers=2)
        assert run_simulation(plan, workers=2) == run_simulation(plan, workers=1)
    finally:
        stop_workers()
