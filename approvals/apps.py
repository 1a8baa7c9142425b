from django.apps import AppConfig


class ApprovalsConfig(AppConfig):
    name = "approvals"
    verbose_name = "Approvals"

    def ready(self) -> None:
        from approvals.metrics import ApprovalBacklogCollector
        from core import metrics

        # /metrics reads the backlog from the database at scrape time (core/metrics.py).
        if not any(isinstance(c, ApprovalBacklogCollector) for c in metrics.scrape_time_collectors):
            metrics.scrape_time_collectors.append(ApprovalBacklogCollector())
