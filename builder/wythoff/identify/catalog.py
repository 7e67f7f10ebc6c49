"""The lookups identification makes in a built database: runs of terms, the
catalog's Beatty slopes, and games by their P-positions.

Every lookup goes through an index of the database: a run of terms is found
from its largest term (``terms`` is indexed by value, and a large value is
rare), a set of P-positions from its largest pair (``p_positions`` is indexed by
``(x, y)``), so that a query answers in milliseconds on a full build.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, text

from wythoff.core.discrepancy import BeattyForm
from wythoff.core.quadratic import QuadraticIrrational

INT64 = 2**63


@dataclass(frozen=True)
class CatalogSlope:
    """A stored sequence that is a Beatty sequence ``floor(n*alpha + beta)``."""

    id: str
    alpha: QuadraticIrrational
    form: BeattyForm | None = None  # its closed form, for terms past those stored

    def stored(self, connection: Connection, first: int, count: int) -> dict[int, int]:
        """Its stored terms ``a(first) .. a(first + count - 1)``, by index."""
        return stored_terms(connection, self.id, first, count)

    def first_difference(
        self, connection: Connection, terms: Sequence[int], first: int
    ) -> tuple[int, int] | None:
        """``(n, its a(n))`` at the first index where it differs from ``terms``
        (``terms[0]`` at index ``first``); ``None`` if none of its stored terms does."""
        stored = self.stored(connection, first, len(terms))
        for k, value in enumerate(terms):
            theirs = stored.get(first + k)
            if theirs is not None and theirs != value:
                return first + k, theirs
        return None

    def agrees(self, connection: Connection, terms: Sequence[int], first: int) -> bool:
        """Whether it stores every one of ``terms`` at the same indices."""
        stored = self.stored(connection, first, len(terms))
        return all(stored.get(first + k) == value for k, value in enumerate(terms))


def slopes(connection: Connection) -> list[CatalogSlope]:
    """The stored sequences that are Beatty sequences (a closed form
    ``floor((n + shift)*theta) + factor*n + constant``), with their slopes."""
    rows = connection.execute(
        text("SELECT id, picture_form FROM sequences WHERE picture = 'discrepancy' ORDER BY id")
    )
    found = []
    for sequence_id, form_text in rows:
        form = BeattyForm.from_parameters(json.loads(form_text))
        if form.step == 1 and form.scale == 1:
            theta = form.theta
            alpha = QuadraticIrrational(
                theta.c + form.factor * theta.e, theta.d, theta.e, theta.sign
            )
            found.append(CatalogSlope(sequence_id, alpha, form))
    return found


def sequences_containing(connection: Connection, terms: Sequence[int]) -> list[tuple[str, int]]:
    """``(sequence, n)``: the stored sequences holding ``terms`` as a run from their index n.

    The candidates' starts come from the rarest terms (the largest in absolute
    value), intersected term after term until few are left; each survivor is then
    read and compared whole."""
    anchors = sorted(range(len(terms)), key=lambda k: (-abs(terms[k]), k))[:ANCHORS]
    starts: set[tuple[str, int]] | None = None
    for k in anchors:
        found = _starts(connection, terms[k], k)
        if found is None:  # too common a value to narrow anything
            continue
        starts = found if starts is None else starts & found
        if len(starts) <= FEW:
            break
    if starts is None:
        return []
    return sorted(s for s in starts if _holds(connection, s, terms))


ANCHORS = 8
FEW = 16
COMMON = 20_000
"""A value held more often than this does not narrow the search."""


def _starts(connection: Connection, value: int, k: int) -> set[tuple[str, int]] | None:
    """Where a run would start if its ``k``-th term is one of the stored ``value``s;
    ``None`` when the value is too common to say."""
    if -INT64 <= value < INT64:
        sql, argument = "SELECT sequence_id, n FROM terms WHERE value = :v LIMIT :most", value
    else:
        sql = "SELECT sequence_id, n FROM terms WHERE value_text = :v LIMIT :most"
        argument = str(value)  # type: ignore[assignment]
    rows = connection.execute(text(sql), {"v": argument, "most": COMMON + 1}).all()
    if len(rows) > COMMON:
        return None
    return {(sequence_id, int(n) - k) for sequence_id, n in rows}


def _holds(connection: Connection, start: tuple[str, int], terms: Sequence[int]) -> bool:
    sequence_id, first = start
    stored = stored_terms(connection, sequence_id, first, len(terms))
    return all(stored.get(first + k) == value for k, value in enumerate(terms))


def stored_terms(
    connection: Connection, sequence_id: str, first: int, count: int
) -> dict[int, int]:
    """A stored sequence's terms ``a(first) .. a(first + count - 1)`` (those it has), by
    index, exactly (read as text, so terms beyond 64 bits too)."""
    rows = connection.execute(
        text(
            "SELECT n, value_text FROM terms WHERE sequence_id = :id AND n BETWEEN :low AND :high"
        ),
        {"id": sequence_id, "low": first, "high": first + count - 1},
    )
    return {int(n): int(value) for n, value in rows}


def games_with(
    connection: Connection, pairs: Sequence[tuple[int, int]], bound: int | None = None
) -> list[tuple[str, int]]:
    """``(game, bound)``: the stored games whose P-positions with ``x <= y <= bound`` are
    exactly ``pairs`` (given with ``x <= y``; ``bound`` by default their largest
    coordinate); only games whose stored P-positions reach that bound."""
    if not pairs:
        return []
    bound = max(y for _, y in pairs) if bound is None else bound
    x, y = max(pairs, key=lambda pair: (pair[1], pair[0]))
    candidates = connection.execute(
        text(
            "SELECT DISTINCT p.game_id FROM p_positions p JOIN games g ON g.id = p.game_id "
            "WHERE p.x = :x AND p.y = :y AND g.ppositions_max >= :bound ORDER BY p.game_id"
        ),
        {"x": x, "y": y, "bound": bound},
    ).scalars()
    wanted = set(pairs)
    found = []
    for game_id in candidates:
        rows = connection.execute(
            text("SELECT x, y FROM p_positions WHERE game_id = :id AND x <= :b AND y <= :b"),
            {"id": game_id, "b": bound},
        )
        stored = {(min(int(a), int(b)), max(int(a), int(b))) for a, b in rows}
        if stored == wanted:
            found.append((game_id, bound))
    return found
