"""The Hyena board in the browser: clickable pieces, sticks, tabas and well, drawn in the
reader's language, and the private panel's sentences (the seat's own pieces; no secrets)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from savanna.core import load_game, sample_action

TARGET = re.compile(r'data-target="([^"]+)"')


def _played(seed: int, players: int = 3, rules: str = "three-sticks", steps: int = 400):
    game = load_game("hyena", players=players, options={"rules": rules})
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        yield game, state
        state.apply(sample_action(state, rng))


def test_each_decision_points_at_the_sticks_the_tabas_the_piece_or_the_well() -> None:
    seen: dict[str, set[str]] = {}
    for rules in ("three-sticks", "four-sticks"):
        for game, state in _played(1, rules=rules):
            seat = state.current_player()
            if seat < 0:
                continue
            drawn = set(TARGET.findall(game.render_svg(state.observation(seat))))
            for action in state.legal_actions():
                targets = state.action_targets(action)
                assert len(targets) == 1 and set(targets) <= drawn
                seen.setdefault(state.action_to_text(action), set()).add(targets[0])
    assert seen["throw"] == {"sticks"}
    assert all(t.startswith("tabas:") for t in seen["bank"])
    assert all(t.startswith("piece:") for t in seen["move"]) and "piece:H" in seen["move"]
    assert seen.get("pay", {"well"}) == {"well"}


def test_mothers_still_in_the_village_are_drawn_and_clickable() -> None:
    game = load_game("hyena", players=4)
    state = game.new_initial_state()
    keys = TARGET.findall(game.render_svg(state.observation(0)))
    assert {"piece:1", "piece:2", "piece:3", "piece:4", "sticks", "well"} <= set(keys)
    assert {f"tabas:{s}" for s in range(4)} <= set(keys)


def test_the_svg_speaks_french_to_a_french_reader() -> None:
    game, state = next((g, s) for g, s in _played(2) if s.current_player() >= 0 and s.to_text().count(":decide"))
    french = game.render_svg(state.observation(0), "fr")
    root = ET.fromstring(french)
    text = " ".join(node.text or "" for node in root.iter())
    assert "Jeu de l'hyène" in text and "joueur 1" in text and "bâtonnets" in text
    assert "player" not in text and "holes" not in text


def test_the_private_panel_names_the_seats_mother_and_says_nothing_is_secret() -> None:
    game = load_game("hyena", players=2)
    state = game.new_initial_state()
    assert game.private_summary(state.observation(None)) == []
    lines = game.private_summary(state.observation(1), "en")
    assert lines[0].startswith("You play mother 2 (blue)") and "secret" in lines[-1]
    assert game.private_summary(state.observation(1), "fr")[0].startswith("Vous jouez la mère 2")
