"""Rule council.rent (design, docs/rules/river-race.md, designer note 8): with the second
material, a sacrificer who rolls while still holding its card pays 1 gold, as far as its gold
goes, to each rival player with a pawn waiting in the courtyard beside its place. Parking on a
sacrifice place to extort the waiting pawns then costs the parker every turn and pays the
parked; the first material has no rent."""

from __future__ import annotations

from typing import Any

from tests.games.river_race.helpers import field, game, play, position

from savanna.games.river_race.components import load_material

SECOND: dict[str, Any] = {"material": "second"}
BAG = ",".join(str(n) for n in load_material("second").bag.coins)


def _parked(players: int = 2, material: dict[str, Any] | None = SECOND, **fields: str):
    """Seat 1's pawn a on the upper place of river 1 holding card 7, seat 2's pawns a and b
    waiting in that courtyard, seat 1 in its council."""
    values: dict[str, Any] = {
        "phase": "council",
        "pawns": "s1u,camp,camp/y1u,y1u,camp",
        "cards": "1u:7@0",
        "gold": "2,9",
    }
    if material == SECOND:
        values["bag"] = BAG
    values.update(fields)
    return position(players, options=material, **values)


def test_council_rent_a_sacrificer_rolling_with_its_card_pays_each_waiting_rival_seat_once() -> None:
    """Two pawns of seat 2 wait: seat 2 is paid once (per seat, not per pawn)."""
    state = _parked()
    play(state, "roll")
    assert field(state, "gold") == "1,10" and field(state, "phase") == "roll"


def test_council_rent_is_paid_to_every_rival_seat_waiting_in_place_then_seat_order() -> None:
    state = _parked(3, pawns="s1u,camp,camp/y1u,camp,camp/y1u,camp,camp", gold="2,9,4")
    words = state.describe_action(state.parse_action("roll"), "en")
    assert "1 gold to player 2, 1 gold to player 3" in words and "rent" in words
    play(state, "roll")
    assert field(state, "gold") == "0,10,5"


def test_council_rent_goes_only_as_far_as_the_sacrificers_gold() -> None:
    state = _parked(3, pawns="s1u,camp,camp/y1u,camp,camp/y1u,camp,camp", gold="1,9,4")
    words = state.describe_action(state.parse_action("roll"), "en")
    assert "1 gold to player 2, 0 gold to player 3" in words
    play(state, "roll")
    assert field(state, "gold") == "0,10,4"


def test_council_rent_none_without_a_rival_waiting_nor_in_the_first_material() -> None:
    alone = _parked(pawns="s1u,camp,camp/camp,camp,camp")
    assert alone.describe_action(alone.parse_action("roll"), "en") == "ends the bargaining and rolls the dice"
    play(alone, "roll")
    assert field(alone, "gold") == "2,9"
    first = _parked(material=None)
    play(first, "roll")
    assert field(first, "gold") == "2,9"


def test_council_rent_is_not_due_once_the_card_is_crossed() -> None:
    """Crossing spends the card: rolling after it pays no rent to the pawns left behind."""
    state = _parked(gold="13,9")  # card 7 of the second material: the upper passage costs 12
    play(state, "cross a")
    assert field(state, "cards") == "-" and field(state, "phase") == "roll"
    assert field(state, "gold") == "1,9"  # the bank was paid 12; the pawns left behind got nothing


def test_council_rent_is_worded_in_both_languages() -> None:
    state = _parked()
    action = state.parse_action("roll")
    assert "(1 gold to player 2)" in state.describe_action(action, "en")
    assert "(1 pièce d'or au joueur 2)" in state.describe_action(action, "fr")


def test_council_rent_is_in_the_short_rules_of_the_second_material_only() -> None:
    second, first = game(**SECOND), game()
    assert "Rent: a sacrificer who rolls" in second.rules_summary("en")
    assert "Loyer : un sacrificateur" in " ".join(second.rules_summary("fr").split())
    assert "Rent" not in first.rules_summary("en")
