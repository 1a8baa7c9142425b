"""django-q2 tasks: the reconciler that re-sends calls whose outcome is not known yet."""

from __future__ import annotations

import logging
import time

from django.utils import timezone

from outbox.models import Dispatch
from outbox.services import dispatch_send, dispatches_reconcile_due

logger = logging.getLogger(__name__)

# A task waits this long at most for its backoff; longer waits are left to the sweep,
# so a worker slot is never parked for minutes (the cluster's task timeout is 60 s).
MAX_WAIT_SECONDS = 20


def dispatch_retry(dispatch_id: str) -> str:
    """Queued after an unknown outcome or an approval: wait out the backoff, then send again."""
    dispatch = Dispatch.objects.filter(id=dispatch_id).only("state", "next_attempt_at").first()
    if dispatch is None or dispatch.state != Dispatch.State.DISPATCHING:
        return "settled"
    wait = (dispatch.next_attempt_at - timezone.now()).total_seconds()
    if wait > MAX_WAIT_SECONDS:
        return "left to the sweep"
    if wait > 0:
        time.sleep(wait)
    outcome = dispatch_send(dispatch_id=dispatch_id)
    return "held by another sender" if outcome is None else str(outcome["status"])


def reconcile_upstream_dispatches() -> int:
    """Scheduled every minute: the safety net for sends whose task or worker was lost."""
    sent = dispatches_reconcile_due()
    if sent:
        logger.info("re-sent %d upstream calls", sent)
    return sent
