"""Security headers on every kind of response (HTML pages, the JSON API, a
file download, a static file, the error pages), the Content-Security-Policy
that allows no inline script or style, and templates that need none."""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club
from exports.models import ExportJob, JobStatus
from tournaments.models import Event, Registration, Round, Scorekeeper

pytestmark = pytest.mark.django_db

BASE_DIR = Path(settings.BASE_DIR)


def assert_security_headers(response: Any, *, frames: bool = True) -> None:
    """The headers every response carries; `frames`: also X-Frame-Options
    (set by a middleware static files do not pass; the CSP's
    frame-ancestors covers them)."""
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    if frames:
        assert response["X-Frame-Options"] == "DENY"
    permissions = response["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()"):
        assert feature in permissions
    policy = dict(part.strip().split(" ", 1)
                  for part in response["Content-Security-Policy"].split(";") if part.strip())
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'"
    assert policy["base-uri"] == "'none'"
    assert policy["form-action"] == "'self'"
    assert "unsafe" not in response["Content-Security-Policy"]


@pytest.fixture
def scorekeeper(event: Event, django_user_model: type[User]) -> Client:
    user = django_user_model.objects.create_user("sk")
    Scorekeeper.objects.create(user=user, event=event)
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("name", ["home", "login", "password_reset", "rankings:index"])
def test_public_pages(client: Client, name: str) -> None:
    response = client.get(reverse(name))
    assert response.status_code == 200
    assert_security_headers(response)


def test_organiser_and_event_pages(organiser_client: Client, club: Club, event: Event,
                                   started_round: Round) -> None:
    table = started_round.tables.first()
    assert table is not None
    for url in (reverse("clubs:detail", args=[club.slug]),
                reverse("tournaments:detail", args=[event.pk]),
                reverse("tournaments:standings", args=[event.pk]),
                reverse("tournaments:table_cards", args=[started_round.pk]),
                reverse("tournaments:score_entry", args=[table.pk])):
        response = organiser_client.get(url)
        assert response.status_code == 200, url
        assert_security_headers(response)


def test_the_json_api(scorekeeper: Client, started_round: Round) -> None:
    table = started_round.tables.first()
    assert table is not None
    response = scorekeeper.get(reverse("tournaments:api_table", args=[table.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert_security_headers(response)
    refused = scorekeeper.post(reverse("tournaments:api_hands", args=[table.pk]), "[",
                               content_type="application/json")
    assert refused.status_code == 400
    assert_security_headers(refused)


def test_a_file_download(organiser_client: Client, organiser: User, event: Event) -> None:
    job = ExportJob.objects.create(
        kind="standings_pdf", event=event, requested_by=organiser, status=JobStatus.DONE,
        content=b"%PDF-", size=5, filename="standings.pdf", content_type="application/pdf",
        expires_at=timezone.now() + datetime.timedelta(hours=1))
    response = organiser_client.get(reverse("exports:download", args=[job.token]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    assert response["Content-Type"] == "application/pdf"
    assert_security_headers(response)


def test_static_files(client: Client) -> None:
    for path in ("css/app.css", "js/score-entry/main.js", "tiles/1m.svg"):
        response = client.get(static(path))
        response.close()  # whitenoise streams the file
        assert response.status_code == 200, path
        assert_security_headers(response, frames=False)


def test_error_pages(client: Client) -> None:
    assert_security_headers(client.get("/no-such-page/"))
    response = client.get(reverse("clubs:list"))  # to the login page
    assert response.status_code == 302
    assert_security_headers(response)


def test_htmx_is_told_to_need_no_inline_style_or_eval(client: Client) -> None:
    # htmx adds a <style> element for its indicators unless told not to; the
    # policy would block it (and log an error in every browser console).
    page = client.get(reverse("home")).content.decode()
    assert '"includeIndicatorStyles": false' in page
    assert '"allowEval": false' in page


# --- No inline script, style or handler in any template ---------------------------

# (pattern, what it finds, whether it looks at the markup only: inside a tag
# the quoted attribute values are blanked first, since an input may hold the
# text "onload=" a user typed, escaped).
INLINE = [
    (re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I),
     "an inline <script>", False),
    (re.compile(r"<style\b", re.I), "a <style> element", False),
    (re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I), "a style attribute", True),
    (re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I), "an on... event handler", True),
    (re.compile(r"<[a-z][^>]*=\s*[\"']?\s*javascript:", re.I), "a javascript: URL", False),
]
TAG = re.compile(r"<[a-z][^>]*>", re.I)
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")


def inline_code(html: str) -> list[str]:
    """What the Content-Security-Policy would block in `html`."""
    markup = TAG.sub(lambda tag: QUOTED.sub('""', tag.group()), html)
    return [what for pattern, what, markup_only in INLINE
            if pattern.search(markup if markup_only else html)]


def test_no_template_has_inline_script_style_or_handlers() -> None:
    found = []
    templates = sorted((BASE_DIR / "templates").rglob("*.html"))
    assert len(templates) > 30
    for path in templates:
        for what in inline_code(path.read_text()):
            found.append(f"{path.relative_to(BASE_DIR)}: {what}")
    assert not found, "move these to static/ files:\n" + "\n".join(found)


@pytest.mark.parametrize("html", [
    "<script>alert(1)</script>", "<button onclick=\"x()\">", "<p style=\"color:red\">",
    "<style>p{}</style>", "<a href=\"javascript:x()\">",
])
def test_the_scan_finds_inline_code(html: str) -> None:
    assert inline_code(html)


def test_the_scan_allows_what_the_policy_allows() -> None:
    assert not inline_code('<script src="/static/js/x.js" defer></script>'
                           '<button data-print type="button">Print</button>'
                           '<p class="online">on time</p>'
                           '<input value="&quot;&gt;&lt;svg onload=alert(1)&gt;">')


def test_rendered_pages_have_no_inline_code(organiser_client: Client, club: Club, event: Event,
                                            started_round: Round,
                                            players: list[Registration]) -> None:
    # Markup that no template holds: widgets, tables, QR codes, charts.
    table = started_round.tables.first()
    assert table is not None
    for url in (reverse("home"), reverse("login"),
                reverse("clubs:detail", args=[club.slug]),
                reverse("clubs:member_add", args=[club.slug]),
                reverse("tournaments:create", args=[club.slug]),
                reverse("tournaments:edit", args=[event.pk]),
                reverse("tournaments:round", args=[started_round.pk]),
                reverse("tournaments:table_cards", args=[started_round.pk]),
                reverse("tournaments:score_entry", args=[table.pk]),
                reverse("tournaments:standings", args=[event.pk]),
                reverse("stats:event", args=[event.pk]),
                reverse("stats:club", args=[club.slug]),
                reverse("scoring:check")):
        response = organiser_client.get(url)
        assert response.status_code == 200, url
        assert not inline_code(response.content.decode()), url


def test_the_policy_built_once_is_django_csps_own(client: Client, settings: Any,
                                                   event: Event) -> None:
    """config.security.StaticCSPMiddleware writes the header it built once;
    it must be what django-csp builds for the same settings, also after a
    change of them, and a shared page served whole from the cache gets it."""
    from csp.middleware import CSPMiddleware
    from django.http import HttpRequest, HttpResponse

    def django_csp() -> str:
        request = HttpRequest()
        request.path_info = "/"
        response = CSPMiddleware(lambda request: HttpResponse()).process_response(
            request, HttpResponse())
        return str(response["Content-Security-Policy"])

    for _ in range(2):  # the second is served from the cache
        shared = client.get(f"/en/events/{event.pk}/standings/")
        assert shared["Content-Security-Policy"] == django_csp()
        assert_security_headers(shared)
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {
        **settings.CONTENT_SECURITY_POLICY["DIRECTIVES"], "img-src": ["'self'", "data:"]}}
    assert "img-src 'self' data:" in client.get("/en/")["Content-Security-Policy"]
    assert client.get("/en/")["Content-Security-Policy"] == django_csp()


def test_a_view_with_its_own_policy_still_gets_it() -> None:
    from csp.decorators import csp_update
    from django.http import HttpRequest, HttpResponse

    from config.security import StaticCSPMiddleware

    @csp_update({"img-src": ["https://example.org"]})
    def view(request: HttpRequest) -> HttpResponse:
        return HttpResponse()

    request = HttpRequest()
    request.path_info = "/"
    middleware = StaticCSPMiddleware(view)
    response = middleware.process_response(request, view(request))
    assert "https://example.org" in response["Content-Security-Policy"]
