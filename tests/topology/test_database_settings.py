"""The app's side of the deployment without the topology: several database hosts, the replica, a lost database."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import IntegrityError, OperationalError
from django.test import RequestFactory
from psycopg import errors as psycopg_errors

from tests.live import ROOT, child_env, free_port
from toolguard.api.errors import server_error
from toolguard.settings import database_config


def test_a_url_with_several_hosts_becomes_libpq_host_and_port_lists() -> None:
    config = database_config(
        "postgres://app:secret@db1:5432,db2:5433/toolguard?target_session_attrs=read-write", name="DATABASE_URL"
    )
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db1,db2", "5432,5433", "toolguard")
    assert (config["USER"], config["PASSWORD"]) == ("app", "secret")
    assert config["OPTIONS"]["target_session_attrs"] == "read-write"


def test_a_host_without_a_port_takes_postgresql_s_own() -> None:
    assert database_config("postgres://app@db1,db2/toolguard", name="DATABASE_URL")["PORT"] == "5432,5432"


def test_a_bad_host_list_is_refused_naming_the_setting() -> None:
    with pytest.raises(ImproperlyConfigured, match="DATABASE_REPLICA_URL names a host"):
        database_config("postgres://app@db1:5432,:5433/toolguard", name="DATABASE_REPLICA_URL")


def test_a_lost_database_outside_the_api_views_is_a_503_with_retry_after_not_a_500() -> None:
    request = RequestFactory().get("/api/v1/approvals")
    try:
        raise OperationalError("server closed the connection unexpectedly")
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert json.loads(response.content)["error"]["code"] == "database_unavailable"
    page = RequestFactory().get("/review/")
    try:
        raise OperationalError("the database system is starting up")
    except OperationalError:
        response = server_error(page)
    assert (response.status_code, response["Retry-After"]) == (503, "2")


def test_a_fault_that_is_not_the_connection_stays_a_500() -> None:
    request = RequestFactory().get("/api/v1/approvals")
    try:
        raise IntegrityError("duplicate key value violates unique constraint")
    except IntegrityError:
        response = server_error(request)
    assert response.status_code == 500


@pytest.mark.parametrize(
    ("cause", "status"),
    [
        (psycopg_errors.DeadlockDetected("deadlock detected"), 500),
        (psycopg_errors.SerializationFailure("could not serialize access"), 500),
        (psycopg_errors.AdminShutdown("terminating connection due to administrator command"), 503),
        (psycopg_errors.TooManyConnections("sorry, too many clients already"), 503),
        (psycopg_errors.ReadOnlySqlTransaction("cannot execute INSERT in a read-only transaction"), 503),
    ],
)
def test_only_a_lost_or_refused_connection_is_database_unavailable(cause: Exception, status: int) -> None:
    # A deadlock is a fault of toolguard's lock order: answering it "retry later" would hide it.
    request = RequestFactory().post("/api/v1/tool-calls")
    try:
        raise OperationalError(str(cause)) from cause
    except OperationalError:
        response = server_error(request)
    assert response.status_code == status


def _read_source(replica_url: str) -> dict[str, object]:
    code = (
        "import json; from core.replica import read_source; s = read_source(); "
        "print(json.dumps({'alias': s.alias, 'lag': s.lag_seconds, 'reason': s.fallback_reason}))"
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=child_env(DATABASE_REPLICA_URL=replica_url),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.needs_postgres
def test_compliance_reads_fall_back_to_the_primary_when_the_standby_is_down(db: object) -> None:
    source = _read_source(f"postgres://postgres@127.0.0.1:{free_port()}/toolguard?target_session_attrs=standby")
    assert source == {"alias": "default", "lag": None, "reason": "no standby answers"}


@pytest.mark.needs_postgres
def test_a_primary_named_as_the_standby_is_refused_by_libpq(db: object) -> None:
    # target_session_attrs=standby: a node that takes writes is never read as the replica.
    url = child_env()["DATABASE_URL"]
    source = _read_source(f"{url}?target_session_attrs=standby")
    assert source["alias"] == "default"


def test_the_router_sends_nothing_to_the_replica_on_its_own() -> None:
    from core.replica import ReplicaRouter

    router = ReplicaRouter()
    assert router.db_for_read(object) is None
    assert router.db_for_write(object) == "default"
    assert router.allow_migrate("replica", "audit") is False
    assert router.allow_migrate("default", "audit") is True


# Who may read the standby: compliance search and exports (and the readiness
# probe that reports on it). Anything else naming it would read stale rows
# where a decision, a write or an idempotency check needs the latest.
REPLICA_READERS = {"core/replica.py", "staff/audit_views.py", "staff/audit_api.py", "toolguard/views.py"}


def test_only_compliance_reads_name_the_standby() -> None:
    apps = [p for p in ROOT.iterdir() if p.is_dir() and (p / "apps.py").exists()]
    naming = {
        str(path.relative_to(ROOT))
        for app in apps
        for path in app.rglob("*.py")
        if "migrations" not in path.parts
        and re.search(r"reading_alias\(|read_source\(|REPLICA\b|[\"']replica[\"']", path.read_text())
    }
    assert "staff/audit_views.py" in naming
    assert naming - {"toolguard/settings.py"} <= REPLICA_READERS, naming
