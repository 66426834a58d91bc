"""The River Race's drawing: every pawn can be pointed at. Pawns sharing a space past its
cells are drawn stacked, each layer moved by more than a disc's radius, so that no pawn's
disc covers another pawn's centre (the page clicks a pawn at its centre)."""

from __future__ import annotations

import itertools
import math
import random
import xml.etree.ElementTree as ET

from savanna.core import load_game

SVG = "{http://www.w3.org/2000/svg}"


def _centres(svg: str) -> dict[str, tuple[float, float]]:
    root = ET.fromstring(svg)
    out = {}
    for group in root.iter(f"{SVG}g"):
        target = group.get("data-target", "")
        if target.startswith("pawn:"):
            circle = group.find(f"{SVG}circle")
            assert circle is not None
            out[target] = (float(circle.get("cx", 0)), float(circle.get("cy", 0)))
    return out


def test_no_pawn_is_drawn_over_another_pawns_centre() -> None:
    for players, seed in ((2, 1), (4, 2), (5, 3)):
        game = load_game("river-race", players=players)
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            centres = _centres(game.render_svg(state.observation(None)))
            assert len(centres) == 3 * players
            for (a, p), (b, q) in itertools.combinations(centres.items(), 2):
                assert math.dist(p, q) > 11, (a, b, p, q)
            actions = state.legal_actions()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(actions))
