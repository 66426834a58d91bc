"""When a berry or a special space acts, its one log line says what happened and why, in
English and in French (issue 24)."""

from __future__ import annotations

import pytest

from savanna.core import load_game
from savanna.table import Seat, Table

EFFECTS = {
    "en": ("the berry is", ("is scared", "stops to eat", "points at the end", "sees every hidden berry",
           "gains 2 movement points", "turns around", "gives it to another", "nothing happens",
           "thrown again", "acts as the Vortex", "goes back two spaces")),
    "fr": ("la baie est", ("est effrayée", "s'arrête pour manger", "points à la fin", "voit désormais",
           "gagne 2 points", "s'inverse", "la donne à un autre", "rien ne se passe", "sont relancés",
           "agit comme le Vortex", "recule de deux cases")),
}  # fmt: skip


def _played(special: str, seed: int) -> Table:
    game = load_game("banjooli", players=3, options={"berries": True, "special": special})
    table = Table(game, [Seat.of_bot("heuristic")] * 3, seed=seed)
    while not table.finished:
        if table.to_act() < 0:
            table.play_chance()
        else:
            turn = table.bot_turn()
            assert turn is not None
            commit = table.propose_bot(turn, turn.decide(), draw=False)
            assert commit is not None
            table.adopt(commit)
    return table


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_revealed_berry_says_what_it_does(lang: str) -> None:
    start, effects = EFFECTS[lang]
    said = [
        e.words_for(None, lang) or ""
        for seed in (1, 2)
        for e in _played("vortex", seed).log
        if e.text.startswith("berry-is")
    ]
    assert said
    for line in said:
        assert line.startswith(start) and any(effect in line for effect in effects), line


@pytest.mark.parametrize(
    ("lang", "vortex", "lava"),
    [
        ("en", ("swaps places with", "a joker:", "its own colour:"), "(a move ending on lava goes back to high ground)"),
        ("fr", ("échange sa place avec", "un joker", "sa propre couleur"), "(un déplacement fini sur la lave"),
    ],
)
def test_the_vortex_die_and_the_lava_say_why(lang: str, vortex: tuple[str, ...], lava: str) -> None:
    dice = [e.words_for(None, lang) or "" for e in _played("vortex", 1).log if e.text.startswith("vortex ")]
    assert dice and all(any(v in line for v in vortex) for line in dice), dice
    sent = [e.words_for(None, lang) or "" for e in _played("lava", 2).log if e.text.startswith("to ")]
    assert sent and all(lava in line for line in sent), sent


@pytest.mark.parametrize(("lang", "seed"), [("en", 1), ("fr", 4)])
def test_the_terminal_log_shows_the_berry_line_at_80x24(lang: str, seed: int, tmp_path) -> None:
    from tests.tui.conftest import screen, session

    game = load_game("banjooli", players=3, options={"berries": True, "special": "vortex"})
    play, _ = session(game, "bot:heuristic,bot:heuristic,bot:heuristic", [], tmp_path, seed=seed, lang=lang)
    play.run()
    start, effects = EFFECTS[lang]
    out = " ".join(screen(play.console).split())
    assert any(f"{start} " in out and effect in out for effect in effects), out
    assert all(len(line) <= 80 for line in screen(play.console).splitlines())
