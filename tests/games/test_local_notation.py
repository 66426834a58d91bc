"""Every legal action's local text (what a menu shows a reader of French) is read back by the
game's own parser as that very action, and no two legal actions share one."""

from __future__ import annotations

import random

import pytest

from savanna.core import load_game

CONFIGS = [
    ("banjooli", 4, {"berries": True, "special": "vortex", "lion": True}),
    ("banjooli", 3, {"berries": True, "special": "lava"}),
    ("banjooli", 5, {"special": "crocodiles"}),
    ("hyena", 3, {}),
    ("hyena", 2, {"first": "draw"}),
    ("river-race", 4, {}),
    ("river-race", 2, {}),
]

ENGLISH = {
    "keep", "reroll", "move", "step", "jump", "spell", "unspell", "pass", "give", "swap", "berry", "to",
    "throw", "bank", "pay", "first", "roll", "accept", "refuse", "cross", "counter", "offer", "upper",
    "lower", "around",
}  # fmt: skip


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_local_texts_round_trip_through_the_parser(name: str, players: int, options: dict[str, object]) -> None:
    rng = random.Random(7)
    for game_number in range(3):
        game = load_game(name, players=players, options=dict(options))
        state = game.new_initial_state()
        for _ in range(400):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            if not state.is_chance_node():
                for lang in ("en", "fr"):
                    texts = [state.local_action_text(a, lang) for a in legal]
                    assert len(set(texts)) == len(texts), texts
                    for action, text in zip(legal, texts, strict=True):
                        assert state.parse_action(text) == action, (lang, text)
                        if lang == "fr":
                            words = {w.lower() for w in text.replace("+", " ").split()}
                            assert not words & ENGLISH, text
                        else:
                            assert text == state.action_to_text(action)
            state.apply(rng.choice(legal))
        assert game_number >= 0
