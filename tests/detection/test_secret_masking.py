"""A secret pasted into a memo is masked where arguments are made storable.

Before, the audit log masked it but the transfer kept it raw: shown on the
review page, in the approvals API, and returned to the other customer's
agent by list_transactions.
"""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.test import Client

from approvals.models import ApprovalRequest
from banking.models import Transfer
from core.models import ToolCall
from core.secret_shapes import MASK, SECRET_SHAPES, mask_secrets, mask_secrets_in_text
from tests.conftest import Bank, agent_client, person_client, transfer_call

pytestmark = pytest.mark.django_db

EXAMPLES = [(shape.id, example) for shape in SECRET_SHAPES for example in shape.examples]


@pytest.mark.parametrize(("shape", "example"), EXAMPLES)
def test_every_documented_shape_masks_its_examples(shape: str, example: str) -> None:
    masked = mask_secrets_in_text(f"note: {example} thanks")
    assert MASK in masked, shape
    assert masked.endswith(" thanks")


@pytest.mark.parametrize(
    "text",
    ["rent for March", "invoice INV-2026-0042", "basic subscription", "sk-short", "see https://bank.example/help"],
)
def test_ordinary_memos_are_left_alone(text: str) -> None:
    assert mask_secrets_in_text(text) == text


def test_masking_keeps_structure_and_keys() -> None:
    value = {"token_count": 3, "items": ["tgp_abcdefghijklmnopqrstu", 5, None], "nested": {"a": "fine"}}
    assert mask_secrets(value) == {"token_count": 3, "items": [MASK, 5, None], "nested": {"a": "fine"}}


def test_a_key_in_a_memo_never_reaches_the_other_customer(bank: Bank) -> None:
    memo = f"fwd {bank.alice_key} and ghp_abcdefghijklmnopqrstuvwxyz0123456789"
    response = agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key="leak1", to="bobext1", amount=500, memo=memo), format="json"
    )
    assert response.status_code == 200, response.json()
    transfer = Transfer.objects.get()
    assert transfer.memo == f"fwd {MASK} and {MASK}"
    assert bank.alice_key not in str(ToolCall.objects.get(id=response.json()["id"]).arguments)

    listed = agent_client(bank.bob_key).post(
        "/api/v1/tool-calls",
        {"name": "list_transactions", "arguments": {"account_id": "bobext1"}, "session_id": "bob-s"},
        format="json",
    )
    assert listed.status_code == 200
    text = listed.content.decode()
    assert MASK in text
    assert bank.alice_key not in text and "ghp_abcdefghijklmnop" not in text


def test_a_key_in_a_held_memo_is_masked_on_the_review_page_and_the_approvals_api(bank: Bank) -> None:
    memo = f"my key {bank.alice_key}"
    held = agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key="leak2", amount=2_000_000, memo=memo), format="json"
    )
    assert held.status_code == 202, held.json()
    approval = ApprovalRequest.objects.get(id=held.json()["approval_id"])
    assert approval.arguments["memo"] == f"my key {MASK}"

    page = Client()
    page.force_login(bank.reviewer)
    html = page.get(f"/review/{approval.id}/").content.decode()
    assert bank.alice_key not in html and MASK in html

    api = person_client(bank.reviewer)
    for url in (f"/api/v1/approvals/{approval.id}", "/api/v1/approvals?status=pending"):
        text = api.get(url).content.decode()
        assert bank.alice_key not in text, url

    # Approving runs exactly what was shown: the masked memo.
    decided = api.post(f"/api/v1/approvals/{approval.id}/decision", {"decision": "approve"}, format="json")
    assert decided.status_code == 200, decided.json()
    assert Transfer.objects.get(id=held.json()["result"]["transfer_id"]).memo == f"my key {MASK}"


def test_a_retry_with_the_same_pasted_key_replays_without_a_mismatch(bank: Bank) -> None:
    body = transfer_call(key="leak3", to="savings", amount=700, memo=f"k {bank.alice_key}")
    agent = agent_client(bank.alice_key)
    first = agent.post("/api/v1/tool-calls", body, format="json")
    again = agent.post("/api/v1/tool-calls", body, format="json")
    assert first.status_code == again.status_code == 200
    assert again.json()["replayed"] is True and again.json()["arguments_mismatch"] is False
    assert Transfer.objects.count() == 1


def test_the_migration_masks_memos_stored_before_this_release(bank: Bank) -> None:
    mask_memos = importlib.import_module("banking.migrations.0003_mask_secrets_in_memos").mask_memos
    agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key="old1", to="bobext1", amount=300, memo="plain"), format="json"
    )
    # As a transfer from before the masking was written.
    Transfer.objects.update(memo=f"old {bank.alice_key}")
    mask_memos(apps, None)
    assert Transfer.objects.get().memo == f"old {MASK}"
