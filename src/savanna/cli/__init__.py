"""The ``savanna`` command line (Typer + Rich).

Each command group lives in its own module and adds itself to :data:`app`; this module
only assembles them. Commands reach games through the registry, never by module name.
"""

from __future__ import annotations

import typer

app = typer.Typer(
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


def main() -> None:
    """Entry point of the ``savanna`` script."""
    app()
