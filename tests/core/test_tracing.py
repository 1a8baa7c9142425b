"""Tracing's settings and its off state (the live behaviour: tests/toolguard/test_tracing_live.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.core.exceptions import MiddlewareNotUsed
from django.http import HttpResponse

from core import tracing
from tests.live import ROOT, child_env

OTEL = (
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    "OTEL_TRACES_EXPORTER",
    "OTEL_EXPORTER_OTLP_PROTOCOL",
    "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
    "OTEL_SDK_DISABLED",
    "OTEL_SERVICE_NAME",
)


def settings_of(**env: str) -> subprocess.CompletedProcess[str]:
    """Read toolguard's settings in a fresh process with these OTEL_* variables (and no others)."""
    environment = {name: value for name, value in child_env().items() if name not in OTEL}
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import toolguard.settings as s; print(s.TOOLGUARD_TRACING, s.OTEL_SERVICE_NAME, s.TOOLGUARD_TRACE_ARGUMENTS)",
        ],
        cwd=ROOT,
        env={**environment, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("env", "printed"),
    [
        ({}, "False toolguard False"),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}, "True toolguard False"),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://127.0.0.1:4318/v1/traces"}, "True toolguard False"),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_TRACES_EXPORTER": "none"}, "False toolguard False"),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_SDK_DISABLED": "true"}, "False toolguard False"),
        (
            {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_SERVICE_NAME": "bank-guard"},
            "True bank-guard False",
        ),
        ({"TOOLGUARD_TRACE_ARGUMENTS": "true"}, "False toolguard True"),
    ],
    ids=["unset", "endpoint", "traces-endpoint", "exporter-none", "sdk-disabled", "service-name", "arguments"],
)
def test_tracing_is_on_only_with_an_endpoint(env: dict[str, str], printed: str) -> None:
    result = settings_of(**env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == printed


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"OTEL_TRACES_EXPORTER": "zipkin"}, "OTEL_TRACES_EXPORTER must be otlp or none, got 'zipkin'"),
        ({"OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}, "toolguard exports http/protobuf only, got 'grpc'"),
        ({"OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/json"}, "toolguard exports http/protobuf only, got 'http/json'"),
        ({"OTEL_SDK_DISABLED": "maybe"}, "OTEL_SDK_DISABLED must be a boolean"),
        ({"TOOLGUARD_TRACE_ARGUMENTS": "sometimes"}, "TOOLGUARD_TRACE_ARGUMENTS must be a boolean"),
    ],
    ids=["exporter", "protocol", "traces-protocol", "sdk-disabled", "trace-arguments"],
)
def test_a_setting_toolguard_cannot_honour_stops_start_up_naming_it(env: dict[str, str], named: str) -> None:
    result = settings_of(OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:4318", **env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and named in result.stderr, result.stderr


def test_off_every_helper_is_a_no_op() -> None:
    # The test process has no OTLP endpoint: no SDK was set up.
    assert not tracing.tracing_on()
    with tracing.stage(tracing.VALIDATE) as span:
        assert span is None
    with tracing.call_span(tool="transfer_funds", requested="transfer_funds", tool_call_id="c-1") as span:
        assert span is None
        assert tracing.trace_id() == "" and tracing.traceparent() == ""
    headers: dict[str, str] = {}
    tracing.inject(headers)
    assert headers == {}
    with pytest.raises(MiddlewareNotUsed):
        tracing.TraceContextMiddleware(lambda request: HttpResponse())
