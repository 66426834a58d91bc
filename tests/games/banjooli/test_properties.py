"""Properties over seeded random games (Hypothesis draws the seeds and the configuration).

Source: rules document, "Engine invariants": ostriches never move backwards or sideways
except by Joka, Lava, the Vortex and the Crocodiles; no two ostriches share a space; every
game ends; replaying the history rebuilds every state; observations never leak another
seat's card or an unseen berry.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from savanna.core.record import record_of, replay
from savanna.games.banjooli import BanjooliGame
from savanna.games.banjooli.components import load_data
from savanna.games.banjooli.phase import ARRIVED
from savanna.games.banjooli.phase import PHASE_NAMES as PHASES

configs = st.fixed_dictionaries(
    {
        "players": st.integers(2, 5),
        "tiles": st.integers(4, 6),
        "special": st.sampled_from(["none", "crocodiles", "ravine", "lava", "vortex"]),
        "berries": st.booleans(),
        "lion": st.booleans(),
    }
)


def _play(config: dict, seed: int, check) -> BanjooliGame:
    players = config["players"]
    options = {k: v for k, v in config.items() if k != "players"}
    g = BanjooliGame(players=players, options=options)
    rng = random.Random(seed)
    s = g.new_initial_state()
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        action = s.sample_chance(rng) if s.is_chance_node() else legal[rng.randrange(len(legal))]
        before = s.clone()
        s.apply(action)
        check(before, action, s, steps)
        steps += 1
        assert steps <= g.max_game_length
    return g


def _backward_allowed(before, after) -> bool:
    phase = PHASES[before.phase]
    if phase in ("vortex", "swap"):
        return True
    if phase == "space" and before.reason in "lj":
        return True
    picked = [t for t, _ in after.picked[len(before.picked) :]]
    if load_data().berry_index("joka") in picked:
        return True
    return phase == "step" and "lava" in after.board.tiles


@given(configs, st.integers(0, 2**32))
def test_ostriches_move_forward_only_and_never_share_a_space(config: dict, seed: int) -> None:
    def check(before, action, after, steps) -> None:
        if after.board is None:
            return
        spaces = [p for p in after.pos if p != ARRIVED]
        assert len(spaces) == len(set(spaces))
        for o in range(5):
            b, a = before.pos[o], after.pos[o]
            if b == ARRIVED:
                assert a == ARRIVED
            elif a != ARRIVED and a < b and before.board is not None:
                assert _backward_allowed(before, after), (before.to_text(), after.to_text())
            if a != ARRIVED and before.board is not None and a != b and PHASES[before.phase] == "step":
                moved_sideways = after.board.row[a] == after.board.row[b] and after.board.tile[a] == after.board.tile[b]
                assert not moved_sideways or _backward_allowed(before, after)

    _play(config, seed, check)


@given(configs, st.integers(0, 2**32))
def test_replaying_the_history_rebuilds_every_state(config: dict, seed: int) -> None:
    texts: list[str] = []
    final: list = []

    def check(before, action, after, steps) -> None:
        texts.append(after.to_text())
        final[:] = [after]

    _play(config, seed, check)
    state = final[0]
    replayer = state.game.new_initial_state()
    for i, action in enumerate(state.history):
        replayer.apply(action)
        assert replayer.to_text() == texts[i]
    assert replay(record_of(state)).to_text() == state.to_text()


@given(configs, st.integers(0, 2**32))
def test_observations_never_show_another_seats_card_or_an_unseen_berry(config: dict, seed: int) -> None:
    def check(before, action, after, steps) -> None:
        if steps % 7 or after.is_terminal():
            return  # at the end every Prediction is revealed (score.prediction)
        for seat in range(after.n):
            obs = after.observation(seat)
            cards = obs.text.split(" C=")[1].split()[0].split(",")
            for other, shown in enumerate(cards):
                if other != seat:
                    assert shown in ("?", "-")
            for space, token in obs.data["berries"]:
                assert token == -1 or space in after.peeks[seat]
            # A state differing only in another seat's card looks the same to this seat.
            other = (seat + 1) % after.n
            spare = [c for c in range(10) if c not in after.cards]
            if after.cards[other] >= 0 and spare:
                twin = after.clone()
                twin.cards[other] = spare[0]
                assert twin.observation(seat).text == obs.text
                assert twin.observation(seat).data == obs.data

    _play(config, seed, check)
