"""What a request gets when something below the app fails.

A database that cannot be reached (PostgreSQL restarting, a failover, the
connection limit) is not a bug in the page: the user gets 503 with a clear
message and a Retry-After, as JSON under /api/ (the score-entry page keeps
the hand and sends it again), never the generic 500 page. Nothing was saved:
every write runs in a transaction that the lost connection rolled back.
"""

from __future__ import annotations

import sys

from django.db.utils import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views import defaults

UNAVAILABLE = 503
RETRY_AFTER_SECONDS = 15


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: the database's outage as 503, anything else as Django's 500."""
    error = sys.exc_info()[1]
    if not isinstance(error, (OperationalError, InterfaceError)):
        return defaults.server_error(request)
    message = _("The database cannot be reached just now, so nothing was saved. "
                "Try again in a moment.")
    response: HttpResponse
    if "/api/" in request.path:
        response = JsonResponse({"error": message, "retry": True}, status=UNAVAILABLE)
    else:
        # Without the request: its user and session would ask the database again.
        response = HttpResponse(render_to_string("unavailable.html", {"message": message}),
                                status=UNAVAILABLE)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
