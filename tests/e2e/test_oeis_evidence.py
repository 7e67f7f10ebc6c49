"""A build judges every OEIS relation on its stored terms, and states the same
relations on every machine: Larsson's 6WN^(2,5) has d(n) = 7n for its first 61
terms, as A008589 ("Multiples of 7") lists them, and the entry's own PARI program
(run once, its terms shipped with the package) shows where the two part; the lower
Wythoff sequence is A000201 by the entry's own definition.  A second build with no
PARI/GP on its PATH gives the same tables, row for row."""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

import pytest
from wythoff.db import evidence

from tests.helpers.commands import write_config, wythoff

# One worker runs this module, so that its builds are made once, not once a worker.
pytestmark = pytest.mark.xdist_group("oeis-evidence")

FAMILIES = '[families]\nlarsson = { m = [6, 6], p = [5, 5] }\n"wythoff" = {}\n'
COMPARED_TABLES = {
    "crossrefs": "SELECT * FROM crossrefs ORDER BY sequence_id, target",
    "oeis_extensions": "SELECT * FROM oeis_extensions ORDER BY anumber",
}


def _build(root: Path, **environment: str) -> sqlite3.Connection:
    config = write_config(root, FAMILIES, terms=150, solver_board=60, ppositions_max=50)
    env = {**os.environ, **environment} if environment else None
    wythoff("build", "--config", str(config), "--quiet", env=env)
    return sqlite3.connect(root / "data" / "wythoff.sqlite")


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    connection = _build(tmp_path_factory.mktemp("oeis-evidence"))
    yield connection
    connection.close()


@pytest.fixture(scope="module")
def without_gp(tmp_path_factory):
    """The same build with nothing but Python's own folder on its PATH: no gp."""
    connection = _build(tmp_path_factory.mktemp("no-gp"), PATH=str(Path(sys.executable).parent))
    yield connection
    connection.close()


def test_the_coincidence_with_multiples_of_7_is_a_near_miss_by_the_program(database):
    row = database.execute(
        "SELECT kind, evidence, verified_up_to, relation FROM crossrefs "
        "WHERE sequence_id = 'larsson-modulo-m6-p5-l2-d' AND target = 'A008589'"
    ).fetchone()
    assert row[:3] == ("near miss", "contradicted", 60)
    assert "then a(61) = 428 but A008589(61) = 427 by the entry's PARI program" in row[3]
    program = database.execute(
        "SELECT source, terms, program, failure, sha256 FROM oeis_extensions "
        "WHERE anumber = 'A008589'"
    ).fetchone()
    assert program[0] == "PARI program" and program[1] >= 150 and program[3] == ""
    assert program[2].startswith("a(n)=7*n") and len(program[4]) == 64


def test_every_relation_is_the_one_sentence_of_its_fields(database):
    """Every stored cross-reference: its sentence is made of its fields, and says what
    they hold: a proven one names its proof, a compared one its range, a listed one how
    many listed terms, a near miss where it differs; none says "shift" or "nothing"."""
    database.row_factory = sqlite3.Row
    rows = database.execute("SELECT * FROM crossrefs").fetchall()
    database.row_factory = None
    assert {row["evidence"] for row in rows} >= {"proven", "compared", "contradicted"}
    for row in rows:
        fields = evidence.of_row(row)
        relation, where = row["relation"], (row["sequence_id"], row["target"])
        assert relation == evidence.sentence(fields), where
        assert "shift" not in relation and "nothing" not in relation, where
        assert "install" not in relation and "gp" not in relation, where
        claim = fields.claim or (
            evidence.index_relation(fields.target, fields.index_offset, fields.index_from)
            if fields.index_offset is not None and fields.evidence != "contradicted"
            else ""
        )
        assert relation.startswith(claim) or relation.startswith("near miss: "), where
        listed = f"n = {fields.listed_from} .. {fields.listed_to}"
        if fields.evidence == "proven":
            assert fields.proof and f"proven ({fields.proof})" in relation, where
            assert fields.claim or listed in relation, where
        elif fields.evidence == "compared":
            assert row["kind"] == "match" and fields.compared_by, where
            assert f"compared on n = {fields.listed_from} .. {fields.compared_to} (" in relation
            assert f"{listed} listed in the entry" in relation and "not proven" in relation
            assert fields.compared_to == row["verified_up_to"], where
        elif fields.evidence == "listed":
            assert row["kind"] == "match" and fields.listed_to >= fields.listed_from, where
            assert f"compared on {listed}, the terms the entry lists" in relation, where
            assert "proven" not in relation, where
        else:
            assert (row["kind"], fields.evidence) == ("near miss", "contradicted"), where
            said = f"then a({fields.differs_at}) = {fields.differs_ours} but "
            assert said in relation and fields.differs_at == row["verified_up_to"] + 1, where


def test_the_wythoff_sequences_are_their_entries_by_definition(database):
    found = dict(
        database.execute(
            "SELECT target, relation FROM crossrefs WHERE sequence_id = 'wythoff-a' "
            "AND evidence = 'proven' AND target LIKE 'A%'"
        )
    )
    assert found["A000201"] == (
        "a(n) = A000201(n) for n >= 1, proven (A000201 is floor(n*phi) by definition"
        ", with phi = (1+sqrt(5))/2 in its name; ours is "
        "floor(n*((1 + sqrt(5))/2))) and compared on n = 1 .. 149 (n = 1 .. 68 listed in the "
        "entry, the rest from the entry's Python program)"
    )
    assert "A090908" not in found  # the same listed terms, another definition


def test_a_build_without_gp_states_the_same_relations(database, without_gp):
    for table, query in COMPARED_TABLES.items():
        with_rows = database.execute(query).fetchall()
        assert with_rows and without_gp.execute(query).fetchall() == with_rows, table
