"""The river race's secret for the coach's beliefs (``Game.secret``): the cards a seat holds."""

from __future__ import annotations

from savanna.core import load_game

POSITION = (
    "river-race/2 first=1 turn=1 turns=3 phase=roll dice=- ones=0 gold=5,5 rings=0 "
    "persecutor=3 bag=6,6,6,6,6,6 springs=0,0 pawns=s1u,camp,camp/y1u,camp,camp "
    "cards=1u:7@{deck} pools=1,2,3,4,5,6,7,8,9,10,11,12 discard=- asked=- deals=- "
    "offer=- counter=- end=-"
)


def test_sacrifice_secret_the_holder_has_a_secret_the_others_do_not() -> None:
    game = load_game("river-race", players=2, options={"first": "seat1", "material": "first"})
    state = game.parse_position(POSITION.format(deck=0))
    mine = game.secret(state.observation(0))
    assert mine is not None and mine.key == "coach.card"
    assert mine.fields["number"] == 7 and mine.fields["place"] == "1u"
    assert game.secret(state.observation(1)) is None
    assert game.secret(state.observation(None)) is None
    assert "card 7" in game.label_text(mine, "en") and "carte 7" in game.label_text(mine, "fr")


def test_sacrifice_secret_the_same_card_from_another_deck_is_another_secret() -> None:
    import copy

    from savanna.core import Observation

    game = load_game("river-race", players=2, options={"first": "seat1", "material": "first"})
    observation = game.parse_position(POSITION.format(deck=0)).observation(0)
    data = copy.deepcopy(dict(observation.data))
    data["cards"][0]["deck"] = 1  # the same card 7, drawn again after a reshuffle
    later = Observation(observation.game, 0, data, observation.text)
    first = game.secret(observation)
    assert first == game.secret(game.parse_position(POSITION.format(deck=0)).observation(0))
    assert first != game.secret(later)
