"""Drawings of the Hyena game's spiral: plain text and SVG, from an observation.

The track is a square spiral generated from the length: the well is the centre, the
village the outer end, one cell per hole. Both drawings are pure functions of the
observation (nothing else draws the board).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET

from savanna.core.game import Observation
from savanna.games.hyena.actions import BANK, MOVE, PAY, THROW
from savanna.games.hyena.observation import HyenaView, view
from savanna.games.hyena.rules import MESSAGES

if TYPE_CHECKING:
    from savanna.games.hyena.state import HyenaState

__all__ = [
    "SEAT_STYLES",
    "action_targets",
    "drawing_legend",
    "legend",
    "private_summary",
    "render_svg",
    "render_text",
    "spiral",
    "text_styles",
]

_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf")
def legend(lang: str = "en") -> list[tuple[str, str]]:
    """What each symbol of :func:`render_text` means, in ``lang``.

    >>> legend()[0]
    ('V', 'the village, where every mother starts and comes home')
    """
    symbols = (
        ("V", "village"),
        ("W", "well"),
        ("1 2 3 4 5 6", "mother"),
        ("H", "hyena"),
        (".", "hole"),
        ("1,2", "two"),
        ("1,+", "crowd"),
        ("- |", "track"),
    )
    return [(symbol, MESSAGES.text(f"legend.{key}", lang)) for symbol, key in symbols]


def _swatch(width: int, height: int = 30) -> ET.Element:
    """An empty small drawing for :func:`drawing_legend`."""
    return ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": str(width), "height": str(height),
                              "viewBox": f"0 0 {width} {height}", "font-family": "sans-serif", "font-size": "11"})


def _disc(svg: ET.Element, x: int, y: int, token: str, colour: str, radius: int = 6, size: int = 8) -> None:
    """A piece as :func:`render_svg` draws it: a disc of ``colour`` with ``token`` on it."""
    ET.SubElement(svg, "circle", {"cx": str(x), "cy": str(y), "r": str(radius), "fill": colour})
    text = ET.SubElement(svg, "text", {"x": str(x), "y": str(y + size // 2 - 1), "text-anchor": "middle",
                                       "fill": "#ffffff", "font-size": str(size)})
    text.text = token


def drawing_legend(lang: str = "en", players: int = 2, sticks: int = 3) -> list[tuple[str, str]]:
    """What each shape and colour of :func:`render_svg` means, in ``lang``: ``(swatch, meaning)``
    pairs, each swatch a small SVG drawn as the spiral draws it (``players`` mothers,
    ``sticks`` sticks).

    >>> drawing_legend()[0][1]
    'the village, where every mother starts and comes home'
    """

    def say(key: str, **fields: object) -> str:
        return MESSAGES.text(key, lang, **fields)

    out: list[tuple[ET.Element, str]] = []
    for letter, fill, key in (("V", "#e8d9b5", "village"), ("W", "#8cb4d8", "well")):
        place = _swatch(30)
        ET.SubElement(place, "circle", {"cx": "15", "cy": "15", "r": "13", "fill": fill, "stroke": "#7a6440"})
        ET.SubElement(place, "text", {"x": "15", "y": "19", "text-anchor": "middle"}).text = letter
        out.append((place, say(f"legend.{key}")))
    holes = _swatch(60)
    ET.SubElement(holes, "polyline", {"points": "6,15 54,15", "fill": "none", "stroke": "#c8b28a", "stroke-width": "3"})
    for x in (10, 30, 50):
        ET.SubElement(holes, "circle", {"cx": str(x), "cy": "15", "r": "6", "fill": "#e8d9b5", "stroke": "#7a6440"})
    out.append((holes, say("key.holes")))
    mothers = _swatch(20 * players)
    for seat in range(players):
        _disc(mothers, 10 + 20 * seat, 15, str(seat + 1), _COLOURS[seat], radius=8, size=10)
    out.append((mothers, say("key.mother")))
    hyena = _swatch(30)
    _disc(hyena, 15, 15, "H", "#000000", radius=8, size=10)
    out.append((hyena, say("key.hyena")))
    thrown = _swatch(16 * sticks + 8, 34)
    for i in range(sticks):
        fill = "#fbfaf4" if i < (sticks + 1) // 2 else "#8a5a2b"
        ET.SubElement(thrown, "rect", {"x": str(4 + 16 * i), "y": "4", "width": "8", "height": "26", "rx": "3",
                                       "fill": fill, "stroke": "#5a3a1b"})
    out.append((thrown, say("key.sticks")))
    unthrown = _swatch(16 * sticks + 8, 34)
    for i in range(sticks):
        ET.SubElement(unthrown, "rect", {"x": str(4 + 16 * i), "y": "4", "width": "8", "height": "26", "rx": "3",
                                         "fill": "#c9b48f", "stroke": "#5a3a1b"})
    out.append((unthrown, say("key.unthrown")))
    chip = _swatch(40, 36)
    ET.SubElement(chip, "rect", {"x": "1", "y": "1", "width": "38", "height": "34", "rx": "4", "fill": "#f4ecd8",
                                 "stroke": _COLOURS[0]})
    ET.SubElement(chip, "text", {"x": "20", "y": "15", "text-anchor": "middle"}).text = "1"
    ET.SubElement(chip, "text", {"x": "20", "y": "30", "text-anchor": "middle", "font-weight": "bold"}).text = "4"
    out.append((chip, say("key.tabas")))
    return [(ET.tostring(svg, encoding="unicode"), meaning) for svg, meaning in out]


def spiral(length: int) -> list[tuple[int, int]]:
    """Grid cells ``(row, col)`` of holes ``0..length``: hole 0 the village, ``length`` the well.

    >>> spiral(3)
    [(1, 0), (1, 1), (0, 1), (0, 0)]
    """
    cells = [(0, 0)]
    row = col = 0
    steps = 1
    directions = ((0, 1), (1, 0), (0, -1), (-1, 0))
    turn = 0
    while len(cells) < length + 1:
        for _ in range(2):
            dr, dc = directions[turn % 4]
            for _ in range(steps):
                row, col = row + dr, col + dc
                cells.append((row, col))
            turn += 1
        steps += 1
    cells = cells[: length + 1]
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return [(r - top, c - left) for r, c in reversed(cells)]


def _pieces(data: HyenaView) -> dict[int, list[str]]:
    """Hole → labels of the pieces standing on the track there (1-based seats, H)."""
    on: dict[int, list[str]] = {}
    for seat, mother in enumerate(data["mothers"]):
        if mother["phase"] in "OWB":
            on.setdefault(mother["hole"], []).append(str(seat + 1))
    hyena = data["hyena"]
    if hyena is not None and hyena["phase"] in "OWB":
        on.setdefault(hyena["hole"], []).append("H")
    return on


def _info_lines(observation: Observation, lang: str = "en", worth: Sequence[str] = ()) -> list[str]:
    """The lines under or beside the spiral: the ruleset, each seat, the hyena, the turn."""

    def words(key: str, **fields: object) -> str:
        return MESSAGES.text(f"draw.{key}", lang, **fields)

    data = view(observation)
    length = int(data["length"])
    rules = MESSAGES.text(f"ruleset.{data['rules']}", lang) if f"ruleset.{data['rules']}" in MESSAGES else data["rules"]
    info = [words("title", rules=rules, length=length)]
    for seat, mother in enumerate(data["mothers"]):
        where = words(mother["phase"], h=mother["hole"])
        info.append(words("seat", s=seat + 1, where=where, t=mother["tabas"]))
    hyena = data["hyena"]
    if hyena is None:
        info.append(words("none"))
    else:
        where = words("hyena_" + hyena["phase"], h=hyena["hole"])
        info.append(words("hyena", s=hyena["owner"] + 1, where=where))
    if data["home"]:
        info.append(words("home", seats=", ".join(str(s + 1) for s in data["home"])))
    if data["stage"] == "over":
        info.append(words("over"))
    elif data["stage"] == "first":
        info.append(words("first"))
    else:
        throw = data["throw"]
        value = worth[throw] if data["stage"] == "decide" and 0 <= throw < len(worth) else ""
        stage = words(data["stage"], w=throw, worth=value)
        info.append(words("turn", s=data["turn"] + 1, stage=stage))
    return info


def render_text(observation: Observation, lang: str = "en", worth: Sequence[str] = ()) -> str:
    """The spiral in text and, beside it when both fit 80 columns (else under it), one
    line per seat, the hyena and the turn.

    Args:
        observation: what the viewer may see.
        lang: ``"en"`` or ``"fr"``.
        worth: what each throw (by number of white sides) is worth, in words, for the line
            of a seat that has thrown and must decide.
    """
    data = view(observation)
    length = int(data["length"])
    cells = spiral(length)
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    canvas = [[" "] * (4 * width) for _ in range(2 * height - 1)]
    on = _pieces(data)
    for hole, (r, c) in enumerate(cells):
        if hole == 0:
            label = "V"
        elif hole == length:
            label = "W"
        else:
            tokens = on.get(hole, [])
            # Never "12" for mothers 1 and 2 (it reads as twelve): "1,2", or "1,+" for more.
            label = ",".join(tokens) if len(tokens) <= 2 else tokens[0] + ",+"
            label = label or "."
        for i, ch in enumerate(label.center(3)):
            canvas[2 * r][4 * c + i] = ch
        if hole < length:
            nr, nc = cells[hole + 1]
            if nr == r:
                canvas[2 * r][4 * min(c, nc) + 3] = "-"
            else:
                canvas[2 * min(r, nr) + 1][4 * c + 1] = "|"
    drawing = ["".join(row).rstrip() for row in canvas]
    info = _info_lines(observation, lang, worth)
    left = max(len(line) for line in drawing)
    if left + 2 + max(len(line) for line in info) <= 80:
        rows = max(len(drawing), len(info))
        lines = [
            (drawing[i] if i < len(drawing) else "").ljust(left + 2) + (info[i] if i < len(info) else "")
            for i in range(rows)
        ]
        return "\n".join(line.rstrip() for line in lines) + "\n"
    return "\n".join([*drawing, "", *info]) + "\n"


def render_svg(observation: Observation, lang: str = "en", worth: Sequence[str] = (), sticks: int = 3) -> str:
    """The spiral as SVG, its words in ``lang``: holes on a square spiral, mothers as numbered
    discs (those still in the village beside it), the hyena in black, then the sticks, each
    seat's tabas and the lines of :func:`render_text`.

    Elements a seat's action points at carry a ``data-target`` key (see
    :func:`action_targets`): ``sticks`` (throw), ``tabas:S`` (seat ``S``'s bank),
    ``piece:S`` (seat ``S``'s mother), ``piece:H`` (the hyena) and ``well``.

    Args:
        observation: what the viewer may see.
        lang: ``"en"`` or ``"fr"``.
        worth: what each throw is worth, in words (see :func:`render_text`).
        sticks: how many sticks the ruleset throws.
    """
    data = view(observation)
    length = int(data["length"])
    cells = spiral(length)
    size = 40
    rows = max(r for r, _ in cells) + 1
    width = max((max(c for _, c in cells) + 1) * size, 16 * sticks + 26 + 42 * len(data["mothers"]))
    # Room on the right for the pieces waiting beside the village (up to four a row).
    village_x = cells[0][1] * size + size // 2
    width = max(width, village_x + 18 + 13 * 3 + 10)
    lines = _info_lines(observation, lang, worth)
    base = rows * size + 8
    height = base + 44 + 20 * len(lines) + 6

    def say(key: str, **fields: object) -> str:
        return MESSAGES.text(f"draw.svg.{key}", lang, **fields)

    def centre(hole: int) -> tuple[int, int]:
        r, c = cells[hole]
        return c * size + size // 2, r * size + size // 2

    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": str(width),
            "height": str(height),
            "viewBox": f"0 0 {width} {height}",
            "font-family": "sans-serif",
            "font-size": "11",
        },
    )
    rules = MESSAGES.text(f"ruleset.{data['rules']}", lang) if f"ruleset.{data['rules']}" in MESSAGES else data["rules"]
    ET.SubElement(svg, "title").text = say("title", rules=rules, length=length)
    points = " ".join("{},{}".format(*centre(h)) for h in range(length + 1))
    # data-track: the page walks a moving piece along it, hole by hole
    ET.SubElement(
        svg, "polyline", {"points": points, "fill": "none", "stroke": "#c8b28a", "stroke-width": "3", "data-track": "both"}
    )
    for hole in range(length + 1):
        x, y = centre(hole)
        special = hole in (0, length)
        parent = svg
        if hole == length:
            parent = ET.SubElement(svg, "g", {"data-target": "well", "data-sink": "tabas"})
            ET.SubElement(parent, "title").text = say("well")
        elif hole == 0:
            parent = ET.SubElement(svg, "g")
            ET.SubElement(parent, "title").text = say("village")
        ET.SubElement(
            parent,
            "circle",
            {
                "cx": str(x),
                "cy": str(y),
                "r": "13" if special else "6",
                "fill": "#8cb4d8" if hole == length else "#e8d9b5",
                "stroke": "#7a6440",
            },
        )
        if special:
            label = ET.SubElement(parent, "text", {"x": str(x), "y": str(y + 4), "text-anchor": "middle"})
            label.text = "W" if hole == length else "V"  # the letters of the legend, in every language
    for hole, tokens in sorted(_all_pieces(data).items()):
        x, y = centre(hole)
        for i, token in enumerate(tokens):
            px, py = x - 8 + 8 * (i % 3), y - 8 + 8 * (i // 3)
            if hole == 0:  # beside the village, not on it
                px, py = x + 18 + 13 * (i % 4), y - 6 + 13 * (i // 4)
            group = ET.SubElement(svg, "g", {"data-target": f"piece:{token}"})
            owner = data["hyena"]["owner"] + 1 if token == "H" and data["hyena"] else token
            ET.SubElement(group, "title").text = say("hyena" if token == "H" else "mother", s=owner)
            colour = "#000000" if token == "H" else _COLOURS[int(token) - 1]
            ET.SubElement(group, "circle", {"cx": str(px), "cy": str(py), "r": "6", "fill": colour})
            text = ET.SubElement(
                group,
                "text",
                {"x": str(px), "y": str(py + 3), "text-anchor": "middle", "fill": "#ffffff", "font-size": "8"},
            )
            text.text = token
    # The sticks (the pending throw: white sides light, dark sides brown) and each seat's tabas.
    throw = data["throw"] if data["stage"] == "decide" else -1
    # Tabas the page sends to their owner: each seat's bank (data-counts), banked from the
    # sticks (data-source) and paid into the well (data-sink).
    banks = " ".join(str(mother["tabas"]) for mother in data["mothers"])
    sticks_group = ET.SubElement(svg, "g", {"data-target": "sticks", "data-purse": "tabas", "data-token": "coin",
                                            "data-counts": banks, "data-source": "tabas"})
    value = worth[throw] if 0 <= throw < len(worth) else ""
    ET.SubElement(sticks_group, "title").text = (
        say("sticks_thrown", w=throw, worth=value) if throw >= 0 else say("sticks")
    )
    ET.SubElement(
        sticks_group,
        "rect",
        {"x": "2", "y": str(base), "width": str(16 * sticks + 8), "height": "34", "fill": "#f4ecd8", "rx": "4"},
    )
    for i in range(sticks):
        white = throw >= 0 and i < throw
        fill = "#fbfaf4" if white else "#8a5a2b" if throw >= 0 else "#c9b48f"
        ET.SubElement(
            sticks_group,
            "rect",
            {"x": str(8 + 16 * i), "y": str(base + 4), "width": "8", "height": "26", "rx": "3", "fill": fill,
             "stroke": "#5a3a1b"},
        )
    left = 16 * sticks + 22
    for seat, mother in enumerate(data["mothers"]):
        x = left + 42 * seat
        chip = ET.SubElement(svg, "g", {"data-target": f"tabas:{seat}"})
        ET.SubElement(chip, "title").text = say("tabas", s=seat + 1, t=mother["tabas"])
        ET.SubElement(
            chip,
            "rect",
            {"x": str(x), "y": str(base), "width": "38", "height": "34", "rx": "4", "fill": "#f4ecd8",
             "stroke": _COLOURS[seat]},
        )
        label = ET.SubElement(chip, "text", {"x": str(x + 19), "y": str(base + 14), "text-anchor": "middle"})
        label.text = str(seat + 1)
        count = ET.SubElement(
            chip, "text", {"x": str(x + 19), "y": str(base + 29), "text-anchor": "middle", "font-weight": "bold"}
        )
        count.text = str(mother["tabas"])
    for line_no, line in enumerate(lines):
        # data-info: a line the page may show under the drawing instead (a phone's narrow spiral)
        text = ET.SubElement(svg, "text", {"x": "4", "y": str(base + 56 + 20 * line_no), "data-info": "line"})
        text.text = line
    return ET.tostring(svg, encoding="unicode")


def _all_pieces(data: HyenaView) -> dict[int, list[str]]:
    """:func:`_pieces` and the pieces still in the village (hole 0), for the SVG drawing."""
    on = _pieces(data)
    village = [str(seat + 1) for seat, mother in enumerate(data["mothers"]) if mother["phase"] == "V"]
    hyena = data["hyena"]
    if hyena is not None and hyena["phase"] == "V":
        village.append("H")
    if village:
        on[0] = village
    return on


def action_targets(state: HyenaState, action: int) -> tuple[str, ...]:
    """The ``data-target`` keys of :func:`render_svg` that the seat action ``action`` points at:
    the sticks to throw, the seat's tabas to bank, its piece to move, the well to pay into."""
    seat = state.current_player()
    if seat < 0:
        return ()
    if action == THROW:
        return ("sticks",)
    if action == BANK:
        return (f"tabas:{seat}",)
    if action == MOVE:
        return ("piece:H",) if seat == state.hyena_owner else (f"piece:{seat + 1}",)
    if action == PAY:
        return ("well",)
    return ()


def private_summary(observation: Observation, lang: str = "en") -> list[str]:
    """The observing seat's own pieces in sentences (nothing in this game is secret: the lines
    say so); nothing for a spectator."""
    seat = observation.seat
    if seat is None:
        return []
    data = view(observation)
    mother = data["mothers"][seat]
    where = MESSAGES.text(f"draw.{mother['phase']}", lang, h=mother["hole"])
    colour = MESSAGES.text(f"private.colour{seat + 1}", lang)
    lines = [MESSAGES.text("private.you", lang, s=seat + 1, colour=colour, where=where, t=mother["tabas"])]
    hyena = data["hyena"]
    if hyena is not None and hyena["owner"] == seat:
        lines.append(MESSAGES.text("private.hyena", lang, where=MESSAGES.text(f"draw.hyena_{hyena['phase']}", lang, h=hyena["hole"])))
    lines.append(MESSAGES.text("private.public", lang))
    return lines


SEAT_STYLES: tuple[str, ...] = ("bold cyan", "bold magenta", "bold yellow", "bold green", "bold blue", "bold white")
"""Terminal colour of each seat's mother (seat 1 first), also used for seat numbers."""


def text_styles(lang: str = "en") -> list[tuple[str, str]]:
    """Colours for :func:`render_text` drawings: mothers by seat, the hyena, village, well.

    Lone digits are mothers (on the spiral) or seat numbers (in the legend); both take the
    seat's colour, so the legend doubles as a key.
    """
    pairs = [(rf"(?<![\w.]){seat + 1}(?![\w.])", style) for seat, style in enumerate(SEAT_STYLES)]
    pairs += [
        (r"\bH\b", "bold red reverse"),
        (r"\bV\b", "bold green"),
        (r"\bW\b", "bold bright_blue"),
        (r"[-|]", "grey50"),
    ]
    return pairs
