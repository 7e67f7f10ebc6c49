"""What the pages show, read from the built database in a few queries."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
from sqlalchemy import Connection

from wythoff.db import vocabulary
from wythoff.db.read import frame

TABLE_TERMS = 60  # terms in a sequence page's table
SEARCH_TERMS = 200  # terms per sequence in the term-search index
PLOT_TERMS = 1000  # terms in a sequence page's plot
TABLE_POSITIONS = 40  # P-positions in a game page's table
BOARD = 60  # side of a game page's picture


@dataclass
class SiteContent:
    info: dict[str, str]
    papers: dict[str, dict[str, Any]]
    families: dict[str, dict[str, Any]]
    games: dict[str, dict[str, Any]]
    sequences: dict[str, dict[str, Any]]
    terms: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    positions: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    crossrefs: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))
    checks: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))
    game_sequences: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    sequence_games: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    numerations: dict[int, dict[str, list[dict[str, Any]]]] = field(default_factory=dict)
    observations: dict[str, dict[str, Any]] = field(default_factory=dict)


def load(connection: Connection) -> SiteContent:
    """Everything the pages need, in one pass over the database."""
    content = SiteContent(
        info=dict(frame(connection, "SELECT key, value FROM build_info").values.tolist()),
        papers=_by_key(frame(connection, "SELECT * FROM papers"), "key"),
        families=_by_key(frame(connection, "SELECT * FROM families ORDER BY rank"), "key"),
        games=_by_key(frame(connection, "SELECT * FROM games ORDER BY id"), "id"),
        sequences=_by_key(frame(connection, "SELECT * FROM sequences ORDER BY id"), "id"),
    )
    for game in content.games.values():
        game["params"] = json.loads(game["params"])
        game["strategy"] = json.loads(game["strategy"]) if game["strategy"] else None
    for sequence in content.sequences.values():
        sequence["params"] = json.loads(sequence["params"])
    terms = frame(
        connection,
        "SELECT t.sequence_id, t.n, t.value_text FROM terms t JOIN sequences s "
        'ON s.id = t.sequence_id WHERE t.n < s."offset" + :count ORDER BY t.sequence_id, t.n',
        count=max(SEARCH_TERMS, PLOT_TERMS),
    )
    grouped: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for sequence_id, n, value in terms.itertuples(index=False):
        grouped[sequence_id].append((int(n), value))
    content.terms = dict(grouped)
    positions = frame(
        connection,
        'SELECT game_id, n, x, y, "class" AS cls FROM p_positions WHERE x < :board AND y < :board '
        "ORDER BY game_id, x, y",
        board=BOARD,
    )
    for row in _records(positions):
        content.positions.setdefault(row["game_id"], []).append(row)
    for row in _records(frame(connection, "SELECT * FROM crossrefs ORDER BY sequence_id, target")):
        content.crossrefs[row["sequence_id"]].append(row)
    for row in _records(frame(connection, 'SELECT * FROM verifications ORDER BY subject, "check"')):
        content.checks[row["subject"]].append(row)
    for game_id, sequence_id in frame(
        connection, "SELECT game_id, sequence_id FROM game_sequences ORDER BY game_id, sequence_id"
    ).itertuples(index=False):
        content.game_sequences[game_id].append(sequence_id)
        content.sequence_games[sequence_id].append(game_id)
    numerations = frame(
        connection,
        "SELECT a, system, n, digits, trailing_zeros FROM numerations WHERE n <= 200 "
        "ORDER BY a, system, n",
    )
    for row in _records(numerations):
        content.numerations.setdefault(int(row["a"]), {}).setdefault(row["system"], []).append(row)
    content.observations = _by_key(frame(connection, "SELECT * FROM observations"), "game_id")
    return content


def _records(table: pd.DataFrame) -> list[dict[str, Any]]:
    """Rows as dicts, with SQL NULL as None (pandas reads it as NaN)."""
    rows: list[dict[str, Any]] = table.astype(object).where(table.notna(), None).to_dict("records")
    return rows


def _by_key(table: pd.DataFrame, key: str) -> dict[str, dict[str, Any]]:
    return {row[key]: row for row in _records(table)}


def is_anumber(target: object) -> bool:
    """Whether a cross-reference's target is an OEIS entry (A000201), not one of ours."""
    text = str(target)
    return text.startswith("A") and text[1:].isdigit()


def is_oeis_match(row: dict[str, Any]) -> bool:
    """Whether a cross-reference says that an OEIS entry agrees with ours (and not
    that it agrees for a while, then differs)."""
    return bool(row["kind"] == vocabulary.MATCH)
