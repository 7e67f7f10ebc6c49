"""A game's moves as the ``games`` table states them, read from its columns.

The columns say everything: one-pile moves of lengths ``L`` with ``L mod
rook_modulus`` among ``rook_residues``; m-bishop moves (``bishop = m``: ``k`` and
``l`` from the piles, ``k + l > 0``, ``|k - l| < m``); modular moves (``k, l > 0``,
``k = l (mod modular)``); a blocking allowance (the previous player forbids up to
``blocking - 1`` one-pile moves of ``blocking_reach`` counters or more, by default
the bishop's m); a removed rectangle ``x < rect_w, y < rect_h``; a choice of
rectangle before the first move; misère play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

import numpy as np


@dataclass(frozen=True)
class Moves:
    """One game's rules, as stored."""

    rook_modulus: int
    rook_residues: tuple[int, ...]
    bishop: int
    modular: int
    blocking: int
    reach: int
    rectangle: tuple[int, int]
    misere: bool
    choices: tuple[tuple[int, int], ...]

    @classmethod
    def from_row(cls, row: dict[str, object]) -> Moves:
        """The rules of a ``games`` row (its columns by name)."""
        residues = str(row["rook_residues"] or "")
        bishop = int(row["bishop"])  # type: ignore[call-overload]
        reach = row["blocking_reach"]
        choices = json.loads(str(row["rectangle_choices"])) if row["rectangle_choices"] else []
        return cls(
            rook_modulus=int(row["rook_modulus"]),  # type: ignore[call-overload]
            rook_residues=tuple(int(r) for r in residues.split(",") if r.strip()),
            bishop=bishop,
            modular=int(row["modular"]),  # type: ignore[call-overload]
            blocking=int(row["blocking"]),  # type: ignore[call-overload]
            reach=bishop if reach is None else int(reach),  # type: ignore[call-overload]
            rectangle=(int(row["rect_w"]), int(row["rect_h"])),  # type: ignore[call-overload]
            misere=bool(row["misere"]),
            choices=tuple((int(w), int(h)) for w, h in choices),
        )

    def one_pile(self, side: int) -> np.ndarray:
        """``allowed[L]``: whether a one-pile move may take ``L`` counters, ``L < side``,
        by the residues alone (the m-bishop's short moves aside)."""
        lengths = range(side + 1)
        allowed = [n > 0 and n % self.rook_modulus in self.rook_residues for n in lengths]
        return np.array(allowed, dtype=np.bool_)

    def variants(self) -> tuple[Moves, ...]:
        """The games the second player may choose between (the game itself without a
        choice)."""
        if not self.choices:
            return (self,)
        return tuple(replace(self, rectangle=choice, choices=()) for choice in self.choices)

    def mirrored(self) -> Moves:
        """The board drawn the other way round: the moves are symmetric, the removed
        rectangles turn."""
        return replace(
            self,
            rectangle=(self.rectangle[1], self.rectangle[0]),
            choices=tuple((h, w) for w, h in self.choices),
        )

    @property
    def has_values(self) -> bool:
        """Whether positions have Sprague–Grundy values: normal play, no blocking, no
        choice."""
        return not self.misere and self.blocking <= 1 and not self.choices

    @property
    def landman(self) -> bool:
        """Whether Landman's finite-state argument applies: values, every one-pile
        move, no modular move, no removed rectangle."""
        return (
            self.has_values
            and self.rook_modulus == 1
            and self.rook_residues == (0,)
            and self.modular == 0
            and self.rectangle == (0, 0)
        )
