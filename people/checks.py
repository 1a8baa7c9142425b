"""`manage.py check --deploy` warnings for the OAuth resource server (people/oauth.py)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Tags, Warning, register


@register(Tags.security, deploy=True)
def oauth_deploy_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    if not settings.TOOLGUARD_OAUTH_ISSUERS:
        return []
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
    broad = any(host == "*" or host.startswith(".") for host in settings.ALLOWED_HOSTS)
    if not settings.TOOLGUARD_RESOURCE_URI and broad:
        found.append(
            Warning(
                "TOOLGUARD_RESOURCE_URI is unset while ALLOWED_HOSTS accepts any host: the audience a token "
                "must name would follow the request's Host header",
                hint="set TOOLGUARD_RESOURCE_URI to toolguard's public /mcp URL",
                id="people.W002",
            )
        )
    return found
