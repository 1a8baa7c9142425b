"""The bank incident worked in a real browser, on a desktop and on a phone.

examples/incident_replay.py plays the attack against a live gunicorn seeded
with the demo bank; reviewers and compliance staff then work it in Debian's
Chromium: one case holding the six held transfers with the quarantine and
the alerts on it, rejected with one reason; step-up before a large approval;
an alert acknowledged and a key revoked, both found in the audit log. Every
page visited is checked with axe-core (vendored) and, on the phone, for
sideways scrolling. Screenshots go to var/screenshots, or to docs/img with
SCREENSHOT_DIR=docs/img.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from django_otp.oath import TOTP

from approvals.models import ApprovalDecision, ApprovalRequest
from audit.alerts import alert_raise
from audit.models import Alert, AuditEntry
from core.models import AgentKey, Customer
from tests.live import ROOT, Gunicorn, bearer, child_env, chromium_browser, database, gunicorn

pytestmark = [pytest.mark.browser, pytest.mark.live]

SCREENSHOTS = ROOT / os.environ.get("SCREENSHOT_DIR", "var/screenshots")
AXE = ROOT / "tests" / "vendor" / "axe.min.js"
REPLAY = ROOT / "examples" / "incident_replay.py"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def demo(
    django_db_setup: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Gunicorn, Path, dict[str, Any]]]:
    seeded = subprocess.run(
        [sys.executable, "manage.py", "seed_demo", "--json"],
        cwd=ROOT,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    credentials = json.loads(seeded.stdout)
    path = tmp_path_factory.mktemp("demo") / "demo-credentials.json"
    path.write_text(json.dumps(credentials))
    with gunicorn(workers=2, env={"TOOLGUARD_STEP_UP_CENTS": "1000000"}) as server:
        yield server, path, credentials


@pytest.fixture(scope="module")
def browser(demo: Any) -> Iterator[Any]:
    with chromium_browser() as browser:
        yield browser


def new_page(browser: Any, size: str) -> Any:
    # axe is injected as a script tag, which the pages' CSP (script-src 'self') would refuse.
    context = browser.new_context(viewport=SIZES[size], locale="en-US", bypass_csp=True, is_mobile=size == "phone")
    context.set_default_timeout(20_000)
    return context.new_page()


def person(credentials: dict[str, Any], username: str) -> dict[str, Any]:
    return next(p for p in credentials["reviewers"] + credentials["compliance"] if p["username"] == username)


def sign_in(page: Any, server: Gunicorn, credentials: dict[str, Any], username: str, next_path: str) -> None:
    page.goto(f"{server.url}/accounts/login/?next={next_path}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(person(credentials, username)["password"])
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in").click()


def check_page(page: Any, size: str, name: str) -> None:
    """axe finds nothing; nothing scrolls sideways; no table is wider than its card; a screenshot is kept."""
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => (await axe.run(document)).violations.map(
            v => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`)"""
    )
    assert violations == [], f"{name} at {size}: {violations}"
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{name} at {size} scrolls sideways by {overflow}px"
    too_wide = page.evaluate(
        """[...document.querySelectorAll('table')].filter(t => {
               const card = t.closest('.card'); return card && t.getBoundingClientRect().width > card.clientWidth + 1;
           }).length"""
    )
    assert too_wide == 0, f"{name} at {size}: a table is wider than its card"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"), full_page=True)


def fresh_agent_key(blocker: Any) -> str:
    """A new key for the demo customer: each replay's injection blocks quarantine the key it used."""
    with database(blocker):
        customer = Customer.objects.get(external_id="user-123")
        tools = (
            AgentKey.objects.filter(customer=customer).order_by("id").values_list("allowed_tools", flat=True).first()
        )
        return AgentKey.objects.issue(customer=customer, allowed_tools=list(tools or []), name="browser test")[1]


def replay(server: Gunicorn, credentials_path: Path, blocker: Any) -> str:
    """Play the incident with a fresh key; return the resumed session, where the six transfers wait."""
    credentials = json.loads(credentials_path.read_text())
    credentials["customers"][0]["agent_key"] = fresh_agent_key(blocker)
    path = credentials_path.with_name(f"replay-{uuid.uuid4().hex[:8]}.json")
    path.write_text(json.dumps(credentials))
    run = subprocess.run(
        [sys.executable, str(REPLAY), "--base-url", server.url, "--credentials", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    found = re.search(r"sessions (\S+) \(poisoned\) and (\S+) \(resumed\)", run.stdout)
    assert found, run.stdout[:2000]
    return found.group(2)


def totp_code(secret: str) -> str:
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    return f"{TOTP(key).token():06d}"


def agent_hold(server: Gunicorn, key: str, *, amount: int, to: str) -> dict[str, Any]:
    call = {
        "id": f"call-{uuid.uuid4().hex[:8]}",
        "name": "transfer_funds",
        "session_id": f"browser-{uuid.uuid4().hex[:8]}",
        "arguments": {
            "from_account": "checking-001",
            "to_account": to,
            "amount": amount,
            "currency": "USD",
            "idempotency_key": uuid.uuid4().hex,
        },
    }
    response = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(key), timeout=30)
    assert response.status_code == 202, response.text
    return response.json()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_incident_is_one_case_with_its_risk_and_is_rejected_with_one_reason(
    demo: Any, browser: Any, django_db_blocker: Any, size: str
) -> None:
    from playwright.sync_api import expect

    server, credentials_path, credentials = demo
    session = replay(server, credentials_path, django_db_blocker)
    with database(django_db_blocker):
        six = [
            str(i)
            for i in ApprovalRequest.objects.filter(session_id=session, status="pending")
            .order_by("created_at")
            .values_list("id", flat=True)
        ]
    assert len(six) == 6

    page = new_page(browser, size)
    sign_in(page, server, credentials, "reviewer", "/review/")
    card = page.locator("article.case-card", has=page.locator(f"#approval-{six[0]}"))
    expect(card).to_have_count(1)
    for approval_id in six:
        expect(card.locator(f"#approval-{approval_id}")).to_have_count(1)
    assert re.match(r"\(\d+\) Review queue", page.title())
    check_page(page, size, "review-queue")

    card.locator("h2 a").click()
    page.wait_for_url(re.compile(r"/review/cases/"))
    risk = page.locator(".risk-panel")
    expect(risk.get_by_text("Quarantined").first).to_be_visible()
    expect(risk.locator(".alert-line").first).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"Reject all \d+"))).to_be_visible()
    check_page(page, size, "review-case")
    case_url = page.url

    page.locator(f"#approval-{six[0]}").get_by_role("link").click()
    approve = page.get_by_role("button", name="Approve", exact=True)
    expect(approve).to_be_visible()
    box = approve.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 2 * SIZES[size]["height"], box
    check_page(page, size, "review-detail")

    page.goto(case_url)
    page.get_by_label("Reason code").select_option("suspected_fraud")
    page.get_by_label("Reason", exact=True).fill("Called the customer: she asked for none of these.")
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile(r"Reject all \d+")).click()
    expect(page.locator(".messages .success")).to_contain_text("Rejected")
    with database(django_db_blocker):
        statuses = set(ApprovalRequest.objects.filter(id__in=six).values_list("status", flat=True))
        reasons = set(ApprovalDecision.objects.filter(approval_id__in=six).values_list("reason_code", flat=True))
    assert statuses == {"rejected"} and reasons == {"suspected_fraud"}
    page.context.close()


def test_the_queue_keeps_focus_across_a_refresh_and_announces_new_requests(
    demo: Any, browser: Any, django_db_blocker: Any
) -> None:
    from playwright.sync_api import expect

    server, _, credentials = demo
    agent_key = fresh_agent_key(django_db_blocker)
    agent_hold(server, agent_key, amount=1_200_000, to="external-001")
    page = new_page(browser, "desktop")
    sign_in(page, server, credentials, "reviewer", "/review/")
    link = page.locator("#queue-body a[id]").first
    link.focus()
    focused = page.evaluate("document.activeElement.id")
    assert focused
    agent_hold(server, agent_key, amount=1_300_000, to="external-001")
    # The next 10-second refresh brings the new request in.
    expect(page.locator("#queue-live")).to_contain_text("1 new request", timeout=25_000)
    assert page.evaluate("document.activeElement.id") == focused
    assert re.match(r"\(\d+\) Review queue", page.title())
    page.context.close()


@pytest.mark.parametrize(("size", "username"), [("desktop", "reviewer"), ("phone", "reviewer2")])
def test_a_large_approval_asks_for_the_seeded_totp(
    demo: Any, browser: Any, django_db_blocker: Any, size: str, username: str
) -> None:
    from playwright.sync_api import expect

    server, _, credentials = demo
    held = agent_hold(server, fresh_agent_key(django_db_blocker), amount=1_500_000, to="external-001")
    page = new_page(browser, size)
    sign_in(page, server, credentials, username, f"/review/{held['approval_id']}/")
    page.get_by_role("button", name="Approve", exact=True).click()
    code_box = page.get_by_label("Authentication code")
    expect(code_box).to_be_visible()
    check_page(page, size, "step-up")
    code_box.fill(totp_code(person(credentials, username)["totp_secret"]))
    with page.expect_navigation():
        page.get_by_role("button", name="Confirm and approve").click()
    expect(page.locator(".messages .success")).to_be_visible()
    with database(django_db_blocker):
        decision = ApprovalDecision.objects.get(approval_id=held["approval_id"], reviewer__username=username)
    assert decision.decision == "approve"
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_alert_is_acknowledged_and_a_key_revoked_each_in_the_audit_log(
    demo: Any, browser: Any, django_db_blocker: Any, size: str
) -> None:
    from playwright.sync_api import expect

    server, _, credentials = demo
    mark = uuid.uuid4().hex[:8]
    with database(django_db_blocker):
        alert = alert_raise(
            rule=Alert.Rule.INJECTION_SPIKE,
            severity="critical",
            subject=f"user-123:browser-{mark}",
            window=timedelta(minutes=5),
            customer="user-123",
            session_id=f"browser-{mark}",
            details={"blocks": 3},
        )
        assert alert is not None
        key, raw = AgentKey.objects.issue(
            customer=Customer.objects.get(external_id="user-123"), allowed_tools=["check_balance"], name=f"spare {mark}"
        )
    page = new_page(browser, size)
    sign_in(page, server, credentials, "compliance", "/audit/alerts/")
    card = page.locator(f"#alert-{alert.id}")
    card.get_by_label("Note").fill(f"Looking into {mark}")
    with page.expect_navigation():
        card.get_by_role("button", name="Acknowledge").click()
    expect(page.locator(f"#alert-{alert.id}")).to_have_attribute("data-status", "acknowledged")
    check_page(page, size, "alerts")

    page.goto(f"{server.url}/audit/quarantines/")
    check_page(page, size, "quarantines")

    page.goto(f"{server.url}/audit/keys/?customer=user-123")
    with page.expect_navigation():
        page.get_by_role("button", name=f"Revoke {key.label}").click()
    expect(page.locator(".messages .success")).to_contain_text(f"Key {key.label} revoked")
    check_page(page, size, "agent-keys")
    assert httpx.get(f"{server.url}/api/v1/tools", headers=bearer(raw), timeout=30).status_code == 401

    page.goto(f"{server.url}/audit/?actor=compliance&customer=user-123")
    rows = page.locator("tr.entry")
    expect(rows.filter(has_text="alert_acknowledged").filter(has_text=f"Looking into {mark}")).to_have_count(1)
    expect(rows.filter(has_text="agent_key_revoked").filter(has_text=key.label)).to_have_count(1)
    check_page(page, size, "audit-search")

    page.goto(f"{server.url}/account/security/")
    check_page(page, size, "security")
    page.context.close()
    with database(django_db_blocker):
        assert AuditEntry.objects.filter(action="alert_acknowledged", details__alert_id=alert.id).exists()


def test_the_reviewers_free_text_never_reaches_the_agent(demo: Any, browser: Any, django_db_blocker: Any) -> None:
    from playwright.sync_api import expect

    server, _, credentials = demo
    agent_key = fresh_agent_key(django_db_blocker)
    held = agent_hold(server, agent_key, amount=1_100_000, to="external-002")
    note = f"private-note-{uuid.uuid4().hex[:8]}: her phone was stolen"
    page = new_page(browser, "desktop")
    sign_in(page, server, credentials, "reviewer", f"/review/{held['approval_id']}/")
    page.get_by_label("Reason", exact=True).fill(note)
    page.get_by_label("Reason code").select_option("suspected_fraud")
    with page.expect_navigation():
        page.get_by_role("button", name="Reject", exact=True).click()
    expect(page.locator(".messages .success")).to_contain_text("Rejected")
    # The reviewer pages keep the note; the agent sees only the outcome and the code.
    expect(page.locator("blockquote.reason")).to_contain_text(note)
    page.context.close()
    answer = httpx.get(f"{server.url}/api/v1/tool-calls/{held['id']}", headers=bearer(agent_key), timeout=30).json()
    assert answer["status"] == "rejected"
    assert "suspected_fraud" in json.dumps(answer["tool_message"])
    assert note not in json.dumps(answer), "the reviewer's free text reached the agent"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_other_pages_pass_axe_and_fit_the_screen(
    demo: Any, browser: Any, django_db_blocker: Any, size: str
) -> None:
    server, _, credentials = demo
    with database(django_db_blocker):
        entry = AuditEntry.objects.filter(action="agent_key_issued").order_by("-id").first()
        assert entry is not None
    page = new_page(browser, size)
    page.goto(f"{server.url}/accounts/login/")
    check_page(page, size, "sign-in")
    sign_in(page, server, credentials, "compliance", "/")
    check_page(page, size, "home")
    for name, path in [
        ("audit-entry", f"/audit/entries/{entry.id}/"),
        ("audit-customer-timeline", "/audit/?customer=user-123"),
        ("audit-alert-filter", "/audit/alerts/?rule=injection_spike"),
    ]:
        page.goto(f"{server.url}{path}")
        check_page(page, size, name)
    page.context.close()
    page = new_page(browser, size)
    sign_in(page, server, credentials, "reviewer", "/review/?state=rejected")
    check_page(page, size, "review-rejected")
    page.goto(f"{server.url}/audit/")
    check_page(page, size, "forbidden")
    page.context.close()
