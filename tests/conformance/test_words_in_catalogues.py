"""A game's title, summary and options' help are worded in its message catalogue, not in code.

``GameSpec.title``/``title_fr`` come from ``game.title`` (``summary``/``summary_fr`` from
``game.summary``), an option's ``help``/``help_fr``
from ``option.<name>`` (the game's catalogue, or the core's for the options every game
declares), in English and French; ``savanna games``, ``--help`` and the lobby show them.
"""

from __future__ import annotations

import inspect
import re

import pytest

from savanna.core import registered_games
from savanna.core.messages import CORE_MESSAGES

GAMES = sorted(registered_games())
PAIR_IN_CODE = re.compile(r"""\b(title|title_fr|help|help_fr|summary|summary_fr)\s*=\s*["'(]""")


@pytest.mark.parametrize("name", GAMES)
def test_the_title_is_the_catalogues_in_both_languages(name: str) -> None:
    cls = registered_games()[name]
    catalogue = cls.catalogue
    assert "game.title" in catalogue
    assert cls.spec.title == catalogue.text("game.title", "en")
    assert cls.spec.title_fr == catalogue.text("game.title", "fr")
    assert cls.spec.summary == catalogue.text("game.summary", "en")
    assert cls.spec.summary_fr == catalogue.text("game.summary", "fr") != cls.spec.summary


@pytest.mark.parametrize("name", GAMES)
def test_every_options_help_is_the_catalogues_in_both_languages(name: str) -> None:
    cls = registered_games()[name]
    for option in cls.spec.options:
        key = f"option.{option.name}"
        source = cls.catalogue if key in cls.catalogue else CORE_MESSAGES
        assert key in source, (name, option.name)
        assert (option.help, option.help_fr) == (source.text(key, "en"), source.text(key, "fr"))
        assert option.help and option.help_fr


@pytest.mark.parametrize("name", GAMES)
def test_no_title_or_option_help_is_written_in_the_games_code(name: str) -> None:
    module = inspect.getmodule(registered_games()[name])
    assert module is not None
    code = inspect.getsource(module)
    assert not PAIR_IN_CODE.search(code), PAIR_IN_CODE.search(code)
