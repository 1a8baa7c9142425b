"""A small audit log built the way toolguard builds its own: chained entries, an RFC 9162 tree, signed checkpoints."""

from __future__ import annotations

import copy
import csv
import io
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from toolguard_verify.export import CSV_HEADER_MARK, canonical_json, export_header, export_lines, export_row
from toolguard_verify.merkle import consistency_proof, inclusion_proof, root_hash
from toolguard_verify.note import b64, checkpoint_body, sign_note, vkey
from toolguard_verify.receipt import entry_hash, entry_leaf_hash

ORIGIN = "toolguard.test/audit"
GENESIS_HASH = "0" * 64
START = datetime(2026, 12, 5, 7, 0, tzinfo=UTC)


def make_entry(number: int, prev_hash: str, customer: str = "cust-1") -> dict[str, Any]:
    """Entry `number` as the API serializes it, hashed by toolguard's chain rule."""
    transfer = number % 3 == 0
    entry: dict[str, Any] = {
        "id": number + 1,
        "timestamp": (START + timedelta(seconds=number, microseconds=123 * number)).isoformat(),
        "actor": f"agent:user-{number % 4}:ab12cd",
        "actor_type": "agent",
        "customer": customer,
        "action": "transfer_initiated" if transfer else "tool_call_received",
        "result": "success",
        "tool": "transfer_funds" if transfer else "check_balance",
        "tool_call_id": f"call_{number}",
        "session_id": "sess-1",
        "idempotency_key": f"idem-{number}",
        "approval_id": "",
        "details": {"arguments": {"amount": 100 + number, "memo": "caf\u00e9 \u2014 \U0001f600"}, "trace_id": "t1"},
        "duration_ms": 12.5 + number,
        "operation_hash": ("ab" * 32) if transfer else None,
        "prev_hash": prev_hash,
    }
    entry["hash"] = entry_hash(entry)
    return entry


@dataclass
class FakeLog:
    size: int = 13
    origin: str = ORIGIN
    key: Ed25519PrivateKey = field(default_factory=Ed25519PrivateKey.generate)
    # Another customer name gives another history: what a rewritten log looks like.
    customer: str = "cust-1"
    entries: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        prev = GENESIS_HASH
        for number in range(self.size):
            entry = make_entry(number, prev, self.customer)
            self.entries.append(entry)
            prev = entry["hash"]
        self.leaves = [entry_leaf_hash(entry) for entry in self.entries]

    @property
    def vkey(self) -> str:
        return vkey(self.origin, self.key.public_key())

    def pem(self, directory: Path) -> Path:
        path = directory / "audit-signing.pub.pem"
        path.write_bytes(
            self.key.public_key().public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            )
        )
        return path

    def root(self, size: int | None = None) -> bytes:
        return root_hash(self.leaves[: self.size if size is None else size])

    def checkpoint(self, size: int | None = None, key: Ed25519PrivateKey | None = None) -> str:
        size = self.size if size is None else size
        return sign_note(checkpoint_body(self.origin, size, self.root(size)), self.origin, key or self.key)

    def consistency(self, old: int, new: int) -> list[bytes]:
        return consistency_proof(self.leaves[:new], old)

    def receipt(self, index: int, size: int | None = None) -> dict[str, Any]:
        size = self.size if size is None else size
        return {
            "entry": copy.deepcopy(self.entries[index]),
            "leaf_index": index,
            "leaf_hash": b64(self.leaves[index]),
            "inclusion_path": [b64(value) for value in inclusion_proof(self.leaves[:size], index)],
            "checkpoint": self.checkpoint(size),
        }

    def export(self, indexes: list[int], export_filter: dict[str, Any] | None = None) -> list[str]:
        """The lines of a verifiable export of these leaves against the current checkpoint."""
        header = export_header(self.checkpoint(), indexes, export_filter or {}, self.key, self.origin)
        return list(
            export_lines(header, (export_row(self.entries[i], i, inclusion_proof(self.leaves, i)) for i in indexes))
        )

    def export_csv(self, indexes: list[int], export_filter: dict[str, Any] | None = None) -> list[str]:
        """The same export as toolguard writes it for spreadsheets: CSV rows, the signed header as the last row.

        One string per row (a row may hold line breaks inside a quoted cell).
        """
        header = export_header(self.checkpoint(), indexes, export_filter or {}, self.key, self.origin)
        columns = [*self.entries[0], "leaf_index", "inclusion_path"]
        out = io.StringIO()
        writer = csv.writer(out)
        table: list[list[str]] = [columns]
        for i in indexes:
            row = export_row(self.entries[i], i, inclusion_proof(self.leaves, i))
            row["details"] = json.dumps(row["details"], sort_keys=True, ensure_ascii=False)
            row["inclusion_path"] = " ".join(row["inclusion_path"])
            table.append(["" if row[name] is None else str(row[name]) for name in columns])
        table.append([CSV_HEADER_MARK, canonical_json(header)])
        lines = []
        for cells in table:
            writer.writerow(cells)
            lines.append(out.getvalue())
            out.seek(0)
            out.truncate()
        return lines
