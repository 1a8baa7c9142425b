"""A stateful model of toolguard, driven over HTTP against a real gunicorn.

Hypothesis runs random sequences of operations against one gunicorn on the
test PostgreSQL and a Redis of the test's own (so FLUSHALL is safe): fresh
transfers by two agents (completed, held for approval, failed for want of
funds, currency or destination, denied for a source the agent does not own),
retries with the same arguments (the stored result, same transfer id) and
with changed ones (key wins: the first result, flagged arguments_mismatch),
the same key used by the other customer (a separate operation), bursts of
one call at once (with Redis flushed under them, so locks are lost), reviewers
approving (two under dual control) and rejecting through the decision API,
approvals made overdue, swept by the expiry task or refused at decision time,
keys outliving their idempotency TTL, and Redis flushed between retries. A
model predicts every answer, and after every step the invariants are checked
against the database:

- each account's balance is what the model says: money is conserved and
  never negative;
- no idempotency key (per customer) has more than one completed transfer, no
  completed transfer exists that no call answered with, and every call sent
  left exactly one ToolCall row;
- every tool call the machine sent has its audit entries, and every decision
  and expiry has its own;
- at the end of each sequence the whole audit chain verifies.
"""

from __future__ import annotations

import logging
import os
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import httpx
import pytest
import redis
from django.conf import settings as django_settings
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

from approvals.models import ApprovalRequest
from approvals.services import approvals_expire
from audit.models import Alert, AuditEntry
from audit.verify import audit_chain_verify
from banking.models import Account, Transfer
from core.models import IdempotencyRecord, ToolCall
from tests.conftest import make_bank, requires_postgres, requires_redis
from tests.live import Gunicorn, RedisServer, bearer, gunicorn, unique

pytestmark = pytest.mark.live

PASSWORD = "correct-horse-battery"
# What the run reached (answers by kind), printed at the end: a run that never
# got past the first refusal would pass vacuously.
SEEN: Counter[str] = Counter()
INITIAL = {"checking": 5_000_000, "savings": 10_000_000, "euro": 100_000, "bobext1": 0, "bobext2": 0}
OWNER = {"checking": "alice", "savings": "alice", "euro": "alice", "bobext1": "bob", "bobext2": "bob"}
CURRENCY = {"checking": "USD", "savings": "USD", "euro": "EUR", "bobext1": "USD", "bobext2": "USD"}
PAYEES = {("alice", "bobext1")}
OTHER = {"alice": "bob", "bob": "alice"}
# Small (complete while the session allows), over the approval threshold,
# over the dual-control line, and more than anyone holds.
AMOUNTS = [1, 700, 250_000, 999_999, 1_000_001, 3_000_000, 6_000_000, 60_000_000]
# Bursts: source, and destination by kind (bob has no payees: his "payee" is a new one).
BURSTS = {
    "alice": ("savings", {"own": "checking", "payee": "bobext1", "other": "bobext2"}),
    "bob": ("bobext1", {"own": "bobext2", "payee": "savings", "other": "checking"}),
}
REASON_CODES = ["suspected_fraud", "customer_did_not_request", "insufficient_context", "policy", "other"]


@dataclass
class Live:
    server: Gunicorn
    redis_server: RedisServer
    blocker: Any


@pytest.fixture(scope="module")
def live(django_db_setup: Any, django_db_blocker: Any) -> Iterator[Live]:
    requires_postgres()
    requires_redis()
    # One line per request would bury a failing sequence in the report.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    redis_server = RedisServer()
    try:
        env = {"REDIS_URL": redis_server.url, "TOOLGUARD_AGENT_RATE": "100000/min"}
        with gunicorn(workers=2, env=env) as server:
            yield Live(server, redis_server, django_db_blocker)
    finally:
        redis_server.stop()


@dataclass
class Outcome:
    """What a call under one key answers with (the stored result, once there is one)."""

    status: str
    http: int
    code: str | None = None
    transfer_id: str | None = None
    approval_id: str | None = None

    @property
    def stored(self) -> bool:
        # Business failures and refusals are not stored: a retry tries again.
        # A failure after approval is stored: the decision is final.
        return self.status not in ("failed", "denied") or self.approval_id is not None


@dataclass
class Op:
    """One idempotency key of one agent: the arguments it was first sent with, and its outcome."""

    agent: str
    key: str
    arguments: dict[str, Any]
    session: str
    outcome: Outcome | None = None
    first_call: str | None = None  # server id of the call whose result is stored
    calls: list[str] = field(default_factory=list)  # server ids of every call sent under this key


@dataclass
class Hold:
    """A pending approval as the model sees it."""

    id: str
    op: tuple[str, str]
    transfer_id: str
    source: str
    destination: str
    amount: int
    required: int
    decisions: dict[str, str] = field(default_factory=dict)  # reviewer -> approve/reject
    status: str = "pending"
    overdue: bool = False


@dataclass
class TransferModel:
    agent: str
    session: str
    amount: int
    status: str


def sign_in(base_url: str, username: str) -> httpx.Client:
    """A reviewer signed in through /accounts/login/: session cookie plus the CSRF token the API wants."""
    client = httpx.Client(base_url=base_url, timeout=30)
    client.get("/accounts/login/").raise_for_status()
    response = client.post(
        "/accounts/login/",
        data={"username": username, "password": PASSWORD, "csrfmiddlewaretoken": client.cookies["csrftoken"]},
    )
    assert response.status_code == 302, response.text
    client.headers["X-CSRFToken"] = client.cookies["csrftoken"]
    return client


class ToolguardMachine(RuleBasedStateMachine):
    # Keys and ids are random, so rules choose among them in creation order
    # (never sorted by name): the same choices must replay the same sequence.
    live: Live  # set by the test before the run

    def __init__(self) -> None:
        super().__init__()
        self.sfx = unique("-")
        self.bank = make_bank(self.sfx)
        self.keys = {"alice": self.bank.alice_key, "bob": self.bank.bob_key}
        self.customer = {"alice": self.bank.alice.external_id, "bob": self.bank.bob.external_id}
        self.customer_ids = [self.bank.alice.id, self.bank.bob.id]
        self.usernames = {"rev": self.bank.reviewer.username, "rev2": self.bank.reviewer2.username}
        self.http = httpx.Client(base_url=self.live.server.url, timeout=30)
        self.reviewers: dict[str, httpx.Client] = {}
        self.balances = dict(INITIAL)
        self.total = sum(INITIAL.values())
        self.ops: dict[tuple[str, str], Op] = {}
        self.holds: dict[str, Hold] = {}
        self.transfers: dict[str, TransferModel] = {}
        self.sessions = {agent: [f"{agent}-s0{self.sfx}", f"{agent}-s1{self.sfx}"] for agent in OTHER}
        self.n = 0
        self.flushed = False  # Redis was flushed in this sequence
        self.log_offset = len(self.live.server.logs())  # gunicorn's log before this sequence
        self.retired: list[Op] = []  # keys whose TTL lapsed: their old operations
        self.epochs: Counter[tuple[int, str]] = Counter()  # (customer id, key) -> TTL lapses
        # Calls and approvals whose audit entries the next invariant check reads.
        self.unchecked_calls: list[tuple[str, Counter[str]]] = []
        self.unchecked_holds: set[str] = set()

    # -- helpers ------------------------------------------------------------

    def number(self, account: str) -> str:
        return f"{account}{self.sfx}"

    def account_name(self, number: str) -> str:
        return number[: -len(self.sfx)]

    def fresh(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}-{uuid.uuid4().hex[:6]}"

    def reviewer(self, name: str) -> httpx.Client:
        if name not in self.reviewers:
            self.reviewers[name] = sign_in(self.live.server.url, self.usernames[name])
        return self.reviewers[name]

    def arguments(self, key: str, source: str, destination: str, amount: int) -> dict[str, Any]:
        return {
            "from_account": self.number(source),
            "to_account": self.number(destination),
            "amount": amount,
            "currency": "USD",
            "idempotency_key": key,
        }

    def window(self, agent: str) -> int:
        return sum(
            t.amount
            for t in self.transfers.values()
            if t.agent == agent and t.status in ("completed", "pending_approval")
        )

    def committed(self, agent: str, session: str) -> int:
        return sum(
            t.amount
            for t in self.transfers.values()
            if t.agent == agent and t.session == session and t.status in ("completed", "pending_approval")
        )

    def post(self, op: Op, arguments: dict[str, Any]) -> httpx.Response:
        call = {"id": self.fresh("call-"), "name": "transfer_funds", "arguments": arguments, "session_id": op.session}
        response = self.http.post("/api/v1/tool-calls", json=call, headers=bearer(self.keys[op.agent]))
        assert response.status_code < 500, response.text
        op.calls.append(response.json()["id"])
        return response

    def predict(self, agent: str, arguments: dict[str, Any], session: str) -> tuple[Outcome, list[str]]:
        """The answer of a call that executes (no stored result for its key), and the rules that hold it."""
        source = self.account_name(arguments["from_account"])
        destination = self.account_name(arguments["to_account"])
        amount = arguments["amount"]
        if OWNER.get(source) != agent:
            return Outcome("denied", 403, "forbidden_account"), []
        if destination not in OWNER:
            return Outcome("failed", 422, "account_not_found"), []
        if destination == source:
            return Outcome("failed", 422, "same_account"), []
        rules = []
        if amount > django_settings.TOOLGUARD_APPROVAL_THRESHOLD_CENTS:
            rules.append("over_threshold")
        if self.committed(agent, session) + amount > django_settings.TOOLGUARD_SESSION_LIMIT_CENTS:
            rules.append("session_limit")
        if OWNER[destination] != agent and (agent, destination) not in PAYEES:
            rules.append("new_payee")
        # The customer's window: every session and key, completed plus pending.
        if self.window(agent) + amount > django_settings.TOOLGUARD_SESSION_LIMIT_CENTS:
            rules.append("customer_window")
        if self.window(agent) + amount > django_settings.TOOLGUARD_DUAL_APPROVAL_CENTS:
            rules.append("dual_control")
        if rules:
            return Outcome("pending_approval", 202), rules
        return self.money_outcome(source, destination, amount), []

    def money_outcome(self, source: str, destination: str, amount: int) -> Outcome:
        """Moving the money now: the checks transfer_move_money makes under its row locks."""
        if CURRENCY[source] != "USD" or CURRENCY[destination] != "USD":
            return Outcome("failed", 422, "currency_mismatch")
        if self.balances[source] < amount:
            return Outcome("failed", 422, "insufficient_funds")
        return Outcome("completed", 200)

    def move(self, source: str, destination: str, amount: int) -> None:
        self.balances[source] -= amount
        self.balances[destination] += amount

    def expect_audit(self, call_id: str, *actions: str) -> None:
        self.unchecked_calls.append((call_id, Counter(("tool_call_received", *actions))))

    def check_body(
        self, response: httpx.Response, expected: Outcome, *, replayed: bool, mismatch: bool = False
    ) -> dict[str, Any]:
        body: dict[str, Any] = response.json()
        context = f"{response.status_code} {body}"
        assert response.status_code == expected.http, context
        assert body["status"] == expected.status, context
        assert body["replayed"] is replayed, context
        assert body["arguments_mismatch"] is mismatch, context
        assert (body["error"] or {}).get("code") == expected.code, context
        if expected.approval_id is not None:
            assert body["approval_id"] == expected.approval_id, context
        elif expected.status != "pending_approval":
            assert body["approval_id"] is None, context
        if expected.transfer_id is not None:
            assert body["result"]["transfer_id"] == expected.transfer_id, context
        if replayed:
            assert response.headers.get("Idempotent-Replayed") == "true", context
        return body

    def execute(self, op: Op) -> None:
        """Send op's arguments when no result is stored for its key: it must run exactly as predicted."""
        expected, rules = self.predict(op.agent, op.arguments, op.session)
        response = self.post(op, op.arguments)
        body = self.check_body(response, expected, replayed=False)
        SEEN[f"fresh {expected.status} {expected.code or ''}".strip()] += 1
        self.settle_fresh(op, expected, rules, body)

    def settle_fresh(self, op: Op, expected: Outcome, rules: list[str], body: dict[str, Any]) -> None:
        source = self.account_name(op.arguments["from_account"])
        destination = self.account_name(op.arguments["to_account"])
        amount = op.arguments["amount"]
        if expected.status == "completed":
            transfer_id = body["result"]["transfer_id"]
            self.move(source, destination, amount)
            self.transfers[transfer_id] = TransferModel(op.agent, op.session, amount, "completed")
            op.outcome = Outcome("completed", 200, transfer_id=transfer_id)
            self.expect_audit(body["id"], "transfer_initiated", "transfer_completed")
        elif expected.status == "pending_approval":
            transfer_id, approval_id = body["result"]["transfer_id"], body["approval_id"]
            assert approval_id, body
            self.transfers[transfer_id] = TransferModel(op.agent, op.session, amount, "pending_approval")
            required = 2 if "dual_control" in rules else 1
            self.holds[approval_id] = Hold(
                approval_id, (op.agent, op.key), transfer_id, source, destination, amount, required
            )
            op.outcome = Outcome("pending_approval", 202, transfer_id=transfer_id, approval_id=approval_id)
            self.expect_audit(body["id"], "transfer_initiated", "approval_requested")
            self.unchecked_holds.add(approval_id)
        elif expected.status == "denied":
            op.outcome = expected
            self.expect_audit(body["id"], "authorization_denied")
        else:
            op.outcome = expected
            self.expect_audit(body["id"], "transfer_rejected")
        if op.outcome.stored:
            op.first_call = body["id"]

    def replay(self, op: Op, arguments: dict[str, Any]) -> None:
        """Send a call under op's key while a result is stored: the stored result, never a new execution."""
        assert op.outcome is not None and op.outcome.stored
        mismatch = arguments != op.arguments
        response = self.post(op, arguments)
        body = self.check_body(response, op.outcome, replayed=True, mismatch=mismatch)
        SEEN[
            f"replay {op.outcome.status}{' mismatch' if mismatch else ''}{' after flush' if self.flushed else ''}"
        ] += 1
        if mismatch:
            self.expect_audit(body["id"], "idempotency_hit", "idempotency_mismatch")
            subject = f"key:{self.customer[op.agent]}:transfer_funds:{op.key}"
            assert Alert.objects.filter(rule="idempotency_mismatch", subject=subject).exists(), subject
        else:
            self.expect_audit(body["id"], "idempotency_hit")

    def send(self, op: Op, arguments: dict[str, Any]) -> None:
        if op.outcome is not None and op.outcome.stored:
            self.replay(op, arguments)
        else:
            # Nothing stored (a refusal or business failure): the call is a new attempt.
            op.arguments = arguments
            self.execute(op)

    def settle_hold(self, hold: Hold, outcome: Outcome, transfer_status: str) -> None:
        hold.status = outcome.status
        self.transfers[hold.transfer_id].status = transfer_status
        outcome.transfer_id, outcome.approval_id = hold.transfer_id, hold.id
        self.ops[hold.op].outcome = outcome
        self.unchecked_holds.add(hold.id)

    def pending_holds(self) -> list[str]:
        return [h.id for h in self.holds.values() if h.status == "pending"]

    # -- rules: agents --------------------------------------------------------

    @rule(
        data=st.data(),
        agent=st.sampled_from(["alice", "bob"]),
        destination=st.sampled_from([*INITIAL, "nowhere"]),
        amount=st.sampled_from(AMOUNTS),
        session=st.sampled_from([0, 1, None]),
    )
    def transfer(self, data: Any, agent: str, destination: str, amount: int, session: int | None) -> None:
        """A new operation under a fresh key, from one of the agent's own accounts (or, refused, someone else's)."""
        own = [a for a, owner in OWNER.items() if owner == agent]
        foreign = next(a for a, owner in OWNER.items() if owner == OTHER[agent])
        source = data.draw(st.sampled_from([*own, foreign]), label="source")
        session_id = self.sessions[agent][session] if session is not None else self.fresh(f"{agent}-new-")
        key = self.fresh("k")
        op = Op(agent, key, self.arguments(key, source, destination, amount), session_id)
        self.ops[(agent, key)] = op
        self.execute(op)

    @precondition(lambda self: self.ops)
    @rule(data=st.data())
    def retry_same(self, data: Any) -> None:
        """The same call again: the stored result (same transfer id), or a new attempt after a refusal."""
        op = self.ops[data.draw(st.sampled_from(list(self.ops)), label="op")]
        self.send(op, dict(op.arguments))

    @precondition(lambda self: self.ops)
    @rule(data=st.data(), change=st.sampled_from(["amount", "destination", "memo"]))
    def retry_changed(self, data: Any, change: str) -> None:
        """Same key, other arguments: key wins, the first result replays flagged arguments_mismatch."""
        op = self.ops[data.draw(st.sampled_from(list(self.ops)), label="op")]
        arguments = dict(op.arguments)
        if change == "amount":
            arguments["amount"] = data.draw(st.sampled_from([a for a in AMOUNTS if a != arguments["amount"]]))
        elif change == "destination":
            current = self.account_name(arguments["to_account"])
            arguments["to_account"] = self.number(data.draw(st.sampled_from([a for a in INITIAL if a != current])))
        else:
            arguments["memo"] = "rent, again"
        self.send(op, arguments)

    @precondition(lambda self: self.ops)
    @rule(data=st.data())
    def same_key_other_customer(self, data: Any) -> None:
        """Keys are scoped per customer: the other agent's identical key is a new operation."""
        agent, key = data.draw(st.sampled_from(list(self.ops)), label="op")
        other = OTHER[agent]
        if (other, key) in self.ops:
            self.send(self.ops[(other, key)], dict(self.ops[(other, key)].arguments))
            return
        source = next(a for a, owner in OWNER.items() if owner == other)
        op = Op(
            other,
            key,
            self.arguments(key, source, "bobext1" if other == "alice" else "bobext2", 700),
            self.sessions[other][1],
        )
        self.ops[(other, key)] = op
        self.execute(op)

    @rule(
        agent=st.sampled_from(["alice", "bob"]),
        destination=st.sampled_from(["own", "payee", "other"]),
        amount=st.sampled_from(AMOUNTS),
        flush_during=st.booleans(),
    )
    def concurrent_burst(self, agent: str, destination: str, amount: int, flush_during: bool) -> None:
        """Three copies of one new call at once, maybe with Redis flushed under them (locks lost):
        at most one executes; the others replay it or get 409."""
        source, destination = BURSTS[agent][0], BURSTS[agent][1][destination]
        key = self.fresh("burst")
        op = Op(agent, key, self.arguments(key, source, destination, amount), self.fresh(f"{agent}-burst-"))
        self.ops[(agent, key)] = op
        expected, rules = self.predict(agent, op.arguments, op.session)
        with ThreadPoolExecutor(max_workers=4) as pool:
            flushing = pool.submit(self.flush_repeatedly) if flush_during else None
            responses = list(pool.map(lambda _: self.post(op, op.arguments), range(3)))
            if flushing is not None:
                flushing.result()
        fresh = [r for r in responses if r.status_code != 409 and not r.json()["replayed"]]
        SEEN[f"burst {expected.status}: {sorted(r.status_code for r in responses)}"] += 1
        for r in responses:
            body = r.json()
            if r.status_code == 409:
                assert body["error"]["code"] == "idempotency_in_progress", body
                assert r.headers.get("Retry-After"), r.headers
                self.expect_audit(body["id"], "idempotency_in_progress")
            elif not body["replayed"]:
                self.check_body(r, expected, replayed=False)
        if expected.stored:
            assert len(fresh) == 1, [r.json() for r in responses]
            self.settle_fresh(op, expected, rules, fresh[0].json())
            for r in responses:
                if r.status_code != 409 and r.json()["replayed"]:
                    assert op.outcome is not None
                    body = self.check_body(r, op.outcome, replayed=True)
                    self.expect_audit(body["id"], "idempotency_hit")
        else:
            # A refusal is not stored: every copy that got the lock was refused the same way.
            assert fresh, [r.json() for r in responses]
            for r in fresh:
                self.settle_fresh(op, expected, rules, r.json())

    @precondition(lambda self: any(op.first_call for op in self.ops.values()))
    @rule(data=st.data())
    def read_back(self, data: Any) -> None:
        """GET the call that stored a key's result: it shows the current (decided) result, to its own agent only."""
        op = self.ops[data.draw(st.sampled_from([k for k, o in self.ops.items() if o.first_call]), label="op")]
        assert op.outcome is not None
        response = self.http.get(f"/api/v1/tool-calls/{op.first_call}", headers=bearer(self.keys[op.agent]))
        self.check_body(response, Outcome(**{**op.outcome.__dict__, "http": 200}), replayed=False)
        other = self.http.get(f"/api/v1/tool-calls/{op.first_call}", headers=bearer(self.keys[OTHER[op.agent]]))
        assert other.status_code == 404, other.text

    # -- rules: reviewers -----------------------------------------------------

    def decide(
        self, hold: Hold, reviewer: str, decision: str, reason_code: str = "", version: int | None = None
    ) -> None:
        """One decision through the API, its answer predicted from the model."""
        body: dict[str, Any] = {"decision": decision}
        if reason_code:
            body["reason_code"] = reason_code
        if version is not None:
            body["version"] = version
        response = self.reviewer(reviewer).post(f"/api/v1/approvals/{hold.id}/decision", json=body)
        assert response.status_code < 500, response.text
        answer = response.json()
        context = f"{response.status_code} {answer}"

        def refused(http: int, code: str) -> None:
            assert response.status_code == http, context
            assert answer["error"]["code"] == code, context
            SEEN[f"decision refused {code}"] += 1

        if hold.status != "pending":
            return refused(409, "already_decided")
        if hold.overdue:
            # Expiry is enforced at decision time too, not only by the sweeper.
            refused(409, "expired")
            return self.settle_hold(hold, Outcome("expired", 200), "expired")
        if reviewer in hold.decisions:
            return refused(409, "already_decided_by_you")
        if version is not None and version != self.version(hold):
            return refused(409, "stale_version")
        if decision == "reject" and not reason_code:
            return refused(400, "reason_required")
        assert response.status_code == 200, context
        SEEN[f"decision {decision} by {reviewer}"] += 1
        hold.decisions[reviewer] = decision
        self.unchecked_holds.add(hold.id)
        if decision == "reject":
            assert answer["status"] == "rejected", context
            return self.settle_hold(hold, Outcome("rejected", 200), "rejected")
        if sum(d == "approve" for d in hold.decisions.values()) < hold.required:
            assert answer["status"] == "pending" and answer["approvals_received"] == 1, context
            return None
        # Enough approvals: the money moves now, with the balance as it is now.
        outcome = self.money_outcome(hold.source, hold.destination, hold.amount)
        assert answer["status"] == outcome.status, context
        SEEN[f"approved {outcome.status} {outcome.code or ''} (of {hold.required})".strip()] += 1
        if outcome.status == "completed":
            self.move(hold.source, hold.destination, hold.amount)
            return self.settle_hold(hold, outcome, "completed")
        assert answer["failure_reason"] == outcome.code, context
        return self.settle_hold(hold, outcome, "failed")

    def version(self, hold: Hold) -> int:
        # Created at 1; a first approval under dual control moves it on.
        return 1 + len(hold.decisions)

    @precondition(lambda self: self.pending_holds())
    @rule(data=st.data(), with_version=st.booleans(), both=st.booleans())
    def approve(self, data: Any, with_version: bool, both: bool) -> None:
        """A reviewer who has not decided yet approves; under dual control maybe the second one right after."""
        hold = self.holds[data.draw(st.sampled_from(self.pending_holds()), label="approval")]
        for reviewer in [name for name in ("rev", "rev2") if name not in hold.decisions][: 2 if both else 1]:
            if hold.status != "pending":
                break
            version = None
            if with_version:
                shown = self.reviewer(reviewer).get(f"/api/v1/approvals/{hold.id}")
                assert shown.status_code == 200, shown.text
                assert shown.json()["required_approvals"] == hold.required, shown.text
                version = shown.json()["version"]
            self.decide(hold, reviewer, "approve", version=version)

    @precondition(lambda self: self.pending_holds())
    @rule(data=st.data(), reason_code=st.sampled_from(["", *REASON_CODES]))
    def reject(self, data: Any, reason_code: str) -> None:
        """A reviewer rejects, with a reason code (without one the API refuses and nothing changes)."""
        hold = self.holds[data.draw(st.sampled_from(self.pending_holds()), label="approval")]
        reviewer = next((name for name in ("rev", "rev2") if name not in hold.decisions), "rev")
        self.decide(hold, reviewer, "reject", reason_code)

    @precondition(lambda self: self.holds)
    @rule(
        data=st.data(),
        reviewer=st.sampled_from(["rev", "rev2"]),
        decision=st.sampled_from(["approve", "reject"]),
        stale=st.booleans(),
    )
    def decide_anything(self, data: Any, reviewer: str, decision: str, stale: bool) -> None:
        """Any reviewer, any approval, decided or not: twice by one reviewer, stale versions, settled requests."""
        hold = self.holds[data.draw(st.sampled_from(list(self.holds)), label="approval")]
        self.decide(hold, reviewer, decision, "policy", version=self.version(hold) + 1 if stale else None)

    @precondition(lambda self: [h for h in self.pending_holds() if not self.holds[h].overdue])
    @rule(data=st.data())
    def make_overdue(self, data: Any) -> None:
        """Time passes for one request: its deadline is now behind it, but nobody has swept yet."""
        candidates = [h for h in self.pending_holds() if not self.holds[h].overdue]
        hold = self.holds[data.draw(st.sampled_from(candidates), label="approval")]
        updated = ApprovalRequest.objects.filter(id=hold.id, status="pending").update(
            expires_at=timezone.now() - timedelta(seconds=1)
        )
        assert updated == 1
        hold.overdue = True

    @rule(after_ttl=st.booleans())
    def sweep(self, after_ttl: bool) -> None:
        """The expiry task: every overdue request is expired, nothing else; after the TTL, every pending one.

        It runs here, in the test process, on the same database the worker would use.
        """
        if after_ttl:
            expiring = self.pending_holds()
            later = timezone.now() + timedelta(seconds=django_settings.TOOLGUARD_APPROVAL_TTL_SECONDS + 60)
            assert approvals_expire(now=later) >= len(expiring)
        else:
            expiring = [h for h in self.pending_holds() if self.holds[h].overdue]
            assert approvals_expire() >= len(expiring)
        SEEN[f"swept {'after ttl' if after_ttl else 'overdue'}"] += len(expiring)
        for approval_id in expiring:
            self.settle_hold(self.holds[approval_id], Outcome("expired", 200), "expired")

    def flush_repeatedly(self) -> None:
        client = redis.Redis.from_url(self.live.redis_server.url)
        try:
            for _ in range(10):
                client.flushall()
                time.sleep(0.005)
        finally:
            client.close()
        self.flushed = True

    def settled_ops(self) -> list[tuple[str, str]]:
        return [
            k
            for k, op in self.ops.items()
            if op.outcome and op.outcome.stored and op.outcome.status != "pending_approval"
        ]

    @precondition(lambda self: self.settled_ops())
    @rule(data=st.data())
    def key_ttl_lapses(self, data: Any) -> None:
        """A day passes for one settled key: its row and its hot copy lapse, and the key names a new operation."""
        op = self.ops[data.draw(st.sampled_from(self.settled_ops()), label="op")]
        customer_id = self.customer_ids[0 if op.agent == "alice" else 1]
        updated = IdempotencyRecord.objects.filter(customer_id=customer_id, tool="transfer_funds", key=op.key).update(
            expires_at=timezone.now() - timedelta(seconds=1)
        )
        assert updated == 1
        client = redis.Redis.from_url(self.live.redis_server.url)
        try:
            for name in client.scan_iter(match=f"*idem:v1:{customer_id}:transfer_funds:{op.key}"):
                client.delete(name)
        finally:
            client.close()
        self.retired.append(op)
        self.ops[(op.agent, op.key)] = Op(op.agent, op.key, dict(op.arguments), op.session)
        self.epochs[(customer_id, op.key)] += 1
        SEEN["key ttl lapsed"] += 1

    @rule()
    def flush_redis(self) -> None:
        """Locks, hot results and rate counters vanish; the database rows still answer every retry."""
        client = redis.Redis.from_url(self.live.redis_server.url)
        try:
            client.flushall()
            assert client.dbsize() == 0
        finally:
            client.close()
        self.flushed = True
        SEEN["redis flushed"] += 1

    # -- invariants -----------------------------------------------------------

    @invariant()
    def balances_match_the_model(self) -> None:
        numbers = {self.number(a): a for a in INITIAL}
        stored = dict(Account.objects.filter(number__in=numbers).values_list("number", "balance_cents"))
        balances = {numbers[number]: cents for number, cents in stored.items()}
        assert sum(balances.values()) == self.total, f"money not conserved: {balances}"
        assert all(cents >= 0 for cents in balances.values()), f"negative balance: {balances}"
        assert balances == self.balances, f"database {balances} != model {self.balances}"

    @invariant()
    def each_key_completes_at_most_once(self) -> None:
        transfers = {
            str(t): status
            for t, status in Transfer.objects.filter(customer_id__in=self.customer_ids).values_list("id", "status")
        }
        assert transfers == {t: m.status for t, m in self.transfers.items()}, "transfers differ from the model"
        completed = {t for t, status in transfers.items() if status == "completed"}
        rows = list(
            ToolCall.objects.filter(customer_id__in=self.customer_ids).values_list(
                "id", "customer_id", "idempotency_key", "response__result__transfer_id"
            )
        )
        ops = [*self.ops.values(), *self.retired]
        # Every call the machine sent left one row, and no row appeared that it did not send.
        assert sorted(str(row[0]) for row in rows) == sorted(c for op in ops for c in op.calls)
        # Per key, at most one completed transfer (one per lifetime of the key, once its TTL lapsed).
        by_key: dict[tuple[int, str], set[str]] = {}
        for _, customer_id, key, transfer_id in rows:
            if transfer_id in completed:
                by_key.setdefault((customer_id, key), set()).add(transfer_id)
        for scope, transfer_ids in by_key.items():
            assert len(transfer_ids) <= 1 + self.epochs[scope], f"{scope} completed {len(transfer_ids)} transfers"
        transfer_of = {str(row[0]): row[3] for row in rows}
        for op in ops:
            done = {transfer_of[c] for c in op.calls} & completed
            assert len(done) <= 1, f"{op.agent} {op.key} completed {done}"
        # And no completed transfer that no call answered with: a second, unreported execution.
        answered = set().union(*by_key.values()) if by_key else set()
        assert answered == completed, f"completed transfers no call answered with: {completed - answered}"

    @invariant()
    def every_call_and_decision_is_audited(self) -> None:
        for call_id, expected in self.unchecked_calls:
            assert ToolCall.objects.filter(id=call_id).exists(), call_id
            actions = Counter(
                AuditEntry.objects.filter(tool_call_id=call_id, actor_type="agent").values_list("action", flat=True)
            )
            assert actions["tool_call_received"] == 1, (call_id, actions)
            assert actions["transfer_completed"] <= 1, (call_id, actions)
            missing = expected - actions
            assert not missing, f"call {call_id}: missing audit {dict(missing)}, has {dict(actions)}"
        self.unchecked_calls = []
        for approval_id in self.unchecked_holds:
            hold = self.holds[approval_id]
            actions = Counter(AuditEntry.objects.filter(approval_id=approval_id).values_list("action", flat=True))
            approvals = sum(d == "approve" for d in hold.decisions.values())
            rejections = sum(d == "reject" for d in hold.decisions.values())
            context = (approval_id, hold.status, dict(actions))
            assert actions["approval_requested"] == 1, context
            assert actions["approval_granted"] == approvals, context
            assert actions["approval_denied"] == rejections, context
            assert actions["approval_expired"] == (hold.status == "expired"), context
            assert actions["transfer_completed"] == (hold.status == "completed"), context
            assert actions["transfer_rejected"] == (hold.status in ("rejected", "failed")), context
            assert ApprovalRequest.objects.get(id=approval_id).status == hold.status, context
        self.unchecked_holds = set()

    def teardown(self) -> None:
        for client in [self.http, *self.reviewers.values()]:
            client.close()
        broken, last_id, _ = audit_chain_verify()
        head = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0
        log = self.live.server.logs()[self.log_offset :]
        assert broken is None, f"audit chain broken at entry {broken.entry_id}: {broken.reason}"
        assert last_id == head
        assert "Traceback" not in log, log[max(0, log.find("Traceback") - 1000) :][:8000]


def test_random_operations_keep_money_idempotency_and_audit_intact(live: Live) -> None:
    ToolguardMachine.live = live
    with live.blocker.unblock():
        run_state_machine_as_test(
            ToolguardMachine,
            settings=settings(
                max_examples=int(os.environ.get("TOOLGUARD_STATEFUL_EXAMPLES", "30")),
                stateful_step_count=30,
                deadline=None,
                suppress_health_check=list(HealthCheck),
            ),
        )
    print("\nstateful run reached:", *(f"  {count:4d}  {what}" for what, count in sorted(SEEN.items())), sep="\n")
