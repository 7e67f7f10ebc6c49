"""The caches cannot lie: a file of proven rows or of a small table that is empty, cut
short, damaged, foreign, written by other code, or well formed with one value changed
under its old checksum is ignored and written again, never an error, and the answers
(read through ``wythoff grundy``) stay the definition's.  Kept rows come back the same
and are not proven again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import wythoff
from wythoff.caches import rows, sealed, table
from wythoff.core.games import grundy_rows
from wythoff.core.games.rules import Rules

from tests.helpers.commands import in_process
from tests.helpers.mex import plain_mex_strip

WYTHOFF = Rules(bishop=1)
FAR = 1000009
"""``G(5, FAR) = 1000011`` by the definition (row 5: preperiod 27, period 24)."""


def header_and_content(path):
    data = path.read_bytes()
    line, _, content = data[len(sealed.MAGIC) :].partition(b"\n")
    return sealed.MAGIC + line + b"\n", content


def flipped(data: bytes) -> bytes:
    middle = len(data) * 2 // 3
    return data[:middle] + bytes([data[middle] ^ 0x55]) + data[middle + 1 :]


def changed_row_value(content: bytes) -> bytes:
    """Row 5 with the value that ``G(5, FAR)`` reads raised by 5."""
    row = rows.decode(content, 5)
    assert row is not None
    values = row.values.copy()
    values[row.preperiod + (FAR - row.preperiod) % row.period] += 5
    return rows.encode(grundy_rows.Row(*row.numbers(), values=values))


def changed_cell(content: bytes) -> bytes:
    """The table with the cell of ``G(5, 9)`` raised by one."""
    at = 2 * (5 * table.SIDE + 9)
    cell = int.from_bytes(content[at : at + 2], "little") + 1
    return content[:at] + cell.to_bytes(2, "little") + content[at + 2 :]


def damage(way: str, path, kind: str, key: str, changed) -> None:
    """Damage the kept file at ``path`` the way named."""
    head, content = header_and_content(path)
    if way == "empty":
        path.write_bytes(b"")
    elif way == "truncated":
        path.write_bytes((head + content)[: len(head) + len(content) // 2])
    elif way == "flipped":
        path.write_bytes(flipped(head + content))
    elif way == "changed value, old checksum":
        path.write_bytes(head + changed(content))
    elif way == "another version":
        sealed.write(path, kind, key, changed(content), version="0" * 20)
    elif way == "foreign":
        sealed.write(path, kind, repr(Rules(bishop=2)), changed(content))
    elif way == "not a kept file":
        path.write_bytes(b"PK\x03\x04" + content[:100])  # an older release's zip, say
    else:  # pragma: no cover - a way the list below names
        raise AssertionError(way)


WAYS = (
    "empty",
    "truncated",
    "flipped",
    "changed value, old checksum",
    "another version",
    "foreign",
    "not a kept file",
)


def test_the_damages_change_what_a_trusting_reader_would_read(tmp_path):
    # each damage that keeps a readable content changes the value asked below
    kept = rows.rows(WYTHOFF, 6, tmp_path)
    _, content = header_and_content(rows.path_for(WYTHOFF, 5, tmp_path))
    wrong = rows.decode(changed_row_value(content), 5)
    assert wrong is not None and wrong.value(FAR) == kept[5].value(FAR) + 5


@pytest.mark.parametrize("way", WAYS)
def test_damaged_rows_are_proven_and_kept_again(way, tmp_path, monkeypatch):
    kept = rows.rows(WYTHOFF, 6, tmp_path)[:]
    path = rows.path_for(WYTHOFF, 5, tmp_path)
    damage(way, path, rows.KIND, rows.key(WYTHOFF, 5), changed_row_value)
    assert rows.load(WYTHOFF, tmp_path) == kept[:5]  # read up to the damaged row
    again = rows.rows(WYTHOFF, 6, tmp_path)
    assert again[:] == kept and again[5].value(FAR) == 1000011
    assert rows.load(WYTHOFF, tmp_path) == kept  # written again, whole
    monkeypatch.setenv("WYTHOFF_CACHE", str(tmp_path.parent / "answers"))
    path = rows.path_for(WYTHOFF, 5)
    in_process("grundy", "wythoff", "5", str(FAR))  # keeps the rows
    damage(way, path, rows.KIND, rows.key(WYTHOFF, 5), changed_row_value)
    assert in_process("grundy", "wythoff", "5", str(FAR)).stdout == "1000011\n"


@pytest.mark.parametrize("way", WAYS)
def test_a_damaged_table_is_swept_and_kept_again(way, tmp_path, monkeypatch):
    truth = int(plain_mex_strip(6, 10, 1)[5, 9])
    monkeypatch.setenv("WYTHOFF_CACHE", str(tmp_path))
    assert in_process("grundy", "wythoff", "5", "9").stdout == f"{truth}\n"  # kept
    path = table.path_for(WYTHOFF)
    damage(way, path, table.KIND, repr(WYTHOFF), changed_cell)
    assert table.read(WYTHOFF, 5, 9) is None
    assert in_process("grundy", "wythoff", "5", "9").stdout == f"{truth}\n"
    assert table.read(WYTHOFF, 5, 9) == truth  # written again


def test_kept_rows_come_back_and_are_not_proven_again(tmp_path, monkeypatch):
    rules = Rules(bishop=2)
    first = rows.rows(rules, 12, tmp_path)[:]
    monkeypatch.setattr(grundy_rows, "proving", pytest.fail)  # kept: nothing to prove
    again = rows.rows(rules, 8, tmp_path)[:]
    assert again == first[:8]
    assert all((a.values == b.values).all() for a, b in zip(again, first, strict=False))
    assert rows.load(Rules(bishop=3), tmp_path) == []
    # a row lost: proven again from the rows kept below it, the rest read as kept
    rows.path_for(rules, 10, tmp_path).unlink()
    monkeypatch.undo()
    assert rows.rows(rules, 12, tmp_path)[:] == first
    assert rows.load(rules, tmp_path) == first


def test_each_row_is_kept_as_soon_as_it_is_proven(tmp_path):
    rules = Rules(bishop=2)
    told = []
    for row in grundy_rows.proving(rules, 9):
        assert rows.save_row(rules, row, tmp_path)
        told.append(row)
        if row.x == 6:
            break  # cut short: the rows proven are kept
    assert rows.load(rules, tmp_path) == told
    assert rows.rows(rules, 9, tmp_path)[:] == grundy_rows.prove(rules, 9)


def test_an_unwritable_folder_leaves_the_answers_right(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_bytes(b"")  # a file where the folder should be
    found = rows.rows(WYTHOFF, 6, blocked / "rows")
    assert found[5].value(FAR) == 1000011 and found[:] == grundy_rows.prove(WYTHOFF, 6)
    truth = plain_mex_strip(6, 10, 1)
    assert table.value(WYTHOFF, 5, 9, blocked / "rows") == truth[5, 9]


def test_the_code_version_changes_with_the_mathematics(tmp_path):
    package = Path(wythoff.__file__).parent
    for part in ("core", "caches"):
        shutil.copytree(package / part, tmp_path / part, ignore=shutil.ignore_patterns("*.pyc"))
    assert sealed.code_version() == f"{wythoff.__version__}+{sealed.source_digest(tmp_path)}"
    before = sealed.source_digest(tmp_path)
    prover = tmp_path / "core" / "games" / "grundy_rows.py"
    prover.write_text(prover.read_text(encoding="utf-8") + "# fixed\n", encoding="utf-8")
    assert sealed.source_digest(tmp_path) != before
