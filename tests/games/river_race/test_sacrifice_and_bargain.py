"""Sacrifice places, cards and the bargaining protocol: river-race-description-fr.txt,
CASES SACRIFICE – TRAVERSÉE DE FLEUVE, LE PERSÉCUTEUR, and the designed parts of
docs/rules/river-race.md (The negotiation, The sacrifice cards)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests.games.river_race.helpers import field, play, position, refused

from savanna.games.river_race.board import load_board

# Card 7: upper 4, lower 1. Card 12: upper 6, lower 3. Card 1: upper 1, lower 0.


def _council(**fields: str):
    """Seat 1 at the start of its turn, its pawn a on the upper place of river 1 holding card 7,
    seat 2's pawns a and b waiting in that courtyard."""
    values: dict[str, Any] = {
        "phase": "council",
        "pawns": "s1u,camp,camp/y1u,y1u,camp",
        "cards": "1u:7@0",
        "gold": "2,9",
    }
    values.update(fields)
    return position(**values)


def test_sacrifice_step_a_waiting_pawn_steps_onto_the_free_place_at_the_start_of_its_turn() -> None:
    """sacrifice.step: the turn begins with a choice: step up, or roll."""
    state = position(phase="council", pawns="y1u,camp,camp/camp,camp,camp")
    assert state.legal_action_texts() == ["roll", "step a"]
    play(state, "step a")
    assert field(state, "pawns").startswith("s1u,") and field(state, "phase") == "draw"


def test_sacrifice_step_the_turn_begins_with_the_choice_once_a_pawn_waits() -> None:
    """sacrifice.step: a pawn that came into a courtyard may step up at its owner's next turn."""
    state = play(position(pawns="a8,camp,camp/a0,camp,camp"), "2+3", "move a upper", "1+2", "coin 2", "move a")
    assert field(state, "phase") == "council" and state.legal_action_texts() == ["roll", "step a"]


def test_sacrifice_step_of_alike_waiting_pawns_the_first_in_letter_order_steps_up() -> None:
    """sacrifice.step: two of one's pawns wait at the same free place: a steps up, not b."""
    state = position(phase="council", pawns="y1u,y1u,camp/camp,camp,camp")
    assert state.legal_action_texts() == ["roll", "step a"]
    assert refused(state, "step b") == "sacrifice.step"


def test_sacrifice_step_refused_when_the_place_is_taken_or_the_pawn_does_not_wait() -> None:
    """sacrifice.step: only a pawn waiting beside a free place steps up."""
    state = _council(pawns="s1u,a3,camp/y1u,camp,camp", cards="1u:7@0")
    assert refused(state, "step b") == "sacrifice.step"
    busy = position(turn="2", phase="council", pawns="s1u,camp,camp/y1u,y1l,camp", cards="1u:7@0")
    assert refused(busy, "step a") == "sacrifice.step"
    play(busy, "step b")
    assert field(busy, "pawns").endswith("y1u,s1l,camp")


def test_sacrifice_draw_the_card_is_drawn_from_the_deck_with_equal_chances() -> None:
    """sacrifice.draw: every card of the draw pile is equally likely."""
    state = play(position(phase="council", pawns="y1u,camp,camp/camp,camp,camp", discard="3,4", pools="1,2,5,6,7,8,9,10,11,12"), "step a")
    outcomes = state.chance_outcomes()
    assert [state.action_to_text(a) for a, _ in outcomes] == [f"card {c}" for c in (1, 2, 5, 6, 7, 8, 9, 10, 11, 12)]
    assert {p for _, p in outcomes} == {Fraction(1, 10)}
    assert field(play(state, "card 9"), "cards") == "1u:9@0"


def test_sacrifice_secret_only_the_sacrificer_sees_the_card() -> None:
    """sacrifice.secret: the card's prices are in the sacrificer's observation only."""
    state = _council()
    mine = state.observation(0).data["cards"][0]
    theirs = state.observation(1).data["cards"][0]
    public = state.observation(None).data["cards"][0]
    assert (mine["card"], mine["prices"], mine["price"]) == (7, [4, 1], 4)
    assert theirs["card"] is None and theirs["prices"] is None and public["prices"] is None
    assert "1u:?@0" in state.observation(1).text and "1u:7@0" in state.observation(0).text


def test_deck_reshuffle_an_empty_deck_is_made_again_from_the_discards() -> None:
    """deck.reshuffle: with every card revealed or held, stepping up shuffles the discards
    into a new deck (deck 1), from which the card is drawn."""
    discard = ",".join(str(c) for c in range(1, 12))
    state = position(
        phase="council",
        pawns="y1u,camp,camp/s2u,camp,camp",
        cards="2u:12@0",
        pools="12",
        discard=discard,
    )
    play(state, "step a")
    assert field(state, "pools") == f"12/{discard}" and field(state, "discard") == "-"
    assert len(state.chance_outcomes()) == 11
    play(state, "card 5")
    assert field(state, "cards") == "1u:5@1,2u:12@0"


def test_council_when_bargaining_and_crossing_come_before_the_roll() -> None:
    """council.when: once the dice are rolled, no more bargaining; before, no moving."""
    state = _council()
    assert refused(state, "move b") == "roll.dice"
    rolled = play(_council(), "roll", "2+3")
    assert refused(rolled, "offer 2a 2") == "council.when"
    assert refused(rolled, "cross a") == "council.when"


def test_council_when_deals_not_crossed_lapse_when_the_sacrificer_rolls() -> None:
    """council.when: a deal holds only until the sacrificer rolls without crossing."""
    state = play(_council(cards="1u:12@0", gold="0,9"), "offer 2a 3", "accept")
    assert field(state, "deals") == "2a:3"
    play(state, "roll")
    assert field(state, "deals") == "-" and field(state, "gold") == "0,9"


def test_council_sacrificer_only_the_card_holder_crosses_from_its_place() -> None:
    """council.sacrificer: a pawn that is not on a sacrifice place with a card cannot cross."""
    state = _council(pawns="s1u,a3,camp/y1u,y1u,camp")
    assert refused(state, "cross b") == "council.sacrificer"


def test_offer_yard_prices_are_offered_only_for_rival_pawns_waiting_beside_the_place() -> None:
    """offer.yard: not for a pawn elsewhere, not for one's own pawn, not beside another place."""
    state = _council(pawns="s1u,y1u,camp/y1u,y1l,a0")
    assert refused(state, "offer 2c 1") == "offer.yard"
    assert refused(state, "offer 2b 1") == "offer.yard"
    assert refused(state, "offer 1b 1") == "offer.yard"
    assert "offer 2a 1" in state.legal_action_texts()


def test_offer_once_each_waiting_pawn_is_bargained_for_once_per_turn() -> None:
    """offer.once: after a refusal the same pawn is not offered again this turn."""
    state = play(_council(), "offer 2a 5", "refuse")
    assert refused(state, "offer 2a 2") == "offer.once"
    assert "offer 2b 2" in state.legal_action_texts()


def test_offer_price_never_more_than_the_owner_can_still_pay() -> None:
    """offer.price: seat 2 has 9 gold; after promising 6 for 2a, at most 3 is asked for 2b."""
    state = play(_council(), "offer 2a 6", "accept")
    assert "offer 2b 3" in state.legal_action_texts() and "offer 2b 4" not in state.legal_action_texts()
    assert refused(state, "offer 2b 4") == "offer.price"


def test_answer_reply_the_owner_accepts_refuses_or_counters_and_the_sacrificer_replies() -> None:
    """answer.reply: an offer puts seat 2 to act; after a counter, seat 1 replies."""
    state = play(_council(), "offer 2a 5")
    assert state.current_player() == 1
    assert state.legal_action_texts() == ["accept", "refuse", *[f"counter {k}" for k in range(5)]]
    play(state, "counter 2")
    assert state.current_player() == 0 and state.legal_action_texts() == ["accept", "refuse"]
    assert refused(state, "counter 1") == "answer.reply"
    play(state, "accept")
    assert field(state, "deals") == "2a:2" and field(state, "phase") == "council"


def test_answer_counter_a_counter_offer_is_lower_than_the_offer() -> None:
    """answer.counter: countering 5 with 5 or more is refused."""
    state = play(_council(), "offer 2a 5")
    assert refused(state, "counter 5") == "answer.counter"
    assert refused(state, "counter 9") == "answer.counter"


def test_cross_price_the_sacrificer_crosses_only_when_gold_and_deals_cover_the_card() -> None:
    """cross.price: card 7 asks 4 for the upper passage; seat 1 has 2 gold."""
    state = _council()
    assert "cross a" not in state.legal_action_texts()
    assert refused(state, "cross a") == "cross.price"
    play(state, "offer 2a 2", "accept")
    assert "cross a" in state.legal_action_texts()


def test_cross_payment_owners_pay_the_sacrificer_who_pays_the_bank_and_the_party_crosses() -> None:
    """cross.payment and persecutor.sacrifice: 2a pays 3 to seat 1, seat 1 pays 4 to the bank,
    card 7 is revealed and discarded, 1a and 2a land across, 2b (refused) stays, and the
    persecutor advances one space with the rings kept."""
    state = play(_council(rings="2"), "offer 2a 3", "accept", "offer 2b 4", "refuse")
    words = state.describe_action(state.parse_action("cross a"))
    assert words == "pawn 1a crosses river 1 with 2a, paying the bank 4 gold (the persecutor advances)"
    play(state, "cross a")
    assert field(state, "gold") == "1,6"
    assert field(state, "pawns") == "u0,camp,camp/u0,y1u,camp"
    assert field(state, "cards") == "-" and field(state, "discard") == "7"
    assert field(state, "pools") == "1,2,3,4,5,6,8,9,10,11,12"
    assert field(state, "persecutor") == "4" and field(state, "rings") == "2"  # from its start, 3
    assert field(state, "phase") == "roll"


def test_cross_own_the_sacrificers_own_waiting_pawns_cross_free() -> None:
    """cross.own: seat 1's pawn b waiting in the courtyard crosses with a, for nothing."""
    state = play(_council(pawns="s1u,y1u,camp/y1u,camp,camp", gold="4,0"), "cross a")
    assert field(state, "pawns") == "u0,u0,camp/y1u,camp,camp" and field(state, "gold") == "0,0"


def test_cross_payment_the_lower_passage_costs_the_cards_lower_price_and_lands_lower() -> None:
    """cross.payment: card 12 asks 3 for the lower passage of river 2."""
    state = play(position(phase="council", pawns="s2l,camp,camp/camp,camp,camp", cards="2l:12@0"), "cross a")
    assert field(state, "gold") == "2,5" and field(state, "pawns").startswith("m0,")
    board = load_board()
    assert board.kind[board.index("m0")] == 4  # a landing: any number of pawns


def test_persecutor_sacrifice_the_sacrifice_that_takes_it_home_ends_the_game() -> None:
    """persecutor.sacrifice and end.persecutor: a crossing with the persecutor one space away."""
    state = play(_council(persecutor="11", gold="4,9"), "cross a")
    assert field(state, "end") == "persecutor" and state.is_terminal()
