"""System checks for /mcp as an OAuth 2.1 protected resource (toolguard/mcp/access_tokens.py).

Their ids keep the prefix they were published with (people.E001, people.W001):
an operator may name them in SILENCED_SYSTEM_CHECKS.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register


@register(Tags.security)
def oauth_audience_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Trusted issuers without TOOLGUARD_RESOURCE_URI: the audience would have no fixed value.

    Settings refuse to start so from the environment; this names it for a
    configuration made some other way (and /mcp takes no OAuth tokens then).
    """
    if settings.TOOLGUARD_OAUTH_ISSUERS and not settings.TOOLGUARD_RESOURCE_URI:
        return [
            Error(
                "TOOLGUARD_OAUTH_ISSUERS is set without TOOLGUARD_RESOURCE_URI: /mcp takes no OAuth access tokens",
                hint="set TOOLGUARD_RESOURCE_URI to toolguard's public /mcp URL",
                id="people.E001",
            )
        ]
    return []


@register(Tags.security, deploy=True)
def oauth_deploy_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    found: list[CheckMessage] = []
    for issuer in settings.TOOLGUARD_OAUTH_ISSUERS:
        if not issuer.startswith("https://"):
            found.append(
                Warning(
                    f"the OAuth issuer {issuer} is not https: its signing keys could be replaced in transit",
                    hint="name the issuer by its https URL in TOOLGUARD_OAUTH_ISSUERS",
                    id="people.W001",
                )
            )
    return found
