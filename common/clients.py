"""Who a request comes from, as the login throttling and the rate limits
count it (docs/security.md, TRUST_X_FORWARDED_FOR)."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """The address a request comes from, for django-axes.

    REMOTE_ADDR, unless TRUST_X_FORWARDED_FOR is set: then the right-most
    address of X-Forwarded-For, the one the reverse proxy in front of the app
    added itself (a client can put anything in the header, but only to the
    left of it). Set it only behind exactly one proxy that appends to
    X-Forwarded-For; without a proxy a client could choose its address and
    so escape the lockout.
    """
    if settings.TRUST_X_FORWARDED_FOR:
        forwarded = [part.strip() for part in
                     request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        if forwarded and forwarded[-1]:
            try:
                return str(ipaddress.ip_address(forwarded[-1]))
            except ValueError:
                pass  # not an address: fall back to the connection's
    return request.META.get("REMOTE_ADDR") or None
