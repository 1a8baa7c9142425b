"""The checkpoint log: the signed checkpoints, copied where the database owner cannot write.

The checkpoints in `TreeCheckpoint` live in the database, and whoever owns
the database can (with the refusal triggers switched off) delete the newest
ones along with the entries they cover. The independent witness
(audit.cosign) is the answer when one is configured; the checkpoint log is
the answer every deployment has: TOOLGUARD_AUDIT_CHECKPOINT_LOG is a file
appended to (default var/audit-checkpoints.jsonl; put it on storage the
database owner cannot write), or an http(s) URL that receives one POST per
line (core.webhooks). Each line is JSON, one of

    {"checkpoint": "<the signed note, exactly as the API serves it>"}
    {"key_history": {...}}   (after a key rotation: toolguard_verify.keys)

The worker appends the latest checkpoint every minute when it is larger
than the last one logged (audit.tree.checkpoint_scheduled), and so do every
successful `verify_audit` and every key rotation. A log that is missing or
empty is not itself an error (a new deployment has none until the worker's
first minute): `verify_audit` says how many logged checkpoints it checked. What it holds is signed by
the log's key, so nothing in it needs trusting: `verify_audit` checks each
checkpoint's signature with the key history and its root against the tree
recomputed from the entries, and names a truncation or a rewrite.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache

from core.webhooks import WebhookError, webhook_post_json, webhook_url_valid

# Where the last size sent to a webhook checkpoint log is remembered, per URL (a file is read instead).
_LOGGED_SIZE_CACHE_KEY = "audit:checkpoint-log:size:{}"
# The last line of the file is within this many bytes of its end (a note is a few hundred).
_TAIL_BYTES = 16 * 1024


class CheckpointLogError(Exception):
    """The checkpoint log cannot be read or written as configured."""


def checkpoint_log_target() -> str:
    return str(settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG)


def checkpoint_log_is_webhook(target: str) -> bool:
    return webhook_url_valid(target)


def checkpoint_log_append(record: dict[str, Any], *, target: str = "") -> None:
    """One line at the end of the file (O_APPEND, fsync), or one POST to the webhook."""
    target = target or checkpoint_log_target()
    if checkpoint_log_is_webhook(target):
        try:
            webhook_post_json(target, record)
        except WebhookError as exc:
            raise CheckpointLogError(f"the checkpoint log did not take the line: {exc}") from None
        return
    path = Path(target)
    line = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # O_APPEND: each line lands at the end whatever other writers do; fsync so a
        # checkpoint the worker logged is not lost by the log in a crash.
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o640)
        try:
            os.write(descriptor, line.encode())
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
    except OSError as exc:
        raise CheckpointLogError(f"cannot append to the checkpoint log {path}: {exc}") from None


def _logged_size_key(target: str) -> str:
    return _LOGGED_SIZE_CACHE_KEY.format(hashlib.sha256(target.encode()).hexdigest()[:16])


def _last_logged_size(target: str) -> int:
    if checkpoint_log_is_webhook(target):
        return int(cache.get(_logged_size_key(target)) or 0)
    try:
        with open(target, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            handle.seek(max(handle.tell() - _TAIL_BYTES, 0))
            tail = handle.read().decode("utf-8", "replace").splitlines()
    except FileNotFoundError:
        return 0
    for raw in reversed(tail):
        try:
            note = json.loads(raw).get("checkpoint")
            return int(note.split("\n")[1]) if isinstance(note, str) else 0
        except (ValueError, AttributeError, IndexError):
            continue
    return 0


def checkpoint_log_latest() -> int | None:
    """Append the tree's latest checkpoint unless it is no larger than the last one logged; its size, or None."""
    from audit import tree  # here: the tree's minute schedule calls this module

    latest = tree.checkpoint_latest()
    target = checkpoint_log_target()
    if latest is None or latest.size <= _last_logged_size(target):
        return None
    checkpoint_log_append({"checkpoint": latest.note}, target=target)
    if checkpoint_log_is_webhook(target):
        cache.set(_logged_size_key(target), latest.size, timeout=None)
    return latest.size


@dataclass(frozen=True)
class LoggedCheckpoint:
    line: int
    note: str


def checkpoint_log_read(path: str) -> list[LoggedCheckpoint]:
    """Every checkpoint in a checkpoint log file, in file order; a line that is neither kind is an error."""
    found = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise CheckpointLogError(f"cannot read the checkpoint log {path}: {exc}") from None
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except ValueError:
            raise CheckpointLogError(f"checkpoint log {path} line {number} is not JSON") from None
        if isinstance(record, dict) and isinstance(record.get("checkpoint"), str):
            found.append(LoggedCheckpoint(number, record["checkpoint"]))
        elif not (isinstance(record, dict) and isinstance(record.get("key_history"), dict)):
            raise CheckpointLogError(f"checkpoint log {path} line {number} is neither a checkpoint nor a key history")
    return found
