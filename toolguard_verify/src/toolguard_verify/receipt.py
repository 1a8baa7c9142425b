"""Receipts: one audit entry, its inclusion proof and the signed checkpoint it is proved against.

A receipt is the JSON of `GET /api/v1/audit/<id>/receipt`:

    {"entry": {...}, "leaf_index": 41, "leaf_hash": "<base64>",
     "inclusion_path": ["<base64>", ...], "checkpoint": "<signed note>"}

Leaf i of toolguard's log is the i-th entry's `hash` (32 bytes, hex in the
entry), so its leaf hash is SHA-256(0x00 || hash). The entry's `hash` is
itself recomputed here from the entry's fields and `prev_hash`, exactly as
toolguard's audit chain computes it, so an entry changed in any field fails.

An agent's receipt (`"audience": "agent"`) withholds what the agent's answers
did not say (reviewers' notes and names, rules, limits, other principals):

    {"audience": "agent", "entry": {"id": 7, "tool_call_id": ..., ...},
     "withheld": ["timestamp", "actor", ..., "hash"], "leaf_index": 41,
     "leaf_hash": "<base64>", "inclusion_path": [...], "checkpoint": "..."}

The entry's hash covers all of its fields at once, so such a receipt proves
only that its `leaf_hash` (the one the agent's answer carried) is a leaf of
the signed log; the fields it shows are labels no hash covers, and the
summary says so. An entry's `id` is never covered by its hash (the leaf
index is what is proved).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from toolguard_verify.keys import KeyHistory, KeyHistoryError
from toolguard_verify.merkle import leaf_hash, verify_inclusion
from toolguard_verify.note import (
    Checkpoint,
    NoteError,
    b64,
    b64decode_strict,
    key_id,
    load_public_key,
    parse_checkpoint,
)
from toolguard_verify.note import verify_note as _verify_note

# The fields the chain hash covers, in toolguard's order: the log's writer (audit.services) reads them here.
HASHED_FIELDS: tuple[str, ...] = (
    "timestamp",
    "actor",
    "actor_type",
    "customer",
    "action",
    "result",
    "tool",
    "tool_call_id",
    "session_id",
    "idempotency_key",
    "approval_id",
    "details",
    "duration_ms",
    # Hashed only when set, so entries written before it existed keep their hashes.
    "operation_hash",
)
# Fields an entry may leave out: absent and null hash alike.
OPTIONAL_FIELDS = frozenset({"operation_hash"})
_HEX_HASH = re.compile(r"[0-9a-f]{64}")


class VerificationError(Exception):
    """What failed, in one line; `problems` lists every failure found when there are several."""

    def __init__(self, message: str, problems: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems) or [message]


def _timestamp(value: Any) -> Any:
    # The chain hashes the UTC time with microseconds; an API or an export may
    # write the same instant as "...Z", "+00:00", another offset, or without
    # the microseconds when they are zero. A time without an offset is UTC.
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise VerificationError(f"entry timestamp {value!r} is not an ISO 8601 time") from None
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC).isoformat(timespec="microseconds")
    return value


def entry_body(entry: Mapping[str, Any], hash_fields: Sequence[str] = HASHED_FIELDS) -> str:
    """The canonical JSON of the entry's own fields: keys sorted, no spaces, UTF-8 as is."""
    body = {name: entry.get(name) for name in hash_fields}
    if "operation_hash" in body and not body["operation_hash"]:
        del body["operation_hash"]
    if "timestamp" in body:
        body["timestamp"] = _timestamp(body["timestamp"])
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(entry: Mapping[str, Any], hash_fields: Sequence[str] = HASHED_FIELDS) -> str:
    """Hex SHA-256 of {"entry": <entry body>, "prev_hash": <prev_hash>} as canonical JSON.

    The computation of toolguard's audit chain (audit.services.entry_hash);
    `hash_fields` is the recipe, toolguard's by default.
    """
    missing = [name for name in (*hash_fields, "prev_hash") if name not in entry and name not in OPTIONAL_FIELDS]
    if missing:
        raise VerificationError(
            f"entry {entry.get('id', '?')} lacks {', '.join(missing)}, so its hash cannot be checked"
        )
    prev_hash = entry["prev_hash"]
    text = f'{{"entry":{entry_body(entry, hash_fields)},"prev_hash":{json.dumps(prev_hash)}}}'
    return hashlib.sha256(text.encode()).hexdigest()


def entry_leaf_hash(entry: Mapping[str, Any]) -> bytes:
    """The leaf hash of an entry in the log: SHA-256(0x00 || the 32 bytes of its `hash`)."""
    value = entry.get("hash")
    if not isinstance(value, str) or not _HEX_HASH.fullmatch(value):
        raise VerificationError(f"entry {entry.get('id', '?')} has no hash of 64 hex digits")
    return leaf_hash(bytes.fromhex(value))


@dataclass(frozen=True)
class LogKey:
    """The log's public key; `name` is the signature's key name (the origin) when a vkey gave one."""

    public_key: Ed25519PublicKey
    name: str | None = None

    @classmethod
    def load(cls, source: str) -> LogKey:
        """From a vkey, or a file holding a PEM Ed25519 public key or a vkey."""
        try:
            name, key = load_public_key(source)
        except NoteError as exc:
            raise VerificationError(str(exc)) from None
        return cls(key, name)


# What checks a checkpoint's signature: the one log key, or the log's key history (toolguard_verify.keys).
LogKeys = LogKey | KeyHistory


def log_keys(key: LogKeys, history: Any = None) -> LogKeys:
    """The keys to check with: `key`, or the key history a receipt or export carries, anchored in `key`.

    A history is only believed when it holds `key` (the one the verifier was
    given) and every rotation in it is signed by both its keys.
    """
    if history is None or isinstance(key, KeyHistory):
        return key
    try:
        return KeyHistory.load(history, key.public_key)
    except KeyHistoryError as exc:
        raise VerificationError(f"key history: {exc}") from None


@dataclass(frozen=True)
class VerifiedCheckpoint:
    checkpoint: Checkpoint
    key_name: str
    key_id: bytes
    public_key: Ed25519PublicKey

    def describe(self) -> str:
        cp = self.checkpoint
        return (
            f"{cp.origin} at tree size {cp.size} (root {b64(cp.root_hash)}), "
            f"signed by {self.key_name} key {self.key_id.hex()}"
        )


def verify_checkpoint(text: str, key: LogKeys, origin: str | None = None) -> VerifiedCheckpoint:
    """A checkpoint note signed by the log key (or, with a key history, by the key whose range holds its size)."""
    try:
        checkpoint = parse_checkpoint(text)
    except NoteError as exc:
        raise VerificationError(f"checkpoint is malformed: {exc}") from None
    if origin is not None and checkpoint.origin != origin:
        raise VerificationError(f"checkpoint is for origin {checkpoint.origin!r}, not {origin!r}")
    if isinstance(key, KeyHistory):
        try:
            span = key.span_for(text, checkpoint)
        except KeyHistoryError as exc:
            raise VerificationError(str(exc)) from None
        return VerifiedCheckpoint(checkpoint, span.name, span.key_id, span.public_key)
    # DESIGN: the log's key name is its origin.
    name = key.name or checkpoint.origin
    kid = key_id(name, key.public_key)
    if not _verify_note(text, name, key.public_key):
        raise VerificationError(
            f"checkpoint {checkpoint.origin} at size {checkpoint.size} is not signed by the log key "
            f"({name} key {kid.hex()})"
        )
    return VerifiedCheckpoint(checkpoint, name, kid, key.public_key)


def decode_path(values: Any, what: str) -> list[bytes]:
    if not isinstance(values, list):
        raise VerificationError(f"{what} is not a list of base64 hashes")
    try:
        path = [b64decode_strict(value, what) if isinstance(value, str) else b"" for value in values]
    except NoteError as exc:
        raise VerificationError(str(exc)) from None
    if any(len(value) != 32 for value in path):
        raise VerificationError(f"{what} holds a value that is not a 32-byte base64 hash")
    return path


def check_entry_hash(entry: Mapping[str, Any], where: str, hash_fields: Sequence[str] | None) -> None:
    if hash_fields is None:
        return
    if entry_hash(entry, hash_fields) != entry.get("hash"):
        raise VerificationError(f"{where}: the entry's fields do not hash to its hash (the entry was changed)")


@dataclass(frozen=True)
class ReceiptResult:
    entry_id: Any
    leaf_index: int
    leaf_hash: bytes
    checkpoint: VerifiedCheckpoint
    fields_checked: bool
    # Set for a receipt that withholds the entry's content (an agent's): the fields it names as withheld.
    withheld: tuple[str, ...] | None = None
    shown: tuple[str, ...] = ()

    @property
    def content_disclosed(self) -> bool:
        return self.withheld is None

    @property
    def leaf_hash_b64(self) -> str:
        return b64(self.leaf_hash)

    def summary(self) -> str:
        where = f"leaf {self.leaf_index} included in {self.checkpoint.describe()}"
        if self.withheld is not None:
            shown = ", ".join(name for name in self.shown if name != "id") or "none"
            return (
                f"verified: leaf hash {self.leaf_hash_b64} is {where}; "
                f"the entry's content is not disclosed to this receipt's audience, so nothing about it is proved: "
                f"it withholds {', '.join(self.withheld) or 'nothing'}; the receipt calls it entry {self.entry_id} "
                f"and shows {shown}, labels no hash covers; compare the leaf hash with the one in the answer you kept"
            )
        fields = "its fields hash to its hash, " if self.fields_checked else "its hash (fields not rehashed), "
        return f"verified: entry {self.entry_id}: {fields}{where}"


def _withheld_fields(receipt: Mapping[str, Any], entry: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The fields an audience's receipt says it withholds, or None for a receipt of the whole entry."""
    if receipt.get("audience") is None and "withheld" not in receipt:
        return None
    withheld = receipt.get("withheld")
    if not isinstance(withheld, list) or not all(isinstance(name, str) for name in withheld):
        raise VerificationError("receipt withholds fields but does not list them as a list of field names")
    if "hash" in entry:
        # A view that gives the entry's hash would let its holder test guesses of what it withholds.
        raise VerificationError("receipt withholds fields yet gives the entry's hash")
    return tuple(withheld)


def verify_receipt(
    receipt: Mapping[str, Any],
    key: LogKeys,
    origin: str | None = None,
    hash_fields: Sequence[str] | None = HASHED_FIELDS,
) -> ReceiptResult:
    """Check a receipt: the entry's hash, its leaf hash, its inclusion proof and the checkpoint's signature.

    `hash_fields=None` takes the entry's `hash` as given instead of
    recomputing it from the entry's fields. A receipt that withholds the
    entry's content (an agent's) proves its `leaf_hash` only, and its result
    says so (`content_disclosed` False). Raises VerificationError.
    """
    entry = receipt.get("entry")
    if not isinstance(entry, Mapping):
        raise VerificationError("receipt has no entry object")
    checkpoint_text = receipt.get("checkpoint")
    if not isinstance(checkpoint_text, str):
        raise VerificationError("receipt has no checkpoint note")
    index = receipt.get("leaf_index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise VerificationError("receipt has no leaf_index of 0 or more")
    # A receipt signed after a rotation carries the log's key history; the key given anchors it.
    verified = verify_checkpoint(checkpoint_text, log_keys(key, receipt.get("key_history")), origin)
    where = f"entry {entry.get('id', '?')} (leaf {index})"
    withheld = _withheld_fields(receipt, entry)
    stated = receipt.get("leaf_hash")
    stated_raw: bytes | None = None
    if stated is not None or withheld is not None:
        try:
            stated_raw = b64decode_strict(stated, "leaf_hash") if isinstance(stated, str) else b""
        except NoteError as exc:
            raise VerificationError(str(exc)) from None
        if len(stated_raw) != 32:
            raise VerificationError(f"{where}: leaf_hash is not a 32-byte base64 hash")
    if withheld is None:
        check_entry_hash(entry, where, hash_fields)
        leaf = entry_leaf_hash(entry)
        if stated_raw is not None and stated_raw != leaf:
            raise VerificationError(f"{where}: leaf_hash is not SHA-256(0x00 || the entry's hash)")
    else:
        assert stated_raw is not None
        leaf = stated_raw
    path = decode_path(receipt.get("inclusion_path"), "inclusion_path")
    cp = verified.checkpoint
    if index >= cp.size:
        raise VerificationError(f"{where}: leaf index is beyond the checkpoint's tree size {cp.size}")
    if not verify_inclusion(leaf, index, cp.size, path, cp.root_hash):
        raise VerificationError(
            f"{where}: the inclusion proof does not lead to the checkpoint's root at tree size {cp.size}"
        )
    if withheld is not None:
        return ReceiptResult(entry.get("id"), index, leaf, verified, False, withheld, tuple(entry))
    return ReceiptResult(entry.get("id"), index, leaf, verified, hash_fields is not None)
