"""Every game statistic a registered game reports has its words (`stat.<factor>`), so the
lab's reports and fairness questions speak of "prediction card", not "prediction"."""

from __future__ import annotations

import random

import pytest

from savanna.core import random_playout
from savanna.core.registry import registered_games
from savanna.lab import SimulationPlan
from savanna.lab.summary import factor_label


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_game_statistic_has_words_in_english_and_french(name: str) -> None:
    cls = registered_games()[name]
    game = cls()
    keys: set[str] = set()
    for seed in range(3):
        statistics = game.game_statistics(random_playout(game, random.Random(seed)))
        for part in ("game", "seats"):
            keys |= set(statistics.get(part, {}))
    plan = SimulationPlan.create(name, bots=["random"], games=1, seed=0)
    for key in sorted(keys):
        english = game.message(f"stat.{key}", "en")
        french = game.message(f"stat.{key}", "fr")
        assert english and french and english != french, (name, key)
        if key not in ("seat", "order", "bot"):  # the lab's own seat factors keep its words
            assert factor_label(plan, key) == english
