"""`Authorization: Bearer tgp_...`: a person's API token, checked with one SHA-256, not a password hash."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from staff.models import TOKEN_SCHEME, PersonalToken

# last_used_at is written at most this often per token, not on every request.
LAST_USED_RESOLUTION = timedelta(minutes=1)


class PersonalTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, PersonalToken] | None:
        header = authentication.get_authorization_header(request).decode("latin-1")
        scheme, _, raw = header.partition(" ")
        raw = raw.strip()
        if scheme.lower() != "bearer" or not raw.startswith(f"{TOKEN_SCHEME}_"):
            return None  # an agent key, or no bearer at all: another class decides
        token = PersonalToken.objects.authenticate(raw)
        if token is None:
            raise exceptions.AuthenticationFailed("invalid or revoked personal API token")
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
            PersonalToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="toolguard"'
