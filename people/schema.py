"""The personal API token in the OpenAPI document."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class PersonalTokenScheme(OpenApiAuthenticationExtension):
    target_class = "people.auth.PersonalTokenAuthentication"
    name = "personalToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A reviewer's or compliance user's personal API token: tgp_<prefix>_<secret>",
        }
