"""Test data: the papers' tables, the small catalog the game tests sweep, and
independent definitions to test the package against.

The tables live in ``tests/reference`` (see its README); they are read from
there, relative to this package, and nowhere else.
"""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pandas as pd
from hypothesis import strategies as st
from wythoff.core.games.rules import Rules
from wythoff.families import FAMILIES

from tests.helpers.tracing import run_untraced

REFERENCE = Path(__file__).parents[1] / "reference"

# Every family of the registry, over ranges small enough to solve each game on
# a 60 x 60 board: the tests sweep the families the package declares.
SMALL_RANGES = {key: dict(family.small_ranges) for key, family in FAMILIES.items()}


def bare_sequence_row(key: int, terms_count: int) -> dict:
    """A ``sequences`` row for tests that store terms alone: the key, a made-up ID
    and no description."""
    return {
        "id": f"s{key}",
        "key": key,
        "family": "f",
        "name": f"s{key}",
        "offset": 0,
        "terms_count": terms_count,
        "formula": "",
        "paper": "",
        "keywords": "",
        "data": "",
        "growth": "linear",
        "params": "{}",
    }


def narrowed(ranges: dict, width: int) -> dict:
    """``ranges`` with each parameter limited to its first ``width`` values."""
    return {
        key: {name: (low, min(high, low + width - 1)) for name, (low, high) in params.items()}
        for key, params in ranges.items()
    }


def families_toml(ranges: dict) -> str:
    """The ``[families]`` table of a configuration file for ``ranges``."""
    lines = ["[families]"]
    for key, params in ranges.items():
        fields = ", ".join(f"{name} = [{low}, {high}]" for name, (low, high) in params.items())
        lines.append(f'"{key}" = {{ {fields} }}' if fields else f'"{key}" = {{}}')
    return "\n".join(lines) + "\n"


def reference(name: str, **read_csv_options) -> pd.DataFrame:
    """One of the papers' tables, e.g. ``reference("connell_k3.csv")``."""
    return pd.read_csv(REFERENCE / name, **read_csv_options)


def reference_pairs(name: str, first: str, second: str) -> list[tuple[int, int]]:
    """Two integer columns of a table as a list of pairs, in the table's order."""
    table = reference(name)
    return [(int(x), int(y)) for x, y in zip(table[first], table[second], strict=True)]


def parse_position_list(text: str) -> list[tuple[int, int]]:
    """``"(0,0) (1,2) (2,1)"`` -> ``[(0, 0), (1, 2), (2, 1)]``."""
    return [ast.literal_eval(item) for item in text.split()]


def mex(values) -> int:
    """The least non-negative integer not in ``values``."""
    values = set(values)
    candidate = 0
    while candidate in values:
        candidate += 1
    return candidate


@run_untraced  # the test's oracle, traced for nothing
def naive_grundy(
    rules: Rules, size: int, off_board: int = -1, shape: tuple[int, int] | None = None
) -> np.ndarray:
    """G by the definition: the mex of the values of ``Rules.moves``, cell by cell
    (``off_board`` where the board has no cell), on the square of side ``size`` or, given
    ``shape`` (rows, columns), on that strip alone: every move takes from the piles, so
    a strip's values are the whole table's (a move out of it would fail loudly)."""
    rows, columns = shape or (size, size)
    table = [[off_board] * columns for _ in range(rows)]  # lists: a cell read in Python is cheap
    for x in range(rows):
        for y in range(columns):
            if rules.on_board(x, y):
                table[x][y] = mex(table[tx][ty] for tx, ty in rules.moves(x, y))
    return np.array(table, dtype=np.int64)


@st.composite
def game_rules(draw):
    """Any combination of the kinds of move (at least one), blocking, rectangle, misère."""
    modulus = draw(st.integers(1, 4))
    residues = tuple(draw(st.sets(st.integers(0, modulus - 1), max_size=modulus)))
    bishop = draw(st.integers(0, 4))
    modular = draw(st.integers(0, 4))
    if not residues and not bishop and not modular:  # at least one kind of move
        bishop = 1
    sides = st.tuples(st.integers(0, 6), st.integers(0, 6))
    rectangle = draw(st.one_of(st.just((0, 0)), sides))
    # the second player's choice of rectangle, on a board without a fixed one
    choices = draw(st.lists(sides, min_size=2, max_size=3)) if rectangle == (0, 0) else []
    return Rules(
        rook_modulus=modulus,
        rook_residues=residues,
        bishop=bishop,
        modular=modular,
        blocking=(blocking := draw(st.integers(1, 4))),
        rectangle=rectangle,
        misere=draw(st.booleans()) if blocking == 1 else False,  # Rules refuses both
        blocking_reach=draw(st.one_of(st.none(), st.integers(0, 6))),
        rectangle_choices=tuple(choices) if draw(st.booleans()) else (),
    )


def legal_by_definition(rules: Rules, start, target) -> bool:
    """The papers' definitions, written out again."""
    (x, y), (x2, y2) = start, target
    w, h = rules.rectangle

    def on_board(u, v):
        return u >= 0 and v >= 0 and not (u < w and v < h)

    if not (on_board(x, y) and on_board(x2, y2)):
        return False
    k, l = x - x2, y - y2  # noqa: E741
    if k < 0 or l < 0 or k + l == 0:
        return False
    rook = (k == 0 or l == 0) and (k + l) % rules.rook_modulus in rules.rook_residues
    bishop = rules.bishop > 0 and abs(k - l) < rules.bishop
    modular = rules.modular > 0 and k > 0 and l > 0 and (k - l) % rules.modular == 0
    return rook or bishop or modular
