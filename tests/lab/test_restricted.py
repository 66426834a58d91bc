"""Restricted play (Jaffe et al. 2012): a decision that matters costs, one that does not costs nothing.

The toy race's restrictions (``tests/lab/statsgame.py``): ``ignore-card`` redraws the
seat's own card before it decides (the heuristic backs the runner of its card, so it then
backs a guess), ``never-a`` never moves runner A while another can move. A random bot reads
no card, so ``ignore-card`` changes none of its choices, and ``never-a`` changes its moves
without changing its chances: its card and the others' are dealt uniformly and
independently of the moves, so every seat's expected score and win rate stay the same.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from savanna.bots import RestrictedBot, Turn, make_bots, parse_bot_spec, play_game
from savanna.cli import app
from savanna.core import OptionError, Restriction, load_game
from savanna.lab.restricted import RestrictedPlay, restriction_names
from savanna.lab.simulation import SimulationPlan, play_one

runner = CliRunner()
TOY = {"length": 5}


def _design(bot: str, restriction: str, games: int, seed: int, **kw: Any) -> RestrictedPlay:
    return RestrictedPlay.create(
        "toystats", bot=bot, restriction=restriction, games=games, seed=seed, players=3, options=TOY, **kw
    )


def test_a_restriction_that_matters_shows_a_cost(toystats: type) -> None:
    result = _design("heuristic", "ignore-card", 300, 1).run(workers=1)
    lo, hi = result["win_cost"]["ci95"]
    assert 0.15 < lo <= result["win_cost"]["mean"] <= hi
    assert result["score_cost"]["ci95"][0] > 0.15
    assert result["restricted"]["rate"] < result["baseline"]["rate"]
    assert result["verdict"].startswith("the decision matters")
    assert result["games_differing"] > 100


def test_a_restriction_that_changes_moves_but_not_chances_shows_no_cost(toystats: type) -> None:
    result = _design("random", "never-a", 300, 3).run(workers=1)
    assert result["games_differing"] > 100  # the moves did change
    for cost in (result["win_cost"], result["score_cost"]):
        lo, hi = cost["ci95"]
        assert lo < 0 < hi
        assert hi - lo < 0.2
    assert result["verdict"].startswith("no cost detected")


def test_a_restriction_that_never_changes_a_choice_plays_the_baseline_games(toystats: type) -> None:
    result = _design("random", "ignore-card", 30, 4).run(workers=1)
    assert result["restricted_seat"]["changed"] == result["restricted_seat"]["decisions"] > 0
    assert result["games_differing"] == 0
    assert result["win_cost"] == {"mean": 0.0, "ci95": [0.0, 0.0], "p": 1.0}
    assert result["score_cost"]["ci95"] == [0.0, 0.0]
    assert "already plays that way" in result["verdict"]


def test_the_same_figures_on_one_worker_or_two(toystats: type) -> None:
    design = _design("heuristic", "never-a", 60, 5, opponents=["random"])
    assert design.run(workers=1) == design.run(workers=2)


def test_the_restricted_bot_sits_at_every_seat_against_the_opponents_given(toystats: type) -> None:
    design = _design("heuristic", "never-a", 6, 2, opponents=["random"])
    assert design.plan.bots == ("heuristic:restrict=never-a", "random", "random")
    assert design.baseline.bots == ("heuristic", "random", "random")
    seats = [play_one(design.plan, i, records=False)["restricted"][0]["seat"] for i in range(3)]
    assert sorted(seats) == [0, 1, 2]
    for i in range(3):
        assert [s.replace(":restrict=never-a", "") for s in design.plan.seating(i)] == design.baseline.seating(i)


def test_a_restricted_bot_keeps_only_what_its_restriction_allows(toystats: type) -> None:
    game = load_game("toystats", players=2, options=TOY)
    narrowed = 0
    for seed in range(20):
        bots = make_bots(game, [parse_bot_spec("random:restrict=never-a"), parse_bot_spec("random")], seed)
        final = play_game(game, bots, seed=seed)
        restricted = bots[0]
        assert isinstance(restricted, RestrictedBot)
        state = game.new_initial_state()
        for action in final.history:
            if not state.is_chance_node() and state.current_player() == 0 and len(state.legal_actions()) > 1:
                assert action != 0, f"seed {seed}: the restricted seat moved runner A"
                narrowed += 0 in state.legal_actions()
            state.apply(action)
        assert restricted.restricted <= restricted.decisions
    assert narrowed > 10


def test_bot_specs_carry_a_restriction_and_plans_refuse_an_unknown_one(toystats: type) -> None:
    spec = parse_bot_spec("heuristic:restrict=Never-A")
    assert (spec.kind, spec.restrict, str(spec)) == ("heuristic", "never-a", "heuristic:restrict=never-a")
    assert str(spec.unrestricted) == "heuristic"
    with pytest.raises(OptionError, match=r"no restriction 'fly' \(restrictions: ignore-card, never-a\)"):
        SimulationPlan.create("toystats", bots=["heuristic:restrict=fly"], games=2, seed=0)
    with pytest.raises(OptionError, match="restrict= needs"):
        parse_bot_spec("heuristic:restrict=")
    with pytest.raises(OptionError, match="toy declares no restriction"):
        restriction_names("toy", ["all"])
    assert restriction_names("toystats", ["all", "never-a"]) == ["ignore-card", "never-a"]


def test_simulate_restrict_writes_the_costs_in_the_report(toystats: type, tmp_path: Path) -> None:
    args = ["simulate", "toystats", "-b", "heuristic", "-n", "60", "--players", "3", "--option", "length=5"]
    args += ["--restrict", "all", "--seed", "1", "-w", "1", "-q", "--no-records", "-r", str(tmp_path / "r")]
    result = runner.invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "ignore-card (decides as if its card were unseen): win rate" in out
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    rows = {r["restriction"]: r for r in summary["restricted_play"]["results"]}
    assert set(rows) == {"ignore-card", "never-a"} and rows["ignore-card"]["games"] == 60
    # The baseline is the simulation's own games: its seat's wins come from them.
    report = (tmp_path / "r" / "report.md").read_text()
    assert "## Restricted play" in report and "| `ignore-card` | decides as if its card were unseen |" in report
    assert "--restrict ignore-card --restrict never-a" in report


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--restrict", "fly"], "no restriction 'fly' (restrictions: ignore-card, never-a)"),
        (["--restrict", "never-a", "--vary", "length=4,5"], "cannot be combined with --vary"),
        (["--restrict", "never-a", "--test", "seat", "--until-width", "20"], "cannot be combined"),
    ],
)
def test_simulate_restrict_refuses_bad_flags_before_the_games(
    toystats: type, tmp_path: Path, args: list[str], fragment: str
) -> None:
    result = runner.invoke(app, ["simulate", "toystats", "-b", "random", "-q", "-r", str(tmp_path / "r"), *args])
    assert result.exit_code == 2, result.output
    assert fragment in " ".join(result.output.split())
    assert not (tmp_path / "r" / "summary.json").exists()


def test_a_restricted_bot_acting_on_an_observation_keeps_the_restriction(toystats: type) -> None:
    game = load_game("toystats", players=2, options=TOY)
    bot = parse_bot_spec("heuristic:restrict=never-a").build(game, 0, random.Random(1))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply(state.legal_actions()[0])  # cards A and A, a roll of 1
    assert state.current_player() == 0 and state.legal_actions() == [0, 1, 2]
    # Unrestricted, the heuristic moves the runner of its card (A); restricted, never A.
    assert game.heuristic_action(state.observation(0), [0, 1, 2], random.Random(1)) == 0
    assert bot.act(state.observation(0), [0, 1, 2]) in (1, 2)
    assert bot.act(state.observation(0), [0]) == 0  # nothing else is legal: A it is


def test_a_restriction_that_hides_a_secret_keeps_the_actions_of_the_position_it_shows(toystats: type) -> None:
    # allow is given blind's copy, not the real position: a seat that ignores its card also
    # ignores the choices only its card would show it (the river race's ignore-price).
    game = load_game("toystats", players=2, options=TOY)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply(state.legal_actions()[0])  # cards A and A, a roll of 1
    seen_cards: list[int] = []

    def blind(position: Any, seat: int, rng: random.Random) -> Any:
        other = position.clone()
        other.cards[seat] = 2
        return other

    def allow(position: Any, seat: int, legal: list[int]) -> list[int]:
        seen_cards.append(position.cards[seat])
        return [a for a in legal if a == position.cards[seat]] or legal

    restriction = Restriction("back-a-guess", "backs card C", "mise sur C", allow=allow, blind=blind)
    bot = RestrictedBot(parse_bot_spec("random").build(game, 0, random.Random(1)), restriction)
    assert bot.act(state.observation(0), [0, 1, 2]) == 2
    assert bot.decide(Turn(state, 0, [0, 1, 2])) == 2
    # the real position is untouched
    assert seen_cards == [2, 2] and state.cards[0] == 0  # type: ignore[attr-defined]
