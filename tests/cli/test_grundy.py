"""``wythoff grundy``: values from the table, from a row's period past it, and one-line
refusals."""

from __future__ import annotations

import io
import json
import sys
import time

import pytest

from tests.helpers.commands import in_process, ok, run
from tests.helpers.mex import plain_mex_strip


class TestGrundy:
    def test_values_of_wythoff(self):
        # A004481's array: G(3, 4) = 2, G(4, 7) = 0 (a P-position), G(5, 5) = 8 (A047708)
        assert ok("grundy", "wythoff", "3", "4") == ["2"]
        assert in_process("grundy", "wythoff", "4", "7").stdout == "0\n"
        assert in_process("grundy", "wythoff", "5", "5").stdout == "8\n"

    def test_beyond_the_table_by_the_row_period(self):
        # row 1 of Wythoff's G is 1, 2, 0, 4, 5, 3, ...: y + 1, y + 1, y - 2 by y mod 3
        y = 10**40
        line = ok("grundy", "wythoff", str(y), "1", "--format", "json")
        answer = json.loads(line[0])
        assert answer["value"] == y + 1 and answer["x"] == y
        assert answer["method"] == "period (proven)"  # Landman's argument: rows 0 and 1
        table = json.loads(in_process("grundy", "wythoff", "1", "7", "--format", "json").stdout)
        assert table["value"] == 8 and table["method"] == "table"

    def test_beyond_the_table_by_a_verified_period_where_no_proof_applies(self):
        # rook moves of even length only: the proof needs every rook move
        line = ok("grundy", "connell-k2", "3", str(10**30), "--format", "json")
        assert json.loads(line[0])["method"] == "period (verified to 1024)"

    def test_rules_file(self, tmp_path):
        rules = tmp_path / "nim.toml"
        rules.write_text("rook_modulus = 1\n", encoding="utf-8")  # Nim: G = x XOR y
        assert in_process("grundy", "--rules", str(rules), "12", "10").stdout == f"{12 ^ 10}\n"

    def test_refusals(self):
        done = run("grundy", "larsson-blocking-m2-p3", "1", "2")
        assert done.returncode == 2 and "forbid" in done.stderr
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
        for args, word in (
            (("wythoff-misere", "1", "2"), "misère"),
            (("larsson-choice-m2-p3", "1", "2"), "chooses"),
            (("wythoff", "1"), "GAME X Y"),
            (("wythoff", "-1", "2"), "at least 0"),
            (("larsson-shifted-m2-p3-l1", "0", "0"), "removed rectangle"),
            (("wythoff", "9000", "9000"), "both piles"),
        ):
            done = in_process("grundy", *args, check=False)
            assert done.returncode == 2 and word in done.stderr, (args, done.stderr)
            assert len(done.stderr.splitlines()) == 1


class TestRowsAtAnySize:
    def test_rows_far_past_any_table_are_proven(self):
        y = 10**30
        for game, x, pile in (
            ("wythoff", 100, 10**12),
            ("wythoff", 127, y),
            ("fraenkel-a2", 60, 10**18),
        ):
            line = ok("grundy", game, str(x), str(pile), "--format", "json")
            answer = json.loads(line[0])
            assert answer["method"] == "period (proven)", (game, x)
            rows = ok("grundy", game, "--periods", str(x), "--format", "json")
            row = json.loads(rows[0])
            # one period back is one increment less (the preperiod is far below)
            back = ok("grundy", game, str(x), str(pile - row["period"]))
            assert answer["value"] - int(back[0]) == row["increment"] == row["period"]
            assert abs(answer["value"] - pile) < 4 * x  # values stay near their column

    def test_periods_of_the_rows(self):
        header, *lines = ok("grundy", "wythoff", "--periods", "0-127")
        assert header.split() == [
            "game", "row", "preperiod", "period", "increment", "proof_start", "proof_period"
        ]  # fmt: skip
        assert len(lines) == 128 and all(len(line.split()) == 7 for line in lines)
        # rows 0..3: A004481's rows, Wythoff's G: 1, 3, 3 and row 3 from y = 8 by 6
        assert [line.split()[:5] for line in lines[:4]] == [
            ["wythoff", "0", "0", "1", "1"],
            ["wythoff", "1", "0", "3", "3"],
            ["wythoff", "2", "0", "3", "3"],
            ["wythoff", "3", "8", "6", "6"],
        ]
        csv = ok("grundy", "fraenkel-a2", "--periods", "2-3", "--format", "csv")
        assert csv[0] == "game,row,preperiod,period,increment,proof_start,proof_period"
        assert len(csv) == 3
        for args, word in (
            (("connell-k2", "--periods", "0-3"), "every rook move"),
            (("wythoff", "--periods", "5-2"), "before the first"),
            (("wythoff", "--periods", "0-100000"), "Gi cells"),
            (("fraenkel-a3", "--periods", "0-100000"), "rings alone take"),  # nothing kept
        ):
            done = in_process("grundy", *args, check=False)
            assert done.returncode == 2 and word in done.stderr, (args, done.stderr)


def test_the_rows_periods_have_an_oeis_draft_of_the_rows_stored():
    """The rows' periods as a sequence: its draft lists the stored rows (128, those
    of ``grundy_period_rows``), not the 300 terms a sequence is matched on elsewhere
    (each row needs a proof)."""
    lines = in_process("oeis", "wythoff-grundy-period").stdout.splitlines()
    data = "".join(line.split(" ", 2)[2] for line in lines if line[:2] in ("%S", "%T", "%U"))
    assert data.startswith("1,3,3,6,12,24,12,24,")  # rows 0-7, as on the square table
    assert "%O wythoff-grundy-period 0," in "\n".join(lines)


class TestRowValues:
    """``--y FROM-TO``: a row's values over a range, across the table's edge and the
    stored values of the proven row, equal to a plain mex over every option."""

    @pytest.mark.parametrize(("game", "a", "x"), [("wythoff", 1, 3), ("fraenkel-a2", 2, 2)])
    def test_values_across_the_table_equal_the_definitions(self, game, a, x):
        low, high = 8150, 8250  # the table holds y < 8192; the proven row the rest
        truth = plain_mex_strip(x + 1, high + 1, a)[x]
        text = ok("grundy", game, str(x), "--y", f"{low}-{high}")
        assert [int(v) for v in text] == truth[low:].tolist()
        rows = [
            json.loads(line)
            for line in ok("grundy", game, str(x), "--y", f"{low}-{high}", "--format", "json")
        ]
        assert [r["value"] for r in rows] == truth[low:].tolist()
        assert [r["y"] for r in rows] == list(range(low, high + 1))
        assert {r["method"] for r in rows} == {"table", "period (proven)"}
        csv = ok("grundy", game, str(x), "--y", f"{high}", "--format", "csv")
        assert csv == ["game,x,y,value,method", f"{game},{x},{high},{truth[high]},period (proven)"]

    def test_far_values_follow_the_rows_period(self):
        # row 1: y + 1, y + 1, y - 2 by y mod 3 (A004482: the ternary no-carry sum n + 1)
        y = 10**30
        got = ok("grundy", "wythoff", "1", "--y", f"{y}-{y + 5}")
        assert [int(v) - (y + k) for k, v in enumerate(got)] == [1, -2, 1, 1, -2, 1]

    def test_refusals(self):
        for args, word in (
            (("wythoff", "--y", "0-3"), "GAME X"),
            (("wythoff", "3", "--y", "9-2"), "before the first"),
            (("wythoff", "3", "--y", "x-2"), "--y"),
            (("wythoff-misere", "3", "--y", "0-2"), "misère"),
        ):
            done = in_process("grundy", *args, check=False)
            assert done.returncode == 2 and word in done.stderr, (args, done.stderr)
            assert len(done.stderr.splitlines()) == 1


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_proving_shows_progress_on_a_terminal_once_it_takes_a_second(monkeypatch):
    from wythoff.cli.grundy import proving_progress

    quick, slow = _Terminal(), _Terminal()
    monkeypatch.setattr(sys, "stderr", quick)
    with proving_progress(10) as tell:
        tell(3, 1000)
    assert quick.getvalue() == ""  # work under a second leaves no trace
    monkeypatch.setattr(sys, "stderr", slow)
    with proving_progress(10) as tell:
        tell(3, 1000)
        time.sleep(1.2)
        tell(5, 32768)
        tell(6, 65536)
        tell(6, 32768)  # the rows waiting outgrew the memory: a sweep from column 0
    assert "5/10" in slow.getvalue() and "32,768 columns swept" in slow.getvalue()
    assert "sweep 2: 32,768 columns swept" in slow.getvalue()
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a terminal: nothing
    with proving_progress(10) as tell:
        time.sleep(1.2)
        tell(5, 32768)
    assert sys.stderr.getvalue() == ""


def test_the_help_says_the_memory_a_proof_holds():
    from wythoff.core.games import grundy_rows

    text = " ".join(in_process("grundy", "--help").stdout.split())
    assert f"holds at most {grundy_rows.HOLD // 2**20} MiB" in text
