"""C2SP signed notes (c2sp.org/signed-note) and transparency-log checkpoints (c2sp.org/tlog-checkpoint).

A note is a text ending in a newline, a blank line, then signature lines
`— <key name> <base64(4-byte key id || signature)>`. A checkpoint is a note
whose text is the log's origin, its tree size and its base64 root hash (then
optional extension lines). toolguard's log signs its checkpoints with Ed25519
under the key name of its origin.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

# signed-note "Signature types": the identifier byte hashed into a key id.
ALG_ED25519 = 0x01
# tlog-cosignature: timestamped Ed25519 witness cosignatures.
ALG_COSIGNATURE_V1 = 0x04
SIGNATURE_PREFIX = "\u2014 "  # em dash, space
# signed-note "Format": verifiers MUST accept at least 16 signatures; far more is a malformed note.
MAX_SIGNATURES = 100
_SIZE = re.compile(r"0|[1-9][0-9]*")


class NoteError(ValueError):
    """A note, checkpoint or key that is not well-formed."""


PublicKeyLike = Ed25519PublicKey | bytes


def public_key_bytes(public_key: PublicKeyLike) -> bytes:
    """The 32-byte RFC 8032 encoding of an Ed25519 public key."""
    if isinstance(public_key, bytes):
        if len(public_key) != 32:
            raise NoteError(f"an Ed25519 public key is 32 bytes, not {len(public_key)}")
        return public_key
    return public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def as_public_key(public_key: PublicKeyLike) -> Ed25519PublicKey:
    if isinstance(public_key, Ed25519PublicKey):
        return public_key
    return Ed25519PublicKey.from_public_bytes(public_key_bytes(public_key))


def b64decode_strict(value: str, what: str) -> bytes:
    """Standard base64 (RFC 4648 section 4) with its padding, and nothing else."""
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise NoteError(f"{what} is not base64") from None
    if base64.b64encode(raw).decode() != value:
        raise NoteError(f"{what} is not canonical base64")
    return raw


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def valid_key_name(name: str) -> bool:
    """signed-note "Format": key names are non-empty, with no Unicode spaces and no plus."""
    return bool(name) and "+" not in name and not any(char.isspace() for char in name)


def key_id(name: str, public_key: PublicKeyLike, algorithm: int = ALG_ED25519) -> bytes:
    """signed-note "Signatures": SHA-256(key name || 0x0A || signature type || public key)[:4]."""
    return hashlib.sha256(name.encode() + b"\n" + bytes([algorithm]) + public_key_bytes(public_key)).digest()[:4]


@dataclass(frozen=True)
class NoteSignature:
    name: str
    key_id: bytes
    signature: bytes  # what follows the key id: the algorithm's signature bytes

    def line(self) -> str:
        return signature_line(self.name, self.key_id, self.signature)


@dataclass(frozen=True)
class Note:
    body: str  # the note text, final newline included
    signatures: tuple[NoteSignature, ...]


def signature_line(name: str, kid: bytes, signature: bytes) -> str:
    """signed-note "Format": em dash, space, key name, space, base64(key id || signature), newline."""
    return f"{SIGNATURE_PREFIX}{name} {b64(kid + signature)}\n"


def _check_text(text: str) -> None:
    # signed-note "Format": no ASCII control characters other than newline.
    bad = next((char for char in text if ord(char) < 0x20 and char != "\n"), None)
    if bad is not None:
        raise NoteError(f"a note holds no control characters (found U+{ord(bad):04X})")


def parse_signature_line(line: str) -> NoteSignature:
    """One `— <name> <base64>` line, without its newline."""
    if not line.startswith(SIGNATURE_PREFIX):
        raise NoteError(f"signature line does not start with an em dash and a space: {line[:40]!r}")
    parts = line[len(SIGNATURE_PREFIX) :].split(" ")
    if len(parts) != 2 or not valid_key_name(parts[0]):
        raise NoteError(f"signature line is not '— <key name> <base64>': {line[:60]!r}")
    raw = b64decode_strict(parts[1], f"the signature of {parts[0]}")
    if len(raw) < 5:
        raise NoteError(f"the signature of {parts[0]} is too short to hold a key id and a signature")
    return NoteSignature(parts[0], raw[:4], raw[4:])


def parse_note(text: str) -> Note:
    """signed-note "Format": the text is separated from the signatures by the note's last empty line."""
    _check_text(text)
    if not text.endswith("\n"):
        raise NoteError("a signed note ends with a newline")
    split = text.rfind("\n\n")
    if split < 0:
        raise NoteError("a signed note has a blank line between its text and its signatures")
    body, block = text[: split + 1], text[split + 2 :]
    lines = block.split("\n")[:-1]
    if not lines:
        raise NoteError("the note carries no signature")
    if len(lines) > MAX_SIGNATURES:
        raise NoteError(f"the note carries more than {MAX_SIGNATURES} signatures")
    return Note(body, tuple(parse_signature_line(line) for line in lines))


def sign_ed25519(body: str, name: str, private_key: Ed25519PrivateKey) -> NoteSignature:
    """signed-note "Ed25519 signatures": RFC 8032 Ed25519 over the note text."""
    if not valid_key_name(name):
        raise NoteError(f"invalid key name {name!r}")
    _check_text(body)
    if not body.endswith("\n"):
        raise NoteError("note text ends with a newline")
    return NoteSignature(name, key_id(name, private_key.public_key()), private_key.sign(body.encode()))


def sign_note(body: str, name: str, private_key: Ed25519PrivateKey) -> str:
    """The signed note: `body`, a blank line, and this key's Ed25519 signature line."""
    return body + "\n" + sign_ed25519(body, name, private_key).line()


def add_signatures(text: str, lines: Sequence[str] | str) -> str:
    """A signed note with more signature lines after its own (a witness's cosignatures)."""
    extra = "".join(lines) if not isinstance(lines, str) else lines
    parse_note(text + extra)  # every line must itself be a well-formed signature line
    return text + extra


def verify_note(text: str, name: str, public_key: PublicKeyLike) -> bool:
    """signed-note "Signatures": True when the note carries a valid Ed25519 signature by (name, key).

    Signatures by other keys are ignored; those matching both the name and
    the key id must verify, and one at least must be there.
    """
    try:
        note = parse_note(text)
        key = as_public_key(public_key)
        kid = key_id(name, key)
    except (NoteError, ValueError):
        return False
    mine = [sig for sig in note.signatures if sig.name == name and sig.key_id == kid]
    if not mine:
        return False
    message = note.body.encode()
    for sig in mine:
        try:
            key.verify(sig.signature, message)
        except InvalidSignature:
            return False
    return True


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    size: int
    root_hash: bytes
    body: str
    signatures: tuple[NoteSignature, ...]
    extensions: tuple[str, ...] = ()


def checkpoint_body(origin: str, size: int, root_hash: bytes, extensions: Sequence[str] = ()) -> str:
    """tlog-checkpoint "Note text": origin, decimal tree size, base64 root hash, extension lines."""
    if not origin or "\n" in origin or size < 0 or len(root_hash) != 32:
        raise NoteError("a checkpoint needs an origin line, a size of 0 or more and a 32-byte root hash")
    if any(not line or "\n" in line for line in extensions):
        raise NoteError("extension lines are non-empty single lines")
    return "".join(f"{line}\n" for line in (origin, str(size), b64(root_hash), *extensions))


def parse_checkpoint_body(body: str) -> tuple[str, int, bytes, tuple[str, ...]]:
    """tlog-checkpoint "Note text": at least three non-empty lines."""
    lines = body.split("\n")
    if lines[-1] != "" or len(lines) < 4:
        raise NoteError("a checkpoint is at least three lines: origin, tree size, root hash")
    lines = lines[:-1]
    if any(not line for line in lines):
        raise NoteError("checkpoint lines are never empty")
    origin, size, root = lines[0], lines[1], lines[2]
    if not _SIZE.fullmatch(size):
        raise NoteError(f"checkpoint tree size {size[:30]!r} is not a decimal number without leading zeroes")
    root_hash = b64decode_strict(root, "the checkpoint root hash")
    if len(root_hash) != 32:
        raise NoteError(f"the checkpoint root hash is {len(root_hash)} bytes, not 32")
    return origin, int(size), root_hash, tuple(lines[3:])


def parse_checkpoint(text: str) -> Checkpoint:
    """A signed checkpoint note. Its signatures are parsed here, not verified: see `verify_note`."""
    note = parse_note(text)
    origin, size, root, extensions = parse_checkpoint_body(note.body)
    return Checkpoint(origin, size, root, note.body, note.signatures, extensions)


@dataclass(frozen=True)
class VerifierKey:
    name: str
    key_id: bytes
    algorithm: int
    public_key: Ed25519PublicKey

    def __str__(self) -> str:
        return vkey(self.name, self.public_key, self.algorithm)


def vkey(name: str, public_key: PublicKeyLike, algorithm: int = ALG_ED25519) -> str:
    """A verifier key: `<name>+<hex key id>+<base64(type byte || public key)>`.

    The encoding of golang.org/x/mod/sumdb/note, which signed-note and
    tlog-cosignature (type 0x04) refer to as vkeys.
    """
    if not valid_key_name(name):
        raise NoteError(f"invalid key name {name!r}")
    raw = public_key_bytes(public_key)
    return f"{name}+{key_id(name, raw, algorithm).hex()}+{b64(bytes([algorithm]) + raw)}"


def parse_vkey(text: str) -> VerifierKey:
    """A verifier key of an Ed25519 signer (type 0x01) or cosigner (type 0x04); its key id is checked."""
    parts = text.strip().split("+", 2)  # the base64 key may itself hold a plus
    if len(parts) != 3 or not valid_key_name(parts[0]) or not re.fullmatch(r"[0-9a-f]{8}", parts[1]):
        raise NoteError("a verifier key is <name>+<8 hex digits>+<base64 key>")
    name, hex_id, encoded = parts
    raw = b64decode_strict(encoded, "the verifier key")
    if len(raw) != 33 or raw[0] not in (ALG_ED25519, ALG_COSIGNATURE_V1):
        raise NoteError("only Ed25519 verifier keys (type 0x01 or 0x04, 32-byte key) are supported")
    algorithm, public = raw[0], raw[1:]
    if key_id(name, public, algorithm).hex() != hex_id:
        raise NoteError(f"the key id {hex_id} does not match the name and key of verifier key {name}")
    return VerifierKey(name, bytes.fromhex(hex_id), algorithm, Ed25519PublicKey.from_public_bytes(public))


def load_public_key(source: str) -> tuple[str | None, Ed25519PublicKey]:
    """A log or witness key from a vkey string, or from a file holding a PEM public key or a vkey.

    Returns (key name, key): a vkey names its key; a PEM key does not (None).
    """
    text = source
    if os.path.exists(source):
        try:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise NoteError(f"cannot read key file {source}: {exc}") from None
    elif "+" not in source:
        raise NoteError(f"{source} is neither a key file nor a verifier key (<name>+<key id>+<key>)")
    if "-----BEGIN" in text:
        try:
            key = serialization.load_pem_public_key(text.encode())
        except ValueError:
            raise NoteError(f"{source} is not a PEM public key") from None
        if not isinstance(key, Ed25519PublicKey):
            raise NoteError(f"{source} is not an Ed25519 public key")
        return None, key
    parsed = parse_vkey(text)
    return parsed.name, parsed.public_key
