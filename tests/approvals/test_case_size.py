"""Cases a reviewer can decide in a minute: narrow links with their reasons, a size cap, and
approve-all limited to what one reviewer may decide alone.

Requests are held through the real API, then dated across an afternoon (the
linking reads only their times), and the pages are read as a reviewer sees them.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from approvals.models import ApprovalRequest
from approvals.selectors import approval_cases
from audit.models import AuditEntry
from core.models import AgentKey
from tests.conftest import Bank, agent_client, signed_in, transfer_call
from tests.family import CREDIT_TOOL, CREDITED

pytestmark = pytest.mark.django_db
TWO_HUNDRED = 20_000
BOTH_TOOLS = ["transfer_funds", CREDIT_TOOL]


@pytest.fixture(autouse=True)
def _small_holds(settings: Any) -> None:
    # Every transfer over $100 waits for a reviewer, so an afternoon of small
    # ones stays under the dual-control amount and the balances.
    settings.TOOLGUARD_APPROVAL_THRESHOLD_CENTS = 10_000
    settings.TOOLGUARD_CASE_GAP_SECONDS = 900
    settings.TOOLGUARD_CASE_MAX = 10


def key_for(bank: Bank) -> str:
    return AgentKey.objects.issue(customer=bank.alice, allowed_tools=BOTH_TOOLS)[1]


def transfer(key: str, name: str, *, session: str, to: str = "bobext2", amount: int = TWO_HUNDRED) -> ApprovalRequest:
    response = agent_client(key).post(
        "/api/v1/tool-calls", transfer_call(key=name, amount=amount, to=to, session=session), format="json"
    )
    assert response.status_code == 202, response.json()
    return ApprovalRequest.objects.get(id=response.json()["approval_id"])


def credit(key: str, name: str, *, session: str, amount: int = TWO_HUNDRED) -> ApprovalRequest:
    call = {
        "id": f"call-{name}",
        "name": CREDIT_TOOL,
        "arguments": {"amount_cents": amount, "note": "goodwill", "idempotency_key": name},
        "session_id": session,
    }
    response = agent_client(key).post("/api/v1/tool-calls", call, format="json")
    assert response.status_code == 202, response.json()
    return ApprovalRequest.objects.get(id=response.json()["approval_id"])


def at(approval: ApprovalRequest, minutes: int) -> ApprovalRequest:
    """Date a held request `minutes` into the afternoon (five hours ago), still pending for an hour."""
    start = timezone.now() - timedelta(hours=5)
    ApprovalRequest.objects.filter(id=approval.id).update(
        created_at=start + timedelta(minutes=minutes), expires_at=timezone.now() + timedelta(hours=1)
    )
    approval.refresh_from_db()
    return approval


def requests_of(case_ids: list[Any], held: list[ApprovalRequest]) -> list[Any]:
    return [a.id for a in held if a.id in case_ids]


def test_an_afternoon_of_requests_is_several_small_cases_each_saying_why(bank: Bank, credit_tool: None) -> None:
    k1, k2, k3 = bank.alice_key, key_for(bank), key_for(bank)
    # One session, three requests in ten minutes.
    a = [at(transfer(k1, f"a{i}", session="s-1"), 5 * i) for i in range(3)]
    # Half an hour later the same key in three new sessions, five minutes apart.
    b = [at(transfer(k1, f"b{i}", session=f"s-b{i}", to="bobext1"), 40 + 5 * i) for i in range(3)]
    # Another key, one session, paying the same new payee as the first run: a run of its own.
    c = [at(transfer(k2, f"c{i}", session="s-4"), 90 + 5 * i) for i in range(4)]
    # A lone request to that payee joins the nearest earlier run paying it, and nothing more.
    d = at(transfer(k3, "d0", session="s-5"), 150)
    # A third key: a store credit (no beneficiary, no destination) and a transfer in one session.
    e = [at(credit(k3, "e0", session="s-6"), 200), at(transfer(k3, "e1", session="s-6"), 205)]
    f = at(transfer(k2, "f0", session="s-7", to="savings"), 260)
    # The first session again, hours later, paying the same payee: a new run, not the first case.
    g = [at(transfer(k1, f"g{i}", session="s-1"), 300 + 5 * i) for i in range(4)]
    held = [*a, *b, *c, d, *e, f, *g]
    assert len(held) == 18 and ApprovalRequest.objects.filter(status="pending").count() == 18

    cases = approval_cases()
    key1 = a[0].requested_by
    assert [(c.ids, c.links) for c in cases] == [
        ([r.id for r in a], ["same session s-1 within 15 min"]),
        ([r.id for r in b], [f"same agent key {key1} within 15 min"]),
        ([r.id for r in [*c, d]], ["same session s-4 within 15 min", "same beneficiary bobext2 within 24 h"]),
        ([r.id for r in e], ["same session s-6 within 15 min"]),
        ([f.id], []),
        ([r.id for r in g], ["same session s-1 within 15 min"]),
    ]
    assert max(case.count for case in cases) <= 10

    # The queue says why each case's requests are together.
    queue = signed_in(bank.reviewer).get("/review/").content.decode()
    for case in cases:
        card = queue.split(f'id="case-{case.id}"', 1)[1].split("</article>", 1)[0]
        for link in case.links:
            assert f"linked by {link}" in card or f"; {link}" in card
    assert "linked by same session s-4 within 15 min; same beneficiary bobext2 within 24 h" in queue

    # The case page too, and a request without a beneficiary is named by its tool's title.
    page = signed_in(bank.reviewer).get(f"/review/cases/{e[1].id}/").content.decode()
    assert "Linked by same session s-6 within 15 min." in page
    assert "· Store credit of $200.00 USD, to bobext2</p>" in page
    assert "to , " not in page and "→ </span>" not in page
    assert page.count("<dt>Beneficiary <span") == 1 and '<dt>Beneficiary <span class="mono"></span>' not in page
    assert "Store credit of $200.00 USD</span>" in page  # the credit's row


def test_a_long_run_splits_into_consecutive_cases_by_time(bank: Bank, settings: Any) -> None:
    held = [at(transfer(bank.alice_key, f"long-{i}", session="s-long"), i) for i in range(12)]
    cases = approval_cases()
    assert [c.ids for c in cases] == [[a.id for a in held[:6]], [a.id for a in held[6:]]]
    assert [(c.part, c.parts) for c in cases] == [(1, 2), (2, 2)]
    assert all(c.links == ["same session s-long within 15 min"] for c in cases)
    html = signed_in(bank.reviewer).get(f"/review/cases/{held[7].id}/").content.decode()
    assert "in 6 requests" in html and "Part 2 of 2: linked requests past 10 are split by time" in html

    settings.TOOLGUARD_CASE_MAX = 5
    assert [c.count for c in approval_cases()] == [4, 4, 4]
    # Past the gap no session links them; lone requests to one payee are still linked, by that alone.
    settings.TOOLGUARD_CASE_GAP_SECONDS = 30
    assert [(c.count, c.links) for c in approval_cases()] == [(4, ["same beneficiary bobext2 within 24 h"])] * 3


def test_approve_all_approves_what_one_reviewer_may_and_leaves_dual_control_pending(
    bank: Bank, credit_tool: None
) -> None:
    key = key_for(bank)
    small = [credit(key, f"small-{i}", session="s-mix") for i in range(2)]
    # Over $5,000 the credit needs two different reviewers.
    dual = [credit(key, f"dual-{i}", session="s-mix", amount=600_000 + i) for i in range(2)]
    assert [a.required_approvals for a in small + dual] == [1, 1, 2, 2]
    client = signed_in(bank.reviewer)
    page = client.get(f"/review/cases/{small[0].id}/").content.decode()
    assert "Approve 2 within your authority</button>" in page and "Reject all 4" in page
    assert "Approving leaves 2 pending" in page and page.count(": needs a second reviewer</li>") == 2
    requests = page.split('name="requests" value="', 1)[1].split('"', 1)[0]

    response = client.post(f"/review/cases/{small[0].id}/decision/", {"decision": "approve", "requests": requests})
    # Back to what is left of the case.
    assert response.status_code == 302 and response["Location"] == f"/review/cases/{dual[0].id}/"
    html = client.get(response["Location"]).content.decode()
    assert "Approved 2 requests ($400.00). Left pending: 2 need a second reviewer: " in html
    assert "$6,000.00 Store credit of $6,000.00 USD; $6,000.01 Store credit of $6,000.01 USD." in html
    assert [ApprovalRequest.objects.get(id=a.id).status for a in small + dual] == [
        "completed",
        "completed",
        "pending",
        "pending",
    ]
    # Never one reviewer's approval on a dual-control request in a batch.
    assert not ApprovalRequest.objects.get(id=dual[0].id).decisions.exists()
    assert [c["amount_cents"] for c in CREDITED] == [TWO_HUNDRED, TWO_HUNDRED]
    entry = AuditEntry.objects.get(action="case_decided")
    assert sorted(entry.details["decided"]) == sorted(str(a.id) for a in small)
    assert entry.details["left_pending"] == {str(a.id): "needs_second_reviewer" for a in dual}

    # What is left needs two reviewers each: approve-all is not offered, and refused if posted.
    assert "Approve-all is not offered: no request here is within your authority alone" in html
    assert "within your authority</button>" not in html and "Reject all 2" in html
    left = ",".join(f"{a.id}:{a.version}" for a in dual)
    refused = client.post(
        f"/review/cases/{dual[0].id}/decision/", {"decision": "approve", "requests": left}, follow=True
    ).content.decode()
    assert "every request in this case needs two reviewers" in refused
    assert not ApprovalRequest.objects.get(id=dual[0].id).decisions.exists()

    # Each takes two different reviewers, one by one.
    for reviewer in (bank.reviewer, bank.reviewer2):
        dual[0].refresh_from_db()
        signed_in(reviewer).post(f"/review/{dual[0].id}/decision/", {"decision": "approve", "version": dual[0].version})
    assert ApprovalRequest.objects.get(id=dual[0].id).status == "completed"
    assert ApprovalRequest.objects.get(id=dual[1].id).status == "pending"


def test_a_request_the_reviewer_already_approved_is_outside_their_authority(bank: Bank, credit_tool: None) -> None:
    key = key_for(bank)
    small = credit(key, "mine-small", session="s-mine")
    dual = credit(key, "mine-dual", session="s-mine", amount=700_000)
    signed_in(bank.reviewer).post(f"/review/{dual.id}/decision/", {"decision": "approve", "version": dual.version})
    page = signed_in(bank.reviewer).get(f"/review/cases/{small.id}/").content.decode()
    assert "Approve 1 within your authority</button>" in page
    assert "you have already decided this request; a second reviewer must</li>" in page
    # To the other reviewer it is a request needing a second reviewer: theirs, given on its own page.
    other = signed_in(bank.reviewer2).get(f"/review/cases/{small.id}/").content.decode()
    assert "Approve 1 within your authority</button>" in other and ": needs a second reviewer</li>" in other


def test_rows_and_headers_never_show_an_empty_name(bank: Bank, credit_tool: None) -> None:
    key = key_for(bank)
    lone_credit = credit(key, "lone", session="s-lone")
    queue = signed_in(bank.reviewer).get("/review/").content.decode()
    card = queue.split(f'id="case-{lone_credit.id}"', 1)[1].split("</article>", 1)[0]
    assert "Store credit of $200.00 USD" in card and "→" not in card and "linked by" not in card
    page = signed_in(bank.reviewer).get(f"/review/cases/{lone_credit.id}/").content.decode()
    assert "UTC · Store credit of $200.00 USD</p>" in page and "to , " not in page and " to </p>" not in page
    assert "<dt>Beneficiary" not in page
