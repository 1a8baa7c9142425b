"""Compliance API: search and export the audit log, and prove it: checkpoints, inclusion and consistency proofs."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import StreamingHttpResponse
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from toolguard_verify.note import b64

from audit import tree
from audit.export import csv_lines, export_proof, jsonl_lines
from audit.models import Alert, AuditEntry
from audit.selectors import EXACT_FILTERS, InvalidFilter, alerts_filtered, audit_ids, audit_iter, audit_page
from audit.serializers import AuditEntrySerializer, AuditPageSerializer
from core.api import ErrorResponseSerializer, error_body, error_responses
from core.replica import reading_alias
from people.auth import PEOPLE_FIRST, IsCompliance

FILTER_PARAMETERS = [
    *(OpenApiParameter(name, str) for name in EXACT_FILTERS),
    OpenApiParameter("since", str, description="ISO 8601 date or time, inclusive"),
    OpenApiParameter("until", str, description="ISO 8601 date or time, inclusive"),
]
ERRORS = error_responses(400, 401, 403)
# The filters an export states in its signed header, so a verifier knows what it was asked for.
EXPORT_FILTERS = (*EXACT_FILTERS, "since", "until")


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
            page = audit_page(request.query_params, limit=limit, using=reading_alias())
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
            # One checkpoint for the whole export, made before the rows are listed (audit.export).
            params = request.query_params
            export_filter = {name: params[name] for name in EXPORT_FILTERS if name in params}
            # Rows come from the standby when there is one; the proof (and the
            # checkpoint it may sign) from the primary, whose tree covers them.
            alias = reading_alias()
            proof = export_proof(audit_ids(request.query_params, using=alias), export_filter)
            entries = audit_iter(request.query_params, using=alias)
            lines = csv_lines(entries, proof) if fmt == "csv" else jsonl_lines(entries, proof)
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


# --- the Merkle tree: thin views over audit.tree --------------------------------------------


class CheckpointSerializer(serializers.Serializer):
    checkpoint = serializers.CharField(help_text="the C2SP tlog-checkpoint signed note: origin, size, base64 root")
    size = serializers.IntegerField()
    root_hash = serializers.CharField(help_text="base64")


class InclusionProofSerializer(serializers.Serializer):
    leaf_index = serializers.IntegerField()
    tree_size = serializers.IntegerField()
    leaf_hash = serializers.CharField(help_text="base64 of SHA-256(0x00 || the entry's hash)")
    inclusion_path = serializers.ListField(child=serializers.CharField(help_text="base64"))


class ConsistencyProofSerializer(serializers.Serializer):
    from_ = serializers.IntegerField()
    to = serializers.IntegerField()
    consistency_path = serializers.ListField(child=serializers.CharField(help_text="base64"))

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")  # a Python keyword, so named here
        return fields


class InvalidSize(ValueError):
    pass


def _size(value: str | None, *, name: str, default: int | None = None) -> int:
    """A tree size from the query: an integer from 1 to the tree's size."""
    if value is None or value == "":
        if default is None:
            raise InvalidSize(f"{name} is required")
        return default
    try:
        size = int(value)
    except ValueError:
        raise InvalidSize(f"{name} must be an integer") from None
    if size < 1:
        raise InvalidSize(f"{name} must be at least 1")
    top = tree.tree_size()
    if size > top:
        raise InvalidSize(f"{name} {size} is larger than the tree ({top} entries)")
    return size


def _invalid_size(exc: InvalidSize) -> Response:
    return Response(error_body("invalid_size", str(exc)), status=400)


def _checkpoint_body(checkpoint: tree.Checkpoint) -> dict[str, object]:
    return {
        "checkpoint": checkpoint.note,
        "size": checkpoint.size,
        "root_hash": b64(checkpoint.root_hash),
    }


CHECKPOINT_NOT_FOUND = OpenApiResponse(
    ErrorResponseSerializer, description="checkpoint_not_found: no checkpoint signed at that size (or none yet)"
)


class CheckpointView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsCompliance]

    @extend_schema(
        operation_id="audit_checkpoint",
        summary="The latest signed checkpoint of the log's Merkle tree, or the one at ?size=N",
        parameters=[OpenApiParameter("size", int, description="a size a checkpoint was signed at; default latest")],
        responses={200: CheckpointSerializer, **error_responses(400, 401, 403), 404: CHECKPOINT_NOT_FOUND},
    )
    def get(self, request: Request) -> Response:
        raw = request.query_params.get("size")
        if raw is None:
            checkpoint = tree.checkpoint_latest()
        else:
            try:
                size = int(raw)
            except ValueError:
                return Response(error_body("invalid_size", "size must be an integer"), status=400)
            checkpoint = tree.checkpoint_at(size)
        if checkpoint is None:
            message = "no checkpoint signed yet" if raw is None else f"no checkpoint signed at size {raw}"
            return Response(error_body("checkpoint_not_found", message), status=404)
        return Response(_checkpoint_body(checkpoint))


class InclusionProofView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsCompliance]

    @extend_schema(
        operation_id="audit_inclusion_proof",
        summary="RFC 9162 inclusion proof of an entry in the tree of ?size=N (default: the latest checkpoint's)",
        parameters=[OpenApiParameter("size", int, description="tree size; default the latest checkpoint's")],
        responses={
            200: InclusionProofSerializer,
            400: OpenApiResponse(ErrorResponseSerializer, description="invalid_size: not an integer in 1..tree size"),
            404: OpenApiResponse(
                ErrorResponseSerializer,
                description="entry_not_found; entry_not_in_tree: the entry is not a leaf of a tree that size "
                "(written after it); checkpoint_not_found: no size given and no checkpoint yet",
            ),
            **error_responses(401, 403),
        },
    )
    def get(self, request: Request, entry_id: int) -> Response:
        entry = AuditEntry.objects.filter(id=entry_id).only("id", "hash").first()
        if entry is None:
            return Response(error_body("entry_not_found", "no such audit entry"), status=404)
        raw = request.query_params.get("size")
        latest = None
        if not raw:
            latest = tree.checkpoint_latest()
            if latest is None:
                return Response(error_body("checkpoint_not_found", "no checkpoint signed yet: pass size"), status=404)
        try:
            size = _size(raw, name="size", default=latest.size if latest else None)
        except InvalidSize as exc:
            return _invalid_size(exc)
        index = tree.leaf_index(entry.id)
        if index is None or index >= size:
            return Response(
                error_body(
                    "entry_not_in_tree",
                    f"entry {entry.id} is not in the tree of {size} entries",
                    {"entry_id": entry.id, "leaf_index": index, "tree_size": size},
                ),
                status=404,
            )
        return Response(
            {
                "leaf_index": index,
                "tree_size": size,
                "leaf_hash": b64(tree.entry_leaf_hash(entry)),
                "inclusion_path": tree.b64_hashes(tree.inclusion_path(index, size)),
            }
        )


class ConsistencyProofView(APIView):
    authentication_classes = PEOPLE_FIRST
    permission_classes = [IsCompliance]

    @extend_schema(
        operation_id="audit_consistency_proof",
        summary="RFC 9162 consistency proof: the tree of ?from=N entries is a prefix of the tree of ?to=M",
        parameters=[OpenApiParameter("from", int, required=True), OpenApiParameter("to", int, required=True)],
        responses={
            200: ConsistencyProofSerializer,
            400: OpenApiResponse(
                ErrorResponseSerializer,
                description="invalid_size: from and to must satisfy 1 <= from <= to <= tree size",
            ),
            **error_responses(401, 403),
        },
    )
    def get(self, request: Request) -> Response:
        try:
            old = _size(request.query_params.get("from"), name="from")
            new = _size(request.query_params.get("to"), name="to")
        except InvalidSize as exc:
            return _invalid_size(exc)
        if old > new:
            return Response(error_body("invalid_size", f"from {old} is larger than to {new}"), status=400)
        return Response({"from": old, "to": new, "consistency_path": tree.b64_hashes(tree.consistency_path(old, new))})
