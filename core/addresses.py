"""The client's address, read from a proxy header only when a trusted proxy sent it.

Used by the sign-in limits and by the unauthenticated-request counter, so both
count the same address behind a reverse proxy.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _trusted(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in settings.TOOLGUARD_TRUSTED_PROXIES)


def client_address(request: HttpRequest) -> str:
    """The address that sent the request.

    X-Forwarded-For is believed only when the peer is a trusted proxy, and
    then read from the right: the first address not itself a trusted proxy is
    the one the nearest proxy saw. Anyone can write the header's left end.
    """
    peer = str(request.META.get("REMOTE_ADDR", ""))
    if not _trusted(peer):
        return peer
    hops = [hop.strip() for hop in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _trusted(hop):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return peer  # a proxy we trust wrote nonsense: count against the proxy
    return peer
