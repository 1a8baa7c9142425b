"""audit_generate: fast synthetic traffic that still forms one valid chain."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Max, Min

from audit.models import AuditEntry
from audit.services import audit_chain_verify
from tests.audit.conftest import append, event

pytestmark = pytest.mark.django_db


def test_it_appends_a_valid_chain_with_a_realistic_mix() -> None:
    [before] = append(event())
    out = StringIO()
    call_command("audit_generate", "--entries", "3000", stdout=out)
    assert "appended 3000 audit entries" in out.getvalue()
    generated = AuditEntry.objects.filter(id__gt=before.id)
    assert generated.count() == 3000
    assert generated.order_by("id").first().prev_hash == before.hash  # type: ignore[union-attr]
    assert audit_chain_verify()[0] is None
    assert generated.values("actor").distinct().count() > 100
    assert generated.values("session_id").distinct().count() > 100
    assert set(generated.values_list("tool", flat=True)) >= {"transfer_funds", "check_balance", "list_transactions"}
    assert set(generated.values_list("result", flat=True)) == {"success", "failure", "blocked", "pending"}
    assert generated.values("action").distinct().count() >= 10
    span = generated.aggregate(first=Min("timestamp"), last=Max("timestamp"))
    assert span["last"] - span["first"] > timedelta(days=29)


def test_generated_entries_follow_the_redaction_policy() -> None:
    call_command("audit_generate", "--entries", "500", "--seed", "3", stdout=StringIO())
    for details in AuditEntry.objects.filter(action="injection_blocked").values_list("details", flat=True):
        assert set(details) == {"field", "category", "length", "sha256"}


def test_it_refuses_nonsense() -> None:
    with pytest.raises(CommandError):
        call_command("audit_generate", "--entries", "0")
