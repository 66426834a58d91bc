"""Round-robin tournaments rated with OpenSkill."""

from __future__ import annotations

from savanna.lab import run_tournament


def test_round_robin_plays_every_pairing_and_ranks_the_stronger_bot_first(
    toy_game_class: type,
) -> None:
    result = run_tournament("toy", ["random", "heuristic"], games=40, seed=2, players=2, workers=1)
    assert [s.bot for s in result.standings] == ["heuristic", "random"]
    best, worst = result.standings
    assert best.mu > worst.mu and best.games == worst.games == 40
    assert abs(best.ordinal - (best.mu - 3 * best.sigma)) < 1e-2
    won, played = result.head_to_head[("heuristic", "random")]
    assert played == 40 and won == best.wins
    assert best.ci95[0] <= best.win_rate <= best.ci95[1]


def test_three_bots_play_three_pairings(toy_game_class: type) -> None:
    result = run_tournament(
        "toy", ["random", "heuristic", "ismcts:sims=10"], games=4, seed=1, players=2, workers=1
    )
    assert len(result.head_to_head) == 6
    assert all(s.games == 8 for s in result.standings)
    again = run_tournament(
        "toy", ["random", "heuristic", "ismcts:sims=10"], games=4, seed=1, players=2, workers=1
    )
    assert again == result
