"""The floor for bench/upstream.py: the outbox's two transactions and one send, with no guard at all.

Exactly once past toolguard needs the call committed before it is sent and
its answer recorded after (docs/upstreams.md). This endpoint does only that,
for a registered HTTP upstream tool: the tool call and outbox rows in one
transaction, the send, the answer on both rows in a second one. No
authentication, validation, sanitization, idempotency check, policy, result
screen or audit. The gap between it and the direct call is what the outbox
itself costs; the gap between it and POST /api/v1/tool-calls is what the
guards cost. Mounted only when TOOLGUARD_BENCH_ENDPOINTS=true; never in production.
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from django.utils import timezone
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.enums import ToolCallStatus
from core.models import ToolCall
from core.pipelining import CommitFlight, insert_rows, send_update
from core.tools import get_tool, transport_send
from outbox.models import Dispatch
from outbox.services import LEASE_MARGIN_SECONDS, upstream_key


def bare_outbox(body: Any) -> tuple[int, Any]:
    """Commit, send, record: trusting the body completely. Returns (HTTP status, result)."""
    try:
        tool = get_tool(str(body["tool"]))
        customer_id, agent_key_id = int(body["customer_id"]), int(body["agent_key_id"])
        arguments, session_id = dict(body["arguments"]), str(body["session_id"])[:128]
    except (KeyError, TypeError, ValueError):
        return 400, {"error": {"code": "malformed_request"}}
    if tool is None or not tool.handler.dispatches or tool.handler.kind != "http":
        return 404, {"error": {"code": "unknown_tool"}}
    handler = tool.handler
    key = str(arguments.get("idempotency_key", ""))
    now = timezone.now()
    tool_call = ToolCall(
        id=uuid.uuid4(),
        customer_id=customer_id,
        agent_key_id=agent_key_id,
        session_id=session_id,
        tool=tool.name,
        provider="native",
        status=ToolCallStatus.DISPATCHING,
        http_status=202,
        arguments=arguments,
        response={"status": ToolCallStatus.DISPATCHING},
        idempotency_key=key,
    )
    dispatch = Dispatch(
        id=uuid.uuid4(),
        attempts=1,
        lease_until=now + timedelta(seconds=float(handler.target["timeout_s"]) + LEASE_MARGIN_SECONDS),
        tool_call=tool_call,
        customer_id=customer_id,
        tool=tool.name,
        session_id=session_id,
        idempotency_key=key,
        kind=handler.kind,
        target=handler.target,
        body=handler.forwarded(arguments),
        upstream_key=upstream_key(customer_id=customer_id, tool=tool.name, key=key),
        next_attempt_at=now,
        dispatched_at=now,
    )
    with CommitFlight():
        insert_rows([tool_call, dispatch])
    headers = {"Idempotency-Key": dispatch.upstream_key, "X-Toolguard-Call-Id": str(tool_call.id)}
    attempt = transport_send(kind=dispatch.kind, target=dispatch.target, body=dispatch.body, headers=headers)
    status = "completed" if attempt.verdict == "completed" else "dispatching"
    with CommitFlight() as flight:
        flight.start()
        send_update(Dispatch, where="id", equals=dispatch.id, values={"state": status, "finished_at": timezone.now()})
        send_update(
            ToolCall, where="id", equals=tool_call.id, values={"status": status, "response": {"result": attempt.result}}
        )
    return (200 if status == "completed" else 202), attempt.result


class BareOutboxView(APIView):
    # The floor measures the outbox alone: no authentication, no permission checks.
    authentication_classes = []
    permission_classes = []

    def post(self, request: Request) -> Response:
        http_status, result = bare_outbox(request.data)
        return Response(result, status=http_status)
