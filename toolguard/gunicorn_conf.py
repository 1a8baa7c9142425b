"""gunicorn settings: `gunicorn -c python:toolguard.gunicorn_conf toolguard.wsgi`."""

import os
import subprocess
import sys
from pathlib import Path
from typing import Protocol

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
timeout = 30
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
# No control socket (gunicorn's default, $XDG_RUNTIME_DIR/gunicorn.ctl or ~/.gunicorn/gunicorn.ctl):
# nothing here uses one, and through it whoever reaches the file could resize or stop the server.
# Every gunicorn on a host would also share that one path.
control_socket_disable = True


class _Worker(Protocol):
    """The part of gunicorn's worker this file reads (gunicorn ships no type information)."""

    pid: int


def child_exit(server: object, worker: _Worker) -> None:
    # Metrics of a dead worker stay counted, but its live gauges are dropped.
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


# The deployment's one audit tree integrator (audit.tree.Integrator) runs beside the
# workers, not in them: a worker then opens no connection for the tree. Set
# TOOLGUARD_AUDIT_INTEGRATOR=external where a unit of its own runs `manage.py audit_integrator`.
_integrator: "subprocess.Popen[bytes] | None" = None


def when_ready(server: object) -> None:
    global _integrator
    if os.environ.get("TOOLGUARD_AUDIT_INTEGRATOR", "gunicorn") == "external":
        return
    root = Path(__file__).resolve().parent.parent
    _integrator = subprocess.Popen(
        [sys.executable, str(root / "manage.py"), "audit_integrator", "--parent", str(os.getpid())], cwd=root
    )


def on_exit(server: object) -> None:
    if _integrator is not None and _integrator.poll() is None:
        _integrator.terminate()
        try:
            _integrator.wait(timeout=15)
        except subprocess.TimeoutExpired:
            _integrator.kill()
            _integrator.wait(timeout=15)
