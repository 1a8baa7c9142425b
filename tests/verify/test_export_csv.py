"""A CSV export proves its rows as a JSON-lines one does: the signed header is its last row (issue 36).

A filtered CSV with one row removed used to pass `verify_export` ("export
verified: 17 entries"): only JSON lines carried the signed header. Here the
standalone verifier (library and console script) checks the CSV a
spreadsheet opens: a removed, changed or added row, a cut or missing header
row, each fails naming what failed.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from toolguard_verify.cli import main
from toolguard_verify.export import CSV_HEADER_MARK, csv_cell_value, export_kind, verify_export_csv
from toolguard_verify.merkle import inclusion_proof
from toolguard_verify.receipt import LogKey, VerificationError

from tests.verify.fakelog import ORIGIN, FakeLog
from tests.verify.test_cli import run

LISTED = [1, 4, 5, 9]
FILTER = {"tool": "transfer_funds"}


@pytest.fixture
def log() -> FakeLog:
    return FakeLog(size=13)


def key_of(log: FakeLog) -> LogKey:
    return LogKey.load(log.vkey)


def check(rows: list[str], log: FakeLog) -> object:
    return verify_export_csv(io.StringIO("".join(rows), newline=""), key_of(log), ORIGIN)


def cells(row: str) -> list[str]:
    return next(csv.reader(io.StringIO(row, newline="")))


def written(values: list[str]) -> str:
    out = io.StringIO()
    csv.writer(out).writerow(values)
    return out.getvalue()


def test_a_csv_export_verifies_and_a_spreadsheet_reads_its_columns(log: FakeLog) -> None:
    rows = log.export_csv(LISTED, FILTER)
    result = check(rows, log)
    assert (result.rows, result.leaf_indexes, result.export_filter) == (4, LISTED, FILTER)  # type: ignore[attr-defined]
    # Row 1 is the column names (what a spreadsheet's filters and sorting read), the evidence is last.
    table = list(csv.DictReader(io.StringIO("".join(rows), newline="")))
    assert [row["leaf_index"] for row in table[:-1]] == [str(i) for i in LISTED]
    assert table[-1]["id"] == CSV_HEADER_MARK and json.loads(table[-1]["timestamp"])["leaf_indexes"] == LISTED
    assert export_kind(rows[0]) == "csv" and export_kind(log.export(LISTED)[0]) == "jsonl"
    assert export_kind("id,timestamp,hash\r\n") == "" and export_kind('{"id": 1}') == ""
    # An empty filtered export proves that it is empty.
    assert check(log.export_csv([], FILTER), log).rows == 0  # type: ignore[attr-defined]


def test_a_removed_row_fails_naming_its_leaf(log: FakeLog) -> None:
    rows = log.export_csv(LISTED, FILTER)
    with pytest.raises(VerificationError) as failure:
        check([*rows[:2], *rows[3:]], log)
    assert str(failure.value) == "leaf 4: in the signed header's row list but not in the export (a row was removed)"


def test_a_changed_row_fails_naming_its_leaf(log: FakeLog) -> None:
    rows = log.export_csv(LISTED, FILTER)
    row = cells(rows[2])
    row[6] = "blocked"  # result
    with pytest.raises(VerificationError, match=r"^leaf 4 \(entry 5\): the entry's fields do not hash to its hash"):
        check([*rows[:2], written(row), *rows[3:]], log)
    row = cells(rows[2])
    row[12] = row[12].replace("104", "900")  # the amount inside details
    with pytest.raises(VerificationError, match=r"^leaf 4 \(entry 5\): the entry's fields do not hash"):
        check([*rows[:2], written(row), *rows[3:]], log)


def test_an_added_row_fails(log: FakeLog) -> None:
    rows = log.export_csv(LISTED, FILTER)
    # A genuine entry of the log with a genuine proof, but one the signed header does not list.
    extra = log.export_csv([7])[1]
    with pytest.raises(VerificationError, match=r"^leaf 7 \(entry 8\): not in the signed header's row list"):
        check([*rows[:-1], extra, rows[-1]], log)
    with pytest.raises(VerificationError, match=r"^leaf 5 \(entry 6\): appears more than once \(a row was added\)"):
        check([*rows[:-1], rows[3], rows[-1]], log)
    # Below the header row: refused as well.
    with pytest.raises(VerificationError, match=r"^1 row after the signed header row.*\(a row was added\)"):
        check([*rows, extra], log)
    assert inclusion_proof(log.leaves, 7)  # the added row's own proof is genuine


def test_a_missing_changed_or_second_header_row_fails(log: FakeLog) -> None:
    rows = log.export_csv(LISTED, FILTER)
    with pytest.raises(VerificationError, match=r"^the CSV has no signed header row \(#toolguard-export/v1"):
        check(rows[:-1], log)  # a download cut short, or the tester's cut file
    header = json.loads(cells(rows[-1])[1])
    for forged in ({**header, "leaf_indexes": [1, 5, 9], "count": 3}, {**header, "filter": {}}):
        with pytest.raises(VerificationError, match="export header's signature does not verify"):
            check([*rows[:-1], written([CSV_HEADER_MARK, json.dumps(forged)])], log)
    with pytest.raises(VerificationError, match="more than one #toolguard-export/v1 row"):
        check([*rows, rows[-1]], log)
    # Without the proof columns it is not a proving export, and the verifier says so.
    with pytest.raises(VerificationError, match="no leaf_index and inclusion_path columns"):
        check(["id,hash\r\n", "1,ab\r\n"], log)


def test_cells_are_read_back_as_toolguard_wrote_them() -> None:
    assert csv_cell_value("'=HYPERLINK(1)") == "=HYPERLINK(1)"
    assert csv_cell_value("''quoted") == "'quoted"
    assert csv_cell_value("⟨U+202E⟩sdnuf") == "\u202esdnuf"
    assert csv_cell_value("⟨U+27E8⟩U+0041⟩") == "⟨U+0041⟩"


def test_the_console_script_checks_a_csv_export(log: FakeLog, tmp_path: Path) -> None:
    rows = log.export_csv(LISTED, FILTER)
    path = tmp_path / "audit.csv"
    path.write_text("".join(rows), encoding="utf-8", newline="")
    done = run("export", str(path), "--key", log.vkey, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (json.loads(done.stdout)["rows"], json.loads(done.stdout)["leaf_indexes"]) == (4, LISTED)
    path.write_text("".join([*rows[:1], *rows[2:]]), encoding="utf-8", newline="")
    done = run("export", str(path), "--key", log.vkey)
    assert (done.returncode, done.stdout) == (
        1,
        "FAILED: leaf 1: in the signed header's row list but not in the export (a row was removed)\n",
    )
    assert main(["export", str(path), "--key", log.vkey]) == 1
