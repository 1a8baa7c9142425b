"""The audit log in the admin: readable, never editable (the database refuses changes anyway)."""

from __future__ import annotations

from django.contrib import admin

from audit.models import Alert, AuditCheckpoint, AuditEntry, AuditSigningKey, SiemCursor
from core.admin import ReadOnlyAdmin


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("id", "timestamp", "actor", "action", "result", "customer", "tool", "session_id")
    list_filter = ("result", "actor_type")
    search_fields = ("=actor", "=action", "=customer", "=session_id", "=approval_id", "=tool_call_id")
    show_full_result_count = False  # no COUNT(*) over the whole log on a page load


@admin.register(Alert)
class AlertAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "rule", "severity", "customer", "session_id")
    list_filter = ("rule", "severity")


@admin.register(AuditCheckpoint)
class AuditCheckpointAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "entry_id", "entries_verified", "full")


@admin.register(SiemCursor)
class SiemCursorAdmin(ReadOnlyAdmin):
    # Read-only: moving a cursor by hand would skip or repeat entries at the SIEM.
    list_display = ("destination", "target", "last_id", "sent", "failures", "next_attempt_at", "last_sent_at")


@admin.register(AuditSigningKey)
class AuditSigningKeyAdmin(ReadOnlyAdmin):
    # The key history: changed only by manage.py audit_key_rotate (the table refuses edits).
    list_display = ("key_id", "from_size", "created_at")
