"""One write path: every entry, the benchmark generator's too, goes through the one chain insert.

The generator lives in benchgen, installed only with TOOLGUARD_BENCH_APPS=1:
a production deployment has no command that appends backdated entries.
"""

from __future__ import annotations

import itertools
import re
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Max, Min
from django.utils import timezone

from audit.models import Alert, AuditEntry
from audit.services import audit_chain_insert
from audit.verify import audit_chain_verify
from benchgen.management.commands.audit_generate import Command as AuditGenerate
from tests.audit.entries import append, event
from tests.live import ROOT

pytestmark = pytest.mark.django_db


def generate(*args: str, stdout: Any = None) -> None:
    # benchgen is not installed in the test settings (nor in production): run its command object directly.
    call_command(AuditGenerate(), *args, stdout=stdout or StringIO())


def test_audit_generate_is_not_a_production_command() -> None:
    with pytest.raises(CommandError, match="Unknown command: 'audit_generate'"):
        call_command("audit_generate", "--entries", "10")


CHAIN_WRITERS = {"audit/services.py", "audit/migrations/0013_chain_append_function.py"}


def test_nothing_but_the_chain_insert_writes_the_audit_table() -> None:
    writes = re.compile(
        r"AuditEntry(\.objects)?\.(create|bulk_create|save)|AuditEntry\(.*\)\.save|"
        r"(INSERT INTO|COPY)\s+\"?audit_auditentry",
        re.IGNORECASE,
    )
    found = []
    for path in ROOT.glob("**/*.py"):
        relative = path.relative_to(ROOT).as_posix()
        # audit/services.py, and the database function it calls on PostgreSQL (audit_chain_append).
        if relative.startswith((".venv/", "tests/", "bench/")) or relative in CHAIN_WRITERS:
            continue
        found += [f"{relative}: {m.group(0)}" for m in writes.finditer(path.read_text())]
    assert found == []


def test_a_backdated_generator_batch_is_redacted_and_alerted_like_any_other() -> None:
    earlier = timezone.now() - timedelta(days=3)
    key = "tg_0123456789ab_" + "s" * 24
    entries = audit_chain_insert(
        [
            event("tool_call_received", details={"memo": f"pay {key}"}),
            event("idempotency_mismatch", "blocked", idempotency_key="k-mismatch-1"),
        ],
        at=[earlier, earlier + timedelta(seconds=1)],
    )
    stored = AuditEntry.objects.get(id=entries[0].id)
    assert key not in str(stored.details) and "[redacted]" in stored.details["memo"]
    assert stored.timestamp == earlier
    assert Alert.objects.filter(rule="idempotency_mismatch", entry_id=entries[1].id).exists()
    assert audit_chain_verify()[0] is None


def test_it_appends_a_valid_chain_with_a_realistic_mix() -> None:
    [before] = append(event())
    out = StringIO()
    generate("--entries", "3000", stdout=out)
    assert "appended 3000 audit entries" in out.getvalue()
    generated = AuditEntry.objects.filter(id__gt=before.id)
    assert generated.count() == 3000
    assert generated.order_by("id").first().prev_hash == before.hash  # type: ignore[union-attr]
    assert audit_chain_verify()[0] is None
    assert generated.values("actor").distinct().count() > 50
    assert generated.values("session_id").distinct().count() > 100
    assert set(generated.values_list("tool", flat=True)) >= {"transfer_funds", "check_balance", "list_transactions"}
    assert set(generated.values_list("result", flat=True)) == {"success", "failure", "blocked", "pending"}
    assert generated.values("action").distinct().count() >= 10
    span = generated.aggregate(first=Min("timestamp"), last=Max("timestamp"))
    assert span["last"] - span["first"] > timedelta(days=29)


def test_generated_entries_follow_the_redaction_policy() -> None:
    generate("--entries", "500", "--seed", "3")
    for details in AuditEntry.objects.filter(action="injection_blocked").values_list("details", flat=True):
        assert set(details) == {"field", "category", "length", "sha256"}


def test_it_refuses_nonsense() -> None:
    with pytest.raises(CommandError):
        generate("--entries", "0")


def test_the_skewed_mix_has_a_few_dominant_agents_and_a_long_tail() -> None:
    [before] = append(event())
    generate("--entries", "4000", "--mix", "skewed")
    per_actor = sorted(
        (
            len(list(group))
            for _, group in itertools.groupby(
                AuditEntry.objects.filter(id__gt=before.id, actor_type="agent")
                .order_by("actor")
                .values_list("actor", flat=True)
            )
        ),
        reverse=True,
    )
    agent_entries = sum(per_actor)
    assert per_actor[0] > agent_entries * 0.1  # the busiest agent writes over a tenth
    assert sum(1 for n in per_actor if n < agent_entries * 0.005) > 50  # a long tail of quiet agents
