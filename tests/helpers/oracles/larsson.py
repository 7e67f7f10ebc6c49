"""Larsson's p-complementary pairs (a, b from n = 0, phi from n = 1), restated from the
paper (MATH.md 4): a_n = floor(n phi_{mp} / p) with phi_x = (2 - x + sqrt(x^2 + 4)) / 2,
b_n = a_n + m n, phi_n = p b_n - n; and the P-positions (c_n, d_n), c <= d, of the
games mWN^(l,p) without a formula, by a plain walk of the game's definition."""

import re
from functools import cache
from math import isqrt

import numba
import numpy as np

FAMILY = "larsson"
FAR = ["larsson-m2-p3-a", "larsson-m2-p3-b", "larsson-m2-p3-phi"]


def expected(sequence_id: str, n: int) -> int:
    if found := re.fullmatch(r"larsson-m(\d+)-p(\d+)-(a|b|phi)", sequence_id):
        m, p, kind = int(found[1]), int(found[2]), found[3]
        x = m * p
        a = (n * (2 - x) + isqrt(n * n * (x * x + 4))) // (2 * p)
        return {"a": a, "b": a + m * n, "phi": p * (a + m * n) - n}[kind]
    found = re.fullmatch(r"larsson-modulo-m(\d+)-p(\d+)-l(\d+)-(c|d)", sequence_id)
    assert found, sequence_id
    m, p, l = int(found[1]), int(found[2]), int(found[3])  # noqa: E741
    # one board for every n < 14 (a cell's value needs only the cells before it)
    reach = max(16, 1 << (n + 2).bit_length())  # at least n + 2
    pairs = modulo_game_pairs(m, p, l, board=max(64, 8 * (m + 1) * reach))
    assert len(pairs) > n, (sequence_id, n)
    return pairs[n][0 if found[4] == "c" else 1]


@cache
def modulo_game_pairs(m: int, p: int, l: int, board: int) -> list[tuple[int, int]]:  # noqa: E741
    """The P-positions ``(c, d)``, ``c <= d < board``, of mWN^(l,p), sorted
    (:func:`modulo_game_board`)."""
    cells = np.argwhere(modulo_game_board(m, p, l, board)).tolist()
    return [(x, y) for x, y in cells if x <= y]


@numba.njit(cache=True)
def modulo_game_board(m: int, p: int, l: int, board: int) -> np.ndarray:  # noqa: E741
    """Whether each cell of a board of ``board`` is a P-position of mWN^(l,p): rook
    moves of lengths congruent to 0 .. l - 1 modulo p (l = 0: the multiples of p) and
    m-bishop moves (k and l' from the piles, k + l' > 0, |k - l'| < m).  A cell is P
    when no move reaches a P-position: along its row and column by the residues the
    P-positions there attack, along the 2m - 1 diagonals nearest its own by the first
    P-position of each (the lowest reaches every later cell of its diagonal)."""
    lengths = np.arange(l) if l else np.zeros(1, dtype=np.int64)
    row_attacks = np.zeros((board, p), dtype=np.bool_)  # [x, y mod p]: attacked along row x
    column_attacks = np.zeros((board, p), dtype=np.bool_)
    centre = board + m  # first_on_diagonal[y - x + centre]: the smallest x of a P-position
    first_on_diagonal = np.full(2 * centre + 1, -1, dtype=np.int64)
    is_p = np.zeros((board, board), dtype=np.bool_)
    for x in range(board):
        for y in range(board):
            if row_attacks[x, y % p] or column_attacks[y, x % p]:
                continue
            reached = False
            for shift in range(-m + 1, m):
                x0 = first_on_diagonal[y - x + shift + centre]
                if x0 >= 0 and x0 <= x and x0 + y - x + shift <= y and (x0 != x or shift != 0):
                    reached = True
                    break
            if reached:
                continue
            is_p[x, y] = True
            for r in lengths:
                row_attacks[x, (y + r) % p] = True
                column_attacks[y, (x + r) % p] = True
            if first_on_diagonal[y - x + centre] < 0:
                first_on_diagonal[y - x + centre] = x
    return is_p


def offset(sequence_id: str) -> int:
    return 1 if sequence_id.endswith("-phi") else 0
