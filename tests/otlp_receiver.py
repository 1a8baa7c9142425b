"""An OTLP/HTTP trace receiver in its own process: what a collector would be sent, decoded and written down.

    python tests/otlp_receiver.py PORT SPANS_FILE

POST /v1/traces with an ExportTraceServiceRequest (protobuf, optionally
gzip) is decoded with opentelemetry-proto; each span becomes one JSON line of
SPANS_FILE: {"service", "trace_id", "span_id", "parent_span_id", "name",
"kind", "start_ns", "end_ns", "status", "attributes"} (ids in hex, "" for no
parent). A payload that does not decode answers 400, as a collector would.
GET /health answers 200.
"""

from __future__ import annotations

import gzip
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from google.protobuf.message import DecodeError
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.proto.common.v1.common_pb2 import AnyValue

LOCK = threading.Lock()


def value(any_value: AnyValue) -> Any:
    kind = any_value.WhichOneof("value")
    if kind == "array_value":
        return [value(item) for item in any_value.array_value.values]
    if kind == "kvlist_value":
        return {item.key: value(item.value) for item in any_value.kvlist_value.values}
    if kind == "bytes_value":
        return any_value.bytes_value.hex()
    return getattr(any_value, kind) if kind else None


def spans(request: ExportTraceServiceRequest) -> list[dict[str, Any]]:
    found = []
    for resource_spans in request.resource_spans:
        resource = {item.key: value(item.value) for item in resource_spans.resource.attributes}
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                found.append(
                    {
                        "service": resource.get("service.name", ""),
                        "scope": scope_spans.scope.name,
                        "trace_id": span.trace_id.hex(),
                        "span_id": span.span_id.hex(),
                        "parent_span_id": span.parent_span_id.hex(),
                        "name": span.name,
                        "kind": span.kind,
                        "start_ns": span.start_time_unix_nano,
                        "end_ns": span.end_time_unix_nano,
                        "status": span.status.code,
                        "attributes": {item.key: value(item.value) for item in span.attributes},
                    }
                )
    return found


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    spans_file = ""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _answer(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        self._answer(200 if self.path == "/health" else 404, b"{}", "application/json")

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path != "/v1/traces":
            self._answer(404, b"", "text/plain")
            return
        try:
            if self.headers.get("Content-Encoding", "") == "gzip":
                raw = gzip.decompress(raw)
            request = ExportTraceServiceRequest.FromString(raw)
        except (DecodeError, OSError) as exc:
            self._answer(400, f"not an ExportTraceServiceRequest: {exc}".encode(), "text/plain")
            return
        lines = "".join(json.dumps(span) + "\n" for span in spans(request))
        with LOCK, open(self.spans_file, "a", encoding="utf-8") as out:
            out.write(lines)
        self._answer(200, ExportTraceServiceResponse().SerializeToString(), "application/x-protobuf")


def main() -> None:
    port, Handler.spans_file = int(sys.argv[1]), sys.argv[2]
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    main()
