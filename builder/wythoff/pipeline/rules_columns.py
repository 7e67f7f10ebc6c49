"""A game's rules as its row of ``games`` stores them, and back: the one place where
the fields of :class:`~wythoff.core.games.rules.Rules` meet the table's columns.

>>> from sqlalchemy import RowMapping

from wythoff.core.games.rules import Rules
>>> rules = Rules(rook_modulus=3, rook_residues=(0, 1), bishop=2, rectangle=(2, 3))
>>> row = columns(rules)
>>> row["rook_residues"], row["rect_w"], row["rect_h"], row["rectangle_choices"]
('0,1', 2, 3, None)
>>> rules_of(row) == rules
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlalchemy import RowMapping

from wythoff.core.games.rules import Rules


def columns(rules: Rules) -> dict[str, Any]:
    """The columns of a ``games`` row that state ``rules`` (and ``is_symmetric``,
    which they imply)."""
    return {
        "is_symmetric": rules.symmetric,
        "rook_modulus": rules.rook_modulus,
        "rook_residues": ",".join(map(str, rules.rook_residues)),
        "bishop": rules.bishop,
        "modular": rules.modular,
        "blocking": rules.blocking,
        "rect_w": rules.rectangle[0],
        "rect_h": rules.rectangle[1],
        "misere": rules.misere,
        "blocking_reach": rules.blocking_reach,
        "rectangle_choices": (
            json.dumps([list(r) for r in rules.rectangle_choices])
            if rules.rectangle_choices
            else None
        ),
    }


def rules_of(row: Mapping[str, Any] | RowMapping) -> Rules:
    """The rules a ``games`` row states (any mapping with its columns)."""
    residues = str(row["rook_residues"] or "")
    choices = json.loads(row["rectangle_choices"] or "[]")
    reach = row["blocking_reach"]
    return Rules(
        rook_modulus=int(row["rook_modulus"]),
        rook_residues=tuple(int(r) for r in residues.split(",") if r),
        bishop=int(row["bishop"]),
        modular=int(row["modular"]),
        blocking=int(row["blocking"]),
        rectangle=(int(row["rect_w"]), int(row["rect_h"])),
        misere=bool(row["misere"]),
        blocking_reach=None if reach is None else int(reach),
        rectangle_choices=tuple((int(w), int(h)) for w, h in choices),
    )
