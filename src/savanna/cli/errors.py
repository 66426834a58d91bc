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
import enum
import os
import sys
from collections.abc import Sequence
from typing import Any

from savanna.core.errors import LANGUAGES
from savanna.core.messages import load_messages
from savanna.i18n import detect_language
from savanna.i18n.tui import M

__all__ = ["MESSAGES", "click_message", "help_of", "is_a", "language_of", "one_line", "print_error"]

MESSAGES = load_messages("savanna.cli")
"""The command line's own words (``savanna/cli/data/messages.<lang>.toml``)."""


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


def help_of(command: str, name: str, **fields: object) -> str:
    """The ``--help`` words ``<command>.help.<name>`` in the command line's language
    (``--lang`` or the locale), looked up when a command's module is imported, before
    Typer builds the help."""
    return MESSAGES.text(f"{command}.help.{name}", language_of(), **fields)


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


def _is_flag(exc: Any) -> bool:
    """Whether the option an option-usage error names takes no value (a flag)."""
    ctx = getattr(exc, "ctx", None)
    command = getattr(ctx, "command", None)
    for param in getattr(command, "params", ()):
        if exc.option_name in (*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ())):
            return bool(getattr(param, "is_flag", False)) and not getattr(param, "_flag_needs_value", False)
    return False


def _why(exc: Any, lang: str) -> str:
    """Why the parser refused a value, from the parameter's declared type (Typer's
    annotation, or Click's parameter type); Click's own words for a type or a range this
    catalogue does not word."""
    param = exc.param
    if getattr(param, "min", None) is not None or getattr(param, "max", None) is not None:
        return str(exc.message)
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    kind = getattr(param, "type", None)
    if annotation is bool or (kind is not None and is_a(kind, "BoolParamType")):
        return MESSAGES.text("parser.why.boolean", lang)
    if annotation is int or (kind is not None and is_a(kind, "IntParamType") and not is_a(kind, "_NumberRangeBase")):
        return MESSAGES.text("parser.why.integer", lang)
    if annotation is float or (kind is not None and is_a(kind, "FloatParamType") and not is_a(kind, "_NumberRangeBase")):
        return MESSAGES.text("parser.why.number", lang)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        choices = ", ".join(str(member.value) for member in annotation)
        return MESSAGES.text("parser.why.choice", lang, choices=choices)
    return str(exc.message)


def click_message(exc: Any, lang: str) -> str:
    """The parser's complaint (a Click exception) in words, with where to find the options.

    The kind of complaint is read from the exception's class and the parameter it names
    (and, for an unknown command, the ``unknown_command`` the command group sets on it),
    never from Click's English text; a complaint this catalogue does not word keeps
    Click's own message.
    """
    if is_a(exc, "NoSuchOption"):
        text = MESSAGES.text("parser.no_such_option", lang, name=exc.option_name)
        close = difflib.get_close_matches(exc.option_name, sorted(exc.possibilities or ()), 1, 0.75)
        if close:
            text = MESSAGES.text("parser.did_you_mean", lang, text=text, name=close[0])
    elif getattr(exc, "unknown_command", None) is not None:
        text = MESSAGES.text("parser.no_such_command", lang, name=exc.unknown_command)
    elif is_a(exc, "BadOptionUsage"):
        key = "parser.takes_no_value" if _is_flag(exc) else "parser.needs_value"
        text = MESSAGES.text(key, lang, name=exc.option_name)
    elif is_a(exc, "MissingParameter"):
        text = MESSAGES.text("parser.missing", lang, name=_param_name(exc))
    elif is_a(exc, "BadParameter") and getattr(exc, "param", None) is not None:
        text = MESSAGES.text("parser.invalid", lang, name=_param_name(exc), why=_why(exc, lang))
    else:
        text = str(exc.format_message())
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        text = MESSAGES.text("parser.see_help", lang, text=text, where=f"{ctx.command_path} --help")
    return text
