"""The idempotency lock in the shared cache: taken once, released only by its holder."""

from __future__ import annotations

from typing import Any

import pytest

from core import idempotency
from core.idempotency import IdempotencyScope
from tests.live import unique

pytestmark = pytest.mark.django_db


def test_it_is_released_by_its_holder_only(db: Any) -> None:
    scope = IdempotencyScope(1, "issue_credit", unique("key"))
    token = idempotency.lock_acquire(scope)
    assert token is not None
    assert idempotency.lock_acquire(scope) is None  # held: a second request waits

    idempotency.lock_release(scope, token + 1)  # a lock that expired and was taken again is not ours
    assert idempotency.lock_acquire(scope) is None

    idempotency.lock_release(scope, token)
    again = idempotency.lock_acquire(scope)
    assert again is not None and again != token
    idempotency.lock_release(scope, again)
