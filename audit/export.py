"""Streaming exports: rows leave as they are read, so size is no limit."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from typing import Any

from audit.models import AuditEntry
from audit.serializers import ENTRY_FIELDS


def entry_row(entry: AuditEntry) -> dict[str, Any]:
    return {
        **{name: getattr(entry, name) for name in ENTRY_FIELDS},
        "timestamp": entry.timestamp.isoformat(),
    }


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_lines(entries: Iterable[AuditEntry]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield writer.writerow(ENTRY_FIELDS)
    for entry in entries:
        row = entry_row(entry)
        row["details"] = json.dumps(row["details"], sort_keys=True, ensure_ascii=False)
        yield writer.writerow(["" if row[name] is None else row[name] for name in ENTRY_FIELDS])


def jsonl_lines(entries: Iterable[AuditEntry]) -> Iterator[str]:
    for entry in entries:
        yield json.dumps(entry_row(entry), ensure_ascii=False) + "\n"
