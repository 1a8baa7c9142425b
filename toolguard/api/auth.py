"""Who may call the tool-execution API: agents first, people's credentials recognised to refuse them clearly."""

from __future__ import annotations

from rest_framework import authentication

from core.agents import AgentKeyAuthentication
from people.auth import LimitedBasicAuthentication

# The first class answers a 401's WWW-Authenticate. People's credentials are
# recognised on agents' endpoints so that a person is refused with a clear 403
# rather than an anonymous 401 (people/auth.py's PEOPLE_FIRST does the reverse).
AGENT_FIRST = [AgentKeyAuthentication, LimitedBasicAuthentication, authentication.SessionAuthentication]
