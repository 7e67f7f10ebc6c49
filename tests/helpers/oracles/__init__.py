"""What each family's sequences must equal, stated independently of the catalog.

One module per family (``FAMILY``: the registry key), found here without a list:
``expected(sequence_id, n)`` is the term the family's theory gives, ``offset``
the first index, and ``FAR`` a few IDs checked beyond 2**63.  The catalog tests
compare every sequence with its family's oracle, and fail for a family that has
none.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from wythoff import families


def _load() -> dict[str, ModuleType]:
    found = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        found[module.FAMILY] = module
    return found


ORACLES = _load()


def oracle(sequence_id: str) -> ModuleType:
    family = families.resolve_sequence(sequence_id).family
    if family not in ORACLES:
        raise AssertionError(f"no oracle for the family {family!r} in tests/oracles")
    return ORACLES[family]


def expected_term(sequence_id: str, n: int) -> int:
    return oracle(sequence_id).expected(sequence_id, n)


def expected_offset(sequence_id: str) -> int:
    return oracle(sequence_id).offset(sequence_id)


FAR = sorted(sid for module in ORACLES.values() for sid in module.FAR)
