"""Drawing pieces of the terminal screen: colours, the 80x24 layout, the end-of-game tables."""

from __future__ import annotations

import io
import random
import re
from typing import Any

from rich.console import Console
from rich.text import Text

from savanna.core import Label, Observation, ScoreLine, ScoreSheet, State, load_game, random_playout
from savanna.tui.choice import Menu
from savanna.tui.frames import end_screen
from savanna.tui.render import (
    board_lines,
    choice_cells,
    legend_entries,
    secret_lines,
    sheet_entries,
)
from savanna.tui.screen import Cells, Lines, Screen, compose
from tests.support.toygame import ToyGame, ToyState

COLOUR_CODE = re.compile(r"\x1b\[[0-9;]*(3[0-7]|38;[25];[0-9;]+|9[0-7])m")


class StyledToy(ToyGame):
    """The toy race with its own colours, as a game gives them through ``text_styles``."""

    def text_styles(self, lang: str = "en") -> list[tuple[str, str]]:
        return [(r"(?<=^A \|)[.o]+", "red"), (r"o", "bold green")]


def colour_console(environ: dict[str, str] | None = None) -> Console:
    return Console(
        file=io.StringIO(),
        width=80,
        height=24,
        force_terminal=True,
        color_system="standard",
        _environ=environ or {},
    )


def toy_observation(game: ToyGame) -> Observation:
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply(state.sample_chance(random.Random(1)))
    return state.observation(0)


def styles_at(text: Any, index: int) -> list[str]:
    return [str(span.style) for span in text.spans if span.start <= index < span.end]


def test_a_game_colours_its_pieces_through_text_styles(toy) -> None:
    game = StyledToy(players=2)
    body = Text('\n').join(board_lines(game, toy_observation(game), "en"))
    plain = body.plain
    runner_a = plain.index("o")  # runner A's piece on the first line
    assert "red" in styles_at(body, runner_a) and "bold green" in styles_at(body, runner_a)
    # the generic piece colours are not mixed in when a game gives its own
    assert not any("yellow" in s for span in body.spans for s in [str(span.style)])
    frame = plain.index("|")
    assert styles_at(body, frame) == ["dim"]


def test_a_game_without_styles_gets_the_generic_highlighter(toy) -> None:
    game = ToyGame(players=2)
    body = Text('\n').join(board_lines(game, toy_observation(game), "en"))
    assert "bold yellow" in styles_at(body, 0)  # the runner letter A
    assert "bold magenta" in styles_at(body, body.plain.index("o"))


def test_colour_is_drawn_and_no_color_turns_it_off(toy) -> None:
    game = StyledToy(players=2)
    coloured = colour_console()
    coloured.print(Text('\n').join(board_lines(game, toy_observation(game), "en")))
    assert COLOUR_CODE.search(coloured.file.getvalue())  # type: ignore[attr-defined]
    plain = colour_console({"NO_COLOR": "1"})
    plain.print(Text('\n').join(board_lines(game, toy_observation(game), "en")))
    out = plain.file.getvalue()  # type: ignore[attr-defined]
    assert not COLOUR_CODE.search(out) and "A |" in re.sub(r"\x1b\[[0-9;]*m", "", out)


def tall_board(lines: int = 21, width: int = 36) -> list[Text]:
    return [Text(f"{i:>3} |" + " .  " * ((width - 5) // 4)) for i in range(lines)]


def plain(lines: list[Text]) -> list[str]:
    return [line.plain for line in lines]


def test_tall_board_gets_status_and_choices_beside_it_on_80x24() -> None:
    """A 21-line board with its choices fits an 80x24 terminal, the prompt line kept."""
    menu = Menu.build(["keep"] + [f"reroll {i}" for i in range(1, 12)] + ["pass"])
    screen = Screen(
        title=Text("Game — Player 1"),
        board=tall_board(),
        sections=[
            Lines([Text("To play: Player 1 (you)")], required=-1),
            Cells(choice_cells(menu.choices, "en"), header=Text("Your choices:")),
        ],
    )
    out = plain(compose(screen, 80, 24))
    assert len(out) <= 23 and all(len(line) <= 80 for line in out)
    assert "To play: Player 1 (you)" in out[1] and "1) keep" in "\n".join(out[:6])
    assert "reroll ... (11 choices" in "\n".join(out)
    assert all(board.plain in line for board, line in zip(tall_board(), out[1:], strict=False))


def test_a_wide_board_gets_its_sections_under_it() -> None:
    board = [Text("x" * 70) for _ in range(8)]
    screen = Screen(
        title=Text("Game"),
        board=board,
        sections=[Lines([Text("To play: Player 1")], required=-1)],
    )
    out = plain(compose(screen, 80, 24))
    assert out[1:9] == ["x" * 70] * 8 and out[9] == "To play: Player 1"


def test_too_many_choices_end_with_a_note_and_the_message_keeps_its_lines() -> None:
    texts = [f"move{i} x" for i in range(90)]
    menu = Menu.build(texts, family_min=100)
    screen = Screen(
        title=Text("Game"),
        board=tall_board(),
        sections=[
            Lines([Text("À jouer : Joueur 1")], required=-1),
            Cells(choice_cells(menu.choices, "fr"), more="... et {n} autres"),
        ],
        message=[Text("Action refusée — règle x : une phrase assez longue pour tenir une ligne.")],
    )
    lines = plain(compose(screen, 80, 24))
    out = "\n".join(lines)
    assert len(lines) <= 23 and "À jouer : Joueur 1" in out
    assert lines[-1].startswith("Action refusée")
    shown = len(re.findall(r"\d+\) move", out))
    assert 0 < shown < 90 and re.search(rf"\.\.\. et {90 - shown} autres", out)


def test_the_legend_is_shown_whole_or_not_at_all() -> None:
    game = load_game("hyena", players=2)
    legend = Lines([Text("On the board:"), *legend_entries(game, "en")], whole=True)
    room = Screen(title=Text("t"), board=tall_board(5), sections=[legend])
    assert "On the board:" in "\n".join(plain(compose(room, 80, 24)))
    short = Screen(title=Text("t"), board=tall_board(5), sections=[legend])
    assert "On the board:" not in "\n".join(plain(compose(short, 80, 6)))


def test_choices_say_what_each_move_does() -> None:
    menu = Menu.build(["keep", "move B+W"], ["keep all the dice", "blue 2 (blue + white joker)"])
    cells = [c.plain for c in choice_cells(menu.choices, "en")]
    assert cells == ["1) keep: keep all the dice", "2) move B+W: blue 2 (blue + white joker)"]
    french = Menu.build(["keep"], ["garder tous les dés"])
    assert [c.plain for c in choice_cells(french.choices, "fr")] == ["1) keep\u00a0: garder tous les dés"]


def test_secret_lines_are_what_a_seat_sees_beyond_the_public() -> None:
    public = "A |..o|\nB |o..|\nturn 3"
    private = "A |..o|\nB |o..|\nturn 3\nyour card: B\n\nturn 3"
    assert secret_lines(public, private) == ["your card: B", "turn 3"]


class SheetToyState(ToyState):
    """The toy race revealing every card once it is over."""

    def _observation(self, seat: int | None) -> Observation:
        obs = super()._observation(seat)
        if not self.is_terminal():
            return obs
        return Observation(obs.game, obs.seat, {**obs.data, "cards": list(self.cards)}, obs.text)

    def clone(self) -> SheetToyState:
        other = SheetToyState(self.toy)
        other.cards, other.pos, other.roll, other.turn = list(self.cards), list(self.pos), self.roll, self.turn
        other.history = list(self.history)
        return other


class SheetToy(ToyGame):
    """The toy race declaring score sheets: the card held, then whether its runner won."""

    def new_initial_state(self) -> SheetToyState:
        return SheetToyState(self)

    def score_sheets(self, observation: Observation) -> list[ScoreSheet] | None:
        data = observation.data
        if "cards" not in data:
            return None
        winner = max(range(3), key=lambda i: data["pos"][i])
        won = [int(card == winner) for card in data["cards"]]
        sheets = []
        for seat, card in enumerate(data["cards"]):
            lines = (ScoreLine(Label("toy.card", {"runner": "ABC"[card]}), None), ScoreLine(Label("toy.won"), won[seat]))
            tie = Label("tie.shared") if won.count(won[seat]) > 1 else None
            sheets.append(ScoreSheet(seat, lines, won[seat], sum(w > won[seat] for w in won), tie))
        return sheets

    def message(self, key: str, lang: str = "en", **fields: object) -> str:
        words = {"toy.card": "card {runner}", "toy.won": "runner won"}
        return words[key].format(**fields) if key in words else super().message(key, lang, **fields)


def test_score_entries_one_per_seat_best_first_with_the_lines_worked_out(toy) -> None:
    game = SheetToy(players=2)
    state = random_playout(game, random.Random(3))
    sheets = game.score_sheets(state.observation(None))
    assert sheets is not None
    out = [e.plain for e in sheet_entries(game, sheets, ["Player 1 (you)", "Player 2"], "en")]
    winner = state.winners()[0]
    assert out[0].startswith("1. " + ("Player 2" if winner == 1 else "Player 1 (you)"))
    assert re.search(r"card [ABC]; runner won \+1", " ".join(out))
    # a line worth nothing is left out, unless nothing else says where a total of 0 comes from
    loser = next(e for e in out if not e.startswith("1. ")) if len(set(state.scores())) > 1 else ""
    assert not loser or "runner won +0" in loser
    if len(set(state.scores())) == 1:
        assert "shared" in " ".join(out)


def test_score_entries_in_french(toy) -> None:
    game = load_game("hyena", players=2)
    state = random_playout(game, random.Random(4))
    sheets = game.score_sheets(state.observation(None))
    assert sheets is not None
    out = " ".join(e.plain for e in sheet_entries(game, sheets, ["Joueur 1 (vous)", "Joueur 2"], "fr"))
    assert "possède l'hyène +2" in out and "1. Joueur" in out and "\u00a0: " in out


def finished(game: Any, seed: int = 3) -> State:
    return random_playout(game, random.Random(seed))


def end_text(state: State, names: list[str], lang: str = "en") -> str:
    return "\n".join(line.plain for line in end_screen(state, names, lang, 80, 24))


def test_end_screen_reveals_each_secret_once_then_the_scoring(toy) -> None:
    game = SheetToy(players=2)
    state = finished(game)
    out = end_text(state, ["Player 1 (you)", "Player 2 (bot)"])
    cards = ["ABC"[c] for c in state.cards]  # type: ignore[attr-defined]
    first, second = (f"card {cards[0]}", f"card {cards[1]}")
    assert re.search(rf"Player 1 \(you\): \d — {first}", out)
    assert re.search(rf"Player 2 \(bot\): \d — {second}", out)
    assert out.count("card ") == 2 and "Winner" in out


def test_end_screen_without_score_sheets_shows_each_seats_secret_in_its_entry_in_french(toy) -> None:
    state = finished(ToyGame(players=2), seed=4)
    out = end_text(state, ["Joueur 1 (vous)", "Joueur 2"], "fr")
    cards = ["ABC"[c] for c in state.cards]  # type: ignore[attr-defined]
    assert "Résultat" in out and "Joueur 2\u00a0: " in out and f"card: {cards[1]}" in out


def test_end_screen_of_a_game_without_secrets_works_out_the_scores() -> None:
    state = finished(load_game("hyena", players=2), seed=4)
    out = end_text(state, ["Joueur 1 (vous)", "Joueur 2"], "fr")
    assert "possède l'hyène" in out and "Vainqueur" in out
    assert len(out.splitlines()) <= 23
