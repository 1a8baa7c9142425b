"""Agent keys and agent sessions as every tool call reads them, cached for one second.

Every tool call authenticates its key and checks its session's quarantine
before anything else; both rows change rarely (a revocation, a quarantine, a
release). They are kept in the shared cache (Redis) for
TOOLGUARD_PRINCIPAL_CACHE_SECONDS (one second by default), so a
change made by any means reaches every server within that second, and the
flows that make the change (revoke, quarantine, release) delete the entry
straight away and again on commit, so they take effect at once.

Without Redis (the embedded default) the cache is the database itself, so
nothing is cached and every call reads the rows, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, transaction
from redis.exceptions import RedisError

from core.call_budget import BudgetWindow, budget_window
from core.idempotency import (
    IdempotencyScope,
    KeyClaim,
    cache_decode,
    cache_encode,
    claim_token,
    key_claim,
    redis_script,
)
from core.models import AgentKey, AgentSession, agent_key_hash
from core.pipelining import select_rows, select_rows_sent

CACHE_ERRORS = (RedisError, DatabaseError, OSError)


def _enabled() -> bool:
    return bool(settings.REDIS_URL) and settings.TOOLGUARD_PRINCIPAL_CACHE_SECONDS > 0


def _key_cache_key(prefix: str) -> str:
    return f"tg:agentkey:v1:{prefix}"


def _credential_cache_key(prefix: str, key_hash: str) -> str:
    # Named by the secret's hash (what the database keeps too): only the right
    # secret finds the row, so a wrong one is never counted against the key's budget.
    return f"tg:agentkey:v2:{prefix}:{key_hash}"


def _session_cache_key(customer_id: int, session_id: str) -> str:
    return f"tg:session:v1:{customer_id}:{session_id}"


def _get(name: str) -> object | None:
    try:
        return cache.get(name)
    except CACHE_ERRORS:
        return None  # the database answers instead


def _add(name: str, value: object) -> None:
    try:
        cache.add(name, value, timeout=settings.TOOLGUARD_PRINCIPAL_CACHE_SECONDS)
    except CACHE_ERRORS:
        pass


def _forget(name: str) -> None:
    """Drop an entry now and again once the change is committed.

    Now, so this process does not read it back before commit; on commit,
    because a call that read the old row just before the change may have
    cached it in between (what remains of that race is bounded by the cache's TTL).
    """
    if not _enabled():
        return

    def delete() -> None:
        try:
            cache.delete(name)
        except CACHE_ERRORS:
            pass  # it expires on its own

    delete()
    transaction.on_commit(delete)


# The key's cached row (or, given one read from the database, the row cached
# now) and the call counted in its budget's window; then, when the request
# names a state-changing call and the budget holds, the call's session and its
# key's claim (core.idempotency's claim, the same keys and token): what a call
# needs of Redis before its write phase, in one round trip.
_ADMIT_SCRIPT = """
local row = redis.call('get', KEYS[1])
if not row then
  if ARGV[4] == '' then return false end
  row = ARGV[4]
  redis.call('set', KEYS[1], row, 'NX', 'EX', ARGV[3])
end
local calls = redis.call('incr', KEYS[2])
if calls == 1 then redis.call('expire', KEYS[2], ARGV[1]) end
if #KEYS < 5 or calls > tonumber(ARGV[2]) then return {row, calls} end
local session = redis.call('get', KEYS[3])
local stored = redis.call('get', KEYS[4])
if stored then return {row, calls, session, 1, stored} end
if redis.call('set', KEYS[5], ARGV[5], 'NX', 'EX', ARGV[6]) then return {row, calls, session, 0, 1} end
return {row, calls, session, 0, 0}
"""

# The customer of a key prefix never changes: remembered per process, so a
# request's claim can go out with its key's row before the row is read.
_customer_of_prefix: dict[str, int] = {}


@dataclass(frozen=True)
class ClaimAhead:
    """A state-changing call a request carries, as its authentication can read it: claimed with the key's row."""

    tool: str
    key: str
    session_id: str


@dataclass
class Admission:
    """What authenticating an agent key found: the key, the call counted in its budget window
    (None: not counted yet), and the session and claim of the call it was asked to claim ahead."""

    key: AgentKey | None
    budget: tuple[BudgetWindow, int] | None = None
    claimed: tuple[IdempotencyScope, str, AgentSession | None, KeyClaim] | None = None

    def take(self, scope: IdempotencyScope, session_id: str) -> tuple[AgentSession | None, KeyClaim] | None:
        """The session and claim made ahead for this call (once), or None."""
        if self.claimed is None or self.claimed[:2] != (scope, session_id):
            return None
        _, _, session, claimed = self.claimed
        self.claimed = None
        return session, claimed

    def release_unused(self) -> None:
        """A claim made ahead that no call took (the request stopped first) is given back."""
        if self.claimed is not None:
            self.claimed[3].release()
            self.claimed = None


def agent_key_admit(raw_key: str, *, ahead: ClaimAhead | None = None) -> Admission:
    """The live key with this secret (or None), the call counted in the key's budget window
    (core.call_budget) and, for `ahead`, the call's session and its key's claim: one Redis round
    trip when the shared cache has the key's row, two when it must be read from the database.
    """
    parts = raw_key.split("_", 2)
    if len(parts) != 3 or parts[0] != "tg" or not _enabled():
        return Admission(AgentKey.objects.authenticate(raw_key))
    prefix = parts[1]
    name = _credential_cache_key(prefix, agent_key_hash(raw_key))
    try:
        admission = _admit_trip(raw_key, prefix, name, ahead, None)
    except CACHE_ERRORS:
        # Redis unreachable: the database answers, once, and the caller counts (or not) on its own.
        return Admission(AgentKey.objects.authenticate(raw_key))
    if admission is not None:
        return admission
    key = AgentKey.objects.authenticate(raw_key)
    if key is None:
        return Admission(None)
    _customer_of_prefix[prefix] = key.customer_id
    # The row read, cached with the count and the claim it could not go with.
    try:
        return _admit_trip(raw_key, prefix, name, ahead, key) or Admission(key)
    except CACHE_ERRORS:
        return Admission(key)


def _admit_trip(
    raw_key: str, prefix: str, name: str, ahead: ClaimAhead | None, read: AgentKey | None
) -> Admission | None:
    """One round trip of _ADMIT_SCRIPT (caching `read`, a row just read from the database);
    None when the cache has no row and none was given. Redis's errors are the caller's."""
    window = budget_window(prefix)
    keys = [cache.make_key(name), cache.make_key(window.cache_key)]
    row_bytes = cache_encode(read) if read is not None else b""
    args: list[int | str | bytes] = [
        window.counter_ttl,
        window.limit,
        settings.TOOLGUARD_PRINCIPAL_CACHE_SECONDS,
        row_bytes,
    ]
    customer_id = _customer_of_prefix.get(prefix)
    scope: IdempotencyScope | None = None
    token: int | None = None
    if ahead is not None and customer_id is not None:
        scope = IdempotencyScope(customer_id, ahead.tool, ahead.key)
        token = claim_token()
        keys += [cache.make_key(_session_cache_key(customer_id, ahead.session_id)), cache.make_key(scope.cache_key)]
        keys.append(cache.make_key(scope.lock_key))
        args += [str(token), settings.TOOLGUARD_IDEMPOTENCY_LOCK_SECONDS]
    found = redis_script(_ADMIT_SCRIPT)(keys=keys, args=args)
    if not found:
        return None
    row, calls, *claim = found
    cached = read if read is not None and row == row_bytes else cache_decode(row)
    # The secret is checked on every call; only the row is cached.
    if not isinstance(cached, AgentKey) or not cached.secret_matches(raw_key):
        return None
    _customer_of_prefix[prefix] = cached.customer_id
    admission = Admission(cached, (window, int(calls)))
    if claim and scope is not None and ahead is not None:
        session, settled, stored = claim
        session_row = cache_decode(session) if session is not None else None
        claimed = (
            KeyClaim(scope, hot=cache_decode(stored)) if settled else KeyClaim(scope, token=token if stored else None)
        )
        admission.claimed = (
            scope,
            ahead.session_id,
            session_row if isinstance(session_row, AgentSession) else None,
            claimed,
        )
    return admission


def agent_key_by_prefix(prefix: str) -> AgentKey | None:
    """The live key with this prefix, with its customer, for a principal authenticated
    elsewhere (an OAuth token, toolguard/mcp/access_tokens.py) whose key has no secret to check."""
    if _enabled():
        cached = _get(_key_cache_key(prefix))
        if isinstance(cached, AgentKey):
            return cached
    key = AgentKey.objects.select_related("customer").filter(prefix=prefix, revoked_at__isnull=True).first()
    if key is not None and _enabled():
        _add(_key_cache_key(prefix), key)
    return key


def agent_key_forget(key: AgentKey) -> None:
    """Call in the transaction that revokes, quarantines or releases the key."""
    _forget(_key_cache_key(key.prefix))
    _forget(_credential_cache_key(key.prefix, key.key_hash))


def agent_session_lookup(*, customer_id: int, session_id: str) -> AgentSession | None:
    """The session row (for its quarantine and block count), or None when it does not exist yet."""
    if not _enabled():
        return _session_read(customer_id, session_id)
    cached = _get(_session_cache_key(customer_id, session_id))
    if isinstance(cached, AgentSession):
        return cached
    session = _session_read(customer_id, session_id)
    if session is not None:
        # Only rows that exist: a session created by another server is found on its next read.
        _add(_session_cache_key(customer_id, session_id), session)
    return session


def agent_session_claiming(
    *, customer_id: int, session_id: str, scope: IdempotencyScope
) -> tuple[AgentSession | None, KeyClaim]:
    """The session's cached row (None when not cached) and the idempotency claim of the call's key
    (core.idempotency.key_claim), in one Redis round trip: a state-changing call's reads before its
    write phase, which reads a session not cached with its own first statements (agent_session_sent)."""
    name = _session_cache_key(customer_id, session_id)
    claimed, cached = key_claim(scope, also_read=name if _enabled() else None)
    return (cached if isinstance(cached, AgentSession) else None), claimed


def agent_session_sent(*, customer_id: int, session_id: str) -> Callable[[], AgentSession]:
    """The session's row, created if new: sent now (inside `pipelined()`, with the statements around
    it), read when the returned function is called.

    Two statements, one round trip: an insert that a session already there
    ignores, then the row. The read sees a row another call created
    meanwhile (it waits for that call's commit, then reads anew), so two first
    calls of one session read one row. A quarantined row is cached, so the
    session's next calls are refused before they are checked.
    """
    AgentSession.objects.bulk_create(
        [AgentSession(customer_id=customer_id, session_id=session_id)], ignore_conflicts=True
    )
    found = select_rows_sent(AgentSession, customer_id=customer_id, session_id=session_id)

    def session() -> AgentSession:
        [row] = found()  # (customer, session id) is unique, and the insert made sure of one
        if row.is_quarantined and _enabled():
            _add(_session_cache_key(customer_id, session_id), row)
        return row

    return session


def _session_read(customer_id: int, session_id: str) -> AgentSession | None:
    # Every call of a new session id reads here: a statement written once, not an ORM query per call.
    found = select_rows(AgentSession, customer_id=customer_id, session_id=session_id)
    return found[0] if found else None  # (customer, session id) is unique


def agent_session_forget(*, customer_id: int, session_id: str) -> None:
    """Call in the transaction that counts a block on, quarantines or releases the session."""
    _forget(_session_cache_key(customer_id, session_id))
