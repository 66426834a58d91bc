"""The ``savanna`` command line (Typer + Rich).

Each command group lives in its own module and adds itself to :data:`app`; this module
only assembles them. Commands reach games through the registry, never by module name.
Errors of the argument parser (an unknown flag, a missing value) are printed as one line
with the same prefix as every other error (:mod:`savanna.cli.errors`), never as a box.
"""

from __future__ import annotations

import inspect
import platform
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.markup import escape
from typer import rich_utils
from typer.core import TyperGroup

from savanna.cli.errors import MESSAGES, click_message, help_of, is_a, language_of, print_error
from savanna.core.errors import OptionError
from savanna.i18n import resolve_language


def _frame_in_language() -> None:
    """The words of Typer's help frame (its panels' titles, ``[default: ...]``,
    ``[required]``) in the command line's language, set before any help is drawn."""
    lang = language_of()
    rich_utils.OPTIONS_PANEL_TITLE = MESSAGES.text("savanna.frame.options", lang)
    rich_utils.ARGUMENTS_PANEL_TITLE = MESSAGES.text("savanna.frame.arguments", lang)
    rich_utils.COMMANDS_PANEL_TITLE = MESSAGES.text("savanna.frame.commands", lang)
    rich_utils.DEFAULT_STRING = MESSAGES.text("savanna.frame.default", lang, value="{}")
    rich_utils.REQUIRED_LONG_STRING = MESSAGES.text("savanna.frame.required", lang)


_frame_in_language()


def plain_value_columns(command: Any, ctx: Any = None) -> None:
    """Say in ``--help`` what each option takes, as a person types it: nothing for a flag
    (Typer shows ``<bool>``, which reads as ``--coach true``) and one value for a
    repeatable option (Typer shows ``<list[str]>``; the help says it repeats). An option
    whose module set its own metavar keeps it. Walks ``command``'s sub-commands too."""
    context = ctx if ctx is not None else command.context_class(command, info_name=command.name)
    help_option = command.get_help_option(context)
    if help_option is not None:  # Click words its help in English
        help_option.help = MESSAGES.text("savanna.frame.help", language_of())
    params = [*command.params, help_option]
    for param in params:
        if getattr(param, "param_type_name", None) != "option" or param.metavar is not None:
            continue
        if param.is_flag:
            param.metavar = ""
        elif param.multiple:
            shown = str(param.display_type_rich(context) or "").strip("<>")
            if shown.startswith("list[") and shown.endswith("]"):
                param.metavar = f"<{shown[5:-1]}>"
    for sub in getattr(command, "commands", {}).values():
        plain_value_columns(sub)


class OneLineErrors(TyperGroup):
    """Typer's command group, whose parser errors are one line (``error: ...``), and whose
    help shows what each option takes as a person types it (:func:`plain_value_columns`)."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        plain_value_columns(self)
        return super().make_context(info_name, args, parent, **extra)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        extra["windows_expand_args"] = windows_expand_args
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except Exception as exc:
            if is_a(exc, "NoArgsIsHelpError"):
                typer.echo(exc.ctx.get_help())  # type: ignore[attr-defined]
                sys.exit(exc.exit_code)  # type: ignore[attr-defined]
            if is_a(exc, "ClickException"):
                lang = language_of(args)
                print_error(click_message(exc, lang), lang)
                sys.exit(exc.exit_code)  # type: ignore[attr-defined]
            if is_a(exc, "Abort"):
                sys.stderr.write("\n")
                sys.exit(1)
            raise
        sys.exit(result if isinstance(result, int) else 0)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """Click's, except that an unknown command name is set on the parser's error as
        ``unknown_command``, so that its words come from the catalogue."""
        try:
            return super().resolve_command(ctx, args)
        except Exception as exc:
            name = args[0] if args else ""
            normal = ctx.token_normalize_func(name) if ctx.token_normalize_func else name
            if (
                is_a(exc, "UsageError")
                and not name.startswith("-")
                and self.get_command(ctx, name) is None
                and self.get_command(ctx, normal) is None
            ):
                exc.unknown_command = name  # type: ignore[attr-defined]
            raise


app = typer.Typer(
    cls=OneLineErrors,
    name="savanna",
    help=help_of("savanna", "about"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

def version_line() -> str:
    """What ``savanna --version`` prints: the version, Python, and which engine build runs."""
    from savanna import __version__
    from savanna.bench import engine_build
    from savanna.native import compiled_modules

    lang = language_of()
    modules = compiled_modules()
    engines = MESSAGES.text("savanna.version.compiled", lang, modules=len(modules)) if modules else engine_build()
    return MESSAGES.text(
        "savanna.version.line", lang, version=__version__, python=platform.python_version(), engines=engines
    )


def _print_version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help=help_of("savanna", "version"),
        ),
    ] = False,
    lang: Annotated[str | None, typer.Option("--lang", help=help_of("savanna", "lang_root"))] = None,
) -> None:
    """The options of ``savanna`` itself (its help: ``savanna.help.about``). ``--lang``
    is read with the command line (:func:`~savanna.cli.errors.language_of`): here it is
    only checked."""
    if lang is not None:
        try:
            resolve_language(lang)
        except OptionError as exc:
            print_error(exc.text("en"), "en")
            raise typer.Exit(2) from None


# Command modules register their commands on ``app`` when imported.
from savanna.cli import coach as _coach  # noqa: E402,F401
from savanna.cli import commands as _commands  # noqa: E402,F401
from savanna.cli import lab as _lab  # noqa: E402,F401
from savanna.cli import play as _play  # noqa: E402,F401
from savanna.cli import serve as _serve  # noqa: E402,F401


def help_text(doc: str) -> str:
    """A command's docstring as its ``--help`` shows it, wrapped by the terminal's width.

    Typer's Rich help keeps the docstring's line breaks, which then break lines in the
    middle at any other width: the lines of a paragraph are joined (a list, whose lines
    start with ``-`` or an indent, keeps its breaks), reST's double backquotes become
    single ones, and square brackets are kept as text rather than read as Rich styles.

    >>> help_text("Type a move; `help` works at\nevery prompt.\n\nThe ``[bench]`` extra.")
    'Type a move; `help` works at every prompt.\n\nThe `\\[bench]` extra.'
    """
    paragraphs = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        lines = paragraph.split("\n")
        if len(lines) > 1 and all(line.startswith(("-", " ")) for line in lines[1:]):
            text = paragraph
        else:
            text = " ".join(line.strip() for line in lines)
        paragraphs.append(escape(text.replace("``", "`")))
    return "\n\n".join(paragraphs)


def _tidy_help(typer_app: typer.Typer) -> None:
    """Every command's help through :func:`help_text` (its docstring when it has no help)."""
    for info in typer_app.registered_commands:
        doc = info.help if info.help is not None else inspect.getdoc(info.callback)
        if doc:
            info.help = help_text(doc)
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _tidy_help(group.typer_instance)


_tidy_help(app)


def main() -> None:
    """Entry point of the ``savanna`` script."""
    app(prog_name="savanna")
