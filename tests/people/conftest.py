"""Fixtures of the people tests: the OpenID provider (tests/people/oidc_flow.py)."""

from tests.people.oidc_flow import idp, oidc_on  # noqa: F401  (fixtures)
