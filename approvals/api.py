"""Reviewer API: list, read and decide approval requests."""

from __future__ import annotations

from django.contrib.auth.models import User
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from approvals.models import ApprovalRequest
from approvals.serializers import ApprovalSerializer, DecisionInputSerializer, DecisionOutputSerializer
from approvals.services import DecisionRefused, approval_decide, reviewer_label
from audit.receipts import decision_reference
from core.api import error_body, error_responses
from people import stepup
from people.auth import PEOPLE_FIRST, IsReviewer


class ApprovalListView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsReviewer]

    @extend_schema(
        operation_id="approvals_list",
        parameters=[OpenApiParameter("status", str, enum=list(ApprovalRequest.Status.values))],
        responses={200: ApprovalSerializer(many=True), **error_responses(400, 401, 403)},
    )
    def get(self, request: Request) -> Response:
        status = request.query_params.get("status", "pending")
        if status not in ApprovalRequest.Status.values:
            return Response(error_body("malformed_request", "unknown status"), status=400)
        approvals = (
            ApprovalRequest.objects.filter(status=status)
            .select_related("customer")
            .prefetch_related("decisions")
            .order_by("created_at")[:200]
        )
        return Response(ApprovalSerializer(approvals, many=True).data)


class ApprovalDetailView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsReviewer]

    @extend_schema(
        operation_id="approvals_retrieve", responses={200: ApprovalSerializer, **error_responses(401, 403, 404)}
    )
    def get(self, request: Request, approval_id: str) -> Response:
        approval = ApprovalRequest.objects.select_related("customer").filter(id=approval_id).first()
        if approval is None:
            raise exceptions.NotFound("no such approval request")
        return Response(ApprovalSerializer(approval).data)


class ApprovalDecisionView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsReviewer]

    @extend_schema(
        operation_id="approvals_decide",
        request=DecisionInputSerializer,
        # 409: already_decided, already_decided_by_you, expired, stale_version; 403 also own_request,
        # step_up_required and step_up_failed.
        responses={200: DecisionOutputSerializer, **error_responses(400, 401, 403, 404, 409, 415)},
    )
    def post(self, request: Request, approval_id: str) -> Response:
        serializer = DecisionInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # Only a request signed in by its session may lean on that session's
        # earlier step-up; Basic and personal-token requests bring the code.
        proof = stepup.step_up_proof(request, token=serializer.validated_data.get("otp", ""))
        try:
            approval = approval_decide(
                approval_id=approval_id, reviewer=_reviewer(request), step_up=proof, **serializer.validated()
            )
        except DecisionRefused as exc:
            details = {"status": exc.approval.status, "version": exc.approval.version} if exc.approval else None
            return Response(error_body(exc.code, _api_wording(exc.message), details), status=exc.http_status)
        approval = ApprovalRequest.objects.select_related("customer").get(id=approval.id)
        body = dict(ApprovalSerializer(approval).data)
        body["audit"] = decision_reference(
            approval_id=str(approval.id), reviewer_label=reviewer_label(_reviewer(request))
        )
        return Response(body)


def _api_wording(message: str) -> str:
    """Name the field a script puts the code in."""
    return f"{message} in `otp`" if message == stepup.NEEDS_CODE else message


def _reviewer(request: Request) -> User:
    """The signed-in reviewer: IsReviewer has already refused anyone else."""
    user = request.user
    assert isinstance(user, User), "IsReviewer admits only signed-in users"
    return user
