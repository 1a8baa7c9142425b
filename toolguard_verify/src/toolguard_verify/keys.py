"""The log's key history: which key signed which checkpoints, so checkpoints signed before a rotation still verify.

A log rotates its signing key with `manage.py audit_key_rotate`. The history
is a JSON document (served with receipts and exports, and written by the
rotation command):

    {"format": "toolguard-key-history/v1", "origin": "toolguard.example/audit",
     "keys": [
       {"vkey": "<origin>+<key id>+<key>", "from_size": 1, "to_size": 41},
       {"vkey": "...", "from_size": 42, "to_size": null,
        "rotation": {"entry_id": 41, "old_signature": "<base64>", "new_signature": "<base64>"}}]}

Each key signs the checkpoints of tree sizes `from_size` to `to_size`
(inclusive; `null`: the current key, no end yet). The ranges follow each
other without gap or overlap. Every rotation is signed by both keys, the
outgoing and the incoming, over `rotation_message` (the origin, both keys
and the sizes where one ends and the other begins), so a verifier that trusts
any one key of the history (the one it was given) can trust the others
from the signatures, and nobody holding neither private key can add a key,
move a boundary or drop one. A checkpoint verifies only with the key whose
range holds its size: one signed by a retired key after its range ended, or
by the new key before its range began, fails, naming why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from toolguard_verify.note import (
    Checkpoint,
    NoteError,
    b64,
    b64decode_strict,
    key_id,
    parse_vkey,
    public_key_bytes,
    verify_note,
    vkey,
)

KEY_HISTORY_FORMAT = "toolguard-key-history/v1"
ROTATION_CONTEXT = b"toolguard-key-rotation/v1\n"


class KeyHistoryError(ValueError):
    """A key history that is malformed, inconsistent, or not anchored in the key the verifier trusts."""


def rotation_message(origin: str, old_vkey: str, old_to_size: int, new_vkey: str, new_from_size: int) -> bytes:
    """What both keys sign at a rotation: the context line, then canonical JSON of the hand-over."""
    statement = {
        "origin": origin,
        "old_vkey": old_vkey,
        "old_to_size": old_to_size,
        "new_vkey": new_vkey,
        "new_from_size": new_from_size,
    }
    return ROTATION_CONTEXT + json.dumps(statement, sort_keys=True, separators=(",", ":")).encode()


def rotation_sign(
    origin: str, old: Ed25519PrivateKey, old_to_size: int, new: Ed25519PrivateKey, new_from_size: int, entry_id: int
) -> dict[str, Any]:
    """The `rotation` object of the incoming key's record: the hand-over signed by both keys."""
    old_vkey, new_vkey = vkey(origin, old.public_key()), vkey(origin, new.public_key())
    message = rotation_message(origin, old_vkey, old_to_size, new_vkey, new_from_size)
    return {"entry_id": entry_id, "old_signature": b64(old.sign(message)), "new_signature": b64(new.sign(message))}


@dataclass(frozen=True)
class KeySpan:
    """One key of the history and the tree sizes it signs."""

    name: str
    public_key: Ed25519PublicKey
    from_size: int
    to_size: int | None  # None: the current key

    @property
    def key_id(self) -> bytes:
        return key_id(self.name, self.public_key)

    @property
    def vkey(self) -> str:
        return vkey(self.name, self.public_key)

    def holds(self, size: int) -> bool:
        return self.from_size <= size and (self.to_size is None or size <= self.to_size)

    def describe(self) -> str:
        end = "on" if self.to_size is None else str(self.to_size)
        return f"key {self.key_id.hex()} (tree sizes {self.from_size} to {end})"


def _size(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise KeyHistoryError(f"{what} is not a tree size")
    return value


def _verify(public_key: Ed25519PublicKey, signature: Any, message: bytes) -> bool:
    try:
        raw = b64decode_strict(signature, "a rotation signature") if isinstance(signature, str) else b""
        public_key.verify(raw, message)
    except (NoteError, InvalidSignature):
        return False
    return True


@dataclass(frozen=True)
class KeyHistory:
    """A key history whose rotations all verified, anchored in a key the verifier trusts."""

    origin: str
    spans: tuple[KeySpan, ...]

    @classmethod
    def load(cls, document: Any, anchor: Ed25519PublicKey) -> KeyHistory:
        """Parse and check a key history document; `anchor` is the public key the verifier was given.

        Raises KeyHistoryError naming what is wrong.
        """
        if not isinstance(document, Mapping) or document.get("format") != KEY_HISTORY_FORMAT:
            raise KeyHistoryError(f"not a {KEY_HISTORY_FORMAT} document")
        origin = document.get("origin")
        records = document.get("keys")
        if not isinstance(origin, str) or not origin or not isinstance(records, list) or not records:
            raise KeyHistoryError("the key history names no origin or no keys")
        spans: list[KeySpan] = []
        for number, record in enumerate(records, start=1):
            if not isinstance(record, Mapping):
                raise KeyHistoryError(f"key {number} of the history is not an object")
            try:
                parsed = parse_vkey(str(record.get("vkey", "")))
            except NoteError as exc:
                raise KeyHistoryError(f"key {number} of the history: {exc}") from None
            if parsed.name != origin:
                raise KeyHistoryError(f"key {number} of the history is named {parsed.name!r}, not {origin!r}")
            from_size = _size(record.get("from_size"), f"key {number}'s from_size")
            to_raw = record.get("to_size")
            to_size = None if to_raw is None else _size(to_raw, f"key {number}'s to_size")
            if to_size is not None and to_size < from_size:
                raise KeyHistoryError(f"key {number} of the history ends at size {to_size}, before {from_size}")
            span = KeySpan(origin, parsed.public_key, from_size, to_size)
            if spans:
                previous = spans[-1]
                if previous.to_size is None or from_size != previous.to_size + 1:
                    raise KeyHistoryError(
                        f"key {number} of the history begins at size {from_size}, but the key before it "
                        f"ends at {previous.to_size}: the ranges must follow each other"
                    )
                rotation = record.get("rotation")
                if not isinstance(rotation, Mapping):
                    raise KeyHistoryError(f"key {number} of the history carries no signed rotation")
                message = rotation_message(origin, previous.vkey, previous.to_size, span.vkey, from_size)
                if not _verify(previous.public_key, rotation.get("old_signature"), message):
                    raise KeyHistoryError(
                        f"the rotation to key {span.key_id.hex()} is not signed by the outgoing key "
                        f"{previous.key_id.hex()}"
                    )
                if not _verify(span.public_key, rotation.get("new_signature"), message):
                    raise KeyHistoryError(f"the rotation to key {span.key_id.hex()} is not signed by that key itself")
            spans.append(span)
        anchor_raw = public_key_bytes(anchor)
        if not any(public_key_bytes(span.public_key) == anchor_raw for span in spans):
            raise KeyHistoryError(
                f"the key history does not hold the trusted key {key_id(origin, anchor).hex()}: "
                "it is another log's history, or a forged one"
            )
        return cls(origin, tuple(spans))

    def span_for(self, text: str, checkpoint: Checkpoint) -> KeySpan:
        """The key that signed this checkpoint, if its range holds the checkpoint's size; else KeyHistoryError why."""
        if checkpoint.origin != self.origin:
            raise KeyHistoryError(f"checkpoint is for origin {checkpoint.origin!r}, the key history {self.origin!r}")
        signers = [span for span in self.spans if verify_note(text, span.name, span.public_key)]
        if not signers:
            keys = ", ".join(span.key_id.hex() for span in self.spans)
            raise KeyHistoryError(
                f"checkpoint {checkpoint.origin} at size {checkpoint.size} is not signed by any key of the log's "
                f"key history ({keys})"
            )
        for span in signers:
            if span.holds(checkpoint.size):
                return span
        span = signers[0]
        why = (
            f"it was retired at size {span.to_size}"
            if span.to_size is not None and checkpoint.size > span.to_size
            else f"it signs from size {span.from_size}"
        )
        raise KeyHistoryError(
            f"checkpoint {checkpoint.origin} at size {checkpoint.size} is signed by {span.describe()}, outside "
            f"its validity range: {why}"
        )
