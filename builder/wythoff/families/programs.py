"""Short programs a reader can run: PARI/GP and Python for every sequence.

A family module declares the programs of its sequences (:meth:`Family.programs`)
with the builders here, generic over the parameters.  Every program is exact:

* a floor of a multiple of a quadratic irrational ``(c + sqrt(d))/e`` is
  ``(c*N + sqrtint(d*N^2)) \\ e`` for ``N >= 0``, because flooring the irrational
  part first cannot move the quotient across a multiple of ``e`` (``sqrtint`` in
  PARI, ``math.isqrt`` in Python; no real number of limited precision);
* the convergents' numerators and denominators are powers of an integer matrix;
* the P-positions of a game without a formula come from a short brute-force
  solver that settles the board line by line (:func:`line_solver`).

A program either defines ``a(n)`` for every ``n`` from the offset on
(``entry = "a"``), or ``lista(nn)``, the list of the first ``nn`` terms
``a(offset), ..., a(offset + nn - 1)`` (``entry = "lista"``), the form OEIS
uses when terms are computed together.

>>> from wythoff.core.quadratic import QuadraticIrrational
>>> phi = QuadraticIrrational(1, 5, 2)
>>> print(beatty(phi).pari)
a(n) = (n + sqrtint(5*n^2))\\2
>>> print(beatty(phi, factor=1).python)
from math import isqrt
<BLANKLINE>
def a(n):
    return (n + isqrt(5*n*n))//2 + n
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wythoff.core.quadratic import QuadraticIrrational


@dataclass(frozen=True)
class Programs:
    """A sequence's PARI/GP and Python programs, and the function they define."""

    pari: str
    python: str
    entry: str = "a"  # "a": a(n) for n >= offset; "lista": lista(nn), the first nn terms

    def __post_init__(self) -> None:
        if self.entry not in ("a", "lista"):
            raise ValueError(f"entry must be 'a' or 'lista' (got {self.entry!r})")


def linear(scale: int, shift: int) -> str:
    """``scale*n + shift`` written simply: ``n``, ``3*n``, ``3*n+1``, ``n-2``.

    >>> linear(1, 0), linear(3, 1), linear(1, -2)
    ('n', '3*n+1', 'n-2')
    """
    text = "n" if scale == 1 else f"{scale}*n"
    if shift:
        text += f"+{shift}" if shift > 0 else f"-{-shift}"
    return text


def _times(factor: int, name: str) -> str:
    """``factor*name`` written simply (``N``, ``-N``, ``3*N``); ``""`` for 0."""
    if factor == 0:
        return ""
    if factor in (1, -1):
        return ("" if factor == 1 else "-") + name
    return f"{factor}*{name}"


def _sum(parts: list[str]) -> str:
    """Terms joined with `` + `` and `` - `` (empty parts left out)."""
    text = ""
    for part in (p for p in parts if p):
        if not text:
            text = part
        elif part.startswith("-"):
            text += f" - {part[1:]}"
        else:
            text += f" + {part}"
    return text or "0"


def beatty(
    slope: QuadraticIrrational,
    scale: int = 1,
    shift: int = 0,
    factor: int = 0,
    constant: int = 0,
    multiplier: int = 1,
) -> Programs:
    """Programs for ``multiplier*floor((scale*n + shift)*slope) + factor*n + constant``.

    ``scale*n + shift`` must be non-negative from the offset on (it is the index of a
    Beatty sequence), and the slope's square root positive.
    """
    if slope.sign != 1:
        raise ValueError("the programs take (c + sqrt(d))/e with a positive square root")
    plain = scale == 1 and shift == 0
    name = "n" if plain else "N"
    square = {"pari": f"{name}^2", "python": f"{name}*{name}"}
    root = {"pari": "sqrtint", "python": "isqrt"}
    divide = {"pari": "\\", "python": "//"}
    code = {}
    for language in ("pari", "python"):
        inner = _sum([_times(slope.c, name), f"{root[language]}({slope.d}*{square[language]})"])
        if slope.c and slope.e != 1:
            inner = f"({inner})"
        floor = f"{inner}{divide[language]}{slope.e}" if slope.e != 1 else inner
        if multiplier != 1:
            floor = f"{multiplier}*({floor})"
        code[language] = _sum([floor, _times(factor, "n"), str(constant) if constant else ""])
    setup = "" if plain else linear(scale, shift)
    pari = f"a(n) = my(N = {setup}); {code['pari']}" if setup else f"a(n) = {code['pari']}"
    body = f"    N = {setup}\n" if setup else ""
    python = f"from math import isqrt\n\ndef a(n):\n{body}    return {code['python']}"
    return Programs(pari, python)


def first_terms_replaced(programs: Programs, first: tuple[int, ...]) -> Programs:
    """``programs`` (defining ``a(n)`` from ``n = 0``) with ``a(0), a(1), ...`` replaced
    by ``first``.

    >>> print(first_terms_replaced(Programs("a(n) = 2*n", "def a(n):\\n    return 2*n"), (5,)).pari)
    a(n) = if(n < 1, [5][n+1], 2*n)
    """
    if programs.entry != "a" or not programs.pari.startswith("a(n) = "):
        raise ValueError("first terms are replaced in a program of the form a(n) = ...")
    listed = ", ".join(map(str, first))
    expression = programs.pari.removeprefix("a(n) = ")
    pari = f"a(n) = if(n < {len(first)}, [{listed}][n+1], {expression})"
    head, body = programs.python.split("def a(n):\n", 1)
    guard = f"    if n < {len(first)}:\n        return [{listed}][n]\n"
    return Programs(pari, f"{head}def a(n):\n{guard}{body}")


def convergents(a: int, first: int, second: int) -> Programs:
    """Programs for ``x(n) = a*x(n-1) + x(n-2)`` with ``x(0) = first``, ``x(-1) = second``:
    ``[x(n), x(n-1)]`` is the matrix ``[a, 1; 1, 0]`` to the n-th power applied to
    ``[first, second]``."""
    pari = f"a(n) = ([{a}, 1; 1, 0]^n*[{first}; {second}])[1, 1]"
    step = "x, y = x + y, x" if a == 1 else f"x, y = {a}*x + y, x"
    python = (
        "def a(n):\n"
        f"    x, y = {first}, {second}\n"
        "    for _ in range(n):\n"
        f"        {step}\n"
        "    return x"
    )
    return Programs(pari, python)


PARI_LINE_SOLVER = r"""lista(nn) = {{
  my(m = {m}, p = {p}, R = {residues_pari}, col = Map(), diag = Map(), mirror = Map());
  my(out = List(), x = 0, y, row, open, hit, z);
  while(#out < nn,
    row = 0;
    if(mapisdefined(mirror, x, &z), for(i = 1, #z, row = bitor(row, 1 << (z[i] % p))));
    open = sum(s = 0, p - 1, prod(j = 1, #R, !bittest(row, (s - R[j]) % p)));
    y = x;
    while(open && #out < nn,
      hit = sum(j = 1, #R, bittest(row, (y - R[j]) % p));
      if(!hit && mapisdefined(col, y, &z), hit = sum(j = 1, #R, bittest(z, (x - R[j]) % p)));
      if(!hit, for(t = 1 - m, m - 1,
        if(mapisdefined(diag, x - y - t, &z) && z <= x - max(t, 0), hit = 1; break)));
      if(!hit,
        listput(out, [x, y]);
        row = bitor(row, 1 << (y % p));
        mapput(col, y, bitor(if(mapisdefined(col, y, &z), z, 0), 1 << (x % p)));
        if(!mapisdefined(diag, x - y), mapput(diag, x - y, x));
        if(!mapisdefined(diag, y - x), mapput(diag, y - x, y));
        if(y > x, mapput(mirror, y, concat(if(mapisdefined(mirror, y, &z), z, []), [x])));
        open = sum(s = 0, p - 1, prod(j = 1, #R, !bittest(row, (s - R[j]) % p))));
      y++);
    x++);
  vector(nn, i, out[i][{coordinate_pari}])
}}"""

PYTHON_LINE_SOLVER = """def lista(nn):
    m, p, R = {m}, {p}, {residues_python}
    col, diag, mirror, out, x = {{}}, {{}}, {{}}, [], 0

    def is_open(row):
        return any(all((s - r) % p not in row for r in R) for s in range(p))

    while len(out) < nn:
        row = {{y % p for y in mirror.pop(x, [])}}
        y, line_open = x, is_open(row)
        while line_open and len(out) < nn:
            hit = (
                any((x - r) % p in col.get(y, ()) for r in R)
                or any((y - r) % p in row for r in R)
                or any(diag.get(x - y - t, x + 1) <= x - max(t, 0) for t in range(1 - m, m))
            )
            if not hit:
                out.append((x, y))
                row.add(y % p)
                col.setdefault(y, set()).add(x % p)
                diag.setdefault(x - y, x)
                diag.setdefault(y - x, y)
                if y > x:
                    mirror.setdefault(y, []).append(x)
                line_open = is_open(row)
            y += 1
        x += 1
    return [pair[{coordinate}] for pair in out[:nn]]"""


def line_solver(m: int, p: int, residues: tuple[int, ...], coordinate: int) -> Programs:
    """Programs for the sorted P-positions ``(c, d)``, ``c <= d``, of the game whose
    moves are rook moves of a length ``= r (mod p)``, ``r`` in ``residues``, and
    m-bishop moves (``k`` and ``l`` from the two piles, ``k + l > 0``, ``|k - l| < m``);
    ``coordinate`` 0 gives ``c``, 1 gives ``d``.

    The solver settles the board line by line (``x = 0, 1, ...``; in each line
    ``y = x, x + 1, ...``): a position is a P-position when no move reaches one.
    For that it keeps, per column, the residues mod ``p`` of its P-positions; per
    diagonal ``x - y``, the smallest ``x`` of one (an m-bishop move reaches the
    diagonals within ``m - 1`` of the position's own); and the line's residues.
    A line is finished once its residues with ``residues`` added cover every class
    mod ``p``: every later position of the line has a rook move to a P-position.
    """
    fields = {
        "m": m,
        "p": p,
        "residues_pari": "[" + ", ".join(str(r) for r in residues) + "]",
        "residues_python": repr(tuple(residues)),
        "coordinate": coordinate,
        "coordinate_pari": coordinate + 1,
    }
    return Programs(
        PARI_LINE_SOLVER.format(**fields), PYTHON_LINE_SOLVER.format(**fields), entry="lista"
    )


def wythoff_grundy(row: int | None) -> Programs:
    """Programs for a line of the Sprague–Grundy function of Wythoff's game, by the
    definition: G(x, y) is the least value no move (down the column, along the row or
    the diagonal) reaches, the table filled from the corner.  ``row`` gives the row
    ``G(row, n)``; ``None`` the diagonal ``G(n, n)``.  The table is the rows up to
    ``row`` (or the square up to ``n``), about ``n^3`` steps: short, not fast."""
    if row is None:
        fields = {
            "rows": "nn",
            "pick_pari": "G[j, j]",
            "pick_python": "[G[n][n] for n in range(nn)]",
        }
    else:
        fields = {
            "rows": str(row + 1),
            "pick_pari": f"G[{row + 1}, j]",
            "pick_python": f"G[{row}][:nn]",
        }
    return Programs(
        PARI_WYTHOFF_GRUNDY.format(**fields), PYTHON_WYTHOFF_GRUNDY.format(**fields), entry="lista"
    )


PARI_WYTHOFF_GRUNDY = """\
lista(nn) = my(r = {rows}, G = matrix(r, nn), S, g); \\
  for(x = 0, r - 1, for(y = 0, nn - 1, S = Set(); \\
    for(k = 1, x, S = setunion(S, [G[x - k + 1, y + 1]])); \\
    for(k = 1, y, S = setunion(S, [G[x + 1, y - k + 1]])); \\
    for(k = 1, min(x, y), S = setunion(S, [G[x - k + 1, y - k + 1]])); \\
    g = 0; while(setsearch(S, g), g++); G[x + 1, y + 1] = g)); \\
  vector(nn, j, {pick_pari})"""

PYTHON_WYTHOFF_GRUNDY = """\
def lista(nn):
    r = {rows}
    G = [[0] * nn for _ in range(r)]
    for x in range(r):
        for y in range(nn):
            seen = {{G[x - k][y] for k in range(1, x + 1)}}
            seen |= {{G[x][y - k] for k in range(1, y + 1)}}
            seen |= {{G[x - k][y - k] for k in range(1, min(x, y) + 1)}}
            g = 0
            while g in seen:
                g += 1
            G[x][y] = g
    return {pick_python}"""


def wythoff_grundy_positions(value: int, larger: bool) -> Programs:
    """Programs for the positions (a(n), b(n)), a(n) <= b(n), of Sprague–Grundy value
    ``value`` of Wythoff's game (``larger``: the b(n)).  The square table, of side
    3n + 8*value + 64 (the positions of a value lie a bounded distance from the
    P-positions, whose larger pile is about 2.62n), is filled by the definition with
    one bitmask of the values met per row, column and diagonal: the least value no
    move reaches is the lowest bit not set in their union."""
    fields = {"value": value, "pick": 2 if larger else 1, "index": 1 if larger else 0}
    return Programs(
        PARI_WYTHOFF_POSITIONS.format(**fields),
        PYTHON_WYTHOFF_POSITIONS.format(**fields),
        entry="lista",
    )


PARI_WYTHOFF_POSITIONS = """\
lista(nn) = my(g = {value}, N = 3*nn + 8*g + 64, R = vector(N), C = vector(N), \\
  D = vector(2*N), G = matrix(N, N), m, v, P = List(), met = vector(N), y); \\
  for(x = 1, N, for(j = 1, N, m = bitor(bitor(R[x], C[j]), D[j - x + N]); \\
    v = valuation(m + 1, 2); G[x, j] = v; R[x] = bitor(R[x], 2^v); \\
    C[j] = bitor(C[j], 2^v); D[j - x + N] = bitor(D[j - x + N], 2^v))); \\
  for(x = 1, N, if(!met[x], y = 0; for(j = x, N, if(G[x, j] == g, y = j; break)); \\
    if(!y, break); met[y] = 1; listput(P, [x - 1, y - 1]))); \\
  vector(min(nn, #P), i, P[i][{pick}])"""

PYTHON_WYTHOFF_POSITIONS = """\
def lista(nn):
    g = {value}
    N = 3 * nn + 8 * g + 64
    R, C, D = [0] * N, [0] * N, [0] * (2 * N)
    G = [[0] * N for _ in range(N)]
    for x in range(N):
        for y in range(N):
            m = R[x] | C[y] | D[y - x + N]
            v = (~m & (m + 1)).bit_length() - 1  # the lowest bit not set
            G[x][y] = v
            R[x] |= 1 << v
            C[y] |= 1 << v
            D[y - x + N] |= 1 << v
    pairs, met = [], [False] * N
    for x in range(N):
        if not met[x]:
            y = next((y for y in range(x, N) if G[x][y] == g), None)
            if y is None:
                break
            met[y] = True
            pairs.append((x, y))
    return [p[{index}] for p in pairs[:nn]]"""


def grundy_row_periods(a: int, column: int) -> Programs:
    """Programs for the least preperiods (``column`` 0) or the least periods (1) of the
    rows of the Sprague–Grundy function of Fraenkel's a-Wythoff game (a = 1: Wythoff's),
    each proven by Landman's argument rather than guessed from a strip of fixed length.

    The strip of rows ``0 .. nn - 1`` is filled by the definition (the least value no
    move reaches), then each row in turn is proven: once every move from ``(x, y)``
    into a lower row lands where that row repeats, the next value of row ``x`` depends
    only on its *state* (``y`` modulo the lcm ``L`` of the lower rows' periods, the
    least value the row has not taken, and the values above it that it has, each
    minus ``y``), so a state that recurs ``P`` columns later gives ``G(x, y + P) =
    G(x, y) + P`` for ever.  The least period divides ``P`` and is the least divisor
    that holds over one round; the preperiod is where it stops holding going back.
    A row whose state does not recur within the strip doubles the strip's length."""
    fields = {"b": a - 1, "column": column, "column_pari": column + 1}
    return Programs(
        PARI_ROW_PERIODS.format(**fields), PYTHON_ROW_PERIODS.format(**fields), entry="lista"
    )


PARI_ROW_PERIODS = r"""lista(nn) = {{
  my(b = {b}, w = 64, G, R, T, t, A, m, g, L, r, M, h, y1, P, p, s, v);
  while(1,
    G = matrix(nn, w); T = vector(w + 2*(b + 1)*nn + 2); t = 0;
    for(x = 0, nn - 1, m = 0; A = Set();
      for(y = 0, w - 1, t++;
        for(k = 1, x, T[G[x - k + 1, y + 1] + 1] = t;
          for(l = max(1, k - b), min(y, k + b), T[G[x - k + 1, y - l + 1] + 1] = t));
        g = m; while(setsearch(A, g) || T[g + 1] == t, g++); G[x + 1, y + 1] = g;
        if(g == m, m++; while(setsearch(A, m), A = setminus(A, [m]); m++), A = setunion(A, [g]))));
    R = vector(nn);
    for(x = 0, nn - 1, L = 1; r = 0; y1 = -1;
      for(k = 1, x, L = lcm(L, R[x - k + 1][2]); r = max(r, R[x - k + 1][1] + k + b));
      M = Map(); m = 0; A = Set();
      for(y = 0, w - 1,
        if(y >= r, h = [y % L, m - y, apply(u -> u - y, A)];
          if(mapisdefined(M, h, &y1), P = y - y1; break); mapput(M, h, y));
        g = G[x + 1, y + 1];
        if(g == m, m++; while(setsearch(A, m), A = setminus(A, [m]); m++), A = setunion(A, [g])));
      if(y1 < 0, break);
      v = (j -> if(j < y1 + P, G[x + 1, j + 1], G[x + 1, j - P + 1] + P));
      fordiv(P, d, p = d;
        for(y = y1, y1 + P - 1, if(v(y + d) != v(y) + d, p = 0; break)); if(p, break));
      s = y1; while(s > 0 && v(s - 1 + p) == v(s - 1) + p, s--);
      R[x + 1] = [s, p]);
    if(y1 >= 0, return(vector(nn, j, R[j][{column_pari}]))); w *= 2)
}}"""

PYTHON_ROW_PERIODS = """\
from math import lcm


def take(m, above, g):
    # the least value the row has not taken once it takes g (above: those it took above m)
    if g != m:
        above.add(g)
        return m
    m += 1
    while m in above:
        above.remove(m)
        m += 1
    return m


def lista(nn):
    b, w = {b}, 64  # moves to (x - k, y - l): k or l alone, or both with |k - l| <= b
    while True:
        G = [[0] * w for _ in range(nn)]
        for x in range(nn):
            m, above = 0, set()
            for y in range(w):
                low = {{G[x - k][y - l] for k in range(1, x + 1)
                       for l in [0, *range(max(1, k - b), min(y, k + b) + 1)]}}
                g = m
                while g in above or g in low:
                    g += 1
                G[x][y] = g
                m = take(m, above, g)
        found = []  # (preperiod, period) of the rows proven
        for x in range(nn):
            L = lcm(1, *(p for _, p in found))
            ready = max([0] + [found[x - k][0] + k + b for k in range(1, x + 1)])
            states, m, above, P = {{}}, 0, set(), 0
            for y in range(w):
                if y >= ready:  # Landman's state of row x at y
                    key = (y % L, m - y, tuple(sorted(v - y for v in above)))
                    if key in states:
                        y1, P = states[key], y - states[key]
                        break
                    states[key] = y
                m = take(m, above, G[x][y])
            if not P:
                break  # no recurrence within the strip
            def v(j):  # G(x, j) for any j, by the recurrence
                return G[x][j] if j < y1 + P else G[x][j - P] + P
            p = next(d for d in range(1, P + 1) if P % d == 0
                     and all(v(y + d) == v(y) + d for y in range(y1, y1 + P)))
            s = y1
            while s and v(s - 1 + p) == v(s - 1) + p:
                s -= 1
            found.append((s, p))
        if len(found) == nn:
            return [pair[{column}] for pair in found]
        w *= 2"""
