"""OpenTelemetry traces of guarded calls (docs/operations.md, "Tracing with OpenTelemetry").

One span per guarded call (`execute_tool <name>`, the GenAI semantic
conventions' attributes for tool execution, the outcome and the rules that
decided it), a child span per stage, and the W3C `traceparent` carried in
from the agent and out to HTTP and MCP upstreams. Only the agent's trace and
parent ids are taken in: its `tracestate` and `baggage` are its own words
(a payload rides there as easily as in an argument) and never reach an
upstream; what goes out is toolguard's own span's `traceparent`, plus the
baggage keys an operator allow-lists (TOOLGUARD_TRACE_BAGGAGE_KEYS). Exported over OTLP/HTTP
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
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from contextvars import ContextVar, Token
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.http import HttpRequest, HttpResponse
from opentelemetry import baggage, propagate, trace
from opentelemetry import context as otel_context
from opentelemetry.baggage.propagation import W3CBaggagePropagator
from opentelemetry.trace import SpanKind
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

if TYPE_CHECKING:
    from core.tracing_export import SpanValues

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
# Stages that ran before the call's span could start (authentication comes
# before the body names the tool): (name, start ns, end ns), emitted as the
# call span's first children.
_pending: ContextVar[tuple[tuple[str, int, int], ...]] = ContextVar("toolguard_trace_pending", default=())
SCOPE = "toolguard"


# A span's kind as SpanKind's value (what the encoder reads): toolguard's spans are of these two.
INTERNAL: int = SpanKind.INTERNAL.value
CLIENT: int = SpanKind.CLIENT.value


class Recorded:
    """One span while it runs: the call's, or a stage's.

    Plain fields; when it ends its values are appended to its trace as one
    tuple (core.tracing_export.SpanValues), and the trace is queued with them
    when its outermost span ends (_Recorder.export). A stage with no call
    around it opens a trace of its own. An exception marks a span failed by
    its type only: its message may quote an argument.
    """

    __slots__ = (
        "attach",
        "attributes",
        "failed",
        "kind",
        "name",
        "parent_id",
        "pending",
        "recorded",
        "span_id",
        "start",
        "token",
        "trace_token",
    )

    def __init__(self, name: str, kind: int, recorded: _Trace | None, *, attach: bool) -> None:
        self.name = name
        self.kind = kind
        self.recorded = recorded
        # Made current for OpenTelemetry too: an upstream request's traceparent, the MCP SDK's spans.
        self.attach = attach
        self.start = 0
        # Values are kept immutable (a list becomes a tuple): the span is queued as they stand.
        self.attributes: dict[str, Any] | None = None
        self.failed = False
        self.pending: tuple[tuple[str, int, int], ...] = ()
        self.trace_token: Token[_Trace | None] | None = None  # set when this span opens its trace

    def set_attribute(self, key: str, value: Any) -> None:
        if self.attributes is None:
            self.attributes = {}
        self.attributes[key] = tuple(value) if isinstance(value, list) else value

    def set_attributes(self, attributes: dict[str, Any]) -> None:
        for key, value in attributes.items():
            self.set_attribute(key, value)

    def __enter__(self) -> Recorded:
        recorder = _recorder
        assert recorder is not None
        recorded = self.recorded
        if recorded is None:
            recorded = self.recorded = recorder.open(self.name, self.kind, self.attributes)
            self.trace_token = _current.set(recorded)
        opened = recorded.open
        self.parent_id = opened[-1] if opened else 0  # 0: the trace's parent (the agent's span, a stored one, or none)
        self.span_id = span_id = recorder.span_id()
        opened.append(span_id)
        if self.pending:
            new_id = recorder.span_id
            recorded.spans.extend(
                (new_id(), span_id, name, INTERNAL, started, ended, False, ()) for name, started, ended in self.pending
            )
        if self.attach:
            context = trace.NonRecordingSpan(recorded.span_context(span_id))
            self.token = otel_context.attach(trace.set_span_in_context(context))
        if not self.start:
            self.start = time.time_ns()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        end = time.time_ns()
        recorded = self.recorded
        assert recorded is not None
        if self.attach:
            otel_context.detach(self.token)
        recorded.open.pop()
        if kind is not None:
            self.failed = True
            self.set_attribute("error.type", kind.__qualname__)
        attributes = self.attributes
        recorded.spans.append(
            (
                self.span_id,
                self.parent_id,
                self.name,
                self.kind,
                self.start,
                end,
                self.failed,
                tuple(attributes.items()) if attributes else (),
            )
        )
        if self.trace_token is not None:
            _current.reset(self.trace_token)
            if recorded.sampled:
                assert _recorder is not None
                _recorder.export(recorded)


class _Trace:
    """The spans one call (or one send with no call around it) records in this process, while it runs.

    Once its outermost span ends its spans are queued together for export (core/tracing_export.py).
    """

    __slots__ = ("flags", "hex", "open", "parent", "sampled", "spans", "state", "trace_id")

    def __init__(self, parent: trace.SpanContext, trace_id: int, flags: trace.TraceFlags, state: Any) -> None:
        self.parent = parent
        self.trace_id = trace_id
        self.hex = format(trace_id, "032x")
        self.flags = flags
        self.sampled = flags.sampled
        self.state = state
        self.spans: list[SpanValues] = []  # each span as it ended
        self.open: list[int] = []  # span ids, the innermost last

    def span_context(self, span_id: int) -> trace.SpanContext:
        return trace.SpanContext(self.trace_id, span_id, False, self.flags, self.state)


_current: ContextVar[_Trace | None] = ContextVar("toolguard_trace", default=None)


def tracing_setup() -> None:
    """Install the SDK's tracer provider for this process, once; nothing when tracing is off.

    Called from every process's start (CoreConfig.ready: each gunicorn worker
    and the qcluster). The batch processor re-creates its export thread in a
    forked child (django-q2's workers), so a provider made before a fork works after it.
    """
    global _recorder
    if _recorder is not None or not settings.TOOLGUARD_TRACING:
        return
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    from core.tracing_export import CallExporter, CallProcessor

    # The exporters read OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT and
    # _COMPRESSION; the batch processors OTEL_BSP_*; the provider OTEL_TRACES_SAMPLER(_ARG);
    # the resource OTEL_RESOURCE_ATTRIBUTES.
    provider = TracerProvider(resource=Resource.create({"service.name": settings.OTEL_SERVICE_NAME}))
    # Other libraries' spans (the MCP SDK's), one by one as the SDK sends them.
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    # toolguard's own, a whole call at a time.
    calls = CallProcessor(CallExporter(provider.resource, SCOPE))
    provider.add_span_processor(calls)
    # Global too: the MCP SDK's client spans (and the traceparent it puts in
    # a request's _meta) then belong to the same trace.
    trace.set_tracer_provider(provider)
    _recorder = _Recorder(provider, calls)


class _Recorder:
    """Makes toolguard's spans and queues each finished call for export.

    A call is eight or so short spans of a few fixed attributes, with no
    events and no links. The SDK's own Span would guard each with locks, look
    the current span up through the context several times and copy itself
    into a ReadableSpan at its end; in a request, among the pipeline's own
    work, that cost more than the target for the whole call. So a stage
    records its name, ids and times, and the call's spans are queued together
    when it ends and encoded together in the export thread
    (core/tracing_export.py). The sampling decision is still the provider's
    sampler's (OTEL_TRACES_SAMPLER), taken once per call; ids come from its id generator.
    """

    def __init__(self, provider: Any, processor: Any) -> None:
        from opentelemetry.sdk.trace.sampling import ALWAYS_ON, ParentBased

        self.span_id = provider.id_generator.generate_span_id
        self.trace_id = provider.id_generator.generate_trace_id
        self.sampler = provider.sampler
        # OTEL_TRACES_SAMPLER unset (or parentbased_always_on): a call follows its agent's decision.
        self.follows_parent = provider.sampler.get_description() == ParentBased(ALWAYS_ON).get_description()
        self.processor = processor
        from core.tracing_export import FinishedCall

        self.finished = FinishedCall

    def open(self, name: str, kind: int, attributes: dict[str, Any] | None) -> _Trace:
        """A trace for a span with no span of this process around it: the agent's (or a stored) parent, or none."""
        parent = trace.get_current_span().get_span_context()
        if parent.is_valid and not parent.is_remote:
            # Inside a span of this process that is not toolguard's (none today): its decision stands.
            return _Trace(parent, parent.trace_id, parent.trace_flags, parent.trace_state)
        if self.follows_parent and parent.is_valid:
            # The default sampler's answer for a remote parent, without asking it: the parent's own decision.
            return _Trace(parent, parent.trace_id, parent.trace_flags, parent.trace_state or None)
        trace_id = parent.trace_id if parent.is_valid else self.trace_id()
        decision = self.sampler.should_sample(otel_context.get_current(), trace_id, name, SpanKind(kind), attributes)
        if decision.attributes and attributes is not None:
            attributes.update(decision.attributes)
        flags = trace.TraceFlags(
            trace.TraceFlags.SAMPLED if decision.decision.is_sampled() else trace.TraceFlags.DEFAULT
        )
        # An empty trace state is sent as none: the encoder would join even an empty one.
        return _Trace(parent, trace_id, flags, decision.trace_state or None)

    def export(self, recorded: _Trace) -> None:
        """The finished call to the batch processor as one item of plain values (its thread encodes and sends it).

        Plain tuples of numbers and strings, because the item waits in the
        queue for up to a batch's delay: the garbage collector stops looking
        at such tuples after their first collection, whereas objects would be
        walked by every collection until the batch is sent.
        """
        parent = recorded.parent
        state = recorded.state
        self.processor.queue(
            self.finished(
                recorded.trace_id,
                ",".join(f"{key}={value}" for key, value in state.items()) if state else "",
                parent.span_id if parent.is_valid else 0,
                parent.is_valid and parent.is_remote,
                tuple(recorded.spans),
            )
        )


# Set once per process by tracing_setup; None means off.
_recorder: _Recorder | None = None


def tracing_on() -> bool:
    return _recorder is not None


def stage(name: str, *, client: bool = False) -> contextlib.AbstractContextManager[Recorded | None]:
    """A stage of the current call as a child span (`client`: it sends a request elsewhere)."""
    if _recorder is None:
        return _NULL
    recorded = _current.get()
    if recorded is not None and not recorded.sampled:
        return _NULL  # the call is not recorded: neither are its stages
    # A client stage is current for OpenTelemetry: the traceparent sent upstream names it.
    return Recorded(name, CLIENT if client else INTERNAL, recorded, attach=client)


class _Timed:
    """A stage timed before its call's span exists."""

    __slots__ = ("name", "started")

    def __init__(self, name: str) -> None:
        self.name = name

    def __enter__(self) -> None:
        self.started = time.time_ns()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        _pending.set((*_pending.get(), (self.name, self.started, time.time_ns())))


def stage_before_call(name: str) -> contextlib.AbstractContextManager[None]:
    """A stage that runs before the call's span exists (authentication); it becomes the span's first child."""
    if _recorder is None:
        return _NULL
    return _Timed(name)


def call_span(
    *, tool: str | None, requested: str, tool_call_id: str
) -> contextlib.AbstractContextManager[Recorded | None]:
    """The span of one guarded call: `execute_tool <name>`, child of the agent's `traceparent` when it sent one.

    `tool` is the registered tool's name (None for an unknown one: the agent's
    text stays out of the span's name, whose cardinality a backend indexes).
    """
    if _recorder is None:
        return _NULL
    span = Recorded(f"execute_tool {tool}" if tool else "execute_tool", INTERNAL, None, attach=False)
    span.attributes = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": tool or requested[:64],
        "gen_ai.tool.call.id": tool_call_id[:128],
    }
    pending = _pending.get()
    if pending:
        _pending.set(())
        span.pending = pending
        span.start = pending[0][1]  # the call began when its request was authenticated
    return span


def call_outcome(
    span: Recorded | None,
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
    rule_ids = tuple(str(rule) for rule in rules)
    if rule_ids:
        attributes["toolguard.rules"] = rule_ids
    if error_code:
        attributes["error.type"] = error_code
    if arguments is not None and settings.TOOLGUARD_TRACE_ARGUMENTS:
        # The GenAI conventions' opt-in attribute: the arguments as the call stored them (sanitized, masked).
        attributes["gen_ai.tool.call.arguments"] = json.dumps(arguments, ensure_ascii=False, default=str)
    if span.attributes is None:
        span.attributes = attributes
    else:
        span.attributes.update(attributes)
    if http_status >= 500:
        span.failed = True


def trace_id() -> str:
    """The current call's trace id (32 hex digits), for its audit entries; "" when tracing is off."""
    recorded = _current.get()
    return recorded.hex if recorded is not None else ""


def traceparent() -> str:
    """The current span as a W3C traceparent, to store with work another process finishes; "" when off."""
    recorded = _current.get()
    if recorded is None or not recorded.open:
        return ""
    return f"00-{recorded.hex}-{recorded.open[-1]:016x}-{int(recorded.flags):02x}"


_TRACE_CONTEXT = TraceContextTextMapPropagator()
_BAGGAGE = W3CBaggagePropagator()


def inject(headers: MutableMapping[str, str]) -> None:
    """Add toolguard's own span as `traceparent` to an outgoing request's headers, and the
    allow-listed baggage keys; never a `tracestate` or other baggage an agent sent."""
    if _recorder is None:
        return
    carrier: dict[str, str] = {}
    _TRACE_CONTEXT.inject(carrier)
    if "traceparent" in carrier:
        headers["traceparent"] = carrier["traceparent"]
    allowed = settings.TOOLGUARD_TRACE_BAGGAGE_KEYS
    if allowed:
        kept = otel_context.Context()
        for key, value in baggage.get_all().items():
            if key in allowed:
                kept = baggage.set_baggage(key, value, kept)
        _BAGGAGE.inject(headers, kept)


def resumed(stored: str) -> contextlib.AbstractContextManager[object]:
    """Continue the trace of a stored traceparent (the worker's re-send of a call), unless one is current."""
    if _recorder is None or not stored or _current.get() is not None:
        return _NULL
    context = propagate.extract({"traceparent": stored})
    if not trace.get_current_span(context).get_span_context().is_valid:
        return _NULL  # not a traceparent: whatever trace is current stays
    return _attached(context)


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
        self.baggage_keys = frozenset(settings.TOOLGUARD_TRACE_BAGGAGE_KEYS)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _recorder is None:  # set up by this process's start; a benchmark switches it off
            return self.get_response(request)
        # A worker thread serves one request after another: nothing of the last one may linger.
        pending = _pending.set(())
        token = None
        context = _agent_context(request.META, self.baggage_keys)
        if context is not None:
            token = otel_context.attach(context)
        try:
            return self.get_response(request)
        finally:
            if token is not None:
                otel_context.detach(token)
            _pending.reset(pending)


def _agent_context(meta: Mapping[str, Any], baggage_keys: frozenset[str]) -> otel_context.Context | None:
    """The agent's trace and parent span ids (its traceparent), with no tracestate, and of its
    baggage only the allow-listed keys; None when it sent no valid traceparent."""
    parent = meta.get("HTTP_TRACEPARENT")
    if not parent:
        return None
    context = _TRACE_CONTEXT.extract({"traceparent": parent})
    span_context = trace.get_current_span(context).get_span_context()
    if not span_context.is_valid:
        return None
    bare = trace.NonRecordingSpan(
        trace.SpanContext(
            trace_id=span_context.trace_id,
            span_id=span_context.span_id,
            is_remote=True,
            trace_flags=span_context.trace_flags,
        )
    )
    context = trace.set_span_in_context(bare, otel_context.Context())
    sent = meta.get("HTTP_BAGGAGE")
    if baggage_keys and sent:
        for key, value in baggage.get_all(_BAGGAGE.extract({"baggage": sent})).items():
            if key in baggage_keys:
                context = baggage.set_baggage(key, value, context)
    return context
