"""Text that is not Unicode, in any field of any body, is a 400 `invalid_text` naming the field: never a 500.

A JSON escape of a lone surrogate (`\\ud800`) decodes to a Python string that
no database, JSON renderer or HTTP header can encode; invalid or overlong
UTF-8 bytes are the same fault one step earlier. REST and MCP read bodies
through the one strict parser, so both refuse them alike, and audit them.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any
from urllib.parse import unquote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audit.models import AuditEntry
from core.models import AgentKey, AgentSession, ToolCall
from core.tools import ToolContext
from tests.conftest import Bank, agent_client, person_client, transfer_call
from tests.toolguard.test_mcp import INIT, Mcp
from toolguard.api.parsers import StrictJSONError, strict_json_loads, text_fault
from upstream.executors import HttpExecutor

pytestmark = pytest.mark.django_db

TOOL_CALLS = "/api/v1/tool-calls"
SURROGATE = "\\ud800"  # as it travels: six characters of JSON escape


def bad(template: str) -> str:
    """`template` (JSON text) with its <S> replaced by a lone surrogate's escape."""
    return template.replace("<S>", SURROGATE)


def post_raw(client: Client, url: str, body: str | bytes) -> Any:
    return client.post(url, body, content_type="application/json")


def invalid_text_entries() -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action="malformed_request", details__code="invalid_text"))


def assert_invalid_text(response: Any, path: str | None) -> dict[str, Any]:
    assert response.status_code == 400, response.content[:300]
    error = response.json()["error"]
    assert error["code"] == "invalid_text"
    assert error["details"]["path"] == path
    return dict(error)


# -- the parser ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('{"id": "\\ud800"}', "id"),
        ('{"arguments": {"memo": "ok \\udfff"}}', "arguments.memo"),
        ('{"items": [{"call_id": "a"}, {"call_id": "\\ud83d"}]}', "items.1.call_id"),
        ('{"a": {"\\udc00": 1}}', "a.\\udc00"),
        ('"\\ud800"', ""),
    ],
)
def test_a_lone_surrogate_escape_is_refused_naming_its_field(text: str, path: str) -> None:
    with pytest.raises(StrictJSONError) as refused:
        strict_json_loads(text)
    assert (refused.value.code, refused.value.path, refused.value.reason) == ("invalid_text", path, "lone_surrogate")


@pytest.mark.parametrize(
    "raw",
    [b'{"memo": "caf\xe9"}', b'{"memo": "\xc0\xaf"}', b'{"memo": "\xed\xa0\x80"}', b'{"memo": "\xf8\x88\x80\x80\x80"}'],
    ids=["latin-1", "overlong slash", "encoded surrogate", "five bytes"],
)
def test_bytes_that_are_not_utf8_are_refused_naming_their_field(raw: bytes) -> None:
    with pytest.raises(StrictJSONError) as refused:
        strict_json_loads(raw)
    assert (refused.value.code, refused.value.path, refused.value.reason) == ("invalid_text", "memo", "invalid_utf8")


def test_bytes_that_are_not_utf8_outside_any_string_name_no_field() -> None:
    with pytest.raises(StrictJSONError) as refused:
        strict_json_loads(b'{"a": 1}\xff')
    assert (refused.value.code, refused.value.path) == ("invalid_text", None)


def test_a_surrogate_pair_escape_is_ordinary_text() -> None:
    assert strict_json_loads('{"memo": "\\ud83d\\ude00 caf\\u00e9"}') == {"memo": "\U0001f600 café"}
    assert text_fault({"a": ["ok", {"b": "é"}]}) is None


# -- REST: every field named, audited, nothing stored ------------------------------


def _native(**fields: Any) -> dict[str, Any]:
    return {"id": "c1", "name": "check_balance", "arguments": {"account_id": "checking"}, "session_id": "s", **fields}


REST_CASES = {
    "call id": (bad('{"id": "<S>", "name": "check_balance", "arguments": {}, "session_id": "s"}'), "id"),
    "memo": (
        json.dumps(transfer_call(key="sur1")).replace('"checking"', bad('"checking", "memo": "x<S>y"'), 1),
        "arguments.memo",
    ),
    "tool name": (bad('{"id": "c", "name": "check_<S>", "arguments": {}, "session_id": "s"}'), "name"),
    "email subject": (
        bad(
            '{"id": "c", "name": "send_customer_email", "session_id": "s", "arguments": '
            '{"to": "a@example.com", "subject": "Hi <S>", "body": "b", "idempotency_key": "e1"}}'
        ),
        "arguments.subject",
    ),
    "batch item id": (
        bad(
            '{"session_id": "s", "items": [{"type": "function_call", "call_id": "<S>", "name": "check_balance", '
            '"arguments": "{}"}]}'
        ),
        "items.0.call_id",
    ),
    "chat message call id": (
        bad(
            '{"session_id": "s", "message": {"role": "assistant", "tool_calls": [{"id": "ok", "type": "function", '
            '"function": {"name": "check_balance", "arguments": "{}"}}, {"id": "x<S>", "type": "function", '
            '"function": {"name": "check_balance", "arguments": "{}"}}]}}'
        ),
        "message.tool_calls.1.id",
    ),
    "a key": (bad('{"id": "c", "name": "check_balance", "arguments": {"<S>": 1}, "session_id": "s"}'), None),
    "session id": (
        bad('{"id": "c", "name": "check_balance", "arguments": {}, "session_id": "s<S>"}'),
        "session_id",
    ),
}


@pytest.mark.parametrize("case", list(REST_CASES), ids=list(REST_CASES))
def test_a_lone_surrogate_in_any_rest_field_is_an_audited_400(bank: Bank, case: str) -> None:
    body, path = REST_CASES[case]
    expected = "arguments.\\ud800" if case == "a key" else path
    response = post_raw(agent_client(bank.alice_key), TOOL_CALLS, body)
    error = assert_invalid_text(response, expected)
    assert error["details"]["reason"] == "lone_surrogate"
    assert not ToolCall.objects.exists()
    [entry] = invalid_text_entries()
    assert entry.actor_type == "agent" and entry.customer == bank.alice.external_id
    assert entry.details["field"] == expected and entry.result == "failure"


@pytest.mark.parametrize(
    "shape",
    [
        {
            "id": "c",
            "type": "function",
            "function": {"name": "check_balance", "arguments": '{"account_id": "\\ud800"}'},
        },
        {"type": "function_call", "call_id": "c", "name": "check_balance", "arguments": '{"account_id": "\\ud800"}'},
    ],
    ids=["openai chat", "openai responses"],
)
def test_a_lone_surrogate_inside_a_json_arguments_string_is_the_same_400(bank: Bank, shape: dict[str, Any]) -> None:
    response = agent_client(bank.alice_key).post(TOOL_CALLS, {**shape, "session_id": "s"}, format="json")
    where = "function.arguments" if "function" in shape else "arguments"
    assert_invalid_text(response, f"{where}.account_id")
    assert not ToolCall.objects.exists() and len(invalid_text_entries()) == 1


@pytest.mark.parametrize("raw", [b"caf\xe9", b"\xc0\xaf", b"\xed\xa0\x80"], ids=["latin-1", "overlong", "surrogate"])
def test_bytes_that_are_not_utf8_in_a_rest_field_are_an_audited_400(bank: Bank, raw: bytes) -> None:
    body = b'{"id": "c", "name": "check_balance", "arguments": {"account_id": "' + raw + b'"}, "session_id": "s"}'
    error = assert_invalid_text(post_raw(agent_client(bank.alice_key), TOOL_CALLS, body), "arguments.account_id")
    assert error["details"]["reason"] == "invalid_utf8"
    assert len(invalid_text_entries()) == 1


def test_non_ascii_call_ids_are_fine_text_and_answered_in_kind(bank: Bank) -> None:
    response = agent_client(bank.alice_key).post(TOOL_CALLS, _native(id="café-☕-\U0001f600"), format="json")
    assert response.status_code == 200, response.content[:300]
    assert response.json()["tool_call_id"] == "café-☕-\U0001f600"
    assert ToolCall.objects.get().tool_call_id == "café-☕-\U0001f600"


def test_a_lone_surrogate_in_a_decision_reason_is_an_audited_400(bank: Bank) -> None:
    held = agent_client(bank.alice_key).post(TOOL_CALLS, transfer_call(key="held1", amount=2_000_000), format="json")
    assert held.status_code == 202, held.content[:300]
    url = f"/api/v1/approvals/{held.json()['approval_id']}/decision"
    body = bad('{"decision": "approve", "reason": "fine <S>"}')
    assert_invalid_text(post_raw(person_client(bank.reviewer), url, body), "reason")
    [entry] = invalid_text_entries()
    assert entry.actor == f"reviewer:{bank.reviewer.username}" and entry.details["field"] == "reason"


# -- MCP ------------------------------------------------------------------------------


@pytest.fixture
def mcp(bank: Bank) -> Mcp:
    client = Mcp(bank.alice_key)
    client.initialize()
    return client


def mcp_raw(mcp: Mcp, body: str | bytes) -> Any:
    headers = {"Authorization": f"Bearer {mcp.key}", "Mcp-Session-Id": mcp.session}
    return mcp.client.post("/mcp", data=body, content_type="application/json", headers=headers)


def _tools_call(arguments: str, *, request_id: str = "7", name: str = "check_balance") -> str:
    template = (
        '{"jsonrpc": "2.0", "id": <ID>, "method": "tools/call", "params": {"name": "<NAME>", "arguments": <ARGS>}}'
    )
    return template.replace("<ID>", request_id).replace("<NAME>", name).replace("<ARGS>", arguments)


MCP_CASES = {
    "arguments": (_tools_call('{"account_id": "\\ud800"}'), "params.arguments.account_id"),
    "memo": (
        _tools_call(
            bad(
                '{"from_account": "checking", "to_account": "savings", "amount": 1, "currency": "USD", '
                '"idempotency_key": "m1", "memo": "<S>"}'
            ),
            name="transfer_funds",
        ),
        "params.arguments.memo",
    ),
    "tool name": (_tools_call("{}", name=bad("check_<S>")), "params.name"),
    "request id": (_tools_call("{}", request_id=bad('"r<S>"')), "id"),
    "method": (bad('{"jsonrpc": "2.0", "id": 3, "method": "tools/<S>"}'), "method"),
}


@pytest.mark.parametrize("case", list(MCP_CASES), ids=list(MCP_CASES))
def test_a_lone_surrogate_in_any_mcp_field_is_an_audited_json_rpc_error(bank: Bank, mcp: Mcp, case: str) -> None:
    body, path = MCP_CASES[case]
    response = mcp_raw(mcp, body)
    assert response.status_code == 400, response.content[:300]
    answer = response.json()
    assert answer["jsonrpc"] == "2.0" and answer["id"] is None
    assert answer["error"]["code"] == -32700
    assert answer["error"]["data"] == {"code": "invalid_text", "details": {"path": path, "reason": "lone_surrogate"}}
    assert not ToolCall.objects.exists()
    [entry] = invalid_text_entries()
    assert entry.actor_type == "agent" and entry.details["field"] == path


def test_bytes_that_are_not_utf8_in_mcp_arguments_are_refused(bank: Bank, mcp: Mcp) -> None:
    body = _tools_call('{"account_id": "X"}').encode().replace(b"X", b"\xc0\xaf")
    response = mcp_raw(mcp, body)
    assert response.status_code == 400
    assert response.json()["error"]["data"]["details"] == {
        "path": "params.arguments.account_id",
        "reason": "invalid_utf8",
    }
    assert len(invalid_text_entries()) == 1


def test_mcp_refuses_duplicate_keys_as_rest_does(bank: Bank, mcp: Mcp) -> None:
    body = _tools_call('{"account_id": "checking", "account_id": "bobext1"}')
    response = mcp_raw(mcp, body)
    assert response.status_code == 400
    answer = response.json()
    assert answer["error"]["code"] == -32700 and answer["error"]["data"]["details"] == {"reason": "duplicate_key"}
    assert not ToolCall.objects.exists()
    assert AuditEntry.objects.filter(action="malformed_request").count() == 1


def test_mcp_refuses_nan_and_deep_nesting_as_rest_does(bank: Bank, mcp: Mcp) -> None:
    for arguments, reason in (('{"account_id": NaN}', "invalid_number"), ("[" * 100 + "]" * 100, "json_too_deep")):
        response = mcp_raw(mcp, _tools_call(arguments))
        assert response.status_code == 400
        assert response.json()["error"]["data"]["details"] == {"reason": reason}


def test_an_mcp_body_over_the_limit_is_a_413(bank: Bank, mcp: Mcp, settings: Any) -> None:
    settings.TOOLGUARD_MAX_BODY_BYTES = 4096
    response = mcp_raw(mcp, _tools_call(json.dumps({"account_id": "x" * 5000})))
    assert response.status_code == 413
    assert response.json()["error"]["data"]["code"] == "request_too_large"


@pytest.mark.parametrize("request_id", ['{"a": 1}', "[1]", "true", "false", "null"])
def test_a_request_whose_id_is_not_a_string_or_number_is_an_invalid_request(
    bank: Bank, mcp: Mcp, request_id: str
) -> None:
    response = mcp_raw(mcp, '{"jsonrpc": "2.0", "id": <ID>, "method": "ping"}'.replace("<ID>", request_id))
    assert response.status_code == 400 and response.content
    assert response.json() == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32600, "message": "a request id must be a string or an integer"},
    }


def test_an_id_too_large_for_a_float_is_refused_with_a_null_id(bank: Bank, mcp: Mcp) -> None:
    response = mcp_raw(mcp, _tools_call("{}", request_id="1e400"))
    assert response.status_code == 400
    assert json.loads(response.content, parse_constant=_not_json)["id"] is None


def test_a_fractional_id_is_refused_and_echoed(bank: Bank, mcp: Mcp) -> None:
    response = mcp_raw(mcp, _tools_call("{}", request_id="1.5"))
    assert response.status_code == 400
    assert response.json()["id"] == 1.5 and response.json()["error"]["code"] == -32600
    assert not ToolCall.objects.exists()


def test_notifications_and_answers_still_get_202(bank: Bank, mcp: Mcp) -> None:
    assert mcp_raw(mcp, '{"jsonrpc": "2.0", "method": "notifications/initialized"}').status_code == 202
    assert mcp_raw(mcp, '{"jsonrpc": "2.0", "id": "x", "result": {}}').status_code == 202
    assert mcp_raw(mcp, json.dumps(INIT)).status_code == 200


def test_non_ascii_mcp_request_ids_are_fine(bank: Bank, mcp: Mcp) -> None:
    response = mcp_raw(mcp, _tools_call('{"account_id": "checking"}', request_id='"café-☕"'))
    assert response.status_code == 200, response.content[:300]
    assert response.json()["id"] == "café-☕" and not response.json()["result"]["isError"]


# -- headers sent upstream ---------------------------------------------------------------


class _Recorder(BaseHTTPRequestHandler):
    seen: list[dict[str, str]] = []

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        _Recorder.seen.append(dict(self.headers.items()))
        body = b'{"ok": true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def recorder() -> Any:
    _Recorder.seen = []
    server = HTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("call_id", ["café-☕", "a\r\nX-Injected: yes", "50% off", "plain-id_1"])
def test_an_agents_call_id_reaches_an_upstream_percent_encoded(bank: Bank, recorder: Any, call_id: str) -> None:
    key = AgentKey.objects.filter(customer=bank.alice).first()
    assert key is not None
    session = AgentSession.objects.create(customer=bank.alice, session_id="s-up")
    target = {
        "url": f"http://127.0.0.1:{recorder.server_address[1]}/read",
        "method": "POST",
        "headers": {},
        "timeout_s": 5.0,
        "max_response_bytes": 1 << 20,
    }
    ctx = ToolContext(agent_key=key, session=session, tool_call_id=call_id)
    assert HttpExecutor(target=target).execute(ctx, {"q": 1}) == {"ok": True}
    [headers] = _Recorder.seen
    sent = headers["X-Toolguard-Call-Id"]
    assert sent.isascii() and "\r" not in sent and " " not in sent
    assert unquote(sent) == call_id and "X-Injected" not in headers
    if call_id == "plain-id_1":
        assert sent == call_id


# -- nothing an agent, a reviewer or a stranger can post is a 500 ------------------------

_KEYS = st.sampled_from(
    [
        '"id"',
        '"name"',
        '"arguments"',
        '"session_id"',
        '"memo"',
        '"type"',
        '"function"',
        '"items"',
        '"message"',
        '"jsonrpc"',
        '"method"',
        '"params"',
        '"decision"',
        '"reason"',
        '"call_id"',
        '"input"',
        '"tool_calls"',
    ]
)
_SCALARS = st.sampled_from(
    [
        '"check_balance"',
        '"transfer_funds"',
        '"function_call"',
        '"tools/call"',
        '"2.0"',
        '"approve"',
        '"s"',
        '"checking"',
        '"USD"',
        "1",
        "0",
        "-1",
        "1.5",
        "1e400",
        "true",
        "null",
        "NaN",
        '"function"',
        '"tool_use"',
    ]
)


@st.composite
def _json_strings(draw: Any) -> str:
    pieces = draw(
        st.lists(
            st.one_of(
                st.text(max_size=6).map(lambda text: json.dumps(text)[1:-1]),
                st.integers(0xD800, 0xDFFF).map(lambda code: f"\\u{code:04x}"),
                st.sampled_from(["\\u00e9", "\\n", "\\ud83d\\ude00", "\\u0000", "é", "\\\\ud800"]),
            ),
            max_size=5,
        )
    )
    return '"' + "".join(pieces) + '"'


_VALUES = st.recursive(
    st.one_of(_SCALARS, _json_strings()),
    lambda children: st.one_of(
        st.lists(children, max_size=4).map(lambda items: "[" + ",".join(items) + "]"),
        st.lists(st.tuples(st.one_of(_KEYS, _json_strings()), children), max_size=5).map(
            lambda pairs: "{" + ",".join(f"{key}:{value}" for key, value in pairs) + "}"
        ),
    ),
    max_leaves=24,
)


@st.composite
def _bodies(draw: Any) -> bytes:
    kind = draw(st.sampled_from(["bytes", "json", "call", "rpc"]))
    if kind == "bytes":
        return bytes(draw(st.binary(max_size=200)))
    value = draw(_VALUES)
    if kind == "call":
        call_id = draw(_json_strings())
        value = f'{{"id":{call_id},"name":"check_balance","session_id":"s","arguments":{value}}}'
    elif kind == "rpc":
        request_id = draw(st.one_of(_SCALARS, _VALUES))
        params = f'{{"name":"check_balance","arguments":{value}}}'
        value = f'{{"jsonrpc":"2.0","id":{request_id},"method":"tools/call","params":{params}}}'
    raw = value.encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        # Bytes no UTF-8 encoder writes, somewhere in the body.
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.sampled_from([b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\x80", b"\xe9"])) + raw[at:]
    return raw


def _not_json(name: str) -> None:
    raise AssertionError(f"{name} in an answer is not JSON")


@pytest.fixture
def fuzz_targets(bank: Bank, settings: Any) -> dict[str, tuple[Client, str, str]]:
    settings.TOOLGUARD_AGENT_RATE = "100000/min"
    held = agent_client(bank.alice_key).post(TOOL_CALLS, transfer_call(key="fz1", amount=2_000_000), format="json")
    assert held.status_code == 202
    mcp = Mcp(bank.alice_key)
    mcp.initialize()
    mcp_client = Client(headers={"Authorization": f"Bearer {bank.alice_key}", "Mcp-Session-Id": mcp.session})
    mcp_client.cookies = mcp.client.cookies
    return {
        "tool-calls": (agent_client(bank.alice_key), TOOL_CALLS, "application/json"),
        "mcp": (mcp_client, "/mcp", "application/json"),
        "decision": (
            person_client(bank.reviewer),
            f"/api/v1/approvals/{held.json()['approval_id']}/decision",
            "application/json",
        ),
        "login": (Client(), "/accounts/login/", "application/x-www-form-urlencoded"),
        "login-json": (Client(), "/accounts/login/", "application/json"),
    }


@pytest.mark.parametrize("target", ["tool-calls", "mcp", "decision", "login", "login-json"])
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=_bodies())
def test_no_body_is_a_500(fuzz_targets: dict[str, tuple[Client, str, str]], target: str, body: bytes) -> None:
    client, url, content_type = fuzz_targets[target]
    # The test client raises what the view raised: a 500 fails here with its traceback.
    response = client.post(url, body, content_type=content_type)
    assert response.status_code < 500, response.content[:300]
    if response.get("Content-Type", "").startswith("application/json"):
        # Every answer is valid UTF-8 JSON (no NaN or Infinity either), whatever came in.
        json.loads(response.content.decode("utf-8"), parse_constant=_not_json)
