"""GET /api/v1/audit/<id>/receipt: an entry, its inclusion proof and the signed checkpoint.

Compliance staff may fetch any entry's receipt. An agent may fetch the
receipts of its own customer's entries: its answers tell it to keep them,
so that it can later prove what toolguard recorded without trusting toolguard.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit.models import AuditEntry
from audit.receipts import ReceiptUnavailable, receipt_build
from core.agents import is_agent
from core.api import error_body, error_responses
from core.models import AgentKey
from people.auth import PEOPLE_FIRST, IsCompliance


class ReceiptSerializer(serializers.Serializer):
    entry = serializers.JSONField(help_text="The entry's exported fields with prev_hash and hash")
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
        if isinstance(request.auth, AgentKey):
            # Another customer's entry looks missing, as their tool calls do.
            entries = entries.filter(customer=request.auth.customer.external_id)
        entry = entries.first()
        if entry is None:
            return Response(error_body("entry_not_found", "no such audit entry"), status=404)
        try:
            return Response(receipt_build(entry))
        except ReceiptUnavailable as exc:
            return Response(error_body(exc.code, exc.message, {"entry_id": entry.id}), status=exc.http_status)
