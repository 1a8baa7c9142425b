"""Receipts: what an agent or a reviewer keeps to prove, later and offline, that an entry is in the log.

Every answer that recorded something carries a reference to the entry that
recorded its outcome (`{"entry_id", "leaf_hash"}`); once a checkpoint covers
that entry, `receipt_build` turns the reference into a receipt: the entry's
exported fields, its leaf index, the inclusion proof and the signed
checkpoint (DESIGN.md, "Verifiable audit log"), which `toolguard-verify
receipt` checks with nothing but the log's public key.

Two audiences (issue 36, "the agent learns no more than its answers say").
People (compliance staff, the review pages) get the whole entry, whose
fields the verifier rehashes into its hash. An agent gets the view of
`AGENT_DISCLOSED`: what its own call and its answers already said, and the
leaf hash its answer carried. An entry's hash is one SHA-256 over the
canonical JSON of all its fields and the previous entry's hash, so no part
of it can be proved without all of it, and past hashes must not change; an
agent's receipt therefore proves that its leaf hash is in the signed log,
and says that the fields it shows are labels the hash does not prove. The
entry's hash and `prev_hash` are withheld too: with them an agent could
test guesses of the withheld fields (a reviewer's name, a limit) against
the hash; without `prev_hash` (another entry's hash, never given to an
agent) a guess cannot be checked.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from django.http import HttpResponse

from audit.keys import key_history_rotated
from audit.models import AuditEntry
from audit.serializers import ENTRY_FIELDS
from core.enums import AuditAction


def leaf_hash(entry_hash: str) -> bytes:
    """RFC 9162 leaf hash of an entry: SHA-256(0x00 || the entry's 32-byte hash)."""
    return hashlib.sha256(b"\x00" + bytes.fromhex(entry_hash)).digest()


def b64(value: bytes) -> str:
    return base64.b64encode(value).decode()


def entry_reference(entry: AuditEntry | None) -> dict[str, Any] | None:
    """What an answer carries about the entry that recorded it: enough to ask for its receipt."""
    if entry is None or entry.id is None:
        return None
    return {"entry_id": entry.id, "leaf_hash": b64(leaf_hash(entry.hash))}


def tool_call_reference(tool_call_id: str) -> dict[str, Any] | None:
    """The newest entry written about a tool call: its outcome as last recorded (a decision, an upstream answer)."""
    # audit_tool_call serves this: a handful of rows per call.
    entry = AuditEntry.objects.filter(tool_call_id=tool_call_id).only("id", "hash").order_by("-id").first()
    return entry_reference(entry)


# What one reviewer's decision writes, in order; the last of them records its outcome.
DECISION_ACTIONS = (
    AuditAction.APPROVAL_GRANTED,
    AuditAction.APPROVAL_DENIED,
    AuditAction.OPERATION_COMPLETED,
    AuditAction.OPERATION_REJECTED,
    AuditAction.TRANSFER_COMPLETED,
    AuditAction.TRANSFER_REJECTED,
    AuditAction.RESULT_SCREENED,
    AuditAction.HELD_OPERATION_EXECUTED,
)


def decision_reference(*, approval_id: str, reviewer_label: str) -> dict[str, Any] | None:
    """The entry recording what a reviewer's decision on a request did (a reviewer decides a request once)."""
    # audit_approval serves this: the few entries of one request.
    entry = (
        AuditEntry.objects.filter(approval_id=approval_id, actor=reviewer_label, action__in=DECISION_ACTIONS)
        .only("id", "hash")
        .order_by("-id")
        .first()
    )
    return entry_reference(entry)


def receipt_entry(entry: AuditEntry) -> dict[str, Any]:
    """The entry as exports give it: every hashed field plus the links, so its hash can be recomputed."""
    row: dict[str, Any] = {name: getattr(entry, name) for name in ENTRY_FIELDS}
    row["timestamp"] = entry.timestamp.isoformat()
    return row


# What an agent's receipt shows of its entry: the ids of its own call and
# request, and what it sent itself. Never the actor (a reviewer's name,
# another principal), the details (notes, rules, limits, window totals), the
# time, the action or result (a first of two approvals), or the hashes.
AGENT_DISCLOSED = ("id", "tool_call_id", "tool", "session_id", "idempotency_key", "approval_id")
AGENT_WITHHELD = tuple(name for name in ENTRY_FIELDS if name not in AGENT_DISCLOSED)


def receipt_agent_view(receipt: dict[str, Any]) -> dict[str, Any]:
    """An agent's receipt of the same entry: the inclusion proof of its leaf hash, and only what its answers said."""
    entry = receipt["entry"]
    return {
        "audience": "agent",
        "entry": {name: entry[name] for name in AGENT_DISCLOSED},
        "withheld": list(AGENT_WITHHELD),
        **{name: receipt[name] for name in ("leaf_index", "leaf_hash", "inclusion_path", "checkpoint")},
        # Public keys and tree sizes only: nothing about any entry.
        **({"key_history": receipt["key_history"]} if "key_history" in receipt else {}),
    }


class ReceiptUnavailable(Exception):
    """No receipt can be given for this entry (yet): `code` says why, stably."""

    def __init__(self, code: str, message: str, *, http_status: int) -> None:
        super().__init__(message)
        self.code, self.message, self.http_status = code, message, http_status


def receipt_covered(entry_id: int) -> bool:
    """Whether a signed checkpoint covers the entry yet (pages offer its receipt only then)."""
    from audit import tree

    index = tree.leaf_index(entry_id)
    checkpoint = tree.checkpoint_latest() if index is not None else None
    return checkpoint is not None and index is not None and checkpoint.size > index


def receipt_build(entry: AuditEntry) -> dict[str, Any]:
    """The receipt of an entry against the newest checkpoint, or ReceiptUnavailable.

    The newest checkpoint, not the first that covered the entry: the latest
    is what an auditor compares against the witness, and an older receipt
    remains checkable by consistency from its checkpoint to a newer one.
    """
    # Imported here so the rest of this module (entry references in every
    # answer) works whatever state the tree's tables are in.
    from audit import tree

    index = tree.leaf_index(entry.id)
    if index is None:
        raise ReceiptUnavailable("entry_not_in_tree", "this entry is not a leaf of the log's tree", http_status=404)
    checkpoint = tree.checkpoint_latest()
    if checkpoint is None or checkpoint.size <= index:
        raise ReceiptUnavailable(
            "not_yet_covered",
            "no signed checkpoint covers this entry yet; ask again after the next checkpoint",
            http_status=409,
        )
    path = tree.inclusion_path(index, checkpoint.size)
    receipt = {
        "entry": receipt_entry(entry),
        "leaf_index": index,
        "leaf_hash": b64(leaf_hash(entry.hash)),
        "inclusion_path": [b64(node) for node in path],
        "checkpoint": checkpoint.note,
    }
    # After a rotation: which key signs which checkpoints, so the receipt verifies with either key.
    history = key_history_rotated()
    if history is not None:
        receipt["key_history"] = history
    return receipt


def receipt_download(body: dict[str, Any], *, entry_id: int) -> HttpResponse:
    """A receipt as the file a person saves and hands to `toolguard-verify receipt`."""
    response = HttpResponse(
        json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False) + "\n",
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="audit-receipt-{entry_id}.json"'
    return response
