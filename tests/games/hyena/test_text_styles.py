"""The Hyena drawing's terminal colours: each seat's mother, the hyena, village and well."""

from __future__ import annotations

import re

from savanna.core import load_game


def test_text_styles_colour_each_seat_the_hyena_village_and_well() -> None:
    game = load_game("hyena", players=6)
    styles = game.text_styles("en")
    assert styles is not None
    drawing_line = " 1   H   .   W - 3   V   6"
    matched = {style for pattern, style in styles for _ in re.finditer(pattern, drawing_line)}
    assert {"bold cyan", "bold yellow", "bold white", "bold red reverse", "bold green", "bold bright_blue"} <= matched
    # numbers that are not pieces (tabas, holes) stay plain
    assert not any(re.search(p, "44 tabas, hole 22") for p, s in styles if s.startswith("bold") and "red" not in s)
