"""Grouping legal actions into menu entries, and reading what the player types."""

from __future__ import annotations

from itertools import combinations

from savanna.tui.choice import Menu

DICE = "123456"
REROLLS = ["".join(c) for n in range(1, 7) for c in combinations(DICE, n)]


def test_every_subset_of_six_dice_is_one_entry_with_its_alphabet() -> None:
    menu = Menu.build(["keep", *(f"reroll {r}" for r in REROLLS)])
    assert [(c.code, c.text) for c in menu.choices] == [("1", "keep"), ("2", "reroll")]
    family = menu.choices[1]
    assert family.alphabet == DICE and len(family.members) == 63
    assert family.example == "reroll 136" or len(family.example.split()[1]) == 3


def test_an_incomplete_family_has_no_alphabet_and_small_groups_stay_single() -> None:
    texts = [f"to {n}" for n in range(10, 22)] + ["step F", "step L", "pass"]
    menu = Menu.build(texts)
    assert [c.text for c in menu.choices] == ["to", "step F", "step L", "pass"]
    assert menu.choices[0].alphabet == "" and menu.choices[0].arguments[0] == "10"


def test_codes_are_hash_numbers_when_moves_are_numbers() -> None:
    assert [c.code for c in Menu.build(["1", "2"]).choices] == ["#1", "#2"]
    assert Menu.build(["1", "2"]).by_code("#2") is not None
    assert Menu.build(["1", "2"]).by_code("2") is None


def test_a_family_is_found_by_code_or_bare_verb() -> None:
    menu = Menu.build(["keep", *(f"reroll {r}" for r in REROLLS)])
    assert menu.by_code(" 2 ") is menu.choices[1] and menu.by_code("REROLL") is menu.choices[1]
    assert menu.by_code("reroll 1") is None and menu.is_move("Reroll  1")


def test_abbreviated_verbs_expand_only_when_unambiguous() -> None:
    menu = Menu.build(["step F", "spell Y", "swap R", "pass"])
    assert menu.expand("sw R") == "swap R" and menu.expand("pa") == "pass"
    assert menu.expand("s F") == "s F"  # step, spell or swap: left to the game to refuse
    assert menu.expand("step L") == "step L" and menu.expand("") == ""
