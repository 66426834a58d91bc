"""The Berries variant: placement, hidden identities and the eleven tokens.

Source: banjooli-xeet-rules-en.txt, Initial Setup (Optional Setup) and Berries;
banjooli-xeet-rules-fr.txt, Variante "Baies" and BAIES. Tokens: a Tër, b Neex Peepa, c Oor,
d Jëmbat, e Daaaaw, f Pakaarloo, g Naangateku, h Peepa, i Dof Nooxoor, j Vooortex, k Joka.
"""

from __future__ import annotations

import pytest
from tests.games.banjooli.helpers import game, position, sp, texts

from savanna.core.errors import IllegalActionError

BERRY = sp(5, 0)  # row 5 lane 0 (plain land, far from the Exit)


def refused(state, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value.rule.id


def walk(token: str, points: int = 2, **kw):
    """Blue on row 4 lane 0 about to step onto a berry ``token`` with ``points`` points."""
    at = {"B": sp(4, 0), **kw.pop("at", {})}
    s = position(game(berries=True), phase="step", mover="B", points=points, at=at,
                 berries={BERRY: token, **kw.pop("more", {})}, **kw)
    s.apply_text("step F")
    return s


def test_berry_placement_three_spaces_from_the_exit_on_plain_land() -> None:
    g = game(players=2, berries=True)
    s = position(g, phase="place", cards=[0, 1])
    legal = {s.action_to_text(a) for a in s.legal_actions()}
    assert "berry 15" in legal and "berry 5" not in legal and "berry 10" not in legal
    assert f"berry {sp(2, 0)}" in legal and f"berry {sp(1, 0)}" not in legal
    assert refused(s, "berry 5") == "berry.placement"
    assert refused(s, "berry 32") == "berry.placement"  # quicksand
    s.apply_text(f"berry {sp(2, 0)}")
    assert refused(s, f"berry {sp(2, 0)}") == "berry.placement"  # never on another berry
    assert s.current_player() == 1
    s.apply_text(f"berry {sp(6, 4)}")
    assert s.is_chance_node() and s.phase_name == "roll" and s.seat == 0


def test_berry_identity_is_drawn_when_picked_from_the_unseen_tokens() -> None:
    s = walk("?", picked="c1")
    assert s.phase_name == "berry" and s.is_chance_node()
    assert [a for a, _ in s.chance_outcomes()] == [0, 1, 3, 4, 5, 6, 7, 8, 9, 10]
    s.apply_text("berry-is peepa")
    assert s.picked[-1] == (7, 0)


def test_berry_ter_stops_and_scares() -> None:
    s = walk("a", points=3)
    assert s.scared[0] and s.pos[0] == BERRY and s.seat == 1


def test_berry_neex_peepa_stops_and_ends_the_turn() -> None:
    s = walk("b", points=3)
    assert not s.scared[0] and s.pos[0] == BERRY and s.seat == 1


def test_berry_oor_lets_the_movement_continue() -> None:
    s = walk("c", points=2)
    assert s.phase_name == "step" and s.points == 1
    assert ("abcdefghijk"[s.picked[-1][0]], s.picked[-1][1]) == ("c", 0)


def test_berry_jembat_shows_the_face_down_berries_to_the_picker_only() -> None:
    s = walk("d", points=2, more={sp(9, 4): "?", sp(12, 2): "?"})
    assert s.phase_name == "fix" and s.is_chance_node()
    audience = s.action_viewers(s.parse_action("fix oor"))
    assert audience.includes(0) and not audience.includes(1) and not audience.includes(None)
    s.apply_text("fix oor")
    s.apply_text("fix joka")
    assert s.phase_name == "step"
    mine = s.observation(0).data["berries"]
    theirs = s.observation(1).data["berries"]
    assert [sp(9, 4), 2] in mine and [sp(12, 2), 10] in mine
    assert all(t == -1 for _, t in theirs)
    # The private panel names the peeked spaces as the drawings do (``a10``), not by number.
    board, summary = s.board, s.game.private_summary(s.observation(0), "en")
    assert any(f"The berry on space {board.label(sp(9, 4))} is Oor" in line for line in summary), summary
    assert any(f"case {board.label(sp(12, 2))} est Joka" in line for line in s.game.private_summary(s.observation(0), "fr"))
    assert not [line for line in s.game.private_summary(s.observation(1), "en") if "berry" in line]


def test_berry_daaaaw_adds_two_movement_points() -> None:
    s = walk("e", points=2)
    assert s.points == 3


def test_berry_pakaarloo_reverses_the_turn_order() -> None:
    s = walk("f", points=1)
    assert s.direction == -1 and s.seat == 3


def test_berry_naangateku_is_given_to_another_player() -> None:
    s = walk("g", points=1)
    assert s.phase_name == "give" and texts(s) == ["give 1", "give 2", "give 3"]
    assert refused(s, "give 0") == "berry.give"
    s.apply_text("give 2")
    assert s.spear == [False, False, True, False] and s.seat == 1


def test_berry_peepa_does_nothing() -> None:
    s = walk("h", points=2)
    assert s.phase_name == "step" and s.points == 1 and not s.scared[0]


def test_berry_dof_nooxoor_rolls_the_movement_dice_and_applies_all() -> None:
    s = walk("i", points=1, at={"Y": sp(1, 2)})
    assert s.phase_name == "roll" and s.to_roll == [0, 1, 2, 3, 4]
    for face in "YYWRB":
        s.apply_text(f"roll {face}")
    assert s.phase_name == "frenzy"
    assert "move Y+W" in texts(s) and "move R+W" in texts(s)
    s.apply_text("move Y+W")
    for _ in range(3):
        s.apply_text(s.legal_action_texts()[0])
    assert s.phase_name == "frenzy" and texts(s) == ["move B", "move R"]
    s.apply_text("move R")
    s.apply_text("step F")
    s.apply_text("move B")
    s.apply_text("step F")
    assert s.seat == 1 and s.phase_name == "roll"


def test_berry_vooortex_applies_the_vortex_on_that_space() -> None:
    s = walk("j", points=3)
    assert s.phase_name == "vortex"
    s.apply_text("vortex Y")
    assert s.pos[0] == 1 and s.pos[1] == BERRY and s.seat == 1


def test_berry_joka_sends_the_ostrich_two_spaces_back() -> None:
    s = walk("k", points=3)
    assert s.phase_name == "space" and s.choices == [sp(3, 0), sp(3, 1), sp(3, 2)]
    assert refused(s, f"to {sp(4, 0)}") == "joka.back"
    s.apply_text(f"to {sp(3, 0)}")
    assert s.pos[0] == sp(3, 0) and s.seat == 1
