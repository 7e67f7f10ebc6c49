"""A module imported on first use, for the heavy dependencies of the engine.

numpy takes longer to import than the rest of a command-line call; a command
that prints a few terms in pure integer arithmetic should not pay for it.  A
module that writes ``np = lazy.module("numpy", globals())`` gets a stand-in
that imports numpy at its first attribute access and then puts the real module
in its place, so later accesses cost nothing extra.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


class LazyModule:
    """Stands for the module ``name`` in ``namespace`` until first used.

    >>> namespace = {}
    >>> namespace["fr"] = LazyModule("fractions", namespace)
    >>> namespace["fr"].Fraction(1, 3)
    Fraction(1, 3)
    >>> type(namespace["fr"]).__name__
    'module'
    """

    def __init__(self, name: str, namespace: dict[str, Any]) -> None:
        self._name = name
        self._namespace = namespace

    def __getattr__(self, attribute: str) -> Any:
        real = importlib.import_module(self._name)
        for key, value in list(self._namespace.items()):
            if value is self:
                self._namespace[key] = real
        return getattr(real, attribute)


def module(name: str, namespace: dict[str, Any]) -> ModuleType:
    """A stand-in for ``import name`` in the module whose ``globals()`` is ``namespace``."""
    return LazyModule(name, namespace)  # type: ignore[return-value]
