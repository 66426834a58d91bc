"""The evaluation's shortcuts (the road between forks read from a table, each fork's way
chosen once per state, pawns' plans kept) give the estimates of walking every route space
by space and planning every pawn afresh."""

from __future__ import annotations

import random

from savanna.games.river_race import RiverRaceGame, evaluation
from savanna.games.river_race.board import CAMP, LANDING, PATH
from savanna.games.river_race.council import sacrificer
from savanna.games.river_race.evaluation import (
    BUSY_WAIT,
    MOVE,
    RIDE_SHARE,
    TURN_VALUE,
    WAIT_VALUE,
    estimate_scores,
    expected_prices,
    plan_pawn,
)
from savanna.games.river_race.state import RiverRaceState


def _coin(state: RiverRaceState, river: int) -> float:
    stack = state.game.material.spring.stack
    taken = state.springs[river]
    return float(stack[taken]) if taken < len(stack) else 0.0


def _walked(
    state: RiverRaceState, space: int, prices: tuple[float, float]
) -> tuple[float, float, float, float]:
    """The route from ``space`` walked space by space (the evaluation's rule, written plainly)."""
    board = state.game.board
    steps = cost = gain = wait = 0.0
    while space != board.village:
        river = board.fork[space]
        if river >= 0:
            _, _, around = board.branches_at(space)
            options = []
            for index in (2 * river, 2 * river + 1):
                place = board.places[index]
                price = prices[0 if place.upper else 1]
                o_cost = RIDE_SHARE * price if sacrificer(state, index) >= 0 else price
                options.append(
                    (
                        1.0 / MOVE * TURN_VALUE + BUSY_WAIT * WAIT_VALUE + o_cost,
                        1.0,
                        o_cost,
                        0.0,
                        BUSY_WAIT,
                        place.landing,
                    )
                )
            coin = _coin(state, river)
            exit_ = board.around_exit[river]
            a_steps = float(board.dist_around[around] - board.dist_around[exit_]) + 1.0
            options.append((a_steps / MOVE * TURN_VALUE - coin, a_steps, 0.0, coin, 0.0, exit_))
            _, o_steps, o_cost, o_gain, o_wait, space = min(options)
            steps, cost, gain, wait = steps + o_steps, cost + o_cost, gain + o_gain, wait + o_wait
            continue
        assert board.kind[space] in (CAMP, PATH, LANDING)
        if board.spring[space] >= 0:
            gain += _coin(state, board.spring[space])
        space = board.next[space]
        steps += 1.0
    return steps, cost, gain, wait


def _states(players: int, seed: int) -> list[RiverRaceState]:
    game = RiverRaceGame(players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        state.apply(
            game.heuristic_action_in_state(state, legal, rng)
            if rng.random() < 0.6
            else rng.choice(legal)
        )
        out.append(state.clone())
    return out


def test_routes_read_from_the_table_are_the_routes_walked_space_by_space() -> None:
    for players, seed in ((2, 1), (4, 2), (5, 3)):
        for state in _states(players, seed)[::3]:
            prices = expected_prices(state)
            for pawn in range(len(state.pos)):
                kind = state.game.board.kind[state.pos[pawn]]
                if kind not in (CAMP, PATH, LANDING) and state.game.board.fork[state.pos[pawn]] < 0:
                    continue
                plan = plan_pawn(state, pawn, prices)
                steps, cost, gain, wait = _walked(state, state.pos[pawn], prices)
                assert (plan.moves, plan.cost, plan.gain, plan.wait) == (
                    steps / MOVE,
                    cost,
                    gain,
                    wait,
                )


def test_kept_plans_give_the_estimates_of_fresh_plans() -> None:
    states = _states(4, 7)
    evaluation._PLANS.clear()
    fresh = []
    for state in states:
        evaluation._PLANS.clear()
        fresh.append(estimate_scores(state))
    evaluation._PLANS.clear()
    kept = [estimate_scores(state) for state in states]
    assert len(evaluation._PLANS) > 0
    assert kept == fresh
