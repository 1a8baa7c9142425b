"""Approvals benchmark: decisions per second through the API, and the expiry
sweep over 10,000 overdue requests. Prints one JSON object.

    .venv/bin/python bench/approvals.py [--decisions 400] [--overdue 10000]

Uses a PostgreSQL database of its own (toolguard_bench_approvals) and Redis db 7.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import gunicorn, log, machine, manage, postgres_recreate, redis_flush

REDIS_URL = "redis://127.0.0.1:6379/7"
PASSWORD = "bench-reviewer-password"
HELD_CENTS = 2_000_000  # over the $10,000 threshold, under dual control


def bench_env(database_url: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("GUNICORN_", "PROMETHEUS_"))}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "toolguard.settings",
            "DATABASE_URL": database_url,
            "REDIS_URL": REDIS_URL,
            "DEBUG": "false",
            "LOG_LEVEL": "WARNING",
            "TOOLGUARD_AGENT_RATE": "100000000/min",
            # The bench measures the decision path; step-up is a person typing a code.
            "TOOLGUARD_STEP_UP_CENTS": str(10**12),
        }
    )
    return env


def seed() -> dict[str, Any]:
    from django.contrib.auth.models import Group, User

    from banking.models import Account
    from core.models import AgentKey, Customer

    customer = Customer.objects.create(external_id="bench-approvals", name="Bench")
    Account.objects.create(number="bench-src", customer=customer, currency="USD", balance_cents=10**13)
    Account.objects.create(number="bench-dst", customer=customer, currency="USD", balance_cents=0)
    key, raw = AgentKey.objects.issue(customer=customer, allowed_tools=["transfer_funds"])
    reviewer = User.objects.create_user("bench-reviewer", password=PASSWORD)
    reviewer.groups.add(Group.objects.get(name="reviewers"))
    return {"key": key, "raw": raw}


def hold_via_pipeline(agent_key: Any, count: int) -> list[str]:
    """Held transfers made the way agents make them: through the executor."""
    from toolguard.pipeline.executor import CallRequest, tool_call_execute

    ids = []
    for n in range(count):
        arguments = {
            "from_account": "bench-src",
            "to_account": "bench-dst",
            "amount": HELD_CENTS,
            "currency": "USD",
            "idempotency_key": f"held-{n}-{uuid.uuid4().hex[:8]}",
        }
        request = CallRequest(
            provider="native", tool_call_id=f"c{n}", name="transfer_funds", arguments=arguments, session_id=f"s-{n}"
        )
        _, outcome = tool_call_execute(agent_key=agent_key, request=request)
        assert outcome.approval_id, outcome
        ids.append(outcome.approval_id)
    return ids


def hold_in_bulk(agent_key: Any, count: int) -> None:
    """Many pending requests at once, with every row the sweep touches."""
    from django.utils import timezone

    from approvals.models import ApprovalRequest
    from banking.models import Account, Transfer
    from core.models import IdempotencyRecord, ToolCall

    source, destination = Account.objects.get(number="bench-src"), Account.objects.get(number="bench-dst")
    now = timezone.now()
    suffix = uuid.uuid4().hex[:8]
    calls, transfers, records, approvals = [], [], [], []
    for n in range(count):
        key = f"bulk-{n}-{suffix}"
        arguments = {
            "from_account": "bench-src",
            "to_account": "bench-dst",
            "amount": HELD_CENTS,
            "currency": "USD",
            "idempotency_key": key,
        }
        call = ToolCall(
            customer_id=agent_key.customer_id,
            agent_key=agent_key,
            session_id=f"bulk-{n}",
            tool="transfer_funds",
            provider="native",
            status="pending_approval",
            http_status=202,
            arguments=arguments,
            response={"status": "pending_approval"},
            idempotency_key=key,
        )
        transfer = Transfer(
            customer_id=agent_key.customer_id,
            session_id=f"bulk-{n}",
            from_account=source,
            to_account=destination,
            amount_cents=HELD_CENTS,
            currency="USD",
            status=Transfer.Status.PENDING_APPROVAL,
        )
        record = IdempotencyRecord(
            customer_id=agent_key.customer_id,
            tool="transfer_funds",
            key=key,
            arguments_hash="0" * 64,
            outcome={"status": "pending_approval"},
            tool_call=call,
            expires_at=now + timedelta(days=1),
        )
        calls.append(call)
        transfers.append(transfer)
        records.append(record)
        approvals.append(
            ApprovalRequest(
                customer_id=agent_key.customer_id,
                tool="transfer_funds",
                tool_call=call,
                held_ref=str(transfer.id),
                agent_key=agent_key,
                idempotency_record=record,
                session_id=f"bulk-{n}",
                requested_by=agent_key.label,
                arguments=arguments,
                arguments_hash="0" * 64,
                value_cents=HELD_CENTS,
                currency="USD",
                rules=["over_threshold"],
                expires_at=now - timedelta(minutes=5),
            )
        )
    ToolCall.objects.bulk_create(calls, batch_size=2000)
    Transfer.objects.bulk_create(transfers, batch_size=2000)
    IdempotencyRecord.objects.bulk_create(records, batch_size=2000)
    ApprovalRequest.objects.bulk_create(approvals, batch_size=2000)


def decide_through_api(base_url: str, approval_ids: list[str], threads: int) -> dict[str, Any]:
    import httpx

    latencies: list[float] = []
    codes: dict[int, int] = {}
    lock = threading.Lock()
    shares = [approval_ids[i::threads] for i in range(threads)]

    def reviewer(share: list[str]) -> None:
        with httpx.Client(base_url=base_url, timeout=30) as client:
            client.get("/accounts/login/")
            client.post(
                "/accounts/login/",
                data={
                    "username": "bench-reviewer",
                    "password": PASSWORD,
                    "csrfmiddlewaretoken": client.cookies["csrftoken"],
                },
            )
            headers = {"X-CSRFToken": client.cookies["csrftoken"], "Referer": base_url}
            for approval_id in share:
                started = time.perf_counter()
                response = client.post(
                    f"/api/v1/approvals/{approval_id}/decision",
                    json={"decision": "approve", "reason": "bench"},
                    headers=headers,
                )
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    latencies.append(elapsed)
                    codes[response.status_code] = codes.get(response.status_code, 0) + 1

    workers = [threading.Thread(target=reviewer, args=(share,)) for share in shares]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    wall = time.perf_counter() - started
    latencies.sort()
    return {
        "decisions": len(approval_ids),
        "decisions_per_s": round(len(approval_ids) / wall, 1),
        "decision_p50_ms": round(statistics.median(latencies), 2),
        "decision_p99_ms": round(latencies[int(len(latencies) * 0.99) - 1], 2),
        "status_codes": {str(k): v for k, v in sorted(codes.items())},
        "reviewer_threads": threads,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--overdue", type=int, default=10_000)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()

    database_url = postgres_recreate("toolguard_bench_approvals")
    env = bench_env(database_url)
    redis_flush(REDIS_URL)
    log("migrating")
    manage("migrate", "--noinput", env=env)
    os.environ.update(env)
    import django

    django.setup()
    from django.db.models import Sum

    from approvals.models import ApprovalRequest
    from approvals.services import approvals_expire
    from audit.verify import audit_chain_verify
    from banking.models import Account

    seeded = seed()
    log(f"holding {args.decisions} transfers through the pipeline")
    held = hold_via_pipeline(seeded["key"], args.decisions)
    money_before = Account.objects.aggregate(total=Sum("balance_cents"))["total"]

    with gunicorn(workers=args.workers, env=env) as base_url:
        log(f"deciding {len(held)} requests with {args.threads} reviewers")
        decisions = decide_through_api(base_url, held, args.threads)
    completed = ApprovalRequest.objects.filter(id__in=held, status="completed").count()

    log(f"creating {args.overdue} overdue requests")
    hold_in_bulk(seeded["key"], args.overdue)
    started = time.perf_counter()
    expired = approvals_expire()
    expiry_seconds = time.perf_counter() - started

    broken, _, _ = audit_chain_verify()
    result = {
        "bench": "approvals",
        **decisions,
        "decisions_completed": completed,
        "expiry_overdue_requests": args.overdue,
        "expiry_expired": expired,
        "expiry_seconds": round(expiry_seconds, 2),
        "expiry_target_seconds": 5,
        "money_conserved": Account.objects.aggregate(total=Sum("balance_cents"))["total"] == money_before,
        "audit_chain_verifies": broken is None,
        "gunicorn_workers": args.workers,
        "machine": machine(),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
