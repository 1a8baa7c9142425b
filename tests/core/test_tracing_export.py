"""toolguard's calls are encoded for OTLP exactly as the SDK's own encoder encodes the same spans.

core/tracing_export.py writes the protobuf request itself (a whole call at a
time, off the SDK's per-span path); the reference here is the SDK's
`encode_spans` given a ReadableSpan for each recorded span. The live path,
through a receiver in its own process: tests/toolguard/test_tracing_live.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from opentelemetry import context as otel_context
from opentelemetry import propagate
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, Status, TracerProvider
from opentelemetry.sdk.trace.sampling import ALWAYS_ON
from opentelemetry.sdk.util.instrumentation import InstrumentationScope
from opentelemetry.trace import SpanContext, SpanKind, StatusCode, TraceFlags, TraceState

from core import tracing
from core.tracing_export import CallProcessor, FinishedCall, encode_calls, encode_resource

RESOURCE = Resource.create({"service.name": "toolguard-test", "deployment.environment": "test", "host.cpus": 2})


class Captured:
    """Stands in for the batch processor: keeps what the recorder queues."""

    def __init__(self) -> None:
        self.items: list[Any] = []

    def queue(self, item: Any) -> None:
        self.items.append(item)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Captured:
    captured = Captured()
    provider = TracerProvider(resource=RESOURCE, sampler=ALWAYS_ON)
    monkeypatch.setattr(tracing, "_recorder", tracing._Recorder(provider, captured))
    return captured


def as_sdk_spans(call: FinishedCall) -> list[ReadableSpan]:
    """The same spans as the SDK's ReadableSpans (how they were exported before)."""
    flags = TraceFlags(TraceFlags.SAMPLED)
    state = TraceState.from_header([call.state]) if call.state else None
    contexts = {span[0]: SpanContext(call.trace_id, span[0], False, flags, state) for span in call.spans}
    outer = SpanContext(call.trace_id, call.parent_id, call.parent_remote, flags, state) if call.parent_id else None
    return [
        ReadableSpan(
            name=name,
            context=contexts[span_id],
            parent=contexts[parent_id] if parent_id else outer,
            resource=RESOURCE,
            attributes={key: list(value) if isinstance(value, tuple) else value for key, value in attributes},
            kind=SpanKind(kind),
            status=Status(StatusCode.ERROR) if failed else Status(StatusCode.UNSET),
            start_time=start,
            end_time=end,
            instrumentation_scope=InstrumentationScope(tracing.SCOPE),
        )
        for span_id, parent_id, name, kind, start, end, failed, attributes in call.spans
    ]


def one_call(*, traceparent: str | None, tracestate: str | None = None, fail: bool = False) -> None:
    carrier = {"traceparent": traceparent} if traceparent else {}
    if tracestate:
        carrier["tracestate"] = tracestate
    token = otel_context.attach(propagate.extract(carrier))
    try:
        with tracing.stage_before_call(tracing.AUTHENTICATE):
            pass
        with tracing.call_span(tool="transfer_funds", requested="transfer_funds", tool_call_id="call_1") as span:
            for name in (tracing.VALIDATE, tracing.DETECT, tracing.POLICY, tracing.APPROVAL_GATE):
                with tracing.stage(name):
                    pass
            with tracing.stage(tracing.EXECUTE), tracing.stage(tracing.UPSTREAM_DISPATCH, client=True) as sent:
                assert sent is not None
                sent.set_attributes({"toolguard.upstream.kind": "http", "http.response.status_code": 502})
                sent.set_attribute("toolguard.upstream.retryable", True)
                sent.set_attribute("toolguard.upstream.seconds", 0.25)
            with tracing.stage(tracing.AUDIT):
                pass
            tracing.call_outcome(
                span,
                toolguard_id="01JTOOLCALL",
                status="failed" if fail else "completed",
                http_status=502 if fail else 200,
                error_code="upstream_failed" if fail else None,
                rules=["limits.session", "detection.model"] if fail else [],
                arguments=None,
            )
            if fail:
                with pytest.raises(RuntimeError), tracing.stage(tracing.AUDIT):
                    raise RuntimeError("a message that may quote an argument")
    finally:
        otel_context.detach(token)


def test_calls_encode_as_the_sdk_encodes_their_spans(recorder: Captured) -> None:
    one_call(traceparent="00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", tracestate="vendor=a,other=b")
    one_call(traceparent=None, fail=True)
    one_call(traceparent="00-0af7651916cd43dd8448eb211c80319d-b7ad6b7169203332-01", fail=True)
    assert len(recorder.items) == 3
    assert [len(item.spans) for item in recorder.items] == [9, 10, 10]
    # Queued as plain values: the garbage collector need not walk them while they wait.
    assert all(type(item.spans) is tuple and all(type(span) is tuple for span in item.spans) for item in recorder.items)

    ours = encode_calls(recorder.items, encode_resource(RESOURCE), RESOURCE.schema_url, tracing.SCOPE)
    reference = encode_spans([span for item in recorder.items for span in as_sdk_spans(item)])
    assert ours.SerializeToString(deterministic=True) == reference.SerializeToString(deterministic=True)

    # What a collector reads: the agent's span is the call's parent, marked remote; a failed stage is an error.
    spans = ours.resource_spans[0].scope_spans[0].spans
    first_call = next(span for span in spans if span.name == "execute_tool transfer_funds")
    assert first_call.parent_span_id.hex() == "b7ad6b7169203331"
    assert first_call.trace_state == "vendor=a,other=b"
    assert first_call.flags == 0x300
    assert {span.status.code for span in spans} == {0, 2}


def test_only_a_call_is_queued_by_the_call_processor() -> None:
    queued: list[Any] = []

    class Exporter:
        def export(self, items: list[Any]) -> Any:
            queued.extend(items)

        def shutdown(self) -> None:
            pass

    processor = CallProcessor(Exporter())  # type: ignore[arg-type]
    try:
        provider = TracerProvider(resource=RESOURCE)
        provider.add_span_processor(processor)
        with provider.get_tracer("another-library").start_as_current_span("not toolguard's"):
            pass
        call = FinishedCall(7, "", 0, False, ((9, 0, "execute_tool", 0, 1, 2, False, ()),))
        processor.queue(call)
        processor.force_flush()
        assert queued == [call]
    finally:
        processor.shutdown()
