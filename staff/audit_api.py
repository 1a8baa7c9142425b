"""Compliance API: search and export the audit log."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import StreamingHttpResponse
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit.export import csv_lines, jsonl_lines
from audit.models import Alert
from audit.selectors import EXACT_FILTERS, InvalidFilter, alerts_filtered, audit_iter, audit_page
from audit.serializers import AuditEntrySerializer, AuditPageSerializer
from core.api import error_body, error_responses
from people.auth import PEOPLE_FIRST, IsCompliance

FILTER_PARAMETERS = [
    *(OpenApiParameter(name, str) for name in EXACT_FILTERS),
    OpenApiParameter("since", str, description="ISO 8601 date or time, inclusive"),
    OpenApiParameter("until", str, description="ISO 8601 date or time, inclusive"),
]
ERRORS = error_responses(400, 401, 403)


class AuditListView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsCompliance]

    @extend_schema(
        operation_id="audit_list",
        parameters=[
            *FILTER_PARAMETERS,
            OpenApiParameter("cursor", str, description="next_cursor of the previous page: older entries"),
            OpenApiParameter("before", str, description="previous_cursor of a page: the newer entries before it"),
            OpenApiParameter("limit", int, description="1..500, default 50"),
        ],
        responses={200: AuditPageSerializer, **ERRORS},
    )
    def get(self, request: Request) -> Response:
        try:
            limit = min(max(int(request.query_params.get("limit", 50)), 1), 500)
            page = audit_page(request.query_params, limit=limit)
        except (InvalidFilter, ValueError) as exc:
            return Response(error_body("invalid_filter", str(exc)), status=400)
        return Response(
            {
                "results": AuditEntrySerializer(page.entries, many=True).data,
                "next_cursor": page.next_cursor,
                "previous_cursor": page.previous_cursor,
            }
        )


class AuditExportView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsCompliance]

    @extend_schema(
        operation_id="audit_export",
        parameters=[*FILTER_PARAMETERS, OpenApiParameter("format", str, enum=["csv", "jsonl"])],
        responses={
            (200, "text/csv"): OpenApiResponse(str),
            (200, "application/x-ndjson"): OpenApiResponse(str),
            **ERRORS,
        },
    )
    def get(self, request: Request) -> Response | StreamingHttpResponse:
        fmt = request.query_params.get("format", "csv")
        if fmt not in ("csv", "jsonl"):
            return Response(error_body("invalid_filter", "format must be csv or jsonl"), status=400)
        try:
            entries = audit_iter(request.query_params)
            lines = csv_lines(entries) if fmt == "csv" else jsonl_lines(entries)
            first = next(lines)  # surfaces a bad filter as a 400 before streaming starts
        except InvalidFilter as exc:
            return Response(error_body("invalid_filter", str(exc)), status=400)
        except StopIteration:
            first = ""

        def stream() -> Iterator[str]:
            yield first
            yield from lines

        content_type = "text/csv; charset=utf-8" if fmt == "csv" else "application/x-ndjson"
        response = StreamingHttpResponse(stream(), content_type=content_type)
        stamp = timezone.now().strftime("%Y%m%dT%H%M%SZ")
        response["Content-Disposition"] = f'attachment; filename="audit-{stamp}.{fmt}"'
        return response


class AlertSerializer(serializers.ModelSerializer):
    class Meta:
        model = Alert
        fields = ["id", "rule", "severity", "subject", "customer", "session_id", "details", "created_at"]


class AlertListView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsCompliance]

    @extend_schema(
        operation_id="audit_alerts_list",
        parameters=[OpenApiParameter("session", str), OpenApiParameter("rule", str)],
        responses={200: AlertSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        try:
            alerts = alerts_filtered(request.query_params)
        except InvalidFilter as exc:
            return Response(error_body("invalid_filter", str(exc)), status=400)
        return Response(AlertSerializer(alerts, many=True).data)
