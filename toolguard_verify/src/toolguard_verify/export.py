"""Verifiable exports: JSON lines of audit entries, each proved against one signed checkpoint.

The first line is a header signed by the log key; every further line is one
entry with its leaf index and inclusion proof (see README.md, "Export
format"). Inclusion proofs alone show that each row is in the log; they
cannot show that a row was left out of a filtered export. So the header
states the filter, the count and the leaf index of every row, and the log
signs the header: a removed, changed or added row each fails, naming its
leaf index.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from toolguard_verify.merkle import verify_inclusion
from toolguard_verify.note import NoteError, b64, b64decode_strict, key_id
from toolguard_verify.receipt import (
    HASHED_FIELDS,
    LogKey,
    VerificationError,
    VerifiedCheckpoint,
    check_entry_hash,
    decode_path,
    entry_leaf_hash,
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
) -> dict[str, Any]:
    """The signed header of an export (for the server side, and for tests)."""
    header: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "checkpoint": checkpoint,
        "filter": dict(export_filter),
        "count": len(leaf_indexes),
        "leaf_indexes": list(leaf_indexes),
    }
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


def _verify_header(header: Mapping[str, Any], key: LogKey, origin: str | None) -> tuple[VerifiedCheckpoint, list[int]]:
    if header.get("format") != EXPORT_FORMAT:
        raise VerificationError(f"the first line is not a {EXPORT_FORMAT} header")
    checkpoint_text = header.get("checkpoint")
    if not isinstance(checkpoint_text, str):
        raise VerificationError("the export header has no checkpoint note")
    verified = verify_checkpoint(checkpoint_text, key, origin)
    signature = header.get("signature")
    try:
        raw = b64decode_strict(signature, "the header signature") if isinstance(signature, str) else b""
    except NoteError as exc:
        raise VerificationError(str(exc)) from None
    if raw[:4] != verified.key_id:
        raise VerificationError(f"the export header is not signed by the log key ({verified.key_name})")
    try:
        key.public_key.verify(raw[4:], header_message(header))
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


def verify_export(
    lines: Iterable[str],
    key: LogKey,
    origin: str | None = None,
    hash_fields: Sequence[str] | None = HASHED_FIELDS,
) -> ExportResult:
    """Check an export line by line against its signed header and checkpoint.

    Raises VerificationError naming the first failure (by leaf index) and
    listing every failure found in `problems`.
    """
    iterator = iter(lines)
    first = next((line for line in iterator if line.strip()), None)
    if first is None:
        raise VerificationError("the export is empty: it has no header line")
    try:
        header = json.loads(first)
    except json.JSONDecodeError:
        raise VerificationError("the export's first line is not JSON") from None
    if not isinstance(header, dict):
        raise VerificationError(f"the first line is not a {EXPORT_FORMAT} header")
    verified, listed = _verify_header(header, key, origin)
    cp = verified.checkpoint
    expected = set(listed)
    seen: set[int] = set()
    problems: list[tuple[int, str]] = []
    rows = 0
    for number, line in enumerate(iterator, start=2):
        if not line.strip():
            continue
        rows += 1
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            problems.append((-1, f"line {number}: not JSON"))
            continue
        index = row.get("leaf_index") if isinstance(row, dict) else None
        if not isinstance(index, int) or isinstance(index, bool):
            problems.append((-1, f"line {number}: no leaf_index"))
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
    return ExportResult(verified, dict(header.get("filter") or {}), rows, hash_fields is not None, sorted(listed))
