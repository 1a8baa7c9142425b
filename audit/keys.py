"""The audit signing key and its history: which key signs which checkpoints, and how one hands over to the next.

The log signs its checkpoints (audit.tree) and export headers with
TOOLGUARD_AUDIT_SIGNING_KEY. Every key it has used is recorded in
`AuditSigningKey` with the first tree size it signs; the first is recorded
when it first signs. `audit_key_rotate` (the `manage.py audit_key_rotate`
command) hands over to a new key: the rotation is an audit entry, the
outgoing key signs a last checkpoint that covers it, and both keys sign the
hand-over, so a verifier holding either key can trust the other
(toolguard_verify.keys). From then on the outgoing key signs nothing: a
server still configured with it stops signing (and says so) until it is
restarted with the new one, instead of signing checkpoints no verifier
would accept.
"""

from __future__ import annotations

import functools
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from toolguard_verify.keys import KEY_HISTORY_FORMAT, KeyHistory, KeyHistoryError, rotation_sign
from toolguard_verify.note import key_id, public_key_bytes, vkey

from audit.models import AuditSigningKey
from core.enums import ActorType, AuditAction, AuditResult
from core.events import AuditEvent

logger = logging.getLogger(__name__)

PRIVATE_KEY_FILE = "audit-signing.pem"
PUBLIC_KEY_FILE = "audit-signing.pub.pem"
# The rotation's entry is written by this actor (a command an operator runs on a host).
ROTATION_ACTOR = "system:audit_key_rotate"


class SigningKeyError(Exception):
    """A key cannot be used as configured: unreadable, or not the log's current key."""


# --- key files ----------------------------------------------------------------------------


def keypair_write(directory: Path) -> tuple[Path, Path]:
    """Write a fresh Ed25519 key pair as DIR/audit-signing.pem (mode 600) and DIR/audit-signing.pub.pem."""
    directory.mkdir(parents=True, exist_ok=True)
    private_path, public_path = directory / PRIVATE_KEY_FILE, directory / PUBLIC_KEY_FILE
    if private_path.exists():
        raise SigningKeyError(f"{private_path} exists; refusing to overwrite a signing key")
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
def private_key_read(path: str) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(Path(path).read_bytes(), password=None)
    except (OSError, ValueError) as exc:
        raise SigningKeyError(f"no Ed25519 private key in {path}: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise SigningKeyError(f"{path} is not an Ed25519 key")
    return key


@functools.cache
def _public_key_file(path: str) -> Ed25519PublicKey:
    try:
        key = serialization.load_pem_public_key(Path(path).read_bytes())
    except (OSError, ValueError) as exc:
        raise SigningKeyError(f"cannot read an Ed25519 public key from {path}: {exc}") from None
    if not isinstance(key, Ed25519PublicKey):
        raise SigningKeyError(f"{path} is not an Ed25519 public key")
    return key


def signing_key() -> Ed25519PrivateKey | None:
    """The configured key (TOOLGUARD_AUDIT_SIGNING_KEY), whether or not it is the log's current one."""
    path = settings.TOOLGUARD_AUDIT_SIGNING_KEY
    if not path:
        return None
    try:
        return private_key_read(path)
    except SigningKeyError as exc:
        raise SigningKeyError(f"TOOLGUARD_AUDIT_SIGNING_KEY: {exc}") from None


def public_key(path: str = "") -> Ed25519PublicKey | None:
    """The verifier's trusted key: the given file, TOOLGUARD_AUDIT_PUBLIC_KEY, or derived from the signing key.

    With a key history, any one key of it will do: the history's rotations
    are signed by both their keys (key_history).
    """
    path = path or settings.TOOLGUARD_AUDIT_PUBLIC_KEY
    if path:
        return _public_key_file(path)
    private = signing_key()
    return private.public_key() if private else None


def _key_id(public: Ed25519PublicKey) -> str:
    return key_id(settings.TOOLGUARD_LOG_ORIGIN, public).hex()


# --- the history --------------------------------------------------------------------------


def _first_record(private: Ed25519PrivateKey) -> None:
    """An empty history: the configured key is the log's first, from tree size 1.

    Before rotation existed a log had one key from its start, so this is
    exact for an upgraded log. Two processes may do it at once: the unique
    columns keep one row.
    """
    AuditSigningKey.objects.bulk_create(
        [
            AuditSigningKey(
                public_key=public_key_bytes(private.public_key()),
                key_id=_key_id(private.public_key()),
                from_size=1,
                rotation=None,
                created_at=timezone.now(),
            )
        ],
        ignore_conflicts=True,
    )


@dataclass(frozen=True)
class KeyRecord:
    key_id: str
    public_key: Ed25519PublicKey
    from_size: int
    to_size: int | None
    rotation: dict[str, Any] | None


def key_records() -> list[KeyRecord]:
    """The stored history, oldest key first, each with the last size it signs (None: the current key)."""
    rows = list(AuditSigningKey.objects.order_by("from_size"))
    records = []
    for number, row in enumerate(rows):
        following = rows[number + 1].from_size - 1 if number + 1 < len(rows) else None
        public = Ed25519PublicKey.from_public_bytes(bytes(row.public_key))
        records.append(KeyRecord(row.key_id, public, row.from_size, following, row.rotation))
    return records


def key_history_document() -> dict[str, Any] | None:
    """The history as toolguard-verify reads it; None while nothing was recorded (nothing signed yet)."""
    records = key_records()
    if not records:
        return None
    origin = settings.TOOLGUARD_LOG_ORIGIN
    keys = []
    for record in records:
        item: dict[str, Any] = {
            "vkey": vkey(origin, record.public_key),
            "from_size": record.from_size,
            "to_size": record.to_size,
        }
        if record.rotation is not None:
            item["rotation"] = record.rotation
        keys.append(item)
    return {"format": KEY_HISTORY_FORMAT, "origin": origin, "keys": keys}


def key_history_rotated() -> dict[str, Any] | None:
    """The history when the log has rotated at least once (what receipts and export headers carry), else None.

    A log that never rotated needs none: its one key verifies everything.
    """
    document = key_history_document()
    return document if document is not None and len(document["keys"]) > 1 else None


def key_history(anchor: Ed25519PublicKey) -> KeyHistory | None:
    """The stored history checked as an offline verifier checks it, anchored in a key the caller trusts.

    None while nothing is recorded; SigningKeyError when it does not hold the
    trusted key or a rotation's signatures do not verify.
    """
    document = key_history_document()
    if document is None:
        return None
    try:
        return KeyHistory.load(document, anchor)
    except KeyHistoryError as exc:
        raise SigningKeyError(f"the audit key history: {exc}") from None


def _not_current(private: Ed25519PrivateKey, records: list[KeyRecord]) -> str:
    """Why the configured key may not sign ("" when it is the current key)."""
    mine = _key_id(private.public_key())
    current = records[-1]
    if current.key_id == mine:
        return ""
    retired = next((record for record in records if record.key_id == mine), None)
    if retired is not None:
        return (
            f"TOOLGUARD_AUDIT_SIGNING_KEY (key {mine}) was rotated out at tree size {retired.to_size}: "
            f"configure the current key {current.key_id} and restart (docs/audit.md, key rotation)"
        )
    return (
        f"TOOLGUARD_AUDIT_SIGNING_KEY (key {mine}) is not the log's signing key {current.key_id}: to change "
        "keys, run manage.py audit_key_rotate with the new key, then configure it (docs/audit.md, key rotation)"
    )


def signing_key_problem() -> str:
    """For readiness: why the configured key signs nothing, or "" (no key, nothing recorded yet, or current).

    Reads only: the first key is recorded when it first signs, not by a probe.
    """
    private = signing_key()
    records = key_records()
    return _not_current(private, records) if private is not None and records else ""


def signing_key_current() -> Ed25519PrivateKey | None:
    """The configured key when it is the log's current key; None without one.

    SigningKeyError when the key was rotated out, or was never the log's key
    (a server started with another key): what it signed would not verify, so
    it signs nothing and says why.
    """
    private = signing_key()
    if private is None:
        return None
    records = key_records()
    if not records:
        _first_record(private)
        records = key_records()
    problem = _not_current(private, records)
    if problem:
        raise SigningKeyError(problem)
    return private


# --- rotation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Rotation:
    old_key_id: str
    new_key_id: str
    old_to_size: int
    new_from_size: int
    entry_id: int
    history: dict[str, Any]


def audit_key_rotate(*, new_key_path: str) -> Rotation:
    """Hand the log's signing over from the configured key to the key in `new_key_path`.

    1. The rotation is an audit entry (committed first, like any other).
    2. Under the tree's lock, so no integrator signs in between: the tree
       takes every entry in, the outgoing key signs its last checkpoint (it
       covers the rotation's entry), and the history records the new key
       from the next size on, the hand-over signed by both keys.
    Afterwards the outgoing key signs nothing; servers sign again once they
    are configured with the new key.
    """
    from audit import tree  # the tree signs with this module's keys
    from audit.services import audit_append

    old = signing_key_current()
    if old is None:
        raise SigningKeyError("no TOOLGUARD_AUDIT_SIGNING_KEY: there is no key to rotate from")
    new = private_key_read(new_key_path)
    origin = settings.TOOLGUARD_LOG_ORIGIN
    old_id, new_id = _key_id(old.public_key()), _key_id(new.public_key())
    if any(record.key_id == new_id for record in key_records()):
        raise SigningKeyError(f"key {new_id} has signed for this log before: a rotation takes a fresh key")
    with transaction.atomic():
        [entry] = audit_append(
            [
                AuditEvent(
                    actor=ROTATION_ACTOR,
                    actor_type=ActorType.SYSTEM,
                    action=AuditAction.AUDIT_KEY_ROTATED,
                    result=AuditResult.SUCCESS,
                    details={"old_key_id": old_id, "new_key_id": new_id, "new_vkey": vkey(origin, new.public_key())},
                )
            ]
        )
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [tree.TREE_LOCK_ID])
        tree.tree_integrate()
        last = tree.checkpoint_make()
        assert last is not None and last.size > 0, "the rotation's own entry is in the tree"
        rotation = rotation_sign(origin, old, last.size, new, last.size + 1, entry.id)
        AuditSigningKey.objects.create(
            public_key=public_key_bytes(new.public_key()),
            key_id=new_id,
            from_size=last.size + 1,
            rotation=rotation,
            created_at=timezone.now(),
        )
    history = key_history_document()
    assert history is not None
    logger.warning("audit signing key rotated from %s to %s at tree size %s", old_id, new_id, last.size)
    return Rotation(old_id, new_id, last.size, last.size + 1, entry.id, history)
