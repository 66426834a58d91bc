"""The one loader of game data files (``savanna.core.datafiles``): every fault is a
``DataError`` naming the game and the file, and every game loads its data through it."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import model_validator

from savanna.core.datafiles import DataModel, load_data_files, read_data_file
from savanna.core.errors import DataError

ROOT = Path(__file__).resolve().parents[2]


class Card(DataModel):
    number: int
    price: int

    @model_validator(mode="after")
    def _cheap(self) -> Card:
        if self.price > 9:
            raise ValueError("a price is at most 9")
        return self


class Box(DataModel):
    name: str
    cards: list[Card]


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A throwaway package ``boxgame`` with a ``data/`` folder, importable for the test."""
    root = tmp_path / "boxgame"
    (root / "data").mkdir(parents=True)
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "data" / "box.toml").write_text('name = "box"\n', encoding="utf-8")
    (root / "data" / "cards.toml").write_text("[[card]]\nnumber = 1\nprice = 3\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    read_data_file.cache_clear()
    yield root / "data"
    read_data_file.cache_clear()
    sys.modules.pop("boxgame", None)


def test_a_base_file_and_a_table_of_another_make_one_validated_value(package: Path) -> None:
    box = load_data_files(Box, "boxgame", "box.toml", cards=("cards.toml", "card"))
    assert box == Box(name="box", cards=[Card(number=1, price=3)])


@pytest.mark.parametrize(
    ("file", "text", "why"),
    [
        ("box.toml", None, "boxgame has no data file data/box.toml"),
        ("box.toml", "name = ", "boxgame data/box.toml is not valid TOML"),
        ("cards.toml", "[[tile]]\nnumber = 1\n", "boxgame data/cards.toml has no [card] table"),
        ("cards.toml", "[[card]]\nnumber = 1\nprice = 12\n", "a price is at most 9"),
        ("cards.toml", "[[card]]\nnumber = 1\nprice = 2\ncolour = 3\n", "colour"),
        ("box.toml", "name = 4\n", "boxgame data/box.toml + data/cards.toml is invalid"),
    ],
)
def test_every_fault_of_a_data_file_is_a_data_error_saying_which_and_why(
    package: Path, file: str, text: str | None, why: str
) -> None:
    if text is None:
        (package / file).unlink()
    else:
        (package / file).write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_data_files(Box, "boxgame", "box.toml", cards=("cards.toml", "card"))
    assert why in str(info.value)


def test_every_game_reads_its_data_files_through_the_one_loader() -> None:
    """No game module parses TOML or opens its data folder itself (the message catalogues
    have their own loader in ``core.messages``)."""
    offences = []
    for path in sorted((ROOT / "src" / "savanna" / "games").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(n in ("tomllib", "importlib.resources", "importlib") for n in names):
                offences.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}")
    assert offences == []
