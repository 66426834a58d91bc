"""Drawings of a river race observation: plain text (80 columns) and SVG, both generated
from the map data (``data/map.toml``), plus the legend and terminal colours.

Both drawings read only an :class:`~savanna.core.Observation`: a seat sees its own card's
prices and nobody else's.

Text drawing: each map cell is three characters. ``1a`` is a pawn (seat 1, pawn a);
``..`` a space of a road or bank, ``::`` a space of a path around a river, ``~~`` water
(``~1`` at the top of river 1),
``$4`` a spring whose next coin is worth 4 (``$-``: dry), ``__`` room in a courtyard,
``/\\`` a free sacrifice place, ``--`` the persecutor's track and ``@@`` the persecutor;
the village shows each hut's value until a pawn takes it.

Example:
    >>> from savanna.games.river_race.game import RiverRaceGame
    >>> game = RiverRaceGame(players=2, options={"first": "seat1"})
    >>> text = render_text(game, game.new_initial_state().observation(0))
    >>> max(len(line) for line in text.splitlines()) <= 80, len(text.splitlines()) <= 16
    (True, True)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from savanna.games.river_race.actions import (
    LETTERS,
    Cross,
    Move,
    Step,
    Withdraw,
    from_id,
    parse_pawn_name,
    pawn_name,
)
from savanna.games.river_race.board import ALTAR, LANDING, VILLAGE, YARD
from savanna.games.river_race.phase import COUNCIL, MOVE
from savanna.games.river_race.rules import MESSAGES
from savanna.games.river_race.walking import walk, walk_path

if TYPE_CHECKING:
    from savanna.core.game import Observation
    from savanna.games.river_race.game import RiverRaceGame
    from savanna.games.river_race.state import RiverRaceState

__all__ = ["SEAT_COLOURS", "action_targets", "action_walk", "drawing_legend", "legend", "render_svg", "render_text", "text_styles"]

SEAT_COLOURS: Final = ("#c0392b", "#2874a6", "#b7950b", "#7d3c98", "#1e8449")
"""Seat colours in the SVG drawing (red, blue, ochre, purple, green)."""
_TERMINAL_COLOURS: Final = ("bold red", "bold blue", "bold yellow", "bold magenta", "bold green")
_PITCH: Final = 3


def _label(key: str, lang: str, **fields: object) -> str:
    return MESSAGES.text(key if "." in key else f"label.{key}", lang, **fields)


def _occupants(game: RiverRaceGame, data: Mapping[str, Any]) -> dict[str, list[str]]:
    """Space name → the pawns on it, in pawn order."""
    out: dict[str, list[str]] = {}
    for pawn, name in enumerate(data["pawns"]):
        out.setdefault(name, []).append(pawn_name(pawn))
    return out


def _fill(cells: list[tuple[int, int]], pawns: list[str], empty: str) -> dict[tuple[int, int], str]:
    """Pawns on a many-pawn space's cells, ``+n`` in the last cell when they overflow."""
    out: dict[tuple[int, int], str] = {}
    if len(pawns) > len(cells):
        shown = [*pawns[:len(cells) - 1], f"+{len(pawns) - len(cells) + 1}"]
    else:
        shown = pawns
    for i, cell in enumerate(cells):
        out[cell] = shown[i] if i < len(shown) else empty
    return out


def _grid(game: RiverRaceGame, data: Mapping[str, Any]) -> dict[tuple[int, int], str]:
    board = game.board
    occupants = _occupants(game, data)
    grid: dict[tuple[int, int], str] = {}
    for space in range(board.size):
        name = board.name(space)
        kind = board.kind[space]
        cells: list[tuple[int, int]] = list(board.cells[space])
        here = occupants.get(name, [])
        if not cells or kind == VILLAGE:
            continue
        if kind == YARD:
            grid.update(_fill(cells, here, "__"))
        elif kind == LANDING:
            grid.update(_fill(cells, here, ".."))
            if len(cells) > 1 and len(here) < 2:
                grid[cells[1]] = "  "
        elif kind == ALTAR:
            grid[cells[0]] = here[0] if here else "/\\"
        else:
            empty = "::" if board.track_kind[space] == "around" else ".."
            grid[cells[0]] = here[0] if here else empty
    stack = game.material.spring.stack
    for river, water in enumerate(board.water):
        for cell in water:
            grid[cell] = "~~"
        grid[water[0]] = f"~{river + 1}"  # the river's number, as in 1u, 2l
        taken = data["springs"][river]
        grid[board.spring_cells[river]] = f"${stack[taken]}" if taken < len(stack) else "$-"
    for i, cell in enumerate(board.persecutor_cells):
        grid[cell] = "@@" if i == data["persecutor"] else "--"
    villagers = {hut: pawn_name(p) for p, hut in enumerate(data["huts"]) if hut >= 0}
    for hut, value in enumerate(game.huts):
        grid[board.data.village.cells[hut]] = villagers.get(hut, f"{value:>2}")
    return grid


def render_text(game: RiverRaceGame, observation: Observation, lang: str = "en") -> str:
    """The map and the table's state in at most 80 columns and 16 lines."""
    data = observation.data
    board = game.board
    grid = _grid(game, data)
    width = board.data.width
    rows = []
    for y in range(board.data.height):
        row = "".join(grid.get((x, y), "  ") + " " for x in range(width)).rstrip()
        rows.append(row)
    for (lx, ly), words in (
        (board.data.camp.label, _camp_text(game, data, lang)),
        (board.data.village.label, _label("village", lang)),
    ):
        row = rows[ly].ljust(lx * _PITCH)
        rows[ly] = (row[: lx * _PITCH] + words + row[lx * _PITCH + len(words) :]).rstrip()
    rows += _info_lines(game, observation, lang)
    return "\n".join(line[:80] for line in rows)


def _camp_text(game: RiverRaceGame, data: Mapping[str, Any], lang: str) -> str:
    groups = []
    for seat in range(game.num_players):
        letters = "".join(LETTERS[i] for i in range(3) if data["pawns"][3 * seat + i] == "camp")
        if letters:
            groups.append(f"{seat + 1}{letters}")
    return f"{_label('camp', lang)}: " + (" ".join(groups) if groups else "-")


def _info_lines(game: RiverRaceGame, observation: Observation, lang: str) -> list[str]:
    data = observation.data
    rings = game.material.persecutor.rings
    gold = "  ".join(f"{s + 1}:{g}" for s, g in enumerate(data["gold"]))
    stick = "o" * data["rings"] + "." * (rings - data["rings"])
    line1 = (
        f"{_label('gold', lang)} {gold} | {_label('rings', lang)} [{stick}] | "
        f"{_label('bag', lang)} {sum(data['bag'])} | "
        f"{_label('persecutor', lang)} {data['persecutor']}/{game.board.persecutor_length}"
    )
    cards = []
    for card in data["cards"]:
        if card["prices"] is not None:
            cards.append(
                _label("card_mine", lang, pawn=card["pawn"], place=card["place"], price=card["price"], number=card["card"])
            )
        else:
            cards.append(_label("card_hidden", lang, pawn=card["pawn"], place=card["place"]))
    # the cards revealed, by their prices (a card's number says nothing to a newcomer)
    faces = game.material.cards
    discard = " ".join(f"{faces[n - 1].upper}/{faces[n - 1].lower}" for n in data["discard"])
    shown = f"{_label('discard_prices', lang)} {discard}" if discard else f"{_label('discard', lang)} -"
    line2 = f"{_label('cards', lang)}: " + ("; ".join(cards) if cards else "-") + f" | {shown}"
    # the seat to play that cannot cross yet reads why instead of the council's general words
    short = _short_of_gold(game, observation, lang)
    return [line1, line2, *(short or [_status(game, observation, lang)])]


def _status(game: RiverRaceGame, observation: Observation, lang: str) -> str:
    data = observation.data
    phase = data["phase"]
    seat = data["turn"] + 1
    dice = "+".join(str(d) for d in data["dice"])
    deals = ", ".join(f"{p}:{price}" for p, price in data["deals"])
    if phase == "over":
        return _label(f"ended.{data['ended']}", lang)
    if phase == "first":
        return _label("status.first", lang)
    if phase == "roll":
        return _label("status.roll", lang, seat=seat)
    if phase in ("coin", "move"):
        return _label("status.move", lang, seat=seat, dice=dice, total=sum(data["dice"]))
    if phase == "draw":
        return _label("status.draw", lang, seat=seat)
    if phase == "answer":
        pawn, price = data["offer"]
        return _label("status.answer", lang, seat=seat, pawn=pawn, price=price, owner=pawn[0])
    if phase == "reply":
        pawn, price = data["offer"]
        return _label("status.reply", lang, seat=seat, pawn=pawn, price=price, counter=data["counter"])
    key = "status.council_withdraw" if game.material.negotiation.withdraw else "status.council"
    return _label(key, lang, seat=seat) + (f" ({_label('deals', lang)} {deals})" if deals else "")


def _short_of_gold(game: RiverRaceGame, observation: Observation, lang: str) -> list[str]:
    """Why the seat to play cannot cross yet, for each card of its own whose price its gold
    and the deals made do not cover (rule cross.price): only the holder's view has them."""
    data = observation.data
    if observation.seat != data["turn"] or data["phase"] != "council":
        return []
    short = []
    for card in data["cards"]:
        if card["price"] is None:
            continue
        yard = next(place.yard for place in game.board.places if place.name == card["place"])
        dealt = sum(price for pawn, price in data["deals"] if data["pawns"][parse_pawn_name(pawn)] == game.board.name(yard))
        have = data["gold"][observation.seat] + dealt
        if have < card["price"]:
            short.append((card["place"], card["price"], have))
    if not short:
        return []
    if len(short) == 1:
        place, price, have = short[0]
        return [_label("status.short", lang, place=place, price=price, have=have, short=price - have)]
    # several cards at once (a seat may hold up to three): one line, within 80 columns
    low, high = min(have for _, _, have in short), max(have for _, _, have in short)
    return [
        _label(
            "status.short_many",
            lang,
            places=_listed([place for place, _, _ in short], lang),
            prices=_listed([str(price) for _, price, _ in short], lang),
            have=str(low) if low == high else _label("range", lang, low=low, high=high),
        )
    ]


def _listed(items: list[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``et`` in French)."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {_label('and', lang)} {items[-1]}"


def legend(lang: str = "en") -> list[tuple[str, str]]:
    """Symbol → meaning pairs for the text drawing."""
    keys = ("pawn", "path", "around", "water", "spring", "yard", "altar", "track", "persecutor", "hut", "stick")
    symbols = ("1a", "..", "::", "~1", "$4", "__", "/\\", "--", "@@", "15", "[oo.]")
    return [(symbol, _label(f"legend.{key}", lang)) for symbol, key in zip(symbols, keys, strict=True)]


def text_styles(game: RiverRaceGame) -> list[tuple[str, str]]:
    """Rich styles for the text drawing: pawns by seat, water, springs, the persecutor."""
    styles: list[tuple[str, str]] = [
        (r"~[~\d]", "blue"),
        (r"\$[\d-]", "bold yellow"),
        (r"@@", "bold white on red"),
        (r"--", "red"),
        (r"::", "green"),
        (r"/\\", "bold"),
        (r"__", "bright_black"),
    ]
    for seat in range(game.num_players):
        styles.append((rf"\b{seat + 1}[abc]\b", _TERMINAL_COLOURS[seat]))
    return styles


# -- SVG ------------------------------------------------------------------------------

_CELL: Final = 32


def _centre(cell: tuple[int, int]) -> tuple[float, float]:
    return (cell[0] * _CELL + _CELL / 2 + 8, cell[1] * _CELL + _CELL / 2 + 8)


def _el(parent: ET.Element, tag: str, text: str | None = None, **attributes: object) -> ET.Element:
    """A child element of ``parent`` (attribute names with ``_`` for ``-``), its text escaped
    by ElementTree."""
    element = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attributes.items()})
    if text is not None:
        element.text = text
    return element


def render_svg(game: RiverRaceGame, observation: Observation, lang: str = "en") -> str:
    """An SVG drawing of the map and the pawns, with the same information as the text, its
    words in ``lang`` (the text drawing's information lines under the map)."""
    data = observation.data
    board = game.board
    w = board.data.width * _CELL + 16
    base = board.data.height * _CELL + 16
    info = _info_lines(game, observation, lang)
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg"})
    background = _el(svg, "rect", width=w)
    for water in board.water:
        ends = [_centre(c) for c in water]
        _el(svg, "line", x1=ends[0][0], y1=ends[0][1] - _CELL / 2, x2=ends[-1][0], y2=ends[-1][1] + _CELL / 2,
            stroke="#5dade2", stroke_width=_CELL * 0.8)
    # the village and the camp
    hx = [c[0] for c in board.data.village.cells[: len(game.huts)]]
    hy = [c[1] for c in board.data.village.cells[: len(game.huts)]]
    _el(svg, "rect", x=min(hx) * _CELL + 6, y=min(hy) * _CELL + 6, width=(max(hx) - min(hx) + 1) * _CELL + 4,
        height=(max(hy) - min(hy) + 1) * _CELL + 4, rx=8, fill="#f9e79f", stroke="#9a7d0a", data_target="space:village")
    # links between consecutive spaces (and from forks, courtyards, places and landings)
    for space in range(board.size):
        cells = board.cells[space]
        if not cells or board.kind[space] == VILLAGE:
            continue
        for succ in board.successors(space):
            targets = board.cells[succ] if board.kind[succ] != VILLAGE else board.data.village.cells[: len(game.huts)]
            if not targets:
                continue
            a, b = _nearest(cells, targets)
            # data-track: the page walks a moving pawn along the links, space by space
            link = _el(svg, "line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke="#8d6e63", stroke_width=3,
                       data_track="forward")
            if board.kind[space] == ALTAR:
                link.set("stroke-dasharray", "4 3")
    stack = game.material.spring.stack
    for river, cell in enumerate(board.spring_cells):
        x, y = _centre(cell)
        taken = data["springs"][river]
        coin = str(stack[taken]) if taken < len(stack) else "-"
        _el(svg, "circle", cx=x, cy=y, r=12, fill="#2e86c1")
        _el(svg, "text", coin, x=x, y=y + 5, text_anchor="middle", fill="#f7dc6f", font_weight="bold")
    occupants = _occupants(game, data)
    for space in range(board.size):
        kind = board.kind[space]
        cells = board.cells[space]
        if not cells or kind == VILLAGE:
            continue
        target = f"space:{board.name(space)}"
        if kind == YARD:
            if len(cells) > 1:  # a yard's cells are one space: a walk may cross it
                _el(svg, "polyline", points=" ".join("{},{}".format(*_centre(c)) for c in cells), fill="none",
                    stroke="none", data_track="both")
            xs = [c[0] for c in cells]
            ys = [c[1] for c in cells]
            x0, y0 = min(xs) * _CELL + 8, min(ys) * _CELL + 8
            _el(svg, "rect", x=x0 + 2, y=y0 + 2, width=(max(xs) - min(xs) + 1) * _CELL - 4,
                height=(max(ys) - min(ys) + 1) * _CELL - 4, rx=6, fill="#e5d3b3", stroke="#8d6e63", data_target=target)
        elif kind == ALTAR:
            x, y = _centre(cells[0])
            _el(svg, "polygon", points=f"{x},{y - 13} {x + 13},{y + 11} {x - 13},{y + 11}", fill="#cd6155",
                stroke="#641e16", data_target=target)
        else:
            x, y = _centre(cells[0])
            fill = "#abebc6" if board.track_kind[space] == "around" else "#fdfefe"
            _el(svg, "circle", cx=x, cy=y, r=11, fill=fill, stroke="#8d6e63", data_target=target)
        here = occupants.get(board.name(space), [])
        for i, pawn in enumerate(here):
            # every pawn is drawn (and clickable): past the space's cells they stack, each
            # layer moved by more than a disc's radius so that no pawn covers another's centre
            layer = i // len(cells)
            _pawn(svg, _centre(cells[i % len(cells)]), pawn, shift=_STACK_SHIFT * layer)
    for i, cell in enumerate(board.persecutor_cells):
        x, y = _centre(cell)
        _el(svg, "rect", x=x - 11, y=y - 11, width=22, height=22, fill="#d5d8dc", stroke="#566573")
        if i == data["persecutor"]:
            _el(svg, "circle", cx=x, cy=y, r=10, fill="#17202a")
            _el(svg, "text", "P", x=x, y=y + 4, text_anchor="middle", fill="#f1948a", font_weight="bold")
    villagers = {hut: pawn_name(p) for p, hut in enumerate(data["huts"]) if hut >= 0}
    for hut, value in enumerate(game.huts):
        cell = board.data.village.cells[hut]
        x, y = _centre(cell)
        _el(svg, "polygon", points=f"{x - 13},{y + 12} {x - 13},{y - 2} {x},{y - 13} {x + 13},{y - 2} {x + 13},{y + 12}",
            fill="#dc7633", stroke="#6e2c00")
        _el(svg, "text", str(value), x=x, y=y + 8, text_anchor="middle", fill="#fff")
        if hut in villagers:
            _pawn(svg, _centre(cell), villagers[hut])
    lx, ly = board.data.camp.label
    first = board.cells[board.next[board.camp]][0]
    cx, cy = _centre((lx, ly))
    fx, fy = _centre(first)
    _el(svg, "line", x1=fx, y1=cy, x2=fx, y2=fy, stroke="#8d6e63", stroke_width=3, data_track="forward")
    camp = [pawn_name(p) for p, name in enumerate(data["pawns"]) if name == "camp"]
    width = (first[0] - lx + 1) * _CELL
    _el(svg, "rect", x=cx - _CELL / 2, y=cy - 13, width=width, height=26, rx=6, fill="#d5f5e3", stroke="#1e8449")
    _el(svg, "text", _label("camp", lang), x=cx - _CELL / 2 + 6, y=cy + 4)
    for i, pawn in enumerate(camp):
        _pawn(svg, (cx - _CELL / 2 + 62 + i * 24, cy), pawn)
    for river, water in enumerate(board.water):
        wx, wy = _centre(water[0])
        _el(svg, "text", str(river + 1), x=wx, y=wy - 2, text_anchor="middle", fill="#1b4f72", font_weight="bold")
    # (the kinds of places are named in the page's legend, drawing_legend, not on the map)
    dice_height = _dice(svg, data["dice"], game.material.dice.count, lang, base)
    purses = _purses(game, observation)
    for i, line in enumerate(info):
        # data-info: a line the page may show under the drawing instead (a phone's narrow map)
        words = _el(svg, "text", line, x=8, y=base + dice_height + _LINE - 4 + _LINE * i, data_info="line")
        for attribute, said in purses.get(i, {}).items():
            words.set(attribute, said)
    h = base + dice_height + _LINE * len(info) + 12
    sizes: tuple[tuple[str, object], ...] = (
        ("width", w), ("height", h), ("viewBox", f"0 0 {w} {h}"), ("font-family", "sans-serif"), ("font-size", _FONT)
    )
    for name, size in sizes:
        svg.set(name, str(size))
    background.set("height", str(h))
    background.set("fill", "#f4ecd8")
    ET.indent(svg, space="")
    return ET.tostring(svg, encoding="unicode")


def _purses(game: RiverRaceGame, observation: Observation) -> dict[int, dict[str, str]]:
    """What each seat holds, on the information line that says it, for the page to send a
    coin or a card to the seat that gains it: each seat's gold (line 0) and how many cards
    each seat holds (line 1); ``data-faces``: the prices of the observer's own cards (the
    only prices its observation shows, so other seats' views see a card's back)."""
    data = observation.data
    held = [0] * game.num_players
    for card in data["cards"]:
        held[int(card["pawn"][0]) - 1] += 1
    faces = " ".join(str(card["price"]) for card in data["cards"] if card["prices"] is not None)
    cards = {"data-purse": "cards", "data-token": "card", "data-counts": " ".join(map(str, held))}
    if faces:
        cards["data-faces"] = faces
    gold = {"data-purse": "gold", "data-token": "coin", "data-counts": " ".join(str(g) for g in data["gold"])}
    return {0: gold, 1: cards}


_FONT: Final = 16
"""The drawing's words, in its own units: the page shows the map about 0.85 times its
size, so words stay readable (about 13 px) at the page's default size."""
_PAWN_FONT: Final = 13
"""A pawn's name inside its disc."""
_LINE: Final = 22
"""The height of a line of words under the map (the key's rows, the information lines)."""

_KEYS: Final = ("road", "around", "spring", "yard", "altar", "persecutor", "village")
"""The kinds of place the key explains, in order."""


_PIPS: Final = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
"""Where a face's pips sit, in thirds of the die from its centre."""


def _dice(svg: ET.Element, dice: list[int], count: int, lang: str, top: float) -> int:
    """The dice, drawn with their pips (blank before the roll), each a ``die:N`` group the
    page tumbles when chance rolls: the height they take."""
    size = 28
    for i in range(count):
        face = dice[i] if i < len(dice) else 0
        x, y = 8 + i * (size + 8), top + 4
        group = _el(svg, "g", data_target=f"die:{i + 1}")
        _el(group, "title", _label("die", lang, n=i + 1, face=face or "-"))
        _el(group, "rect", x=x, y=y, width=size, height=size, rx=5, fill="#fdfefe", stroke="#17202a")
        for dx, dy in _PIPS.get(face, ()):
            _el(group, "circle", cx=x + size / 2 + dx * size / 3.4, cy=y + size / 2 + dy * size / 3.4, r=2.6,
                fill="#17202a")
    return size + 8


def _key_shape(svg: ET.Element, key: str, x: float, y: float) -> None:
    """One kind of place drawn as on the map (smaller), centred on ``(x, y)``."""
    if key in ("road", "around"):
        _el(svg, "circle", cx=x, cy=y, r=8, fill="#fdfefe" if key == "road" else "#abebc6", stroke="#8d6e63")
    elif key == "spring":
        _el(svg, "circle", cx=x, cy=y, r=9, fill="#2e86c1")
        _el(svg, "text", "4", x=x, y=y + 4, text_anchor="middle", fill="#f7dc6f", font_weight="bold")
    elif key == "yard":
        _el(svg, "rect", x=x - 8, y=y - 8, width=16, height=16, rx=4, fill="#e5d3b3", stroke="#8d6e63")
    elif key == "altar":
        _el(svg, "polygon", points=f"{x},{y - 9} {x + 9},{y + 8} {x - 9},{y + 8}", fill="#cd6155", stroke="#641e16")
    elif key == "persecutor":
        _el(svg, "circle", cx=x, cy=y, r=8, fill="#17202a")
        _el(svg, "text", "P", x=x, y=y + 4, text_anchor="middle", fill="#f1948a", font_weight="bold")
    else:
        _el(svg, "polygon", points=f"{x - 9},{y + 8} {x - 9},{y} {x},{y - 9} {x + 9},{y} {x + 9},{y + 8}",
            fill="#dc7633", stroke="#6e2c00")


def drawing_legend(lang: str = "en", players: int = 3) -> list[tuple[str, str]]:
    """What the map's shapes mean, in ``lang``: each kind of place, then the pawns, the
    huts, the rivers, the camp and the links (``(swatch, meaning)`` pairs, each swatch a
    small SVG drawn as the map draws it; the page shows them beside or under the map, which
    carries no key of its own)."""
    def swatch(width: int, height: int = 28) -> ET.Element:
        return ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": str(width), "height": str(height),
                                  "viewBox": f"0 0 {width} {height}", "font-family": "sans-serif",
                                  "font-size": str(_FONT)})

    pawns = swatch(26 * players + 2)
    for seat in range(players):
        _pawn(pawns, (14 + 26 * seat, 14), f"{seat + 1}{LETTERS[0]}", target=False)
    hut = swatch(30)
    _el(hut, "polygon", points="2,26 2,12 15,1 28,12 28,26", fill="#dc7633", stroke="#6e2c00")
    _el(hut, "text", "16", x=15, y=22, text_anchor="middle", fill="#fff")
    river = swatch(42)
    _el(river, "rect", x=8, y=0, width=26, height=28, fill="#5dade2")
    _el(river, "text", "1", x=21, y=19, text_anchor="middle", fill="#1b4f72", font_weight="bold")
    camp = swatch(60)
    _el(camp, "rect", x=1, y=2, width=58, height=24, rx=6, fill="#d5f5e3", stroke="#1e8449")
    _el(camp, "text", _label("camp", lang), x=6, y=19)
    link = swatch(42)
    _el(link, "line", x1=2, y1=14, x2=40, y2=14, stroke="#8d6e63", stroke_width=3)
    dashed = swatch(42)
    _el(dashed, "line", x1=2, y1=14, x2=40, y2=14, stroke="#8d6e63", stroke_width=3, stroke_dasharray="4 3")
    places = []
    for key in _KEYS:
        place = swatch(28)
        _key_shape(place, key, 14, 14)
        places.append((place, f"key.{key}"))
    pairs = [
        *places,
        (pawns, "key.pawn"), (hut, "key.hut"), (river, "key.river"),
        (camp, "key.camp"), (link, "key.link"), (dashed, "key.crossing"),
    ]
    return [(ET.tostring(svg, encoding="unicode"), _label(key, lang)) for svg, key in pairs]


def _nearest(
    cells: tuple[tuple[int, int], ...] | list[tuple[int, int]],
    targets: tuple[tuple[int, int], ...] | list[tuple[int, int]],
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The centres of the closest pair of cells of two spaces (a link is drawn between them)."""
    a, b = min(
        ((c, t) for c in cells for t in targets),
        key=lambda pair: (pair[0][0] - pair[1][0]) ** 2 + (pair[0][1] - pair[1][1]) ** 2,
    )
    return _centre(a), _centre(b)


_STACK_SHIFT: Final = 14
"""How far a stacked pawn is drawn from the one under it (right and up), past its radius 11."""


def _pawn(svg: ET.Element, centre: tuple[float, float], pawn: str, shift: float = 0, target: bool = True) -> None:
    """A pawn's disc and name; on the map (``target``) a group the page can click."""
    x, y = centre[0] + shift, centre[1] - shift
    colour = SEAT_COLOURS[int(pawn[0]) - 1]
    group = _el(svg, "g", data_target=f"pawn:{pawn}") if target else svg
    _el(group, "circle", cx=x, cy=y, r=11, fill=colour, stroke="#000")
    _el(group, "text", pawn, x=x, y=y + 4, text_anchor="middle", fill="#fff", font_size=_PAWN_FONT, font_weight="bold")


def action_targets(state: RiverRaceState, action: int) -> tuple[str, ...]:
    """The parts of :func:`render_svg` a seat action points at: the pawn and where it goes
    for a move, a step up, a crossing or a card given back (offers, answers and ``roll`` are chosen from the
    list)."""
    if state.phase not in (MOVE, COUNCIL):
        return ()
    act = from_id(action)
    board = state.game.board
    if isinstance(act, Move):
        pawn = 3 * state.turn + act.pawn
        end, _ = walk(state, pawn, state.roll_total(), act.branch)
        return (f"pawn:{pawn_name(pawn)}", f"space:{board.name(end)}") if end >= 0 else ()
    if isinstance(act, Step | Cross | Withdraw):
        pawn = 3 * state.turn + act.pawn
        space = state.pos[pawn]
        if isinstance(act, Step):
            goal = board.places[board.place_of_yard[space]].altar
        elif isinstance(act, Withdraw):
            goal = board.places[board.place_of_altar[space]].yard
        else:
            goal = board.places[board.place_of_altar[space]].landing
        return (f"pawn:{pawn_name(pawn)}", f"space:{board.name(goal)}")
    return ()


def action_walk(state: RiverRaceState, action: int) -> tuple[str, ...]:
    """The pawn a move takes and every space it passes, from where it stands to where it
    stops (``space:`` keys of :func:`render_svg`): across or around a river, as the move's
    branch says; ``()`` for any other action."""
    act = from_id(action)
    if state.phase != MOVE or not isinstance(act, Move):
        return ()
    pawn = 3 * state.turn + act.pawn
    spaces = walk_path(state, pawn, state.roll_total(), act.branch)
    board = state.game.board
    return (f"pawn:{pawn_name(pawn)}", *(f"space:{board.name(space)}" for space in spaces)) if spaces else ()
