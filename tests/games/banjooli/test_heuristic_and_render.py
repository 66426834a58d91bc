"""The heuristic player and the drawings.

Source: heuristic module docstring (a good human's play); style guide 5.8 (render modules
are pure, ASCII fits 80 columns, SVG from the data).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from tests.games.banjooli.helpers import game, position, sp

from savanna.games.banjooli.components import load_data
from savanna.games.banjooli.render import tile_svg, tile_text


def test_heuristic_returns_a_legal_action_in_every_phase() -> None:
    g = game(players=3, berries=True, special="vortex")
    rng = random.Random(8)
    seen = set()
    for _ in range(4):
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            action = g.heuristic_action(s.observation(s.current_player()), legal, rng)
            assert action in legal
            seen.add(s.phase_name)
            s.apply(action)
    assert {"reroll", "decide", "step", "place"} <= seen


def test_heuristic_moves_the_card_s_first_ostrich() -> None:
    # Card 1: B G R, last Y. Movement dice B B Y Y W: blue or yellow, 2 or 3 spaces.
    s = position(game(), dice="BBYYWY", cards=[0, 1, 2, 3])
    action = s.game.heuristic_action(s.observation(0), s.legal_actions(), random.Random(0))
    assert s.action_to_text(action) == "move B+W"


def test_heuristic_keeps_wanted_dice_and_rerolls_the_rest() -> None:
    s = position(game(), phase="reroll", dice="BYPPWR", cards=[0, 1, 2, 3])
    action = s.game.heuristic_action(s.observation(0), s.legal_actions(), random.Random(0))
    assert s.action_to_text(action) == "reroll 2346"


def test_heuristic_unspells_its_own_leader() -> None:
    s = position(game(), dice="PPPYYB", scared="B", at={"B": sp(4, 0)}, cards=[0, 1, 2, 3])
    action = s.game.heuristic_action(s.observation(0), s.legal_actions(), random.Random(0))
    assert s.action_to_text(action) == "unspell B"


def test_heuristic_beats_random_players() -> None:
    g = game(players=3)
    totals = [0.0, 0.0, 0.0]
    for seed in range(30):
        rng = random.Random(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            seat = s.current_player()
            if seat == 0:
                action = g.heuristic_action(s.observation(0), legal, rng)
            else:
                action = legal[rng.randrange(len(legal))]
            s.apply(action)
        for i, score in enumerate(s.scores()):
            totals[i] += score
    assert totals[0] > max(totals[1:])


def test_board_text_shows_ostriches_berries_and_fits_80_columns() -> None:
    g = game(berries=True)
    s = position(g, at={"Y": sp(2, 1)}, scared="Y", berries={sp(6, 0): "c"}, peeks=[[sp(6, 0)], [], [], []])
    mine = g.render_text(s.observation(0))
    theirs = g.render_text(s.observation(1), "fr")
    assert all(len(line) <= 80 for line in mine.splitlines())
    assert " y " in mine  # scared yellow drawn in lower case
    assert "*c" in mine and " * " not in mine  # the peeked berry shows its token letter
    assert " * " in theirs and "*c" not in theirs and "ARRIVÉE" in theirs and "DÉPART" in theirs
    assert "your card: 1st B (5 pts)  2nd G (4)  3rd R (3)  last Y (x2)" in mine
    assert "1re B (5 pts)" not in theirs  # seat 1 sees its own card, not seat 0's
    assert " j " in theirs  # French letters in French: the scared jaune is j


def test_board_svg_is_well_formed() -> None:
    g = game(special="lava")
    s = position(g, layout="lava,plain,rocks,quicksand")
    root = ET.fromstring(g.render_svg(s.observation(None)))
    assert root.tag.endswith("svg") and len(list(root)) > 20


@pytest.mark.parametrize("tile", [t.id for t in load_data().tiles])
def test_each_tile_has_an_ascii_and_an_svg_drawing(tile: str) -> None:
    text = tile_text(tile)
    assert load_data().tile(tile).name in text
    ET.fromstring(tile_svg(tile))


def test_render_names_the_movement_and_sorcery_dice_and_colours_every_ostrich() -> None:
    import re

    from savanna.core import load_game

    game = load_game("banjooli")
    state = game.new_initial_state()
    rng = __import__("random").Random(2)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    english = game.render_text(state.observation(0))
    french = game.render_text(state.observation(0), "fr")
    assert "movement dice 1:" in english and "sorcery die 6:" in english and "W=joker" in english
    assert "dés de mouvement 1:" in french and "dé de sorcellerie 6:" in french
    assert english.splitlines()[1].startswith("START") and french.splitlines()[1].startswith("DÉPART")
    styles = game.text_styles("en")
    assert styles is not None
    row = "c n| . B y . R . |"
    styled = {style for pattern, style in styles if re.search(pattern, row)}
    assert {"bold bright_white on blue", "italic yellow", "bold bright_white on red"} <= styled
    assert not any(re.search(p, "     plain    | FINISH") for p, s in styles if "on " in s)


def test_the_drawing_runs_like_the_text_board_and_holds_every_arrived_ostrich() -> None:
    """START on the left and the finishing line on the right, lane a at the top (as the text
    board); the three arrived ostriches stand past the line, inside the drawing's width."""
    from savanna.core import load_game

    banjooli = load_game("banjooli", players=2)
    rng = random.Random(2)
    state = banjooli.new_initial_state()
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.current_player() < 0 else rng.choice(state.legal_actions()))
    root = ET.fromstring(banjooli.render_svg(state.observation(0)))
    ns = "{http://www.w3.org/2000/svg}"
    width = float(root.get("width", "0"))
    spaces = {n.get("data-target"): n for n in root.iter(f"{ns}rect") if (n.get("data-target") or "").startswith("space:")}
    line = next(root.iter(f"{ns}line"))
    assert float(line.get("x1", "0")) == float(line.get("x2", "1"))  # a vertical line
    assert all(float(n.get("x", "0")) < float(line.get("x1", "0")) for n in spaces.values())
    board = state.board  # type: ignore[attr-defined]
    for key, rect in spaces.items():
        s = int(str(key).split(":")[1])
        assert float(rect.get("x", "0")) == board.column(s) * 26
        assert float(rect.get("y", "0")) == 4 + board.lane[s] * 26
    arrived = [c for c in root.iter(f"{ns}circle") if float(c.get("cx", "0")) > float(line.get("x1", "0"))]
    assert len(arrived) == 3
    assert all(float(c.get("cx", "0")) + float(c.get("r", "0")) <= width for c in arrived)
