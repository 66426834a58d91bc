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
