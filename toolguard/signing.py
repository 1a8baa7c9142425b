"""Whether this instance signs its audit log, said once for start-up, readiness and every page."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

UNSIGNED = (
    "no TOOLGUARD_AUDIT_SIGNING_KEY: audit checkpoints are not signed, so receipts and exports cannot be"
    " verified offline (make a key with `manage.py audit_keygen DIR`, docs/audit.md)"
)


def unsigned_notice() -> str:
    """The one-line notice when no signing key is configured; "" when the log is signed."""
    return "" if settings.TOOLGUARD_AUDIT_SIGNING_KEY else UNSIGNED


def audit_signing(request: HttpRequest) -> dict[str, str]:
    """Template context: every page says when the audit log is unsigned (templates/base.html)."""
    return {"audit_unsigned_notice": unsigned_notice()}
