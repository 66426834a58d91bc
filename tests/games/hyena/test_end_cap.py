"""Rule end.cap: a game that reaches ``max_game_length`` actions stops there.

Design rule (docs/rules/hyena.md, Ending): it guarantees that every playout ends.
"""

from __future__ import annotations

from savanna.core import load_game

GAME = load_game("hyena", players=2, options={"rules": "three-sticks", "length": 30})


def _position(steps: int):
    text = f"three-sticks/30 turn=1:decide:2w steps={steps} mothers=V0,V0 banks=3,1 home=- hyena=-"
    return GAME.parse_position(text)


def test_end_cap_stops_the_game_at_max_game_length() -> None:
    state = _position(GAME.max_game_length - 1)
    assert not state.is_terminal()
    state.apply_text("bank")
    assert state.is_terminal() and state.legal_actions() == []


def test_end_cap_does_not_stop_a_game_below_the_cap() -> None:
    state = _position(GAME.max_game_length - 2)
    state.apply_text("bank")
    assert not state.is_terminal()


def test_end_cap_game_statistics_say_how_the_game_ended_and_who_was_eaten() -> None:
    """The lab counts games stopped by rule end.cap (``ended_by``) and the hyena's meals."""
    from savanna.games.hyena import HyenaGame

    game = HyenaGame(players=3, options={"rules": "three-sticks"})
    over = game.parse_position(
        "three-sticks/40 turn=0:over steps=99 mothers=H0,X12,H0 banks=0,0,0 home=2,0 hyena=2:H0")
    stats = game.game_statistics(over)
    assert stats["game"] == {"rules": "three-sticks", "length": 40, "ended_by": "finished", "hyena_drank": True,
                             "eaten": 1, "anyone_eaten": True}
    assert stats["seats"] == {"fate": ["home", "eaten", "hyena"]}
    capped = game.parse_position(
        "three-sticks/40 turn=0:over steps=6000 mothers=O12,O3,B20 banks=0,0,0 home=- hyena=-")
    assert capped.is_terminal()
    assert game.game_statistics(capped)["game"]["ended_by"] == "turn_cap"
    assert game.game_statistics(capped)["seats"] == {"fate": ["out", "out", "out"]}
