"""The append-only, hash-chained audit log.

Rows are written only by `audit.services.audit_append`; the database refuses
UPDATE, DELETE and TRUNCATE on the table (see the migration's triggers).
"""

from __future__ import annotations

from django.db import models


class AuditEntry(models.Model):
    class ActorType(models.TextChoices):
        AGENT = "agent"
        REVIEWER = "reviewer"
        COMPLIANCE = "compliance"
        SYSTEM = "system"
        ANONYMOUS = "anonymous"

    class Result(models.TextChoices):
        SUCCESS = "success"
        FAILURE = "failure"
        BLOCKED = "blocked"
        PENDING = "pending"

    id = models.BigAutoField(primary_key=True)
    timestamp = models.DateTimeField()
    # Actors are kept as labels (agent:user-123:ab12cd, reviewer:alice) so an
    # entry outlives the key or the user it names.
    actor = models.CharField(max_length=150)
    actor_type = models.CharField(max_length=16, choices=ActorType.choices)
    customer = models.CharField(max_length=64, blank=True)
    action = models.CharField(max_length=48)
    result = models.CharField(max_length=16, choices=Result.choices)
    tool = models.CharField(max_length=64, blank=True)
    tool_call_id = models.CharField(max_length=64, blank=True)
    session_id = models.CharField(max_length=128, blank=True)
    idempotency_key = models.CharField(max_length=128, blank=True)
    approval_id = models.CharField(max_length=64, blank=True)
    details = models.JSONField(default=dict)
    duration_ms = models.FloatField(null=True, blank=True)
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64, unique=True)

    class Meta:
        verbose_name_plural = "audit entries"
        indexes = [
            # Search by actor, newest first.
            models.Index(fields=["actor", "-timestamp", "-id"], name="audit_actor_ts"),
            # Search by tool, newest first.
            models.Index(fields=["tool", "-timestamp", "-id"], name="audit_tool_ts"),
            # A session's timeline.
            models.Index(fields=["session_id", "-timestamp", "-id"], name="audit_session_ts"),
            # Everything that happened under one idempotency key.
            models.Index(fields=["idempotency_key"], name="audit_idem_key"),
            # Search by action (injection_blocked, approval_granted ...), newest first.
            models.Index(fields=["action", "-timestamp", "-id"], name="audit_action_ts"),
            # A tool call's and an approval's timelines.
            models.Index(fields=["tool_call_id"], name="audit_tool_call"),
            models.Index(fields=["approval_id"], name="audit_approval"),
            # Unfiltered newest-first pages and time-range cuts (keyset on (timestamp, id)).
            models.Index(fields=["-timestamp", "-id"], name="audit_ts_id"),
            # A BRIN index on timestamp (PostgreSQL only, so it lives in migration
            # 0002) serves wide time-range scans over a table that grows in time order.
        ]

    def __str__(self) -> str:
        return f"#{self.id} {self.action} {self.result}"
