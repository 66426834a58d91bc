"""The games. Each sub-package is one game; it registers through the ``savanna.games``
entry-point group declared in ``pyproject.toml``. Interfaces never import these modules
by name: they look games up in :mod:`savanna.core.registry`.
"""
