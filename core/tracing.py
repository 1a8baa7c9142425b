"""OpenTelemetry traces of guarded calls (docs/operations.md, "Tracing with OpenTelemetry").

One span per guarded call (`execute_tool <name>`, the GenAI semantic
conventions' attributes for tool execution, the outcome and the rules that
decided it), a child span per stage, and the W3C `traceparent` carried in
from the agent and out to HTTP and MCP upstreams. Exported over OTLP/HTTP
(protobuf) by a batch processor whose thread sends off the request path.

Off unless settings.TOOLGUARD_TRACING (an OTLP endpoint is named): then no
SDK is set up, and every helper here returns at its first line with a shared
no-op, so a call pays nothing for tracing it does not use.

Argument values never go into a span unless TOOLGUARD_TRACE_ARGUMENTS: a
trace store is read by more people than the audit log, and kept by other rules.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.http import HttpRequest, HttpResponse
from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.trace import Span, SpanKind, StatusCode

# Stage names, as the issue and docs/operations.md list them: a dashboard filters on these.
AUTHENTICATE = "authenticate"
VALIDATE = "validate"
DETECT = "detect"
POLICY = "policy"
APPROVAL_GATE = "approval gate"
EXECUTE = "execute"
UPSTREAM_DISPATCH = "upstream dispatch"
AUDIT = "audit"

_NULL: contextlib.nullcontext[None] = contextlib.nullcontext()
# Set once per process by tracing_setup; None means off.
_tracer: trace.Tracer | None = None
# Stages that ran before the call's span could start (authentication comes
# before the body names the tool): (name, start ns, end ns), emitted as the
# call span's first children.
_pending: ContextVar[tuple[tuple[str, int, int], ...]] = ContextVar("toolguard_trace_pending", default=())


def tracing_setup() -> None:
    """Install the SDK's tracer provider for this process, once; nothing when tracing is off.

    Called from every process's start (CoreConfig.ready: each gunicorn worker
    and the qcluster). The batch processor re-creates its export thread in a
    forked child (django-q2's workers), so a provider made before a fork works after it.
    """
    global _tracer
    if _tracer is not None or not settings.TOOLGUARD_TRACING:
        return
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    # The exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT and
    # _COMPRESSION; the batch processor OTEL_BSP_*; the resource OTEL_RESOURCE_ATTRIBUTES.
    provider = TracerProvider(resource=Resource.create({"service.name": settings.OTEL_SERVICE_NAME}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    # Global too: the MCP SDK's client spans (and the traceparent it puts in
    # a request's _meta) then belong to the same trace.
    trace.set_tracer_provider(provider)
    _tracer = provider.get_tracer("toolguard")


def tracing_on() -> bool:
    return _tracer is not None


class _Stage:
    """A child span of whatever span is current, made current while the stage runs.

    An exception marks it failed by its type only: its message may quote an argument.
    """

    __slots__ = ("kind", "name", "span", "token")

    def __init__(self, name: str, kind: SpanKind) -> None:
        self.name = name
        self.kind = kind

    def __enter__(self) -> Span:
        assert _tracer is not None
        self.span = _tracer.start_span(self.name, kind=self.kind, record_exception=False)
        self.token = otel_context.attach(trace.set_span_in_context(self.span))
        return self.span

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        if kind is not None:
            self.span.set_status(StatusCode.ERROR)
            self.span.set_attribute("error.type", kind.__qualname__)
        self.span.end()
        otel_context.detach(self.token)


def stage(name: str, *, client: bool = False) -> contextlib.AbstractContextManager[Span | None]:
    """A stage of the current call as a child span (`client`: it sends a request elsewhere)."""
    if _tracer is None:
        return _NULL
    return _Stage(name, SpanKind.CLIENT if client else SpanKind.INTERNAL)


@contextlib.contextmanager
def _recorded(name: str) -> Iterator[None]:
    started = time.time_ns()
    try:
        yield
    finally:
        _pending.set((*_pending.get(), (name, started, time.time_ns())))


def stage_before_call(name: str) -> contextlib.AbstractContextManager[None]:
    """A stage that runs before the call's span exists (authentication); it becomes the span's first child."""
    if _tracer is None:
        return _NULL
    return _recorded(name)


class _CallSpan:
    __slots__ = ("span", "token")

    def __init__(self, span: Span) -> None:
        self.span = span

    def __enter__(self) -> Span:
        self.token = otel_context.attach(trace.set_span_in_context(self.span))
        return self.span

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        if kind is not None:
            self.span.set_status(StatusCode.ERROR)
            self.span.set_attribute("error.type", kind.__qualname__)
        self.span.end()
        otel_context.detach(self.token)


def call_span(*, tool: str | None, requested: str, tool_call_id: str) -> contextlib.AbstractContextManager[Span | None]:
    """The span of one guarded call: `execute_tool <name>`, child of the agent's `traceparent` when it sent one.

    `tool` is the registered tool's name (None for an unknown one: the agent's
    text stays out of the span's name, whose cardinality a backend indexes).
    """
    if _tracer is None:
        return _NULL
    pending = _pending.get()
    span = _tracer.start_span(
        f"execute_tool {tool}" if tool else "execute_tool",
        attributes={
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": tool or requested[:64],
            "gen_ai.tool.call.id": tool_call_id[:128],
        },
        # The call began when its request was authenticated.
        start_time=pending[0][1] if pending else None,
        record_exception=False,
    )
    if pending:
        parent = trace.set_span_in_context(span)
        for name, started, ended in pending:
            _tracer.start_span(name, context=parent, start_time=started).end(end_time=ended)
        _pending.set(())
    return _CallSpan(span)


def call_outcome(
    span: Span | None,
    *,
    toolguard_id: str,
    status: str,
    http_status: int,
    error_code: str | None,
    rules: Iterable[str],
    arguments: Any,
) -> None:
    """What the call came to, on its span: the outcome, the rules that decided it, the error's code."""
    if span is None:
        return
    attributes: dict[str, Any] = {
        "toolguard.tool_call.id": toolguard_id,
        "toolguard.outcome": status,
        "http.response.status_code": http_status,
    }
    rule_ids = [str(rule) for rule in rules]
    if rule_ids:
        attributes["toolguard.rules"] = rule_ids
    if error_code:
        attributes["error.type"] = error_code
    if arguments is not None and settings.TOOLGUARD_TRACE_ARGUMENTS:
        # The GenAI conventions' opt-in attribute: the arguments as the call stored them (sanitized, masked).
        attributes["gen_ai.tool.call.arguments"] = json.dumps(arguments, ensure_ascii=False, default=str)
    span.set_attributes(attributes)
    if http_status >= 500:
        span.set_status(StatusCode.ERROR)


def trace_id() -> str:
    """The current trace's id (32 hex digits), for the audit entry; "" when tracing is off."""
    if _tracer is None:
        return ""
    context = trace.get_current_span().get_span_context()
    return format(context.trace_id, "032x") if context.is_valid else ""


def traceparent() -> str:
    """The current span as a W3C traceparent, to store with work another process finishes; "" when off."""
    if _tracer is None:
        return ""
    carrier: dict[str, str] = {}
    propagate.inject(carrier)
    return carrier.get("traceparent", "")


def inject(headers: MutableMapping[str, str]) -> None:
    """Add the current trace context (traceparent, tracestate) to an outgoing request's headers."""
    if _tracer is None:
        return
    propagate.inject(headers)


def resumed(stored: str) -> contextlib.AbstractContextManager[object]:
    """Continue the trace of a stored traceparent (the worker's re-send of a call), unless one is current."""
    if _tracer is None or not stored or trace.get_current_span().get_span_context().is_valid:
        return _NULL
    return _attached(propagate.extract({"traceparent": stored}))


@contextlib.contextmanager
def _attached(context: otel_context.Context) -> Iterator[None]:
    token = otel_context.attach(context)
    try:
        yield
    finally:
        otel_context.detach(token)


class TraceContextMiddleware:
    """An agent's `traceparent` (W3C Trace Context) becomes the parent of the calls its request makes.

    Not installed at all when tracing is off (MiddlewareNotUsed).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        if not settings.TOOLGUARD_TRACING:
            raise MiddlewareNotUsed
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # A worker thread serves one request after another: nothing of the last one may linger.
        pending = _pending.set(())
        token = None
        if "traceparent" in request.headers:
            # Django's headers look names up case-insensitively, as the propagator needs.
            context = propagate.extract(request.headers)
            if trace.get_current_span(context).get_span_context().is_valid:
                token = otel_context.attach(context)
        try:
            return self.get_response(request)
        finally:
            if token is not None:
                otel_context.detach(token)
            _pending.reset(pending)
