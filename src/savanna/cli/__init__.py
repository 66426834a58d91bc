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
from typer.core import TyperGroup

from savanna.cli.errors import click_message, is_a, language_of, print_error


def plain_value_columns(command: Any, ctx: Any = None) -> None:
    """Say in ``--help`` what each option takes, as a person types it: nothing for a flag
    (Typer shows ``<bool>``, which reads as ``--coach true``) and one value for a
    repeatable option (Typer shows ``<list[str]>``; the help says it repeats). An option
    whose module set its own metavar keeps it. Walks ``command``'s sub-commands too."""
    context = ctx if ctx is not None else command.context_class(command, info_name=command.name)
    params = [*command.params, command.get_help_option(context)]
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
    help="Savanna: African race-and-wager board games for people and programs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

def version_line() -> str:
    """What ``savanna --version`` prints: the version, Python, and which engine build runs."""
    from savanna import __version__
    from savanna.bench import engine_build
    from savanna.native import compiled_modules

    build = engine_build()
    modules = compiled_modules()
    engines = f"compiled (mypyc, {len(modules)} modules)" if modules else build
    return f"savanna {__version__} (Python {platform.python_version()}); engines: {engines}"


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
            help="Print the version and which build of the engines runs (compiled or pure Python), then exit.",
        ),
    ] = False,
) -> None:
    """Savanna: African race-and-wager board games for people and programs."""


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
