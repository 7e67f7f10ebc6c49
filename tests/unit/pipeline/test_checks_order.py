"""The checks are loaded block by block as they are made, then numbered in one order:
by subject, check and method as Python sorts strings, in the order loaded where
these are the same. The oracle is Python's stable sort of everything loaded."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, select
from wythoff.db import models, store
from wythoff.families.evidence import Check
from wythoff.pipeline import load

# case, accents, symbols beyond the BMP and digits: where collations disagree
WORDS = st.text(alphabet="aAbB_-1é√φ𝜑 ", max_size=3)
CHECKS = st.builds(Check, WORDS, WORDS, WORDS, st.just("99"), st.booleans(), WORDS)
BLOCKS = st.lists(st.lists(CHECKS, max_size=6), max_size=6)
FIELDS = ("subject", "check", "method", "up_to", "passed", "detail")


@settings(max_examples=150, deadline=None)
@given(BLOCKS)
def test_checks_loaded_in_blocks_are_numbered_as_python_sorts_them(blocks):
    engine = create_engine("sqlite://")
    table = store.table_of(models.Verification)
    table.create(engine)
    with engine.begin() as connection:
        for block in blocks:
            load.load_checks(connection, block)
        load.order_checks(connection)
        rows = connection.execute(select(table).order_by(table.c.id)).all()
    loaded = [check for block in blocks for check in block]
    expected = sorted(loaded, key=lambda c: (c.subject, c.check, c.method))
    assert [r.id for r in rows] == list(range(1, len(loaded) + 1))
    assert [Check(*(getattr(r, f) for f in FIELDS)) for r in rows] == expected
