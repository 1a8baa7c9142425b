"""The read replica: a PostgreSQL standby that compliance search and exports read from.

Only code that asks for it by name (`reading_alias()`) ever reads the standby:
the router sends nothing there on its own, so every decision, write and
idempotency check stays on the primary, which is the only place that knows
the latest state. When the standby is unreachable the readers fall back to
the primary rather than failing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connections

logger = logging.getLogger(__name__)

REPLICA = "replica"
NO_STANDBY = "no standby answers"


class ReplicaRouter:
    """Never routes on its own: reads and writes go to the primary unless `.using(REPLICA)` says otherwise."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str | None:
        return None

    def db_for_write(self, model: type[Any], **hints: Any) -> str | None:
        return "default"

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool | None:
        return None

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        # The standby replays the primary's migrations; it cannot run its own.
        return db != REPLICA


@dataclass(frozen=True)
class ReadSource:
    """Where a compliance read came from, and how far behind the primary that was."""

    alias: str
    lag_seconds: float | None = None
    fallback_reason: str = ""

    @property
    def is_replica(self) -> bool:
        return self.alias == REPLICA


# 0 when the standby has replayed all it received (an idle primary sends no
# new transactions, and the last replayed one's age is no lag at all).
LAG_SQL = """
SELECT CASE
  WHEN NOT pg_is_in_recovery() THEN NULL
  WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
  ELSE GREATEST(0, EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()))
END
"""


def read_source() -> ReadSource:
    """The standby when one is configured and answers, else the primary (with the reason)."""
    if REPLICA not in settings.DATABASES:
        return ReadSource("default")
    try:
        with connections[REPLICA].cursor() as cursor:
            cursor.execute(LAG_SQL)
            row = cursor.fetchone()
    except DatabaseError as exc:
        logger.warning("read replica unreachable, reading the primary: %s", type(exc).__name__)
        connections[REPLICA].close()
        return ReadSource("default", fallback_reason=NO_STANDBY)
    if row is None or row[0] is None:
        # A connection made to a standby outlives its promotion: the node now
        # takes writes, so it is the primary, and the next read looks again.
        connections[REPLICA].close()
        return ReadSource("default", fallback_reason=NO_STANDBY)
    return ReadSource(REPLICA, lag_seconds=float(row[0]))


def reading_alias() -> str:
    return read_source().alias
