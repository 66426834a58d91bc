"""The ``savanna`` command line (Typer + Rich).

Each command group lives in its own module and adds itself to :data:`app`; this module
only assembles them. Commands reach games through the registry, never by module name.
Errors of the argument parser (an unknown flag, a missing value) are printed as one line
with the same prefix as every other error (:mod:`savanna.cli.errors`), never as a box.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup

from savanna.cli.errors import click_message, is_a, language_of, print_error


class OneLineErrors(TyperGroup):
    """Typer's command group, whose parser errors are one line (``error: ...``)."""

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


app = typer.Typer(
    cls=OneLineErrors,
    name="savanna",
    help="Savanna: African race-and-wager board games for people and programs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Command modules register their commands on ``app`` when imported.
from savanna.cli import coach as _coach  # noqa: E402,F401
from savanna.cli import commands as _commands  # noqa: E402,F401
from savanna.cli import lab as _lab  # noqa: E402,F401
from savanna.cli import play as _play  # noqa: E402,F401
from savanna.cli import serve as _serve  # noqa: E402,F401


def main() -> None:
    """Entry point of the ``savanna`` script."""
    app(prog_name="savanna")
