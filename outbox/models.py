"""The outbox of calls to tools that live elsewhere: one row per state-changing call, until its answer is known."""

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
    tool_call = models.OneToOneField("core.ToolCall", on_delete=models.PROTECT, related_name="dispatch")
    customer = models.ForeignKey("core.Customer", on_delete=models.PROTECT, related_name="+")
    idempotency_record = models.ForeignKey(
        "core.IdempotencyRecord", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
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
    # The W3C traceparent of the call that committed the row: a re-send by the
    # worker joins that call's trace. Empty when tracing was off.
    traceparent = models.CharField(max_length=55, blank=True, default="")

    class Meta:
        db_table = "upstream_dispatch"  # the table predates the outbox app; its rows stay where they are
        indexes = [
            # The reconciler's sweep: dispatching rows whose next attempt is due.
            models.Index(fields=["state", "next_attempt_at"], name="dispatch_due"),
        ]

    def __str__(self) -> str:
        return f"{self.tool} {self.state}"
