"""The names a tool call's status and the audit log's actors, actions and results may take, in one place.

Every writer passes these members, never the strings they stand for, and
`audit.services.audit_chain_insert` refuses anything else, so the compliance
search page, the admin's filters and the log itself can never disagree about
what exists.
"""

from __future__ import annotations

from django.db import models


class ToolCallStatus(models.TextChoices):
    """What became of a tool call: `ToolCall.status` and the `status` of the agent's answer."""

    # In the order the API schema has always listed them.
    COMPLETED = "completed", "Completed"
    PENDING_APPROVAL = "pending_approval", "Pending approval"
    REJECTED = "rejected", "Rejected by a reviewer"
    EXPIRED = "expired", "Expired undecided"
    # Refused before running: an unknown tool or arguments that fail the schema.
    INVALID = "invalid", "Invalid"
    BLOCKED = "blocked", "Blocked as unsafe"
    # The tool or the gateway refused the operation (funds, idempotency, upstream).
    FAILED = "failed", "Failed"
    DENIED = "denied", "Denied"
    QUARANTINED = "quarantined", "Quarantined"
    # Committed and being sent by the outbox; the upstream's answer is not known yet.
    DISPATCHING = "dispatching", "Dispatching"
    # An answer only, never a row's status: another request holds the call's
    # idempotency key and is still running it. Nothing failed and a retry with
    # the same key gets that call's result; this request's own row records
    # that it ran nothing (FAILED, code idempotency_in_progress).
    IN_PROGRESS = "in_progress", "In progress"


# What `ToolCall.status` may hold: every status but the answer-only ones.
STORED_TOOL_CALL_STATUSES = [(value, label) for value, label in ToolCallStatus.choices if value != "in_progress"]


class ActorType(models.TextChoices):
    """Who an audit entry's actor is: `AuditEntry.actor_type`."""

    AGENT = "agent"
    REVIEWER = "reviewer"
    COMPLIANCE = "compliance"
    SYSTEM = "system"
    ANONYMOUS = "anonymous"


class AuditResult(models.TextChoices):
    SUCCESS = "success", "Success"
    FAILURE = "failure", "Failure"
    BLOCKED = "blocked", "Blocked"
    PENDING = "pending", "Pending"


class AuditAction(models.TextChoices):
    # A tool call's path through the pipeline.
    TOOL_CALL_RECEIVED = "tool_call_received", "Tool call received"
    TOOL_CALL_REJECTED = "tool_call_rejected", "Unknown tool called"
    TOOL_CALL_DENIED = "tool_call_denied", "Tool not allowed for the key"
    MALFORMED_REQUEST = "malformed_request", "Malformed request"
    AUTHENTICATION_FAILED = "authentication_failed", "Authentication failed"
    QUARANTINE_REFUSED = "quarantine_refused", "Refused while quarantined"
    VALIDATION_FAILED = "validation_failed", "Arguments failed validation"
    ARGUMENTS_SANITIZED = "arguments_sanitized", "Arguments sanitized"
    INJECTION_SUSPECTED = "injection_suspected", "Injection suspected"
    INJECTION_BLOCKED = "injection_blocked", "Injection blocked"
    SESSION_QUARANTINED = "session_quarantined", "Session quarantined"
    KEY_QUARANTINED = "key_quarantined", "Agent key quarantined"
    IDEMPOTENCY_HIT = "idempotency_hit", "Idempotent replay"
    IDEMPOTENCY_MISMATCH = "idempotency_mismatch", "Idempotency key reused with other arguments"
    IDEMPOTENCY_UNAVAILABLE = "idempotency_unavailable", "Idempotency store unavailable"
    IDEMPOTENCY_IN_PROGRESS = "idempotency_in_progress", "Idempotency key still executing"
    AUTHORIZATION_DENIED = "authorization_denied", "Authorization denied"
    POLICY_DENIED = "policy_denied", "Denied by policy"
    # A state-changing call's operation: started (run, held or sent upstream; its
    # canonical arguments in the details), done, refused. A tool family may name
    # its own (core.tools.OperationActions): the bank's transfer keeps the
    # transfer_* names. Before the operation_* names existed every tool's
    # operations were written as transfer_*; such entries keep their stored names
    # (their hashes cover them), and whatever looks for one name finds both
    # (OPERATION_SYNONYMS).
    OPERATION_INITIATED = "operation_initiated", "Operation initiated"
    OPERATION_COMPLETED = "operation_completed", "Operation completed"
    OPERATION_REJECTED = "operation_rejected", "Operation rejected"
    TRANSFER_INITIATED = "transfer_initiated", "Transfer initiated (every tool before operation_initiated)"
    TRANSFER_COMPLETED = "transfer_completed", "Transfer completed (every tool before operation_completed)"
    TRANSFER_REJECTED = "transfer_rejected", "Transfer rejected (every tool before operation_rejected)"
    TOOL_EXECUTED = "tool_executed", "Tool executed"
    TOOL_FAILED = "tool_failed", "Tool refused the operation"
    RESULT_SCREENED = "result_screened", "Result screened"
    # Approvals and their cases.
    APPROVAL_REQUESTED = "approval_requested", "Approval requested"
    APPROVAL_GRANTED = "approval_granted", "Approval granted"
    APPROVAL_DENIED = "approval_denied", "Approval denied"
    APPROVAL_EXPIRED = "approval_expired", "Approval expired"
    APPROVAL_WITHDRAWN = "approval_withdrawn", "Approval request withdrawn by its agent"
    HELD_OPERATION_EXECUTED = "held_operation_executed", "Held operation executed"
    CASE_DECIDED = "case_decided", "Case decided"
    DUTY_CONFLICT = "duty_conflict", "Decision refused: the reviewer held the agent key"
    # The outbox and the upstreams behind it.
    UPSTREAM_DISPATCHING = "upstream_dispatching", "Sending upstream"
    UPSTREAM_ATTEMPT = "upstream_attempt", "Upstream attempt"
    UPSTREAM_COMPLETED = "upstream_completed", "Upstream completed"
    UPSTREAM_FAILED = "upstream_failed", "Upstream refused"
    UPSTREAM_UNAVAILABLE = "upstream_unavailable", "Upstream unreachable"
    # The upstream's answer was lost or it was busy with the key: the same key goes again later.
    UPSTREAM_RETRY_SCHEDULED = "upstream_retry_scheduled", "Upstream outcome not known yet; retrying"
    # Given up after TOOLGUARD_UPSTREAM_GIVE_UP_SECONDS: a reviewer settles it. Until this
    # action existed, scheduled retries were written under this name too ("attempt", not "gave_up").
    UPSTREAM_OUTCOME_UNKNOWN = "upstream_outcome_unknown", "Upstream outcome unknown; given up"
    UPSTREAM_TOOL_REGISTERED = "upstream_tool_registered", "Upstream tool registered"
    UPSTREAM_TOOL_CHANGED = "upstream_tool_changed", "Upstream tool changed"
    UPSTREAM_TOOL_WITHHELD = "upstream_tool_withheld", "Upstream tool withheld until accepted"
    UPSTREAM_TOOL_ACCEPTED = "upstream_tool_accepted", "Upstream tool change accepted"
    # People: keys, sessions, alerts, tokens, second factors.
    AGENT_KEY_ISSUED = "agent_key_issued", "Agent key issued"
    AGENT_KEY_REVOKED = "agent_key_revoked", "Agent key revoked"
    OAUTH_PRINCIPAL_CREATED = "oauth_principal_created", "OAuth client and subject first seen"
    KEY_RELEASED = "key_released", "Agent key released"
    SESSION_RELEASED = "session_released", "Session released"
    ALERT_ACKNOWLEDGED = "alert_acknowledged", "Alert acknowledged"
    ALERT_ASSIGNED = "alert_assigned", "Alert assigned"
    ALERT_RESOLVED = "alert_resolved", "Alert resolved"
    ALERT_REOPENED = "alert_reopened", "Alert reopened"
    SECOND_FACTOR_CHECKED = "second_factor_checked", "Second factor checked"
    SECOND_FACTOR_ENROLLED = "second_factor_enrolled", "Second factor enrolled"
    API_TOKEN_CREATED = "api_token_created", "API token created"
    API_TOKEN_REVOKED = "api_token_revoked", "API token revoked"
    # The sign-in provider's groups granted or took away a role (people.oidc).
    ROLES_CHANGED = "roles_changed", "Roles changed by the sign-in provider"
    # Settings that move limits: the exchange rates values are counted through.
    EXCHANGE_RATE_CHANGED = "exchange_rate_changed", "Exchange rate changed"
    # The audit log's own evidence: its checkpoint signing key handed over to a new one (audit.keys).
    AUDIT_KEY_ROTATED = "audit_key_rotated", "Audit signing key rotated"


# The names one kind of operation entry is written under: a transfer's own and
# every other tool's (and, before the neutral names existed, every tool's
# transfer_*). A search, filter or report that looks for one looks for both.
OPERATION_SYNONYMS: tuple[frozenset[AuditAction], ...] = (
    frozenset({AuditAction.OPERATION_INITIATED, AuditAction.TRANSFER_INITIATED}),
    frozenset({AuditAction.OPERATION_COMPLETED, AuditAction.TRANSFER_COMPLETED}),
    frozenset({AuditAction.OPERATION_REJECTED, AuditAction.TRANSFER_REJECTED}),
)
# The entries that start one logical operation (the repeated-operation alert, policy replay).
OPERATION_STARTS = OPERATION_SYNONYMS[0]


def action_synonyms(action: str) -> list[str]:
    """Every stored name that means what `action` means, `action` first (one name for most actions)."""
    for names in OPERATION_SYNONYMS:
        if action in names:
            return [action, *sorted(str(name) for name in names if name != action)]
    return [action]
