"""The principals tools act for, and the records of every tool call.

The core knows no tool family: accounts, orders and the like live in the
family apps (banking/, support/).

Lock order. Every path that locks rows takes them in this order, and takes
each with FOR NO KEY UPDATE unless it changes a key column:

1. the customer (a call's state-changing work, one customer at a time);
2. the agent key and the session (quarantines, releases, revocations);
3. the operation's rows: accounts (by id), the approval, the outbox row;
4. the value entries a decision, expiry or answer moves (by id), then the
   value windows' totals rows in (scope, span, bucket) order (core/windows.py);
   a guarded call's own totals go out with its rows, after its operation's.
   A call holds its totals rows through its reference checks at COMMIT, so a
   row others refer to (an account) is never locked FOR UPDATE by a path that
   moves totals after it: that check would wait for it, and it for the totals;
5. the audit chain's advisory lock, last and briefly, as the entries go in
   (inside audit_chain_append, sent with the COMMIT: core.pipelining.CommitFlight).

FOR NO KEY UPDATE matters because other transactions insert rows that refer
to these (tool calls, value entries, approvals) and check those references at
COMMIT with FOR KEY SHARE, while already holding the audit lock: a FOR UPDATE
on the customer or the key would wait for that lock and block that check.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import uuid
from collections.abc import Collection, Iterable
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone

from core.enums import STORED_TOOL_CALL_STATUSES


class Customer(models.Model):
    external_id = models.CharField(max_length=64, unique=True)
    name = models.CharField(max_length=200)
    # The person this customer is, when they also have a login: a reviewer
    # must never decide a request made on their own behalf.
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    # principal.customer_age_days in policies: "hold refunds for customers younger than 30 days".
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "toolguard_customer"  # the table predates the core app; its rows stay where they are

    def __str__(self) -> str:
        return self.external_id


def agent_key_hash(raw_key: str) -> str:
    # Agent keys are 256-bit random values, so one SHA-256 is enough: there is
    # nothing to brute-force, and verification stays on the fast path.
    return hashlib.sha256(raw_key.encode()).hexdigest()


class AgentKeyManager(models.Manager["AgentKey"]):
    def issue(self, *, customer: Customer, allowed_tools: list[str], name: str = "") -> tuple[AgentKey, str]:
        """Create a key and return it with its secret, which is never stored."""
        prefix = secrets.token_hex(6)
        raw = f"tg_{prefix}_{secrets.token_urlsafe(32)}"
        key = self.create(
            customer=customer, prefix=prefix, key_hash=agent_key_hash(raw), allowed_tools=allowed_tools, name=name
        )
        return key, raw

    def authenticate(self, raw_key: str) -> AgentKey | None:
        parts = raw_key.split("_", 2)
        if len(parts) != 3 or parts[0] != "tg":
            return None
        key = self.select_related("customer").filter(prefix=parts[1], revoked_at__isnull=True).first()
        if key is None or not key.secret_matches(raw_key):
            return None
        return key


class AgentKey(models.Model):
    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="agent_keys")
    name = models.CharField(max_length=200, blank=True)
    prefix = models.CharField(max_length=16, unique=True)
    key_hash = models.CharField(max_length=64)
    allowed_tools = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    # Injection blocks across any of the key's sessions quarantine the key
    # itself, so a fresh session id never escapes (TOOLGUARD_QUARANTINE_BLOCKS).
    quarantined_at = models.DateTimeField(null=True, blank=True)
    released_at = models.DateTimeField(null=True, blank=True)
    released_by = models.CharField(max_length=150, blank=True)
    # Set for a key that stands for a principal authenticated elsewhere (an
    # OAuth client and subject, toolguard/mcp/access_tokens.py): it has no secret of its own
    # and is named by this in the audit log, limits and quarantines.
    principal_name = models.CharField(max_length=150, blank=True)

    objects = AgentKeyManager()

    class Meta:
        db_table = "toolguard_agentkey"  # the table predates the core app; its rows stay where they are

    def __str__(self) -> str:
        return self.label

    def secret_matches(self, raw_key: str) -> bool:
        return hmac.compare_digest(self.key_hash, agent_key_hash(raw_key))

    @property
    def label(self) -> str:
        """How the key appears in the audit log: identifiable, never usable."""
        return self.principal_name or f"agent:{self.customer.external_id}:{self.prefix}"

    @property
    def is_quarantined(self) -> bool:
        return self.quarantined_at is not None


class AgentSession(models.Model):
    """One agent conversation, as named by the caller's session_id."""

    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="sessions")
    session_id = models.CharField(max_length=128)
    injection_blocks = models.PositiveIntegerField(default=0)
    quarantined_at = models.DateTimeField(null=True, blank=True)
    released_at = models.DateTimeField(null=True, blank=True)
    released_by = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "toolguard_agentsession"  # the table predates the core app; its rows stay where they are
        constraints = [
            models.UniqueConstraint(fields=["customer", "session_id"], name="agent_session_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.customer} {self.session_id}"

    @property
    def is_quarantined(self) -> bool:
        return self.quarantined_at is not None


class ToolCall(models.Model):
    """Every authenticated tool call, whatever became of it."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="tool_calls")
    agent_key = models.ForeignKey(AgentKey, on_delete=models.PROTECT, related_name="tool_calls")
    session_id = models.CharField(max_length=128)
    tool = models.CharField(max_length=64)
    tool_call_id = models.CharField(max_length=128, blank=True)
    provider = models.CharField(max_length=16)
    status = models.CharField(max_length=20, choices=STORED_TOOL_CALL_STATUSES)
    http_status = models.PositiveSmallIntegerField()
    # Sanitized arguments only; a blocked call keeps none (its payload is the attack).
    arguments = models.JSONField(null=True, blank=True)
    response = models.JSONField()
    idempotency_key = models.CharField(max_length=128, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    duration_ms = models.FloatField(default=0)

    class Meta:
        db_table = "toolguard_toolcall"  # the table predates the core app; its rows stay where they are
        indexes = [
            # A session's calls in order, on the reviewer's detail page.
            models.Index(fields=["customer", "session_id", "created_at"], name="toolcall_session_order"),
            # Key quarantine: one key's recent blocked calls, across its sessions.
            models.Index(fields=["agent_key", "status", "created_at"], name="toolcall_key_status_recent"),
        ]

    def __str__(self) -> str:
        return f"{self.tool} {self.status}"


class IdempotencyRecord(models.Model):
    """The durable side of the idempotency contract: the source of truth.

    Redis holds the lock and a hot copy; this row is written in the same
    transaction as the transfer, so a flushed or lost Redis can never cause
    a second execution.
    """

    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="+")
    tool = models.CharField(max_length=64)
    key = models.CharField(max_length=128)
    arguments_hash = models.CharField(max_length=64)
    outcome = models.JSONField()
    tool_call = models.ForeignKey(ToolCall, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    expires_at = models.DateTimeField()

    class Meta:
        db_table = "toolguard_idempotencyrecord"  # the table predates the core app; its rows stay where they are
        constraints = [
            # Keys are scoped: the same key from another customer or tool is another operation.
            models.UniqueConstraint(fields=["customer", "tool", "key"], name="idempotency_scope_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.tool}:{self.key}"


class ExchangeRate(models.Model):
    """What one unit of a currency is worth in the reporting currency, from a day on.

    Maintained by an administrator (the admin page, or `manage.py load_rates`
    with a CSV). Value windows, session totals and dual control add amounts in
    the reporting currency (TOOLGUARD_REPORTING_CURRENCY) through these rates;
    a call whose currency has no rate young enough is held (core.rates).
    """

    currency = models.CharField(max_length=3)
    as_of = models.DateField(help_text="The first day this rate applies")
    rate = models.DecimalField(
        max_digits=20, decimal_places=10, help_text="Units of the reporting currency for one unit of this currency"
    )
    source = models.CharField(max_length=128, blank=True, help_text="Where the rate came from")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["currency", "as_of"], name="exchange_rate_one_per_day"),
            models.CheckConstraint(condition=models.Q(rate__gt=0), name="exchange_rate_positive"),
        ]
        ordering = ["currency", "-as_of"]

    def __str__(self) -> str:
        return f"{self.currency} {self.rate} from {self.as_of}"

    def clean(self) -> None:
        # The admin's form: the same checks `load_rates` makes of each CSV line (core.rates).
        self.currency = (self.currency or "").strip().upper()
        if not re.fullmatch(r"[A-Z]{3}", self.currency):
            raise ValidationError({"currency": "A three-letter currency code, such as EUR."})
        if self.currency == settings.TOOLGUARD_REPORTING_CURRENCY:
            raise ValidationError({"currency": f"{self.currency} is the reporting currency; its rate is always 1."})


class RateProposal(models.Model):
    """A rate outside the band of its currency's recent rates, waiting for a second person (core.rate_control).

    Nothing reads these to value a call: a rate takes effect only as an
    ExchangeRate row, written when the load is within the band
    (TOOLGUARD_RATE_BAND_PERCENT) or when someone other than the proposer
    confirms the proposal. Until then calls keep the rate in force.
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        CONFIRMED = "confirmed"
        SUPERSEDED = "superseded"
        WITHDRAWN = "withdrawn"

    currency = models.CharField(max_length=3)
    as_of = models.DateField()
    rate = models.DecimalField(max_digits=20, decimal_places=10)
    source = models.CharField(max_length=128, blank=True)
    # The rate in force it was compared with; none for a currency's first rate.
    reference_rate = models.DecimalField(max_digits=20, decimal_places=10, null=True, blank=True)
    proposed_by = models.CharField(max_length=200)
    proposed_by_type = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    decided_by = models.CharField(max_length=200, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["currency", "as_of"],
                condition=models.Q(status="pending"),
                name="rate_proposal_one_pending_per_day",
            ),
            models.CheckConstraint(condition=models.Q(rate__gt=0), name="rate_proposal_positive"),
        ]
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.currency} {self.rate} from {self.as_of} ({self.status})"


# The entry columns the windows' totals depend on (core/windows.py).
_TOTALLED = frozenset(
    {"customer", "customer_id", "agent_key", "agent_key_id", "beneficiary", "created_at", "reporting_cents", "status"}
)


class ValueEntryQuerySet(models.QuerySet[Any]):
    """Every change of entries through the ORM moves the windows' totals in the same transaction.

    The rows are locked and read first (by id), changed, and their buckets
    moved from what they were to what they are: one upsert (core/windows.py).
    The guarded call's own INSERT bypasses the ORM and sends its upsert with it.
    """

    def update(self, **kwargs: object) -> int:
        if not _TOTALLED & kwargs.keys():
            return super().update(**kwargs)
        from core import windows

        with transaction.atomic(using=self.db, savepoint=False):
            before = list(
                self.select_for_update(no_key=True, of=("self",)).order_by("id").values(*windows.ENTRY_FIELDS)
            )
            # The rows locked, and no other: one matching only now is not in `before`.
            locked = self.model._base_manager.using(self.db).filter(id__in=[row["id"] for row in before])
            changed = locked.update(**kwargs)
            after = windows.rows_changed(before, kwargs)
            windows.rows_moved(before, list(locked.values(*windows.ENTRY_FIELDS)) if after is None else after)
        return changed

    def bulk_create(
        self,
        objs: Iterable[Any],
        batch_size: int | None = None,
        ignore_conflicts: bool = False,
        update_conflicts: bool = False,
        update_fields: Collection[str] | None = None,
        unique_fields: Collection[str] | None = None,
    ) -> list[Any]:
        if ignore_conflicts or update_conflicts:
            raise ValueError("value entries are inserted whole: a conflict would leave the totals unsure")
        from core import windows

        with transaction.atomic(using=self.db, savepoint=False):
            created = super().bulk_create(objs, batch_size=batch_size)
            windows.send_entries_added(created)
        return created

    def delete(self) -> tuple[int, dict[str, int]]:
        from core import windows

        with transaction.atomic(using=self.db, savepoint=False):
            before = list(
                self.select_for_update(no_key=True, of=("self",)).order_by("id").values(*windows.ENTRY_FIELDS)
            )
            deleted = super().delete()
            windows.rows_moved(before, [])
        return deleted


class ValueEntry(models.Model):
    """The value one tool call moves, counted by the value windows.

    Written with the call in its transaction (pending when held, completed
    when executed) and moved by the decision or expiry in theirs, so the
    windows a policy reads are always what has happened or may still happen.
    The windows' running totals (ValueTotal) move with every write, in the
    same transaction (ValueEntryQuerySet, save, core/windows.py).
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        COMPLETED = "completed"
        VOID = "void"

    COUNTED = (Status.PENDING, Status.COMPLETED)

    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="+")
    agent_key = models.ForeignKey(AgentKey, on_delete=models.PROTECT, related_name="+")
    session_id = models.CharField(max_length=128)
    tool = models.CharField(max_length=64)
    tool_call = models.OneToOneField(ToolCall, on_delete=models.PROTECT, related_name="value_entry")
    beneficiary = models.CharField(max_length=256, blank=True)
    value_cents = models.BigIntegerField()
    currency = models.CharField(max_length=3, blank=True)
    # The same value in the reporting currency (core.rates): what the windows add.
    # None when no rate converted it; a window holding one is unknown (`no_rate`).
    reporting_cents = models.BigIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices)
    created_at = models.DateTimeField(default=timezone.now)

    objects = ValueEntryQuerySet.as_manager()

    class Meta:
        db_table = "toolguard_valueentry"  # the table predates the core app; its rows stay where they are
        indexes = [
            # Each window is summed from one index range; the INCLUDEd columns let
            # PostgreSQL sum from the index alone (an index-only scan), so a busy
            # customer's window costs index entries, not heap pages (other
            # databases ignore INCLUDE).
            # window.customer and window.key: one customer's recent value, every currency.
            models.Index(
                fields=["customer", "created_at"],
                include=["reporting_cents", "status", "agent_key"],
                name="value_customer_window",
            ),
            # session.total: one session's value, whatever its age.
            models.Index(
                fields=["customer", "session_id"], include=["reporting_cents", "status"], name="value_session_total"
            ),
            # window.beneficiary: value flowing to one destination, from any customer.
            models.Index(
                fields=["beneficiary", "created_at"],
                include=["reporting_cents", "status"],
                name="value_beneficiary_window",
            ),
            # The values no rate has converted yet, which a rate loaded later converts (core.rates).
            models.Index(
                fields=["currency"], condition=models.Q(reporting_cents__isnull=True), name="value_waiting_rate"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tool} {self.value_cents} {self.currency} {self.status}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save, moving the windows' totals from the row as stored to the row as saved."""
        from core import windows

        with transaction.atomic(savepoint=False):
            if self._state.adding:
                super().save(*args, **kwargs)
                windows.send_entries_added([self])
                return
            stored = ValueEntry._base_manager.select_for_update(no_key=True, of=("self",)).filter(id=self.pk)
            before = list(stored.values(*windows.ENTRY_FIELDS))
            super().save(*args, **kwargs)
            windows.rows_moved(before, list(stored.values(*windows.ENTRY_FIELDS)))

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        from core import windows

        with transaction.atomic(savepoint=False):
            stored = ValueEntry._base_manager.select_for_update(no_key=True, of=("self",)).filter(id=self.pk)
            before = list(stored.values(*windows.ENTRY_FIELDS))
            deleted = super().delete(*args, **kwargs)
            windows.rows_moved(before, [])
        return deleted


class ValueTotal(models.Model):
    """The counted value of one scope in one time bucket, so that a value window is a sum of buckets.

    A scope is a customer (`customer:<id>`), an agent key (`key:<id>`) or a
    beneficiary (`beneficiary:<text>`); every counted entry is in two buckets
    per scope, a minute and an hour (`span` 60 or 3600 seconds, `bucket` its
    start in Unix seconds), so a 24-hour window reads at most 59 minute rows
    and 24 hour rows per scope plus its first partial minute from the entries
    (core/windows.py). Pending and completed are kept apart, in the reporting
    currency; `unknown` counts the counted entries no rate has converted, and
    makes the window unknown while above zero.

    Moved by the transaction that writes an entry (core/windows.py says who);
    `manage.py value_totals_check` recomputes them from the entries.
    """

    scope = models.CharField(max_length=300)
    span = models.IntegerField()
    bucket = models.BigIntegerField()
    pending_cents = models.BigIntegerField(default=0)
    completed_cents = models.BigIntegerField(default=0)
    unknown = models.IntegerField(default=0)

    class Meta:
        constraints = [
            # The upsert's conflict target, and the index every window's bucket range is read from.
            models.UniqueConstraint(fields=["scope", "span", "bucket"], name="value_total_bucket"),
        ]

    def __str__(self) -> str:
        return (
            f"{self.scope} {self.span}s@{self.bucket}: {self.pending_cents} pending, {self.completed_cents} completed"
        )
