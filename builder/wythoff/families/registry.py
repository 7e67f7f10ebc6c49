"""The registry of families: each family module of this package declares one family.

The table below is the only place that names them; its order is the order of the
site's navigation and of every table.  A new family is a new module and one line
here.  Each line also says the first word of the family's IDs, so that resolving
one ID imports that family's module only (``wythoff terms wythoff-a`` does not
load Larsson's games); a test checks every ID of the catalog against it.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from wythoff.families.base import Family

MODULES: dict[str, tuple[str, str, str]] = {
    # key: (module of wythoff.families, class, first word of the family's IDs)
    "wythoff": ("wythoff", "WythoffFamily", "wythoff"),
    "connell": ("connell", "ConnellFamily", "connell"),
    "fraenkel": ("fraenkel", "FraenkelFamily", "fraenkel"),
    "larsson": ("larsson", "LarssonFamily", "larsson"),
    "larsson-remark5": ("larsson_remark5", "LarssonRemark5Family", "larsson"),
    "modular": ("modular", "ModularFamily", "modular"),
    "beatty-sqrt": ("beatty_sqrt", "BeattySqrtFamily", "beatty"),
}


class Registry(Mapping[str, Family]):
    """Every family by key, in the registry's order, each module imported on first use."""

    def __init__(self, modules: Mapping[str, tuple[str, str, str]]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, Family] = {}

    def __getitem__(self, key: str) -> Family:
        if key not in self._loaded:
            module, name, _ = self._modules[key]
            family = getattr(importlib.import_module(f"wythoff.families.{module}"), name)()
            assert family.family.key == key, f"{module}.{name} is family {family.family.key}"
            self._loaded[key] = family
        return self._loaded[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, key: object) -> bool:
        return key in self._modules

    def owning(self, identifier: str) -> list[Family]:
        """The families whose IDs begin with the first word of ``identifier``."""
        word = identifier.split("-", 1)[0]
        return [self[key] for key, (_, _, first) in self._modules.items() if first == word]


FAMILIES = Registry(MODULES)

__all__ = ["FAMILIES", "MODULES", "Family", "Registry"]
