"""Drawings of the board and of each tile, in ASCII and SVG, generated from the data.

The text drawing runs from the START (left) to the finishing line (right), one line per
lane (``a`` on the ostriches' left, at the top), so that a long track fits an 80x24
terminal; the SVG drawing runs the same way (START on the left, the finishing line on the
right, lane ``a`` at the top), the dice under the track. Ostriches are their colour letters
(lower case when scared; French letters in French), face-down berries ``*`` (``*c``, with
the token's notation letter a-k, when the seat has peeked at it).

Example:
    >>> print(tile_text("ravine").splitlines()[0])
    The Ravine (ravine)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache
from typing import TYPE_CHECKING

from savanna.core.game import Observation
from savanna.games.banjooli.actions import (
    FACES,
    ChooseSpace,
    MagicFive,
    Move,
    Reroll,
    Spell,
    Step,
    Swap,
    Unspell,
    from_id,
)
from savanna.games.banjooli.board import FINISH, LANE_LETTERS, Board, SpaceKind
from savanna.games.banjooli.components import COLOURS, TileData, load_data
from savanna.games.banjooli.moves import landing
from savanna.games.banjooli.notation import BERRY_LETTERS, colour_name
from savanna.games.banjooli.observation import view
from savanna.games.banjooli.phase import ARRIVED, PHASE_NAMES, UNKNOWN_TOKEN, Phase
from savanna.games.banjooli.rules import MESSAGES

if TYPE_CHECKING:
    from savanna.games.banjooli.state import BanjooliState

__all__ = [
    "TEXT_STYLES",
    "action_paths",
    "action_targets",
    "board_svg",
    "board_text",
    "drawing_legend",
    "legend",
    "people_letters",
    "private_summary",
    "text_styles",
    "tile_svg",
    "tile_text",
]

K = SpaceKind
_GLYPH = {
    K.NEST: "n", K.LAND: ".", K.ROCK: "#", K.QUICKSAND: "~", K.WATER: "w", K.CROCODILE: "c", K.BRIDGE: "=",
    K.RAVINE: " ", K.LAVA: "^", K.VORTEX: "@",
}
"""The character drawing each kind of space in :func:`board_text`."""
_FILL = {
    K.NEST: "#d9c9a3", K.LAND: "#e8d9a8", K.ROCK: "#7d7468", K.QUICKSAND: "#c2a25a", K.WATER: "#5b8fd1",
    K.CROCODILE: "#3d7a3d", K.BRIDGE: "#9b6b3b", K.RAVINE: "#2b2b2b", K.LAVA: "#d4482a", K.VORTEX: "#7b4fa3",
}
"""The colour of each kind of space in :func:`board_svg`."""
_OSTRICH_FILL = {"B": "#2e5cb8", "Y": "#e6c619", "R": "#c62828", "G": "#2e8b3d", "P": "#7b3fa0"}
_CELL = 26
_KINDS = (
    ("nest", K.NEST), ("land", K.LAND), ("rock", K.ROCK), ("quicksand", K.QUICKSAND), ("water", K.WATER),
    ("crocodile", K.CROCODILE), ("bridge", K.BRIDGE), ("ravine", K.RAVINE), ("lava", K.LAVA), ("vortex", K.VORTEX),
)


def legend(lang: str = "en") -> list[tuple[str, str]]:
    """What each symbol of :func:`board_text` means, in ``lang``.

    >>> legend()[4]
    ('#', 'a rock: impassable')
    >>> legend("fr")[0][0]
    'B J R V P'
    """
    letters = _letters(lang)
    symbols = [
        (" ".join(letters), "legend.ostrich"),
        (" ".join(letters.lower()), "legend.scared"),
        *((_GLYPH[kind] if kind != K.RAVINE else "(blank)", f"legend.{name}") for name, kind in _KINDS),
        ("*", "legend.berry"),
        ("*a", "legend.berry_seen"),
        ("a b c d e", "legend.lanes"),
        ("5 10 15", "legend.columns"),
        ("--", "legend.fence"),
        ("|", "legend.line"),
        ("1 2 3", "legend.choice"),
        ("1:B 6:W", "legend.dice"),
    ]
    return [(symbol, MESSAGES.text(key, lang)) for symbol, key in symbols]


def _swatch(width: int, height: int = _CELL) -> ET.Element:
    """An empty small drawing for the drawing's legend (:func:`drawing_legend`)."""
    return ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(width), height=str(height),
                      viewBox=f"0 0 {width} {height}")


def drawing_legend(lang: str = "en") -> list[tuple[str, str]]:
    """What each shape and colour of :func:`board_svg` means, in ``lang``: ``(swatch, meaning)``
    pairs, each swatch a small SVG drawn by the same code as the board.

    >>> [meaning for _, meaning in drawing_legend()][1]
    'a scared ostrich (lower-case letter, white ring): it cannot move until unspelled'
    """
    say = MESSAGES.text
    letters = _letters(lang)
    out: list[tuple[ET.Element, str]] = []
    runners = _swatch(5 * _CELL)
    for i, colour in enumerate(COLOURS):
        _ostrich(runners, i * _CELL, 0, colour, False, letters[i])
    out.append((runners, say("key.ostrich", lang, letters=" ".join(letters))))
    scared = _swatch(_CELL)
    _ostrich(scared, 0, 0, COLOURS[2], True, letters[2])
    out.append((scared, say("key.scared", lang)))
    for name, kind in _KINDS:
        square = _swatch(_CELL)
        _cell(square, 0, 0, kind)
        out.append((square, say(f"legend.{name}", lang)))
    berry = _swatch(_CELL)
    _cell(berry, 0, 0, K.LAND)
    ET.SubElement(berry, "circle", cx=str(_CELL // 2), cy=str(_CELL // 2), r=str(_CELL // 5), fill="#8e1f5c")
    out.append((berry, say("key.berry", lang)))
    line = _swatch(2 * _CELL, 12)
    ET.SubElement(line, "line", x1="0", y1="6", x2=str(2 * _CELL), y2="6", stroke="#000",
                  attrib={"stroke-width": "3", "stroke-dasharray": "6,3"})
    out.append((line, say("key.finish", lang)))
    dice = _swatch(3 * (_CELL + 4), _CELL + 12)
    for i, face in enumerate((FACES.index("B"), FACES.index("W"), -1)):
        _die(dice, i * (_CELL + 4), 0, i, face, lang)
    out.append((dice, say("key.dice", lang)))
    sorcery = _swatch(_CELL + 4, _CELL + 12)
    _die(sorcery, 2, 0, 5, FACES.index("P"), lang)
    out.append((sorcery, say("key.sorcery", lang)))
    for svg, _ in out:  # a swatch is a picture beside its words: no tooltip of its own
        for parent in list(svg.iter()):
            for title in parent.findall("title"):
                parent.remove(title)
    return [(ET.tostring(svg, encoding="unicode"), meaning) for svg, meaning in out]


def _tile_grid(tile: TileData) -> list[list[str | None]]:
    """Rows of a tile (Exit side first), five cells each; ``None`` where a curve lane ended."""
    if tile.kind == "curve":
        height = max(len(lane) for lane in tile.lanes)
        return [[lane[r] if r < len(lane) else None for lane in tile.lanes] for r in range(height)]
    return [list(row) for row in tile.rows]


def tile_text(tile_id: str) -> str:
    """An ASCII drawing of one tile (Finish side at the top).

    Raises:
        KeyError: for an unknown tile id.
    """
    tile = load_data().tile(tile_id)
    sep = "|" if tile.kind == "curve" else " "
    lines = [f"{tile.name} ({tile.id})"]
    for row in reversed(_tile_grid(tile)):
        lines.append("|" + sep.join(" " + ("" if c is None else _GLYPH[c]).ljust(1) + " " for c in row) + "|")
    if tile.kind == "finish":
        lines.append("=" * 21)
    return "\n".join(lines)


def tile_svg(tile_id: str) -> str:
    """An SVG drawing of one tile.

    Raises:
        KeyError: for an unknown tile id.
    """
    tile = load_data().tile(tile_id)
    grid = _tile_grid(tile) or [[None] * 5]
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(5 * _CELL), height=str(len(grid) * _CELL))
    ET.SubElement(svg, "title").text = tile.name
    for r, row in enumerate(reversed(grid)):
        for lane, code in enumerate(row):
            if code is not None:
                _cell(svg, lane * _CELL, r * _CELL, code)
    if tile.kind == "finish":
        ET.SubElement(svg, "line", x1="0", y1=str(_CELL // 2), x2=str(5 * _CELL), y2=str(_CELL // 2),
                      stroke="#000", attrib={"stroke-width": "3", "stroke-dasharray": "6,3"})
    return ET.tostring(svg, encoding="unicode")


def _cell(svg: ET.Element, x: int, y: int, code: str) -> ET.Element:
    return ET.SubElement(svg, "rect", x=str(x), y=str(y), width=str(_CELL), height=str(_CELL),
                         fill=_FILL[code], stroke="#555", attrib={"stroke-width": "1"})


def _layout_rows(board: Board) -> tuple[int, dict[int, tuple[int, int]]]:
    """Total drawn columns and, for each space, its (column from the START, lane from the
    top) in the SVG drawing: the same orientation as :func:`board_text` (START on the left,
    the finishing line on the right, lane ``a`` at the top)."""
    return board.columns, {s: (board.column(s), board.lane[s]) for s in range(board.size)}


_TOP = 4
"""Room above lane ``a`` in the SVG drawing."""
_ARRIVALS = ("first", "second", "third")
_GAP = 1
"""Characters between two columns of the drawn track."""


def _letters(lang: str) -> str:
    """The ostriches' letters as people read them in ``lang`` (``BJRVP`` in French)."""
    return MESSAGES.text("letters.ostriches", lang)


def people_letters(text: str, lang: str) -> str:
    """Notation colour letters in ``text`` as people read them in ``lang`` (``Y`` → ``J``).

    >>> people_letters("R G P B", "fr")
    'R V P B'
    """
    table = str.maketrans(COLOURS, _letters(lang))
    return text.translate(table)


def _glyphs(observation: Observation, board: Board, lang: str) -> dict[int, str]:
    """What stands on each space that is not bare ground: ostriches, berries, choices."""
    d = view(observation)
    letters = _letters(lang)
    marks: dict[int, str] = {}
    if d["phase"] == PHASE_NAMES[Phase.SPACE] and d["seat"] == d["to_act"]:
        for i, space in enumerate(d["choices"][:9]):
            marks[space] = str(i + 1)  # the spaces the seat may choose, as the choices number them
    for space, token in d["berries"]:
        marks[space] = "*" if token == UNKNOWN_TOKEN else "*" + BERRY_LETTERS[token]
    for o, p in enumerate(d["pos"]):
        if p != ARRIVED:
            marks[p] = letters[o].lower() if d["scared"][o] else letters[o]
    return marks


def board_text(observation: Observation, lang: str = "en") -> str:
    """An ASCII drawing of the race as ``observation`` shows it, at most 80 columns wide.

    The track runs from the START (left) to the finishing line (right), one text line per
    lane: ``a`` is the ostriches' left, ``e`` their right. The ruler numbers the columns
    from the start, so that a space has a name people can find (``c12``); in a bend, a
    line of ``-`` between two lanes is the fence. Under the track: the dice, numbered as
    ``reroll`` numbers them, and the seat's Prediction card with what each slot is worth.
    """
    d = view(observation)
    say = MESSAGES.text
    if not d["layout"]:
        return say("draw.setup", lang)
    board = Board.build(tuple(d["layout"]))
    data = load_data()
    width = board.columns
    cells: list[list[str]] = [[" "] * width for _ in range(5)]
    for s in range(board.size):
        cells[board.lane[s]][board.column(s)] = _GLYPH[board.kind[s]]
    for space, mark in _glyphs(observation, board, lang).items():
        cells[board.lane[space]][board.column(space)] = mark
    # Column c of the track is drawn at x = 2c + 3 ("a n|" then " ." per column); the
    # finishing line is the "|" after the last column.
    def x_of(column: int) -> int:
        return 2 * column + 3

    bar = x_of(width - 1) + 1
    header = [" "] * bar
    for t, tile_id in enumerate(board.tiles, start=1):
        columns = [board.column(s) for s in range(board.size) if board.tile[s] == t]
        first, last = min(columns), max(columns)
        name = say(f"tile.{tile_id}", lang)[: 2 * (last - first) + 1]
        header[x_of(first) : x_of(first) + len(name)] = list(name)
    lines = ["".join(header) + "| " + say("draw.finish", lang)]
    start = say("draw.start", lang)
    ruler = list(start.ljust(bar))
    for c in range(5, width, 5):
        if x_of(c) > len(start):
            ruler[x_of(c) : x_of(c) + len(str(c))] = list(str(c))
    lines.append("".join(ruler).rstrip())
    letters = _letters(lang)
    arrived = [say(f"draw.{_ARRIVALS[i]}", lang) + " " + letters[o] for i, o in enumerate(d["arrived"])]
    # A fence runs between two lanes wherever either of them is inside a bend.
    fenced = [[False] * width for _ in range(4)]
    for s in range(board.size):
        lane, column = board.lane[s], board.column(s)
        if board.fenced[s]:
            for gap in (lane - 1, lane):
                if 0 <= gap < 4:
                    fenced[gap][column] = True
    bends = any(any(row) for row in fenced)
    for lane in range(5):
        row = cells[lane]
        track = "".join(" " + cell if len(cell) == 1 else cell for cell in row[1:])
        tail = f" {arrived[lane]}" if lane < len(arrived) else ""
        lines.append(f"{LANE_LETTERS[lane]} {row[0]}|{track.ljust(bar - 4)}|{tail}".rstrip())
        if lane < 4 and bends:
            lines.append(("    " + "".join("--" if fenced[lane][c] else "  " for c in range(1, width))).rstrip())
    dice = d["dice"]
    shown = [letters[f] if 0 <= f < 5 else ("W" if f == 5 else ".") for f in dice]
    movement = " ".join(f"{i + 1}:{shown[i]}" for i in range(5))
    lines.append(
        say("draw.dice", lang, movement=movement, sorcery=f"6:{shown[5]}", turn=d["turn"] + 1)
    )
    if d["card"] >= 0:
        order = [letters[COLOURS.index(x)] for x in data.cards[d["card"]].order]
        lines.append(say("draw.card", lang, first=order[0], second=order[1], third=order[2], last=order[3]))
    if d.get("lion"):
        lines.append(say("draw.lion", lang, steps=d["lion"]))
    return "\n".join(lines)


def format_total(total: float) -> str:
    """A total without a useless ``.0``."""
    return str(int(total)) if float(total).is_integer() else str(total)


def board_svg(observation: Observation, lang: str = "en", players: int = 2) -> str:
    """An SVG drawing of the race as ``observation`` shows it, with the dice under the track;
    its words and the ostriches' letters in ``lang`` (``J`` and ``V`` in French).

    Elements a seat's action can point at carry a ``data-target`` key (see
    :func:`action_targets`): ``space:N`` for each space, ``ostrich:C`` for each running
    ostrich, ``die:1`` to ``die:6`` for the dice (6 is the sorcery die), ``finish`` for the line.
    ``players``: how many seats play (each seat's picked berries are counted for the page).
    """
    d = view(observation)
    if not d["layout"]:
        svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width="130", height="30")
        svg.set("width", "360")
        ET.SubElement(svg, "text", x="4", y="20").text = MESSAGES.text("draw.setup", lang)
        return ET.tostring(svg, encoding="unicode")
    head, total, where = _static_board(tuple(d["layout"]))
    top = _TOP
    letters = _letters(lang)
    layer = ET.Element("g")
    # Arrived ostriches stand past the finishing line, one per lane row, first at the top.
    for i, o in enumerate(d["arrived"]):
        _ostrich(layer, (total + 1) * _CELL - _CELL // 2 + 4, top + i * _CELL, COLOURS[o], False, letters[o])
    under = top + 5 * _CELL + _CELL // 2
    if d.get("lion"):
        ET.SubElement(layer, "text", x=str(6 * (_CELL + 4) + 16), y=str(under + _CELL // 2 + 5)).text = MESSAGES.text(
            "draw.lion", lang, steps=d["lion"])
    # Berries the page sends to their picker: each seat's picked berries (data-counts), each
    # from the face-down berry that is gone (data-source, keyed by its space).
    counts = [sum(1 for _, seat in d["picked"] if seat == s) for s in range(players)]
    ET.SubElement(layer, "g", attrib={"data-purse": "berries", "data-token": "berry",
                                      "data-counts": " ".join(map(str, counts))})
    for space, token in d["berries"]:
        column, lane = where[space]
        circle = ET.SubElement(layer, "circle", cx=str(column * _CELL + _CELL // 2),
                               cy=str(top + lane * _CELL + _CELL // 2), r=str(_CELL // 5), fill="#8e1f5c",
                               attrib={"pointer-events": "none", "data-source": "berries", "data-key": str(space)})
        if token >= 0:
            ET.SubElement(circle, "title").text = load_data().berries[token].name
    for o, p in enumerate(d["pos"]):
        if p != ARRIVED:
            column, lane = where[p]
            _ostrich(layer, column * _CELL, top + lane * _CELL, COLOURS[o], bool(d["scared"][o]), letters[o]).set(
                "data-target", f"ostrich:{COLOURS[o]}"
            )
    for i, face in enumerate(d["dice"]):
        _die(layer, i * (_CELL + 4) + (6 if i == 5 else 0), under, i, face, lang)
    return head + ET.tostring(layer, encoding="unicode") + "</svg>"


@lru_cache(maxsize=256)
def _static_board(layout: tuple[str, ...]) -> tuple[str, int, dict[int, tuple[int, int]]]:
    """The unchanging part of a board's drawing (its spaces), as the opening of the SVG text,
    with the number of drawn rows and where each space is drawn (drawn once per layout)."""
    board = Board.build(layout)
    total, where = _layout_rows(board)
    top = _TOP
    line = total * _CELL + 2
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str((total + 2) * _CELL),
                     height=str(top + 7 * _CELL + 16))
    ET.SubElement(svg, "title").text = "Banjooli Xeet"
    ET.SubElement(svg, "rect", x=str(line), y=str(top), width=str(_CELL + _CELL // 2), height=str(5 * _CELL),
                  fill="none", attrib={"data-target": "finish", "pointer-events": "all"})
    ET.SubElement(svg, "line", x1=str(line), y1=str(top), x2=str(line), y2=str(top + 5 * _CELL), stroke="#000",
                  attrib={"stroke-width": "3", "stroke-dasharray": "6,3"})
    for s, (column, lane) in where.items():
        _cell(svg, column * _CELL, top + lane * _CELL, board.kind[s]).set("data-target", f"space:{s}")
    text = ET.tostring(svg, encoding="unicode")
    return text[: -len("</svg>")], total, where


_DIE_FILL = {**_OSTRICH_FILL, "W": "#ffffff"}


def _die(svg: ET.Element, x: int, y: int, index: int, face: int, lang: str) -> None:
    """Die ``index`` (0-4 movement, 5 sorcery) showing ``face`` (a colour, white, or not rolled)."""
    group = ET.SubElement(svg, "g", attrib={"data-target": f"die:{index + 1}"})
    letter = FACES[face] if face >= 0 else ""
    shown = people_letters(letter, lang)
    ET.SubElement(group, "title").text = MESSAGES.text("draw.die", lang, n=index + 1, face=shown or "-")
    ET.SubElement(group, "rect", x=str(x + 1), y=str(y + 1), width=str(_CELL - 2), height=str(_CELL - 2),
                  rx="5", fill=_DIE_FILL.get(letter, "#f4ecd8"), stroke="#222",
                  attrib={"stroke-width": "2" if index == 5 else "1", "stroke-dasharray": "3,2" if index == 5 else ""})
    text = ET.SubElement(group, "text", x=str(x + _CELL // 2), y=str(y + _CELL // 2 + 5),
                         fill="#000" if letter in ("W", "Y", "") else "#fff",
                         attrib={"text-anchor": "middle", "font-size": "13", "font-weight": "bold",
                                 "font-family": "sans-serif"})
    text.text = shown or "·"
    label = ET.SubElement(svg, "text", x=str(x + _CELL // 2), y=str(y + _CELL + 11), fill="#555",
                          attrib={"text-anchor": "middle", "font-size": "9", "font-family": "sans-serif"})
    label.text = str(index + 1)


def _ostrich(svg: ET.Element, x: int, y: int, letter: str, scared: bool, shown: str) -> ET.Element:
    """Ostrich ``letter`` (its notation colour) drawn with the letter people read, ``shown``."""
    half = _CELL // 2
    group = ET.SubElement(svg, "g")
    ET.SubElement(group, "circle", cx=str(x + half), cy=str(y + half), r=str(half - 3), fill=_OSTRICH_FILL[letter],
                  stroke="#000" if not scared else "#fff", attrib={"stroke-width": "2" if scared else "1"})
    label = ET.SubElement(group, "text", x=str(x + half), y=str(y + half + 4), fill="#fff",
                          attrib={"text-anchor": "middle", "font-size": "12", "font-family": "sans-serif"})
    label.text = shown.lower() if scared else shown
    return group


def private_summary(observation: Observation, lang: str = "en") -> list[str]:
    """The seat's Prediction and the berries it has peeked at, in sentences (its secrets)."""
    d = view(observation)
    say = MESSAGES.text
    lines = []
    if d["card"] >= 0:
        order = [colour_name(COLOURS.index(c), lang) for c in load_data().cards[d["card"]].order]
        lines.append(say("private.card", lang, card=d["card"] + 1, first=order[0], second=order[1],
                         third=order[2], last=order[3]))
    board = Board.build(tuple(d["layout"])) if d["layout"] else None
    for space, token in d["berries"]:
        if token >= 0:
            berry = load_data().berries[token]
            # The space as the drawings name it (``c12``), not its internal number.
            where = board.label(space) if board is not None else str(space)
            lines.append(say("private.berry", lang, space=where, berry=berry.name, letter=BERRY_LETTERS[token],
                             meaning=berry.meaning_fr if lang == "fr" else berry.meaning))
    return lines


def action_targets(state: BanjooliState, action: int) -> tuple[str, ...]:
    """The ``data-target`` keys of :func:`board_svg` that the seat action ``action`` points at."""
    if state.current_player() < 0:
        return ()
    value = from_id(action)
    if isinstance(value, Reroll):
        return tuple(f"die:{i + 1}" for i in value.dice)
    if isinstance(value, Move | MagicFive | Spell | Unspell | Swap):
        return (f"ostrich:{COLOURS[value.ostrich]}",)
    if isinstance(value, Step):
        target = landing(state, state.pos[state.mover], value.direction)
        if target == FINISH:
            return ("finish",)
        return (f"space:{target}",) if target >= 0 else ()
    if isinstance(value, ChooseSpace):
        return (f"space:{value.space}",)
    return ()


_PATH_BUDGET = 600
"""The most positions :func:`action_paths` looks at for one action (forks multiply paths)."""


def action_paths(state: BanjooliState, action: int) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
    """Where a move (or keeping the dice, then a move) takes its ostrich: ``(via, end, then)``
    with ``via`` the ostrich's key, ``end`` the key of the square it stops on (``finish`` once
    arrived) and ``then`` the seat's actions after ``action`` that get it there (the move
    after ``keep``, the steps at each fork). A path stops where the seat's next decision is
    not a step (a choice of space, a swap) or chance acts; each end is listed once."""
    seat = state.current_player()
    if seat < 0:
        return ()
    value = from_id(action)
    budget = [_PATH_BUDGET]
    out: list[tuple[str, str, tuple[int, ...]]] = []
    if isinstance(value, Reroll) and not value.mask:
        kept = state.clone()
        kept.apply(action)
        if kept.current_player() != seat:
            return ()
        for move in kept.legal_actions():
            if isinstance(from_id(move), Move | MagicFive):
                out.extend((via, end, (move, *then)) for via, end, then in _ends(kept, move, seat, budget))
        return tuple(out)
    if isinstance(value, Move | MagicFive):
        return tuple(_ends(state, action, seat, budget))
    return ()


def _ends(state: BanjooliState, move: int, seat: int, budget: list[int]) -> list[tuple[str, str, tuple[int, ...]]]:
    """The squares ``move`` can stop its ostrich on, each with the first steps reaching it."""
    ostrich = from_id(move).ostrich  # type: ignore[union-attr]
    via = f"ostrich:{COLOURS[ostrich]}"
    found: dict[str, tuple[int, ...]] = {}

    def walk(position: BanjooliState, steps: tuple[int, ...]) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        if position.current_player() == seat and position.phase == Phase.STEP:
            for step in position.legal_actions():
                after = position.clone()
                after.apply(step)
                walk(after, (*steps, step))
            return
        at = position.pos[ostrich]
        found.setdefault("finish" if at == ARRIVED else f"space:{at}", steps)

    first = state.clone()
    first.apply(move)
    walk(first, ())
    return [(via, end, then) for end, then in found.items()]


def plays_itself(state: BanjooliState, action: int) -> bool:
    """A step where the path does not fork (the one legal action) plays itself."""
    return state.current_player() >= 0 and isinstance(from_id(action), Step) and len(state.legal_actions()) == 1


TEXT_STYLES: tuple[tuple[str, str], ...] = (
    (r"#", "grey50"),
    (r"~", "yellow"),
    (r"\^", "bold red"),
    (r"@", "bold magenta"),
    (r"(?<= )w(?= )", "blue"),
    (r"(?<= )c(?= )", "green"),
    (r"(?<= )=(?= )", "dark_orange3"),
    (r"\*[a-k]?", "bold bright_magenta"),
    (r"(?<=[ |])B(?=[ |\n]|$)", "bold bright_white on blue"),
    (r"(?<=[ |])[YJ](?=[ |\n]|$)", "bold black on yellow"),
    (r"(?<=[ |])R(?=[ |\n]|$)", "bold bright_white on red"),
    (r"(?<=[ |])[GV](?=[ |\n]|$)", "bold bright_white on green"),
    (r"(?<=[ |])P(?=[ |\n]|$)", "bold bright_white on magenta"),
    (r"(?<= )b(?= )", "italic blue"),
    (r"(?<= )[yj](?= )", "italic yellow"),
    (r"(?<= )r(?= )", "italic red"),
    (r"(?<= )[gv](?= )", "italic green"),
    (r"(?<= )p(?= )", "italic magenta"),
)
"""Terminal colours of :func:`board_text`: running ostriches as solid tokens of their colour,
scared ones (lower case) in italic outline colour, rocks grey, quicksand yellow, lava red,
the vortex and berries magenta."""


def text_styles(lang: str = "en") -> list[tuple[str, str]]:
    """The terminal colours of :func:`board_text` (:data:`TEXT_STYLES`; the same in every language)."""
    return list(TEXT_STYLES)
