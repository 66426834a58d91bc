"""The coach's refusals as a person reads them, in English and in French.

Each refusal is a catalogue message (``error.*`` of the coach's words): the same refusal
in both languages, French typography applied (a no-break space before a colon), the
value refused quoted the same way in each.
"""

from __future__ import annotations

import pytest

from savanna.coach import CoachError, analyse
from savanna.coach.belief import BeliefTracker, posterior
from savanna.coach.policy import Policy
from savanna.core import OptionError, SavannaError, load_game
from tests.coach.conftest import ListedToy, toy_position

NBSP = "\u00a0"


def both(error: SavannaError) -> tuple[str, str]:
    return str(error), error.text("fr")


def test_a_spectators_view_is_refused_in_both_languages() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [1, 1, 1], [0, 1], roll=2)
    with pytest.raises(CoachError) as caught:
        analyse(game, state.observation(None), samples=2)
    assert both(caught.value) == (
        "the coach analyses a seat's observation, not a spectator's",
        "le coach analyse l'observation d'un joueur, pas celle d'un spectateur",
    )
    with pytest.raises(CoachError) as caught:
        posterior(game, state.observation(None), [])
    assert both(caught.value) == (
        "beliefs are held by a seat, not by a spectator",
        "les croyances sont celles d'un joueur, pas d'un spectateur",
    )


def test_settings_out_of_range_are_refused_in_both_languages() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [1, 1, 1], [0, 1], roll=2)
    with pytest.raises(OptionError) as caught:
        analyse(game, state.observation(0), samples=0)
    assert both(caught.value) == (
        "samples must be a whole number of at least 1, not 0",
        "samples doit être un nombre entier d'au moins 1, pas 0",
    )
    with pytest.raises(OptionError) as caught:
        analyse(game, state.observation(0), samples=2, objective="glory")  # type: ignore[arg-type]
    assert both(caught.value) == (
        "objective must be score or win, not 'glory'",
        "l'objectif doit être score ou win, pas 'glory'",
    )
    with pytest.raises(OptionError) as caught:
        Policy(game, "clever")
    assert both(caught.value) == (
        "unknown coach model 'clever' (models: heuristic, random)",
        f"modèle de jeu inconnu 'clever' (modèles{NBSP}: heuristic, random)",
    )
    with pytest.raises(OptionError) as caught:
        BeliefTracker(game, 0, noises=[0.0])
    assert both(caught.value) == (
        "each noise must be more than 0 and at most 1, not [0.0]",
        "chaque bruit doit être plus que 0 et au plus 1, pas [0.0]",
    )


def test_an_observation_of_another_game_names_both_games() -> None:
    game = ListedToy(2, {"length": 6})
    state = toy_position(game, [1, 1, 1], [0, 1], roll=2)
    with pytest.raises(CoachError) as caught:
        analyse(load_game("hyena"), state.observation(0), samples=2)
    english, french = both(caught.value)
    assert english == f"this observation is of {game.name!r}, not of 'hyena'"
    assert french == f"cette observation est de {game.name!r}, pas de 'hyena'"
