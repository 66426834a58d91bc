"""Action and position notation, observations, hidden information and sampling.

Source: rules-questions Banjooli 14 (both notations); banjooli-xeet-rules-en.txt, Initial
Setup 4 (Predictions dealt face down) and Berries (Jëmbat, a secret peek).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.games.banjooli.helpers import game, position, sp

from savanna.core.errors import NotationError
from savanna.core.game import CHANCE


def play_until(state, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply(state.sample_chance(rng) if state.is_chance_node() else legal[rng.randrange(len(legal))])


def test_position_round_trips() -> None:
    g = game(berries=True, special="vortex")
    rng = random.Random(5)
    s = g.new_initial_state()
    for _ in range(300):
        text = s.to_text()
        assert g.parse_position(text).to_text() == text
        play_until(s, rng, 1)


@pytest.mark.parametrize("bad", ["", "chess", "banjooli L=plain", "banjooli L=nowhere P=decide"])
def test_position_notation_errors_are_typed(bad: str) -> None:
    with pytest.raises(NotationError):
        game().parse_position(bad)


def test_position_refuses_two_ostriches_on_one_space() -> None:
    with pytest.raises(NotationError):
        position(game(), at={"B": sp(1, 0), "Y": sp(1, 0)})


def test_action_notation_round_trips_in_random_games() -> None:
    g = game(players=3, berries=True, special="crocodiles")
    rng = random.Random(11)
    for _ in range(3):
        s = g.new_initial_state()
        while not s.is_terminal():
            for a in s.legal_actions()[:70]:
                assert s.parse_action(s.action_to_text(a)) == a
            play_until(s, rng, 1)


def test_unknown_action_text_is_a_notation_error() -> None:
    s = position(game(), dice="BBRRGW")
    for bad in ("fly B", "move Q", "reroll 7", "reroll", "move B*4"):
        with pytest.raises(NotationError):
            s.parse_action(bad)


def test_deal_hides_other_seats_cards() -> None:
    g = game()
    s = g.new_initial_state()
    s.apply(0)
    for card in (3, 7, 1, 9):
        s.apply(card)
    for seat in range(4):
        data = s.observation(seat).data
        assert data["card"] == s.cards[seat]
        assert str(s.cards[(seat + 1) % 4]) not in data["position"].split("C=")[1].split()[0].split(",")[
            (seat + 1) % 4
        ]


def test_observation_equal_when_only_another_seats_card_differs() -> None:
    g = game()
    a = position(g, cards=[0, 1, 2, 3], dice="BBRRGW")
    b = position(g, cards=[0, 5, 2, 3], dice="BBRRGW")
    assert a.observation(0).text == b.observation(0).text
    assert a.observation(0).data == b.observation(0).data
    assert a.observation(1).text != b.observation(1).text


def test_observation_hides_face_down_berries_until_peeked() -> None:
    g = game(berries=True)
    a = position(g, berries={sp(5, 0): "c", sp(6, 1): "?"}, peeks=[[sp(5, 0)], [], [], []])
    b = position(g, berries={sp(5, 0): "d", sp(6, 1): "?"}, peeks=[[sp(5, 0)], [], [], []])
    assert a.observation(1).text == b.observation(1).text
    assert a.observation(0).text != b.observation(0).text
    assert [sp(5, 0), 2] in a.observation(0).data["berries"]
    assert [sp(5, 0), -1] in a.observation(1).data["berries"]


def test_spectator_sees_no_card() -> None:
    s = position(game(), cards=[0, 1, 2, 3])
    assert "C=?,?,?,?" in s.observation(None).text


def test_sample_state_is_consistent_with_the_observation() -> None:
    g = game(berries=True)
    rng = random.Random(2)
    s = g.new_initial_state()
    play_until(s, rng, 60)
    seat = 2
    obs = s.observation(seat)
    for k in range(5):
        sample = g.sample_state(obs, random.Random(k))
        assert sample.observation(seat).text == obs.text
        assert sorted(c for c in sample.cards) == sorted(set(sample.cards))
        assert sample.cards[seat] == s.cards[seat]


def test_observation_tensor_has_the_declared_shape() -> None:
    g = game(berries=True)
    rng = random.Random(4)
    s = g.new_initial_state()
    for _ in range(80):
        for seat in (0, 1, None):
            assert len(g.observation_tensor(s.observation(seat))) == g.observation_tensor_shape[0]
        play_until(s, rng, 1)


def test_chance_nodes_are_the_dice_one_at_a_time() -> None:
    s = position(game(), phase="roll", to_roll="012345", after="reroll")
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 6
    s.apply_text("roll 4")  # numeric notation: 4 = green
    assert s.dice[0] == 3


def test_game_statistics_report_finishers_cards_and_turns() -> None:
    g = game(players=2)
    s = position(g, phase="over", arrived="RYB", at={"G": sp(2, 0), "P": sp(5, 0)}, cards=[3, 7], turn=42)
    stats = g.game_statistics(s)
    assert stats["game"]["finish_1"] == "red" and stats["game"]["last"] == "green"
    assert stats["game"]["turns"] == 42 and stats["game"]["ended_by"] == "arrival"
    assert stats["seats"]["prediction"] == ["P4", "P8"] and stats["seats"]["oor"] == [0, 0]


@pytest.mark.parametrize(
    ("field", "value"),
    [("P", "step"), ("S", "7"), ("X", "BB...."), ("Q", "99"), ("B", "999:?"), ("P", "space"), ("P", "place")],
)
def test_position_refuses_contradictory_fields(field: str, value: str) -> None:
    g = game()
    text = position(g, dice="BBRRGW").to_text()
    parts = [f"{field}={value}" if p.startswith(f"{field}=") else p for p in text.split()]
    with pytest.raises(NotationError):
        g.parse_position(" ".join(parts))


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"O=0,1,2,3,4": "O=Fs,1,2,3,4", "A=-": "A=B"}, "arrived ostrich is not scared"),
        ({"P=decide": "P=over"}, "game is over exactly"),
        ({"C=0,1": "C=0,-"}, "every seat holds"),
        ({"K=-": "K=c0"}, "berries option"),
        ({"P=decide": "P=step", "M=-": "M=0:0"}, "movement points"),
    ],
)
def test_position_parsing_refuses_unreachable_positions(change: dict[str, str], why: str) -> None:
    g = game(players=2)
    text = position(g, cards=[0, 1]).to_text()
    for old, new in change.items():
        assert old in text
        text = text.replace(old, new)
    with pytest.raises(NotationError, match=why):
        g.parse_position(text)


def test_position_parsing_refuses_berries_off_plain_land_or_peeks_at_nothing() -> None:
    g = game(players=2, berries=True)
    good = position(g, cards=[0, 1], berries={sp(5, 0): "?"}, peeks=[[sp(5, 0)], []]).to_text()
    assert g.parse_position(good).to_text() == good
    for old, new, why in [
        (f"B={sp(5, 0)}:?", f"B={sp(0, 0)}:?", "berry.placement"),  # too near the Exit
        (f"B={sp(5, 0)}:?", "B=32:?", "berry.placement"),  # quicksand
        (f"J={sp(5, 0)}/-", f"J={sp(6, 0)}/-", "peeked only"),
        ("K=-", "K=c1", None),
    ]:
        text = good.replace(old, new)
        if why is None:
            g.parse_position(text)  # a picked Oor alongside an unknown berry is fine
            continue
        with pytest.raises(NotationError, match=why.replace(".", r"\.")):
            g.parse_position(text)


def _broken_positions() -> list[str]:
    """Position texts each wrong in one way: missing or garbled fields, contradictions."""
    g = game(players=2)
    good = position(g, cards=[0, 1]).to_text()
    swaps = [
        ("banjooli", "chess"), ("P=decide", "P=nowhere"), ("S=0", "S=x"), ("S=0", "S=7"),
        ("X=", "X=B"), ("O=0,1,2,3,4", "O=0,1"), ("O=0,1,2,3,4", "O=0,1,2,3,999"),
        ("C=0,1", "C=0"), ("C=0,1", "C=3,3"), ("P=decide", "P=over"), ("C=0,1", "C=0,-"),
        ("K=-", "K=c0"), ("L=", "Lx"),
    ]
    texts = [good.replace(old, new, 1) for old, new in swaps]
    texts.append(" ".join(p for p in good.split() if not p.startswith("T=")))
    return texts


@pytest.mark.parametrize("text", _broken_positions())
def test_position_errors_name_the_problem_in_the_readers_language(text: str) -> None:
    """Like every refusal, a position that does not read says why in English and French:
    the reason is a ``position.*`` message of the catalogue in each language."""
    from savanna.games.banjooli.rules import MESSAGES

    with pytest.raises(NotationError) as caught:
        game(players=2).parse_position(text)
    keys = MESSAGES.keys_under("position.")
    for lang in ("en", "fr"):
        said = caught.value.text(lang)
        starts = [MESSAGES.template(k, lang).split("{")[0] for k in keys]
        assert any(start and start in said for start in starts) or any(
            MESSAGES.template(k, lang).startswith("{") for k in keys
        ), (lang, said)
    english, french = caught.value.text("en"), caught.value.text("fr")
    why_en = english.rsplit("(", 1)[1]
    assert why_en not in french, (english, french)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_track_and_its_sides_are_told_by_the_tiles_names_not_their_ids(lang: str) -> None:
    """The chance outcomes that lay out the track name its tiles as the drawing does."""
    g = game(special="ravine")
    s = g.new_initial_state()
    rng = random.Random(1)
    told: list[Any] = []
    while s.is_chance_node() and len(told) < 2:
        action = s.sample_chance(rng)
        told.append(s.describe_action(action, lang))
        s.apply(action)
    assert len(told) == 2
    from savanna.games.banjooli.rules import MESSAGES

    names = {MESSAGES.text(key, lang) for key in MESSAGES.keys_under("tile.")}
    for words in told:
        listed = words.split(":")[-1].strip().split(", ")
        assert listed and all(name in names for name in listed), (words, names)
