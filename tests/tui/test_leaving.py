"""Safe leaving: ``quit`` saves unless told not to, ``save FILE`` never replaces another
game without asking, and the system's refusals are said in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from savanna.saves import is_save, read_game
from tests.tui.conftest import screen, session


def flat(out: str) -> str:
    """What was written, with the lines of a path wrapped at its separators put together."""
    return " ".join(out.replace("/\n", "/").split())


def test_quit_then_enter_saves_the_game(toy, tmp_path: Path) -> None:
    play, keys = session("toy", "human,bot:random", ["1", "quit", ""], tmp_path, seed=1)
    outcome = play.run()
    assert not outcome.finished and outcome.record_path == tmp_path / "game.json"
    assert keys.prompts[-1].startswith("Enter saves and leaves, n leaves without saving")
    assert f"it will be saved to {tmp_path / 'game.json'}" in flat(screen(play.console))
    assert read_game((tmp_path / "game.json").read_text()).result is None
    assert "Game saved to" in screen(play.console)


def test_anything_but_an_explicit_no_saves(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,bot:random", ["quit", "whatever"], tmp_path, seed=1)
    assert play.run().record_path == tmp_path / "game.json"


def test_only_n_leaves_without_saving(toy, tmp_path: Path) -> None:
    play, _ = session("toy", "human,bot:random", ["quitter", "non"], tmp_path, seed=1, lang="fr")
    assert play.run().record_path is None and not (tmp_path / "game.json").exists()
    out = screen(play.console)
    assert "Entrée enregistre et quitte" in out and "pas été enregistrée" in out


def test_quit_can_go_back_to_the_game(toy, tmp_path: Path) -> None:
    play, keys = session("toy", "human,bot:random", ["quit", "b", "quit", "n"], tmp_path, seed=1)
    play.run()
    asked = [p for p in keys.prompts if p.startswith("Enter saves and leaves")]
    assert len(asked) == 2  # "b" went back to a move prompt, then quit was asked again
    assert any("your move" in p for p in keys.prompts[keys.prompts.index(asked[0]) + 1 :])


def test_quit_does_not_lose_the_game_when_saving_fails(toy, tmp_path: Path) -> None:
    play, keys = session("toy", "human,bot:random", ["quit", "", "quit", "n"], tmp_path, seed=1)
    play.save_to = tmp_path / "missing" / "game.json"
    play.run()
    out = screen(play.console)
    assert "no such folder" in out and "could not be saved, so it goes on" in out
    assert len([p for p in keys.prompts if p.startswith("Enter saves and leaves")]) == 2


def test_save_asks_before_replacing_another_games_save(toy, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    first, _ = session("toy", "human,bot:random", [f"save {other}", "quit", "n"], tmp_path, seed=2)
    first.run()
    before = other.read_text()
    assert is_save(before)
    play, keys = session(
        "toy", "human,bot:random", ["1", f"save {other}", "", f"save {other}", "y", "quit", "n"], tmp_path, seed=1
    )
    play.run()
    asks = [p for p in keys.prompts if p.startswith("Replace it with this game?")]
    out = screen(play.console)
    assert len(asks) == 2 and f"{other} already holds another save (toy, " in flat(out)
    assert "Not saved:" in out  # Enter kept the other game's save
    after = other.read_text()
    assert after != before and read_game(after).actions  # "y" replaced it with this game


def test_save_again_to_its_own_file_does_not_ask(toy, tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    play, keys = session("toy", "human,bot:random", [f"save {mine}", "1", f"save {mine}", "quit", "n"], tmp_path)
    play.run()
    assert not any("Replace it" in p for p in keys.prompts) and "already holds" not in screen(play.console)
    assert len(read_game(mine.read_text()).actions) > 0


def test_save_over_a_file_that_is_no_save_asks_in_french(toy, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mes notes\n", encoding="utf-8")
    play, keys = session("toy", "human,bot:random", [f"sauver {notes}", "n", "quitter", "n"], tmp_path, lang="fr")
    play.run()
    # The path is as long as the machine's temporary folder: the sentence may wrap anywhere.
    assert "contient déjà un autre fichier" in " ".join(screen(play.console).split())
    assert any(p.startswith("Le remplacer par cette partie") for p in keys.prompts)
    assert notes.read_text(encoding="utf-8") == "mes notes\n"


def test_system_errors_in_french(toy, tmp_path: Path) -> None:
    play, _ = session(
        "toy", "human,bot:random", [f"sauver {tmp_path / 'non' / 'x.json'}", "quitter", "n"], tmp_path, lang="fr"
    )
    play.run()
    out = screen(play.console)
    assert "ce dossier n'existe pas" in " ".join(out.split()) and "No such file" not in out


def _lines_naming(out: str, folders: list[str]) -> list[str]:
    return [line for line in out.splitlines() if any(f[:6] in line for f in folders)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_save_path_wraps_at_its_separators_at_80_columns(toy, tmp_path: Path, lang: str) -> None:
    folders = ["savanna-saved-games-of-the-evening", "banjooli-club-of-dakar", "tuesday-night-league"]
    deep = tmp_path.joinpath(*folders)
    deep.mkdir(parents=True)
    words = ["save", "quit", ""] if lang == "en" else ["sauver", "quitter", ""]
    play, _ = session("toy", "human,bot:random", words, tmp_path, seed=1, lang=lang)
    play.save_to = deep / "the-game-we-left-unfinished.savanna.json"
    assert play.run().record_path == play.save_to
    out = screen(play.console)
    assert all(len(line) <= 80 for line in out.splitlines()), out
    named = _lines_naming(out, [*folders, "the-game-we-left"])
    assert len(named) >= 6  # saved, where it will be saved, saved again: each on two lines or more
    for folder in [*folders, "the-game-we-left-unfinished.savanna.json"]:
        assert any(folder in line for line in named), (folder, out)  # never cut inside a name
    assert all(line.rstrip().endswith("/") or line.rstrip().endswith(".json") or "/" not in line for line in named)
    assert str(play.save_to) in "".join(out.splitlines())  # the lines put together name the file


def test_path_lines_cut_only_after_separators() -> None:
    from savanna.tui.keeping import wrap_path_line

    said = wrap_path_line("Game saved to /home/ada/a-long-folder-name/another-long-one/game.json", 30)
    assert said.split("\n") == ["Game saved to /home/ada/", "a-long-folder-name/", "another-long-one/game.json"]
    assert wrap_path_line("short words only", 30) == "short words only"
    assert max(map(len, wrap_path_line("x" * 50, 20).split("\n"))) == 20  # a name longer than a line
