"""Streaming exports: rows leave as they are read, so size is no limit.

With a signing key, an export proves itself (toolguard_verify/README.md,
"Export format"): one checkpoint is made (or the latest taken) when the
export starts, every row covered by it carries its leaf index and its
inclusion proof against it, and the JSON lines file starts with a header
signed by the log key that holds the checkpoint, the filter, the count and
every row's leaf index; the CSV carries the same signed header in its last
row (after the data, so that a spreadsheet still reads row 1 as the column
names). A row removed, changed or added then fails `toolguard-verify export`
and `manage.py verify_export`, in either format, filtered export or not.
Rows committed after the checkpoint are left to the next export.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from toolguard_verify.export import CSV_HEADER_MARK, canonical_json, export_header, export_row

from audit import tree
from audit.keys import key_history_rotated, signing_key_current
from audit.models import AuditEntry, TreeNode
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


# What a proved row adds to the entry's own fields.
PROOF_FIELDS = ["leaf_index", "inclusion_path"]


@dataclass(frozen=True)
class ExportProof:
    """One checkpoint for the whole export, the leaf index of every row it covers, and the signed header."""

    checkpoint: tree.Checkpoint
    indexes: dict[int, int]  # entry id -> leaf index
    header: dict[str, Any]

    def row(self, entry: AuditEntry) -> dict[str, Any] | None:
        """The entry's exported fields with its leaf index and inclusion proof; None past the checkpoint."""
        index = self.indexes.get(entry.id)
        if index is None:
            return None
        return export_row(entry_row(entry), index, tree.inclusion_path(index, self.checkpoint.size))


def export_proof(entry_ids: Iterable[int], export_filter: Mapping[str, str]) -> ExportProof | None:
    """Checkpoint the log now and sign the header over these entries (in export order); None without a key.

    `entry_ids` are the matching entries in the order the rows will be
    written; those the checkpoint does not cover (committed after it) are
    left out of the header, and so out of the export.
    """
    # The log's current key signs the header; one rotated out signs nothing (SigningKeyError).
    key = signing_key_current()
    if key is None:
        return None
    checkpoint = tree.checkpoint_make()
    if checkpoint is None:
        return None
    ids = list(entry_ids)
    indexes: dict[int, int] = {}
    for start in range(0, len(ids), 5000):
        chunk = ids[start : start + 5000]
        for entry_id, index in TreeNode.objects.filter(entry_id__in=chunk).values_list("entry_id", "id"):
            if entry_id is not None and index < checkpoint.size:
                indexes[entry_id] = index
    listed = [indexes[entry_id] for entry_id in ids if entry_id in indexes]
    # After a rotation the header carries the key history, so the export verifies with either key.
    header = export_header(
        checkpoint.note,
        listed,
        dict(export_filter),
        key,
        settings.TOOLGUARD_LOG_ORIGIN,
        key_history=key_history_rotated(),
    )
    return ExportProof(checkpoint=checkpoint, indexes=indexes, header=header)


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_lines(entries: Iterable[AuditEntry], proof: ExportProof | None = None) -> Iterator[str]:
    """CSV for spreadsheets; proved, rows add leaf_index and inclusion_path and the signed header is the last row.

    The header row is `#toolguard-export/v1` and the header's JSON, the very
    header a JSON-lines export starts with (hidden characters escaped as
    \\uXXXX, which parse back to the same value): toolguard_verify.export.
    """
    writer = csv.writer(_Echo())
    columns = ENTRY_FIELDS if proof is None else [*ENTRY_FIELDS, *PROOF_FIELDS]
    yield writer.writerow(columns)
    for entry in entries:
        row = entry_row(entry) if proof is None else proof.row(entry)
        if row is None:
            continue
        row["details"] = json.dumps(row["details"], sort_keys=True, ensure_ascii=False)
        if proof is not None:
            row["inclusion_path"] = " ".join(row["inclusion_path"])
        yield writer.writerow([csv_cell("" if row[name] is None else row[name]) for name in columns])
    if proof is not None:
        # Not through csv_cell: the JSON starts with "{", and its hidden characters are already escapes.
        yield writer.writerow([CSV_HEADER_MARK, _json_escape_invisible(canonical_json(proof.header))])


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


def jsonl_lines(entries: Iterable[AuditEntry], proof: ExportProof | None = None) -> Iterator[str]:
    """JSON lines; proved, the signed header first and every row with its leaf index and inclusion proof."""
    if proof is not None:
        yield _json_escape_invisible(canonical_json(proof.header)) + "\n"
    for entry in entries:
        row = entry_row(entry) if proof is None else proof.row(entry)
        if row is not None:
            yield _json_escape_invisible(json.dumps(row, ensure_ascii=False)) + "\n"
