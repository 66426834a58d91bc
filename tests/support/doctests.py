"""Run a module's docstring examples from its source, whichever build is imported.

A module compiled by ``make compile`` keeps its docstrings but no longer exposes its
functions to :mod:`doctest`; its examples are run from the ``.py`` source it was built from
(loaded under a private name), so they are checked on both builds.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

from savanna.native import is_compiled


def run_docstring_examples(name: str, **options: Any) -> doctest.TestResults:
    """``doctest.testmod`` of module ``name``, from its source when it runs compiled."""
    module = importlib.import_module(name)
    if is_compiled(module):
        assert module.__file__ is not None
        source = Path(module.__file__).with_name(name.rpartition(".")[2] + ".py")
        spec = importlib.util.spec_from_file_location(f"{name}__source", source)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
    return doctest.testmod(module, **options)
