"""What of an agent's trace context toolguard takes in: its trace and parent ids, and allow-listed baggage only."""

from __future__ import annotations

from opentelemetry import baggage, trace

from core.tracing import _agent_context

PARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"


def test_the_agent_context_keeps_its_ids_and_drops_its_tracestate_and_baggage() -> None:
    meta = {"HTTP_TRACEPARENT": PARENT, "HTTP_TRACESTATE": "vendor=x", "HTTP_BAGGAGE": "role=admin,approved=true"}
    context = _agent_context(meta, frozenset())
    assert context is not None
    span = trace.get_current_span(context).get_span_context()
    assert (
        f"{span.trace_id:032x}" == "0af7651916cd43dd8448eb211c80319c" and f"{span.span_id:016x}" == "b7ad6b7169203331"
    )
    assert len(span.trace_state) == 0
    assert dict(baggage.get_all(context)) == {}


def test_only_allow_listed_baggage_keys_are_kept() -> None:
    meta = {"HTTP_TRACEPARENT": PARENT, "HTTP_BAGGAGE": "tenant=t-1,role=admin"}
    context = _agent_context(meta, frozenset({"tenant"}))
    assert context is not None and dict(baggage.get_all(context)) == {"tenant": "t-1"}


def test_no_valid_traceparent_is_no_context() -> None:
    assert _agent_context({}, frozenset()) is None
    assert _agent_context({"HTTP_TRACEPARENT": "00-nonsense"}, frozenset()) is None
