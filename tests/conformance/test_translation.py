"""One way to translate: words live in the message catalogues, in every language, and a
third language needs nothing but its files.

**Catalogues.** Every ``data/messages.en.toml`` under ``src/`` has a file for every
language of :data:`savanna.core.errors.LANGUAGES` beside it, with the same keys and the same
``{fields}`` in each template (the interfaces' words too: ``savanna/i18n/data`` for the
terminal, ``savanna/web/data`` for the pages).

**A third language.** For every catalogue, a pseudo-locale ``qps`` is generated from the
English (each template marked ``⟦...⟧``, its letters accented, its ``{fields}`` and count
specs kept) and written beside copies of the real files in a package made for the test;
:func:`~savanna.core.messages.load_messages` picks it up like any language, and every key
is said in it. Nothing in the code has to change for a new language.

**No sentence in code.** An AST rule reads every ``.py`` file under ``src/savanna``: a
*sentence* is a string constant (or the literal parts of an f-string, each field counting as
a gap) holding three or more words of two letters or more. Not counted, because nobody
reads them as interface words or they are not words at all:

* docstrings and bare string statements (attribute docs);
* the arguments of log calls (``log.info(...)``, ``warnings.warn(...)``) and of the
  exceptions that report programming or packaging errors (``KeyError``, ``TypeError``,
  ``ValueError``, ``RuntimeError``, ``AssertionError``, ``DataError`` ...), and ``assert``
  messages: they are for developers, in English;
* notation: Rich style strings (``"bold white on blue"``, parsed by Rich);
* the seed citations of each game's ``rules.py`` (a clause's source: the seed file and its
  section heading, quoted as the seed writes it, in the seed's language; that module holds
  clause ids and sources only, its sentences are in the catalogue);

Each file still holding sentences has an allowance below (the words not moved yet: error
constructors with inline English and French, command-line help, report headings). The
test fails when a file holds more sentences than its allowance, or any sentence at all
when it has none: new words go to a catalogue. Moving words out lowers the count; lower
the allowance with it.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import sys
import tomllib
from pathlib import Path

import pytest
from rich.errors import StyleSyntaxError
from rich.style import Style

from savanna.core.errors import LANGUAGES
from savanna.core.messages import MessageCatalogue, _flatten, load_messages, template_fields

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "savanna"
CATALOGUES = sorted(path.parent for path in SRC.rglob("data/messages.en.toml"))

WORD = re.compile(r"[^\W\d_]{2,}")
FIELD = re.compile(r"\{[^{}]*\}")
LOG_CALLS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
DEVELOPER_ERRORS = {
    "AssertionError",
    "AttributeError",
    "DataError",
    "ImportError",
    "IndexError",
    "KeyError",
    "LookupError",
    "NotImplementedError",
    "OSError",
    "RuntimeError",
    "SystemExit",
    "TypeError",
    "ValueError",
}

ALLOWANCE: dict[str, int] = {}
"""Sentences a file may still hold outside the catalogues: none is left (issue 21); an entry here
would name a file and how many, while its words move to a catalogue."""


# --- catalogues -------------------------------------------------------------------------


def keys_of(path: Path) -> dict[str, str]:
    return dict(_flatten(tomllib.loads(path.read_text(encoding="utf-8"))))


def test_there_are_catalogues_to_check() -> None:
    names = {folder.parent.name for folder in CATALOGUES}
    assert {"core", "table", "cli", "bots", "i18n", "web", "coach", "hyena", "banjooli", "river_race"} <= names


@pytest.mark.parametrize("folder", CATALOGUES, ids=lambda f: f.parent.name)
def test_every_key_is_in_every_language_with_the_same_fields(folder: Path) -> None:
    english = keys_of(folder / "messages.en.toml")
    for lang in LANGUAGES:
        other = keys_of(folder / f"messages.{lang}.toml")
        assert sorted(set(english) - set(other)) == [], f"{folder.parent.name}: missing in {lang}"
        assert sorted(set(other) - set(english)) == [], f"{folder.parent.name}: not in English ({lang})"
        for key, template in english.items():
            assert template_fields(other[key]) == template_fields(template), (folder.parent.name, lang, key)


# --- a third language ---------------------------------------------------------------------

ACCENTS = str.maketrans("aeiouncAEIOUNC", "àéïöûñçÀÉÏÖÛÑÇ")
PIECE = re.compile(r"(\{[^{}]*\})")


def pseudo(template: str) -> str:
    """``template`` in the test language: letters accented and marked, fields kept."""
    parts = [part if PIECE.fullmatch(part) else part.translate(ACCENTS) for part in PIECE.split(template)]
    return "⟦" + "".join(parts) + "⟧"


def with_test_language(folder: Path, into: Path, prefix: str = "qps") -> str:
    """A package under ``into`` holding ``folder``'s catalogue and a generated ``qps`` one."""
    package = into / f"{prefix}_{folder.parent.name}"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for lang in LANGUAGES:
        shutil.copy(folder / f"messages.{lang}.toml", package / "data" / f"messages.{lang}.toml")
    lines = [f"{json.dumps(key)} = {json.dumps(pseudo(text))}" for key, text in keys_of(folder / "messages.en.toml").items()]
    (package / "data" / "messages.qps.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return package.name


def sample(template: str) -> dict[str, object]:
    return {name: 2 for name in template_fields(template)}


def say_everything(catalogue: MessageCatalogue) -> None:
    for key in catalogue:
        english = catalogue.text(key, "en", **sample(catalogue.template(key, "en")))
        text = catalogue.text(key, "qps", **sample(catalogue.template(key, "qps")))
        assert text.startswith("⟦") and text.endswith("⟧"), (catalogue.owner, key, text)
        assert text != english


@pytest.mark.parametrize("folder", CATALOGUES, ids=lambda f: f.parent.name)
def test_a_third_language_with_every_key_is_loaded_and_said(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    name = with_test_language(folder, tmp_path)
    try:
        catalogue = load_messages(name)
        assert "qps" in catalogue.languages
        assert len(catalogue) == len(keys_of(folder / "messages.en.toml"))
        say_everything(catalogue)
    finally:
        sys.modules.pop(name, None)


def test_a_third_language_missing_a_key_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    name = with_test_language(SRC / "table" / "data", tmp_path, "qps_short")
    qps = tmp_path / name / "data" / "messages.qps.toml"
    qps.write_text("\n".join(qps.read_text(encoding="utf-8").splitlines()[1:]) + "\n", encoding="utf-8")
    try:
        with pytest.raises(ValueError, match=r"messages \(qps\): keys missing"):
            load_messages(name)
    finally:
        sys.modules.pop(name, None)


# --- no sentence in code ------------------------------------------------------------------


def _is_style(text: str) -> bool:
    try:
        Style.parse(text)
    except StyleSyntaxError:
        return False
    return True


def _called(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def sentences(source: str) -> list[tuple[int, str]]:
    """The sentences of a module's source, by the rule of this module's docstring."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skipped.add(id(node.value))  # docstrings and bare strings
        elif isinstance(node, ast.Call):
            name = _called(node)
            if (
                (isinstance(node.func, ast.Attribute) and name in LOG_CALLS)
                or name in DEVELOPER_ERRORS
            ):
                skipped.update(id(sub) for sub in ast.walk(node) if sub is not node)
        elif isinstance(node, ast.Assert) and node.msg is not None:
            skipped.update(id(sub) for sub in ast.walk(node.msg))
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.JoinedStr):
            skipped.update(id(value) for value in node.values)
            text = "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        words = [w.strip(".,;:!?()[]«»'\"—-") for w in FIELD.sub(" ", text).split()]
        if sum(1 for w in words if WORD.fullmatch(w)) >= 3 and not _is_style(text):
            found.append((node.lineno, text))
    return found


def test_the_rule_finds_sentences_and_leaves_notation_docstrings_and_logs() -> None:
    code = '''
"""A module docstring with many words in it."""
import logging
log = logging.getLogger()
STYLE = "bold bright_white on blue"
NOTE = "seat/not_to_act"
def f(x):
    """A docstring, more words."""
    log.info("a log line with words %s", x)
    assert x, "an assert message in words"
    if x:
        raise KeyError(f"no message named {x} here")
    return f"you have {x} coins left", "Vous avez gagné la partie"
'''
    assert [text for _, text in sentences(code)] == ["you have {} coins left", "Vous avez gagné la partie"]


def counts() -> dict[str, list[tuple[int, str]]]:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        if path.parent.parent.name == "games" and path.name == "rules.py":
            continue  # seed citations (see the module's docstring)
        hits = sentences(path.read_text(encoding="utf-8"))
        if hits:
            found[path.relative_to(SRC).as_posix()] = hits
    return found


def test_no_new_sentence_is_written_in_code() -> None:
    over = {
        name: [f"line {line}: {text!r}" for line, text in hits]
        for name, hits in counts().items()
        if len(hits) > ALLOWANCE.get(name, 0)
    }
    assert not over, (
        "words people read belong in a message catalogue (data/messages.<lang>.toml); "
        f"over the allowance: { {name: len(hits) for name, hits in over.items()} }\n"
        + "\n".join(f"{name}: {hit}" for name, hits in over.items() for hit in hits)
    )


def test_every_allowance_names_a_file_that_still_needs_it() -> None:
    found = counts()
    assert [name for name in ALLOWANCE if name not in found] == []
