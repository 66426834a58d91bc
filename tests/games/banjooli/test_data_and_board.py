"""Data files, layouts and board geometry.

Source: banjooli-xeet-rules-en.txt, Components and Initial Setup; rules-questions Banjooli 1
and 10 (tiles and cards designed as data).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from pydantic import ValidationError
from tests.games.banjooli.helpers import CURVE_FIRST, STRAIGHTS, game, sp

from savanna.core.errors import NotationError, OptionError
from savanna.games.banjooli.board import FINISH, Board
from savanna.games.banjooli.components import CardData, GameData, TileData, load_data

CURVES = {"bend_left", "bend_right"}


def test_cards_each_ostrich_twice_in_each_slot() -> None:
    cards = load_data().cards
    assert len(cards) == 10
    for slot in range(4):
        assert Counter(c.order[slot] for c in cards) == Counter({c: 2 for c in "BYRGP"})


def test_cards_name_four_distinct_ostriches() -> None:
    with pytest.raises(ValidationError):
        CardData(number=11, order=["B", "B", "R", "G"], source="design")


def test_every_data_entry_cites_a_source() -> None:
    data = load_data()
    sources = [t.source for t in data.tiles] + [c.source for c in data.cards] + [b.source for b in data.berries]
    for source in sources:
        assert source == "design" or "banjooli-xeet-rules" in source or source.startswith("design;")


def test_tile_data_rejects_unknown_space_codes() -> None:
    with pytest.raises(ValidationError):
        TileData(id="bad", kind="straight", name="Bad", name_fr="Mauvaise", rows=["..Q.."], source="design")


def test_ten_tiles_and_eleven_berries() -> None:
    data = load_data()
    kinds = Counter(t.kind for t in data.tiles)
    assert kinds == Counter({"exit": 1, "finish": 1, "straight": 8, "curve": 4, "special": 4})
    physical = {frozenset((t.id, t.back)) for t in data.tiles}
    assert len(physical) == 10  # "10 tiles illustrated on both sides" (EN Components)
    assert len(data.berries) == 11


def test_setup_layout_every_common_tile_has_a_back_of_the_same_kind() -> None:
    data = load_data()
    for tile in data.tiles:
        if tile.kind in ("exit", "finish"):
            assert tile.back == ""
            continue
        back = data.tile(tile.back)
        assert back.back == tile.id and back.kind == tile.kind and back.id != tile.id
        if tile.kind == "curve":  # flipping mirrors a curve: the inner lane changes side
            assert [len(x) for x in back.lanes] == [len(x) for x in reversed(tile.lanes)]
            assert "#" not in "".join(tile.lanes)  # a rock in a fenced lane would wall it off


def test_tile_data_refuses_a_back_of_another_kind() -> None:
    data = load_data()
    tiles = [t.model_copy(update={"back": "bend_left"}) if t.id == "plain" else t for t in data.tiles]
    with pytest.raises(ValidationError):
        GameData(tiles=tiles, cards=data.cards, berries=data.berries)


def test_setup_layout_sides_drawn_after_the_order_one_chance_node() -> None:
    g = game(special="lava")
    s = g.new_initial_state()
    s.apply_text("layout plain,bend_left,lava,rocks")
    assert s.phase_name == "sides" and s.is_chance_node() and s.board is None
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 8 and {p for _, p in outcomes} == {Fraction(1, 8)}  # three common tiles
    assert s.legal_action_texts()[5] == "sides acacia,bend_left,lava,boulders"
    s.apply_text("sides acacia,dune_bend_right,lava,rocks")
    assert s.board is not None and s.board.tiles == ("acacia", "dune_bend_right", "lava", "rocks")
    assert s.phase_name == "deal"
    again = g.parse_position(s.to_text())
    assert again.to_text() == s.to_text() and again.board is s.board
    assert g.render_text(s.observation(0)).splitlines()[0].split() == [
        "acacias", "dune", "bend", "lava", "rocks", "|", "FINISH",
    ]  # fmt: skip


def test_setup_layout_back_faces_never_put_two_curves_adjacent() -> None:
    g = game()
    base = "P=deal S=0 D=+ T=0 O=0,1,2,3,4 A=- C=-,-,-,- X=...... Q=- N=reroll R=0 M=- F=- Z=000000 B=- K=- J=-/-/-/- G=- V=-:- Y=- H=0"
    assert g.parse_position(f"banjooli L=dune_bend_right,plain,dune_bend_left,termites {base}").board is not None
    with pytest.raises(NotationError):
        g.parse_position(f"banjooli L=dune_bend_right,dune_bend_left,plain,termites {base}")
    with pytest.raises(NotationError):  # before the sides are drawn only front faces are named
        g.parse_position(f"banjooli L=acacia,bend_left,rocks,quicksand {base.replace('P=deal', 'P=sides')}")


@pytest.mark.parametrize("tiles", [4, 5, 6])
def test_setup_layout_never_puts_two_curves_adjacent(tiles: int) -> None:
    g = game(tiles=tiles)
    assert g.layouts and all(len(layout) == tiles for layout in g.layouts)
    for layout in g.layouts:
        for a, b in itertools.pairwise(layout):
            assert not (a in CURVES and b in CURVES)
    assert any(layout[0] in CURVES and layout[-1] in CURVES for layout in g.layouts) or tiles == 4


@pytest.mark.parametrize("special", ["crocodiles", "ravine", "lava", "vortex"])
def test_setup_layout_special_tile_replaces_a_straight(special: str) -> None:
    """The special tile takes a straight tile's place: every layout holds it once among
    common tiles, it may stand between the two curves (as a straight may, a curve may not),
    and wherever a straight stands in a layout without it, it may stand instead."""
    g = game(special=special)
    plain = game()
    straights = set(STRAIGHTS.split(","))
    for layout in g.layouts:
        assert layout.count(special) == 1 and set(layout) - {special} <= straights | CURVES
    assert any(
        a in CURVES and b == special and c in CURVES
        for layout in g.layouts
        for a, b, c in zip(layout, layout[1:], layout[2:], strict=False)
    )
    swapped = {
        tuple(special if j == i else t for j, t in enumerate(layout))
        for layout in plain.layouts
        for i, t in enumerate(layout)
        if t in straights
    }
    assert swapped and swapped <= set(g.layouts)


def test_setup_layout_is_a_chance_node_with_uniform_outcomes() -> None:
    g = game()
    s = g.new_initial_state()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == len(g.layouts) and sum(p for _, p in outcomes) == 1


def test_options_are_validated() -> None:
    with pytest.raises(OptionError):
        game(tiles=7)
    with pytest.raises(OptionError):
        game(special="volcano")
    with pytest.raises(OptionError):
        game(players=6)


def test_board_nests_then_rows_and_forward_edges() -> None:
    board = Board.build(tuple(STRAIGHTS.split(",")))
    assert board.kind[:5] == ("n",) * 5
    assert board.fwd[3 * 0 : 3 * 0 + 3] == (-1, sp(0, 0), sp(0, 1))
    assert board.fwd[3 * sp(15, 2) + 1] == FINISH
    assert board.dist[sp(15, 2)] == 1 and board.dist[0] == 17


def test_board_curve_inner_lane_is_shorter_and_fenced() -> None:
    board = Board.build(tuple(CURVE_FIRST.split(",")))
    lanes = Counter(board.lane[s] for s in range(board.size) if board.tile[s] == 1)
    assert [lanes[i] for i in range(5)] == [2, 3, 4, 5, 6]
    assert all(board.fenced[s] for s in range(board.size) if board.tile[s] == 1)
    assert board.fwd[3 * 19 : 3 * 19 + 3] == (-1, 20, -1)


def test_board_crocodile_rows_lead_beyond_the_ditch() -> None:
    board = Board.build(("crocodiles", "plain", "rocks", "quicksand"))
    crocs = [s for s in range(board.size) if board.kind[s] == "c"]
    assert crocs and all(board.croc_rows[s][0] == (20, 21, 22, 23, 24) for s in crocs)
