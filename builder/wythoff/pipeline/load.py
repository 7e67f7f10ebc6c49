"""Loading a computed build into the database: every row named by its columns.

Small tables go in as ``{column: value}`` dicts; the large ones (terms,
P-positions, numerations) as tuples through one prepared statement, with their
column names stated at the call.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlalchemy import Connection, bindparam, delete, func, select, update

from wythoff.core import numeration
from wythoff.db import models, schema, store
from wythoff.db.rows import NOTES, Check, Crossref, joined
from wythoff.families import (
    FAMILIES,
    PAPERS,
    Catalog,
    FamilyRecord,
    GameRecord,
    SequenceRecord,
    numeration_games,
    oeis_keywords,
    programs_for,
)
from wythoff.oeis.gp import Extension
from wythoff.pipeline import rules_columns
from wythoff.pipeline.coincidences import Coincidence, alone
from wythoff.pipeline.examples import worked_example

if TYPE_CHECKING:
    from wythoff.pipeline.results import GameResult, Numerations

DATA_LINE_CHARS = 260  # the length of an OEIS data section
TERM_COLUMNS = ("sequence_key", "n", "value")


@dataclass(frozen=True)
class Keys:
    """The integer keys of the catalog's games and sequences (their places in it, from
    1), by which the large tables name them."""

    games: dict[str, int]
    sequences: dict[str, int]

    @classmethod
    def of(cls, records: Catalog) -> Keys:
        return cls(
            {game_id: key for key, game_id in enumerate(records.games, start=1)},
            {sequence_id: key for key, sequence_id in enumerate(records.sequences, start=1)},
        )


def load_catalog(connection: Connection, records: Catalog) -> None:
    """The rows that the catalog alone gives and the blocks' rows name: papers, families."""
    store.insert_named(connection, models.Paper, [p._asdict() for p in PAPERS.values()])
    store.insert_named(
        connection,
        models.Family,
        [_family_row(rank, f) for rank, f in enumerate(records.families.values())],
    )


def load_block(
    connection: Connection,
    records: Catalog,
    keys: Keys,
    results: Mapping[str, GameResult],
    terms: Mapping[str, np.ndarray],
) -> None:
    """One block's rows: its games (``results``: each alone in its class of
    coinciding games until :func:`load_end` says otherwise), their observations, the
    periods of their Sprague–Grundy rows and their P-positions, and its sequences
    (``terms``) with their terms."""
    store.insert_named(
        connection,
        models.Game,
        [
            _game_row(keys.games[i], records.games[i], r, alone(i, r.complete_up_to))
            for i, r in results.items()
        ],
    )
    seen = [r.observations for r in results.values() if r.observations]
    store.insert_named(connection, models.Observation, seen)
    store.insert_named(
        connection, models.GrundyPeriod, [g.columns() for r in results.values() for g in r.grundy]
    )
    store.insert_named(
        connection, models.GrundyValues, [g for r in results.values() for g in r.grundy_values]
    )
    store.insert_named(
        connection,
        models.Sequence,
        [
            _sequence_row(keys.sequences[i], records.sequences[i], values)
            for i, values in terms.items()
        ],
    )
    for sequence_id, values in terms.items():
        insert_terms(
            connection, keys.sequences[sequence_id], records.sequences[sequence_id].offset, values
        )
    for game_id, result in results.items():
        key = keys.games[game_id]
        store.bulk_insert(
            connection,
            models.GamePosition,
            ("game_key", "n", "x", "y", "class"),
            [(key, *row) for row in result.rows],  # row: (n, x, y, class)
        )
        store.bulk_insert(
            connection,
            models.GrundyCell,
            ("game_key", "value", "x", "y"),
            [(key, *cell) for cell in result.grundy_cells],
        )


def load_end(
    connection: Connection,
    records: Catalog,
    classes: Mapping[str, Coincidence],
    numerations: Numerations,
    crossrefs: Iterable[Crossref],
    extensions: Mapping[str, Extension],
    info: dict[str, str],
) -> None:
    """The rows that need every block: the classes of coinciding games, the games'
    sequences, the numeration systems, the cross-references and OEIS extensions, the
    checks in their order (:func:`order_checks`), the build's information and the
    schema's columns; then the terms of equal sequences are stored once
    (:func:`share_terms`)."""
    _set_classes(connection, classes)
    links = sorted({(g.id, s) for g in records.games.values() for s in g.sequences})
    store.insert_named(
        connection,
        models.GameSequence,
        [{"game_id": game, "sequence_id": sequence} for game, sequence in links],
    )
    store.bulk_insert(
        connection,
        models.Numeration,
        ("a", "system", "n", "digits", "trailing_zeros", "length"),
        _numeration_rows(numerations),
    )
    store.insert_named(
        connection,
        models.NumerationSystem,
        [
            _numeration_system_row(a, game)
            for a, game in numeration_games(records).items()
            if a in numerations
        ],
    )
    each_once = sorted(set(crossrefs), key=lambda c: (c.sequence_id, c.target, c.relation))
    store.insert_named(connection, models.Crossref, [c.row() for c in each_once])
    store.insert_named(
        connection,
        models.OeisExtension,
        [_extension_row(a, e) for a, e in sorted(extensions.items())],
    )
    order_checks(connection)
    store.insert_named(
        connection, models.BuildInfo, [{"key": k, "value": v} for k, v in sorted(info.items())]
    )
    store.insert_named(connection, models.SchemaColumn, schema.rows())
    share_terms(connection)


def share_terms(connection: Connection) -> int:
    """Sequences with the same terms (the same indexes and values) share the storage
    key of the first of them, and their terms are stored once: the views read the
    same rows, from a smaller file.  Returns how many sequences now share another's
    terms.  Candidates are the sequences that agree on their offset, their count of
    terms and their first terms (``data``); each is compared term by term with the
    earlier ones."""
    candidates: dict[tuple[Any, ...], list[int]] = {}
    rows = connection.execute(
        select(
            models.Sequence.key,
            models.Sequence.offset,
            models.Sequence.terms_count,
            models.Sequence.data,
        ).order_by(models.Sequence.key)
    )
    for key, offset, count, data in rows:
        if count:
            candidates.setdefault((offset, count, data), []).append(key)
    shared = 0
    for (_, count, _), keys in candidates.items():
        kept: list[int] = []
        for key in keys:
            same = next((k for k in kept if _same_terms(connection, k, key) == count), None)
            if same is None:
                kept.append(key)
                continue
            connection.execute(
                update(models.Sequence).where(models.Sequence.key == key).values(key=same)
            )
            for table in (models.TermValue, models.TermText):
                connection.execute(delete(table).where(table.sequence_key == key))
            shared += 1
    return shared


def _same_terms(connection: Connection, first: int, second: int) -> int:
    """How many indexes the sequences stored under the keys ``first`` and ``second``
    both hold with the same value (beyond 64 bits: the same digits)."""
    same = 0
    for table, column in ((models.TermValue, "value"), (models.TermText, "value_text")):
        a, b = table.__table__.alias("a"), table.__table__.alias("b")
        query = (
            select(func.count())
            .select_from(a.join(b, (b.c.sequence_key == second) & (b.c.n == a.c.n)))
            .where((a.c.sequence_key == first) & (a.c[column] == b.c[column]))
        )
        same += int(connection.execute(query).scalar_one())
    return same


def load_checks(connection: Connection, checks: Iterable[Check]) -> None:
    """Checks, as they are made: the build holds none of them, only those that failed."""
    store.insert_named(connection, models.Verification, [c.row() for c in checks])


def order_checks(connection: Connection) -> None:
    """Number the loaded checks by subject, check and method, in the order they were
    loaded where these are the same: the same numbers whatever the size of the blocks.
    Strings compare by code point, as Python's do (PostgreSQL's collation ``C``)."""
    table = store.table_of(models.Verification)
    collation = "C" if connection.dialect.name == "postgresql" else "BINARY"
    order = [table.c[name].collate(collation) for name in ("subject", "check", "method")]
    place = func.row_number().over(order_by=[*order, table.c.id])
    ranked = select(table.c.id, place.label("place")).subquery()
    # through negative numbers: no two rows share a number on the way
    numbered = table.update().where(table.c.id == ranked.c.id).values(id=-ranked.c.place)
    connection.execute(numbered)
    connection.execute(table.update().values(id=-table.c.id))


def _set_classes(connection: Connection, classes: Mapping[str, Coincidence]) -> None:
    """The class of each game that coincides with another (the others are alone)."""
    table = store.table_of(models.Game)
    statement = (
        table.update()
        .where(table.c.id == bindparam("game"))
        .values(
            coincidence=bindparam("klass"),
            coincidence_bound=bindparam("bound"),
            coincidence_evidence=bindparam("evidence"),
        )
    )
    rows = [
        {"game": game_id, "klass": c.klass, "bound": c.bound, "evidence": c.evidence}
        for game_id, c in classes.items()
        if c.size > 1
    ]
    if rows:
        connection.execute(statement, rows)


def _extension_row(anumber: str, extension: Extension) -> dict[str, object]:
    failed = extension.failure is not None
    return {
        "anumber": anumber,
        "source": "" if failed else extension.source,
        "terms": len(extension.terms),
        "program": extension.program,
        "failure": extension.failure or "",
        "sha256": extension.sha256,
        "note": extension.note,
    }


def _family_row(rank: int, record: FamilyRecord) -> dict[str, object]:
    return {
        "key": record.key,
        "title": record.title,
        "paper": record.paper,
        "summary": record.summary,
        "parameters": joined(record.parameters),
        "rank": rank,
        "page": record.page,
    }


def _game_row(
    key: int, record: GameRecord, result: GameResult, coincidence: Coincidence
) -> dict[str, object]:
    family = FAMILIES[record.family]
    return {
        "id": record.id,
        "key": key,
        "family": record.family,
        "name": record.name,
        "name_tex": record.name_tex,
        "rules": record.rules.describe(),
        "p_formula": record.p_positions,
        "paper": record.paper,
        "params": json.dumps(dict(record.params)),
        "solved": record.solved,
        **rules_columns.columns(record.rules),
        "ppositions_max": result.complete_up_to,
        "coincidence": coincidence.klass,
        "coincidence_bound": coincidence.bound,
        "coincidence_evidence": coincidence.evidence,
        "conjecture": result.conjecture,
        "strategy": json.dumps(record.formula().describe()) if record.solved else None,
        "strategy_text": family.strategy_text(record),
        "board_notes": joined(family.board_notes(record), NOTES),
        "board_lesson": family.board_lesson(record),
        "conjecture_modulus": record.conjecture_modulus,
        "example": _json_or_null(worked_example(record, result.rows)),
    }


def _json_or_null(value: object) -> str | None:
    return None if value is None else json.dumps(value)


def _sequence_row(key: int, record: SequenceRecord, values: np.ndarray) -> dict[str, object]:
    """The sequence's row: the record's fields, its first terms, and what its page and
    its entry in OEIS's format show from the catalog (OEIS keywords from every stored
    term, programs, picture), so that the site reads them from here."""
    code = programs_for(record)
    return {
        "id": record.id,
        "key": key,
        "family": record.family,
        "name": record.name,
        "name_tex": record.name_tex,
        "offset": record.offset,
        "formula": record.formula,
        "paper": record.paper,
        "keywords": joined(record.keywords),
        "params": json.dumps(dict(record.params)),
        "growth": record.growth,
        "game_id": record.game,
        "terms_count": len(values),
        "data": _data_line(values),
        "oeis_keywords": joined(oeis_keywords(record, values)),
        "related": joined(record.related),
        "coordinate": record.coordinate,
        "program_pari": code.pari if code is not None else None,
        "program_python": code.python if code is not None else None,
        "program_entry": code.entry if code is not None else None,
        **FAMILIES[record.family].picture(record).columns(),
    }


def _numeration_system_row(a: int, game: GameRecord) -> dict[str, object]:
    """What the numeration systems of base ``a`` describe: the game, the pair of its
    P-positions and the bases of the systems (as its family module names them)."""
    roles = FAMILIES[game.family].numeration_sequences(game)
    return {"a": a, "game_id": game.id, **{f"{role}_id": roles[role] for role in ROLES}}


ROLES = ("lower", "upper", "p", "q")
"""The sequences a row of ``numeration_systems`` names (its columns ``<role>_id``)."""


def _data_line(values: np.ndarray) -> str:
    line = ""
    for value in values:
        text = str(int(value))
        candidate = f"{line}, {text}" if line else text
        if len(candidate) > DATA_LINE_CHARS:
            break
        line = candidate
    return line


def insert_terms(connection: Connection, key: int, offset: int, values: np.ndarray) -> None:
    """One sequence's rows of ``term_values`` (and of ``term_texts`` for its terms beyond
    64 bits): on SQLite, machine integers in one statement (:func:`store.insert_integers`);
    else, or with a term beyond 64 bits, a tuple a row."""
    if values.dtype != object and len(values):
        integers = values.tolist()
        if store.insert_integers(
            connection, models.TermValue, TERM_COLUMNS, (key,), integers, offset
        ):
            return
    rows = list(_term_rows(key, offset, values))
    store.bulk_insert(connection, models.TermValue, TERM_COLUMNS, [row[:3] for row in rows])
    texts = [(k, n, text) for k, n, value, text in rows if value is None]
    if texts:
        store.bulk_insert(connection, models.TermText, ("sequence_key", "n", "value_text"), texts)


def _term_rows(key: int, offset: int, values: np.ndarray) -> Iterator[tuple[Any, ...]]:
    """``(key, n, value, text)``: ``value`` within 64 bits, else NULL and the decimal text."""
    if values.dtype != object:
        for i, value in enumerate(values.tolist()):
            yield key, offset + i, value, None
        return
    for i, value in enumerate(values):
        value = int(value)
        if -models.INT64_MAX <= value <= models.INT64_MAX:
            yield key, offset + i, value, None
        else:
            yield key, offset + i, None, str(value)


def _numeration_rows(
    tables: Numerations,
) -> Iterator[tuple[Any, ...]]:
    for a, (rows_p, rows_q) in sorted(tables.items()):
        for system, rows in (("p", rows_p), ("q", rows_q)):
            for n, digits in enumerate(rows, start=1):
                yield (
                    a,
                    system,
                    n,
                    numeration.format_digits(digits, a),
                    numeration.trailing_zeros(digits),
                    len(digits),
                )
