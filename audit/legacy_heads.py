"""Signed chain heads: the retired evidence, still checked.

Before the Merkle tree's checkpoints were the only signed evidence, the head
of the hash chain (entry id, hash, entries up to it, time) was signed and
kept in `AuditHead` and in a witness file outside the database. Nothing
writes them any more. What was written stays verifiable: `verify_audit`
walks the chain against every stored head, and against a copy of the old
file given with `--signed-heads FILE` (audit.verify), so a rewrite or a
deletion of entries that such a head covered is still named.

A head names no key. Heads were signed before the key could be rotated, by
the log's first key; any key of the log's key history is accepted for them.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import UTC
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from audit.models import AuditHead


class SignedHeadError(Exception):
    """A signed head that does not verify, or a file that does not hold signed heads."""


@dataclass(frozen=True)
class SignedHead:
    """One head as the old witness file held it."""

    entry_id: int
    entry_hash: str
    entries: int  # entries in the chain up to and including entry_id
    time: str  # ISO 8601, UTC
    reason: str
    signature: str = ""  # base64 Ed25519 over signed_bytes()

    def signed_bytes(self) -> bytes:
        body = {"entries": self.entries, "entry_hash": self.entry_hash, "entry_id": self.entry_id, "time": self.time}
        return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()

    def line(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":")) + "\n"


def head_verify(head: SignedHead, keys: Sequence[Ed25519PublicKey]) -> bool:
    for key in keys:
        try:
            key.verify(base64.b64decode(head.signature), head.signed_bytes())
        except (InvalidSignature, ValueError):
            continue
        return True
    return False


def heads_stored(keys: Sequence[Ed25519PublicKey]) -> list[SignedHead]:
    """The heads the database kept, each checked against its signature (an edited row would not verify)."""
    heads = []
    for row in AuditHead.objects.order_by("entry_id", "id"):
        head = SignedHead(
            entry_id=row.entry_id,
            entry_hash=row.entry_hash,
            entries=row.entries,
            time=row.signed_at.astimezone(UTC).isoformat(timespec="microseconds"),
            reason=row.reason,
            signature=row.signature,
        )
        if not head_verify(head, keys):
            raise SignedHeadError(f"the stored signed head {row.id} (entry {row.entry_id}) does not verify")
        heads.append(head)
    return heads


def heads_read(path: str, keys: Sequence[Ed25519PublicKey]) -> list[SignedHead]:
    """Every head in a copy of the old witness file, oldest first; a line that is not a valid head is an error."""
    heads = []
    try:
        lines = Path(path).read_text().splitlines()
    except OSError as exc:
        raise SignedHeadError(f"cannot read the signed heads file {path}: {exc}") from None
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            head = SignedHead(**json.loads(raw))
        except (ValueError, TypeError):
            raise SignedHeadError(f"{path} line {number} is not a signed head") from None
        if not head_verify(head, keys):
            raise SignedHeadError(f"{path} line {number}: the signature does not verify with the log's keys")
        heads.append(head)
    return heads
