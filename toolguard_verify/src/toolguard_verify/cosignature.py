"""C2SP witness cosignatures, Ed25519 type (c2sp.org/tlog-cosignature, cosignature/v1).

A witness signs `cosignature/v1\\ntime <unix seconds>\\n` followed by the
whole checkpoint note text. Its signature line carries
base64(key id || 8-byte big-endian timestamp || Ed25519 signature), where the
key id is computed with signature type 0x04.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from toolguard_verify.note import (
    ALG_COSIGNATURE_V1,
    NoteError,
    PublicKeyLike,
    as_public_key,
    key_id,
    parse_note,
    signature_line,
    valid_key_name,
)

# tlog-cosignature "Format": the timestamp MUST NOT exceed 2^63 - 1.
MAX_TIMESTAMP = 2**63 - 1
TIMESTAMP_SIZE = 8
ED25519_SIGNATURE_SIZE = 64


def cosignature_message(body: str, timestamp: int) -> bytes:
    """tlog-cosignature "Ed25519 signed message": header line, time line, then the whole note text."""
    if not 0 <= timestamp <= MAX_TIMESTAMP:
        raise NoteError(f"cosignature timestamp {timestamp} is outside 0..2^63-1")
    return f"cosignature/v1\ntime {timestamp}\n{body}".encode()


def cosignature_key_id(name: str, public_key: PublicKeyLike) -> bytes:
    """tlog-cosignature "Format": SHA-256(<name> || "\\n" || 0x04 || 32-byte public key)[:4]."""
    return key_id(name, public_key, ALG_COSIGNATURE_V1)


def sign_cosignature(body: str, name: str, private_key: Ed25519PrivateKey, timestamp: int | None = None) -> str:
    """The cosignature line for checkpoint text `body` (tlog-cosignature `timestamped_signature`)."""
    if not valid_key_name(name):
        raise NoteError(f"invalid key name {name!r}")
    if not body.endswith("\n"):
        raise NoteError("checkpoint text ends with a newline")
    moment = int(time.time()) if timestamp is None else timestamp
    signature = private_key.sign(cosignature_message(body, moment))
    kid = cosignature_key_id(name, private_key.public_key())
    return signature_line(name, kid, moment.to_bytes(TIMESTAMP_SIZE, "big") + signature)


@dataclass(frozen=True)
class Cosignature:
    name: str
    timestamp: int


def verify_cosignature(text: str, name: str, public_key: PublicKeyLike) -> Cosignature | None:
    """The witness's verified cosignature on signed note `text`, or None.

    Lines from other keys (other name or other key id) are ignored, as
    signed-note requires; a line that matches both and fails to verify makes
    the whole note fail.
    """
    try:
        note = parse_note(text)
        key = as_public_key(public_key)
        kid = cosignature_key_id(name, key)
    except (NoteError, ValueError):
        return None
    found: Cosignature | None = None
    for sig in note.signatures:
        if sig.name != name or sig.key_id != kid:
            continue
        if len(sig.signature) != TIMESTAMP_SIZE + ED25519_SIGNATURE_SIZE:
            return None
        timestamp = int.from_bytes(sig.signature[:TIMESTAMP_SIZE], "big")
        if timestamp > MAX_TIMESTAMP:
            return None
        try:
            key.verify(sig.signature[TIMESTAMP_SIZE:], cosignature_message(note.body, timestamp))
        except InvalidSignature:
            return None
        if found is None or timestamp > found.timestamp:
            found = Cosignature(name, timestamp)
    return found
