"""GET /api/v1/audit/<id>/receipt: an entry, its inclusion proof and the signed checkpoint.

Compliance staff may fetch any entry's receipt: the whole entry. An agent
may fetch the receipts of the entries about its own calls (those its answers
name; another principal's, even of its customer, look missing), and gets the
agent's view (audit.receipts.receipt_agent_view): the proof that the leaf
hash its answer carried is in the signed log, with no more of the entry than
its answers said (issue 36).
"""

from __future__ import annotations

import uuid
from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit.models import AuditEntry
from audit.receipts import ReceiptUnavailable, receipt_agent_view, receipt_build
from core.agents import is_agent
from core.api import error_body, error_responses
from core.models import AgentKey, ToolCall
from people.auth import PEOPLE_FIRST, IsCompliance


class ReceiptSerializer(serializers.Serializer):
    audience = serializers.CharField(
        required=False, help_text="\"agent\" for an agent's receipt; absent on the whole entry's (compliance staff)"
    )
    entry = serializers.JSONField(
        help_text="The entry's exported fields with prev_hash and hash; for an agent, only "
        "id, tool_call_id, tool, session_id, idempotency_key and approval_id (labels the hash does not prove)"
    )
    withheld = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="An agent's receipt: the entry fields it leaves out"
    )
    leaf_index = serializers.IntegerField()
    leaf_hash = serializers.CharField(help_text="base64")
    inclusion_path = serializers.ListField(child=serializers.CharField(help_text="base64"))
    checkpoint = serializers.CharField(help_text="The signed checkpoint (C2SP tlog-checkpoint) it is proved against")


class IsComplianceOrAgent(permissions.BasePermission):
    message = "only compliance staff, or the agent whose customer the entry is about, may fetch a receipt"

    def has_permission(self, request: Request, view: Any) -> bool:
        return is_agent(request) or IsCompliance().has_permission(request, view)


class ReceiptView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsComplianceOrAgent]

    @extend_schema(
        operation_id="audit_receipt",
        summary="An entry's receipt: the entry, its inclusion proof and the signed checkpoint (verify offline)",
        responses={
            200: ReceiptSerializer,
            404: OpenApiResponse(description="entry_not_found, entry_not_in_tree"),
            409: OpenApiResponse(description="not_yet_covered: no checkpoint covers the entry yet; ask again later"),
            **error_responses(401, 403),
        },
    )
    def get(self, request: Request, entry_id: int) -> Response:
        entries = AuditEntry.objects.filter(id=entry_id)
        agent = request.auth if isinstance(request.auth, AgentKey) else None
        if agent is not None:
            # Another customer's entry looks missing, as their tool calls do.
            entries = entries.filter(customer=agent.customer.external_id)
        entry = entries.first()
        if entry is None or (agent is not None and not _about_own_call(entry, agent)):
            # So does an entry about another principal's call, or about no call.
            return Response(error_body("entry_not_found", "no such audit entry"), status=404)
        try:
            receipt = receipt_build(entry)
        except ReceiptUnavailable as exc:
            return Response(error_body(exc.code, exc.message, {"entry_id": entry.id}), status=exc.http_status)
        return Response(receipt_agent_view(receipt) if agent is not None else receipt)


def _about_own_call(entry: AuditEntry, key: AgentKey) -> bool:
    """Whether the entry is about a call this key made: the entries an agent's answers name."""
    try:
        call_id = uuid.UUID(entry.tool_call_id)
    except (TypeError, ValueError):
        return False
    return ToolCall.objects.filter(id=call_id, agent_key=key).exists()
