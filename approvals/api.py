"""Reviewer API: list, read and decide approval requests."""

from __future__ import annotations

from django.contrib.auth.models import User
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from approvals.models import ApprovalRequest
from approvals.serializers import ApprovalSerializer, DecisionInputSerializer
from approvals.services import DecisionRefused, approval_decide
from people import stepup
from people.auth import PEOPLE_FIRST, IsReviewer
from core.api import error_body
from core.api import error_responses


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
        responses={200: ApprovalSerializer, **error_responses(400, 401, 403, 404, 409, 415)},
    )
    def post(self, request: Request, approval_id: str) -> Response:
        serializer = DecisionInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        refusal = _step_up_refusal(request, approval_id=approval_id, serializer=serializer)
        if refusal is not None:
            return refusal
        try:
            approval = approval_decide(approval_id=approval_id, reviewer=_reviewer(request), **serializer.validated())
        except DecisionRefused as exc:
            details = {"status": exc.approval.status, "version": exc.approval.version} if exc.approval else None
            return Response(error_body(exc.code, exc.message, details), status=exc.http_status)
        approval = ApprovalRequest.objects.select_related("customer").get(id=approval.id)
        return Response(ApprovalSerializer(approval).data)


def _step_up_refusal(request: Request, *, approval_id: str, serializer: DecisionInputSerializer) -> Response | None:
    """The same second-factor rule as the review page: a script cannot approve around it.

    A large approval needs the reviewer's TOTP code in `otp` unless this
    signed-in session checked the factor within the step-up window.
    """
    if serializer.validated_data["decision"] != "approve":
        return None
    cents = ApprovalRequest.objects.filter(id=approval_id).values_list("value_cents", flat=True).first()
    if cents is None or not stepup.step_up_needed(request, cents=cents):
        return None
    token = serializer.validated_data.get("otp", "")
    if stepup.totp_confirmed(_reviewer(request)) is None:
        return Response(
            error_body("step_up_required", "enrol a second factor before approving this amount"), status=403
        )
    if not token:
        return Response(
            error_body("step_up_required", "approving this amount needs your current TOTP code in `otp`"), status=403
        )
    if not stepup.factor_verify(request, user=_reviewer(request), token=token):
        return Response(error_body("step_up_failed", "the TOTP code did not match"), status=403)
    return None


def _reviewer(request: Request) -> User:
    """The signed-in reviewer: IsReviewer has already refused anyone else."""
    user = request.user
    assert isinstance(user, User), "IsReviewer admits only signed-in users"
    return user
