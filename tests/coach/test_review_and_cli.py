"""After a game: ``review`` and ``savanna analyse RECORD --seat N``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.cli import app
from savanna.coach.review import review
from savanna.coach.text import say
from savanna.core import Record, load_game, record_of, replay_states


@pytest.fixture(scope="module")
def hyena_record() -> Record:
    """A finished two-player three-sticks Hyena game between heuristic bots."""
    game = load_game("hyena", 2, {"rules": "three-sticks", "length": 30})
    bots = make_bots(game, [parse_bot_spec("heuristic")] * 2, seed=5)
    final = play_game(game, bots, seed=5)
    return record_of(final, seed=5, seats=["bot:heuristic"] * 2, chance="sequence")


@pytest.fixture
def record_file(tmp_path: Path, hyena_record: Record) -> Path:
    path = tmp_path / "game.json"
    path.write_text(hyena_record.to_json(), encoding="utf-8")
    return path


def test_the_review_covers_every_decision_with_a_choice_and_adds_up(hyena_record: Record) -> None:
    done = review(hyena_record, 0, seed=1, samples=48, sims=30)
    choices = 0
    forced = 0
    replaying = replay_states(hyena_record)
    _, _, state = next(replaying)
    for index, text in enumerate(hyena_record.actions):
        if state.current_player() == 0:
            if len(state.legal_actions()) > 1:
                choices += 1
                assert done.decisions[choices - 1].index == index
                assert done.decisions[choices - 1].played.action == state.parse_action(text)
            else:
                forced += 1
        _, _, state = next(replaying)
    assert len(done.decisions) == choices and done.forced == forced
    assert done.total_loss == pytest.approx(sum(d.loss.value for d in done.decisions))
    for d in done.decisions:
        assert d.verdict in ("mistake", "fine", "close")
        assert [r.name for r in d.references] == ["heuristic", "ismcts"]
        assert d.loss == max((r.gain for r in d.references), key=lambda g: g.value)
        for r in d.references:
            if r.move.action == d.played.action:
                assert r.gain.value == 0 and r.gain.exact
            else:
                assert r.gain.low <= r.gain.value <= r.gain.high
        if all(r.move.action == d.played.action for r in d.references):
            assert d.verdict == "fine"
    assert hyena_record.result is not None
    assert done.score == hyena_record.result.scores[0]
    assert done.place == hyena_record.result.ranking[0]
    assert json.loads(json.dumps(done.to_json()))["seat"] == 0


def test_the_same_seed_gives_the_same_review(hyena_record: Record) -> None:
    first = review(hyena_record, 1, seed=2, samples=48, sims=20).to_json()
    assert first == review(hyena_record, 1, seed=2, samples=48, sims=20).to_json()


def test_analyse_prints_the_review_and_draws_the_plot(record_file: Path, tmp_path: Path) -> None:
    plot = tmp_path / "review.png"
    out = tmp_path / "review.json"
    result = CliRunner().invoke(
        app,
        ["analyse", str(record_file), "--seat", "1", "--samples", "2", "--plot", str(plot), "--json", str(out), "-q", "--lang", "en"],
    )
    assert result.exit_code == 0, result.output
    assert "Decisions of Player 1 in" in result.output
    assert "against the heuristic's moves" in result.output and "too close to call" in result.output
    assert plot.read_bytes().startswith(b"\x89PNG")
    assert json.loads(out.read_text())["seat"] == 0


def test_analyse_speaks_french(record_file: Path) -> None:
    result = CliRunner().invoke(app, ["analyse", str(record_file), "--seat", "2", "--samples", "2", "-q", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert "Décisions de Joueur 2" in result.output
    assert "face aux coups de l'heuristique" in result.output


def test_analyse_at_one_position_shows_odds_and_moves(record_file: Path) -> None:
    result = CliRunner().invoke(app, ["analyse", str(record_file), "--seat", "1", "--at", "5", "--samples", "3", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "How the game may end" in result.output
    assert "Coach for Player 1" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "3"], "--seat must be a player from 1 to 2"),
        (["--seat", "0"], "--seat must be a player from 1 to 2"),
        (["--seat", "1", "--samples", "0"], "--samples must be at least 1"),
        (["--seat", "1", "--model", "clever"], "--model must be one of heuristic, random"),
        (["--seat", "1", "--at", "9999"], "--at must be from 1 to"),
        (["--seat", "1", "--at", "3", "--plot", "x.png"], "--plot draws a review"),
    ],
)
def test_bad_flags_get_one_line_and_exit_code_2(record_file: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["analyse", str(record_file), *args, "--lang", "en"])
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.count("\n") <= 2


def test_a_corrupt_record_exits_with_code_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(app, ["analyse", str(bad), "--seat", "1"])
    assert result.exit_code == 1


def test_turns_count_each_change_of_the_player_to_act(hyena_record: Record) -> None:
    done = review(hyena_record, 0, seed=1, samples=16, sims=10)
    replaying = replay_states(hyena_record)
    _, _, state = next(replaying)
    turn, last, turns = 0, None, {}
    for index in range(len(hyena_record.actions)):
        actor = state.current_player()
        if actor >= 0 and actor != last:
            turn, last = turn + 1, actor
        turns[index] = turn
        _, _, state = next(replaying)
    assert [d.turn for d in done.decisions] == [turns[d.index] for d in done.decisions]
    assert len({d.turn % 2 for d in done.decisions}) == 1  # with two players, seat 0 plays every other turn


def _toy_record(toy_game_class: type, moves: list[int]) -> Record:
    """A toy race (seat 0 holds A, seat 1 holds C): seat 0 plays ``moves`` in turn, seat 1 C."""
    game = toy_game_class(2, {"length": 6})
    state = game.new_initial_state()
    state.apply(0)  # seat 0 is dealt A
    state.apply(2)  # seat 1 is dealt C
    own = iter(moves)
    while not state.is_terminal():
        state.apply(2)  # every roll is a 3
        if state.is_terminal():
            break
        state.apply(next(own) if state.current_player() == 0 else 2)
    return record_of(state)


def test_a_move_that_throws_the_race_away_is_a_mistake_and_stays_one_whatever_the_seed(toy_game_class: type) -> None:
    """Seat 0 (card A) moves B instead of A: its own runner loses the race to C.
    The first decision (B instead of A) is a mistake for every seed; a review never calls
    the reference's own move anything but fine."""
    record = _toy_record(toy_game_class, [1, 0, 0])
    for seed in (1, 2, 3):
        done = review(record, 0, seed=seed, sims=40)
        first = done.decisions[0]
        assert first.played.notation == "move B"
        assert first.verdict == "mistake", first
        assert first.best.notation == "move A"
        assert first.loss.low > done.tolerance


def test_the_plot_counts_turns_on_its_x_axis(hyena_record: Record) -> None:
    from savanna.coach.plot import _by_turn

    done = review(hyena_record, 0, seed=1, samples=16, sims=10)
    bars = _by_turn(done)
    assert [t for t, _, _, _ in bars] == sorted({d.turn for d in done.decisions})
    for turn, loss, half, verdict in bars:
        inside = [d for d in done.decisions if d.turn == turn]
        assert loss == pytest.approx(sum(d.loss.value for d in inside))
        assert half >= 0 and verdict in {d.verdict for d in inside}
    assert any(half > 0 for _, _, half, _ in bars)  # the bars carry their uncertainty


class _Differences:
    """An analysis stand-in: each rival's paired difference with the move played."""

    def __init__(self, **by_move: tuple[float, float, int]) -> None:
        self.by_move = {int(k[1:]): v for k, v in by_move.items()}
        self.rounds = 96

    def difference(self, move: int, played: int) -> tuple[float, float, int]:
        assert played == 0
        return self.by_move[move]


@pytest.mark.parametrize(
    ("differences", "verdict"),
    [
        ({"m1": (1.0, 0.1, 96)}, "mistake"),  # 1.0 - 2.5 x 0.1 is above the tolerance
        ({"m1": (0.1, 0.1, 96)}, "fine"),  # 0.1 + 2.5 x 0.1 is below it
        ({"m1": (-0.8, 0.1, 96)}, "fine"),  # the move played was better
        ({"m1": (0.5, 0.1, 96)}, "close"),  # about the tolerance: too close to call
        ({"m1": (0.3, 0.5, 96)}, "close"),  # significant neither way
        ({"m1": (2.0, 0.1, 1)}, "close"),  # one round says nothing
        ({"m1": (0.1, 0.1, 96), "m2": (1.0, 0.1, 96)}, "mistake"),  # one reference is enough
        ({"m1": (0.1, 0.1, 96), "m2": (0.5, 0.1, 96)}, "close"),
    ],
)
def test_a_mistake_is_called_only_when_the_whole_interval_is_past_the_tolerance(
    differences: dict[str, tuple[float, float, int]], verdict: str
) -> None:
    from savanna.coach.review import _verdict

    run = _Differences(**differences)
    rivals = sorted(run.by_move)
    assert _verdict(run, 0, rivals, 0.52, 2.5) == verdict  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rounds", "differences", "stops"),
    [
        (192, {"m1": (0.52, 0.05, 96)}, True),  # at the tolerance, and precise: 192 more rounds will not settle it
        (192, {"m1": (0.45, 0.05, 96), "m2": (0.50, 0.04, 96)}, True),
        (24, {"m1": (0.52, 0.6, 12)}, False),  # 12 determinizations: anything may come
        (192, {"m1": (0.30, 0.1, 96)}, False),  # likely fine at the last look
        (192, {"m1": (0.80, 0.1, 96)}, False),  # likely a mistake at the last look
        (192, {"m1": (0.1, 0.05, 96), "m2": (0.9, 0.08, 96)}, False),  # one rival may still make it a mistake
    ],
)
def test_a_decision_too_close_to_call_stops_once_the_rounds_left_would_hardly_settle_it(
    rounds: int, differences: dict[str, tuple[float, float, int]], stops: bool
) -> None:
    from savanna.coach.review import FUTILITY, LOOKS, _settled_later

    run = _Differences(**differences)
    run.rounds = rounds
    chance = _settled_later(run, 0, sorted(run.by_move), 0.52, LOOKS[-1])  # type: ignore[arg-type]
    assert 0.0 <= chance <= 1.0
    assert (chance < FUTILITY) == stops, chance
    run.rounds = LOOKS[-1][0]  # at the last look: nothing left to settle
    assert _settled_later(run, 0, sorted(run.by_move), 0.52, LOOKS[-1]) == 0.0  # type: ignore[arg-type]


def test_the_river_race_reference_searches_less_and_says_so() -> None:
    """The ISMCTS reference's simulations per decision: the game's own number when it has
    one (the river race's), else the default; the review reports the number it used."""
    from savanna.coach.review import ISMCTS_SIMS, ISMCTS_SIMS_BY_GAME

    game = load_game("river-race", 2)
    bots = make_bots(game, [parse_bot_spec("heuristic")] * 2, seed=3)
    final = play_game(game, bots, seed=3)
    start = record_of(final, seed=3)
    record = Record.from_json(json.dumps({**json.loads(start.to_json()), "actions": start.actions[:30], "result": None}))
    done = review(record, 0, seed=1, samples=24)
    assert done.decisions and done.sims == ISMCTS_SIMS_BY_GAME["river-race"] < ISMCTS_SIMS
    assert review(record, 0, seed=1, samples=24, sims=7).sims == 7


def _numbers(text: str) -> list[str]:
    """The numbers of a text, French decimal commas read as points."""
    return re.findall(r"\d+(?:\.\d+)?", re.sub(r"(\d),(\d)", r"\1.\2", text))


def test_the_review_read_back_in_french_has_the_english_numbers(record_file: Path) -> None:
    """What a French reader of ``savanna analyse`` sees at 80 columns: the French words of
    the catalogue (none of the English lines), the same numbers (a French sentence may
    put them in another order), and counts with the noun in the form the count asks for."""
    args = ["analyse", str(record_file), "--seat", "1", "--samples", "3", "-q"]
    english = CliRunner().invoke(app, [*args, "--lang", "en"], env={"COLUMNS": "80"}, terminal_width=80)
    french = CliRunner().invoke(app, [*args, "--lang", "fr"], env={"COLUMNS": "80"}, terminal_width=80)
    assert english.exit_code == 0 and french.exit_code == 0, (english.output, french.output)
    assert sorted(_numbers(french.output)) == sorted(_numbers(english.output))
    assert all(len(line) <= 80 for line in french.output.splitlines())
    said = french.output.replace("\u00a0", " ")
    for key in ("review.header_turn", "review.header_verdict"):
        assert say(key, "fr").replace("\u00a0", " ") in said
    assert "Décisions de Joueur 1" in said
    # the noun's form by CLDR's rule: English "1 mistake, 0 mistakes", French "0 erreur, 2 erreurs"
    counted = re.search(r"^(\d+) (mistakes?), ", english.output, re.M)
    assert counted is not None and (counted[2] == "mistake") == (counted[1] == "1"), english.output
    counted = re.search(r"^(\d+) (erreurs?), (\d+) (trop serrées?) pour", said, re.M)
    assert counted is not None, said
    assert (counted[2] == "erreur") == (int(counted[1]) < 2) and (counted[4] == "trop serrée") == (int(counted[3]) < 2)
    english_lines = {line.strip() for line in english.output.splitlines() if re.search(r"[a-z]{4}", line)}
    assert not english_lines & {line.strip() for line in french.output.splitlines()}
