"""The site is a function of the database: what a page shows beyond the data (OEIS
keywords, programs, picture, a board's lesson, the worked example, the numeration
pages' links, the kind of each cross-reference) is stored by the build, and is what
the catalog says for every sequence and game of a small build."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import replace

import pytest
from tqdm import tqdm
from wythoff import __version__, families
from wythoff.core.discrepancy import BeattyForm
from wythoff.db import read, vocabulary
from wythoff.db.evidence import FIELDS
from wythoff.families import FAMILIES, fraenkel, oeis_keywords, programs_for
from wythoff.oeis.entry import SequenceFacts, sequence_entry
from wythoff.pipeline.examples import worked_example
from wythoff.website import content as site_content
from wythoff.website import documents, figures, game_pages, sequence_pages


def rows(build, sql: str, *params) -> list[sqlite3.Row]:
    with closing(sqlite3.connect(f"file:{build.database}?mode=ro", uri=True)) as connection:
        connection.row_factory = sqlite3.Row
        return connection.execute(sql, params).fetchall()


def stored_terms(build, sequence_id: str) -> list[int]:
    found = rows(
        build, "SELECT value_text FROM terms WHERE sequence_id = ? ORDER BY n", sequence_id
    )
    return [int(row["value_text"]) for row in found]


@pytest.fixture(scope="module")
def content(small_build) -> Iterator[site_content.SiteContent]:
    """The site's content, its connection open while the tests read terms through it."""
    with read.connect(f"sqlite:///{small_build.database}", small_build.database) as connection:
        yield site_content.load(connection)


def test_each_sequence_stores_the_catalog_s_programs_keywords_and_picture(small_build):
    sequences = rows(small_build, "SELECT * FROM sequences ORDER BY id")
    assert len(sequences) > 50
    for row in sequences:
        record = families.resolve_sequence(row["id"])
        code = programs_for(record)
        stored = (row["program_pari"], row["program_python"], row["program_entry"])
        assert code is not None, row["id"]
        assert stored == (code.pari, code.python, code.entry)
        keywords = oeis_keywords(record, stored_terms(small_build, row["id"]))
        assert row["oeis_keywords"] == ",".join(keywords)
        assert row["related"] == ",".join(record.related)
        assert row["coordinate"] == record.coordinate
        picture = FAMILIES[record.family].picture(record)
        assert row["picture"] == picture.kind
        form = row["picture_form"]
        assert (BeattyForm.from_parameters(json.loads(form)) if form else None) == picture.form
        pair = row["picture_pair"]
        assert (tuple(pair.split(",")) if pair else None) == picture.pair


def test_every_kind_of_picture_is_stored(small_build, row_build):
    """Every kind, in the small build or (a Sprague-Grundy row's) in the row build."""
    kinds = {
        row["picture"]
        for build in (small_build, row_build)
        for row in rows(build, "SELECT picture FROM sequences")
    }
    assert kinds == set(vocabulary.PICTURE_KINDS)


def test_each_game_stores_the_catalog_s_words_and_its_worked_example(small_build):
    games = rows(small_build, "SELECT * FROM games ORDER BY id")
    assert len(games) > 50
    with_example = 0
    for row in games:
        record = families.resolve_game(row["id"])
        family = FAMILIES[record.family]
        assert row["board_lesson"] == family.board_lesson(record)
        assert row["board_notes"] == "; ".join(family.board_notes(record))
        assert row["strategy_text"] == family.strategy_text(record)
        assert row["conjecture_modulus"] == record.conjecture_modulus
        positions = rows(
            small_build,
            'SELECT n, x, y, "class" AS cls FROM p_positions WHERE game_id = ?',
            row["id"],
        )
        expected = worked_example(record, [tuple(p) for p in positions])
        assert (json.loads(row["example"]) if row["example"] else None) == expected
        with_example += row["example"] is not None
        assert (row["example"] is None) == (not record.solved or expected is None)
    assert with_example > len(games) // 2


def test_a_game_s_c_and_d_are_its_coordinates(small_build, content):
    observed = [g for g in content.games.values() if g.conjecture_modulus is not None]
    assert observed
    for game in observed:
        record = families.resolve_game(game.id)
        ordered = sorted(
            content.game_sequences[game.id], key=lambda s: content.sequences[s].coordinate
        )
        assert tuple(ordered) == tuple(record.sequences)


def test_the_numeration_systems_name_fraenkel_s_game_and_sequences(small_build):
    systems = rows(small_build, "SELECT * FROM numeration_systems ORDER BY a")
    tabulated = rows(small_build, "SELECT DISTINCT a FROM numerations ORDER BY a")
    assert [row["a"] for row in systems] == [row["a"] for row in tabulated]
    assert systems
    for row in systems:
        a = row["a"]
        assert row["game_id"] == fraenkel.game_id(a)
        assert [row[f"{name}_id"] for name in ("lower", "upper", "p", "q")] == [
            fraenkel.sequence_id(a, kind) for kind in "abpq"
        ]


def test_each_crossref_has_a_kind_of_the_vocabulary(small_build):
    found = rows(small_build, "SELECT sequence_id, target, relation, kind FROM crossrefs")
    assert {row["kind"] for row in found} == set(vocabulary.CROSSREF_KINDS)
    for row in found:
        oeis = row["target"].startswith("A") and row["target"][1:].isdigit()
        if oeis:
            near = row["relation"].startswith("near miss")
            assert row["kind"] == (vocabulary.NEAR_MISS if near else vocabulary.MATCH)
        else:
            assert row["kind"] not in (vocabulary.MATCH, vocabulary.NEAR_MISS)
    kinds = {(row["sequence_id"], row["target"]): row["kind"] for row in found}
    assert kinds["wythoff-a", "A000201"] == vocabulary.MATCH
    assert kinds["wythoff-a", "wythoff-b"] == vocabulary.COMPLEMENTARY
    assert kinds["wythoff-a", "fraenkel-a1-a"] == vocabulary.EQUAL
    assert kinds["connell-k3-u1", "larsson-m1-p3-a"] == vocabulary.SUBSEQUENCE
    assert kinds["connell-k3-u1", "connell-k3-v2"] == vocabulary.COMPLEMENTARY
    assert kinds["larsson-m1-p2-a", "larsson-m1-p2-b"] == vocabulary.P_COMPLEMENTARY
    assert kinds["modular-a", "wythoff"] == vocabulary.P_POSITIONS


def test_the_crossref_csv_file_has_the_kinds_and_the_evidence(small_build):
    text = (small_build.output / "csv" / "crossrefs.csv").read_text()
    header = text.splitlines()[0].split(",")
    assert header[5:7] == ["kind", "evidence"]
    assert header[7:] == list(FIELDS)  # what each relation rests on, as its sentence says
    rows = list(csv.DictReader(io.StringIO(text)))
    evidence = {(r["sequence_id"], r["target"]): r["evidence"] for r in rows}
    assert evidence["wythoff-a", "wythoff-b"] == vocabulary.PROVEN
    assert evidence["wythoff-a", "A000201"] == vocabulary.PROVEN  # floor(n*phi) by definition
    assert evidence["wythoff-a", "A090908"] == vocabulary.LISTED  # the entry has no program
    assert set(evidence.values()) <= set(vocabulary.EVIDENCE_KINDS)


def test_the_terms_read_as_the_pages_ask_are_each_sequence_s_first_stored_terms(
    small_build, content
):
    """:class:`RowsByKey` of the terms against one query over every stored term, grouped here: the
    same pairs for every sequence, in any order of asking (the kept ones are dropped and
    read again), and no entry for an ID that is not a sequence."""
    shown = max(site_content.SEARCH_TERMS, site_content.PLOT_TERMS)
    offsets = {row["id"]: row["offset"] for row in rows(small_build, "SELECT * FROM sequences")}
    expected: dict[str, list[tuple[int, str]]] = {key: [] for key in offsets}
    for row in rows(small_build, "SELECT sequence_id, n, value_text FROM terms ORDER BY 1, 2"):
        if row["n"] < offsets[row["sequence_id"]] + shown:
            expected[row["sequence_id"]].append((row["n"], row["value_text"]))
    assert len(content.terms) == len(expected) > site_content.RowsByKey.KEPT
    order = sorted(expected) + sorted(expected, reverse=True)
    assert all(content.terms[key] == expected[key] for key in order)
    assert content.terms.get("no-such-sequence") is None
    assert "no-such-sequence" not in content.terms


GROUPED = {
    # each table the pages read a game (or a subject) at a time: one query over all of
    # it, grouped here, and the fields of each row in the order the pages show them
    "positions": (
        f'SELECT game_id AS key, n, x, y, "class" FROM p_positions WHERE x < {site_content.BOARD}'
        f" AND y < {site_content.BOARD} ORDER BY game_id, x, y",
        lambda r: (r["key"], r["n"], r["x"], r["y"], r["class"]),
        lambda p: (p.game_id, p.n, p.x, p.y, p.cls),
    ),
    "checks": (
        'SELECT subject AS key, * FROM verifications ORDER BY subject, "check", id',
        lambda r: (r["check"], r["method"], r["up_to"], bool(r["passed"]), r["detail"]),
        lambda c: (c.check, c.method, c.up_to, c.passed, c.detail),
    ),
    "grundy_periods": (
        "SELECT game_id AS key, * FROM grundy_periods ORDER BY game_id, axis DESC, row",
        lambda r: (r["axis"], r["row"], r["preperiod"], r["period"], r["evidence"]),
        lambda g: (g.axis, g.row, g.preperiod, g.period, g.evidence),
    ),
}


@pytest.mark.parametrize("table", sorted(GROUPED))
def test_the_rows_read_as_the_pages_ask_are_those_of_one_query(small_build, content, table):
    """A game's P-positions, a subject's checks and a game's periods, read when a page
    asks (:class:`RowsByKey`), against one query over the whole table: the same rows
    for every key, in any order of asking (the kept ones dropped and read again)."""
    sql, stored, shown = GROUPED[table]
    expected: dict[str, list[tuple]] = {}
    for row in rows(small_build, sql):
        expected.setdefault(row["key"], []).append(stored(row))
    read = getattr(content, table)
    assert len(expected) > site_content.RowsByKey.KEPT
    order = sorted(read) + sorted(read, reverse=True)
    got = {key: [shown(item) for item in read[key]] for key in order}
    assert {key: found for key, found in got.items() if found} == expected
    assert read.get("no-such-game") is None and "no-such-game" not in read


def test_the_pictures_drawn_in_batches_are_those_drawn_at_once(content, monkeypatch):
    """The site draws its sequences' pictures a batch at a time (the terms of one batch
    in memory); batches of 7 give the pictures of one batch of every sequence."""
    unshown = tqdm(disable=True)
    monkeypatch.setattr(figures, "FIGURE_BATCH", len(content.sequences))
    whole = dict(figures.sequence_figures(content, unshown))
    monkeypatch.setattr(figures, "FIGURE_BATCH", 7)
    assert list(figures.sequence_figures(content, unshown)) == list(whole.items())
    assert list(whole) == list(content.sequences)
    assert sum(figure is not None for figure in whole.values()) > 50


def test_an_entry_from_the_database_is_the_entry_from_the_catalog(small_build, content):
    assert content.info["version"] == __version__
    for sequence_id, sequence in content.sequences.items():
        record = families.resolve_sequence(sequence_id)
        terms = [int(value) for _, value in content.terms[sequence_id]]
        from_rows = documents.sequence_facts(content, sequence_id)
        assert from_rows == SequenceFacts.from_record(record, terms), sequence_id
        agreements = [("A000201", "agrees")]
        related = {other: [] for other in sequence.related}
        url = "https://example.org/"
        assert (
            sequence_entry(from_rows, terms, agreements, related, url, url, 5).text()
            == sequence_entry(
                SequenceFacts.from_record(record, terms), terms, agreements, related, url, url, 5
            ).text()
        )


def test_the_site_shows_what_the_database_stores(small_build, content):
    """A page shows the stored words, not the installed catalog's: pages rendered
    from rows whose stored words were changed show the change."""
    game = content.games["wythoff"]
    content.games["wythoff"] = replace(game, board_lesson="a stored lesson.")
    sequence = content.sequences["wythoff-a"]
    content.sequences["wythoff-a"] = replace(sequence, oeis_keywords=("nonn", "word"))
    try:
        assert "What to look for: a stored lesson. " in game_pages.game_page(content, "wythoff")
        page = sequence_pages.sequence_page(content, "wythoff-a")
        assert "- **OEIS keywords**: `nonn`, `word`\n" in page
        entry = documents.sequence_oeis_text(content, "wythoff-a", "https://example.org/")
        assert "%K wythoff-a nonn,word" in entry
    finally:
        content.games["wythoff"] = game
        content.sequences["wythoff-a"] = sequence


def test_the_oeis_text_links_the_b_file_that_the_page_makes(content):
    """The site has no b-file to link: the entry's table of n, a(n) is the page's
    download (``#b-file``), as ``wythoff oeis`` links it."""
    last = content.sequences["wythoff-a"].last_index
    entry = documents.sequence_oeis_text(content, "wythoff-a", "https://example.org/w/")
    link = '<a href="https://example.org/w/sequences/wythoff-a/#b-file">'
    assert f"%H wythoff-a Wythoff sequences, {link}Table of n, a(n) for n = 0..{last}</a>" in entry
