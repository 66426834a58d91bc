"""French all through: at 80x24, a French player of every game reads no English move word
(menus, the list of choices, help, rules, refusals, the log), and French moves are played."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from savanna.core import load_game
from tests.tui.conftest import moves_of, screen, session

ENGLISH_MOVES = re.compile(
    r"\b(keep|reroll|move|step|jump|spell|unspell|berry|give|swap|throw|bank|pay|roll|accept"
    r"|cross|counter|offer|upper|lower|around|pass)\b",  # not "refuse": French too (il refuse)
    re.IGNORECASE,
)

GAMES = [
    ("banjooli", "human,bot:random,bot:random", {"berries": True, "special": "vortex", "lion": True}),
    ("hyena", "human,bot:random", {"rules": "three-sticks"}),
    ("river-race", "human,bot:random,bot:random,bot:random", {}),
]


def _english_words(out: str) -> list[str]:
    # A path written on screen (the save's name) is not a move word.
    return [m.group(0) for m in ENGLISH_MOVES.finditer(out) if "/" not in out[max(0, m.start() - 40) : m.start()]]


@pytest.mark.parametrize(("name", "seats", "options"), GAMES)
def test_a_french_screen_of_every_game_holds_no_english_move_word(
    name: str, seats: str, options: dict[str, object], tmp_path: Path
) -> None:
    game = load_game(name, players=len(seats.split(",")), options=dict(options))
    pages = ["liste", "q", "aide", "q", "règles", "q", "q", "mauvais coup", "2"]
    lines = pages + ["1"] * 120
    play, keys = session(game, seats, lines, tmp_path, seed=5, lang="fr")
    play.run()
    out = screen(play.console)
    assert "Tous les choix" in out and "Commandes, à chaque invite" in out
    assert len([p for p in keys.prompts if "votre coup" in p]) > 10  # the game went on in French
    found = _english_words(out)
    assert not found, found


def test_french_moves_are_shown_and_played_in_banjooli(tmp_path: Path) -> None:
    game = load_game("banjooli", players=2, options={"berries": False})
    play, _ = session(game, "human,bot:random", ["garder", "liste", "q"], tmp_path, seed=3, lang="fr")
    play.run()
    out = screen(play.console).replace("\u00a0", " ")
    assert re.search(r"\d\) garder : garder tous les dés", out)
    assert "relancer + n'importe lesquels de 1 2 3 4 5 6" in out
    assert moves_of(play)[:1] == ["keep"]
    assert re.search(r"\d\) déplacer [BJRVP]", out), out[-1500:]


@pytest.mark.parametrize(
    ("typed", "steps"),
    [(["garder déplacer J TT"], ["step F", "step F"]), (["garder", "dép j", "td"], ["step F", "step R"])],
)
def test_french_moves_and_steps_typed_ahead(typed: list[str], steps: list[str], tmp_path: Path) -> None:
    play, keys = session("banjooli", "human,bot:random", [*typed, "quitter", "n"], tmp_path, seed=4, lang="fr")
    play.run()
    assert moves_of(play)[:4] == ["keep", "move Y", *steps]
    assert sum("votre coup" in p for p in keys.prompts) == len(typed) + 1


def test_the_family_question_reads_as_french(tmp_path: Path) -> None:
    game = load_game("banjooli", players=2, options={"berries": True})
    play, keys = session(game, "human,bot:random", ["baie", "", "quitter", "n"], tmp_path, seed=3, lang="fr")
    play.run()
    asked = [p for p in keys.prompts if p.startswith("Pour baie, tapez l'un de ceux affichés")]
    assert asked and "lequel" not in " ".join(keys.prompts)
