"""The outbox of calls to upstream tools, and the versions of the tools discovered upstream."""

from __future__ import annotations

import uuid

from django.db import models


class Dispatch(models.Model):
    """One state-changing call to an upstream tool, from commit to a definitive answer.

    The row is committed with the tool call before anything is sent, so a
    crash between sending and recording leaves a row the reconciler finds and
    re-sends with the same Idempotency-Key.
    """

    class State(models.TextChoices):
        # Committed, not yet sent, or sent without a definitive answer: (re-)send.
        DISPATCHING = "dispatching"
        COMPLETED = "completed"
        FAILED = "failed"
        # The first attempt could not connect: nothing was sent, nothing will be.
        UNAVAILABLE = "unavailable"
        # Gave up re-sending; a person must find out what happened upstream.
        OUTCOME_UNKNOWN = "outcome_unknown"

    class Kind(models.TextChoices):
        HTTP = "http"
        MCP = "mcp"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tool_call = models.OneToOneField("toolguard.ToolCall", on_delete=models.PROTECT, related_name="dispatch")
    customer = models.ForeignKey("toolguard.Customer", on_delete=models.PROTECT, related_name="+")
    idempotency_record = models.ForeignKey(
        "toolguard.IdempotencyRecord", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    approval_id = models.UUIDField(null=True, blank=True)
    tool = models.CharField(max_length=64)
    session_id = models.CharField(max_length=128)
    idempotency_key = models.CharField(max_length=128)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    # Where and how to send, as configured: header values stay `env:NAME`
    # references, resolved at send time, so no secret is ever stored.
    target = models.JSONField()
    # The validated, sanitized arguments, without idempotency_key.
    body = models.JSONField()
    # Stable per (customer, tool, key): every re-send carries the same one.
    upstream_key = models.CharField(max_length=64)
    results = models.CharField(max_length=8, default="mark")
    state = models.CharField(max_length=16, choices=State.choices, default=State.DISPATCHING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    # Whoever is sending right now holds the row until then; a sender that
    # dies simply lets it lapse, and the reconciler takes over.
    lease_until = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When re-sending started counting towards TOOLGUARD_UPSTREAM_GIVE_UP_SECONDS.
    dispatched_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # The reconciler's sweep: dispatching rows whose next attempt is due.
            models.Index(fields=["state", "next_attempt_at"], name="dispatch_due"),
        ]

    def __str__(self) -> str:
        return f"{self.tool} {self.state}"


class UpstreamToolVersion(models.Model):
    """Each input schema an upstream has announced for a tool: a new schema is a new version."""

    name = models.CharField(max_length=64)
    version = models.PositiveIntegerField()
    schema_sha256 = models.CharField(max_length=64)
    input_schema = models.JSONField()
    source = models.CharField(max_length=300)
    discovered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["name", "version"], name="upstream_tool_version_unique")]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"
