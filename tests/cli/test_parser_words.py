"""The argument parser's refusals are worded by the command line's catalogue.

Which refusal it is comes from the exception's class and the parameter it names (and the
command group marks an unknown command), never from Click's English text: with the
catalogue swapped for a test language whose every message is marked, each refusal comes
out in that language and none of Click's own words is left.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer.main

import savanna.cli.errors as errors
from savanna.cli import app
from savanna.core.messages import MessageCatalogue


def refusal(*args: str) -> Any:
    """The parser's exception for ``savanna ARGS``."""
    with pytest.raises(Exception) as caught:
        typer.main.get_command(app).main(list(args), standalone_mode=False)
    assert errors.is_a(caught.value, "UsageError"), caught.value
    return caught.value


def marked(catalogue: MessageCatalogue) -> MessageCatalogue:
    """The catalogue with a third language, ``qps``: every English template between ⟦ ⟧."""
    english = {key: catalogue.template(key, "en") for key in catalogue}
    pseudo = {key: f"⟦{template}⟧" for key, template in english.items()}
    return MessageCatalogue("cli", {"en": english, "fr": {k: catalogue.template(k, "fr") for k in catalogue}, "qps": pseudo})


@pytest.mark.parametrize(
    ("args", "key", "fields"),
    [
        (["play", "--bogus"], "parser.no_such_option", {"name": "--bogus"}),
        (["play", "--pase", "1"], "parser.did_you_mean", {"name": "--pause"}),
        (["nosuch"], "parser.no_such_command", {"name": "nosuch"}),
        (["play", "--seats"], "parser.needs_value", {"name": "--seats"}),
        (["simulate"], "parser.missing", {"name": "game"}),
        (["simulate", "banjooli", "--games", "x"], "parser.why.integer", {}),
        (["bench", "banjooli", "--seconds", "x"], "parser.why.number", {}),
    ],
)
def test_each_refusal_is_the_catalogues_in_any_language(
    args: list[str], key: str, fields: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    exc = refusal(*args)
    monkeypatch.setattr(errors, "MESSAGES", marked(errors.MESSAGES))
    text = errors.click_message(exc, "qps")
    template = errors.MESSAGES.template(key, "qps")
    for literal in re.split(r"\{[^}]*\}", template):
        assert literal in text, (text, template)
    for value in fields.values():
        assert value in text
    assert text.count("⟦") == text.count("⟧") >= 1
    # no word of Click's own message survives
    for click_word in ("No such", "requires", "Input should", "Missing"):
        assert click_word not in text, text


def test_an_unknown_command_is_marked_by_the_group_not_read_from_the_message() -> None:
    assert refusal("nosuch").unknown_command == "nosuch"
    assert getattr(refusal("play", "--bogus"), "unknown_command", None) is None


def test_a_refusal_the_catalogue_does_not_word_keeps_clicks_message() -> None:
    exc = refusal("play", "--bogus")
    exc.__class__ = type("Odd", (Exception,), {})  # no class the catalogue knows
    exc.format_message = lambda: "something else"
    exc.ctx = None
    assert errors.click_message(exc, "en") == "something else"
