"""Signed chain heads, kept outside the database by a witness.

The hash chain proves entries were not edited in place; it cannot prove that
nobody with the database's keys rewrote an entry and recomputed every later
hash, or deleted the newest entries. A signed head can: every
TOOLGUARD_AUDIT_WITNESS_ENTRIES entries, every TOOLGUARD_AUDIT_WITNESS_SECONDS
(the django-q2 worker) and after every successful `verify_audit`, the head of
the chain (entry id, hash, how many entries up to it, when) is signed with
Ed25519, stored in `AuditHead` and appended to the witness: a file that only
grows (by default var/audit-witness.jsonl), or an http(s) webhook. The
database owner holds neither the private key nor the witness, so a rewrite,
a deletion or a truncation no longer matches what the witness holds.
"""

from __future__ import annotations

import base64
import functools
import json
import logging
import os
import urllib.parse
import urllib.request
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from audit.models import AuditEntry, AuditHead

logger = logging.getLogger(__name__)

PRIVATE_KEY_FILE = "audit-signing.pem"
PUBLIC_KEY_FILE = "audit-signing.pub.pem"


class WitnessError(Exception):
    """The witness or a key cannot be used as configured."""


@dataclass(frozen=True)
class SignedHead:
    """One witness line: the chain's head as it was when signed."""

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


# --- keys ---------------------------------------------------------------------------------


def keypair_write(directory: Path) -> tuple[Path, Path]:
    """Write a fresh Ed25519 key pair as DIR/audit-signing.pem (mode 600) and DIR/audit-signing.pub.pem."""
    directory.mkdir(parents=True, exist_ok=True)
    private_path, public_path = directory / PRIVATE_KEY_FILE, directory / PUBLIC_KEY_FILE
    if private_path.exists():
        raise WitnessError(f"{private_path} exists; refusing to overwrite a signing key")
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    descriptor = os.open(private_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(pem)
    public_path.write_bytes(
        key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )
    return private_path, public_path


@functools.cache
def _private_key(path: str) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(Path(path).read_bytes(), password=None)
    except (OSError, ValueError) as exc:
        raise WitnessError(f"TOOLGUARD_AUDIT_SIGNING_KEY: no Ed25519 private key in {path}: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise WitnessError(f"TOOLGUARD_AUDIT_SIGNING_KEY: {path} is not an Ed25519 key")
    return key


@functools.cache
def _public_key_file(path: str) -> Ed25519PublicKey:
    try:
        key = serialization.load_pem_public_key(Path(path).read_bytes())
    except (OSError, ValueError) as exc:
        raise WitnessError(f"cannot read an Ed25519 public key from {path}: {exc}") from None
    if not isinstance(key, Ed25519PublicKey):
        raise WitnessError(f"{path} is not an Ed25519 public key")
    return key


def signing_key() -> Ed25519PrivateKey | None:
    path = settings.TOOLGUARD_AUDIT_SIGNING_KEY
    return _private_key(path) if path else None


def public_key(path: str = "") -> Ed25519PublicKey | None:
    """The verifier's key: the given file, TOOLGUARD_AUDIT_PUBLIC_KEY, or derived from the signing key."""
    path = path or settings.TOOLGUARD_AUDIT_PUBLIC_KEY
    if path:
        return _public_key_file(path)
    private = signing_key()
    return private.public_key() if private else None


def head_verify(head: SignedHead, key: Ed25519PublicKey) -> bool:
    try:
        key.verify(base64.b64decode(head.signature), head.signed_bytes())
    except (InvalidSignature, ValueError):
        return False
    return True


# --- the witness --------------------------------------------------------------------------


def witness_is_webhook(target: str) -> bool:
    return urllib.parse.urlsplit(target).scheme in ("http", "https")


def witness_append(head: SignedHead, *, target: str | None = None) -> None:
    """Append one signed head to the witness: a line at the end of a file, or a POST to the webhook."""
    target = target or settings.TOOLGUARD_AUDIT_WITNESS
    if witness_is_webhook(target):
        request = urllib.request.Request(  # noqa: S310 - http(s) only (checked above); operator configuration
            target, data=head.line().encode(), headers={"Content-Type": "application/json"}, method="POST"
        )
        with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310 - as above
            if not 200 <= response.status < 300:
                raise WitnessError(f"the witness webhook answered {response.status}")
        return
    path = Path(target)
    path.parent.mkdir(parents=True, exist_ok=True)
    # O_APPEND: each line lands at the end whatever other writers do; fsync so
    # a head the database recorded is never lost by the witness in a crash.
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o640)
    try:
        os.write(descriptor, head.line().encode())
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def witness_read(path: str, key: Ed25519PublicKey) -> list[SignedHead]:
    """Every head in a witness file, oldest first; a line that is not a valid signed head is an error."""
    heads = []
    try:
        lines = Path(path).read_text().splitlines()
    except FileNotFoundError:
        return []
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            head = SignedHead(**json.loads(raw))
        except (ValueError, TypeError):
            raise WitnessError(f"witness {path} line {number} is not a signed head") from None
        if not head_verify(head, key):
            raise WitnessError(f"witness {path} line {number}: the signature does not verify with the public key")
        heads.append(head)
    return heads


# --- signing the head ---------------------------------------------------------------------


def audit_head_sign(*, reason: str) -> SignedHead | None:
    """Sign the chain's current head, store it and append it to the witness; None without a signing key.

    The head is read as committed: appends take turns under the chain lock
    and draw their ids under it, so every entry below a committed head is
    committed too, and the count up to it is final.
    """
    key = signing_key()
    if key is None:
        return None
    with transaction.atomic():
        top = AuditEntry.objects.order_by("-id").values_list("id", "hash").first()
        if top is None:
            return None
        entry_id, entry_hash = top
        # Counted from the previous head, so no run counts the whole table.
        previous = AuditHead.objects.filter(entry_id__lte=entry_id).order_by("-entry_id", "-id").first()
        base_id, base_count = (previous.entry_id, previous.entries) if previous else (0, 0)
        entries = base_count + AuditEntry.objects.filter(id__gt=base_id, id__lte=entry_id).count()
        unsigned = SignedHead(
            entry_id=entry_id,
            entry_hash=entry_hash,
            entries=entries,
            time=timezone.now().astimezone(UTC).isoformat(timespec="microseconds"),
            reason=reason,
        )
        signature = base64.b64encode(key.sign(unsigned.signed_bytes())).decode()
        head = SignedHead(**{**asdict(unsigned), "signature": signature})
        AuditHead.objects.create(
            entry_id=head.entry_id,
            entry_hash=head.entry_hash,
            entries=head.entries,
            signed_at=datetime.fromisoformat(head.time),
            reason=reason,
            signature=signature,
        )
        # Inside the transaction: if the witness cannot take it, the head is
        # not recorded as witnessed either, and the caller hears about it.
        witness_append(head)
    return head


def audit_head_witness_soon() -> None:
    """After an append crossed a multiple of TOOLGUARD_AUDIT_WITNESS_ENTRIES: sign the head; never fail the caller."""
    try:
        audit_head_sign(reason="entries")
    except Exception:
        logger.exception("could not sign and witness the audit chain head")


def audit_head_witness_scheduled() -> int | None:
    """django-q2 task, every minute: sign the head once the last signed one is TOOLGUARD_AUDIT_WITNESS_SECONDS old."""
    if signing_key() is None:
        return None
    last = AuditHead.objects.order_by("-id").first()
    top = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first()
    if last is not None and last.entry_id == top:
        return None  # nothing new since the last signed head
    age = (timezone.now() - last.signed_at).total_seconds() if last else None
    if age is not None and age < settings.TOOLGUARD_AUDIT_WITNESS_SECONDS:
        return None
    head = audit_head_sign(reason="schedule")
    return head.entry_id if head else None
