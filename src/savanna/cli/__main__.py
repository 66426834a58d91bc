"""``python -m savanna.cli`` runs the ``savanna`` command."""

from savanna.cli import main

main()
