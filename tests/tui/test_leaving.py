"""Safe leaving: ``quit`` saves unless told not to, ``save FILE`` never replaces another
game without asking, and the system's refusals are said in the reader's language."""

from __future__ import annotations

from pathlib import Path

from savanna.saves import is_save, read_game
from tests.tui.conftest import screen, session


def test_quit_then_enter_saves_the_game(toy, tmp_path: Path) -> None:
    play, keys = session("toy", "human,bot:random", ["1", "quit", ""], tmp_path, seed=1)
    outcome = play.run()
    assert not outcome.finished and outcome.record_path == tmp_path / "game.json"
    assert keys.prompts[-1].startswith("Enter saves and leaves, n leaves without saving")
    assert f"it will be saved to {tmp_path / 'game.json'}" in screen(play.console)
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
    assert len(asks) == 2 and f"{other} already holds another save (toy, " in out
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
    assert "contient déjà un autre fichier" in screen(play.console)
    assert any(p.startswith("Le remplacer par cette partie") for p in keys.prompts)
    assert notes.read_text(encoding="utf-8") == "mes notes\n"


def test_system_errors_in_french(toy, tmp_path: Path) -> None:
    play, _ = session(
        "toy", "human,bot:random", [f"sauver {tmp_path / 'non' / 'x.json'}", "quitter", "n"], tmp_path, lang="fr"
    )
    play.run()
    out = screen(play.console)
    assert "ce dossier n'existe pas" in " ".join(out.split()) and "No such file" not in out
