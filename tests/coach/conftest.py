"""Fixtures of the coach tests: a toy race whose determinizations the game lists."""

from __future__ import annotations

import itertools
import random

import pytest

from savanna.core import Label, Observation, State
from tests.support.toygame import RUNNERS, ToyGame, ToyState


class ListedToy(ToyGame):
    """The toy race, telling the coach every determinization and each seat's secret card.

    ``sample_state`` draws each hidden card uniformly and independently; the list holds
    every combination once, so its states are equally likely, as the hook requires.
    """

    def determinizations(self, observation: Observation) -> list[State]:
        d = observation.data
        hidden = [s for s in range(self.num_players) if s != observation.seat and s < d["dealt"]]
        out: list[State] = []
        for combo in itertools.product(range(3), repeat=len(hidden)):
            state = self.sample_state(observation, random.Random(0))
            for seat, card in zip(hidden, combo, strict=True):
                state.cards[seat] = card
            out.append(state)
        return out

    def secret(self, observation: Observation) -> Label | None:
        card = observation.data["card"]
        return None if card is None else Label("toy.card", {"runner": RUNNERS[card]})


def toy_position(game: ToyGame, pos: list[int], cards: list[int], turn: int = 0, roll: int = 0) -> ToyState:
    """A toy position set up by hand."""
    state = game.new_initial_state()
    state.pos = list(pos)
    state.cards = list(cards)
    state.turn = turn
    state.roll = roll
    return state


@pytest.fixture
def listed_toy() -> ListedToy:
    """A two-seat listed toy race on a track of 6."""
    return ListedToy(2, {"length": 6})
