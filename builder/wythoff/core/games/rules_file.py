"""A game of one's own, written down in TOML with the moves this catalog knows.

Every key is a field of :class:`~wythoff.core.games.rules.Rules`, with the same
meaning; keys left out take the default (no such move, no twist)::

    # one-pile moves: any number (1, [0]); multiples of 3 (3, [0]); lengths 1 or 2 mod 3
    rook_modulus = 3
    rook_residues = [1, 2]
    bishop = 2              # take k and l from both piles with |k - l| < 2
    modular = 0             # take k, l > 0 with k = l (mod m); 0: no such move
    blocking = 3            # the previous player may forbid up to 2 rook moves
    blocking_reach = 2      # ... of at least this many counters (default: bishop)
    rectangle = [2, 3]      # positions x < 2, y < 3 are off the board
    misere = false          # the player who cannot move wins
    rectangle_choices = [[6, 0], [4, 2]]   # the second player picks one first

>>> read_rules('bishop = 2\\nblocking = 3\\n') == Rules(bishop=2, blocking=3)
True
"""

from __future__ import annotations

import difflib
import tomllib
from typing import Any

from wythoff.core.games.rules import Rules

INTEGERS = ("rook_modulus", "bishop", "modular", "blocking", "blocking_reach")
KEYS = (*INTEGERS, "rook_residues", "rectangle", "misere", "rectangle_choices")


class RulesError(ValueError):
    """A rules file that does not describe a game, said in one line."""


def read_rules(text: str) -> Rules:
    """The rules a TOML text describes; :class:`RulesError` naming the first problem."""
    try:
        values = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"not TOML: {error}") from None
    for key in values:
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RulesError(f"unknown key {key!r}{hint}; the keys are {', '.join(KEYS)}")
    if "bishop" not in values and "modular" not in values and "rook_modulus" not in values:
        raise RulesError("no move: give at least one of rook_modulus, bishop, modular")
    fields: dict[str, Any] = {}
    for key in INTEGERS:
        if key in values:
            fields[key] = _integer(values[key], key)
    if "rook_residues" in values:
        fields["rook_residues"] = tuple(_integers(values["rook_residues"], "rook_residues"))
    if "rectangle" in values:
        fields["rectangle"] = _pair(values["rectangle"], "rectangle")
    if "misere" in values:
        if not isinstance(values["misere"], bool):
            raise RulesError(f"misere must be true or false (got {values['misere']!r})")
        fields["misere"] = values["misere"]
    if "rectangle_choices" in values:
        choices = values["rectangle_choices"]
        if not isinstance(choices, list):
            raise RulesError("rectangle_choices must be a list of [w, h] pairs")
        fields["rectangle_choices"] = tuple(_pair(c, "rectangle_choices") for c in choices)
    try:
        return Rules(**fields)
    except ValueError as error:
        raise RulesError(str(error)) from None


def _integer(value: object, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"{key} must be an integer (got {value!r})")
    return value


def _integers(value: object, key: str) -> list[int]:
    if not isinstance(value, list):
        raise RulesError(f"{key} must be a list of integers (got {value!r})")
    return [_integer(v, key) for v in value]


def _pair(value: object, key: str) -> tuple[int, int]:
    numbers = _integers(value, key)
    if len(numbers) != 2:
        raise RulesError(f"{key}: a rectangle is [width, height] (got {value!r})")
    return numbers[0], numbers[1]
