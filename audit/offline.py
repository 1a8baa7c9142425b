"""Verify an export without a signed header, with no database: its hashes, its links and the retired signed heads.

Exports made with the log's signing key prove themselves (a signed header,
checked by toolguard_verify). One made without (a log that had no key), or
before exports carried a header, can still be checked here: every exported
row carries its hashed fields, prev_hash and hash, so each hash is
recomputed exactly as `audit.services.entry_hash` computes it, every link
is checked, and with `--signed-heads FILE` (a copy of the retired signed
heads file) and the log's public key, every head the export covers.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from audit.keys import public_key
from audit.legacy_heads import SignedHead, heads_read
from audit.services import GENESIS_HASH, HASHED_FIELDS, entry_hash

# Exports show hidden characters as ⟨U+202E⟩ and prefix spreadsheet formula
# starters with a quote; both are undone to get back the hashed value.
VISIBLE_CODE_POINT = re.compile(r"⟨U\+([0-9A-F]{4,6})⟩")
FORMULA_ESCAPE = re.compile(r"^'(?=[=+\-@\t\r])")


class ExportUnreadable(ValueError):
    pass


@dataclass
class ExportReport:
    entries: int = 0
    linked: int = 0
    heads_matched: int = 0
    heads_newer: int = 0
    from_genesis: bool = False
    broken: list[str] = field(default_factory=list)


def _cell(value: str) -> str:
    return VISIBLE_CODE_POINT.sub(lambda match: chr(int(match.group(1), 16)), FORMULA_ESCAPE.sub("", value))


def _csv_rows(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(newline="", encoding="utf-8") as handle:
        for raw in csv.DictReader(handle):
            row: dict[str, Any] = {name: _cell(value) for name, value in raw.items()}
            row["details"] = json.loads(row["details"]) if row["details"] else {}
            row["duration_ms"] = float(row["duration_ms"]) if row["duration_ms"] else None
            row["operation_hash"] = row.get("operation_hash") or None
            yield row


def _jsonl_rows(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def export_rows(path: Path) -> list[dict[str, Any]]:
    """The exported entries in chain (id) order, with their values as they were hashed."""
    with path.open(encoding="utf-8") as handle:
        first = handle.read(1)
    try:
        rows = list(_jsonl_rows(path) if first == "{" else _csv_rows(path))
        for row in rows:
            row["id"] = int(row["id"])
            row["timestamp"] = datetime.fromisoformat(str(row["timestamp"]))
            missing = [name for name in (*HASHED_FIELDS, "prev_hash", "hash") if name not in row]
            if missing and missing != ["operation_hash"]:
                raise ExportUnreadable(f"entry {row['id']} lacks {', '.join(missing)}")
    except (ValueError, KeyError, TypeError) as exc:
        raise ExportUnreadable(f"{path} is not a toolguard audit export (CSV or JSONL): {exc}") from None
    return sorted(rows, key=lambda row: row["id"])


def export_verify(path: Path, *, public_key_path: str = "", signed_heads_path: str = "") -> ExportReport:
    """Recompute every hash, check the links present and every retired signed head the export covers."""
    rows = export_rows(path)
    report = ExportReport(entries=len(rows))
    if not rows:
        return report
    report.from_genesis = rows[0]["prev_hash"] == GENESIS_HASH
    previous: dict[str, Any] | None = None
    for row in rows:
        if entry_hash(row, row["prev_hash"]) != row["hash"]:
            report.broken.append(f"entry {row['id']}: hash does not match the entry's contents")
        if previous is not None:
            if row["prev_hash"] == previous["hash"]:
                report.linked += 1
            elif report.from_genesis:
                # A whole-chain export must link throughout: a gap is an entry removed.
                report.broken.append(
                    f"entry {row['id']}: prev_hash is not entry {previous['id']}'s hash (an entry between is missing)"
                )
        previous = row
    key = public_key(public_key_path)
    if key is not None and signed_heads_path:
        by_id = {row["id"]: (position, row) for position, row in enumerate(rows, start=1)}
        for head in heads_read(signed_heads_path, [key]):
            _check_head(head, by_id, rows[-1]["id"], report)
    return report


def _check_head(
    head: SignedHead, by_id: dict[int, tuple[int, dict[str, Any]]], last_id: int, report: ExportReport
) -> None:
    if head.entry_id > last_id:
        report.heads_newer += 1
        return
    found = by_id.get(head.entry_id)
    if found is None:
        if report.from_genesis:
            report.broken.append(f"entry {head.entry_id}: missing; a head signed at {head.time} names it")
        return
    position, row = found
    if row["hash"] != head.entry_hash:
        report.broken.append(
            f"entry {head.entry_id}: hash differs from the head signed at {head.time} (rewritten and re-hashed)"
        )
    elif report.from_genesis and position != head.entries:
        report.broken.append(
            f"entry {head.entry_id}: {position} entries up to it, the head signed at {head.time} counted {head.entries}"
        )
    else:
        report.heads_matched += 1
