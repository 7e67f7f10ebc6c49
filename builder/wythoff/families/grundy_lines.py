"""The preperiods and periods of a game's Sprague–Grundy rows, as sequences of their
own: ``a(x)`` the least preperiod, or the least period, of row ``x`` (each row
proven additively periodic on a strip: :mod:`wythoff.core.games.grundy_rows`).

Every game whose family defines them stores its rows ``0 .. grundy_deep_rows`` with
their values (``grundy_values``); the sequences hold as many terms, but Wythoff's game's
hold ``grundy_period_rows + 1``, as many as the game's rows in ``grundy_periods``: a
row's preperiod and period cost far less to store than its values
(:data:`~wythoff.db.vocabulary.ROWS`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.families import programs as written
from wythoff.families.records import SequenceRecord

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core.games import grundy_rows
    from wythoff.core.games.rules import Rules
    from wythoff.families.records import Params
else:
    np = lazy.module("numpy", globals())
    grundy_rows = lazy.module("wythoff.core.games.grundy_rows", globals())

PREPERIOD = "preperiod"
PERIOD = "period"

_FOUND: dict[Rules, list[tuple[int, int]]] = {}
"""The ``(preperiod, period)`` of the rows proven so far, by rules (a build checks
single terms again and again)."""


class RowPeriods(NamedTuple):
    """``x -> `` the least preperiod (``what`` :data:`PREPERIOD`) or the least period
    (:data:`PERIOD`) of row ``x`` of the Sprague–Grundy function of the game ``rules``."""

    rules: Rules
    what: str

    def __call__(self, start: int, count: int) -> np.ndarray:
        return np.array(self.listed(start, count), dtype=np.int64)

    def listed(self, start: int, count: int) -> list[int]:
        found = _FOUND.get(self.rules, [])
        if len(found) < start + count:
            rows = grundy_rows.prove(self.rules, start + count)  # ValueError: too large
            found = _FOUND[self.rules] = [(r.preperiod, r.period) for r in rows]
        column = 0 if self.what == PREPERIOD else 1
        return [pair[column] for pair in found[start : start + count]]


def programs(record: SequenceRecord, a: int) -> written.Programs:
    """The programs of a row sequence of Fraenkel's a-Wythoff game (a = 1: Wythoff's),
    each term proven as the build proves it (:func:`.programs.grundy_row_periods`)."""
    assert isinstance(record.terms, RowPeriods), "a rows sequence lists its rows' periods"
    return written.grundy_row_periods(a, 0 if record.terms.what == PREPERIOD else 1)


def sequences(
    ids: tuple[str, str], family: str, game: str, rules: Rules, paper: str, params: Params
) -> list[SequenceRecord]:
    """The sequences of the least preperiods and the least periods (``ids``) of the
    rows of the game named ``game`` (its name in words, as in "Wythoff's game")."""
    where = f"the Sprague-Grundy function G of {game}"
    source = "(Dress, Flammenkamp and Pink)"
    common: dict[str, Any] = {
        "family": family,
        "offset": 0,
        "paper": paper,
        "keywords": ("game", "sprague-grundy"),
        "params": params,
        "growth": vocabulary.ROWS,
    }
    preperiod, period = ids
    return [
        SequenceRecord(
            id=preperiod,
            name=(
                f"Preperiods of the rows of {where}: a(x) = the least s such that "
                "G(x, y + p) = G(x, y) + p for every y >= s, p the least period of row x "
                f"{source}."
            ),
            formula=(
                "a(x) = least s with G(x, y + p) = G(x, y) + p for y >= s, p the row's least "
                "period; each proven by a recurrence of the row's state (Landman)"
            ),
            terms=RowPeriods(rules, PREPERIOD),
            related=(period,),
            **common,
        ),
        SequenceRecord(
            id=period,
            name=(
                f"Periods of the rows of {where}: a(x) = the least p > 0 such that "
                f"G(x, y + p) = G(x, y) + p for every large y {source}."
            ),
            formula=(
                "a(x) = least p > 0 with G(x, y + p) = G(x, y) + p for every large y; "
                "each proven by a recurrence of the row's state (Landman)"
            ),
            terms=RowPeriods(rules, PERIOD),
            related=(preperiod,),
            **common,
        ),
    ]
