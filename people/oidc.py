"""Staff sign-in with the company's OpenID Connect provider, roles from its group claim.

mozilla-django-oidc runs the authorization code flow (state, nonce, PKCE S256,
the code exchanged with client_secret_basic). On top of it toolguard:

* takes the provider's endpoints from its discovery document
  (`OIDC_ISSUER/.well-known/openid-configuration`), fetched when first needed
  and kept for DISCOVERY_TTL; a document naming another issuer is refused;
* checks the ID token as OpenID Connect Core 3.1.3.7 says, which the library
  leaves partly undone: an asymmetric signature from the provider's JWKS (the
  library's own check of the key), the issuer, the audience (our client id; with
  several audiences `azp` must be us), expiry and the nonce;
* finds the person by the ID token's (issuer, sub) (OidcIdentity), never by
  the email or username claim; a first sign-in creates the person, and is
  refused (oidc_account_conflict) when an existing account has that email,
  unless OIDC_LINK_EXISTING_ACCOUNTS links it;
* maps the groups claim (OIDC_GROUPS_CLAIM) to toolguard's roles through
  OIDC_ROLE_GROUPS on every sign-in and every renewal: a role whose group is
  gone is taken away, and someone with no mapped group is not let in; each
  change is audited (roles_changed);
* renews: a session signed in through the provider is sent back to it
  (`prompt=none`, no page shown while the provider still knows the person)
  once OIDC_RENEW_SECONDS have passed, so a group removed at the provider
  removes the role at the next request after that;
* lets a fresh authentication at the provider (`prompt=login`, `max_age=0`,
  with the acr/amr of OIDC_STEP_UP_ACR / OIDC_STEP_UP_AMR) count as the
  step-up factor (people.stepup), like a TOTP code; only when one of those
  settings names the second factor: otherwise step-up is the TOTP code;
* binds a person's personal API tokens to the same renewal (standing_confirm,
  provider_renewal_due).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import jwt
import requests
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.contrib.sessions.backends.base import SessionBase
from django.core.exceptions import SuspiciousOperation
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.urls import reverse
from django.utils import timezone
from mozilla_django_oidc.auth import OIDCAuthenticationBackend
from mozilla_django_oidc.utils import import_from_settings

from audit.services import AuditEvent, audit_append
from core.enums import AuditAction, AuditResult
from people.credentials import personal_tokens_revoke_all
from people.models import OidcIdentity
from people.roles import COMPLIANCE_GROUP, KEY_ADMINS_GROUP, REVIEWERS_GROUP, person_actor

logger = logging.getLogger(__name__)

BACKEND_PATH = "people.oidc.RoleMappingOIDCBackend"
DISCOVERY_TTL = 3600.0
# Clocks of the provider and toolguard differ a little.
LEEWAY_SECONDS = 60
# Only signatures that need the provider's private key.
ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA")

# Role name in OIDC_ROLE_GROUPS -> the Django group that carries it (None: User.is_staff).
ROLE_GROUPS: dict[str, str | None] = {
    "reviewer": REVIEWERS_GROUP,
    "compliance": COMPLIANCE_GROUP,
    "key_admin": KEY_ADMINS_GROUP,
    "staff": None,
}

# Session keys: set at a sign-in through the provider.
SESSION_RENEW_AT = "oidc_renew_at"
SESSION_SUBJECT = "oidc_sub"
SESSION_STEP_UPS = "oidc_step_ups"
SESSION_ID_TOKEN = "oidc_id_token"  # noqa: S105  # a session key, not a secret
# Decisions a step-up page offered to confirm at the provider, by an unguessable key.
SESSION_STEP_UP_DECISIONS = "oidc_step_up_decisions"
HELD_DECISIONS_MAX = 10


class OIDCRefused(Exception):
    """A sign-in, renewal or step-up the provider's answer does not allow; `code` is stable."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


# -- discovery ---------------------------------------------------------------

_discovery_lock = threading.Lock()
_discovery: dict[str, Any] = {}


def discovery(*, refresh: bool = False) -> dict[str, Any]:
    """The provider's discovery document, fetched once per DISCOVERY_TTL per process."""
    with _discovery_lock:
        fetched = _discovery.get("fetched_at", 0.0)
        if not refresh and _discovery.get("doc") and time.monotonic() - fetched < DISCOVERY_TTL:
            return dict(_discovery["doc"])
        url = f"{settings.OIDC_ISSUER}/.well-known/openid-configuration"
        try:
            response = requests.get(url, timeout=settings.OIDC_TIMEOUT)
            response.raise_for_status()
            doc = response.json()
        except (requests.RequestException, ValueError) as exc:
            raise OIDCRefused("oidc_unavailable", f"the discovery document could not be read: {exc}") from exc
        if not isinstance(doc, dict) or doc.get("issuer", "").rstrip("/") != settings.OIDC_ISSUER:
            raise OIDCRefused("oidc_unavailable", f"the discovery document at {url} names another issuer")
        for field in ("authorization_endpoint", "token_endpoint", "jwks_uri"):
            if not doc.get(field):
                raise OIDCRefused("oidc_unavailable", f"the discovery document has no {field}")
        _discovery.update(doc=doc, fetched_at=time.monotonic())
        return dict(doc)


_ENDPOINTS = {
    "OIDC_OP_AUTHORIZATION_ENDPOINT": "authorization_endpoint",
    "OIDC_OP_TOKEN_ENDPOINT": "token_endpoint",
    "OIDC_OP_USER_ENDPOINT": "userinfo_endpoint",
    "OIDC_OP_JWKS_ENDPOINT": "jwks_uri",
}


def oidc_setting(attr: str, *args: Any) -> Any:
    """mozilla-django-oidc's settings, with the provider's endpoints taken from discovery."""
    if attr in _ENDPOINTS:
        return discovery().get(_ENDPOINTS[attr])
    if attr == "OIDC_TOKEN_USE_BASIC_AUTH":
        return True  # client_secret_basic: the default method of OpenID Connect and of most providers
    if attr == "OIDC_TIMEOUT":
        return settings.OIDC_TIMEOUT
    return import_from_settings(attr, *args)


# -- roles -------------------------------------------------------------------


def roles_from_claims(claims: dict[str, Any]) -> set[str]:
    """The roles OIDC_ROLE_GROUPS gives for the groups in the claims."""
    raw = claims.get(settings.OIDC_GROUPS_CLAIM) or []
    if isinstance(raw, str):
        raw = [raw]
    groups = {str(g) for g in raw} if isinstance(raw, list) else set()
    return {role for role, group in settings.OIDC_ROLE_GROUPS.items() if group in groups}


def roles_held(user: User) -> set[str]:
    """The roles among those OIDC_ROLE_GROUPS names that the person holds now."""
    names = set(user.groups.values_list("name", flat=True))
    held = set()
    for role in settings.OIDC_ROLE_GROUPS:
        group_name = ROLE_GROUPS[role]
        if user.is_staff if group_name is None else group_name in names:
            held.add(role)
    return held


def roles_apply(user: User, roles: set[str], *, subject: str = "") -> tuple[list[str], list[str]]:
    """Give exactly `roles` among those OIDC_ROLE_GROUPS names; roles it does not name are left alone.

    A change is audited (roles_changed, one entry per sign-in or renewal that
    changes anything) in the same transaction; returns (added, removed).
    """
    managed = set(settings.OIDC_ROLE_GROUPS)
    with transaction.atomic():
        # The row lock orders concurrent sign-ins of one person, so each entry's
        # added/removed is what that sign-in really changed.
        User.objects.select_for_update().filter(pk=user.pk).first()
        before = roles_held(user)
        for role in managed:
            group_name = ROLE_GROUPS[role]
            if group_name is None:
                if user.is_staff != (role in roles):
                    user.is_staff = role in roles
                    user.save(update_fields=["is_staff"])
                continue
            group, _ = Group.objects.get_or_create(name=group_name)
            if role in roles:
                user.groups.add(group)
            else:
                user.groups.remove(group)
        added = sorted((roles & managed) - before)
        removed = sorted(before - roles)
        if added or removed:
            label, kind = person_actor(user)
            audit_append(
                [
                    AuditEvent(
                        actor=label,
                        actor_type=kind,
                        action=AuditAction.ROLES_CHANGED,
                        result=AuditResult.SUCCESS,
                        details={
                            "source": "oidc",
                            "issuer": settings.OIDC_ISSUER,
                            "subject": subject,
                            "added": added,
                            "removed": removed,
                        },
                    )
                ]
            )
    return added, removed


# -- the backend ---------------------------------------------------------------


class RoleMappingOIDCBackend(OIDCAuthenticationBackend):  # type: ignore[misc]
    """mozilla-django-oidc's backend with endpoints from discovery, a full ID token check and role mapping."""

    get_settings: Callable[..., Any] = staticmethod(oidc_setting)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Unlike the library, read nothing from the provider here: Django builds
        # this backend on every request to find the signed-in user.
        self.UserModel = User
        self.OIDC_RP_CLIENT_ID = settings.OIDC_RP_CLIENT_ID
        self.OIDC_RP_CLIENT_SECRET = settings.OIDC_RP_CLIENT_SECRET
        # The library fetches the JWKS key only for RS*/ES*; _verify_jws accepts each of ALGORITHMS.
        self.OIDC_RP_SIGN_ALGO = "RS256"
        self.OIDC_RP_IDP_SIGN_KEY = None
        self.id_claims: dict[str, Any] = {}
        self.claims: dict[str, Any] = {}
        self.subject = ""
        self.id_token = ""

    @property
    def OIDC_OP_TOKEN_ENDPOINT(self) -> str:  # the library's attribute names
        return str(discovery()["token_endpoint"])

    @property
    def OIDC_OP_USER_ENDPOINT(self) -> str | None:
        return discovery().get("userinfo_endpoint")

    @property
    def OIDC_OP_JWKS_ENDPOINT(self) -> str:
        return str(discovery()["jwks_uri"])

    def retrieve_matching_jwk(self, token: str) -> jwt.PyJWK:
        """The provider's key for this ID token, or SuspiciousOperation (oidc_token_invalid).

        The library's own lookup fails with a KeyError (a 500) on a token or a
        published key without `kid`. Here a token without `kid` is taken only
        when the provider publishes exactly one signing key for its algorithm
        (RFC 7515 4.1.4); a JWKS that is not a list of keys is refused.
        """
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError as exc:
            raise SuspiciousOperation(f"the ID token is not a JWT: {exc}") from exc
        response = requests.get(self.OIDC_OP_JWKS_ENDPOINT, timeout=settings.OIDC_TIMEOUT)
        response.raise_for_status()
        try:
            document = response.json()
        except ValueError as exc:
            raise SuspiciousOperation("the provider's JWKS is not JSON") from exc
        keys = document.get("keys") if isinstance(document, dict) else None
        if not isinstance(keys, list):
            raise SuspiciousOperation("the provider's JWKS has no list of keys")
        alg, kid = header.get("alg"), header.get("kid")
        signing = [
            key
            for key in keys
            if isinstance(key, dict) and key.get("use", "sig") == "sig" and key.get("alg", alg) == alg
        ]
        if kid is None:
            if len(signing) != 1:
                raise SuspiciousOperation("the ID token names no signing key (kid) and the provider publishes several")
            found = signing[0]
        elif not isinstance(kid, str):
            raise SuspiciousOperation("the ID token's kid is not a string")
        else:
            match = [key for key in signing if key.get("kid") == kid]
            if len(match) != 1:
                raise SuspiciousOperation(f"the provider publishes no single signing key {kid!r}")
            found = match[0]
        try:
            return jwt.PyJWK(found)
        except jwt.PyJWTError as exc:
            raise SuspiciousOperation(f"the provider's signing key is unusable: {exc}") from exc

    def _verify_jws(self, payload: str, key: Any) -> dict[str, Any]:
        try:
            header = jwt.get_unverified_header(payload)
        except jwt.PyJWTError as exc:
            raise SuspiciousOperation(f"the ID token is not a JWT: {exc}") from exc
        alg = header.get("alg")
        if alg not in ALGORITHMS:
            raise SuspiciousOperation(f"the ID token is signed with {alg!r}, not with one of {', '.join(ALGORITHMS)}")
        try:
            claims = jwt.decode(
                payload,
                key,
                algorithms=[alg],
                audience=self.OIDC_RP_CLIENT_ID,
                issuer=settings.OIDC_ISSUER,
                leeway=LEEWAY_SECONDS,
                options={"require": ["iss", "sub", "aud", "exp", "iat"]},
            )
        except jwt.PyJWTError as exc:
            raise SuspiciousOperation(f"the ID token was refused: {exc}") from exc
        aud = claims["aud"]
        if isinstance(aud, list) and len(aud) > 1 and claims.get("azp") != self.OIDC_RP_CLIENT_ID:
            raise SuspiciousOperation("the ID token has several audiences and another authorized party")
        return dict(claims)

    def verify_token(self, token: str, **kwargs: Any) -> dict[str, Any]:
        payload = dict(super().verify_token(token, **kwargs))
        self.id_claims = payload
        return payload

    def get_userinfo(self, access_token: str, id_token: str, payload: dict[str, Any]) -> dict[str, Any]:
        """The ID token's claims, completed by the userinfo endpoint where the provider has one."""
        claims: dict[str, Any] = {}
        if self.OIDC_OP_USER_ENDPOINT and access_token:
            userinfo = super().get_userinfo(access_token, id_token, payload)
            if userinfo.get("sub") != payload.get("sub"):
                raise SuspiciousOperation("userinfo names another subject than the ID token")
            claims.update(userinfo)
        # The signed ID token wins; userinfo adds what a provider keeps out of
        # it (groups, where it conforms ID token claims to the openid scope).
        claims.update(payload)
        self.claims = claims
        return claims

    def _username(self, claims: dict[str, Any]) -> str:
        value = claims.get(settings.OIDC_USERNAME_CLAIM)
        if not isinstance(value, str) or not value.strip():
            raise SuspiciousOperation(f"the provider's claims have no {settings.OIDC_USERNAME_CLAIM!r}")
        return value.strip()[:150]

    def verify_claims(self, claims: dict[str, Any]) -> bool:
        if settings.OIDC_USERNAME_CLAIM == "email" and claims.get("email_verified") is False:
            raise SuspiciousOperation("the provider has not verified this email address")
        self._username(claims)
        return True

    def get_or_create_user(self, access_token: str, id_token: str, payload: dict[str, Any]) -> User | None:
        """The person linked to the ID token's (issuer, sub), linked on their first sign-in.

        The email or username claim never finds anyone: a provider may change
        them or hand an address to someone else later.
        """
        claims = self.get_userinfo(access_token, id_token, payload)
        if not self.verify_claims(claims):
            return None
        self.subject = str(payload["sub"])
        for attempt in range(2):
            try:
                with transaction.atomic():
                    identity = (
                        OidcIdentity.objects.select_related("user")
                        .filter(issuer=settings.OIDC_ISSUER, subject=self.subject)
                        .first()
                    )
                    if identity is not None:
                        identity.last_seen_at = timezone.now()
                        identity.save(update_fields=["last_seen_at"])
                        return self.update_user(identity.user, claims)
                    return self.create_user(claims)
            except IntegrityError:
                # Two first sign-ins of one subject at once: the other linked it; find it.
                if attempt:
                    raise
        return None

    def _existing_accounts(self, claims: dict[str, Any]) -> list[User]:
        """Accounts a first sign-in could be mistaken for: the same email, or a username that is it."""
        email = claims.get("email")
        query = Q(username__iexact=self._username(claims))
        if isinstance(email, str) and email.strip():
            query |= Q(email__iexact=email.strip()) | Q(username__iexact=email.strip())
        return list(User.objects.filter(query).order_by("pk"))

    def create_user(self, claims: dict[str, Any]) -> User:
        """First sign-in of this (issuer, sub): a new person, or, only where
        OIDC_LINK_EXISTING_ACCOUNTS allows it, the existing account with the
        provider's verified email. Never someone else's account silently."""
        existing = self._existing_accounts(claims)
        email = str(claims.get("email") or "").strip()
        same_email = [u for u in existing if email and email.lower() in (u.email.lower(), u.username.lower())]
        if same_email:
            user = self._link_existing(same_email, claims)
        else:
            user = User.objects.create_user(self._free_username(self._username(claims)), email=email)
            user.set_unusable_password()
            user.save(update_fields=["password"])
        OidcIdentity.objects.create(user=user, issuer=settings.OIDC_ISSUER, subject=self.subject)
        return self.update_user(user, claims)

    def _link_existing(self, candidates: list[User], claims: dict[str, Any]) -> User:
        conflict = OIDCRefused(
            "oidc_account_conflict",
            f"an account with the email {claims.get('email')!r} already exists and is not linked to "
            f"this person at the provider (sub {self.subject!r})",
        )
        if not settings.OIDC_LINK_EXISTING_ACCOUNTS or len(candidates) != 1:
            raise conflict
        if claims.get("email_verified") is not True:
            raise OIDCRefused("oidc_account_conflict", f"{conflict.message}, and the provider has not verified it")
        user = candidates[0]
        if OidcIdentity.objects.filter(user=user, issuer=settings.OIDC_ISSUER).exists():
            # Someone else at this provider already holds it.
            raise conflict
        logger.warning("OIDC: linked the existing account %s to sub %s", user.get_username(), self.subject)
        return user

    @staticmethod
    def _free_username(wanted: str) -> str:
        """`wanted`, or `wanted-2`, `wanted-3` ... when an account already has it."""
        candidate, n = wanted, 1
        while User.objects.filter(username__iexact=candidate).exists():
            n += 1
            suffix = f"-{n}"
            candidate = wanted[: 150 - len(suffix)] + suffix
        return candidate

    def update_user(self, user: User, claims: dict[str, Any]) -> User:
        email = claims.get("email")
        if isinstance(email, str) and email and email != user.email:
            user.email = email
            user.save(update_fields=["email"])
        roles = roles_from_claims(claims)
        _, removed = roles_apply(user, roles, subject=self.subject)
        standing_confirm(user, subject=self.subject, roles=roles, removed=removed)
        return user

    def store_tokens(self, access_token: str, id_token: str) -> None:
        """Only the ID token, kept by the callback in the session as the hint of a
        sign-out at the provider; the access token is dropped: toolguard calls
        nothing on the person's behalf."""
        self.id_token = id_token


def standing_confirm(user: User, *, subject: str, roles: set[str], removed: list[str]) -> None:
    """What a sign-in or renewal at the provider means for the person's personal API tokens.

    Groups that still give a role to an active person confirm them: the
    tokens work for OIDC_RENEW_SECONDS more (provider_renewal_due). A role
    taken away, no role left, or a deactivated account revokes every token
    (audited): a leaver's script stops with their session.
    """
    if removed or not roles or not user.is_active:
        reason = "deactivated" if not user.is_active else "roles_removed"
        personal_tokens_revoke_all(
            user=user,
            reason=reason,
            details={"source": "oidc", "issuer": settings.OIDC_ISSUER, "subject": subject, "removed": removed},
        )
    if roles and user.is_active:
        OidcIdentity.objects.filter(user=user, issuer=settings.OIDC_ISSUER, subject=subject).update(
            roles_confirmed_at=timezone.now()
        )


def provider_renewal_due(user: Any) -> bool:
    """Whether a provider-managed person's roles are past their renewal: then their personal
    API tokens are refused (401 oidc_renewal_required), as their session is sent back to
    the provider, until a sign-in or renewal confirms the groups again.

    A person is provider-managed once linked to an identity at a provider
    (OidcIdentity); the newest confirmation of any of them counts.
    """
    confirmed = [at for at in OidcIdentity.objects.filter(user_id=user.pk).values_list("roles_confirmed_at", flat=True)]
    if not confirmed:
        return False  # a local account: its tokens follow its groups here
    newest = max((at for at in confirmed if at is not None), default=None)
    if newest is None:
        return True
    return (timezone.now() - newest).total_seconds() >= settings.OIDC_RENEW_SECONDS


def signed_in_through_provider(request: HttpRequest) -> bool:
    return bool(request.session.get(SESSION_SUBJECT))


def session_start(request: HttpRequest, claims: dict[str, Any], id_token: str = "") -> None:
    request.session[SESSION_SUBJECT] = str(claims.get("sub", ""))
    if id_token:
        request.session[SESSION_ID_TOKEN] = id_token
    request.session[SESSION_RENEW_AT] = time.time() + settings.OIDC_RENEW_SECONDS


# -- step-up -------------------------------------------------------------------


def provider_step_up_enabled() -> bool:
    """Whether a fresh authentication at the provider may stand for the step-up factor.

    Only when OIDC_STEP_UP_ACR or OIDC_STEP_UP_AMR names what the provider
    asserts for a second factor: without them a fresh sign-in may be the
    password alone, so step-up falls back to the reviewer's own TOTP code.
    """
    return bool(settings.OIDC_ENABLED and (settings.OIDC_STEP_UP_ACR or settings.OIDC_STEP_UP_AMR))


def step_up_decision_hold(session: SessionBase, decision: dict[str, Any]) -> str:
    """Hold a reviewer's pending decision in their session for a step-up at the provider; the
    key is what the step-up link carries (the decision itself never leaves the server). Only a
    page answering a decision the reviewer posted (so past CSRF) holds one; a handful at most."""
    held = dict(session.get(SESSION_STEP_UP_DECISIONS) or {})
    for old in sorted(held, key=lambda k: held[k]["at"])[: -(HELD_DECISIONS_MAX - 1)]:
        held.pop(old)
    key = secrets.token_urlsafe(24)
    held[key] = {"at": time.time(), "decision": decision}
    session[SESSION_STEP_UP_DECISIONS] = held
    return key


def step_up_decision_take(session: SessionBase, key: str) -> dict[str, Any] | None:
    """The decision held under `key`, once: a step-up that starts takes it (and binds it to its state)."""
    held = dict(session.get(SESSION_STEP_UP_DECISIONS) or {})
    entry = held.pop(key, None) if key else None
    session[SESSION_STEP_UP_DECISIONS] = held
    return entry["decision"] if isinstance(entry, dict) else None


def step_up_check(claims: dict[str, Any], *, started: float) -> None:
    """Raise OIDCRefused unless the ID token shows an authentication made after `started`
    with the acr and amr the settings ask for (and they ask for one: provider_step_up_enabled)."""
    if not provider_step_up_enabled():
        raise OIDCRefused(
            "oidc_step_up_failed",
            "the provider's sign-in is not a second factor here (OIDC_STEP_UP_ACR/AMR unset); "
            "use your authenticator app's code",
        )
    auth_time = claims.get("auth_time")
    if not isinstance(auth_time, (int, float)) or auth_time < started - LEEWAY_SECONDS:
        raise OIDCRefused("oidc_step_up_failed", "the provider did not authenticate you afresh")
    if settings.OIDC_STEP_UP_ACR and claims.get("acr") != settings.OIDC_STEP_UP_ACR:
        raise OIDCRefused(
            "oidc_step_up_failed",
            f"the provider's authentication ({claims.get('acr') or 'no acr'}) is not {settings.OIDC_STEP_UP_ACR}",
        )
    amr = claims.get("amr") or []
    missing = [m for m in settings.OIDC_STEP_UP_AMR if not isinstance(amr, list) or m not in amr]
    if missing:
        raise OIDCRefused("oidc_step_up_failed", f"the provider's authentication lacks {', '.join(missing)}")


# -- renewal -------------------------------------------------------------------


class RoleRenewalMiddleware:
    """Send a session signed in through the provider back to it once OIDC_RENEW_SECONDS have passed.

    A page load goes to the provider with prompt=none and comes back with the
    roles the groups give now (or signed out). Anything else (a form post, an
    API call) is refused with 401 oidc_renewal_required until then: roles past
    their renewal are not used.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self._due(request):
            path = request.get_full_path()
            if request.method in ("GET", "HEAD") and not path.startswith("/api/") and not _wants_json(request):
                query = urlencode({"next": path, "renew": "1"})
                return HttpResponseRedirect(f"{reverse('oidc_authenticate')}?{query}")
            return JsonResponse(
                {
                    "error": {
                        "code": "oidc_renewal_required",
                        "message": "your sign-in needs renewing with the provider: load any page and try again",
                    }
                },
                status=401,
            )
        return self.get_response(request)

    @staticmethod
    def _due(request: HttpRequest) -> bool:
        if not request.user.is_authenticated or not signed_in_through_provider(request):
            return False
        if request.path.startswith("/oidc/") or request.path.startswith(settings.STATIC_URL or "/static/"):
            return False
        renew_at = request.session.get(SESSION_RENEW_AT, 0)
        return not isinstance(renew_at, (int, float)) or time.time() >= renew_at


def _wants_json(request: HttpRequest) -> bool:
    accept = request.headers.get("Accept", "")
    return "application/json" in accept and "text/html" not in accept
