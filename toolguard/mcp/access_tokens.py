"""OAuth 2.1 access tokens at /mcp: verified against the trusted issuers' keys, read into a principal.

toolguard is a resource server here (RFC 9728, RFC 8707, RFC 9068): it never
issues tokens, it checks them. A token is accepted only when it is a JWT
signed with an asymmetric algorithm by a key its issuer publishes (the
`jwks_uri` of the issuer's discovery document), its issuer is one of
TOOLGUARD_OAUTH_ISSUERS, its audience is toolguard's resource URI, and it
has not expired. `alg: none`, HMAC algorithms (a public key used as an HMAC
secret) and keys whose type or declared algorithm does not fit the header are
refused before any signature is checked.

The token's client and subject, acting for the customer its claim names, are
one principal (people.models.OAuthPrincipal) with an agent key of its own
that has no secret; everything past authentication reads that key as it
reads any agent key. Its scopes (`tools:*`, `tools:<name>`) decide which
tools it may call, token by token.
"""

from __future__ import annotations

import copy
import hashlib
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import jwt
from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction

from audit.services import AuditEvent, audit_append
from core.enums import ActorType, AuditAction, AuditResult
from core.models import AgentKey, Customer
from core.principal_cache import CACHE_ERRORS, agent_key_by_prefix
from core.tools import all_tools
from people.models import OAuthPrincipal

logger = logging.getLogger(__name__)

# Signatures only a private key can make. HS* would verify with whatever key
# the JWKS holds as a shared secret; `none` verifies nothing.
SIGNING_ALGORITHMS = {
    "RS256": "RSA",
    "RS384": "RSA",
    "RS512": "RSA",
    "PS256": "RSA",
    "PS384": "RSA",
    "PS512": "RSA",
    "ES256": "EC",
    "ES384": "EC",
    "ES512": "EC",
    "EdDSA": "OKP",
}
ALL_TOOLS_SCOPE = "tools:*"
SCOPE_PREFIX = "tools:"
# Clocks of the issuer and of toolguard may differ by this much.
LEEWAY_SECONDS = 30
FETCH_TIMEOUT_SECONDS = 5
# The issuer -> key prefix of a principal never changes once made; kept long.
PRINCIPAL_CACHE_SECONDS = 3600
LABEL_MAX = 150


class InvalidToken(Exception):
    """RFC 6750 `invalid_token`: the description says what was wrong, never the token."""


class IssuerUnavailable(Exception):
    """The issuer's discovery document or keys could not be fetched, and none are held."""


@dataclass(frozen=True)
class AccessToken:
    """What toolguard reads from a verified access token."""

    issuer: str
    client_id: str
    subject: str
    customer: str
    scopes: frozenset[str]

    def allowed_tools(self) -> list[str]:
        names = [tool.name for tool in all_tools()]
        if ALL_TOOLS_SCOPE in self.scopes:
            return names
        return [name for name in names if f"{SCOPE_PREFIX}{name}" in self.scopes]

    @property
    def label(self) -> str:
        return principal_label(client_id=self.client_id, subject=self.subject)


def oauth_enabled() -> bool:
    """On with trusted issuers and a configured resource URI (the audience is never taken from
    the request's Host header; settings refuse to start with issuers and no resource URI)."""
    return bool(settings.TOOLGUARD_OAUTH_ISSUERS) and bool(settings.TOOLGUARD_RESOURCE_URI)


def scopes_supported() -> list[str]:
    return [ALL_TOOLS_SCOPE, *(f"{SCOPE_PREFIX}{tool.name}" for tool in all_tools())]


def principal_label(*, client_id: str, subject: str) -> str:
    """`oauth:<client_id>/<sub>`, as an agent key is `agent:<customer>:<prefix>`; a name too
    long for the audit log's actor keeps its start and a digest of the whole."""
    label = f"oauth:{client_id}/{subject}"
    if len(label) <= LABEL_MAX:
        return label
    digest = hashlib.sha256(label.encode()).hexdigest()[:16]
    return f"{label[: LABEL_MAX - 17]}#{digest}"


# -- the issuers' keys -------------------------------------------------------------


class IssuerKeys:
    """One trusted issuer's signing keys, from the `jwks_uri` its discovery document names.

    Held for TOOLGUARD_OAUTH_JWKS_SECONDS; a token naming a key not held
    fetches them again (the issuer rotated), at most once every
    TOOLGUARD_OAUTH_JWKS_REFRESH_SECONDS, so tokens with made-up key ids cannot
    turn toolguard into a load on the issuer. While the issuer is unreachable
    the keys already held keep verifying.
    """

    def __init__(self, issuer: str, fetch: Callable[[str], Any]) -> None:
        self.issuer = issuer
        self._fetch = fetch
        self._jwks_uri: str | None = None
        self._keys: list[dict[str, Any]] | None = None
        self._fetched_at = 0.0
        self._lock = threading.Lock()

    def key_for(self, *, kid: str | None, alg: str) -> jwt.PyJWK:
        now = time.monotonic()
        with self._lock:
            if self._keys is None or now - self._fetched_at > settings.TOOLGUARD_OAUTH_JWKS_SECONDS:
                self._refresh(now, required=self._keys is None)
            found = self._match(kid)
            if found is None and now - self._fetched_at >= settings.TOOLGUARD_OAUTH_JWKS_REFRESH_SECONDS:
                self._refresh(now, required=False)
                found = self._match(kid)
        if found is None:
            raise InvalidToken(f"the token's signing key {kid!r} is not one its issuer publishes")
        return _signing_key(found, alg)

    def _match(self, kid: str | None) -> dict[str, Any] | None:
        signing = [key for key in self._keys or [] if key.get("use", "sig") == "sig"]
        if kid is None:
            # RFC 7515 lets a set of one key go without ids.
            return signing[0] if len(signing) == 1 else None
        return next((key for key in signing if key.get("kid") == kid), None)

    def _refresh(self, now: float, *, required: bool) -> None:
        try:
            if self._jwks_uri is None:
                self._jwks_uri = self._discover()
            document = self._fetch(self._jwks_uri)
            keys = document.get("keys") if isinstance(document, dict) else None
            if not isinstance(keys, list):
                raise ValueError("the JWKS has no keys list")
            self._keys = [key for key in keys if isinstance(key, dict)]
        except (httpx.HTTPError, ValueError) as exc:
            logger.warning("could not fetch the signing keys of %s: %s", self.issuer, exc)
            if required:
                raise IssuerUnavailable(f"the signing keys of {self.issuer} could not be fetched") from exc
        # A failed fetch also waits its turn: an unreachable issuer is not asked on every call.
        self._fetched_at = now

    def _discover(self) -> str:
        """The jwks_uri from OpenID discovery, else RFC 8414 metadata; the document must name this issuer."""
        base = self.issuer.rstrip("/")
        origin, _, path = base.partition("://")[2].partition("/")
        scheme = base.partition("://")[0]
        last: Exception | None = None
        for url in (
            f"{base}/.well-known/openid-configuration",
            f"{scheme}://{origin}/.well-known/oauth-authorization-server{'/' + path if path else ''}",
        ):
            try:
                document = self._fetch(url)
            except (httpx.HTTPError, ValueError) as exc:
                last = exc
                continue
            if not isinstance(document, dict):
                raise ValueError(f"{url} is not a JSON object")
            if document.get("issuer") != self.issuer:
                # Mix-up defence: metadata found under this issuer must say it is this issuer.
                raise ValueError(f"{url} names the issuer {document.get('issuer')!r}")
            jwks_uri = document.get("jwks_uri")
            if not isinstance(jwks_uri, str) or not jwks_uri.startswith(("https://", "http://")):
                raise ValueError(f"{url} has no jwks_uri")
            return jwks_uri
        raise ValueError(f"no discovery document for {self.issuer}: {last}")


def _signing_key(jwk: dict[str, Any], alg: str) -> jwt.PyJWK:
    if jwk.get("kty") != SIGNING_ALGORITHMS[alg]:
        raise InvalidToken(f"the signing key is of type {jwk.get('kty')!r}, which cannot make {alg} signatures")
    if "alg" in jwk and jwk["alg"] != alg:
        raise InvalidToken(f"the signing key is for {jwk['alg']}, the token says {alg}")
    try:
        return jwt.PyJWK(jwk, algorithm=alg)
    except jwt.PyJWTError as exc:
        raise InvalidToken(f"the issuer's signing key is unusable: {exc}") from None


def _http_json(url: str) -> Any:
    response = httpx.get(url, timeout=FETCH_TIMEOUT_SECONDS, follow_redirects=False)
    response.raise_for_status()
    return response.json()


_issuers: dict[str, IssuerKeys] = {}
_issuers_lock = threading.Lock()


def issuer_keys(issuer: str) -> IssuerKeys:
    with _issuers_lock:
        if issuer not in _issuers:
            _issuers[issuer] = IssuerKeys(issuer, _http_json)
        return _issuers[issuer]


def issuer_keys_forget() -> None:
    """Drop every issuer's keys (tests; a process that changed TOOLGUARD_OAUTH_ISSUERS)."""
    with _issuers_lock:
        _issuers.clear()


# -- verification ----------------------------------------------------------------


def access_token_verify(raw: str, *, audience: str) -> AccessToken:
    """The verified token, or InvalidToken saying why not (IssuerUnavailable: ask again later).

    `audience` must be the configured TOOLGUARD_RESOURCE_URI: a caller that
    built it from the request is refused rather than trusted.
    """
    if not settings.TOOLGUARD_RESOURCE_URI or audience != settings.TOOLGUARD_RESOURCE_URI:
        raise InvalidToken("toolguard takes access tokens only for its configured resource URI")
    try:
        header = jwt.get_unverified_header(raw)
        unverified = jwt.decode(raw, options={"verify_signature": False})
    except jwt.PyJWTError:
        raise InvalidToken("the access token is not a JWT") from None
    alg = header.get("alg")
    if alg not in SIGNING_ALGORITHMS:
        raise InvalidToken(f"the algorithm {alg!r} is not accepted; tokens are signed with a private key")
    issuer = unverified.get("iss")
    if not isinstance(issuer, str) or issuer not in settings.TOOLGUARD_OAUTH_ISSUERS:
        raise InvalidToken("the token's issuer is not one toolguard trusts")
    kid = header.get("kid")
    key = issuer_keys(issuer).key_for(kid=kid if isinstance(kid, str) else None, alg=alg)
    try:
        claims = jwt.decode(
            raw,
            key=key,
            algorithms=[alg],
            audience=audience,
            issuer=issuer,
            leeway=LEEWAY_SECONDS,
            options={"require": ["exp", "iss", "aud", "sub"], "strict_aud": False},
        )
    except jwt.InvalidAudienceError:
        raise InvalidToken(f"the token is for another resource; this one is {audience}") from None
    except jwt.ExpiredSignatureError:
        raise InvalidToken("the token has expired") from None
    except jwt.MissingRequiredClaimError as exc:
        raise InvalidToken(f"the token has no {exc.claim} claim") from None
    except jwt.InvalidSignatureError:
        raise InvalidToken("the token's signature does not verify") from None
    except jwt.PyJWTError as exc:
        raise InvalidToken(f"the token is not acceptable: {exc}") from None
    return _read_claims(claims, issuer)


# What a name read from a token may be: printable text that fits the columns it is kept in
# (people.OAuthPrincipal, core.Customer); anything else is a bad token, never a database fault.
_PRINTABLE = re.compile(r"[^\x00-\x1f\x7f]+")
SUBJECT_MAX = 255
CLIENT_ID_MAX = 255
CUSTOMER_MAX = 64


def _name_claim(claims: dict[str, Any], names: tuple[str, ...], what: str, limit: int) -> str:
    value = next((claims[name] for name in names if name in claims), None)
    if not isinstance(value, str) or not value:
        raise InvalidToken(f"the token names no {what}")
    if len(value) > limit:
        raise InvalidToken(f"the token's {what} is longer than {limit} characters")
    if not _PRINTABLE.fullmatch(value):
        raise InvalidToken(f"the token's {what} holds control characters")
    return value


def _read_claims(claims: dict[str, Any], issuer: str) -> AccessToken:
    client_id = _name_claim(claims, ("client_id", "azp"), "client (client_id)", CLIENT_ID_MAX)
    subject = _name_claim(claims, ("sub",), "subject (sub)", SUBJECT_MAX)
    claim = settings.TOOLGUARD_OAUTH_CUSTOMER_CLAIM
    customer = _name_claim(claims, (claim,), f"customer (claim {claim!r})", CUSTOMER_MAX)
    exp = claims.get("exp")
    if not isinstance(exp, (int, float)) or isinstance(exp, bool):
        raise InvalidToken("the token's exp is not a number")
    if exp - time.time() > settings.TOOLGUARD_OAUTH_MAX_TOKEN_SECONDS + LEEWAY_SECONDS:
        raise InvalidToken(
            f"the token expires more than {settings.TOOLGUARD_OAUTH_MAX_TOKEN_SECONDS} seconds from now; "
            "toolguard takes no longer-lived access tokens"
        )
    # RFC 9068 and RFC 8693: `scope` is one string of space-separated scopes.
    scope = claims.get("scope", "")
    if not isinstance(scope, str):
        raise InvalidToken("the token's scope is not a space-separated string")
    return AccessToken(
        issuer=issuer, client_id=client_id, subject=subject, customer=customer, scopes=frozenset(scope.split())
    )


# -- the principal -----------------------------------------------------------------


def oauth_principal_key(token: AccessToken) -> AgentKey:
    """The agent key standing for the token's client and subject for its customer, made on first use.

    The key carries the token's tools (its scopes) for this call only; the row
    itself grants nothing. A revoked principal's tokens are refused.
    """
    prefix = _principal_prefix(token)
    key = agent_key_by_prefix(prefix) if prefix is not None else None
    if key is None and prefix is not None:
        # Revoked, or a remembered prefix the database no longer holds: the row decides.
        prefix = _principal_prefix(token, cached=False)
        key = agent_key_by_prefix(prefix) if prefix is not None else None
        if key is None and prefix is not None:
            raise InvalidToken(f"access for {token.label} has been revoked in toolguard")
    if key is None:
        key = oauth_principal_create(token)
    # A copy: the cached row is shared by every call, each with its own token's scopes.
    scoped = copy.copy(key)
    scoped.allowed_tools = token.allowed_tools()
    return scoped


def _identity_cache_key(token: AccessToken) -> str:
    identity = "\0".join((token.issuer, token.client_id, token.subject, token.customer))
    return f"tg:oauthprincipal:v1:{hashlib.sha256(identity.encode()).hexdigest()}"


def _principal_prefix(token: AccessToken, *, cached: bool = True) -> str | None:
    name = _identity_cache_key(token)
    if cached:
        try:
            remembered = cache.get(name)
        except CACHE_ERRORS:
            remembered = None
        if isinstance(remembered, str):
            return remembered
    prefix = (
        OAuthPrincipal.objects.filter(
            issuer=token.issuer, client_id=token.client_id, subject=token.subject, customer__external_id=token.customer
        )
        .values_list("key__prefix", flat=True)
        .first()
    )
    if prefix is not None:
        try:
            cache.set(name, prefix, PRINCIPAL_CACHE_SECONDS)
        except CACHE_ERRORS:
            pass
    return prefix


def oauth_principal_create(token: AccessToken) -> AgentKey:
    """Make the principal of the token's client and subject for its customer, with its secretless key (audited).

    Two servers may race on a principal's first token: the loser finds and
    returns the winner's key.
    """
    customer = Customer.objects.filter(external_id=token.customer).first()
    if customer is None:
        raise InvalidToken(f"the token's customer {token.customer[:64]!r} is not known to toolguard")
    try:
        with transaction.atomic():
            key = AgentKey.objects.create(
                customer=customer,
                prefix=secrets.token_hex(6),
                # No secret: an empty hash matches no presented key (AgentKey.secret_matches).
                key_hash="",
                allowed_tools=[],
                name=f"OAuth client {token.client_id}"[:200],
                principal_name=token.label,
            )
            OAuthPrincipal.objects.create(
                issuer=token.issuer, client_id=token.client_id, subject=token.subject, customer=customer, key=key
            )
            audit_append(
                [
                    AuditEvent(
                        actor=token.label,
                        actor_type=ActorType.AGENT,
                        customer=customer.external_id,
                        action=AuditAction.OAUTH_PRINCIPAL_CREATED,
                        result=AuditResult.SUCCESS,
                        details={
                            "issuer": token.issuer,
                            "client_id": token.client_id,
                            "subject": token.subject,
                            "key": key.prefix,
                        },
                    )
                ]
            )
    except IntegrityError:
        # Another server made it first, from a token of the same principal: use theirs.
        prefix = _principal_prefix(token, cached=False)
        found = agent_key_by_prefix(prefix) if prefix else None
        if found is None:
            raise
        return found
    return AgentKey.objects.select_related("customer").get(pk=key.pk)
