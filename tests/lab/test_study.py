"""savanna.lab.study: the shared machinery of the balance pages (docs/balance/*.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from savanna.core import State, derive_seed, load_game, make_rng
from savanna.lab import SimulationPlan, run_simulation
from savanna.lab.study import (
    Study,
    command_line,
    favoured,
    game_seeds,
    map_games,
    play_seeded,
    study_parser,
    within,
    write_page,
)


def test_the_command_keeps_what_decides_the_figures_and_drops_where_files_go() -> None:
    argv = ["--games", "8", "--workers", "2", "--out=x.md", "--cache", "c", "--seed", "3"]
    assert command_line("benchmarks/s.py", argv) == (
        ".venv/bin/python benchmarks/s.py --games 8 --seed 3"
    )
    args = study_parser("s", "docs/balance/s.md", seed=5).parse_args([])
    assert (args.seed, args.out, args.cache) == (5, Path("docs/balance/s.md"), None)


def test_write_page_ends_with_one_newline(tmp_path: Path) -> None:
    out = tmp_path / "deep" / "page.md"
    write_page(out, ["# Title", "", "text", ""])
    assert out.read_text(encoding="utf-8") == "# Title\n\ntext\n"


def _hyena_random(state: State, seat: int, rng: Any) -> int:
    return rng.choice(state.legal_actions())


def test_play_seeded_uses_the_labs_streams_and_replays() -> None:
    game = load_game("hyena", players=3)
    seed = derive_seed(4, 2)
    a = play_seeded(game, seed, _hyena_random)
    b = play_seeded(game, seed, _hyena_random)
    assert a.is_terminal() and a.history == b.history
    # By hand: chance from the "chance" stream, each seat from its own stream.
    chance = make_rng(seed, "chance")
    rngs = [make_rng(seed, "bot", s) for s in range(3)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(chance))
        else:
            seat = state.current_player()
            state.apply_unchecked(rngs[seat].choice(state.legal_actions()))
    assert state.history == a.history
    assert game_seeds(4, 3)[2] == seed


def _square(n: int) -> int:
    return n * n


def test_map_games_gives_the_same_list_on_one_or_two_workers() -> None:
    items = list(range(7))
    assert map_games(_square, items, 1) == map_games(_square, items, 2) == [n * n for n in items]


def test_a_study_caches_its_games_and_replays_them_before_reuse(tmp_path: Path) -> None:
    study = Study("hyena", seed=9, players=4, cache=tmp_path)
    first, games = study.run("r", games=8, options={"rules": "four-sticks"}, tests=("order",))
    assert first["games"] == 8 and len(games) == 8 and "record" not in games[0]
    head = json.loads((tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert head["key"]["options"]["rules"] == "four-sticks" and head["stopping"] is None
    plan = SimulationPlan.create(
        "hyena", bots=["heuristic"], games=8, seed=9, players=4, options={"rules": "four-sticks"}
    )
    fresh = [{k: v for k, v in o.items() if k != "record"} for o in run_simulation(plan, workers=1)]
    assert json.loads(json.dumps(fresh)) == games
    again = study.play("r", games=8, options={"rules": "four-sticks"}, tests=("order",))
    assert again["tests"] == first["tests"]
    # Another plan under the same name is played, not read.
    other = study.play("r", games=4, options={"rules": "four-sticks"})
    assert other["games"] == 4


def test_an_adaptive_run_stops_on_width_and_says_so(tmp_path: Path) -> None:
    study = Study("hyena", seed=2, players=4, cache=tmp_path)
    summary = study.play(
        "w", games=48, options={"rules": "traditional"}, tests=("seat", "order"),
        until_width=0.99, steer=("order",),
    )
    assert summary["stopping"]["max_games"] == 48 and summary["games"] <= 48
    assert {q["factor"] for q in summary["tests"]["questions"]} == {"seat", "order"}
    cached = study.play(
        "w", games=48, options={"rules": "traditional"}, tests=("seat", "order"),
        until_width=0.99, steer=("order",),
    )
    assert cached["stopping"] == summary["stopping"]


def test_within_and_favoured_read_the_simultaneous_intervals() -> None:
    q = {
        "levels": [
            {"level": "P1", "effect": 0.025, "p": 0.01, "ci": [0.021, 0.029]},
            {"level": "P2", "effect": -0.005, "p": 0.5, "ci": [-0.015, 0.005]},
        ]
    }
    assert within(q) == "no (up to 2.9)" and favoured(q) == "P1 (+2.5)"
    q["levels"] = q["levels"][1:]
    assert within(q) == "yes" and favoured(q) == "none"
