"""Setup, the gods' pity, the persecutor, the end and the score: river-race-description-fr.txt
(DÉPLACEMENT, LE PERSÉCUTEUR, FIN DE LA PARTIE) and docs/rules/river-race.md."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.games.river_race.helpers import field, game, play, position

from savanna.games.river_race import RiverRaceGame
from savanna.games.river_race.components import load_material


def test_setup_pawns_three_pawns_per_player_start_in_the_camp() -> None:
    """setup.pawns: every seat's three pawns are in the camp at the start."""
    state = RiverRaceGame(players=5).new_initial_state()
    assert field(state, "pawns") == "/".join(["camp,camp,camp"] * 5)


def test_setup_first_the_first_player_is_drawn_with_equal_chances() -> None:
    """setup.first: option first=draw (the default) draws the first seat; seat1 skips it."""
    state = RiverRaceGame(players=4).new_initial_state()
    assert state.chance_outcomes() == [(s, Fraction(1, 4)) for s in range(4)]
    play(state, "first 3")
    assert field(state, "first") == "3" and field(state, "turn") == "3"
    plain = game(4).new_initial_state()
    assert field(plain, "first") == "1" and field(plain, "phase") == "roll"


def test_setup_gold_players_start_with_gold_by_their_place_in_the_turn_order() -> None:
    """setup.gold: the first player gets the first amount, and so on round the table."""
    start = load_material("second").gold.start  # the default game's
    state = play(RiverRaceGame(players=4).new_initial_state(), "first 3")
    by_order = [state.gold[(2 + k) % 4] for k in range(4)]
    assert by_order == start[4] == sorted(start[4]) and by_order[0] < by_order[-1]
    for players in (2, 3, 5):
        assert RiverRaceGame(players=players, options={"first": "seat1"}).new_initial_state().gold == start[players]
    two = game(2).new_initial_state()  # the first material's
    assert two.gold == load_material("first").gold.start[2] != start[2]


def test_setup_persecutor_starts_nearer_the_village_at_a_two_player_table() -> None:
    """setup.persecutor: a two-player game is shorter; its persecutor starts closer."""
    starts = {n: game(n).new_initial_state().persecutor for n in (2, 3, 4, 5)}
    assert starts[2] > 0 and starts[3] == starts[4] == starts[5] == 0
    assert "steps from the village" in game(2).rules()["setup.persecutor"].en


def test_turn_order_play_goes_round_the_table_from_the_first_player() -> None:
    """setup.first: after seat 4 comes seat 1."""
    state = play(RiverRaceGame(players=4).new_initial_state(), "first 4", "2+3", "move a")
    assert field(state, "turn") == "1"


def test_pity_coin_each_die_showing_1_brings_a_random_coin_from_the_bag() -> None:
    """pity.coin: a roll of 1+1 draws two coins, each with the bag's odds."""
    state = play(position(bag="1,0,0,0,0,3"), "1+1")
    assert field(state, "phase") == "coin" and field(state, "ones") == "2"
    assert state.chance_outcomes() == [(0, Fraction(1, 4)), (5, Fraction(3, 4))]
    play(state, "coin 6")
    assert field(state, "bag") == "1,0,0,0,0,2" and field(state, "gold") == "11,5"
    play(state, "coin 1")
    assert field(state, "gold") == "12,5" and field(state, "phase") == "move" and field(state, "rings") == "2"


def test_pity_bag_once_the_bag_is_empty_a_1_brings_no_coin() -> None:
    """pity.bag: with an empty bag, a 1 only puts a ring on the stick."""
    state = play(position(bag="0,0,0,0,0,0"), "1+4")
    assert field(state, "phase") == "move" and field(state, "gold") == "5,5" and field(state, "rings") == "1"


def test_persecutor_ring_a_1_on_a_full_stick_clears_it_and_moves_the_persecutor() -> None:
    """persecutor.ring: three rings, then a fourth 1: rings removed, persecutor one space on."""
    state = play(position(rings="2"), "1+1", "coin 2")
    assert field(state, "rings") == "3" and field(state, "persecutor") == "3"  # its start
    play(state, "coin 3")
    assert field(state, "rings") == "0" and field(state, "persecutor") == "4"


def test_end_persecutor_the_game_ends_when_the_persecutor_reaches_the_village() -> None:
    """end.persecutor: the ring that moves the persecutor home ends the game at once (the
    coin of that 1 is drawn first)."""
    state = play(position(rings="3", persecutor="11"), "1+5", "coin 4")
    assert state.is_terminal() and field(state, "end") == "persecutor"
    assert field(state, "gold") == "9,5"


def test_end_three_the_game_ends_when_a_player_has_three_pawns_home() -> None:
    """end.three: seat 1's third pawn arrives; the game ends though huts are left."""
    state = play(position(pawns="h0,h1,c6/camp,camp,camp"), "2+3", "move c")
    assert state.is_terminal() and field(state, "end") == "three"


def test_end_huts_the_game_ends_when_every_hut_is_taken() -> None:
    """end.huts: two players have four huts; the fourth arrival ends the game."""
    state = play(position(pawns="h0,h2,camp/h1,c6,camp", turn="2"), "2+3", "move b")
    assert state.is_terminal() and field(state, "end") == "huts"


def test_end_cap_a_game_ends_after_the_turn_limit() -> None:
    """end.cap: the last allowed turn ends the game when it passes."""
    limit = load_material().limits.max_turns
    state = play(position(turns=str(limit)), "2+3", "move a")
    assert state.is_terminal() and field(state, "end") == "cap"


def test_score_total_gold_plus_the_values_of_ones_huts() -> None:
    """score.total: 3 gold + huts 20 and 10 = 33; 10 gold + huts 16 and 13 = 39."""
    state = position(phase="over", end="huts", gold="3,10", pawns="h0,h3,c2/h1,h2,a0", turn="2")
    assert state.scores() == [33.0, 39.0] and state.ranking() == [1, 0] and state.winners() == [1]


def test_score_tie_is_broken_by_the_best_hut_and_otherwise_shared() -> None:
    """score.tie: equal totals of 29; the seat holding hut 0 (worth 20) ranks first."""
    broken = position(phase="over", end="huts", gold="9,0", pawns="h0,camp,camp/h1,h2,camp", turn="2")
    assert broken.scores() == [29.0, 29.0] and broken.ranking() == [0, 1]
    shared = position(phase="over", end="cap", gold="7,7", pawns="camp,camp,camp/camp,camp,camp", turn="2")
    assert shared.ranking() == [0, 0] and shared.winners() == [0, 1]


def test_score_sheets_list_gold_and_each_hut_and_say_how_a_tie_was_broken() -> None:
    """score.total and score.tie on the sheets interfaces show."""
    state = position(phase="over", end="huts", gold="9,0", pawns="h0,camp,camp/h1,h2,camp", turn="2")
    sheets = state.game.score_sheets(state.observation(None))
    assert sheets is not None
    assert [line.points for line in sheets[1].lines] == [0, 16, 13]
    assert state.game.label_text(sheets[0].tiebreak, "en") == "tie broken by the best hut (20)"  # type: ignore[arg-type]
    assert state.game.label_text(sheets[1].lines[1].label, "fr") == "hutte de 2a\u00a0: 16"
    assert state.game.score_sheets(position().observation(0)) is None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_village_hut_each_game_uses_two_huts_per_player(players: int) -> None:
    """village.hut: the best 2 x players huts of the village are in play."""
    assert len(game(players).huts) == 2 * players
