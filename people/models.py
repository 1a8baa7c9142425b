"""What people hold to act in toolguard: personal API tokens (the second factor is django-otp's device)."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.conf import settings
from django.contrib.auth.models import User
from django.db import models
from django.utils import timezone

TOKEN_SCHEME = "tgp"  # noqa: S105  # the token prefix, not a secret


def token_hash(raw: str) -> str:
    # Tokens are 256-bit random values, so one SHA-256 is enough (as for agent
    # keys): nothing to brute-force, and no password hash on every request.
    return hashlib.sha256(raw.encode()).hexdigest()


class PersonalTokenManager(models.Manager["PersonalToken"]):
    def issue(self, *, user: User, name: str) -> tuple[PersonalToken, str]:
        """Create a token and return it with its secret, which is never stored."""
        prefix = secrets.token_hex(6)
        raw = f"{TOKEN_SCHEME}_{prefix}_{secrets.token_urlsafe(32)}"
        token = self.create(user=user, name=name, prefix=prefix, key_hash=token_hash(raw))
        return token, raw

    def authenticate(self, raw: str) -> PersonalToken | None:
        parts = raw.split("_", 2)
        if len(parts) != 3 or parts[0] != TOKEN_SCHEME:
            return None
        token = (
            self.select_related("user").filter(prefix=parts[1], revoked_at__isnull=True, user__is_active=True).first()
        )
        if token is None or not hmac.compare_digest(token.key_hash, token_hash(raw)):
            return None
        return token


class PersonalToken(models.Model):
    """A person's API token for scripts: acts as that person, with their groups."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=16, unique=True)
    key_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = PersonalTokenManager()

    class Meta:
        db_table = "staff_personaltoken"  # the table predates the people app; its rows stay where they are

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """How the token is named on pages and in the audit log: identifiable, never usable."""
        return f"{TOKEN_SCHEME}_{self.prefix}"


class KeyCustody(models.Model):
    """A person who held an agent key's secret, or had the power to: they may not decide its requests for a while.

    Written with the act itself (issuing, rotating, revealing), in its
    transaction; read by the decision rule (people.duties) for the duty window.
    """

    class Act(models.TextChoices):
        ISSUED = "issued"
        ROTATED = "rotated"
        REVEALED = "revealed"

    key = models.ForeignKey("core.AgentKey", on_delete=models.PROTECT, related_name="+")
    person = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    act = models.CharField(max_length=10, choices=Act.choices)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            # The decision rule's question: who held this key since the window began?
            models.Index(fields=["key", "at"], name="custody_key_recent"),
        ]

    def __str__(self) -> str:
        return f"{self.person_id} {self.act} {self.key_id}"


class OAuthPrincipal(models.Model):
    """An OAuth client acting for a subject on a customer's behalf at /mcp (toolguard/mcp/access_tokens.py).

    Created on the first verified access token that names it, with an agent
    key of its own that has no secret: every tool call, limit, quarantine,
    session and audit entry reads that key as it reads any other, named by
    `oauth:<client_id>/<sub>` instead of a prefix. A subject acting for a
    second customer is a second principal: a key belongs to one customer.
    """

    issuer = models.CharField(max_length=255)
    client_id = models.CharField(max_length=255)
    subject = models.CharField(max_length=255)
    customer = models.ForeignKey("core.Customer", on_delete=models.PROTECT, related_name="+")
    key = models.OneToOneField("core.AgentKey", on_delete=models.PROTECT, related_name="oauth_principal")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # Also the index of the lookup every OAuth call makes (toolguard.mcp.access_tokens.oauth_principal_key).
            models.UniqueConstraint(
                fields=["issuer", "client_id", "subject", "customer"], name="oauth_principal_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.key.label


class OidcIdentity(models.Model):
    """Who a person is at the OpenID Connect provider: its issuer and their `sub` (people/oidc.py).

    A sign-in finds the person by this pair, never by the email or username
    claim, which the provider may change or give to someone else later.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="oidc_identities")
    issuer = models.CharField(max_length=255)
    subject = models.CharField(max_length=255)
    created_at = models.DateTimeField(auto_now_add=True)
    last_seen_at = models.DateTimeField(default=timezone.now)
    # When a sign-in or renewal last confirmed the person's groups at the
    # provider (at least one role, account active). Their personal API tokens
    # are refused once this is older than OIDC_RENEW_SECONDS, as their session
    # is sent back to the provider (people.oidc.provider_renewal_due).
    roles_confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            # Also the index of every sign-in's lookup.
            models.UniqueConstraint(fields=["issuer", "subject"], name="oidc_identity_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.issuer} {self.subject}"
