"""Export pages: ask for an export, follow its progress, download it.

    POST /exports/<kind>/            object_id (+ options): store the job; the file
                                     itself when ready within a second, else the job's page
    GET  /exports/ema/<event_id>/check/  before the EMA's results: who lacks an
                                     EMA number or country; the export buttons
    GET  /exports/job/<token>/       the job's page; polls its progress (htmx)
    GET  /exports/job/<token>/progress/   the progress fragment
    GET  /exports/job/<token>/download/   the file, once ready
    POST /exports/job/<token>/retry/ a failed job asked for again

Asking is rate-limited per user, or per address for a visitor who is not
logged in (settings.RATELIMIT_EXPORTS, 429 over it); the same ask again
gets the job already made (exports.services.request_export).

The token is the link: random and unguessable. Each view also checks that
the visitor asked for the job and may still have it (404 otherwise, as for
a job that does not exist).
"""

from __future__ import annotations

import io
import time
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext_lazy
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_POST

from clubs import limits
from common import ratelimits
from exports import ema, registry, services
from exports.models import ExportJob, JobStatus
from tournaments import access
from tournaments.services import mers

BAD_REQUEST = 400
# How long asking for an export waits for its file before showing the job's
# page instead, and how often it looks meanwhile.
WAIT_FOR_FAST_EXPORT = 1.0
WAIT_STEP = 0.1


def _session_key(request: HttpRequest) -> str:
    if request.user.is_authenticated:
        return ""
    if request.session.session_key is None:
        request.session.save()
    return request.session.session_key or ""


def _same_site(request: HttpRequest, url: str) -> str:
    """`url` if it is a page of this site, else "" (no link to elsewhere)."""
    if url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return url
    return ""


def _job_for(request: HttpRequest, token: str) -> ExportJob:
    job = get_object_or_404(ExportJob, token=token)
    if not services.may_see(request.user, request.session.session_key, job):
        raise Http404
    return job


TOO_MANY_EXPORTS = gettext_lazy(
    "You asked for many exports in a short time, so no new one is made for now. The files "
    "you asked for before stay on their pages.")


@csrf_exempt
@require_POST
def ask(request: HttpRequest, kind: str) -> HttpResponse:
    """Ask for an export. A logged-in user's request carries the CSRF token
    (what they may ask for is theirs to protect); an anonymous visitor's
    does not: the buttons are on pages every anonymous reader shares
    (common.shared_pages), and what such a visitor can ask for is a public
    file, for a job only their own session can see."""
    if request.user.is_authenticated:
        return _ask_protected(request, kind)
    return _ask(request, kind)


@csrf_protect
def _ask_protected(request: HttpRequest, kind: str) -> HttpResponse:
    return _ask(request, kind)


def _ask(request: HttpRequest, kind: str) -> HttpResponse:
    object_id = limits.whole_number(request.POST.get("object_id", ""))
    if object_id is None:  # no row has it ("²", 20 digits): no such object
        raise Http404
    try:
        job = services.request_export(
            kind_name=kind, object_id=object_id, user=request.user,
            session_key=_session_key(request), language=get_language() or "nl",
            options={key: value for key, value in request.POST.items()
                     if key not in ("object_id", "csrfmiddlewaretoken")},
            base_url=request.build_absolute_uri("/").rstrip("/"),
            # Only a new job counts against the limit: asking again for the
            # same file is answered with the earlier job.
            before_new_job=lambda: ratelimits.check(request, "exports", "RATELIMIT_EXPORTS",
                                                    TOO_MANY_EXPORTS))
    except ValidationError as error:
        kind_info = registry.get(kind)
        return render(request, "exports/refused.html", {
            "label": kind_info.label if kind_info else kind,
            "errors": error.messages, "back": _same_site(request, request.META.get(
                "HTTP_REFERER", ""))},
            status=BAD_REQUEST)
    if _ready_soon(job):
        # One step: the browser downloads the file and stays on the page
        # the button was on.
        return redirect("exports:download", job.token)
    return redirect("exports:job", job.token)


def _ready_soon(job: ExportJob) -> bool:
    """Whether the job's file is ready now or within WAIT_FOR_FAST_EXPORT
    seconds (a standings PDF takes a fraction of one). Inside a transaction
    the job is not even sent yet (it goes on commit): no use waiting."""
    deadline = time.monotonic() + WAIT_FOR_FAST_EXPORT
    while True:
        status = ExportJob.objects.filter(pk=job.pk).values_list("status", flat=True).first()
        if status == JobStatus.DONE:
            return True
        if (status not in (JobStatus.QUEUED, JobStatus.RUNNING)
                or transaction.get_connection().in_atomic_block
                or time.monotonic() >= deadline):
            return False
        time.sleep(WAIT_STEP)


def _context(job: ExportJob, *, download_when_done: bool = False) -> dict[str, Any]:
    kind = registry.get(job.kind)
    return {"job": job, "kind": kind, "statuses": JobStatus,
            "finished": job.status in (JobStatus.DONE, JobStatus.FAILED),
            "download_when_done": download_when_done,
            "delay_note": services.delay_note(job)}


@login_required
@require_GET
def ema_check(request: HttpRequest, event_id: int) -> HttpResponse:
    """Before the EMA's results file: who lacks an EMA number or a country,
    and the buttons (with "export anyway" when anyone does). Refused, with
    the reason, for an event the EMA does not rank or that is not finished."""
    event = access.get_event_for_organiser(request.user, event_id)
    label = gettext_lazy("Results for the EMA")
    try:
        ema.check_exportable(event, export_anyway=True)
    except ValidationError as error:
        return render(request, "exports/refused.html", {
            "label": label, "errors": error.messages,
            "back": reverse("tournaments:detail", args=[event.pk])}, status=BAD_REQUEST)
    listing = mers.summary(event)
    return render(request, "exports/ema_check.html", {
        "event": event, "club": event.club, "label": label, "listing": listing,
        "missing": mers.missing_details(listing),
        "kinds": [registry.KINDS["ema_xlsx"], registry.KINDS["ema_csv"]]})


@require_GET
def job_page(request: HttpRequest, token: str) -> HttpResponse:
    job = _job_for(request, token)
    return render(request, "exports/job.html", _context(job))


@require_GET
def job_progress(request: HttpRequest, token: str) -> HttpResponse:
    job = _job_for(request, token)
    # Asked for by the job page's poll: the file became ready while the
    # page was open, so it downloads by itself (static/js/export-download.js).
    response = render(request, "exports/_progress.html", _context(job, download_when_done=True))
    patch_cache_control(response, no_cache=True, no_store=True, must_revalidate=True)
    return response


@require_GET
def download(request: HttpRequest, token: str) -> FileResponse:
    job = _job_for(request, token)
    if job.status != JobStatus.DONE or job.content is None:
        raise Http404
    response = FileResponse(io.BytesIO(bytes(job.content)), as_attachment=True,
                            filename=job.filename, content_type=job.content_type)
    response["Content-Length"] = str(job.size)
    patch_cache_control(response, private=True, no_store=True)
    return response


@require_POST
def retry(request: HttpRequest, token: str) -> HttpResponse:
    job = _job_for(request, token)
    if job.status != JobStatus.FAILED:
        return redirect("exports:job", job.token)
    try:
        again = services.retry(job, request.user, _session_key(request))
    except ValidationError as error:
        kind = registry.get(job.kind)
        return render(request, "exports/refused.html", {
            "label": kind.label if kind else job.kind, "errors": error.messages,
            "back": ""}, status=BAD_REQUEST)
    return redirect("exports:job", again.token)
