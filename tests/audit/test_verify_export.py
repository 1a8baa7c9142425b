"""verify_export: an exported file's hashes and links, checked with no database."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.http import StreamingHttpResponse

from audit.export import csv_lines, jsonl_lines
from audit.keys import keypair_write
from audit.models import AuditEntry
from tests.audit.entries import append, event
from tests.conftest import Bank, person_client

pytestmark = pytest.mark.django_db

TRICKY = {"session_id": "-1-1", "tool": "\u202esdnuf_refsnart", "idempotency_key": "=HYPERLINK(1)"}


def export(tmp_path: Path, name: str, *, fmt: str = "csv") -> Path:
    entries = AuditEntry.objects.order_by("-id")
    path = tmp_path / name
    path.write_text("".join(csv_lines(entries) if fmt == "csv" else jsonl_lines(entries)), encoding="utf-8")
    return path


def verify_export(path: Path) -> str:
    out = StringIO()
    call_command("verify_export", str(path), stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_a_whole_export_verifies_from_the_first_entry(tmp_path: Path, fmt: str) -> None:
    append(event(details={"memo": "é", "n": [1, 2.5]}, duration_ms=1.5), event(**TRICKY), event())
    out = verify_export(export(tmp_path, f"audit.{fmt}", fmt=fmt))
    assert f"export verified: {AuditEntry.objects.count()} entries" in out and "from the first entry" in out


def test_cells_shown_escaped_are_read_back_before_hashing(tmp_path: Path) -> None:
    append(event(**TRICKY))
    path = export(tmp_path, "audit.csv")
    text = path.read_text(encoding="utf-8")
    # The export is spreadsheet-safe and spoof-proof (audit/export.py: csv_cell)...
    assert ",'-1-1," in text and ",'=HYPERLINK" in text and "⟨U+202E⟩" in text and "\u202e" not in text
    # ...and still verifies: the cells are read back to the stored values before hashing.
    assert "export verified" in verify_export(path)


def test_an_edited_cell_is_named(tmp_path: Path) -> None:
    entries = append(event(), event(result="blocked"), event())
    path = export(tmp_path, "audit.csv")
    path.write_text(path.read_text().replace(",blocked,", ",success,"))
    with pytest.raises(CommandError, match=rf"entry {entries[1].id}: hash does not match") as caught:
        verify_export(path)
    assert caught.value.returncode == 1


def test_a_removed_row_breaks_a_whole_export(tmp_path: Path) -> None:
    entries = append(event(), event(), event())
    path = export(tmp_path, "audit.jsonl", fmt="jsonl")
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(line for line in lines if f'"id": {entries[1].id},' not in line))
    with pytest.raises(CommandError, match=rf"entry {entries[2].id}: prev_hash is not entry {entries[0].id}'s hash"):
        verify_export(path)


def test_a_file_that_is_not_an_export_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.csv"
    path.write_text("a,b\n1,2\n")
    with pytest.raises(CommandError, match="is not a toolguard audit export"):
        verify_export(path)


# --- issue 36: a filtered CSV export proves its rows ---


@pytest.fixture
def signing(settings: Any, tmp_path: Path) -> Path:
    private, public = keypair_write(tmp_path / "keys")
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(private)
    settings.TOOLGUARD_AUDIT_PUBLIC_KEY = str(public)
    return public


def test_a_cut_filtered_csv_no_longer_verifies(bank: Bank, signing: Path, tmp_path: Path) -> None:
    """The tester's file: a filtered CSV from the export view, one row removed."""
    tricky = {name: value for name, value in TRICKY.items() if name != "session_id"}  # a hidden character, a formula
    append(*(event(session_id="cut" if n % 2 else "other", **(tricky if n == 3 else {})) for n in range(9)))
    response = person_client(bank.compliance).get("/api/v1/audit/export", {"format": "csv", "session": "cut"})
    assert response.status_code == 200 and isinstance(response, StreamingHttpResponse)
    text = b"".join(response.streaming_content).decode()  # type: ignore[arg-type]
    path = tmp_path / "audit.csv"
    path.write_text(text, encoding="utf-8", newline="")
    assert verify_export(path).startswith("export verified: export of 4 entries")
    rows = text.splitlines(keepends=True)
    assert rows[-1].startswith("#toolguard-export/v1,") and "leaf_index,inclusion_path" in rows[0]
    path.write_text("".join([*rows[:2], *rows[3:]]), encoding="utf-8", newline="")
    with pytest.raises(CommandError, match=r"a row was removed") as caught:
        verify_export(path)
    assert caught.value.returncode == 1
    # Proof columns and the header row stripped too: with the log's key at hand it is refused, not "verified".
    plain = [",".join(line.split(",")[:-2]) + "\r\n" for line in rows[:2] + rows[3:-1]]
    path.write_text("".join(plain), encoding="utf-8", newline="")
    with pytest.raises(CommandError, match="it carries no signed header"):
        verify_export(path)
    out = StringIO()
    call_command("verify_export", str(path), "--rows-only", stdout=out)
    assert "no signed header, so a row removed from it would not show" in out.getvalue()
