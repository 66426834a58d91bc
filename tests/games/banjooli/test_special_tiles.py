"""The four special tiles (option ``special``).

Source: banjooli-xeet-rules-en.txt, Special Tiles; banjooli-xeet-rules-fr.txt, TUILES
SPÉCIALES. Each layout puts the special tile first: its rows are spaces 5-9, 10-14, ...
"""

from __future__ import annotations

import pytest
from tests.games.banjooli.helpers import game, position, texts

from savanna.core.errors import IllegalActionError


def refused(state, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value.rule.id


def on(special: str, **kw):
    return position(game(special=special), layout=f"{special},plain,rocks,quicksand", **kw)


def test_croc_water_cannot_be_entered() -> None:
    s = on("crocodiles", phase="step", mover="B", points=2, at={"B": 5})
    assert refused(s, "step R") == "croc.water"
    s.apply_text("step F")  # onto the crocodile on 10
    assert s.pos[0] == 10


def test_croc_crossed_diagonally_over_the_crocodiles() -> None:
    s = on("crocodiles", dice="BBBRGW", at={"B": 5})
    s.apply_text("move B")
    for step in ("step F", "step R", "step F"):
        s.apply_text(step)
    assert s.pos[0] == 21


def test_croc_bite_places_the_spelled_ostrich_beyond_the_ditch() -> None:
    s = on("crocodiles", dice="BBBRGY", at={"Y": 12, "R": 21})
    s.apply_text("spell Y")
    assert s.phase_name == "space" and s.choices == [20, 22, 23, 24]
    assert refused(s, "to 7") == "croc.bite"
    assert refused(s, "to 21") == "move.occupied_end"
    s.apply_text("to 23")
    assert s.pos[1] == 23 and not s.scared[1] and s.seat == 1


def test_croc_bite_does_not_apply_on_land() -> None:
    s = on("crocodiles", dice="BBBRGY", at={"Y": 7})
    s.apply_text("spell Y")
    assert s.scared[1] and s.pos[1] == 7


def test_ravine_bridge_is_the_only_way() -> None:
    # rows: near bank 5-9, rim 10-14 (lanes 1-3 land), bridge 17, 22, 27, far bank 30-34
    s = on("ravine", phase="step", mover="B", points=5, at={"B": 11})
    assert texts(s) == ["step R"]
    assert refused(s, "step F") == "ravine.bridge"
    assert refused(s, "step L") == "ravine.bridge"
    for _ in range(5):
        s.apply_text(s.legal_action_texts()[0])
    assert s.pos[0] in (35, 36, 37, 38)


@pytest.mark.parametrize("lane", range(5))
def test_ravine_bridge_reached_from_every_lane_of_the_near_bank(lane: int) -> None:
    """The outer lanes of the near bank lead to the bridge by the rim (tiles version 3: they
    used to lead only into the ravine, a dead end)."""
    s = on("ravine", phase="step", mover="B", points=2, at={"B": 5 + lane})
    assert s.legal_action_texts(), "no step from the near bank"
    s.apply_text(s.legal_action_texts()[0])
    s.apply_text(s.legal_action_texts()[0])
    assert s.pos[0] == 17  # on the bridge


def test_lava_can_be_crossed() -> None:
    s = on("lava", phase="step", mover="B", points=3, at={"B": 7})
    for _ in range(3):
        s.apply_text("step F")
    assert s.pos[0] == 22


def test_lava_back_to_the_nearest_high_ground_chosen_by_the_mover() -> None:
    s = on("lava", phase="step", mover="B", points=1, at={"B": 7, "Y": 6})
    s.apply_text("step F")
    assert s.phase_name == "space" and s.choices == [7, 8]
    assert refused(s, "to 20") == "lava.back"
    s.apply_text("to 8")
    assert s.pos[0] == 8 and s.seat == 1


def test_lava_back_is_automatic_with_one_nearest_space() -> None:
    s = on("lava", phase="step", mover="B", points=2, at={"B": 7, "Y": 6, "R": 8, "G": 5, "P": 9})
    s.apply_text("step F")
    s.apply_text("step F")  # ends on 17 (lava); the nearest free high ground is 7 only
    assert s.pos[0] == 7 and s.seat == 1


def test_vortex_swap_with_the_ostrich_the_die_names() -> None:
    s = on("vortex", phase="step", mover="B", points=3, at={"B": 12})
    s.apply_text("step F")
    assert s.is_chance_node() and s.pos[0] == 17
    s.apply_text("vortex R")
    assert s.pos[0] == 2 and s.pos[2] == 17 and s.seat == 1


def test_vortex_swap_own_colour_scares_and_stays() -> None:
    s = on("vortex", phase="step", mover="B", points=3, at={"B": 12})
    s.apply_text("step F")
    s.apply_text("vortex B")
    assert s.pos[0] == 17 and s.scared[0]


def test_vortex_swap_joker_lets_the_mover_choose() -> None:
    s = on("vortex", phase="step", mover="B", points=1, at={"B": 12}, arrived="G")
    s.apply_text("step F")
    s.apply_text("vortex G")  # an arrived colour is a joker
    assert s.phase_name == "swap" and texts(s) == ["swap Y", "swap R", "swap P"]
    assert refused(s, "swap B") == "vortex.swap"
    s.apply_text("swap P")
    assert s.pos[0] == 4 and s.pos[4] == 17


def test_vortex_uses_the_sorcery_die_six_faces() -> None:
    s = on("vortex", phase="step", mover="B", points=1, at={"B": 12})
    s.apply_text("step F")
    assert len(s.chance_outcomes()) == 6
