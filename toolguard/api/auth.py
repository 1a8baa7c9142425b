"""Who may call the tool-execution API: agents first, people's credentials recognised to refuse them clearly."""

from __future__ import annotations

import json

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import authentication
from rest_framework.request import Request

from core.agents import AgentKeyAuthentication
from core.principal_cache import ClaimAhead
from people.auth import LimitedBasicAuthentication
from toolguard.api.formats import CallRequest, MalformedRequest, parse_body
from toolguard.pipeline.executor import claim_ahead

# The first class answers a 401's WWW-Authenticate. People's credentials are
# recognised on agents' endpoints so that a person is refused with a clear 403
# rather than an anonymous 401 (people/auth.py's PEOPLE_FIRST does the reverse).
AGENT_FIRST = [AgentKeyAuthentication, LimitedBasicAuthentication, authentication.SessionAuthentication]


def claim_ahead_of_body(request: Request) -> ClaimAhead | None:
    """The state-changing call a POST's body carries, read as a hint for AgentKeyAuthentication,
    which claims its key with the agent key's row (core/agents.py, ClaimsAhead).

    Read before the view reads the body strictly: a body this reading takes
    that the view then refuses leaves a claim no call takes, which the view
    gives back (Admission.release_unused).
    """
    length = request.META.get("CONTENT_LENGTH") or ""
    if request.method != "POST" or not length.isdigit() or int(length) > settings.TOOLGUARD_MAX_BODY_BYTES:
        return None
    try:
        call = parse_body(json.loads(request.body))
    except (ValueError, RecursionError, MalformedRequest, RequestDataTooBig):
        return None  # the view's strict reading says what is wrong with it
    return claim_ahead(call) if isinstance(call, CallRequest) else None
