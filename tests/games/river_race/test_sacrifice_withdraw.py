"""Rule sacrifice.withdraw (design, docs/rules/river-race.md, designer note 12): with the
second material a sacrificer may give its card back instead of crossing. The card is
revealed and discarded, the pawn steps down into the courtyard beside its place, and the
bargaining is over (the dice are rolled next). The card's secret price is then what decides
whether to cross with it, wait with it, or give it back."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.games.river_race.helpers import field, game, play, position, refused

from savanna.games.river_race.components import load_material
from savanna.games.river_race.evaluation import RIDE_SHARE, RIDE_SHARE_KEPT, plan_pawn, ride_share
from savanna.games.river_race.heuristic import choose_in
from savanna.games.river_race.observation import sample_state

SECOND: dict[str, Any] = {"material": "second"}
BAG = ",".join(str(n) for n in load_material("second").bag.coins)
CARDS = load_material("second").cards


def _holding(card: int = 7, players: int = 2, material: dict[str, Any] | None = SECOND, **fields: str):
    """Seat 1's pawn a on the upper place of river 1 holding ``card``, seat 1 in its council."""
    values: dict[str, Any] = {
        "phase": "council",
        "pawns": "s1u,camp,camp/camp,camp,camp",
        "cards": f"1u:{card}@0",
        "gold": "3,3",
    }
    if material == SECOND:
        values["bag"] = BAG
    values.update(fields)
    return position(players, options=material, **values)


def test_sacrifice_withdraw_reveals_and_discards_the_card_and_steps_the_pawn_down_into_the_courtyard() -> None:
    state = _holding()
    assert "withdraw a" in state.legal_action_texts()
    play(state, "withdraw a")
    assert field(state, "cards") == "-" and field(state, "discard") == "7"
    assert field(state, "pawns").startswith("y1u,")
    assert "7" not in field(state, "pools").split(",")


def test_sacrifice_withdraw_ends_the_bargaining_the_dice_are_rolled_next_and_the_persecutor_stays() -> None:
    state = _holding(pawns="s1u,camp,camp/y1u,camp,camp", gold="3,9")
    persecutor = field(state, "persecutor")
    play(state, "offer 2a 2", "accept")
    assert field(state, "deals") != "-"
    play(state, "withdraw a")
    assert field(state, "phase") == "roll" and field(state, "deals") == "-"
    assert field(state, "persecutor") == persecutor  # no sacrifice was made
    assert field(state, "gold") == "3,9"  # the deal lapsed unpaid, and no rent for a card given back


def test_sacrifice_withdraw_then_a_pawn_steps_up_again_on_a_later_turn_and_draws_afresh() -> None:
    state = _holding()
    play(state, "withdraw a", "2+3", "move b")  # seat 2 rolls next
    play(state, "4+4", "move a")
    assert field(state, "turn") == "1" and "step a" in state.legal_action_texts()
    play(state, "step a")
    assert field(state, "phase") == "draw" and "card 7" not in [state.action_to_text(a) for a in state.legal_actions()]


def test_sacrifice_withdraw_is_refused_in_the_first_material_and_without_a_card_naming_the_rule() -> None:
    first = _holding(material=None, bag="6,6,6,6,6,6")
    assert "withdraw a" not in first.legal_action_texts()
    assert refused(first, "withdraw a") == "sacrifice.withdraw"
    no_card = position(2, options=SECOND, phase="council", pawns="y1u,camp,camp/camp,camp,camp", bag=BAG)
    assert refused(no_card, "withdraw a") == "council.sacrificer"


def test_sacrifice_withdraw_is_worded_with_the_card_it_reveals_in_both_languages() -> None:
    state = _holding()
    action = state.parse_action("withdraw a")
    card = CARDS[6]
    en = state.describe_action(action, "en")
    assert f"gives card 7 back (upper {card.upper}, lower {card.lower})" in en and "rolls the dice" in en
    assert "rend la carte 7" in state.describe_action(action, "fr")
    assert state.parse_action("rendre a") == action and state.local_action_text(action, "fr") == "rendre a"
    assert state.action_to_text(action) == "withdraw a"
    assert "withdraw a" in game(**SECOND).rules_summary("en") and "withdraw" not in game().rules_summary("en")


def test_sacrifice_withdraw_the_card_given_back_is_public_the_card_held_was_not() -> None:
    state = _holding(pawns="s1u,camp,camp/y1u,camp,camp")
    assert state.observation(1).data["cards"][0]["card"] is None
    play(state, "withdraw a")
    assert state.observation(1).data["discard"] == [7]


def test_sacrifice_withdraw_the_heuristic_gives_back_its_dearest_card_and_crosses_with_its_cheapest() -> None:
    """Card 12 asks the most of the upper passage, card 1 the least: knowing its price, the
    heuristic gives the dear one back and crosses with the cheap one (rule cross.price)."""
    dear = max(range(len(CARDS)), key=lambda c: CARDS[c].upper) + 1
    cheap = min(range(len(CARDS)), key=lambda c: CARDS[c].upper) + 1
    rich = str(CARDS[dear - 1].upper + 1)
    for card, expected in ((dear, "withdraw a"), (cheap, "cross a")):
        state = _holding(card, gold=f"{rich},3")
        assert {"cross a", "withdraw a"} <= set(state.legal_action_texts())
        observed = sample_state(state.game, state.observation(0), random.Random(1))
        chosen = choose_in(observed, 0, state.legal_actions())
        assert state.action_to_text(chosen) == expected


def test_sacrifice_withdraw_the_never_withdraw_restriction_keeps_every_other_choice() -> None:
    state = _holding()
    kept = state.game.restriction("never-withdraw").allowed(state, 0, state.legal_actions())
    assert [state.action_to_text(a) for a in kept] == [t for t in state.legal_action_texts() if t != "withdraw a"]


def test_sacrifice_withdraw_the_evaluation_expects_riders_to_pay_most_of_a_card_kept() -> None:
    """Designer note 12: where cards may be given back, the cards kept are the ones worth
    crossing with, and the heuristic's evaluation expects a waiting rival to pay most of one
    (:data:`RIDE_SHARE_KEPT` of its price; :data:`RIDE_SHARE` in the first material)."""
    for material, share in ((SECOND, RIDE_SHARE_KEPT), (None, RIDE_SHARE)):
        bag = BAG if material else "6,6,6,6,6,6"
        alone = _holding(12, material=material, bag=bag, gold="20,3")
        ridden = _holding(12, material=material, bag=bag, gold="20,3", pawns="s1u,camp,camp/y1u,camp,camp")
        assert ride_share(alone) == share
        price = alone.game.material.cards[11].upper
        # the sacrificer's projected cost of its card, less the rider's expected payment
        assert plan_pawn(alone, 0).cost - plan_pawn(ridden, 0).cost == pytest.approx(share * price)
    assert RIDE_SHARE_KEPT > RIDE_SHARE
