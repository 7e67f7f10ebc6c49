"""What the command line keeps between runs in the user's cache folder, so that asking
again is instant: the proven rows of Sprague–Grundy tables (:mod:`.rows`) and the small
value tables (:mod:`.table`).

``wythoff.core`` computes and proves; this package alone reads the environment and
the files, and hands ``core`` its rows and cells (:func:`grundy_value`).  Every file is
sealed (:mod:`.sealed`): it names what it holds, the code that wrote it and a checksum
of its content, and one that is empty, cut short, damaged, foreign or written by other
code is ignored and written again.  A build reads none of it: it proves its rows
itself, so that it depends on its configuration and the code alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from wythoff.core.games.grundy_rows import Row
    from wythoff.core.games.grundy_value import Answer, Progress
    from wythoff.core.games.rules import Rules


def grundy_value(rules: Rules, x: int, y: int, progress: Progress | None = None) -> Answer:
    """``G(x, y)`` as :func:`wythoff.core.games.grundy_value.value` finds it, its small
    table and proven rows read from the cache (computed and kept when missing)."""
    from wythoff.caches import table
    from wythoff.core.games import grundy_value as found

    return found.value(rules, x, y, rows=_kept_rows, cell=table.cell, progress=progress)


def grundy_values(
    rules: Rules, x: int, first: int, last: int, progress: Progress | None = None
) -> Iterator[tuple[int, Answer]]:
    """``(y, G(x, y))`` for ``y = first .. last``, as
    :func:`wythoff.core.games.grundy_value.values` finds them, from the same cache."""
    from wythoff.caches import table
    from wythoff.core.games import grundy_value as found

    return found.values(rules, x, first, last, rows=_kept_rows, cell=table.cell, progress=progress)


def _kept_rows(rules: Rules, count: int, /, *, progress: Progress | None = None) -> Sequence[Row]:
    """:func:`.rows.rows`, imported only when a row is asked for (with numpy)."""
    from wythoff.caches import rows

    return rows.rows(rules, count, progress=progress)
