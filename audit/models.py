"""The append-only, hash-chained audit log.

Rows are written only by `audit.services.audit_chain_insert`; the database refuses
UPDATE, DELETE and TRUNCATE on the table (see the migration's triggers).
"""

from __future__ import annotations

from django.db import models

from core.enums import ActorType, AuditAction, AuditResult

# What nearly every tool call writes: about nine entries in ten (see audit_actor_action_ts).
# The bank's transfers dominate the log, so their names are here; other tools'
# operation_initiated and operation_completed are indexed like any rarer
# action (correct, only a larger index): listing them would rebuild the index
# over the whole log, a migration that should come with a measured need.
COMMON_ACTIONS = [
    AuditAction.TOOL_CALL_RECEIVED,
    AuditAction.TRANSFER_INITIATED,
    AuditAction.TRANSFER_COMPLETED,
    AuditAction.TOOL_EXECUTED,
]


class AuditEntry(models.Model):
    id = models.BigAutoField(primary_key=True)
    timestamp = models.DateTimeField()
    # Actors are kept as labels (agent:user-123:ab12cd, reviewer:alice) so an
    # entry outlives the key or the user it names.
    actor = models.CharField(max_length=150)
    actor_type = models.CharField(max_length=16, choices=ActorType.choices)
    customer = models.CharField(max_length=64, blank=True)
    action = models.CharField(max_length=48)
    result = models.CharField(max_length=16, choices=AuditResult.choices)
    tool = models.CharField(max_length=64, blank=True)
    tool_call_id = models.CharField(max_length=64, blank=True)
    session_id = models.CharField(max_length=128, blank=True)
    idempotency_key = models.CharField(max_length=128, blank=True)
    approval_id = models.CharField(max_length=64, blank=True)
    details = models.JSONField(default=dict)
    duration_ms = models.FloatField(null=True, blank=True)
    # SHA-256 of the canonical arguments minus the idempotency key, for entries
    # that start an operation (core.enums.OPERATION_STARTS): equal values in one session
    # are the same operation under two keys, the double-transfer signature.
    # NULL for every other entry (and a nullable column is one SQLite can add
    # without rebuilding the table, which would drop its append-only triggers).
    operation_hash = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64, unique=True)

    class Meta:
        verbose_name_plural = "audit entries"
        # The chain's order: a query that names no order reads entries as they were appended.
        ordering = ("id",)
        indexes = [
            # Search by actor, newest first.
            models.Index(fields=["actor", "-timestamp", "-id"], name="audit_actor_ts"),
            # Search by actor and tool and result, newest first (the compliance page's most
            # common question: "what did this agent do with this tool, and how did it end?").
            # Equality on all three, then the page order: however few of an actor's entries
            # match, even none, the page reads only the matching ones. Partial, like the two
            # below, because the chain insert maintains every index under the chain lock:
            # only the outcomes worth searching for (about a tenth of all entries) are in it;
            # actor + tool + success is served by audit_actor_tool_ts, success being most.
            models.Index(
                fields=["actor", "tool", "result", "-timestamp", "-id"],
                condition=~models.Q(result=AuditResult.SUCCESS),
                name="audit_actor_tool_result_ts",
            ),
            # Search by actor and tool (the page order with one tool's entries only).
            models.Index(fields=["actor", "tool", "-timestamp", "-id"], name="audit_actor_tool_ts"),
            # Search by actor and result (pending, blocked, failure: a small share of a busy
            # agent's entries); actor + success is served by audit_actor_ts.
            models.Index(
                fields=["actor", "result", "-timestamp", "-id"],
                condition=~models.Q(result=AuditResult.SUCCESS),
                name="audit_actor_result_ts",
            ),
            # Search by actor and action (injection_blocked, idempotency_mismatch ... of one
            # agent). The four actions of every call are most entries and are served by
            # audit_actor_ts; the index holds the rest.
            models.Index(
                fields=["actor", "action", "-timestamp", "-id"],
                condition=~models.Q(action__in=COMMON_ACTIONS),
                name="audit_actor_action_ts",
            ),
            # Search by tool, newest first.
            models.Index(fields=["tool", "-timestamp", "-id"], name="audit_tool_ts"),
            # A session's timeline.
            models.Index(fields=["session_id", "-timestamp", "-id"], name="audit_session_ts"),
            # Everything that happened under one idempotency key (a handful of rows per key).
            models.Index(fields=["idempotency_key"], name="audit_idem_key"),
            # Search by result (blocked, pending are the rare ones worth searching), newest first.
            models.Index(fields=["result", "-timestamp", "-id"], name="audit_result_ts"),
            # Search by customer, newest first; also the per-customer injection-spike alert.
            models.Index(fields=["customer", "-timestamp", "-id"], name="audit_customer_ts"),
            # Search by action (injection_blocked, approval_granted ...), newest first.
            # The per-session alerts use audit_session_ts and filter the action.
            models.Index(fields=["action", "-timestamp", "-id"], name="audit_action_ts"),
            # A tool call's and an approval's timelines.
            models.Index(fields=["tool_call_id"], name="audit_tool_call"),
            models.Index(fields=["approval_id"], name="audit_approval"),
            # The repeated-operation alert: this operation in this session, lately.
            # Partial: only the entries that start an operation are indexed.
            models.Index(
                fields=["session_id", "operation_hash", "-timestamp"],
                condition=models.Q(operation_hash__isnull=False),
                name="audit_session_operation",
            ),
            # Unfiltered newest-first pages and time-range cuts (keyset on (timestamp, id)).
            models.Index(fields=["-timestamp", "-id"], name="audit_ts_id"),
            # A BRIN index on timestamp (PostgreSQL only, so it lives in migration
            # 0002) serves wide time-range scans over a table that grows in time order.
        ]

    def __str__(self) -> str:
        return f"#{self.id} {self.action} {self.result}"


class AuditCheckpoint(models.Model):
    """The last entry `verify_audit` proved, where `verify_audit --incremental` starts.

    Append-only like the log (migration 0007's triggers): deleting the newest
    checkpoints would move an incremental run's start back past a rewrite. It
    is signed with TOOLGUARD_AUDIT_HMAC_KEY when that is set, so someone who
    can write to the database but does not hold the key cannot move the
    starting point past entries they rewrote; and the tree is recomputed from
    every entry whatever the starting point (audit.verify.audit_verify).
    """

    entry_id = models.BigIntegerField()
    entry_hash = models.CharField(max_length=64)
    entries_verified = models.BigIntegerField(default=0)
    full = models.BooleanField(default=False)
    signature = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        get_latest_by = "id"

    def __str__(self) -> str:
        return f"checkpoint at entry {self.entry_id}"


class AuditHead(models.Model):
    """A signed chain head from before checkpoints were the only signed evidence: retired, kept read-only.

    Nothing writes these any more (migration 0017); the rows written before
    stay, append-only as migration 0007 made them, and `verify_audit` still
    checks each against the chain with the key of the log's key history that
    signed it (audit.legacy_heads). The signed evidence now is the tree's
    checkpoints and the witness's cosignatures.
    """

    class Reason(models.TextChoices):
        ENTRIES = "entries"
        SCHEDULE = "schedule"
        VERIFY = "verify"

    entry_id = models.BigIntegerField()
    entry_hash = models.CharField(max_length=64)
    entries = models.BigIntegerField()
    signed_at = models.DateTimeField()
    reason = models.CharField(max_length=16, choices=Reason.choices)
    signature = models.CharField(max_length=100)

    class Meta:
        indexes = [
            # Kept as it was: the rows are read in entry order by verify_audit.
            models.Index(fields=["entry_id"], name="audit_head_entry"),
        ]

    def __str__(self) -> str:
        return f"signed head at entry {self.entry_id} (retired)"


class AuditSigningKey(models.Model):
    """The log's key history (audit.keys): each checkpoint signing key and the first tree size it signs.

    A key signs from its `from_size` until the next key's `from_size` minus
    one; the last row is the current key. Every row after the first carries
    its `rotation`: the hand-over signed by both the outgoing and the
    incoming key (toolguard_verify.keys.rotation_message), and the audit
    entry that recorded it. Append-only (migration 0017's triggers): a
    rotation is never undone, only followed by another.
    """

    public_key = models.BinaryField(max_length=32)
    # C2SP signed-note key id under the log's origin, hex: what a checkpoint's signature line names.
    key_id = models.CharField(max_length=8, unique=True)
    from_size = models.BigIntegerField(unique=True)
    rotation = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"audit signing key {self.key_id} from tree size {self.from_size}"


class Alert(models.Model):
    """Something in the audit trail that a person should look at."""

    class Rule(models.TextChoices):
        INJECTION_SPIKE = "injection_spike", "Injection blocks spiking"
        REPEATED_OPERATION = "repeated_operation", "Same operation repeated under a new key"
        IDEMPOTENCY_MISMATCH = "idempotency_mismatch", "Idempotency key reused with different arguments"
        APPROVAL_BACKLOG = "approval_backlog", "Approval backlog over the threshold"
        APPROVAL_SLA = "approval_sla", "Oldest pending approval older than the SLA"
        WITNESS_REFUSED = "witness_refused", "The witness refused a checkpoint"
        WITNESS_UNREACHABLE = "witness_unreachable", "The witness could not be reached"
        SIEM_LAG = "siem_lag", "Audit entries are not reaching the SIEM"
        UPSTREAM_TOOL_WITHHELD = "upstream_tool_withheld", "An upstream changed a tool: withheld until accepted"

    class Severity(models.TextChoices):
        WARNING = "warning"
        CRITICAL = "critical"

    rule = models.CharField(max_length=32, choices=Rule.choices)
    severity = models.CharField(max_length=16, choices=Severity.choices)
    # What one burst is about (a session, a customer, a key): a second firing
    # for the same subject inside the rule's window is the same alert.
    subject = models.CharField(max_length=300)
    customer = models.CharField(max_length=64, blank=True)
    session_id = models.CharField(max_length=128, blank=True)
    details = models.JSONField(default=dict)
    # The entry that tipped the rule; none for the backlog rules.
    entry = models.ForeignKey(AuditEntry, null=True, blank=True, on_delete=models.PROTECT, related_name="alerts")
    created_at = models.DateTimeField()

    class Meta:
        indexes = [
            # Dedup: has this rule already fired for this subject inside its window?
            # Its prefix also serves the alerts page filtered by rule; unfiltered,
            # the page walks the primary key newest first.
            models.Index(fields=["rule", "subject", "-created_at"], name="alert_rule_subject"),
        ]

    def __str__(self) -> str:
        return f"{self.rule} {self.subject}"


class UnauthenticatedMinute(models.Model):
    """One source address's unauthenticated requests in one minute (audit.unauthenticated).

    Bookkeeping, not evidence: the evidence is the audit entries. The first
    request of the minute writes an entry at once; the others are counted in
    the cache and folded into one more entry after the minute, when the
    worker sets `folded`.
    """

    address = models.CharField(max_length=64)
    minute = models.DateTimeField()
    path = models.CharField(max_length=200)
    folded = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["address", "minute"], name="unauth_address_minute")]
        indexes = [
            # The worker's sweep: minutes not folded yet, oldest first.
            models.Index(fields=["minute"], condition=models.Q(folded=False), name="unauth_unfolded"),
        ]

    def __str__(self) -> str:
        return f"{self.address} at {self.minute:%Y-%m-%d %H:%M}"


# A tree node's key: level in the high bits, the node's index at that level in the low 48
# (2^48 leaves is far past any log this serves), so one bigint primary key finds any node.
TREE_LEVEL_SHIFT = 48


class TreeNode(models.Model):
    """One complete, power-of-two-aligned subtree of the RFC 9162 Merkle tree (audit.tree).

    Node (level, index) covers leaves index*2^level .. (index+1)*2^level - 1;
    its `id` is level << 48 | index. Level 0 rows are the leaves, one per
    entry, and name their entry. Written in the same statement as the entries
    (audit.services.audit_chain_insert); append-only (migration 0010's triggers),
    since a node never changes once its subtree is complete.
    """

    id = models.BigIntegerField(primary_key=True)
    hash = models.BinaryField(max_length=32)
    # Leaves only: the entry whose hash the leaf holds (NULL for interior nodes).
    entry_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            # An entry's leaf index (audit.tree.leaf_index); interior nodes are not in it.
            models.UniqueConstraint(
                fields=["entry_id"], condition=models.Q(entry_id__isnull=False), name="audit_tree_leaf_entry"
            )
        ]

    def __str__(self) -> str:
        return f"tree node {self.id >> TREE_LEVEL_SHIFT}/{self.id & ((1 << TREE_LEVEL_SHIFT) - 1)}"


class TreeCheckpoint(models.Model):
    """A signed C2SP tlog-checkpoint of the Merkle tree (audit.tree.checkpoint_make).

    Append-only (migration 0010's triggers). `note` is the whole signed note,
    exactly as served by GET /api/v1/audit/checkpoint.
    """

    size = models.BigIntegerField(unique=True)
    root_hash = models.BinaryField(max_length=32)
    note = models.TextField()
    created_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"tree checkpoint at size {self.size}"


class WitnessCosignature(models.Model):
    """A checkpoint the independent witness cosigned (audit.cosign), with its cosignature.

    The newest row is where the next submission's consistency proof starts.
    verify_audit asks the witness itself for its latest cosigned checkpoint:
    the copy here is for operators, and stands in (said so) only while the
    witness cannot be reached.
    """

    size = models.BigIntegerField()
    root_hash = models.BinaryField(max_length=32)
    # The checkpoint note followed by the witness's cosignature line (C2SP tlog-cosignature).
    checkpoint = models.TextField()
    witness = models.CharField(max_length=200)
    cosigned_at = models.DateTimeField()

    class Meta:
        indexes = [
            # The latest cosigned checkpoint: the largest size.
            models.Index(fields=["-size"], name="audit_witness_cosigned_size"),
        ]

    def __str__(self) -> str:
        return f"checkpoint at size {self.size} cosigned by {self.witness}"


class SiemCursor(models.Model):
    """How far one SIEM destination has the audit log (audit.siem): the last entry it accepted.

    One row per destination (`syslog`, `http`). The worker sends the entries
    after `last_id`, in id order, and moves the cursor only once the
    collector accepted them, so a restart resumes here and nothing is skipped.
    """

    class Destination(models.TextChoices):
        SYSLOG = "syslog"
        HTTP = "http"

    destination = models.CharField(max_length=16, choices=Destination.choices, unique=True)
    # Where it was last sent (host:port or URL), for operators; a new target keeps the cursor.
    target = models.CharField(max_length=500, blank=True)
    # The last accepted entry; last_hash is its hash, which the next entry's prev_hash must
    # name, so an entry that is not visible yet can never be stepped over.
    last_id = models.BigIntegerField(default=0)
    last_hash = models.CharField(max_length=64, blank=True)
    # Where the cursor stood before the last accepted batch: syslog over TCP has no
    # acknowledgement, so after a failure that batch is sent again (audit.siem).
    previous_id = models.BigIntegerField(default=0)
    previous_hash = models.CharField(max_length=64, blank=True)
    sent = models.BigIntegerField(default=0)  # entries accepted, resends included
    failures = models.IntegerField(default=0)  # consecutive failed attempts
    next_attempt_at = models.DateTimeField(null=True, blank=True)  # back-off: nothing is sent before
    last_error = models.CharField(max_length=500, blank=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"SIEM {self.destination} at entry {self.last_id}"
