"""Synthetic audit traffic for benchmarks: a realistic mix, appended through the one chain insert.

The entries go in the way real ones do: `audit.services.audit_chain_insert`
redacts them, runs the alert rules, links and hashes them under the chain
lock, only many per statement. They carry timestamps spread over the past
days (what makes the search benchmark realistic), which is why this app is
installed only with TOOLGUARD_BENCH_APPS=1 and never in production.
"""

from __future__ import annotations

import bisect
import itertools
import random
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from audit.services import OPERATION_ACTIONS, AuditEvent, audit_chain_insert, operation_hash
from core.enums import ActorType, AuditAction, AuditResult

MIXES = ("skewed", "uniform")


@dataclass(frozen=True)
class Population:
    """Who acts in the synthetic bank."""

    customers: list[str]
    agents: list[tuple[str, str]]  # (actor label, customer)
    reviewers: list[str]
    # Cumulative weights of `agents` in the skewed mix (None: uniform).
    agent_cum_weights: list[float] | None = None

    def agent(self, rng: random.Random) -> tuple[str, str]:
        if self.agent_cum_weights is None:
            return rng.choice(self.agents)
        point = rng.random() * self.agent_cum_weights[-1]
        return self.agents[bisect.bisect_left(self.agent_cum_weights, point)]

    @classmethod
    def make(
        cls,
        rng: random.Random,
        *,
        mix: str = "skewed",
        customers: int = 2000,
        agents_per_customer: int = 2,
        reviewers: int = 25,
    ) -> Population:
        names = [f"cust-{n:05d}" for n in range(customers)]
        agents = [(f"agent:{c}:{rng.getrandbits(48):012x}", c) for c in names for _ in range(agents_per_customer)]
        # Skewed as real fleets are: Zipf over the agents, so a handful of
        # automation agents write most entries (the top one about a fifth)
        # and most agents a few dozen per million.
        weights = itertools.accumulate(1 / rank**1.2 for rank in range(1, len(agents) + 1))
        return cls(
            names,
            agents,
            [f"reviewer:rev{n:02d}" for n in range(reviewers)],
            list(weights) if mix == "skewed" else None,
        )


# (weight, tool, what happened): the shape of one tool call's entries.
SCENARIOS: list[tuple[int, str, str]] = [
    (40, "transfer_funds", "completed"),
    (6, "transfer_funds", "held"),
    (6, "transfer_funds", "replayed"),
    (4, "transfer_funds", "insufficient"),
    (3, "transfer_funds", "invalid"),
    (2, "transfer_funds", "blocked"),
    (1, "transfer_funds", "mismatch"),
    (22, "check_balance", "read"),
    (14, "list_transactions", "read"),
    (2, "check_balance", "denied"),
]
WEIGHTS = [weight for weight, _, _ in SCENARIOS]


def _call_rows(
    rng: random.Random, pop: Population, session: tuple[str, str, str], ts: datetime
) -> list[dict[str, Any]]:
    """The 1-4 entries one tool call writes, all at one instant."""
    _, tool, kind = rng.choices(SCENARIOS, weights=WEIGHTS)[0]
    actor, customer, session_id = session
    call_id = str(uuid.UUID(int=rng.getrandbits(128)))
    key = f"k-{rng.getrandbits(64):016x}" if tool == "transfer_funds" else ""
    base = {
        "timestamp": ts,
        "actor": actor,
        "actor_type": "agent",
        "customer": customer,
        "tool": tool,
        "tool_call_id": call_id,
        "session_id": session_id,
        "idempotency_key": key,
        "approval_id": "",
        "duration_ms": None,
    }

    def row(action: str, result: str, /, **details: Any) -> dict[str, Any]:
        operation = operation_hash(details.get("arguments")) if action in OPERATION_ACTIONS else None
        return {**base, "action": action, "result": result, "details": details, "operation_hash": operation}

    rows = [
        row(
            "tool_call_received", "success", provider=rng.choice(("native", "openai", "anthropic")), requested_tool=tool
        )
    ]
    amount = rng.choice((500, 1_250, 4_999, 10_000, 25_000, 99_900, 250_000, 1_500_000))
    arguments = {
        "from_account": f"{customer}-chk",
        "to_account": f"{rng.choice(pop.customers)}-ext",
        "amount": amount,
        "currency": rng.choice(("USD", "USD", "USD", "EUR", "GBP")),
        "idempotency_key": key,
    }
    if kind == "completed":
        rows.append(row("transfer_initiated", "success", arguments=arguments, tool_version="1"))
        rows.append(
            row(
                "transfer_completed",
                "success",
                result={"transfer_id": call_id, "status": "completed", "amount": amount},
            )
        )
    elif kind == "held":
        approval = str(uuid.UUID(int=rng.getrandbits(128)))
        rows.append(row("transfer_initiated", "pending", arguments=arguments, tool_version="1"))
        rows.append({**row("approval_requested", "pending", rules=["over_threshold"]), "approval_id": approval})
    elif kind == "replayed":
        rows.append(row("idempotency_hit", "success", replayed_status="completed", approval_id=None))
    elif kind == "mismatch":
        rows.append(row("idempotency_hit", "success", replayed_status="completed", approval_id=None))
        rows.append(row("idempotency_mismatch", "blocked", approval_id=None))
    elif kind == "insufficient":
        rows.append(row("transfer_initiated", "success", arguments=arguments, tool_version="1"))
        rows.append(row("transfer_rejected", "failure", code="insufficient_funds"))
    elif kind == "invalid":
        rows.append(
            row(
                "validation_failed",
                "failure",
                errors=[{"path": "/amount", "message": "must be <= 100000000", "code": "maximum"}],
            )
        )
    elif kind == "blocked":
        rows.append(
            row(
                "injection_blocked",
                "blocked",
                field="/memo",
                category="prompt_injection",
                length=rng.randint(20, 240),
                sha256=f"{rng.getrandbits(256):064x}",
            )
        )
    elif kind == "denied":
        rows.append(row("authorization_denied", "blocked", code="forbidden_account"))
    else:
        rows.append(row("tool_executed", "success"))
    rows[-1]["duration_ms"] = round(rng.uniform(2, 40), 3)
    return rows


def _decision_rows(rng: random.Random, pop: Population, ts: datetime) -> list[dict[str, Any]]:
    """A reviewer deciding some earlier held transfer."""
    approval = str(uuid.UUID(int=rng.getrandbits(128)))
    granted = rng.random() < 0.8
    base = {
        "timestamp": ts,
        "actor": rng.choice(pop.reviewers),
        "actor_type": "reviewer",
        "customer": rng.choice(pop.customers),
        "tool": "transfer_funds",
        "tool_call_id": str(uuid.UUID(int=rng.getrandbits(128))),
        "session_id": "",
        "idempotency_key": f"k-{rng.getrandbits(64):016x}",
        "approval_id": approval,
        "duration_ms": None,
        "operation_hash": None,
    }
    if granted:
        return [
            {
                **base,
                "action": "approval_granted",
                "result": "success",
                "details": {"approvals": 1, "required": 1, "reason_code": "", "reason": ""},
            },
            {**base, "action": "transfer_completed", "result": "success", "details": {"status": "completed"}},
        ]
    return [
        {
            **base,
            "action": "approval_denied",
            "result": "failure",
            "details": {"reason_code": "suspected_fraud", "reason": "not the customer"},
        },
        {**base, "action": "transfer_rejected", "result": "failure", "details": {"code": "rejected_by_reviewer"}},
    ]


def synthetic_rows(
    entries: int, *, days: int = 30, seed: int = 7, mix: str = "skewed", end: datetime | None = None
) -> Iterator[dict[str, Any]]:
    """`entries` rows, timestamps rising over `days` days up to `end`.

    Sessions are long-tailed, as agent conversations are: most make a few
    calls, a few automated ones make thousands.
    """
    rng = random.Random(seed)
    pop = Population.make(rng, mix=mix)
    end = end or timezone.now()
    start = end - timedelta(days=days)
    step = (end - start) / max(entries, 1)
    sessions: list[tuple[str, str, str]] = []
    heavy = [(*pop.agent(rng), f"batch-{n:03d}") for n in range(20)]
    produced, ts = 0, start
    while produced < entries:
        if rng.random() < 0.03:
            rows = _decision_rows(rng, pop, ts)
        else:
            roll = rng.random()
            if roll < 0.08:
                session = rng.choice(heavy)
            elif roll < 0.30 or not sessions:
                actor, customer = pop.agent(rng)
                session = (actor, customer, f"s-{rng.getrandbits(40):010x}")
                sessions.append(session)
                if len(sessions) > 5000:
                    sessions.pop(rng.randrange(len(sessions)))
            else:
                session = rng.choice(sessions)
            rows = _call_rows(rng, pop, session, ts)
        for row in rows[: entries - produced]:
            yield row
            produced += 1
        ts += step * len(rows)


def _event(row: dict[str, Any]) -> AuditEvent:
    """A generated row as the writer takes it: its names as core.enums members."""
    values = {name: value for name, value in row.items() if name not in ("timestamp", "operation_hash")}
    values["actor_type"] = ActorType(values["actor_type"])
    values["action"] = AuditAction(values["action"])
    values["result"] = AuditResult(values["result"])
    return AuditEvent(**values)


def audit_generate(entries: int, *, days: int = 30, seed: int = 7, mix: str = "skewed", batch: int = 5000) -> int:
    """Append `entries` synthetic entries through the one chain insert, a batch per transaction; return the count."""
    rows = synthetic_rows(entries, days=days, seed=seed, mix=mix)
    written = 0
    while chunk := list(itertools.islice(rows, batch)):
        events = [_event(row) for row in chunk]
        # One transaction per batch: real writers take their turns in between.
        with transaction.atomic():
            audit_chain_insert(events, at=[row["timestamp"] for row in chunk])
        written += len(chunk)
    return written
