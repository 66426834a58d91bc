"""The heuristic (the documented good-human strategy) bargains sensibly; the evaluation
projects scores; ISMCTS plays the game through the evaluation hook."""

from __future__ import annotations

import random
from typing import Any

from tests.games.river_race.helpers import field, play, position

from savanna.bots import ISMCTSBot, make_bots, parse_bot_spec, play_game
from savanna.games.river_race import RiverRaceGame
from savanna.games.river_race.evaluation import estimate_scores, expected_prices
from savanna.games.river_race.state import RiverRaceState


def _choice(state, seed: int = 0) -> str:
    seat = state.current_player()
    action = state.game.heuristic_action(state.observation(seat), state.legal_actions(), random.Random(seed))
    return state.action_to_text(action)


def _council(card: int = 7, gold: str = "2,9", **fields: str):
    values: dict[str, Any] = {"phase": "council", "pawns": "s1u,camp,camp/y1u,a0,camp", "cards": f"1u:{card}@0", "gold": gold}
    values.update(fields)
    return position(**values)


def test_heuristic_sacrificer_asks_a_price_for_a_waiting_rival_then_crosses() -> None:
    """offer.yard, cross.price: the sacrificer asks for the waiting pawn, then crosses once
    the card is paid."""
    state = _council()
    first = _choice(state)
    assert first.startswith("offer 2a ")
    assert int(first.split()[-1]) >= 1, "no free ride for a rival"
    play(state, first, "accept")
    assert _choice(state) == "cross a"


def test_heuristic_sacrificer_who_cannot_pay_asks_at_least_what_it_lacks() -> None:
    """cross.price: card 12 asks 6 for the upper passage; with 1 gold, the sacrificer asks
    at least 5 of the only waiting rival."""
    state = _council(card=12, gold="1,9")
    offer = _choice(state)
    assert offer.startswith("offer 2a ") and int(offer.split()[-1]) >= 5


def test_heuristic_owner_accepts_a_cheap_ride_and_bargains_down_a_dear_one() -> None:
    """answer.reply, answer.counter: 1 gold to cross at once is taken; 9 is countered lower
    or refused."""
    cheap = play(_council(), "offer 2a 1")
    assert _choice(cheap) == "accept"
    dear = play(_council(), "offer 2a 9")
    answer = _choice(dear)
    assert answer == "refuse" or (answer.startswith("counter ") and int(answer.split()[-1]) < 9)


def test_heuristic_owner_does_not_read_the_secret_card() -> None:
    """sacrifice.secret: seat 2 answers the same whatever card seat 1 really holds."""
    answers = {_choice(play(_council(card=c), "offer 2a 4"), seed=3) for c in (1, 7, 12)}
    assert len(answers) == 1


def test_heuristic_sacrificer_replies_to_a_counter_by_its_worth() -> None:
    """answer.reply: a counter of 0 for carrying a rival is refused when the card is paid anyway."""
    state = play(_council(gold="9,9"), "offer 2a 6", "counter 0")
    assert _choice(state) == "refuse"


def test_heuristic_sacrificer_takes_a_low_counter_only_when_it_pays_the_card() -> None:
    """Designer note 11 (the card in mind): card 12 asks 6 for the upper passage. Lacking 5
    gold with nobody else waiting, a counter of 3 pays nothing and is refused; lacking 1, a
    counter of 1 pays the card and is taken, though it is less than the ride is worth."""
    short = play(_council(card=12, gold="1,9"), "offer 2a 6", "counter 3")
    assert _choice(short) == "refuse"
    paid = play(_council(card=12, gold="5,9"), "offer 2a 6", "counter 1")
    assert _choice(paid) == "accept"
    assert _choice(play(_council(card=1, gold="5,9"), "offer 2a 6", "counter 1")) == "refuse"


def test_heuristic_takes_the_best_hut_before_a_rival_can() -> None:
    """village.hut: the best free hut (20) goes to the first arrival; with a rival pawn about
    to arrive, the heuristic takes it now rather than advancing another pawn."""
    state = play(position(pawns="c3,a0,camp/c4,camp,camp"), "3+4")
    assert _choice(state) == "move a"


def test_evaluation_is_exact_at_the_end_and_within_bounds_before() -> None:
    game = RiverRaceGame(players=4)
    rng = random.Random(2)
    state = game.new_initial_state()
    low, high = game.score_bounds
    while not state.is_terminal():
        estimate = game.evaluate(state)
        assert len(estimate) == 4 and all(low <= e <= high for e in estimate)
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert game.evaluate(state) == state.scores()


def test_evaluation_prefers_the_seat_nearer_the_village() -> None:
    state = position(pawns="c0,c1,c2/a0,a1,a2")
    ahead, behind = estimate_scores(state)
    assert ahead > behind
    upper, lower = expected_prices(state)
    assert upper > lower > 0


def test_ismcts_plays_the_river_race_through_the_evaluation() -> None:
    """ISMCTS determinizes the hidden card with sample_state and cuts rollouts with
    Game.evaluate."""
    state = play(_council(), "offer 2a 4")
    bot = ISMCTSBot(state.game, 1, random.Random(1), sims=60, depth=8)
    action = bot.act(state.observation(1), state.legal_actions())
    assert action in state.legal_actions()


def test_a_whole_game_between_heuristic_and_search_bots_ends() -> None:
    game = RiverRaceGame(players=3)
    specs = [parse_bot_spec(s) for s in ("heuristic", "ismcts:sims=20:depth=6", "heuristic")]
    final = play_game(game, make_bots(game, specs, seed=4), seed=4)
    assert isinstance(final, RiverRaceState)
    assert final.is_terminal() and field(final, "end") in ("three", "huts", "persecutor")


def test_heuristic_in_a_state_redraws_hidden_cards_like_the_observation() -> None:
    """sacrifice.secret: the coach's fast path (``heuristic_action_in_state``) chooses what
    the heuristic chooses from the seat's observation, drawing the same numbers, including
    in positions where another seat holds a secret card."""
    rng = random.Random(5)
    compared = secret = 0
    for seed in range(3):
        game = RiverRaceGame(players=4)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            view = state.observation(seat)
            secret += any(card["prices"] is None for card in view.data["cards"])
            a, b = random.Random(seed), random.Random(seed)
            fast = game.heuristic_action_in_state(state, legal, a)
            assert fast == game.heuristic_action(view, legal, b)
            assert a.random() == b.random()
            compared += 1
            state.apply(fast)
    assert compared > 100 and secret >= 5


def test_the_coach_asks_how_the_game_ends_and_who_takes_the_best_hut() -> None:
    """end.three, end.huts, end.persecutor, village.hut: the coach's outcome questions are
    answered from the finished game."""
    game = RiverRaceGame(players=2, options={"first": "seat1", "material": "first"})
    keys = [q.key for q in game.outcome_questions()]
    assert keys[:2] == ["ending", "best_hut"]
    state = game.parse_position(
        "river-race/2 first=1 turn=2 turns=9 phase=over dice=- ones=0 gold=3,10 rings=0 "
        "persecutor=3 bag=6,6,6,6,6,6 springs=0,0 pawns=h1,h3,c2/h0,h2,a0 cards=- "
        "pools=1,2,3,4,5,6,7,8,9,10,11,12 discard=- asked=- deals=- offer=- counter=- end=huts"
    )
    answers = game.outcomes(state)
    assert answers["ending"] == "huts" and answers["best_hut"] == "seat.1"
    assert answers["seat.1"] == "place.0"
    words = {q.key: game.label_text(q.label, "fr") for q in game.outcome_questions()}
    assert words["best_hut"] == f"qui prend la meilleure hutte (valeur {game.huts[0]})"
