"""Pieces of the site's security that settings alone cannot say
(docs/security.md): the login-throttling backend and the client's address it
counts by, the page a locked-out login gets, the password-reset mails'
limits, the password-reset confirmation that also lifts a lockout, and
refusing an over-large request before anything reads it, and the
Content-Security-Policy header built once instead of per response.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from axes.backends import AxesStandaloneBackend  # type: ignore[import-untyped]
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.signals import setting_changed
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import render
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common import ratelimits

# What a locked-out login answers: Too Many Requests, with the login page.
LOCKED_OUT = 429


class AxesBackend(AxesStandaloneBackend):  # type: ignore[misc]
    """django-axes' backend for logins that come with a request (the login
    pages). `authenticate()` without one (a script, the shell, the test
    client's login) has no client to throttle: it goes on to the next
    backend instead of failing with AxesBackendRequestParameterRequired."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(  # type: ignore[no-any-return]
            request, username, password, **kwargs)


def lockout_response(request: HttpRequest, original_response: HttpResponse | None = None,
                     credentials: dict[str, Any] | None = None) -> HttpResponse:
    """The login page with the lockout message (AXES_LOCKOUT_CALLABLE).

    The status is 429; the form is empty but for the user name, so the page
    is the one the user knows, with the way out (wait, or set a new password
    by e-mail) spelled out."""
    username = str((credentials or {}).get("username") or request.POST.get("username", ""))
    cooloff = settings.AXES_COOLOFF_TIME
    minutes = max(1, round(cooloff.total_seconds() / 60)) if cooloff else None
    form = AuthenticationForm(request, initial={"username": username})
    return render(request, "registration/login.html", {
        "form": form, "locked_out": True, "cooloff_minutes": minutes,
        "next": request.POST.get("next", request.GET.get("next", "")),
    }, status=LOCKED_OUT)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's view, with limits on the mails it sends (docs/security.md).

    Per e-mail address (RATELIMIT_PASSWORD_RESET_ADDRESS): over it, no mail,
    and the page that follows is the same "check your e-mail" page, so it
    tells nothing about the address (counted whether or not an account has
    it). Per client address (RATELIMIT_PASSWORD_RESET_IP), over it the 429
    page: that says nothing about any account either."""

    email_template_name = "registration/password_reset_email.txt"

    @method_decorator(ratelimits.limit(
        "password-reset-ip", "RATELIMIT_PASSWORD_RESET_IP", key="ip",
        message=gettext_lazy("Many new passwords were asked for from your network in a short "
                             "time, so no more links are sent for now.")))
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return super().post(request, *args, **kwargs)  # type: ignore[no-any-return]

    def form_valid(self, form: Any) -> HttpResponse:
        address = form.cleaned_data["email"].strip().casefold()
        if ratelimits.exceeded(self.request, "password-reset-address",
                               "RATELIMIT_PASSWORD_RESET_ADDRESS",
                               key=lambda group, request: address) is not None:
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)  # type: ignore[no-any-return]


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's view; a new password also ends a lockout of that user."""

    def form_valid(self, form: Any) -> HttpResponse:
        from axes.utils import reset  # type: ignore[import-untyped]

        response = super().form_valid(form)
        reset(username=form.user.get_username())
        return response


# Bodies over the limit are read and thrown away up to this size, so the
# browser gets the page instead of a connection reset; bigger ones are not
# read at all (the server closes the connection; a reverse proxy should
# stop them first, e.g. nginx's client_max_body_size).
DRAIN_AT_MOST = 64 * 1024 * 1024
CHUNK = 64 * 1024


class RequestSizeMiddleware:
    """Limits at the door, before anything parses the request (the CSRF
    check reads every form; a multipart form's file would be spooled to a
    temporary file first):

    * a body over settings.MAX_REQUEST_BYTES, whatever it is for: 413, read
      and thrown away up to DRAIN_AT_MOST, before any other middleware (that
      page has no login or CSRF cookie: nothing of the request was read);
    * in `process_view`, which runs before the CSRF check's: a query string
      over settings.MAX_QUERY_BYTES, 414; a NUL in the address, 400; then
      the body by the view it is for: the member import's views (settings.UPLOAD_VIEWS) take up to
      MAX_REQUEST_BYTES, the JSON API MAX_API_REQUEST_BYTES, every other form
      MAX_FORM_REQUEST_BYTES. The member import's own limit (2 MB) is checked
      by its form for files just under the first."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = _content_length(request)
        if length <= settings.MAX_REQUEST_BYTES:
            return self.get_response(request)
        if length <= DRAIN_AT_MOST:
            while request.read(CHUNK):
                pass
        return _too_large(request, settings.MAX_REQUEST_BYTES)

    def process_view(self, request: HttpRequest, view: Any, args: Any,
                     kwargs: Any) -> HttpResponse | None:
        # Here rather than in __call__: nothing reads the query before the
        # views, and a page refused here has the visitor's login and goes out
        # through the CSRF middleware (its language switch needs the cookie).
        query = request.META.get("QUERY_STRING", "")
        if len(query) > settings.MAX_QUERY_BYTES:
            return _refused(request, 414, _("The address is too long."))
        # No address holds a NUL character; PostgreSQL refuses one in any
        # text it is asked to compare (a token, a key, a search), so it must
        # not get that far. Forms refuse it in what they read themselves.
        if "\x00" in request.path or "%00" in query:
            return _refused(request, 400, _("The address holds a character no address has "
                                             "(NUL)."), title=_("Not a valid address"))
        match = request.resolver_match
        if match is not None and match.view_name in settings.UPLOAD_VIEWS:
            return None
        limit = (settings.MAX_API_REQUEST_BYTES if "/api/" in request.path
                 else settings.MAX_FORM_REQUEST_BYTES)
        if _content_length(request) <= limit:
            return None
        while request.read(CHUNK):  # under MAX_REQUEST_BYTES: read, so the browser hears us
            pass
        return _too_large(request, limit)


def _content_length(request: HttpRequest) -> int:
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


def _size(limit: int) -> str:
    if limit >= 1024 * 1024:
        return _("%(size)s MB") % {"size": limit // (1024 * 1024)}
    return _("%(size)s KB") % {"size": limit // 1024}


def _too_large(request: HttpRequest, limit: int) -> HttpResponse:
    if limit >= settings.MAX_REQUEST_BYTES:  # only the member import takes this much
        return _refused(request, 413, _("The file is larger than %(size)s MB.") % {
            "size": limit // (1024 * 1024)}, upload=True)
    return _refused(request, 413, _("What was sent is larger than %(size)s.") % {
        "size": _size(limit)})


def _refused(request: HttpRequest, status: int, message: str, upload: bool = False,
             title: str = "") -> HttpResponse:
    if "/api/" in request.path:  # the score-entry page reads JSON errors
        return JsonResponse({"error": message}, status=status)
    # The way on is the site's home, never the request's path: a cross-site
    # form posting to "//evil.example/x" must not get a page of this site
    # linking there.
    title = title or (_("Too long") if status == 414 else _("Too large"))
    advice = {413: (_("Go back in your browser to choose a smaller file.") if upload
                    else _("Go back in your browser and send less.")),
              414: _("Go back in your browser and search with fewer words.")}.get(status, "")
    return render(request, "refused.html", {"title": title, "message": message,
                                            "advice": advice, "home": reverse("home")},
                  status=status)


# --- Content-Security-Policy ------------------------------------------------------------

_CSP_PARTS = ("_csp_config", "_csp_update", "_csp_replace", "_csp_exempt",
              "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro", "_csp_exempt_ro")


class StaticCSPMiddleware(CSPMiddleware):  # type: ignore[misc]
    """django-csp's middleware, with the site's one policy built once.

    django-csp builds the header from the settings for every response,
    about a seventh of what a page served whole from the cache costs
    (common/shared_pages.py). The site's policy uses no nonce and no view
    changes it, so every response gets the same header; a response or
    request that does carry a part of its own (a view decorated with
    csp_update, a template asking for a nonce) still goes through
    django-csp."""

    _headers: dict[str, str] | None = None

    @classmethod
    def _static_headers(cls) -> dict[str, str]:
        if cls._headers is None:
            cls._headers = {
                name: value for name, value in (
                    (HEADER, build_policy()),
                    (HEADER_REPORT_ONLY, build_policy(report_only=True))) if value}
        return cls._headers

    def process_response(self, request: HttpRequest,
                         response: HttpResponseBase) -> HttpResponseBase:
        if (getattr(request, "_csp_nonce", None) is not None
                or any(hasattr(response, part) for part in _CSP_PARTS)
                or settings.DEBUG):
            return super().process_response(request, response)  # type: ignore[no-any-return]
        for name, value in self._static_headers().items():
            policy = getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY"
                             if name == HEADER_REPORT_ONLY else "CONTENT_SECURITY_POLICY",
                             None) or {}
            prefixes = policy.get("EXCLUDE_URL_PREFIXES", None) or ()
            if name not in response and not request.path_info.startswith(tuple(prefixes)):
                response[name] = value
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(  # type: ignore[attr-defined]
            self._csp_nonce_post_response)
        return response


def _forget_csp(setting: str, **kwargs: Any) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        StaticCSPMiddleware._headers = None


setting_changed.connect(_forget_csp, dispatch_uid="static-csp")
