"""Streaming exports: rows leave as they are read, so size is no limit."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from typing import Any

from audit.models import AuditEntry
from audit.serializers import ENTRY_FIELDS
from core.display import is_invisible, mark_invisible, unmark_invisible


def entry_row(entry: AuditEntry) -> dict[str, Any]:
    return {
        **{name: getattr(entry, name) for name in ENTRY_FIELDS},
        "timestamp": entry.timestamp.isoformat(),
    }


# OWASP's rule for CSV injection: a cell a spreadsheet would read as a formula
# (or whose leading tab/CR a spreadsheet strips to find one) gets a leading
# apostrophe. A cell already starting with one gets another, so the rule reads
# back unambiguously (csv_cell_unescape).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "'")


def csv_cell(value: Any) -> str:
    """One cell as written to every CSV toolguard produces: invisible characters marked, formulas defused."""
    text = mark_invisible(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_cell_unescape(cell: str) -> str:
    """The stored value a csv_cell came from (for checking an export against the chain)."""
    return unmark_invisible(cell[1:] if cell.startswith("'") else cell)


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_lines(entries: Iterable[AuditEntry]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield writer.writerow(ENTRY_FIELDS)
    for entry in entries:
        row = entry_row(entry)
        row["details"] = json.dumps(row["details"], sort_keys=True, ensure_ascii=False)
        yield writer.writerow([csv_cell("" if row[name] is None else row[name]) for name in ENTRY_FIELDS])


def _json_escape_invisible(line: str) -> str:
    # JSON can say every character as an escape: hidden ones are written
    # \u202e, visible in any viewer, and still parse to the stored value.
    if line.isascii():
        return line
    out = []
    for char in line:
        if is_invisible(char):
            code = ord(char)
            if code > 0xFFFF:
                code -= 0x10000
                out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
            else:
                out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def jsonl_lines(entries: Iterable[AuditEntry]) -> Iterator[str]:
    for entry in entries:
        yield _json_escape_invisible(json.dumps(entry_row(entry), ensure_ascii=False)) + "\n"
