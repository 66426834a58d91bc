"""The deal, the jokers of a kind and the Dof Nooxoor frenzy.

Sources: banjooli-xeet-rules-en.txt, Initial Setup 4 (``setup.deal``), A. Moving an Ostrich
(white jokers: ``move.joker_all``) and Berries, Dof Nooxoor (``frenzy.all_dice``);
banjooli-xeet-rules-fr.txt, BAIES (Dof Nooxoor: "Il est libre de distribuer les jokers comme
il l'entend").
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.games.banjooli.helpers import game, position, sp, texts

from savanna.core.errors import IllegalActionError

BERRY = sp(5, 0)


def refused(state, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value.rule.id


def frenzy(faces: str, **kw):
    """Blue picks a Dof Nooxoor on its last point; the frenzy dice come up ``faces``."""
    at = {"B": sp(4, 0), **kw.pop("at", {})}
    s = position(game(berries=True), phase="step", mover="B", points=1, at=at, berries={BERRY: "i"},
                 dice="BBBBBG", **kw)
    s.apply_text("step F")
    for face in faces:
        s.apply_text(f"roll {face}")
    return s


def test_setup_deal_one_secret_card_per_seat_from_the_cards_not_dealt() -> None:
    s = game(players=3).new_initial_state()
    s.apply(s.chance_outcomes()[0][0])
    s.apply(s.chance_outcomes()[0][0])
    assert s.phase_name == "deal" and len(s.chance_outcomes()) == 10
    s.apply_text("deal 4")
    assert s.cards == [3, -1, -1]
    assert 3 not in [a for a, _ in s.chance_outcomes()] and len(s.chance_outcomes()) == 9
    assert refused(s, "deal 4") == "setup.deal"  # a card is dealt once
    s.apply_text("deal 7")
    s.apply_text("deal 1")
    assert s.cards == [3, 6, 0] and s.phase_name == "first"
    assert s.observation(1).data["card"] == 6
    assert "C=?,6,?" in s.observation(1).text  # the others' cards stay face down


def test_setup_first_a_seat_drawn_by_chance_after_the_deal_plays_first() -> None:
    """EN Initial Setup: "The player who best imitates an ostrich will be the one who starts":
    the platform draws the first player instead (option first=draw, the default)."""
    s = game(players=3).new_initial_state()
    for text in ("layout plain,quicksand,rocks,dry_river", "sides plain,quicksand,rocks,dry_river",
                 "deal 4", "deal 7", "deal 1"):
        s.apply_text(text)
    assert s.phase_name == "first" and s.is_chance_node()
    assert s.chance_outcomes() == [(0, Fraction(1, 3)), (1, Fraction(1, 3)), (2, Fraction(1, 3))]
    assert s.legal_action_texts() == ["first 0", "first 1", "first 2"]
    assert s.describe_action(2) == "player 3 plays first" and s.describe_action(2, "fr") == "le joueur 3 joue en premier"
    s.apply_text("first 2")
    assert s.phase_name == "roll" and s.seat == 2 and s.first == 2
    assert "I=2" in s.to_text() and game(players=3).parse_position(s.to_text()).first == 2
    for face in "BYRGPW":
        s.apply_text(f"roll {face}")
    assert s.current_player() == 2  # the first decision is the drawn seat's
    s.apply_text("keep")
    s.apply_text(s.legal_action_texts()[0])
    while s.phase_name == "step":
        s.apply_text(s.legal_action_texts()[0])
    assert s.seat == 0  # then clockwise


def test_setup_first_seat1_starts_without_a_draw() -> None:
    s = game(players=3, first="seat1").new_initial_state()
    for text in ("layout plain,quicksand,rocks,dry_river", "sides plain,quicksand,rocks,dry_river",
                 "deal 4", "deal 7", "deal 1"):
        s.apply_text(text)
    assert s.phase_name == "roll" and s.seat == 0


def test_setup_first_berries_are_placed_from_the_first_player_clockwise() -> None:
    """EN Optional Setup: "Starting with the first player and taking turns clockwise, each
    player draws randomly a token ... and places it"."""
    s = game(players=3, berries=True).new_initial_state()
    for text in ("layout plain,quicksand,rocks,dry_river", "sides plain,quicksand,rocks,dry_river",
                 "deal 4", "deal 7", "deal 1", "first 1"):
        s.apply_text(text)
    placers = []
    while s.phase_name == "place":
        placers.append(s.current_player())
        s.apply(s.legal_actions()[len(placers)])
    assert placers == [1, 2, 0] and s.phase_name == "roll" and s.seat == 1


def test_move_joker_all_white_jokers_of_the_kind_all_join_the_move() -> None:
    s = position(game(), at={"Y": sp(1, 2)}, dice="YWWRBG")
    s.apply_text("move Y+W")
    assert s.mover == 1 and s.points == 3  # one yellow and both whites


def test_frenzy_all_dice_rolls_the_five_movement_dice_and_applies_every_group() -> None:
    s = frenzy("YYRRB", at={"Y": sp(1, 2), "R": sp(1, 4)})
    assert s.phase_name == "frenzy" and s.dice[5] == 3  # the sorcery die is not rolled again
    assert texts(s) == ["move B", "move Y", "move R"]
    assert refused(s, "pass") == "frenzy.all_dice"
    assert refused(s, "keep") == "frenzy.all_dice"
    s.apply_text("move R")
    s.apply_text("step F")
    s.apply_text("step F")
    assert s.phase_name == "frenzy" and texts(s) == ["move B", "move Y"]  # the rest still applies
    s.apply_text("move Y")
    s.apply_text("step F")
    s.apply_text("step F")
    s.apply_text("move B")
    s.apply_text("step F")
    assert s.seat == 1 and s.phase_name == "roll"


def test_frenzy_all_dice_jokers_distributed_die_by_die() -> None:
    s = frenzy("YWWWR", at={"Y": sp(1, 2), "R": sp(1, 4)})
    assert texts(s) == ["move Y", "move Y+W", "move R", "move R+W", "move Y+1W", "move Y+2W", "move R+1W", "move R+2W"]
    s.apply_text("move Y+1W")  # yellow takes one white joker: two points
    assert s.points == 2 and s.frenzy == [0, 0, 1, 0, 0, 2]
    s.apply_text("step F")
    s.apply_text("step F")
    assert texts(s) == ["move R", "move R+W", "move R+1W"]  # two whites left for red
    s.apply_text("move R+W")
    assert s.points == 3 and s.frenzy == [0] * 6
    for _ in range(3):
        s.apply_text("step F")
    assert s.seat == 1


def test_frenzy_all_dice_joker_counts_parse_in_both_notations() -> None:
    s = frenzy("YWWWR", at={"Y": sp(1, 2), "R": sp(1, 4)})
    assert s.action_to_text(s.parse_action("move 2+26")) == "move Y+2W"
    assert s.action_to_text(s.parse_action("move y + 1 w")) == "move Y+1W"
    assert s.action_to_text(s.parse_action("move Y+3W")) == "move Y+W"  # every white: the kind whole


def test_frenzy_joker_one_kind_still_one_kind_per_ostrich_and_never_alone() -> None:
    s = frenzy("YWRRP", arrived="R", at={"Y": sp(1, 2)})
    legal = texts(s)
    assert "move Y+1R" in legal and "move Y+R" in legal and "move Y+W" in legal
    assert refused(s, "move Y+W+1R") == "move.joker_one_kind"
    assert refused(s, "move G+1W") == "move.joker_alone"  # no green die to join


def test_move_joker_all_partial_kind_refused_outside_the_frenzy() -> None:
    s = position(game(), at={"Y": sp(1, 2)}, dice="YWWRBG")
    assert "move Y+1W" not in texts(s)
    assert refused(s, "move Y+1W") == "move.joker_all"
    assert s.action_to_text(s.parse_action("move Y+2W")) == "move Y+W"
