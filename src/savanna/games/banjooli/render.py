"""Drawings of the board and of each tile, in ASCII and SVG, generated from the data.

The Finish line is at the top and the Exit at the bottom; lane 0 is on the left. Ostriches
are their colour letters (lower case when scared), face-down berries ``*`` (``[c]``, the
token's notation letter a-k, when the seat has peeked at it).

Example:
    >>> print(tile_text("ravine").splitlines()[0])
    The Ravine (ravine)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from savanna.core.display import ScoreSheet
from savanna.core.game import Observation
from savanna.games.banjooli.actions import FACES
from savanna.games.banjooli.board import Board, SpaceKind
from savanna.games.banjooli.components import COLOURS, TileData, load_data
from savanna.games.banjooli.notation import BERRY_LETTERS
from savanna.games.banjooli.observation import view
from savanna.games.banjooli.phase import ARRIVED, UNKNOWN_TOKEN
from savanna.games.banjooli.rules import MESSAGES

__all__ = [
    "TEXT_STYLES",
    "board_svg",
    "board_text",
    "legend",
    "score_lines",
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
_LEGEND = (
    ("B Y R G P", "legend.ostrich"),
    ("b y r g p", "legend.scared"),
    *((_GLYPH[kind] if kind != K.RAVINE else "(blank)", f"legend.{name}") for name, kind in (
        ("nest", K.NEST), ("land", K.LAND), ("rock", K.ROCK), ("quicksand", K.QUICKSAND), ("water", K.WATER),
        ("crocodile", K.CROCODILE), ("bridge", K.BRIDGE), ("ravine", K.RAVINE), ("lava", K.LAVA),
        ("vortex", K.VORTEX),
    )),
    ("*", "legend.berry"),
    ("[a]", "legend.berry_seen"),
)
"""The symbols of :func:`board_text` and the catalogue key of each meaning."""


def legend(lang: str = "en") -> list[tuple[str, str]]:
    """What each symbol of :func:`board_text` means, in ``lang``.

    >>> legend()[4]
    ('#', 'a rock: impassable')
    """
    return [(symbol, MESSAGES.text(key, lang)) for symbol, key in _LEGEND]


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


def _cell(svg: ET.Element, x: int, y: int, code: str) -> None:
    ET.SubElement(svg, "rect", x=str(x), y=str(y), width=str(_CELL), height=str(_CELL),
                  fill=_FILL[code], stroke="#555", attrib={"stroke-width": "1"})


def _layout_rows(board: Board) -> tuple[int, dict[int, tuple[int, int]]]:
    """Total drawn rows and, for each space, its (lane, row from the top)."""
    data = load_data()
    heights = [1] + [len(_tile_grid(data.tile(t))) for t in board.tiles]
    offsets = [sum(heights[:i]) for i in range(len(heights))]
    total = sum(heights)
    where = {}
    for s in range(board.size):
        where[s] = (board.lane[s], total - 1 - (offsets[board.tile[s]] + board.row[s]))
    return total, where


def _marks(observation: Observation) -> dict[int, str]:
    d = view(observation)
    marks: dict[int, str] = {}
    for space, token in d["berries"]:
        marks[space] = " * " if token == UNKNOWN_TOKEN else f"[{BERRY_LETTERS[token]}]"
    for o, p in enumerate(d["pos"]):
        if p != ARRIVED:
            marks[p] = " " + (COLOURS[o].lower() if d["scared"][o] else COLOURS[o]) + " "
    return marks


def board_text(observation: Observation, lang: str = "en", sheets: Sequence[ScoreSheet] | None = None) -> str:
    """An ASCII drawing of the race as ``observation`` shows it (fits 80 columns).

    ``sheets`` (the final score sheets) are worked out under the board at the end.
    """
    d = view(observation)
    if not d["layout"]:
        return f"banjooli — {d['phase']}"
    board = Board.build(tuple(d["layout"]))
    total, where = _layout_rows(board)
    grid = [["   "] * 5 for _ in range(total)]
    marks = _marks(observation)
    for s, (lane, row) in where.items():
        grid[row][lane] = marks.get(s, f" {_GLYPH[board.kind[s]]} ")
    arrived = " ".join(f"{i + 1}.{COLOURS[o]}" for i, o in enumerate(d["arrived"])) or "-"
    say = MESSAGES.text
    lines = [f"== {say('draw.finish', lang)} ==  {say('draw.arrived', lang)}: {arrived}"]
    tile_names = ["exit", *board.tiles]
    row_tile = {row: board.tile[s] for s, (_, row) in where.items()}
    for r, cells in enumerate(grid):
        t = row_tile.get(r, 0)
        fence = "|" if load_data().tile(tile_names[t]).kind == "curve" else " "
        lines.append(f"{tile_names[t][:10]:>10} |" + fence.join(cells) + "|")
    dice = "".join("." if f < 0 else FACES[f] for f in d["dice"])
    colon = " :" if lang == "fr" else ":"
    # The Exit row above already names the Exit: this line carries the dice, numbered as
    # the reroll notation numbers them (1-5 movement, 6 sorcery), and the turn.
    lines.append(say("draw.dice", lang, colon=colon, movement=dice[:5], sorcery=dice[5], turn=d["turn"]))
    if d["card"] >= 0:
        lines.append(say("draw.card", lang, colon=colon, order=" ".join(load_data().cards[d["card"]].order)))
    if d.get("lion"):
        lines.append(say("draw.lion", lang, steps=d["lion"]))
    if sheets:
        lines.extend(score_lines(sheets, lang))
    return "\n".join(lines)


def score_lines(sheets: Sequence[ScoreSheet], lang: str = "en") -> list[str]:
    """The revealed Predictions and the scoring worked out line by line, one seat a line pair.

    Example:
        >>> from savanna.core.display import Label, ScoreLine, ScoreSheet
        >>> lines = [ScoreLine(Label("score.card", {"card": 3, "order": "R G P B"}), None)] + [
        ...     ScoreLine(Label(key), points) for key, points in
        ...     [("score.first", 5), ("score.second", 0), ("score.third", 3)]] + [
        ...     ScoreLine(Label("score.misplaced", {"count": 1}), 2), ScoreLine(Label("score.last_right"), 10),
        ...     ScoreLine(Label("score.oor", {"count": 1}), 2)]
        >>> print("\\n".join(score_lines([ScoreSheet(0, tuple(lines), 22, 0)])))
        == Predictions revealed ==
        seat 1  card 3: R G P B
          1st 5 + 2nd 0 + 3rd 3 + misplaced 2 = 10; last x2 = 20; Oor +2; total 22
    """
    say = MESSAGES.text
    out = [f"== {say('draw.revealed', lang)} =="]
    for sheet in sheets:
        if not sheet.lines:
            continue
        card, first, second, third, misplaced, last, oor = sheet.lines
        points = [int(line.points or 0) for line in (first, second, third, misplaced)]
        base = sum(points)
        # Seats are shown from 1, as every interface numbers players.
        out.append(say("draw.seat", lang, seat=sheet.seat + 1, **card.label.fields))
        work = say("draw.sum", lang, first=points[0], second=points[1], third=points[2], misplaced=points[3], base=base)
        if last.label.key == "score.last_right":
            work += "; " + say("draw.last_right", lang, doubled=2 * base)
        else:
            work += "; " + say("draw.last_wrong", lang)
        if oor.points:
            work += "; " + say("draw.oor", lang, points=int(oor.points))
        out.append(f"{work}; {say('draw.total', lang, total=format_total(sheet.total))}")
    return out


def format_total(total: float) -> str:
    """A total without a useless ``.0``."""
    return str(int(total)) if float(total).is_integer() else str(total)


def board_svg(observation: Observation) -> str:
    """An SVG drawing of the race as ``observation`` shows it."""
    d = view(observation)
    if not d["layout"]:
        svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width="130", height="30")
        ET.SubElement(svg, "text", x="4", y="20").text = f"banjooli — {d['phase']}"
        return ET.tostring(svg, encoding="unicode")
    board = Board.build(tuple(d["layout"]))
    total, where = _layout_rows(board)
    top = _CELL
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(5 * _CELL + 80),
                     height=str((total + 2) * _CELL))
    ET.SubElement(svg, "title").text = "Banjooli Xeet"
    ET.SubElement(svg, "line", x1="0", y1=str(top - 2), x2=str(5 * _CELL), y2=str(top - 2), stroke="#000",
                  attrib={"stroke-width": "3", "stroke-dasharray": "6,3"})
    for i, o in enumerate(d["arrived"]):
        _ostrich(svg, 5 * _CELL + 10 + i * _CELL, 0, COLOURS[o], False)
    if d.get("lion"):
        ET.SubElement(svg, "text", x=str(5 * _CELL + 10), y=str(2 * _CELL)).text = f"lion {d['lion']}"
    for s, (lane, row) in where.items():
        _cell(svg, lane * _CELL, top + row * _CELL, board.kind[s])
    for space, token in d["berries"]:
        lane, row = where[space]
        circle = ET.SubElement(svg, "circle", cx=str(lane * _CELL + _CELL // 2), cy=str(top + row * _CELL + _CELL // 2),
                               r=str(_CELL // 5), fill="#8e1f5c")
        if token >= 0:
            ET.SubElement(circle, "title").text = load_data().berries[token].name
    for o, p in enumerate(d["pos"]):
        if p != ARRIVED:
            lane, row = where[p]
            _ostrich(svg, lane * _CELL, top + row * _CELL, COLOURS[o], bool(d["scared"][o]))
    return ET.tostring(svg, encoding="unicode")


def _ostrich(svg: ET.Element, x: int, y: int, letter: str, scared: bool) -> None:
    half = _CELL // 2
    ET.SubElement(svg, "circle", cx=str(x + half), cy=str(y + half), r=str(half - 3), fill=_OSTRICH_FILL[letter],
                  stroke="#000" if not scared else "#fff", attrib={"stroke-width": "2" if scared else "1"})
    label = ET.SubElement(svg, "text", x=str(x + half), y=str(y + half + 4), fill="#fff",
                          attrib={"text-anchor": "middle", "font-size": "12", "font-family": "sans-serif"})
    label.text = letter.lower() if scared else letter


TEXT_STYLES: tuple[tuple[str, str], ...] = (
    (r"#", "grey50"),
    (r"~", "yellow"),
    (r"\^", "bold red"),
    (r"@", "bold magenta"),
    (r"(?<= )w(?= )", "blue"),
    (r"(?<= )c(?= )", "green"),
    (r"(?<= )=(?= )", "dark_orange3"),
    (r"\*|\[[a-k]\]", "bold bright_magenta"),
    (r"(?<=[ .])B(?=[ .\n]|$)", "bold bright_white on blue"),
    (r"(?<=[ .])Y(?=[ .\n]|$)", "bold black on yellow"),
    (r"(?<=[ .])R(?=[ .\n]|$)", "bold bright_white on red"),
    (r"(?<=[ .])G(?=[ .\n]|$)", "bold bright_white on green"),
    (r"(?<=[ .])P(?=[ .\n]|$)", "bold bright_white on magenta"),
    (r"(?<= )b(?= )", "italic blue"),
    (r"(?<= )y(?= )", "italic yellow"),
    (r"(?<= )r(?= )", "italic red"),
    (r"(?<= )g(?= )", "italic green"),
    (r"(?<= )p(?= )", "italic magenta"),
)
"""Terminal colours of :func:`board_text`: running ostriches as solid tokens of their colour,
scared ones (lower case) in italic outline colour, rocks grey, quicksand yellow, lava red,
the vortex and berries magenta."""


def text_styles(lang: str = "en") -> list[tuple[str, str]]:
    """The terminal colours of :func:`board_text` (:data:`TEXT_STYLES`; the same in every language)."""
    return list(TEXT_STYLES)
