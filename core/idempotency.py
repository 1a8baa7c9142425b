"""The fast side of the idempotency contract: a lock and a hot copy in the cache.

With REDIS_URL set the cache is Redis; in the embedded default it is
Django's database cache. The database row (IdempotencyRecord) is the source
of truth; everything here is an optimisation or a courtesy, except that an
unreachable store makes state-changing tools fail closed.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError
from django_redis import get_redis_connection
from redis.commands.core import Script
from redis.exceptions import RedisError

STORE_ERRORS = (RedisError, DatabaseError, OSError)


class IdempotencyUnavailable(Exception):
    """The store cannot say whether a key was seen; the caller must not execute."""


@dataclass(frozen=True)
class IdempotencyScope:
    customer_id: int
    tool: str
    key: str

    @property
    def cache_key(self) -> str:
        return f"idem:v1:{self.customer_id}:{self.tool}:{self.key}"

    @property
    def lock_key(self) -> str:
        return f"idemlock:v1:{self.customer_id}:{self.tool}:{self.key}"


def arguments_hash(arguments: dict[str, Any]) -> str:
    """Canonical hash of what the operation is, without the key that names it."""
    body = {name: value for name, value in arguments.items() if name != "idempotency_key"}
    return hashlib.sha256(
        json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    ).hexdigest()


def cached_outcome(scope: IdempotencyScope) -> dict[str, Any] | None:
    try:
        return cache.get(scope.cache_key)
    except STORE_ERRORS as exc:
        raise IdempotencyUnavailable(str(exc)) from exc


class CacheSerializer(Protocol):
    """django-redis's cache client as used here: the cache's own serializer and compressor, both ways."""

    def encode(self, value: Any) -> bytes | int: ...

    def decode(self, value: bytes | int | str) -> Any: ...


def cache_decode(stored: bytes) -> Any:
    """A value a script read from the default Redis cache, decoded as the cache's own get() would."""
    return _redis_serializer().decode(stored)


def cache_encode(value: Any) -> bytes:
    """A value as the default Redis cache stores it (its own set() would), for a script to write."""
    encoded = _redis_serializer().encode(value)
    return encoded if isinstance(encoded, bytes) else str(encoded).encode()


def _redis_serializer() -> CacheSerializer:
    """The default cache's client; only with REDIS_URL set, when that cache is django-redis's."""
    client: CacheSerializer = cache.client  # type: ignore[attr-defined]  # stubs know only BaseCache
    return client


# The hot copy, or else the lock, in one round trip: a retry of a settled key
# never takes the lock, and a fresh key costs one command instead of two. A
# third key, when given, is read in the same trip (the call's cached session).
_CLAIM_SCRIPT = """
local also = false
if KEYS[3] then also = redis.call('get', KEYS[3]) end
local stored = redis.call('get', KEYS[1])
if stored then return {1, stored, also} end
if redis.call('set', KEYS[2], ARGV[1], 'NX', 'EX', ARGV[2]) then return {0, 1, also} end
return {0, 0, also}
"""


def redis_script(text: str) -> Script:
    """A Lua script on the default Redis, sent by EVALSHA (its text only after a NOSCRIPT: a restart, a flush).

    Registered once per process and client: the script's text is not sent with every call, as EVAL sends it.
    """
    client = get_redis_connection("default")
    script = _scripts.get((id(client), text))
    if script is None:
        script = _scripts[(id(client), text)] = client.register_script(text)
    return script


_scripts: dict[tuple[int, str], Script] = {}


@dataclass
class KeyClaim:
    """What the store said of a key: its settled outcome to replay (`hot`), this request's
    lock (`token`), neither (another request runs the key), or that it could not say."""

    scope: IdempotencyScope
    hot: dict[str, Any] | None = None
    token: int | None = None
    unavailable: bool = False
    released: bool = False

    def release(self, *, remember: tuple[dict[str, Any], float] | None = None) -> None:
        """Give the lock back (once), with the settled outcome to copy to the hot cache first."""
        if self.token is not None and not self.released:
            self.released = True
            lock_release(self.scope, self.token, remember=remember)


def claim_token() -> int:
    """A lock's token: an integer, which the Redis cache stores as its digits, so the release
    script can compare it with what is stored without unpickling."""
    return secrets.randbits(62) + 1


def key_claim(scope: IdempotencyScope, *, also_read: str | None = None) -> tuple[KeyClaim, Any]:
    """Claim the key (KeyClaim) and, with Redis, read the cache entry `also_read` names in the same round trip.

    The entry is None when missing, without Redis, or when the store is
    unreachable (the claim then says `unavailable`: the caller must not execute).
    """
    if not settings.REDIS_URL:
        try:
            hot, token = claim(scope)
        except IdempotencyUnavailable:
            return KeyClaim(scope, unavailable=True), None
        return KeyClaim(scope, hot=hot, token=token), None
    token = claim_token()
    keys = [cache.make_key(scope.cache_key), cache.make_key(scope.lock_key)]
    if also_read:
        keys.append(cache.make_key(also_read))
    try:
        found, stored, also = redis_script(_CLAIM_SCRIPT)(
            keys=keys, args=[str(token), settings.TOOLGUARD_IDEMPOTENCY_LOCK_SECONDS]
        )
    except STORE_ERRORS:
        return KeyClaim(scope, unavailable=True), None
    entry = cache_decode(also) if also is not None else None
    if found:
        # Decoded as the cache's own get() would (the client's serializer).
        return KeyClaim(scope, hot=cache_decode(stored)), entry
    return KeyClaim(scope, token=token if stored else None), entry


def claim(scope: IdempotencyScope) -> tuple[dict[str, Any] | None, int | None]:
    """(the hot copy of the key's settled outcome, None) to replay, or (None, a lock token)
    when this request may execute the key, or (None, None) while another request does."""
    if not settings.REDIS_URL:
        hot = cached_outcome(scope)
        return (hot, None) if hot is not None else (None, lock_acquire(scope))
    claimed, _ = key_claim(scope)
    if claimed.unavailable:
        raise IdempotencyUnavailable("the idempotency store is unreachable")
    return claimed.hot, claimed.token


def lock_acquire(scope: IdempotencyScope) -> int | None:
    """A token when this request may execute the key, None while another one does."""
    token = claim_token()
    try:
        acquired = cache.add(scope.lock_key, token, timeout=settings.TOOLGUARD_IDEMPOTENCY_LOCK_SECONDS)
    except STORE_ERRORS as exc:
        raise IdempotencyUnavailable(str(exc)) from exc
    return token if acquired else None


# Keep the settled outcome (when there is one) and delete the lock only if it
# is still ours, in one round trip: a lock that expired and was taken by
# another request is left to that request.
_RELEASE_SCRIPT = """
if ARGV[2] ~= '' then redis.call('set', KEYS[2], ARGV[2], 'EX', ARGV[3]) end
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


def lock_release(scope: IdempotencyScope, token: int, *, remember: tuple[dict[str, Any], float] | None = None) -> None:
    """Release the lock; `remember` (outcome entry, seconds to keep it) is copied to the hot cache first."""
    try:
        if settings.REDIS_URL:
            entry, ttl = remember if remember is not None else (None, 0.0)
            redis_script(_RELEASE_SCRIPT)(
                keys=[cache.make_key(scope.lock_key), cache.make_key(scope.cache_key)],
                args=[str(token), b"" if entry is None else _redis_serializer().encode(entry), max(1, int(ttl))],
            )
            return
        if remember is not None:
            outcome_remember(scope, *remember)
        if cache.get(scope.lock_key) == token:
            # The database cache: check-then-delete can, in a rare window, drop
            # a lock taken again; the unique database row still stops a second execution.
            cache.delete(scope.lock_key)
    except STORE_ERRORS:
        pass  # the lock expires on its own


def outcome_remember(scope: IdempotencyScope, entry: dict[str, Any], ttl_seconds: float) -> None:
    try:
        cache.set(scope.cache_key, entry, timeout=max(1, int(ttl_seconds)))
    except STORE_ERRORS:
        pass  # the database row answers the next retry


def outcome_forget(scope: IdempotencyScope) -> None:
    try:
        cache.delete(scope.cache_key)
    except STORE_ERRORS:
        pass
