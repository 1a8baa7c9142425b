"""MCP upstreams: discover their tools and call them with the official SDK client.

An MCP source (`{url, prefix}` or `{url, tool}`) is listed at start-up and by
`manage.py tools_sync`. Each upstream tool is registered with its own
`inputSchema`; a state-changing one gains a required `idempotency_key`, which
toolguard keeps to itself and sends upstream only as the `Idempotency-Key`
header. A changed schema is a new tool version (recorded and audited by
tools_sync).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import logging
import re
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import anyio
import httpx2
from django.core.exceptions import ImproperlyConfigured
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp_types import PaginatedRequestParams

from core.catalog import SourceEntry, SourceLoader
from core.policy import Policy
from core.tools import Attempt, FieldKind, Tool, get_tool, register
from upstream.executors import (
    DEFAULT_MAX_RESPONSE_BYTES,
    McpExecutor,
    UpstreamConfigError,
    headers_from_spec,
    max_response_bytes_from_spec,
    resolve_headers,
    timeout_from_spec,
    url_from_spec,
)
from upstream.versions import announcements_record

logger = logging.getLogger(__name__)

TOOL_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
IDEMPOTENCY_KEY_PROPERTY = {
    "type": "string",
    "pattern": "^[a-zA-Z0-9_-]+$",
    "maxLength": 128,
    "description": "Stable across retries of the same operation; a new one for a new operation",
}


@dataclass(frozen=True)
class UpstreamTool:
    name: str
    description: str
    input_schema: dict[str, Any]
    # The upstream's hints (readOnlyHint ...), recorded and never trusted.
    annotations: dict[str, Any] = field(default_factory=dict)

    @property
    def schema_sha256(self) -> str:
        return _sha256(self.input_schema)

    @property
    def announcement(self) -> dict[str, Any]:
        """Everything the upstream says of the tool: what a version records and compares."""
        return {"input_schema": self.input_schema, "description": self.description, "annotations": self.annotations}

    @property
    def announcement_sha256(self) -> str:
        return _sha256(self.announcement)


def _sha256(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


@dataclass
class McpSource:
    """One configured MCP upstream, and what it registered last time it was listed."""

    url: str
    headers: dict[str, str]
    timeout_s: float
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES
    prefix: str = ""
    tool: str = ""
    name: str = ""
    description: str = ""
    # The operator's word on whether the source's tools change state (None: they do,
    # but for the upstream tools named in `read_only`).
    changes_state: bool | None = None
    read_only: frozenset[str] = frozenset()
    fields: Mapping[str, FieldKind] = field(default_factory=dict)
    results: str = "mark"
    # The catalog's `policy:` mapping (CEL), applied to each tool of the source.
    policy: Mapping[str, Any] | None = None
    # Arguments the upstream's inputSchema does not declare are refused unless the
    # catalog opens the schema (`open_schema: true`): what a reviewer and the
    # sanitizer never saw declared must not reach the upstream.
    open_schema: bool = False
    registered: dict[str, UpstreamTool] = field(default_factory=dict)


_SOURCES: list[McpSource] = []


def _error_text(exc: BaseException) -> str:
    """The innermost cause: the SDK wraps transport errors in task-group exception groups."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return f"{type(exc).__name__}: {exc}"[:300]


def _is_connect_error(exc: BaseException) -> bool:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        if len(exc.exceptions) != 1:
            return False
        exc = exc.exceptions[0]
    return isinstance(exc, (httpx2.ConnectError, httpx2.ConnectTimeout, ConnectionRefusedError))


class ResponseTooLarge(Exception):
    """The upstream's answers in one exchange passed its max_response_bytes."""


class _Cap:
    """The bytes one exchange has received; past the limit the whole exchange is cancelled."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.received = 0
        self.exceeded = False
        self.scope: anyio.CancelScope | None = None

    def count(self, size: int) -> None:
        self.received += size
        if self.received > self.limit:
            self.exceeded = True
            # The SDK catches a transport error in its reader task and waits on;
            # cancelling the exchange is what ends it now rather than at the timeout.
            if self.scope is not None:
                self.scope.cancel()
            raise ResponseTooLarge(f"the answer passed max_response_bytes {self.limit}")


class _CappedStream(httpx2.AsyncByteStream):
    def __init__(self, stream: Any, cap: _Cap) -> None:
        self._stream = stream
        self._cap = cap

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self._stream:
            self._cap.count(len(chunk))
            yield chunk

    async def aclose(self) -> None:
        await self._stream.aclose()


def _capping(cap: _Cap) -> Any:
    # A response hook runs before the body is read, whatever transport (or
    # proxy from the environment) the client picked for the request.
    async def hook(response: httpx2.Response) -> None:
        response.stream = _CappedStream(response.stream, cap)

    return hook


async def _session_run(url: str, headers: dict[str, str], timeout_s: float, work: Any, cap: _Cap) -> Any:
    # timeout_s bounds the whole exchange (connect, initialize, the call, every
    # byte of every answer), not each read. The bytes are counted as they come
    # off the wire, so the answers are asked for uncompressed.
    with anyio.CancelScope() as scope:
        cap.scope = scope
        with anyio.fail_after(timeout_s):
            async with httpx2.AsyncClient(
                headers={**headers, "Accept-Encoding": "identity"},
                timeout=timeout_s,
                event_hooks={"response": [_capping(cap)]},
            ) as http:
                async with streamable_http_client(url, http_client=http) as streams:
                    async with ClientSession(streams[0], streams[1]) as session:
                        await session.initialize()
                        return await work(session)
    raise ResponseTooLarge(f"the answer passed max_response_bytes {cap.limit}")


def mcp_list_tools(
    *, url: str, headers: dict[str, str], timeout_s: float, max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES
) -> list[UpstreamTool]:
    async def work(session: ClientSession) -> list[UpstreamTool]:
        found, cursor = [], None
        while True:
            page = await session.list_tools(params=PaginatedRequestParams(cursor=cursor) if cursor else None)
            for tool in page.tools:
                hints = tool.annotations
                found.append(
                    UpstreamTool(
                        name=tool.name,
                        description=tool.description or "",
                        input_schema=dict(tool.input_schema),
                        annotations=hints.model_dump(mode="json", by_alias=True, exclude_none=True) if hints else {},
                    )
                )
            cursor = page.next_cursor
            if not cursor:
                return found

    return anyio.run(_session_run, url, resolve_headers(headers), timeout_s, work, _Cap(max_response_bytes))


def mcp_send(*, target: Mapping[str, Any], body: dict[str, Any], headers: dict[str, str]) -> Attempt:
    """`tools/call` once. A connection never made is `unreachable`; one lost mid-call is `unknown`."""

    async def work(session: ClientSession) -> Any:
        return await session.call_tool(target["tool"], body)

    cap = _Cap(int(target.get("max_response_bytes", DEFAULT_MAX_RESPONSE_BYTES)))
    try:
        # Configured headers were resolved by the caller (attempt_send).
        result = anyio.run(_session_run, target["url"], headers, float(target["timeout_s"]), work, cap)
    except BaseException as exc:
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        if cap.exceeded:
            # As an HTTP answer too large to keep: the tool may have run (transport.http_send).
            return Attempt("unknown", message=f"the answer passed max_response_bytes {cap.limit}", too_large=True)
        if _is_connect_error(exc):
            return Attempt("unreachable", message=_error_text(exc))
        return Attempt("unknown", message=_error_text(exc))
    if result.is_error:
        # The upstream's words about its error are for the audit entry (Attempt.told is what the model reads).
        text = " ".join(getattr(part, "text", "") for part in result.content).strip()
        return Attempt("failed", message=text[:300] or "the upstream tool reported an error")
    if result.structured_content is not None:
        return Attempt("completed", result=result.structured_content)
    texts = [getattr(part, "text", "") for part in result.content if getattr(part, "type", "") == "text"]
    joined = "\n".join(texts)
    try:
        parsed = json.loads(joined)
    except (json.JSONDecodeError, RecursionError):
        return Attempt("completed", result={"text": joined})
    return Attempt("completed", result=parsed if isinstance(parsed, dict) else {"result": parsed})


def guarded_schema(upstream: UpstreamTool, *, changes_state: bool, open_schema: bool = False) -> dict[str, Any]:
    """The upstream's inputSchema, closed (unless `open_schema`), plus toolguard's idempotency_key
    for a state-changing tool."""
    schema = copy.deepcopy(upstream.input_schema)
    schema.pop("title", None)
    schema.setdefault("type", "object")
    if not open_schema:
        schema["additionalProperties"] = False
    if changes_state:
        properties = schema.setdefault("properties", {})
        if "idempotency_key" in properties:
            raise UpstreamConfigError(f"upstream tool {upstream.name} already has an idempotency_key argument")
        properties["idempotency_key"] = IDEMPOTENCY_KEY_PROPERTY
        schema["required"] = [*schema.get("required", []), "idempotency_key"]
    return schema


def _policy_for(spec: Mapping[str, Any] | None, changes_state: bool) -> Mapping[str, Any] | None:
    """A source's policy over all its tools. Only a tool the operator states read-only has nothing
    to hold (it runs at once, nothing to approve); its deny rules apply."""
    if spec is None or changes_state:
        return spec
    return {name: rule for name, rule in spec.items() if name in ("deny_when", "labels")}


def _changes_state(source: McpSource, upstream: UpstreamTool) -> bool:
    """The operator's word, else true: an upstream's readOnlyHint is never taken (MCP: hints are untrusted)."""
    if source.changes_state is not None:
        return source.changes_state
    return upstream.name not in source.read_only


def _tools_of(source: McpSource, listed: list[UpstreamTool]) -> list[tuple[Tool, UpstreamTool]]:
    tools = []
    for upstream in listed:
        if source.tool and upstream.name != source.tool:
            continue
        name = source.name if source.tool else f"{source.prefix}{upstream.name}"
        if not TOOL_NAME.match(name):
            logger.warning("MCP tool %s from %s skipped: %r is not a valid tool name", upstream.name, source.url, name)
            continue
        changes_state = _changes_state(source, upstream)
        kinds: dict[str, FieldKind] = dict(source.fields)
        if changes_state:
            kinds.setdefault("idempotency_key", "identifier")
        target = {
            "url": source.url,
            "headers": source.headers,
            "timeout_s": source.timeout_s,
            "max_response_bytes": source.max_response_bytes,
            "tool": upstream.name,
        }
        tool = Tool(
            name=name,
            description=source.description or upstream.description or f"{upstream.name} (MCP upstream)",
            schema=guarded_schema(upstream, changes_state=changes_state, open_schema=source.open_schema),
            changes_state=changes_state,
            field_kinds=kinds,
            handler=McpExecutor(target=target),
            results=source.results,
            version=upstream.announcement_sha256[:12],
            policy=Policy.compile(
                tool=name,
                spec=_policy_for(source.policy, changes_state),
                changes_state=changes_state,
                field_kinds=kinds,
            ),
        )
        tools.append((tool, upstream))
    if source.tool and not tools:
        raise UpstreamConfigError(f"the MCP upstream {source.url} has no tool named {source.tool}")
    return tools


def mcp_source_register(
    *,
    spec: Mapping[str, Any],
    name: str = "",
    description: str = "",
    changes_state: bool | None = None,
    fields: Mapping[str, FieldKind] | None = None,
    results: str = "mark",
    policy: Mapping[str, Any] | None = None,
) -> McpSource:
    """Declare an MCP upstream (`{url, prefix}` or `{url, tool}` with `name`) and register its tools.

    An upstream that is down is logged and registers nothing yet: start-up
    goes on, and `manage.py tools_sync` (or the next start) tries again.
    """
    source = _source_from(
        spec=spec,
        name=name,
        description=description,
        changes_state=changes_state,
        fields=fields,
        results=results,
        policy=policy,
    )
    _SOURCES.append(source)
    try:
        # Start-up may not read the database: the first request's reload checks the versions.
        mcp_source_sync(source, verify=False)
    except (UpstreamConfigError, ImproperlyConfigured):
        raise
    except Exception as exc:  # noqa: BLE001 - any failure to list is "down for now"
        logger.warning("MCP upstream %s is unavailable (%s); its tools wait for tools_sync", source.url, exc)
    return source


def _source_from(
    *,
    spec: Mapping[str, Any],
    name: str = "",
    description: str = "",
    changes_state: bool | None = None,
    fields: Mapping[str, FieldKind] | None = None,
    results: str = "mark",
    policy: Mapping[str, Any] | None = None,
) -> McpSource:
    where = "upstream.mcp"
    unknown = set(spec) - {
        "url",
        "headers",
        "timeout_s",
        "max_response_bytes",
        "tool",
        "prefix",
        "open_schema",
        "read_only",
    }
    if unknown:
        raise UpstreamConfigError(f"{where} has unknown fields: {', '.join(sorted(unknown))}")
    if bool(spec.get("prefix")) == bool(spec.get("tool")):
        raise UpstreamConfigError(f"{where} needs exactly one of tool or prefix")
    if spec.get("tool") and not name:
        raise UpstreamConfigError(f"{where}.tool guards one upstream tool under the entry's name: name is required")
    return McpSource(
        url=url_from_spec(spec.get("url"), where),
        headers=headers_from_spec(spec.get("headers"), where),
        timeout_s=timeout_from_spec(spec.get("timeout_s"), where),
        max_response_bytes=max_response_bytes_from_spec(spec.get("max_response_bytes"), where),
        prefix=str(spec.get("prefix") or ""),
        tool=str(spec.get("tool") or ""),
        name=name,
        description=description,
        changes_state=changes_state,
        read_only=_check_read_only(spec.get("read_only", []), where),
        fields=dict(fields or {}),
        results=results,
        policy=policy,
        open_schema=_check_open_schema(spec.get("open_schema", False), where),
    )


def _check_read_only(value: object, where: str) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(name, str) and name for name in value):
        raise UpstreamConfigError(f"{where}.read_only must list upstream tool names the operator states read-only")
    return frozenset(value)


def _check_open_schema(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise UpstreamConfigError(f"{where}.open_schema must be true or false")
    return value


def mcp_catalog_source(config: Mapping[str, Any], own_schema: bool = False) -> SourceLoader | None:
    """The catalog's `upstream: {mcp: {url, prefix}}`, every upstream tool as prefix + name, or
    `{mcp: {url, tool}}` in an entry without a `schema` of its own: that tool under the entry's
    name, with the upstream's inputSchema.

    An entry with its own schema is one tool the executor runs (mcp_executor_factory).
    """
    if config.get("prefix") or (config.get("tool") and not own_schema):
        return _catalog_source_load
    return None


def _catalog_source_load(entry: SourceEntry) -> list[Tool]:
    """Register the source's tools, the entry's fields, policy and results applying to each.

    The policy is compiled once here, so a broken rule stops start-up even
    while the upstream is down (its tools then wait for tools_sync).
    """
    config = entry.config
    Policy.compile(
        tool=entry.name,
        spec=entry.policy,
        changes_state=entry.changes_state is not False,
        field_kinds=entry.fields,
    )
    # One guarded tool takes the entry's name and description; a prefix names its tools itself.
    name, description = (entry.name, entry.description) if config.get("tool") else ("", "")
    if not entry.install:
        # A draft (policy replay): list what the upstream has now, register nothing.
        source = _source_from(
            spec=config,
            name=name,
            description=description,
            changes_state=entry.changes_state,
            fields=entry.fields,
            results=entry.results,
            policy=entry.policy,
        )
        try:
            return [tool for tool, _ in mcp_source_sync(source, install=False)]
        except ConnectionError as exc:
            logger.warning("MCP upstream %s is unavailable (%s); its tools are left out", source.url, exc)
            return []
    source = mcp_source_register(
        spec=config,
        name=name,
        description=description,
        changes_state=entry.changes_state,
        fields=entry.fields,
        results=entry.results,
        policy=entry.policy,
    )
    return [tool for tool in (get_tool(registered) for registered in source.registered) if tool is not None]


def mcp_source_sync(source: McpSource, *, install: bool = True, verify: bool = True) -> list[tuple[Tool, UpstreamTool]]:
    """List one source and (re-)register its tools in this process (unless `install` is false).

    `verify` records what the upstream announced (upstream.versions) and
    withholds a tool whose announcement an operator has not accepted; without
    it (at start-up, before the database may be read) every tool is withheld
    until the first request's reload checks it (upstream.generation).
    """
    try:
        listed = mcp_list_tools(
            url=source.url,
            headers=source.headers,
            timeout_s=source.timeout_s,
            max_response_bytes=source.max_response_bytes,
        )
    except BaseException as exc:
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        raise ConnectionError(_error_text(exc)) from None
    tools = _tools_of(source, listed)
    if not install:
        return tools
    withheld = announcements_record(source.url, tools) if verify else dict.fromkeys(source_names(tools), "unverified")
    installed = []
    for tool, upstream in tools:
        tool = dataclasses.replace(tool, withheld=withheld.get(tool.name, ""))
        register(tool, replace=True)
        source.registered[tool.name] = upstream
        installed.append((tool, upstream))
    return installed


def source_names(tools: list[tuple[Tool, UpstreamTool]]) -> list[str]:
    return [tool.name for tool, _ in tools]


def mcp_sources() -> list[McpSource]:
    return list(_SOURCES)
