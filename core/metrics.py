"""Prometheus metrics from the chapter's table, labelled by tool.

Under gunicorn, PROMETHEUS_MULTIPROC_DIR makes every worker write its
counters to shared files that /metrics aggregates. The pending-approval
gauges are read from the database at scrape time, so they are right however
many processes there are.
"""

from __future__ import annotations

import os

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import REGISTRY, Collector

tool_call_count = Counter("tool_call_count", "Tool calls received", ["tool", "status"])
tool_validation_failures = Counter("tool_validation_failures", "Calls refused by schema validation", ["tool"])
tool_injection_blocks = Counter("tool_injection_blocks", "Calls blocked by the sanitizer", ["tool", "category", "rule"])
tool_injection_suspected = Counter(
    "tool_injection_suspected", "Free text the sanitizer's model stage flagged", ["tool", "action"]
)
tool_idempotency_hits = Counter("tool_idempotency_hits", "Calls answered from a stored result", ["tool"])
tool_execution_duration = Histogram(
    "tool_execution_duration",
    "Seconds spent in the pipeline per call",
    ["tool"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
approval_decision_latency = Histogram(
    "tool_approval_decision_latency",
    "Seconds from approval request to decision",
    ["tool"],
    buckets=(1, 10, 60, 300, 900, 1800, 3600, 7200, 14400, 86400),
)
audit_alerts = Counter("tool_audit_alerts", "Alerts raised from the audit log", ["rule"])


# Gauges computed at scrape time from the database (the approval backlog, say):
# each app that owns such a number adds its collector here when it starts.
scrape_time_collectors: list[Collector] = []


def metrics_exposition() -> bytes:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    text = generate_latest(registry)
    computed = CollectorRegistry()
    for collector in scrape_time_collectors:
        computed.register(collector)
    return text + generate_latest(computed)
