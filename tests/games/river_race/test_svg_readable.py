"""The river race's SVG is readable in the browser at the page's default size.

The page draws the board about 730 px wide at 1280x900 (scaled down from the drawing's
own size), so the drawing's words are set large enough to stay about 13 px or more on
screen: the key and the information lines in 16 units, a pawn's name in 13.
"""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET

import pytest

from savanna.core import load_game, sample_action
from savanna.games.river_race.game import RiverRaceGame

SVG = "{http://www.w3.org/2000/svg}"
PAGE_BOARD_WIDTH = 730
"""The board's width on the page at its default size (1280x900), in pixels."""


def drawing(players: int, lang: str) -> ET.Element:
    game = load_game("river-race", players=players)
    state = game.new_initial_state()
    rng = random.Random(players)
    while not state.is_terminal() and len(state.history) < 60:
        state.apply(sample_action(state, rng))
    return ET.fromstring(game.render_svg(state.observation(0), lang))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [2, 5])
def test_every_word_of_the_drawing_is_readable_at_the_pages_size(players: int, lang: str) -> None:
    root = drawing(players, lang)
    width = float(root.attrib["viewBox"].split()[2])
    scale = min(1.0, PAGE_BOARD_WIDTH / width)
    base = float(root.attrib["font-size"])
    texts = list(root.iter(f"{SVG}text"))
    assert texts
    smallest = min(float(t.attrib.get("font-size", base)) for t in texts)
    assert smallest * scale >= 11, (smallest, scale)
    # the sentences (the key and the lines under the map) at about 13 px or more
    sentences = [t for t in texts if len((t.text or "").split()) >= 3]
    assert sentences and all(float(t.attrib.get("font-size", base)) * scale >= 13 for t in sentences)
    # and they stay inside the drawing
    height = float(root.attrib["viewBox"].split()[3])
    assert all(float(t.attrib["y"]) <= height for t in texts)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_dice_are_drawn_with_the_pips_of_their_faces(lang: str) -> None:
    """Each die is a ``die:N`` group (the page tumbles it when chance rolls) showing as many
    pips as the observation's face, its face in its title; before a roll a die is blank."""
    game = load_game("river-race", players=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    faces_seen = set()
    while not state.is_terminal() and len(state.history) < 80:
        data = state.observation(0).data
        root = ET.fromstring(game.render_svg(state.observation(0), lang))
        dice = [g for g in root.iter(f"{SVG}g") if g.attrib.get("data-target", "").startswith("die:")]
        assert [g.attrib["data-target"] for g in dice] == [f"die:{i + 1}" for i in range(2)]  # material.toml: two dice
        for i, group in enumerate(dice):
            face = data["dice"][i] if i < len(data["dice"]) else 0
            assert len(list(group.iter(f"{SVG}circle"))) == face
            title = group.find(f"{SVG}title")
            assert title is not None and title.text is not None
            assert title.text.endswith(str(face) if face else "-"), title.text
            faces_seen.add(face)
        state.apply(sample_action(state, rng))
    assert {0} < faces_seen and len(faces_seen) > 3, faces_seen


HELD = (
    "river-race/2 first=1 turn=1 turns=3 phase=roll dice=- ones=0 gold=5,7 rings=0 "
    "persecutor=3 bag=6,6,6,6,6,6 springs=0,0 pawns=s1u,camp,camp/y1u,camp,camp "
    "cards=1u:7@0 pools=1,2,3,4,5,6,7,8,9,10,11,12 discard=- asked=- deals=- "
    "offer=- counter=- end=-"
)
"""Seat 1's pawn 1a holds card 7 at the sacrifice place of river 1 (upper)."""


def test_the_drawing_tells_the_page_what_each_seat_holds_and_a_cards_price_only_to_its_holder() -> None:
    """The page sends a coin or a card to the seat that gains it: the information lines carry
    each seat's gold and how many cards each holds (public); a card's price is there only in
    its holder's drawing (the spectator's and the other seat's show none)."""
    game = load_game("river-race", players=2, options={"first": "seat1", "material": "first"})
    state = game.parse_position(HELD)
    price = state.observation(0).data["cards"][0]["price"]
    assert isinstance(price, int)

    def purses(seat: int | None) -> dict[str, dict[str, str]]:
        root = ET.fromstring(game.render_svg(state.observation(seat), "en"))
        return {n.attrib["data-purse"]: n.attrib for n in root.iter() if "data-purse" in n.attrib}

    mine, theirs, watching = purses(0), purses(1), purses(None)
    for seen in (mine, theirs, watching):
        assert seen["gold"]["data-counts"] == "5 7" and seen["gold"]["data-token"] == "coin"
        assert seen["cards"]["data-counts"] == "1 0" and seen["cards"]["data-token"] == "card"
    assert mine["cards"]["data-faces"] == str(price)
    assert "data-faces" not in theirs["cards"] and "data-faces" not in watching["cards"]


FORK = (
    "river-race/2 first=1 turn=1 turns=3 phase=move dice=3+6 ones=0 gold=5,11 rings=1 persecutor=3 "
    "bag=6,6,5,6,6,6 springs=0,0 pawns=a7,camp,camp/a2,camp,camp cards=- pools=1,2,3,4,5,6,7,8,9,10,11,12 "
    "discard=- asked=- deals=- offer=- counter=- end=-"
)
"""Seat 1 to move 9 with pawn 1a on a7, before river 1's fork: upper, lower or around."""


def test_a_move_tells_the_page_the_way_it_takes_the_branch_it_chose_space_by_space() -> None:
    """``action_walk``: the pawn, then every space from where it stands to where it stops,
    along the map's links and through the branch the move names (the page walks it, so a
    fork's branches are never mistaken for each other); nothing for actions moving no pawn."""
    game = RiverRaceGame(players=2, options={"first": "seat1", "material": "first"})
    state = game.parse_position(FORK)
    board = game.board
    actions = {state.action_to_text(a): a for a in state.legal_actions()}
    walks = {text: game.action_walk(state, a) for text, a in actions.items()}
    assert set(walks) == {"move a upper", "move a lower", "move a around", "move b"}
    for text, walk in walks.items():
        assert walk[0] == state.action_targets(actions[text])[0]  # the pawn the move takes
        assert walk[-1] == state.action_targets(actions[text])[1]  # where it stops
        spaces = [board.index(key.removeprefix("space:")) for key in walk[1:]]
        assert spaces[0] == state.pos["abc".index(text.split()[1])]  # from where it stands
        assert all(b in board.successors(a) for a, b in itertools.pairwise(spaces)), text
    assert walks["move a upper"][1:] == ("space:a7", "space:a8", "space:a9", "space:a10", "space:y1u")
    assert walks["move a lower"][-1] == "space:y1l"
    around = walks["move a around"]
    assert around[-1] == "space:o5" and {"space:o0", "space:o1"} <= set(around)
    assert all(board.track_kind[board.index(k.removeprefix("space:"))] == "around" for k in around[5:])
    assert "space:a2" in walks["move b"]  # a pawn jumped over is passed too
    rolling = game.parse_position(FORK.replace("phase=move dice=3+6", "phase=roll dice=-"))
    assert all(game.action_walk(rolling, a) == () for a in rolling.legal_actions())
