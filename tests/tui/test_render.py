"""Drawing pieces of the terminal screen: colours, the 80x24 layout, the end-of-game tables."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from savanna.core import Label, Observation, ScoreLine, ScoreSheet, State, load_game, random_playout
from savanna.tui.choice import Menu
from savanna.tui.render import (
    arrange,
    board_body,
    choice_cells,
    game_help,
    score_sheet_table,
    secret_lines,
    status_rows,
)
from savanna.tui.session import final_report
from tests.support.toygame import ToyGame, ToyState
from tests.tui.conftest import make_console

COLOUR_CODE = re.compile(r"\x1b\[[0-9;]*(3[0-7]|38;[25];[0-9;]+|9[0-7])m")


class StyledToy(ToyGame):
    """The toy race with its own colours, as a game gives them through ``text_styles``."""

    def text_styles(self, lang: str) -> Sequence[tuple[str, str]]:
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
    body = board_body(game, toy_observation(game), "en")
    plain = body.plain
    runner_a = plain.index("o")  # runner A's piece on the first line
    assert "red" in styles_at(body, runner_a) and "bold green" in styles_at(body, runner_a)
    # the generic piece colours are not mixed in when a game gives its own
    assert not any("yellow" in s for span in body.spans for s in [str(span.style)])
    frame = plain.index("|")
    assert styles_at(body, frame) == ["dim"]


def test_a_game_without_styles_gets_the_generic_highlighter(toy) -> None:
    game = ToyGame(players=2)
    body = board_body(game, toy_observation(game), "en")
    assert "bold yellow" in styles_at(body, 0)  # the runner letter A
    assert "bold magenta" in styles_at(body, body.plain.index("o"))


def test_colour_is_drawn_and_no_color_turns_it_off(toy) -> None:
    game = StyledToy(players=2)
    coloured = colour_console()
    coloured.print(board_body(game, toy_observation(game), "en"))
    assert COLOUR_CODE.search(coloured.file.getvalue())  # type: ignore[attr-defined]
    plain = colour_console({"NO_COLOR": "1"})
    plain.print(board_body(game, toy_observation(game), "en"))
    out = plain.file.getvalue()  # type: ignore[attr-defined]
    assert not COLOUR_CODE.search(out) and "A |" in re.sub(r"\x1b\[[0-9;]*m", "", out)


def tall_board(lines: int = 21, width: int = 36) -> str:
    return "\n".join(f"{i:>3} |" + " .  " * ((width - 5) // 4) for i in range(lines))


def test_tall_board_gets_status_and_choices_beside_it_on_80x24() -> None:
    """A 21-line board (Banjooli's) with its choices fits an 80x24 terminal."""
    console = make_console(80, 24)
    from rich.text import Text

    menu = Menu.build(["keep"] + [f"reroll {i}" for i in range(1, 12)] + ["pass"])
    rows = status_rows("en", turn="Player 1 (you)", chance=["roll B"], last=[], scores=None)
    console.print(
        arrange(
            console,
            heading="Game — as seen by Player 1",
            body=Text(tall_board()),
            rows=rows,
            lang="en",
            cells=choice_cells(menu.choices, "en"),
            more="... and {n} more",
        )
    )
    out = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert len(out) <= 22  # the prompt and one message still fit
    assert all(len(line) <= 80 for line in out)
    assert "To play: Player 1 (you)" in out[1] and "1) keep" in "\n".join(out[:6])
    assert "reroll ... (11 choices" in "\n".join(out)


def test_too_many_choices_beside_the_board_end_with_a_note() -> None:
    console = make_console(80, 24)
    from rich.text import Text

    texts = [f"move{i} x" for i in range(90)]
    menu = Menu.build(texts, family_min=100)
    console.print(
        arrange(
            console,
            heading="Game",
            body=Text(tall_board()),
            rows=status_rows("fr", turn="Joueur 1", chance=[], last=[], scores=None),
            lang="fr",
            cells=choice_cells(menu.choices, "fr"),
            more="... et {n} autres",
        )
    )
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert len(out.splitlines()) <= 22 and "À jouer : Joueur 1" in out
    shown = len(re.findall(r"\d+\) move", out))
    assert 0 < shown < 90 and re.search(rf"\.\.\. et {90 - shown} autres", out)


def test_secret_lines_are_what_a_seat_sees_beyond_the_public() -> None:
    public = "A |..o|\nB |o..|\nturn 3"
    private = "A |..o|\nB |o..|\nturn 3\nyour card: B\n\nturn 3"
    assert secret_lines(public, private) == ["your card: B", "turn 3"]


def table_text(table: Any, width: int = 80) -> str:
    console = make_console(width, 24)
    console.print(table)
    return console.file.getvalue()  # type: ignore[no-any-return]


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


def test_score_sheet_table_has_a_row_per_seat_best_first_with_the_lines_worked_out(toy) -> None:
    game = SheetToy(players=2)
    state = random_playout(game, random.Random(3))
    sheets = game.score_sheets(state.observation(None))
    assert sheets is not None
    out = table_text(score_sheet_table(game, sheets, ["P1 (you)", "P2"], "en"))
    lines = out.splitlines()
    assert lines[0].startswith("Scoring, line by line")
    winner = state.winners()[0]
    rows = [line for line in lines if "P1 (you)" in line or "P2" in line]
    assert rows[0].lstrip().startswith("1") and ("P2" if winner == 1 else "P1 (you)") in rows[0]
    assert re.search(r"card [ABC]; runner won \+1", out) and re.search(r"runner won \+0", out)
    if len(set(state.scores())) == 1:
        assert "shared" in out
    assert all(len(line) <= 80 for line in lines)


def test_score_sheet_table_in_french(toy) -> None:
    game = load_game("hyena", players=2)
    state = random_playout(game, random.Random(4))
    sheets = game.score_sheets(state.observation(None))
    assert sheets is not None
    out = table_text(score_sheet_table(game, sheets, ["J1 (vous)", "J2"], "fr"))
    assert out.startswith("Décompte des points, ligne par ligne")
    assert "rang" in out and "Décompte" in out and "possède l'hyène +2" in out


def test_game_help_gives_the_rules_in_short_and_the_legend() -> None:
    game = load_game("banjooli")
    out = table_text(game_help(game, "fr"), width=100)
    assert "Les règles en bref" in out and "Sur le plateau" in out
    assert "un rocher : infranchissable" in out and "Prédiction" in out


def finished(game: Any, seed: int = 3) -> State:
    return random_playout(game, random.Random(seed))


def test_end_report_reveals_each_secret_once_then_the_scoring(toy) -> None:
    game = SheetToy(players=2)
    state = finished(game)
    parts = final_report(state, ["Player 1 (you)", "Player 2 (bot)"], ["P1 (you)", "P2"], "en")
    out = table_text(parts[0]) + table_text(parts[1]) + table_text(parts[2])
    cards = ["ABC"[c] for c in state.cards]  # type: ignore[attr-defined]
    assert f"Player 1 (you): card: {cards[0]}" in out and f"Player 2 (bot): card: {cards[1]}" in out
    assert out.count("|") == 0  # the board is not repeated per seat
    assert "Scoring, line by line" in out and re.search(r"runner won \+1", out)


def test_end_report_without_score_sheets_ranks_the_scores_in_french(toy) -> None:
    state = finished(ToyGame(players=2), seed=4)
    parts = final_report(state, ["Joueur 1 (vous)", "Joueur 2"], ["J1 (vous)", "J2"], "fr")
    out = "".join(table_text(p) for p in parts)
    assert "Rang" in out and "Joueur 2" in out and "Décompte" not in out


def test_end_report_of_a_game_without_secrets_reveals_nothing_and_works_out_the_scores() -> None:
    state = finished(load_game("hyena", players=2), seed=4)
    parts = final_report(state, ["Joueur 1 (vous)", "Joueur 2"], ["J1 (vous)", "J2"], "fr")
    out = "".join(table_text(p) for p in parts)
    assert "Tous les secrets" not in out  # Hyena has no secret
    assert "Décompte des points" in out and "J2" in out
