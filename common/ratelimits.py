"""Rate limits (docs/security.md): how often one client may make the server
work or send mail, counted by django-ratelimit in the shared cache
(settings.CACHES["ratelimit"]: Redis, or the database through
config.dbcache).

`limit` is the decorator for a view: over the limit, the request never
reaches it and the visitor gets the 429 page (`too_many_requests`, also for
any other view that raises django-ratelimit's `Ratelimited`), JSON under
/api/. `exceeded` counts without refusing, for a view that answers the same
either way (the password-reset mail). The limits themselves are settings
(RATELIMIT_*), read on every request.

A cache that cannot be reached (Redis down) lets requests through: a limit
is a guard against abuse, not a reason to fail an organiser on the day.
"""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_ratelimit.core import get_usage  # type: ignore[import-untyped]
from django_ratelimit.exceptions import Ratelimited  # type: ignore[import-untyped]

from common.caches import cache_errors
from common.clients import client_ip

logger = logging.getLogger(__name__)

TOO_MANY_REQUESTS = 429

Key = str | Callable[[str, HttpRequest], str]


def client_address(request: HttpRequest) -> str:
    """The client's address as the login throttling sees it (docs/security.md,
    TRUST_X_FORWARDED_FOR): RATELIMIT_IP_META_KEY."""
    return client_ip(request) or "0.0.0.0"  # noqa: S104 (an unknown client, not a bind address)



def exceeded(request: HttpRequest, group: str, rate_setting: str, key: Key) -> int | None:
    """Count this request against the limit `rate_setting` names (e.g.
    "RATELIMIT_EXPORTS": "60/h") for the client `key` gives ("user_or_ip",
    "ip", "user" or a function of group and request). None while within it,
    else the seconds until the count starts afresh."""
    try:
        usage = get_usage(request, group=group, key=key, rate=getattr(settings, rate_setting),
                          increment=True)
    except cache_errors() as error:
        logger.warning("rate limit %s not counted, the cache is unreachable: %r", group, error)
        return None
    if usage is None or not usage["should_limit"]:
        return None
    return max(1, int(usage["time_left"]))


def limit(group: str, rate_setting: str, message: str | Promise, key: Key = "user_or_ip",
          methods: tuple[str, ...] = ("POST",)) -> Callable[[Any], Any]:
    """A view decorator: requests with one of `methods` over the limit get
    the 429 page saying `message` (a lazy translation: what the visitor did
    too often) and when to try again."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in methods:
                check(request, group, rate_setting, message, key)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def check(request: HttpRequest, group: str, rate_setting: str, message: str | Promise,
          key: Key = "user_or_ip") -> None:
    """Count this request; over the limit, raise Ratelimited, which the
    visitor gets as the 429 page saying `message`. For a view that counts
    only some of its requests (an export asked again makes no new job)."""
    retry_after = exceeded(request, group, rate_setting, key)
    if retry_after is not None:
        request.ratelimit_message = message  # type: ignore[attr-defined]
        request.ratelimit_retry_after = retry_after  # type: ignore[attr-defined]
        raise Ratelimited


def too_many_requests(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The answer to a request over a rate limit (RATELIMIT_VIEW): 429 with
    what was done too often and when to try again; JSON under /api/."""
    message = str(getattr(request, "ratelimit_message", "") or _(
        "You sent many requests in a short time."))
    retry_after = getattr(request, "ratelimit_retry_after", None)
    if retry_after:
        minutes = max(1, math.ceil(retry_after / 60))
        again = ngettext("Try again in %(minutes)s minute.", "Try again in %(minutes)s minutes.",
                         minutes) % {"minutes": minutes}
    else:
        again = _("Try again later.")
    response: HttpResponse
    if "/api/" in request.path:
        response = JsonResponse({"error": f"{message} {again}"}, status=TOO_MANY_REQUESTS)
    else:
        response = render(request, "too_many_requests.html", {
            "message": message, "again": again, "home": reverse("home")},
            status=TOO_MANY_REQUESTS)
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response
