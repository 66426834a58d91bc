"""A game's title, summary and options' help are worded in its message catalogue, not in code.

``GameSpec.title_in(lang)`` comes from ``game.title`` (``summary_in`` from ``game.summary``),
an option's ``help_in(lang)`` from ``option.<name>`` (the game's catalogue, or the core's
for the options every game declares), in every language of the catalogue; ``savanna
games``, ``--help`` and the lobby show them. No spec has a field per language.
"""

from __future__ import annotations

import inspect
import re

import pytest

from savanna.core import registered_games
from savanna.core.messages import CORE_MESSAGES

GAMES = sorted(registered_games())
PAIR_IN_CODE = re.compile(r"""\b(title|titles|help|helps|summary|summaries)\s*=\s*["'(]""")


@pytest.mark.parametrize("name", GAMES)
def test_the_title_is_the_catalogues_in_both_languages(name: str) -> None:
    cls = registered_games()[name]
    catalogue = cls.catalogue
    assert "game.title" in catalogue
    assert cls.spec.title == catalogue.text("game.title", "en")
    for lang in catalogue.languages:
        assert cls.spec.title_in(lang) == catalogue.text("game.title", lang)
        assert cls.spec.summary_in(lang) == catalogue.text("game.summary", lang)
    assert cls.spec.summary == catalogue.text("game.summary", "en")
    assert cls.spec.summary_in("fr") != cls.spec.summary
    assert cls.spec.title_in("wo") == cls.spec.title  # a language the catalogue lacks: English


@pytest.mark.parametrize("name", GAMES)
def test_every_options_help_is_the_catalogues_in_both_languages(name: str) -> None:
    cls = registered_games()[name]
    for option in cls.spec.options:
        key = f"option.{option.name}"
        source = cls.catalogue if key in cls.catalogue else CORE_MESSAGES
        assert key in source, (name, option.name)
        for lang in source.languages:
            assert option.help_in(lang) == source.text(key, lang)
        assert option.help and option.help_in("fr") != option.help


@pytest.mark.parametrize("name", GAMES)
def test_no_title_or_option_help_is_written_in_the_games_code(name: str) -> None:
    module = inspect.getmodule(registered_games()[name])
    assert module is not None
    code = inspect.getsource(module)
    assert not PAIR_IN_CODE.search(code), PAIR_IN_CODE.search(code)
