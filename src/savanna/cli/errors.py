"""One line per command-line error, with one prefix, in the user's language.

Every error of the ``savanna`` command, whether Savanna refused something (a bad option,
an unreadable record) or the argument parser did (an unknown flag, a missing value), is
printed on standard error as one line: ``error: ...`` (``erreur : ...`` in French). The
parser's errors end with where to read the command's options; no boxed usage text.

Example:
    >>> one_line("option inconnue : --bogus", "fr")
    'erreur\\xa0: option inconnue\\xa0: --bogus'
    >>> one_line("no such option: --bogus", "en")
    'error: no such option: --bogus'
"""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Sequence
from typing import Any

from savanna.core.errors import LANGUAGES
from savanna.i18n import detect_language
from savanna.i18n.tui import M

__all__ = ["click_message", "is_a", "language_of", "one_line", "print_error"]


def is_a(exc: BaseException, name: str) -> bool:
    """Whether ``exc`` is a parser exception of kind ``name`` (``"NoSuchOption"``).

    Typer ships its own copy of Click in recent versions and uses the Click package in
    older ones; the exception classes are recognised by name so that both work.
    """
    return any(cls.__name__ == name for cls in type(exc).__mro__)


def language_of(argv: Sequence[str] | None = None) -> str:
    """The language an error is written in: ``--lang`` on the command line, else the locale."""
    args = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(args):
        value = None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None and value.strip().lower() in LANGUAGES:
            return value.strip().lower()
    return detect_language(os.environ)


def one_line(message: str, lang: str) -> str:
    """``message`` behind the error prefix, on one line."""
    return M("cli.error", lang, message=" ".join(message.split()))


def print_error(message: str, lang: str) -> None:
    """Write ``message`` as one error line on standard error."""
    sys.stderr.write(one_line(message, lang) + "\n")
    sys.stderr.flush()


def _param_name(exc: Any) -> str:
    if exc.param_hint is not None:
        hint = exc.param_hint
        return " / ".join(hint) if not isinstance(hint, str) else hint
    if exc.param is not None:
        opts = getattr(exc.param, "opts", None) or [exc.param.name or "?"]
        return " / ".join(opts)
    return "?"


def click_message(exc: Any, lang: str) -> str:
    """The parser's complaint (a Click exception) in words, with where to find the options."""
    fr = lang == "fr"
    if is_a(exc, "NoSuchOption"):
        text = (
            f"option inconnue : {exc.option_name}" if fr else f"no such option: {exc.option_name}"
        )
        close = difflib.get_close_matches(exc.option_name, sorted(exc.possibilities or ()), 1, 0.75)
        if close:
            text += f" (vouliez-vous dire {close[0]} ?)" if fr else f" (did you mean {close[0]}?)"
    elif is_a(exc, "UsageError") and str(exc.message).startswith("No such command"):
        name = str(exc.message).split("'")[1] if "'" in str(exc.message) else ""
        text = f"commande inconnue : {name}" if fr else f"no such command: {name}"
    elif is_a(exc, "BadOptionUsage") and "requires an argument" in exc.message:
        text = (
            f"l'option {exc.option_name} demande une valeur"
            if fr
            else f"option {exc.option_name} needs a value"
        )
    elif is_a(exc, "MissingParameter"):
        name = _param_name(exc)
        text = f"il manque {name}" if fr else f"missing {name}"
    elif is_a(exc, "BadParameter"):
        name = _param_name(exc)
        text = (f"valeur invalide pour {name} : " if fr else f"invalid value for {name}: ") + _why(
            str(exc.message), fr
        )
    else:
        text = str(exc.format_message())
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        where = f"{ctx.command_path} --help"
        text += f" ({where} affiche les options)" if fr else f" ({where} shows the options)"
    return text


_WHY = {
    "valid integer": ("a whole number is expected", "un nombre entier est attendu"),
    "valid number": ("a number is expected", "un nombre est attendu"),
    "valid boolean": ("true or false is expected", "true ou false est attendu"),
}


def _why(message: str, fr: bool) -> str:
    """The parser's reason for refusing a value, in plain words when it is a common one."""
    for clue, (en, fr_text) in _WHY.items():
        if clue in message:
            return fr_text if fr else en
    return message
