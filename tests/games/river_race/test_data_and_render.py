"""The map and components as data (validated at load) and the drawings generated from them."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET

import pytest
from tests.games.river_race.helpers import ALL_CARDS, game, play, position

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.core import OptionError, load_game, record_of, replay
from savanna.core.datafiles import read_data_file
from savanna.core.errors import DataError
from savanna.games.river_race import RiverRaceGame
from savanna.games.river_race.board import load_board, parse_map
from savanna.games.river_race.components import Material, load_material
from savanna.games.river_race.state import RiverRaceState


def _raw() -> dict:
    return copy.deepcopy(dict(read_data_file("savanna.games.river_race", "map.toml")))


def test_the_map_has_two_rivers_each_with_two_courtyards_places_passages_and_a_path_around() -> None:
    """CASES SACRIFICE: to the right of each river, two courtyards with their sacrifice places;
    LES SOURCES: a path around each river passing its spring."""
    board = load_board()
    assert board.rivers == 2 and [p.name for p in board.places] == ["1u", "1l", "2u", "2l"]
    for place in board.places:
        water_x = board.water[place.river - 1][0][0]
        assert board.cells[place.altar][0][0] == water_x + 1, "the place is right of the river"
        assert all(x > water_x for x, _ in board.cells[place.yard]), "the courtyard is right of it"
        assert board.cells[place.landing][0][0] < water_x, "the landing is across"
    for river in range(2):
        around = [s for s in range(board.size) if board.track_kind[s] == "around" and board.river_of[s] == river + 1]
        assert sum(1 for s in around if board.spring[s] == river) == 1
        # going around is the long way: many more spaces than crossing
        fork = next(s for s in range(board.size) if board.fork[s] == river)
        assert board.dist_around[fork] - board.dist[fork] >= 15


def test_the_village_lies_top_left_and_the_camp_bottom_right() -> None:
    """DÉPLACEMENT: "le village en haut à gauche de la carte"."""
    board = load_board()
    village = board.data.village.cells
    start = board.cells[board.next[board.camp]][0]
    assert max(x for x, _ in village) < 6 and max(y for _, y in village) <= 1
    assert start[0] == board.data.width - 1 and start[1] >= board.data.height - 2


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (lambda m: m["track"][1].update(then="nowhere"), "unknown"),
        (lambda m: m["track"][1]["spaces"].append(m["track"][0]["spaces"][0]), "one cell"),
        (lambda m: m["track"][0].update(code="y"), "code"),
        (lambda m: m["track"][1].update(then="road1"), "loop"),
        (lambda m: m["river"][0].update(number=2), "numbered"),
        (lambda m: m["track"][1].pop("spring"), "spring"),
        (lambda m: m.update(width=10), "outside"),
        (lambda m: m["river"][0]["upper"].update(bank="road2"), "bank"),
    ],
)
def test_a_broken_map_is_refused_at_load_saying_why(damage, why: str) -> None:
    raw = _raw()
    damage(raw)
    with pytest.raises(DataError) as info:
        parse_map(raw)
    assert why in str(info.value)


def test_broken_material_is_refused_at_load() -> None:
    raw = load_material().model_dump()
    raw["cards"][0]["number"] = 5
    with pytest.raises(ValueError):
        Material.model_validate(raw)
    raw = load_material().model_dump()
    raw["village"]["values"] = [1, 2, 3]
    with pytest.raises(ValueError):
        Material.model_validate(raw)


def test_the_text_drawing_fits_80_columns_and_16_lines_for_every_table() -> None:
    for players in (2, 3, 4, 5):
        state = play(game(players).new_initial_state(), "2+3", "move a")
        for lang in ("en", "fr"):
            text = state.game.render_text(state.observation(0), lang)
            lines = text.splitlines()
            assert len(lines) <= 16 and max(len(line) for line in lines) <= 80


def test_the_text_drawing_is_generated_from_the_map_data() -> None:
    state = position(pawns="a0,y1u,s2l/o10,h0,camp", cards="2l:7@0", springs="2,0", persecutor="5", rings="2")
    text = state.game.render_text(state.observation(0))
    rows = text.splitlines()
    board = load_board()

    def cell(name: str) -> str:
        x, y = board.cells[board.index(name)][0]
        return rows[y][3 * x : 3 * x + 2]

    assert cell("a0") == "1a" and cell("o10") == "2a" and cell("s2l") == "1c"
    x, y = board.cells[board.index("y1u")][0]
    assert rows[y][3 * x : 3 * x + 2] == "1b"
    sx, sy = board.spring_cells[0]
    assert rows[sy][3 * sx : 3 * sx + 2] == "$6"  # the third coin of the stack is next
    px, py = board.persecutor_cells[5]
    assert rows[py][3 * px : 3 * px + 2] == "@@"
    assert "[oo.]" in text and "1c at 2l holds card 7: price 1" in text
    assert rows[0].startswith("2b")  # the best hut, taken by 2b


def test_the_svg_drawing_is_well_formed_and_shows_every_pawn() -> None:
    state = position(pawns="a0,y1u,s2l/o10,h0,camp", cards="2l:7@0")
    svg = state.game.render_svg(state.observation(1))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    labels = set(re.findall(r">(\d[abc])<", svg))
    assert {"1a", "1b", "1c", "2a", "2b"} <= labels
    assert "secret" in svg and "card 7" not in svg
    assert "card 7" in state.game.render_svg(state.observation(0))


def test_the_legend_explains_every_symbol_of_the_drawing_in_both_languages() -> None:
    g = game()
    en, fr = g.legend("en"), g.legend("fr")
    assert [s for s, _ in en] == [s for s, _ in fr] and en != fr
    text = g.render_text(position(pawns="a0,camp,camp/camp,camp,camp", persecutor="4").observation(0))
    for symbol, _ in en:
        if symbol not in ("1a", "15", "[oo.]", "$4"):
            assert symbol in text, symbol
    assert "$2" in text and "1a" in text and "10" in text


def test_the_maps_legend_names_each_kind_of_place_once_and_the_village_in_the_readers_language() -> None:
    """A newcomer reads the browser's map without the rules document: its legend (shown by
    the page beside or under it) draws each kind of place small with its meaning, in the
    reader's language, and the map itself does not repeat them; the text map names the
    village."""
    g = game()
    view = position().observation(0)
    for lang in ("en", "fr"):
        svg = g.render_svg(view, lang)
        words = {text.text for text in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")}
        meanings = [meaning for _, meaning in g.drawing_legend(lang)]
        for key in ("road", "around", "spring", "yard", "altar", "persecutor", "village"):
            assert meanings.count(g.message(f"key.{key}", lang)) == 1, (lang, key)
            assert g.message(f"key.{key}", lang) not in words, (lang, key)
        assert g.message("label.village", lang) in g.render_text(view, lang)
    assert "sacrifice place" in str(g.drawing_legend("en")) and "lieu de sacrifice" in str(g.drawing_legend("fr"))


def test_moves_steps_and_crossings_point_at_the_pawn_and_where_it_goes() -> None:
    """The clickable board: a move is the pawn then its destination; offers are listed."""
    state = play(position(pawns="a8,camp,camp/camp,camp,camp"), "2+3")
    targets = {state.action_to_text(a): state.action_targets(a) for a in state.legal_actions()}
    assert targets["move a upper"] == ("pawn:1a", "space:y1u")
    assert targets["move a around"] == ("pawn:1a", "space:o2")
    svg = state.game.render_svg(state.observation(0))
    assert 'data-target="pawn:1a"' in svg and 'data-target="space:y1u"' in svg
    council = position(phase="council", pawns="s1u,y1u,camp/y1u,camp,camp", cards="1u:1@0")
    pointed = {council.action_to_text(a): council.action_targets(a) for a in council.legal_actions()}
    assert pointed["cross a"] == ("pawn:1a", "space:u0") and pointed["offer 2a 1"] == ()


def test_the_rules_summary_ends_with_the_price_table_of_every_card_in_both_languages() -> None:
    """Issue 26: the help of the terminal and the browser shows every card's two prices."""
    game = position().game
    for lang, words in (("en", "The 12 sacrifice cards"), ("fr", "Les 12 cartes de sacrifice")):
        table = game.rules_summary(lang).split("\n\n")[-1]
        assert table.startswith(words)
        for card in game.material.cards:
            assert f"{card.number}: {card.upper}/{card.lower}" in table
    assert "7: 4/1" in game.rules_summary("en") and "12: 6/3" in game.rules_summary("fr")


def test_option_material_second_is_the_default_game_and_first_is_the_first_release() -> None:
    """The second material (designer note 12) is the default game: its own cards, start gold,
    bag and huts, and the rules' figures follow; ``material=first`` plays the first release."""

    second = load_material("second")
    assert second.gold.start[4] == [0, 1, 2, 3] and second.bag.coins == [8, 6, 4, 2, 1, 1]
    assert [(c.upper, c.lower) for c in second.cards][:3] == [(0, 2), (1, 5), (6, 0)]
    assert second.negotiation.withdraw and not load_material("first").negotiation.withdraw
    game = load_game("river-race")
    assert game.options["material"] == "second"
    first = load_game("river-race", options={"material": "first"})
    assert isinstance(game, RiverRaceGame) and isinstance(first, RiverRaceGame)
    assert game.huts == second.huts(4) and game.tables.prices != first.tables.prices
    assert "0, 1, 2, 3" in game.rules()["setup.gold"].en
    assert "1: 0/2, 2: 1/5" in game.rules_summary("en").split("\n\n")[-1]
    state = play_game(game, make_bots(game, [parse_bot_spec("heuristic")] * 4, 3), seed=3)
    assert isinstance(state, RiverRaceState)
    assert state.is_terminal() and max(state.gold) >= 0
    assert replay(record_of(state, seed=3, seats=["heuristic"] * 4)).to_text() == state.to_text()
    with pytest.raises(OptionError):
        load_game("river-race", options={"material": "third"})
    with pytest.raises(ValueError):
        load_material("third")


def test_the_discard_is_shown_by_the_prices_of_its_cards_not_their_numbers() -> None:
    """Issue 26, terminal: a newcomer reads what the revealed cards asked (upper/lower), which
    tells what the cards still unseen may ask; a card's number means nothing without the table."""
    state = position(phase="council", pawns="s1u,camp,camp/camp,camp,camp", cards="1u:7@0", gold="9,5")
    play(state, "cross a")
    card = load_material("first").cards[6]
    for lang, label in (("en", "discard (upper/lower)"), ("fr", "défausse (haut/bas)")):
        text = state.game.render_text(state.observation(1), lang)
        assert f"{label} {card.upper}/{card.lower}" in text
        assert not re.search(r"(discard|défausse) 7\b", text)
    fresh = position()
    assert "discard -" in fresh.game.render_text(fresh.observation(0))


def test_cross_price_the_seat_that_cannot_cross_reads_why_in_its_own_view_only() -> None:
    """Issue 26: a sacrificer whose gold and deals do not cover its card reads the price, what
    it has and what it lacks (terminal and drawing); the other seats never read the price."""
    cards = load_material("first").cards
    state = position(phase="council", pawns="s1u,camp,camp/y1u,camp,camp", cards="1u:12@0", gold="2,9")
    price = cards[11].upper
    play(state, "offer 2a 1", "accept")
    mine = state.game.render_text(state.observation(0), "en")
    assert f"Your card at 1u asks {price} gold: you have 3 with the deals, {price - 3} short of crossing." in mine
    assert f"avec les accords vous avez 3, il manque {price - 3}." in " ".join(state.game.render_text(state.observation(0), "fr").split())
    assert "short of crossing" in state.game.render_svg(state.observation(0), "en")
    theirs = state.game.render_text(state.observation(1), "en")
    assert "short of crossing" not in theirs and "may step up" in theirs
    rich = position(phase="council", pawns="s1u,camp,camp/camp,camp,camp", cards="1u:12@0", gold="9,9")
    assert "short of crossing" not in rich.game.render_text(rich.observation(0), "en")


def test_cross_price_a_seat_short_for_several_cards_reads_them_in_one_line_of_80_columns() -> None:
    """Issue 26: a seat may hold up to three cards; the reasons it cannot cross with them are
    one line within 80 columns (the drawing keeps its 16 lines), in both languages."""
    state = position(
        3,
        options={"material": "second"},
        phase="council",
        pawns="s1u,s1l,s2u/y1u,camp,camp/camp,camp,camp",
        cards="1u:12@0,1l:9@0,2u:7@0",
        pools=ALL_CARDS,
        gold="4,9,9",
        bag="8,6,4,2,1,1",
    )
    play(state, "offer 2a 7", "accept")  # the deal for 2a counts only at 1u
    en = state.game.render_text(state.observation(0), "en")
    fr = state.game.render_text(state.observation(0), "fr")
    assert "Not enough gold: cards 1u, 1l and 2u ask 14, 5 and 12; you have 4 to 11." in en
    assert "Or insuffisant : cartes 1u, 1l et 2u à 14, 5 et 12 ; vous avez 4 à 11." in " ".join(fr.split())
    for text in (en, fr):
        assert len(text.splitlines()) <= 16 and max(len(line) for line in text.splitlines()) <= 80
    assert "Not enough gold" not in state.game.render_text(state.observation(1), "en")
