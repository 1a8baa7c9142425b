"""The embedded default's audit signing key: created on first run under var/, next to its data.

`make run` (SQLite, no DATABASE_URL) signs its Merkle checkpoints like a
production log, so a receipt or export verifies offline from the first
call. The key is made once, by whichever process starts first, and that
process prints where it is and its public half (stderr); every later start
finds it. Production names its own key (TOOLGUARD_AUDIT_SIGNING_KEY, made
by `manage.py audit_keygen`); this module only reads the settings' inputs,
so settings.py can call it before Django is set up.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

PRIVATE_KEY_FILE = "audit-signing.pem"  # as audit.keys.keypair_write names them
PUBLIC_KEY_FILE = "audit-signing.pub.pem"


def embedded_signing_key(directory: Path) -> str:
    """The path of the embedded default's signing key, created (and announced) if missing; "" if it cannot be."""
    private_path, public_path = directory / PRIVATE_KEY_FILE, directory / PUBLIC_KEY_FILE
    if private_path.is_file():
        return str(private_path)
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    public = key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    temporary = ""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        # Written whole under another name, then linked into place: a process starting at the
        # same moment sees no key or the whole key, and only one of them makes it.
        descriptor, temporary = tempfile.mkstemp(dir=directory, prefix=".audit-signing-")
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(pem)
            os.chmod(temporary, 0o600)
            Path(f"{temporary}.pub").write_bytes(public)
            os.link(temporary, private_path)
        finally:
            Path(temporary).unlink(missing_ok=True)
    except FileExistsError:
        if temporary:
            Path(f"{temporary}.pub").unlink(missing_ok=True)
        return str(private_path)  # another process made it first
    except OSError as exc:
        sys.stderr.write(
            f"toolguard: cannot create the audit signing key in {directory}: {exc}; checkpoints unsigned\n"
        )
        return ""
    os.replace(f"{temporary}.pub", public_path)
    sys.stderr.write(
        f"toolguard: created this instance's audit signing key {private_path} (kept with its data; back it up with"
        f" var/). Receipts and exports verify offline with its public half, {public_path}:\n"
        f"{public.decode().strip()}\n"
        f"  toolguard-verify receipt receipt.json --key {public_path}\n"
    )
    return str(private_path)
