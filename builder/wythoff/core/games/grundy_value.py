"""One Sprague–Grundy value ``G(x, y)`` for piles of any size: read in a table, or past
it extended by the additive period of the line through the smaller pile: proven where
Landman's argument applies (the rows proven on a strip, :mod:`.grundy_rows`) and
otherwise found and verified on a table.  Whoever keeps tables or proven rows (the
command line's cache) hands them in; by default every value is computed here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from wythoff.core.games.grundy import (
    OFF_BOARD,
    TABLE_LIMIT,
    Period,
    check_defined,
    grundy_table,
    line_period,
)
from wythoff.core.games.rules import Rules

if TYPE_CHECKING:
    from collections.abc import Iterator

    from wythoff.core.games.grundy_rows import Row

Progress = Callable[[int, int], None]
"""``progress(rows proven, columns swept)``, told as a strip of rows is swept."""


class RowSource(Protocol):
    """``(rules, count, progress=...) -> `` rows ``0 .. count - 1`` of ``rules``, each
    proven (as :func:`.grundy_rows.prove` proves them)."""

    def __call__(
        self, rules: Rules, count: int, /, *, progress: Progress | None = None
    ) -> Sequence[Row]: ...


CellSource = Callable[[Rules, int, int], "int | None"]
"""``(rules, x, y) -> G(x, y)``, or None where the source holds no such cell."""

PERIOD_TABLES = (1024, 2048, 4096, 8192)
"""The tables tried in turn for a line's period, smallest first."""


@dataclass(frozen=True)
class Answer:
    """``G(x, y)`` and how it was found: read in a table (``period`` None), or extended
    by the period of the line through the smaller pile, ``proven`` for every ``y`` or
    found and verified on a table of ``period.verified_to`` cells a side."""

    value: int
    period: Period | None = None
    proven: bool = False

    @property
    def method(self) -> str:
        if self.period is None:
            return "table"
        if self.proven:
            return "period (proven)"
        return f"period (verified to {self.period.verified_to})"


def value(
    rules: Rules,
    x: int,
    y: int,
    limit: int = TABLE_LIMIT,
    rows: RowSource | None = None,
    cell: CellSource | None = None,
    progress: Progress | None = None,
) -> Answer:
    """``G(x, y)`` for piles of any size: from a table when both fit in ``limit``,
    else by the additive period of the row ``x`` (or the column ``y``; on a
    symmetric board, the line of the smaller pile) found on a table, and proven
    where the rows up to ``x`` are (the proof's own period then gives the value).
    ``cell`` is asked first for a cell in a table (``x <= y < limit``), ``rows`` for
    proven rows (by default they are proven here, :func:`.grundy_rows.prove`), and
    ``progress(rows proven, columns swept)`` is told as their strip is swept.

    Raises :class:`~.grundy.GrundyUndefined`, :class:`~.grundy.GrundyTooLarge`, or
    ``ValueError`` when the line through the position has no period within the
    tables tried.

    >>> value(Rules(bishop=1), 3, 5)
    Answer(value=0, period=None, proven=False)
    >>> far = value(Rules(bishop=1), 2, 10**30)
    >>> far.value == 10**30 - 1, far.method   # row 2: 2, 0, 1, 5, 3, 4, ...: y - 1 at y = 1 (mod 3)
    (True, 'period (proven)')
    >>> value(Rules(bishop=2, rectangle=(1, 3)), 2, 10**30).method
    'period (verified to 1024)'
    """
    check_defined(rules)
    if x < 0 or y < 0:
        raise ValueError("piles are non-negative")
    if rules.symmetric and x > y:
        x, y = y, x
    kind = "row"
    if x > y:  # column y is row y of the board drawn the other way round
        rules, x, y, kind = rules.mirrored(), y, x, "column"
    kept = cell(rules, x, y) if cell is not None and y < limit else None  # x <= y here
    if kept is not None:
        if kept == OFF_BOARD:
            raise ValueError("the position is not on the board: it lies in the removed rectangle")
        return Answer(kept)
    from wythoff.core.games import certificate, grundy_rows

    if x < limit <= y and certificate.applies(rules):  # row x proven on a strip, every y
        row = (rows or grundy_rows.prove)(rules, x + 1, progress=progress)[x]
        found = Period(row.preperiod, row.period, row.increment, len(row.offsets))
        return Answer(row.value(y), found, proven=True)
    if y < limit:  # the rows up to x hold it: a strip of the table
        swept = int(grundy_table(rules, y + 1, rows=x + 1)[x, y])
        if swept == OFF_BOARD:
            raise ValueError("the position is not on the board: it lies in the removed rectangle")
        return Answer(swept)
    if x >= limit:
        raise ValueError(f"both piles are {limit} or more: no table reaches them")
    for size in (s for s in PERIOD_TABLES if x < s <= limit):
        table = grundy_table(rules, size, rows=x + 1)
        period = line_period(table[x])
        if period is None:
            continue
        return Answer(period.extend(table[x], y), period)
    raise ValueError(
        f"{kind} {x} shows no period within a {limit}-long table: no value is known past it"
    )


def values(
    rules: Rules,
    x: int,
    first: int,
    last: int,
    limit: int = TABLE_LIMIT,
    rows: RowSource | None = None,
    cell: CellSource | None = None,
    progress: Progress | None = None,
) -> Iterator[tuple[int, Answer]]:
    """``(y, G(x, y))`` for ``y = first .. last``, each as :func:`value` gives it (from
    the same sources); the proven row ``x`` is read once for all the ``y`` past the
    tables.

    >>> row = list(values(Rules(bishop=1), 1, 8190, 8193))
    >>> [a.value for _, a in row]   # row 1: y + 1, y + 1, y - 2 by y mod 3
    [8191, 8192, 8190, 8194]
    >>> [a.method for _, a in row[1:3]]
    ['table', 'period (proven)']
    """
    from wythoff.core.games import certificate, grundy_rows

    check_defined(rules)
    proven = certificate.applies(rules) and 0 <= x < limit
    row = None
    for y in range(first, last + 1):
        if not (proven and y >= limit):
            yield y, value(rules, x, y, limit, rows, cell, progress)
            continue
        if row is None:
            row = (rows or grundy_rows.prove)(rules, x + 1, progress=progress)[x]
        found = Period(row.preperiod, row.period, row.increment, len(row.offsets))
        yield y, Answer(row.value(y), found, proven=True)
