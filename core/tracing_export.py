"""OTLP/HTTP export of toolguard's calls, a whole call at a time (docs/operations.md, "Tracing with OpenTelemetry").

Imported only when tracing is on (core.tracing.tracing_setup). A call's
spans are queued as one item of plain values (FinishedCall), and encoded in
the batch processor's thread straight into the OTLP protobuf request. The
SDK's path (a ReadableSpan per span, queued one by one, then its generic
encoder) cost about 0.13 ms of CPU per call of seven spans; this one about
0.02 ms. The request is the one the SDK's encoder makes for the same spans,
byte for byte (tests/core/test_tracing_export.py); sending it (endpoint,
headers, TLS, compression, timeout, retries: the OTEL_EXPORTER_OTLP_*
variables) is the SDK exporter's own.

Other libraries' spans (the MCP SDK's client spans) take the SDK's usual path.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue
from opentelemetry.proto.resource.v1.resource_pb2 import Resource as ResourceMessage
from opentelemetry.proto.trace.v1.trace_pb2 import SpanFlags, Status
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExportResult

logger = logging.getLogger(__name__)

# A span's flags say whether its parent is remote (the agent's span), as the SDK's encoder sets them.
LOCAL_PARENT: int = SpanFlags.SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK
REMOTE_PARENT: int = LOCAL_PARENT | SpanFlags.SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK


def set_value(target: AnyValue, value: Any) -> None:
    """An attribute's value as OTLP's AnyValue, typed as the SDK's encoder types it."""
    if isinstance(value, bool):
        target.bool_value = value
    elif isinstance(value, str):
        target.string_value = value
    elif isinstance(value, int):
        target.int_value = value
    elif isinstance(value, float):
        target.double_value = value
    elif isinstance(value, bytes):
        target.bytes_value = value
    elif isinstance(value, Mapping):
        entries = target.kvlist_value.values
        for key, item in value.items():
            set_value(entries.add(key=str(key)).value, item)
    elif isinstance(value, Sequence):
        items = target.array_value.values
        for item in value:
            set_value(items.add(), item)
    else:
        raise TypeError(f"an attribute cannot hold a {type(value).__name__}")


def encode_resource(resource: Resource) -> ResourceMessage:
    message = ResourceMessage()
    for key, value in resource.attributes.items():
        set_value(message.attributes.add(key=key).value, value)
    return message


# One span of a finished call: span id, parent span id (0: the call's outer parent),
# name, kind (SpanKind's value), start and end (ns), failed, attributes.
SpanValues = tuple[int, int, str, int, int, int, bool, tuple[tuple[str, Any], ...]]


class FinishedCall(NamedTuple):
    """A finished call's spans as plain values, queued for export (core.tracing._Recorder.export)."""

    trace_id: int
    state: str  # the trace state as its header, "" for none
    parent_id: int  # the outer parent's span id (the agent's), 0 for none
    parent_remote: bool
    spans: tuple[SpanValues, ...]


def encode_calls(
    calls: Sequence[FinishedCall], resource: ResourceMessage, resource_schema_url: str, scope: str
) -> ExportTraceServiceRequest:
    """One OTLP request holding every span of these calls, in order, under one resource and scope."""
    request = ExportTraceServiceRequest()
    resource_spans = request.resource_spans.add(schema_url=resource_schema_url)
    resource_spans.resource.CopyFrom(resource)
    scope_spans = resource_spans.scope_spans.add()
    scope_spans.scope.name = scope
    add = scope_spans.spans.add
    for call in calls:
        trace_id = call.trace_id.to_bytes(16, "big")
        outer_id = call.parent_id.to_bytes(8, "big") if call.parent_id else b""
        outer_flags = REMOTE_PARENT if call.parent_remote else LOCAL_PARENT
        for span_id, parent_id, name, kind, start, end, failed, attributes in call.spans:
            message = add(
                trace_id=trace_id,
                span_id=span_id.to_bytes(8, "big"),
                trace_state=call.state,
                parent_span_id=parent_id.to_bytes(8, "big") if parent_id else outer_id,
                name=name,
                kind=kind + 1,  # OTLP's SpanKind counts from SPAN_KIND_UNSPECIFIED = 0
                start_time_unix_nano=start,
                end_time_unix_nano=end,
                flags=LOCAL_PARENT if parent_id else outer_flags,
            )
            if failed:
                message.status.code = Status.STATUS_CODE_ERROR
            else:
                message.status.SetInParent()  # the SDK sends an unset status, not none
            if attributes:
                added = message.attributes
                for key, value in attributes:
                    set_value(added.add(key=key).value, value)
    return request


class CallExporter(OTLPSpanExporter):
    """The SDK's OTLP/HTTP span exporter, given whole calls (FinishedCall) to encode."""

    def __init__(self, resource: Resource, scope: str) -> None:
        super().__init__()
        self.resource = encode_resource(resource)
        self.resource_schema_url = resource.schema_url
        self.scope = scope

    def export(self, spans: Sequence[Any]) -> SpanExportResult:
        if self._shutdown:
            return SpanExportResult.FAILURE
        try:
            data = encode_calls(spans, self.resource, self.resource_schema_url, self.scope).SerializePartialToString()
        except Exception:
            logger.exception("toolguard's spans could not be encoded")
            return SpanExportResult.FAILURE
        return SpanExportResult.SUCCESS if self._client.export(data).success else SpanExportResult.FAILURE


class CallProcessor(BatchSpanProcessor):
    """The batch processor (OTEL_BSP_*) of toolguard's calls: one queued item per call, not per span.

    Registered with the tracer provider so that its flush and shutdown (at
    exit) cover these calls too; the provider's own spans pass it by. Its queue
    and batch sizes (OTEL_BSP_MAX_QUEUE_SIZE, OTEL_BSP_MAX_EXPORT_BATCH_SIZE)
    therefore count calls, each a handful of spans.
    """

    def on_end(self, span: ReadableSpan) -> None:
        """Other libraries' spans (the SDK's usual path) are the other processor's."""

    def queue(self, call: FinishedCall) -> None:
        """A finished call, queued for the next batch (only sampled calls are recorded)."""
        self._batch_processor.emit(call)  # type: ignore[arg-type]
