"""A build judges every OEIS relation on its stored terms: Larsson's 6WN^(2,5) has
d(n) = 7n for its first 61 terms, as A008589 ("Multiples of 7") lists them, and
the entry's own PARI program shows where the two part; the build records a near
miss, what the program gave, and why other entries could not be extended."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from tests.helpers.commands import write_config, wythoff

# One worker runs this module, so that its build is made once, not once a worker.
pytestmark = [
    pytest.mark.skipif(shutil.which("gp") is None, reason="PARI/GP is not installed"),
    pytest.mark.xdist_group("oeis-evidence"),
]


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    root = tmp_path_factory.mktemp("oeis-evidence")
    families = '[families]\nlarsson = { m = [6, 6], p = [5, 5] }\n"wythoff" = {}\n'
    config = write_config(root, families, terms=150, solver_board=60, ppositions_max=50)
    wythoff("build", "--config", str(config), "--quiet")
    connection = sqlite3.connect(root / "data" / "wythoff.sqlite")
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
        "SELECT source, terms, program, failure FROM oeis_extensions WHERE anumber = 'A008589'"
    ).fetchone()
    assert program[0] == "PARI program" and program[1] >= 150 and program[3] == ""
    assert program[2].startswith("a(n)=7*n")


def test_no_oeis_relation_claims_more_than_its_evidence(database):
    rows = database.execute(
        "SELECT sequence_id, target, kind, evidence, relation, verified_up_to FROM crossrefs "
        "WHERE target LIKE 'A%'"
    ).fetchall()
    assert rows
    for sequence_id, target, kind, evidence, relation, up_to in rows:
        assert up_to >= 0
        if evidence == "compared":
            assert kind == "match" and f".. {up_to} (" in relation, (sequence_id, target)
        elif evidence == "listed":
            assert kind == "match" and "nothing beyond them is known" in relation
        else:
            assert (kind, evidence) == ("near miss", "contradicted"), (sequence_id, target)
    extended = dict(database.execute("SELECT anumber, failure FROM oeis_extensions"))
    assert extended["A000201"] == "the entry has no PARI program"  # wythoff-a's entry


def test_the_wythoff_sequences_rest_on_the_listed_terms_only(database):
    relation, up_to = database.execute(
        "SELECT relation, verified_up_to FROM crossrefs "
        "WHERE sequence_id = 'wythoff-a' AND target = 'A000201'"
    ).fetchone()
    assert relation.startswith("a(n) = A000201(n), n >= 1, on the 68 terms listed in the entry")
    assert up_to == 68
