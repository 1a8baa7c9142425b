"""The approval backlog as Prometheus gauges, computed from the database at scrape time."""

from __future__ import annotations

from collections.abc import Iterator

from prometheus_client.metrics_core import GaugeMetricFamily
from prometheus_client.registry import Collector

from approvals.selectors import approval_backlog_by_tool


class ApprovalBacklogCollector(Collector):
    def collect(self) -> Iterator[GaugeMetricFamily]:
        pending = GaugeMetricFamily("tool_approval_pending", "Approval requests waiting for a human", labels=["tool"])
        oldest = GaugeMetricFamily(
            "tool_approval_oldest_pending_seconds", "Age of the oldest pending approval", labels=["tool"]
        )
        for tool, count, age_seconds in approval_backlog_by_tool():
            pending.add_metric([tool], count)
            oldest.add_metric([tool], age_seconds)
        yield pending
        yield oldest
