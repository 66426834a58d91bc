"""Every screen of every registered game fits 80x24, for every combination of its options.

A game is played with random moves for every option combination (the extremes and the
default of number options, every choice, on and off) and the fewest and most players.
At the first player's decisions the screen is laid out as the terminal lays it out, with a
two-line refusal above the prompt, and checked: nothing beyond 24 lines (the prompt
included) or 80 columns, the title on top, every line of the board whole, whose turn it
is, and the choices, all of them or a note saying how many more there are. The end
screen of each game is checked the same way.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from rich.text import Text

from savanna.core import BoolOption, ChoiceOption, Game, IntOption, load_game, registered_games
from savanna.tui.frames import end_screen
from savanna.tui.render import choice_cells
from savanna.tui.screen import compose
from savanna.tui.seat import parse_seats
from savanna.tui.session import PlaySession
from tests.tui.conftest import apply

WIDTH, HEIGHT = 80, 24
SCREENS_PER_GAME = 25
REFUSAL = [
    Text("Action 'move B' refused — rule game/some.rule: a sentence long enough to need"),
    Text("its second line on an 80-column terminal, as the rules' sentences often do."),
]


def values(option: Any) -> list[Any]:
    if isinstance(option, IntOption):
        return sorted({option.low, option.default, option.high})
    if isinstance(option, ChoiceOption):
        return list(option.choices)
    if isinstance(option, BoolOption):
        return [False, True]
    return [option.default]


def configurations(name: str) -> Iterator[tuple[str, int, dict[str, Any]]]:
    spec = load_game(name).spec
    options = list(spec.options)
    for combo in itertools.product(*(values(o) for o in options)):
        chosen = {o.name: v for o, v in zip(options, combo, strict=True)}
        for players in sorted({spec.min_players, spec.max_players}):
            yield name, players, chosen


CASES = [c for name in sorted(registered_games()) for c in configurations(name)]


def check_screen(lines: list[Text], board: list[Text], title: str, where: str) -> str:
    plain = [line.plain for line in lines]
    assert len(plain) <= HEIGHT - 1, f"{where}: {len(plain)} lines\n" + "\n".join(plain)
    assert all(len(row) <= WIDTH for row in plain), where
    assert plain[0].startswith(title), where
    for i, row in enumerate(board):
        assert row.plain.rstrip() in plain[1 + i], f"{where}: board line {i} cut"
    return "\n".join(plain)


def play_and_check(game: Game, seed: int) -> None:
    seats = parse_seats(",".join(["human"] + ["bot:random"] * (game.num_players - 1)))
    play = PlaySession(game, seats, seed=seed, lang="en" if seed % 2 else "fr")
    rng = random.Random(seed)
    checked = 0
    decisions = 0
    while not play.state.is_terminal() and checked < SCREENS_PER_GAME:
        state = play.state
        if state.is_chance_node():
            apply(play, state.sample_chance(rng))
            continue
        if state.current_player() == 0:
            decisions += 1
            if decisions < 6 or decisions % 7 == 0:
                menu = play._menu()
                shown = play.screen(0, menu=menu, message=REFUSAL)
                lines = compose(shown, WIDTH, HEIGHT)
                where = f"{game!r} seed {seed} action {len(state.history)}"
                text = check_screen(lines, shown.board, shown.title.plain[:20], where)
                assert ("To play" in text) or ("À jouer" in text), where
                assert lines[-2].plain == REFUSAL[0].plain, where
                cells = [c.plain for c in choice_cells(menu.choices, play.lang)]
                text = text.replace("\u00a0", " ")
                complete = all(cell[:40].replace("\u00a0", " ") in text for cell in cells)
                assert complete or ("more: type list" in text or "autres : tapez liste" in text), (
                    where
                )
                checked += 1
        apply(play, rng.choice(state.legal_actions()))
    while not play.state.is_terminal():
        state = play.state
        action = (
            state.sample_chance(rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
        apply(play, action)
    names = [play.seat_name(s) for s in range(game.num_players)]
    record_line = [Text("Record written to banjooli-2026-11-30-1805.savanna.json")]
    lines = end_screen(play.state, names, play.lang, WIDTH, HEIGHT, message=record_line)
    text = check_screen(lines, [], lines[0].plain[:9], f"{game!r} end")
    assert "Winner" in text or "Vainqueur" in text


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=str)
def test_every_screen_fits_80x24(name: str, players: int, options: dict[str, Any]) -> None:
    game = load_game(name, players=players, options=options)
    play_and_check(game, seed=len(str(options)) + players)
