"""Verifiable exports: audit entries (JSON lines or CSV), each proved against one signed checkpoint.

In JSON lines the first line is a header signed by the log key and every
further line is one entry with its leaf index and inclusion proof (see
README.md, "Export format"); a CSV carries the same header in its last
row. Inclusion proofs alone show that each row is in the log; they
cannot show that a row was left out of a filtered export. So the header
states the filter, the count and the leaf index of every row, and the log
signs the header: a removed, changed or added row each fails, naming its
leaf index.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from toolguard_verify.keys import KeyHistory
from toolguard_verify.merkle import verify_inclusion
from toolguard_verify.note import NoteError, b64, b64decode_strict, key_id
from toolguard_verify.receipt import (
    HASHED_FIELDS,
    LogKeys,
    VerificationError,
    VerifiedCheckpoint,
    check_entry_hash,
    decode_path,
    entry_leaf_hash,
    log_keys,
    verify_checkpoint,
)

EXPORT_FORMAT = "toolguard-export/v1"
# Domain separation: the log key also signs checkpoint notes, and no
# checkpoint text starts with this line, so a header signature can never
# pass for a checkpoint's, nor the other way round.
HEADER_CONTEXT = f"{EXPORT_FORMAT}\n".encode()


def canonical_json(value: Any) -> str:
    """Keys sorted, no spaces, UTF-8 as is: the bytes the header signature covers."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def header_message(header: Mapping[str, Any]) -> bytes:
    """What the log signs: the context line, then the canonical JSON of the header without its signature."""
    unsigned = {name: value for name, value in header.items() if name != "signature"}
    return HEADER_CONTEXT + canonical_json(unsigned).encode()


def export_header(
    checkpoint: str,
    leaf_indexes: Sequence[int],
    export_filter: Mapping[str, Any],
    private_key: Ed25519PrivateKey,
    key_name: str,
    key_history: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The signed header of an export (for the server side, and for tests); with the log's key history if given."""
    header: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "checkpoint": checkpoint,
        "filter": dict(export_filter),
        "count": len(leaf_indexes),
        "leaf_indexes": list(leaf_indexes),
    }
    if key_history is not None:
        header["key_history"] = dict(key_history)
    signature = private_key.sign(header_message(header))
    header["signature"] = b64(key_id(key_name, private_key.public_key()) + signature)
    return header


def export_row(entry: Mapping[str, Any], leaf_index: int, inclusion_path: Sequence[bytes]) -> dict[str, Any]:
    """One row: the entry's fields, its leaf index and its inclusion proof (base64 hashes)."""
    return {**entry, "leaf_index": leaf_index, "inclusion_path": [b64(value) for value in inclusion_path]}


def export_lines(header: Mapping[str, Any], rows: Iterable[Mapping[str, Any]]) -> Iterable[str]:
    """The export file's lines: the header, then one row per line."""
    yield canonical_json(header) + "\n"
    for row in rows:
        yield canonical_json(row) + "\n"


@dataclass
class ExportResult:
    checkpoint: VerifiedCheckpoint
    export_filter: dict[str, Any]
    rows: int
    fields_checked: bool
    leaf_indexes: list[int] = field(default_factory=list)

    def summary(self) -> str:
        what = "fields, hashes and inclusion" if self.fields_checked else "hashes and inclusion"
        span = f"leaves {self.leaf_indexes[0]}..{self.leaf_indexes[-1]}" if self.leaf_indexes else "no leaves"
        return (
            f"verified: export of {self.rows} entries ({span}, filter {canonical_json(self.export_filter)}): "
            f"{what} of every row, and the signed header's row list matches exactly, against "
            f"{self.checkpoint.describe()}"
        )


def _header_signer(keys: LogKeys, verified: VerifiedCheckpoint, signer_id: bytes) -> Ed25519PublicKey:
    """The key that signed the header: the checkpoint's own, or (after a rotation) a later key of the history.

    An export is made now, over the latest checkpoint; right after a rotation
    that checkpoint may still be the outgoing key's last one while the
    incoming key signs the header. An earlier key than the checkpoint's never does.
    """
    if signer_id == verified.key_id:
        return verified.public_key
    if isinstance(keys, KeyHistory):
        ids = [span.key_id for span in keys.spans]
        later = keys.spans[ids.index(verified.key_id) + 1 :] if verified.key_id in ids else ()
        for span in later:
            if span.key_id == signer_id:
                return span.public_key
    raise VerificationError(f"the export header is not signed by the log key ({verified.key_name})")


def _verify_header(header: Mapping[str, Any], key: LogKeys, origin: str | None) -> tuple[VerifiedCheckpoint, list[int]]:
    if header.get("format") != EXPORT_FORMAT:
        raise VerificationError(f"the first line is not a {EXPORT_FORMAT} header")
    checkpoint_text = header.get("checkpoint")
    if not isinstance(checkpoint_text, str):
        raise VerificationError("the export header has no checkpoint note")
    # An export made after a rotation carries the key history in its header, anchored in the key given.
    keys = log_keys(key, header.get("key_history"))
    verified = verify_checkpoint(checkpoint_text, keys, origin)
    signature = header.get("signature")
    try:
        raw = b64decode_strict(signature, "the header signature") if isinstance(signature, str) else b""
    except NoteError as exc:
        raise VerificationError(str(exc)) from None
    signer = _header_signer(keys, verified, raw[:4])
    try:
        signer.verify(raw[4:], header_message(header))
    except InvalidSignature:
        raise VerificationError(
            "the export header's signature does not verify (its filter, count or row list was changed)"
        ) from None
    if not isinstance(header.get("filter", {}), dict):
        raise VerificationError("the export header's filter is not an object")
    indexes = header.get("leaf_indexes")
    count = header.get("count")
    if not isinstance(indexes, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in indexes):
        raise VerificationError("the export header has no leaf_indexes list")
    if count != len(indexes):
        raise VerificationError(f"the export header counts {count} rows but lists {len(indexes)} leaf indexes")
    if len(set(indexes)) != len(indexes):
        raise VerificationError("the export header lists a leaf index twice")
    size = verified.checkpoint.size
    beyond = [i for i in indexes if not 0 <= i < size]
    if beyond:
        raise VerificationError(f"leaf {beyond[0]}: listed in the header but outside the checkpoint's tree of {size}")
    return verified, indexes


def _check_rows(
    header: Mapping[str, Any],
    rows: Iterable[tuple[str, Mapping[str, Any] | str]],
    key: LogKeys,
    origin: str | None,
    hash_fields: Sequence[str] | None,
) -> ExportResult:
    """The header's signature, then every row against it: (where, row) pairs, or (where, why unreadable)."""
    verified, listed = _verify_header(header, key, origin)
    cp = verified.checkpoint
    expected = set(listed)
    seen: set[int] = set()
    problems: list[tuple[int, str]] = []
    count = 0
    for place, row in rows:
        count += 1
        if isinstance(row, str):
            problems.append((-1, f"{place}: {row}"))
            continue
        index = row.get("leaf_index")
        if not isinstance(index, int) or isinstance(index, bool):
            problems.append((-1, f"{place}: no leaf_index"))
            continue
        where = f"leaf {index} (entry {row.get('id', '?')})"
        if index in seen:
            problems.append((index, f"{where}: appears more than once (a row was added)"))
            continue
        seen.add(index)
        if index not in expected:
            problems.append((index, f"{where}: not in the signed header's row list (a row was added)"))
            continue
        try:
            check_entry_hash(row, where, hash_fields)
            leaf = entry_leaf_hash(row)
            path = decode_path(row.get("inclusion_path"), f"{where}: inclusion_path")
        except VerificationError as exc:
            problems.append((index, str(exc)))
            continue
        if not verify_inclusion(leaf, index, cp.size, path, cp.root_hash):
            problems.append(
                (index, f"{where}: not in the log at tree size {cp.size} (the inclusion proof does not verify)")
            )
    for index in sorted(expected - seen):
        problems.append(
            (index, f"leaf {index}: in the signed header's row list but not in the export (a row was removed)")
        )
    if problems:
        problems.sort(key=lambda problem: problem[0])
        messages = [message for _, message in problems]
        others = len(messages) - 1
        more = f" (and {others} more problem{'' if others == 1 else 's'})" if others else ""
        raise VerificationError(messages[0] + more, messages)
    return ExportResult(verified, dict(header.get("filter") or {}), count, hash_fields is not None, sorted(listed))


def _header_object(text: str, where: str) -> dict[str, Any]:
    try:
        header = json.loads(text)
    except json.JSONDecodeError:
        raise VerificationError(f"{where} is not JSON") from None
    if not isinstance(header, dict):
        raise VerificationError(f"{where} is not a {EXPORT_FORMAT} header")
    return header


def verify_export(
    lines: Iterable[str],
    key: LogKeys,
    origin: str | None = None,
    hash_fields: Sequence[str] | None = HASHED_FIELDS,
) -> ExportResult:
    """Check a JSON-lines export line by line against its signed header and checkpoint.

    Raises VerificationError naming the first failure (by leaf index) and
    listing every failure found in `problems`.
    """
    iterator = iter(lines)
    first = next((line for line in iterator if line.strip()), None)
    if first is None:
        raise VerificationError("the export is empty: it has no header line")
    header = _header_object(first, "the export's first line")

    def rows() -> Iterator[tuple[str, Mapping[str, Any] | str]]:
        for number, line in enumerate(iterator, start=2):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                yield f"line {number}", "not JSON"
                continue
            yield f"line {number}", row if isinstance(row, dict) else "not a JSON object"

    return _check_rows(header, rows(), key, origin, hash_fields)


# --- CSV -------------------------------------------------------------------------------------
#
# The CSV a compliance person opens in a spreadsheet proves itself the same
# way: its first row names the columns, every row carries leaf_index and
# inclusion_path (the proof's base64 hashes, space-separated), and its LAST
# row is the signed header: the first cell is CSV_HEADER_MARK, the second the
# header's JSON, exactly the header a JSON-lines export starts with. The
# header goes last, not first, so that a spreadsheet still reads row 1 as the
# column names (filters, sorting and pivots work) and the evidence sits below
# the data; a download cut short loses it and fails. README.md, "CSV".

CSV_HEADER_MARK = f"#{EXPORT_FORMAT}"
CSV_PROOF_COLUMNS = ("leaf_index", "inclusion_path")
# Cells as toolguard writes them (audit.export.csv_cell): a hidden character
# shown as ⟨U+202E⟩ (and "⟨" itself as ⟨U+27E8⟩), a leading "'" added to a cell
# a spreadsheet would read as a formula or that starts with "'" already.
_MARKED = re.compile(r"⟨U\+([0-9A-F]{4,6})⟩")


def csv_cell_value(cell: str) -> str:
    """The stored value a toolguard CSV cell shows."""
    text = cell[1:] if cell.startswith("'") else cell
    return _MARKED.sub(lambda match: chr(int(match.group(1), 16)), text)


def _csv_row(columns: Sequence[str], cells: Sequence[str]) -> dict[str, Any] | str:
    """A CSV row read back to the entry's values as they were hashed, or why it cannot be."""
    if len(cells) != len(columns):
        return f"has {len(cells)} cells, the columns are {len(columns)}"
    row: dict[str, Any] = {name: csv_cell_value(cell) for name, cell in zip(columns, cells, strict=True)}
    try:
        if "details" in row:
            row["details"] = json.loads(row["details"]) if row["details"] else {}
        if "duration_ms" in row:
            row["duration_ms"] = float(row["duration_ms"]) if row["duration_ms"] else None
        if "id" in row and row["id"].isdigit():
            row["id"] = int(row["id"])
        row["leaf_index"] = int(row["leaf_index"]) if row["leaf_index"].isdigit() else None
    except ValueError as exc:
        return f"a cell does not read back ({exc})"
    if "operation_hash" in row:
        row["operation_hash"] = row["operation_hash"] or None
    row["inclusion_path"] = row["inclusion_path"].split()
    return row


def is_proved_csv_columns(columns: Sequence[str]) -> bool:
    """Whether a CSV's first row is that of a proving export (its rows carry leaf indexes and proofs)."""
    return all(name in columns for name in CSV_PROOF_COLUMNS)


def verify_export_csv(
    lines: Iterable[str],
    key: LogKeys,
    origin: str | None = None,
    hash_fields: Sequence[str] | None = HASHED_FIELDS,
) -> ExportResult:
    """Check a CSV export: every row against the signed header in its last row, as verify_export does.

    `lines` as a file opened with newline="" gives them (a cell may hold a line break).
    """
    reader = csv.reader(iter(lines))
    columns = next(reader, None)
    if columns is None:
        raise VerificationError("the export is empty: it has no column row")
    if not is_proved_csv_columns(columns):
        raise VerificationError(
            "the CSV has no leaf_index and inclusion_path columns: it is not a proving export "
            "(exported without the log's signing key, or its proof columns were removed)"
        )
    pending: list[tuple[str, dict[str, Any] | str]] = []
    header: dict[str, Any] | None = None
    after = 0
    for cells in reader:
        if not any(cell.strip() for cell in cells):
            continue
        if cells[0] == CSV_HEADER_MARK:
            if header is not None:
                raise VerificationError(f"the CSV has more than one {CSV_HEADER_MARK} row")
            if len(cells) < 2:
                raise VerificationError(f"the CSV's {CSV_HEADER_MARK} row holds no header")
            header = _header_object(cells[1], f"the CSV's {CSV_HEADER_MARK} row")
            continue
        if header is not None:
            after += 1
            continue
        # Rows are kept, small, until the header (last) is read; a file's own
        # line numbers would not count rows (a cell may span lines), so rows are numbered.
        pending.append((f"row {len(pending) + 2}", _csv_row(columns, cells)))
    if header is None:
        raise VerificationError(
            f"the CSV has no signed header row ({CSV_HEADER_MARK}, its last row): the file was cut short "
            "or the row removed, so nothing shows that no row was left out"
        )
    if after:
        raise VerificationError(
            f"{after} row{'s' if after > 1 else ''} after the signed header row, which is the export's last "
            "(a row was added)"
        )
    return _check_rows(header, pending, key, origin, hash_fields)


def export_kind(first_line: str) -> str:
    """ "jsonl" or "csv" when the first line is that of a proving export, else ""."""
    text = first_line.lstrip("\ufeff").strip()
    if text.startswith("{"):
        return "jsonl" if f'"format":"{EXPORT_FORMAT}"' in text.replace(" ", "") else ""
    try:
        columns = next(csv.reader([text]), [])
    except csv.Error:
        return ""
    return "csv" if is_proved_csv_columns(columns) else ""


def verify_export_file(
    path: str,
    key: LogKeys,
    origin: str | None = None,
    hash_fields: Sequence[str] | None = HASHED_FIELDS,
) -> ExportResult:
    """A proving export file, JSON lines or CSV (told apart by its first line)."""
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            first = handle.readline()
            handle.seek(0)
            if first.lstrip("\ufeff").lstrip().startswith("{"):
                return verify_export(handle, key, origin, hash_fields)
            return verify_export_csv(handle, key, origin, hash_fields)
    except (OSError, UnicodeDecodeError) as exc:
        raise VerificationError(f"cannot read {path}: {exc}") from None
