"""The river race's restrictions (restricted play) keep exactly what their sentences say.

Checked on every decision of seeded heuristic games at four players.
"""

from __future__ import annotations

import random
from functools import cache
from typing import cast

from savanna.bots import make_bots, parse_bot_spec, play_game
from savanna.core import State, load_game
from savanna.games.river_race.actions import ACTION_KIND as KIND
from savanna.games.river_race.actions import (
    K_ACCEPT,
    K_CROSS,
    K_DONE,
    K_MOVE,
    K_OFFER,
    K_REFUSE,
    K_STEP,
    Move,
    from_id,
)
from savanna.games.river_race.phase import ANSWER, COUNCIL
from savanna.games.river_race.restrictions import NAMES
from savanna.games.river_race.state import RiverRaceState


@cache
def _decisions() -> list[tuple[RiverRaceState, list[int]]]:
    """Each decision of three seeded heuristic games: the position and its legal actions."""
    game = load_game("river-race")
    out: list[tuple[RiverRaceState, list[int]]] = []
    for seed in range(3):
        final = play_game(game, make_bots(game, [parse_bot_spec("heuristic")] * 4, seed), seed=seed)
        state = game.new_initial_state()
        for action in final.history:
            if not state.is_chance_node():
                out.append((cast(RiverRaceState, state.clone()), state.legal_actions()))
            state.apply(action)
    return out


def _kept(name: str) -> list[tuple[State, list[int], list[int]]]:
    restriction = load_game("river-race").restriction(name)
    return [(s, legal, restriction.allowed(s, s.current_player(), legal)) for s, legal in _decisions()]


def _move(action: int) -> Move:
    move = from_id(action)
    assert isinstance(move, Move)
    return move


def _kinds(actions: list[int]) -> set[int]:
    return {KIND[a] for a in actions}


def test_every_restriction_is_declared_in_order() -> None:
    assert [r.name for r in load_game("river-race").restrictions()] == list(NAMES)


def test_never_offer_drops_the_offers_and_nothing_else() -> None:
    narrowed = 0
    for _, legal, kept in _kept("never-offer"):
        assert K_OFFER not in _kinds(kept)
        assert kept == [a for a in legal if KIND[a] != K_OFFER]
        narrowed += len(kept) < len(legal)
    assert narrowed


def test_never_ride_refuses_every_offer_and_never_bargain_also_never_offers() -> None:
    answers = 0
    for state, legal, kept in _kept("never-ride"):
        if state.phase == ANSWER:  # type: ignore[attr-defined]
            answers += 1
            assert _kinds(kept) == {K_REFUSE}
        else:
            assert kept == legal
    assert answers
    for state, legal, kept in _kept("never-bargain"):
        if state.phase == ANSWER:  # type: ignore[attr-defined]
            assert _kinds(kept) == {K_REFUSE}
        elif state.phase == COUNCIL:  # type: ignore[attr-defined]
            assert kept == [a for a in legal if KIND[a] != K_OFFER]


def test_never_counter_keeps_accept_and_refuse() -> None:
    for state, legal, kept in _kept("never-counter"):
        if state.phase == ANSWER:  # type: ignore[attr-defined]
            assert _kinds(kept) == {K_ACCEPT, K_REFUSE}
        else:
            assert kept == legal


def test_never_wait_rolls_only_when_no_crossing_is_possible() -> None:
    for _, legal, kept in _kept("never-wait"):
        if K_CROSS in _kinds(legal):
            assert K_DONE not in _kinds(kept) and K_CROSS in _kinds(kept)
        else:
            assert kept == legal


def test_never_step_drops_the_steps_up() -> None:
    for _, legal, kept in _kept("never-step"):
        assert kept == ([a for a in legal if KIND[a] != K_STEP] or legal)


def test_always_one_branch_keeps_that_branch_wherever_a_pawn_may_take_it() -> None:
    for branch, name in ((1, "always-upper"), (2, "always-lower"), (3, "always-around")):
        forks = 0
        for _, legal, kept in _kept(name):
            moves = [_move(a) for a in legal if KIND[a] == K_MOVE]
            for pawn in {m.pawn for m in moves}:
                branches = {m.branch for m in moves if m.pawn == pawn}
                left = {_move(a).branch for a in kept if KIND[a] == K_MOVE and _move(a).pawn == pawn}
                if branch in branches:
                    forks += 1
                    assert left == {branch}
                else:
                    assert left == branches
        assert forks, name


def test_ignore_price_redraws_only_the_seats_own_card() -> None:
    restriction = load_game("river-race").restriction("ignore-price")
    rng = random.Random(3)
    holding = changed = 0
    for state, _ in _decisions():
        seat = state.current_player()
        assert restriction.blind is not None
        seen = cast("RiverRaceState | None", restriction.blind(state, seat, rng))
        own = [p for p, c in enumerate(state.held) if c >= 0 and state.pos.index(state.tables.altar[p]) // 3 == seat]
        if not own:
            assert seen is None
            continue
        holding += 1
        assert seen is not None
        for place, card in enumerate(state.held):
            if place not in own:
                assert seen.held[place] == card
        changed += any(seen.held[p] != state.held[p] for p in own)
        assert seen.gold == state.gold and seen.pos == state.pos
    assert holding and changed


def test_ignore_price_keeps_a_crossing_only_when_the_card_it_believes_can_be_paid() -> None:
    # Designer note 10: the legal actions of the real position tell the sacrificer whether
    # its real card can be paid; a seat ignoring its price decides from the card it believes.
    game = load_game("river-race", players=2, options={"first": "seat1", "material": "first"})

    def position(card: int) -> RiverRaceState:
        return cast(
            RiverRaceState,
            game.parse_position(
                "river-race/2 first=1 turn=1 turns=3 phase=council dice=- ones=0 gold=5,5 rings=0 "
                "persecutor=3 bag=6,6,6,6,6,6 springs=0,0 pawns=s1u,camp,camp/y1u,camp,camp "
                f"cards=1u:{card}@0 pools=1,2,3,4,5,6,7,8,9,10,11,12 discard=- asked=- deals=- "
                "offer=- counter=- end=-"
            ),
        )

    restriction = game.restriction("ignore-price")
    real = position(7)  # upper price 4: seat 1's 5 gold pay it
    legal = real.legal_actions()
    assert K_CROSS in _kinds(legal)
    assert restriction.allowed(real, 0, legal) == legal
    believed = position(12)  # upper price 6: more than its 5 gold
    kept = restriction.allowed(believed, 0, legal)
    assert K_CROSS not in _kinds(kept) and kept == [a for a in legal if KIND[a] != K_CROSS]
    assert restriction.allowed(position(1), 0, legal) == legal  # upper price 1
