"""One rule of French typography everywhere people read: a no-break space before ``:``,
``;``, ``?`` and ``!`` ("Hasard : ...", never "Hasard: ..." nor a line starting with ":").

Checked over the words the browser gets (the pages' catalogue, the log, the moves, the
rules help, refusals), the terminal's messages and the coach's, and the pages' scripts,
which write a colon only through the catalogue's ``colon``.
"""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest

from savanna.coach.text import MESSAGES as COACH
from savanna.core import IllegalActionError, load_game, registered_games
from savanna.core.messages import template_fields
from savanna.i18n.tui import MESSAGES as TERMINAL
from savanna.i18n.tui import M
from savanna.table import entry_of
from savanna.tui.coach import words as coach_words
from savanna.web.errors import error_payload
from savanna.web.messages import as_json
from savanna.web.words import rules_help

STATIC = Path(__file__).parents[2] / "src" / "savanna" / "web" / "static"
# an ordinary space before : ; ? ! or a colon glued to a word and followed by a space
SPACE_BEFORE = re.compile(r"\S [:;?!]")
GLUED = re.compile(r"[^\W\d_][:;](?:\s|$)")


def faults(text: str) -> list[str]:
    return [m.group(0) for m in (*SPACE_BEFORE.finditer(text), *GLUED.finditer(text))]


def filled(template: str) -> dict[str, str]:
    return {name: "x" for name in template_fields(template)}


def test_the_rule_finds_both_faults_seen_in_the_browser_log() -> None:
    assert faults("Hasard: dé 1 : verte") == ["1 :", "d: "]
    assert faults("Hasard\u00a0: dé 1\u00a0: verte ; bot:heuristic 12:30") == ["e ;"]
    assert faults("  ?   l'aide") == []  # a command at the start of a line


def test_the_pages_catalogue_in_french() -> None:
    french = as_json()["fr"]
    bad = {key: faults(text) for key, text in french.items() if faults(text)}
    assert not bad
    assert french["colon"] == "\u00a0: " and as_json()["en"]["colon"] == ": "


def test_the_pages_write_a_colon_only_through_the_catalogue() -> None:
    hard = re.compile(r"""(["'`]):\s+\1|\}:\s""")
    for script in sorted(STATIC.glob("*.js")):
        for n, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//")[0]
            code = code.replace('"content-type": "application/json"', "")
            assert not hard.search(code), f"{script.name}:{n}: {line.strip()}"


def test_the_terminal_and_the_coach_in_french() -> None:
    for key in TERMINAL.ids():
        text = M(key, "fr", **filled(TERMINAL.templates(key)[1]))
        assert not faults(text), (key, text)
    for key in COACH:
        text = coach_words(key, "fr", **filled(COACH.template(key, "fr")))
        assert not faults(text), (key, text)


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_what_the_browser_says_of_each_game_in_french(name: str) -> None:
    """Log entries and the rules help, as the server sends them to a French reader."""
    game = load_game(name)
    state = game.new_initial_state()
    rng = random.Random(3)
    said: list[str] = []
    while not state.is_terminal() and len(state.history) < 150:
        legal = None if state.is_chance_node() else state.legal_actions()
        action = state.sample_chance(rng) if legal is None else rng.choice(legal)
        said.append(entry_of(state, action).words_for(None, "fr", revealed=True) or "")
        state.apply(action)
    help_ = rules_help(game, "fr")
    said += [help_["summary"], *(m for _, m in help_["legend"]), *(r["text"] for r in help_["rules"])]
    bad = [(text, faults(text)) for text in said if faults(text)]
    assert not bad, bad[:5]


def test_a_refusal_in_french() -> None:
    game = load_game("hyena")
    rule = next(iter(game.rules().values()))
    body = error_payload(IllegalActionError("x", rule, {"en": "d", "fr": "pas ici : non"}), "fr")
    assert not faults(body["message"]) and not faults(body["rule_text"]), body


def test_letters_are_what_the_rule_calls_a_word() -> None:
    assert all(GLUED.search(f"{c}: ") for c in string.ascii_letters + "éà")


def test_every_bot_kind_is_named_in_both_languages() -> None:
    """The pages name a bot seat by its kind in the reader's language ("Robot 2 (heuristique)")."""
    from savanna.bots import bot_kinds

    words = as_json()
    for kind in bot_kinds():
        assert f"bot.kind.{kind}" in words["en"] and f"bot.kind.{kind}" in words["fr"], kind
    assert words["fr"]["bot.kind.heuristic"] == "heuristique"
