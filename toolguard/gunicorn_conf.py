"""gunicorn settings: `gunicorn -c python:toolguard.gunicorn_conf toolguard.wsgi`."""

import os
from typing import Protocol

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
timeout = 30
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None


class _Worker(Protocol):
    """The part of gunicorn's worker this file reads (gunicorn ships no type information)."""

    pid: int


def child_exit(server: object, worker: _Worker) -> None:
    # Metrics of a dead worker stay counted, but its live gauges are dropped.
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
