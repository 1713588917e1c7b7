"""Asking for an export, running it, and keeping jobs honest.

* `request_export` checks the user's rights and the export's own conditions
  (the bond's "event finished"), stores the job and sends it to the worker
  once the job is committed. The same ask again by the same asker within
  EXPORTS_REUSE_SECONDS gets the job it already has (`_reusable`).
* `run_job` (the Celery task's body) renders the file, reporting progress
  and a heartbeat as it goes.
* `maintain` (Celery beat, every minute) runs again what a dead worker left
  behind, fails what keeps dying, sends again what the broker refused, and
  deletes expired files. So no job stays "in progress" forever.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import override

from clubs import limits
from clubs.models import Club, Member
from common import background
from common.caches import cache_errors
from exports import registry
from exports.models import ExportJob, JobStatus
from tournaments import access
from tournaments.models import Event, Round

logger = logging.getLogger(__name__)

# The Celery task that runs a job (exports/tasks.py), sent by name.
RUN_EXPORT = "exports.run_export"

# Heartbeats are written at most this often (seconds): progress for the page,
# proof of life for `maintain`, without a write per row.
HEARTBEAT_EVERY = 0.5


def keep_for() -> datetime.timedelta:
    return datetime.timedelta(hours=settings.EXPORTS_KEEP_HOURS)


# --- Who may have what ---------------------------------------------------------------


@dataclass(frozen=True)
class Subject:
    """What an export is of: exactly one of these."""

    event: Event | None = None
    round: Round | None = None
    club: Club | None = None
    member: Member | None = None


def _is_member_self(user: Any, member: Member) -> bool:
    return bool(user.is_authenticated and member.user_id == user.pk)


def subject_for(user: Any, kind: registry.ExportKind, object_id: int) -> Subject:
    """The kind's object, if `user` may have this export of it; 404 (as for
    an object that does not exist) otherwise."""
    if kind.scope == registry.EVENT:
        if kind.audience == registry.VIEWER:
            return Subject(event=access.get_event_for_viewer(user, object_id))
        return Subject(event=access.get_event_for_organiser(user, object_id))
    if kind.scope == registry.ROUND:
        return Subject(round=access.get_round_for_organiser(user, object_id))
    if kind.scope == registry.CLUB:
        return Subject(club=get_object_or_404(Club, pk=object_id))
    member = get_object_or_404(Member.objects.select_related("club"), pk=object_id)
    if _is_member_self(user, member) or access.clubs_for(user).filter(pk=member.club_id).exists():
        return Subject(member=member)
    raise Http404


def may_see(user: Any, session_key: str | None, job: ExportJob) -> bool:
    """Only who asked for the job downloads it, and only while they may
    still have that export (a draft event, a club they no longer organise)."""
    asked = (job.requested_by_id == user.pk if user.is_authenticated
             else bool(session_key) and job.session_key == session_key
             and job.requested_by_id is None)
    if not asked:
        return False
    kind = registry.get(job.kind)
    if kind is None:
        return False
    object_id = {registry.EVENT: job.event_id, registry.ROUND: job.round_id,
                 registry.CLUB: job.club_id, registry.MEMBER: job.member_id}[kind.scope]
    try:
        subject_for(user, kind, object_id or 0)
    except Http404:
        return False
    return True


# --- Asking ------------------------------------------------------------------------------


LARGEST_OPTION = 32767


def _options(kind: registry.ExportKind, given: dict[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for name, wanted in kind.options.items():
        value = given.get(name)
        if value in (None, ""):
            continue
        if wanted is bool:
            options[name] = str(value).lower() in ("1", "true", "on", "yes")
            continue
        # ASCII digits only ("²" passes str.isdigit() but not int()), and no
        # larger than a round number or a year can be (a smallint column).
        text = str(value).strip()
        number = limits.whole_number(text, 9)
        if number is None:
            shown = text if len(text) <= 20 else text[:19] + "…"
            raise ValidationError(_("%(option)s must be a whole number, not %(value)s.") % {
                "option": name, "value": shown})
        if number > LARGEST_OPTION:
            raise ValidationError(_(
                "%(option)s must be a whole number up to %(largest)s, not %(value)s.") % {
                "option": name, "largest": LARGEST_OPTION, "value": text})
        options[name] = number
    return options



def _ask_key(kind: registry.ExportKind, subject: Subject, user: Any, session_key: str,
             language: str, options: dict[str, Any]) -> tuple[str, bool]:
    """The cache key of an ask, and whether it names the data the file
    shows: an event's (or a round's) results generation, which every change
    to what its exports show renews (tournaments.services.results_cache). A
    season (club or member) spans events and has none."""
    from tournaments.services import results_cache

    event_id = subject.event.pk if subject.event else (
        subject.round.event_id if subject.round else None)
    stamp = results_cache.generation(event_id) if event_id is not None else ""
    asker = f"user:{user.pk}" if user.is_authenticated else f"session:{session_key}"
    objects = [item.pk if item is not None else None
               for item in (subject.event, subject.round, subject.club, subject.member)]
    what = [kind.name, objects, asker, language, options, stamp]
    digest = hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()
    return f"exports:ask:{digest}", bool(stamp)


def _reusable(key: str, data_known: bool) -> ExportJob | None:
    """The job of the same ask made within EXPORTS_REUSE_SECONDS, if it is
    waiting, running, or done with the data as it is now (only when the ask
    names its data: a finished season file is not taken for current)."""
    job_id = cache.get(key)
    if job_id is None:
        return None
    usable = [JobStatus.QUEUED, JobStatus.RUNNING] + ([JobStatus.DONE] if data_known else [])
    return ExportJob.objects.filter(pk=job_id, status__in=usable,
                                    expires_at__gt=timezone.now()).first()


def request_export(*, kind_name: str, object_id: int, user: Any, session_key: str = "",
                   language: str = "nl", options: dict[str, Any] | None = None,
                   base_url: str = "",
                   before_new_job: Callable[[], None] | None = None) -> ExportJob:
    """Store a job for the export and send it to the worker (after commit),
    or, for an ask its asker made a moment ago (the same kind, object,
    options and language, and the same data), the job that ask made: a
    double click, a second tab or a script asking again makes no new file.
    Http404 for an unknown export or an object the user may not have it of;
    ValidationError for an export that cannot be made (yet). `before_new_job`
    runs only when a new job is to be made (the asker's rate limit: an ask
    answered with the earlier job costs nothing) and may raise to refuse it."""
    kind = registry.get(kind_name)
    if kind is None:
        raise Http404
    subject = subject_for(user, kind, object_id)
    checked = _options(kind, options or {})
    if kind.precheck and subject.event is not None:
        import_string(kind.precheck)(subject.event,
                                     **(checked if kind.precheck_options else {}))
    if kind.uses_base_url:
        checked["base_url"] = base_url
    if not user.is_authenticated and not session_key:
        raise PermissionDenied(_("Cookies are needed to download files."))
    try:
        key, data_known = _ask_key(kind, subject, user, session_key, language, checked)
        earlier = _reusable(key, data_known)
    except cache_errors() as error:  # the cache down: a new job, as before
        logger.warning("export asks not compared, the cache is unreachable: %r", error)
        key, earlier = "", None
    if earlier is not None:
        return earlier
    if before_new_job is not None:
        before_new_job()
    job = ExportJob.objects.create(
        kind=kind.name, language=language, options=checked,
        event=subject.event, round=subject.round, club=subject.club, member=subject.member,
        requested_by=user if user.is_authenticated else None,
        session_key="" if user.is_authenticated else session_key,
        expires_at=timezone.now() + keep_for(),
    )
    if key:
        try:
            cache.set(key, job.pk, settings.EXPORTS_REUSE_SECONDS)
        except cache_errors() as error:
            logger.warning("export ask not remembered, the cache is unreachable: %r", error)
    transaction.on_commit(lambda: send(job.pk))
    return job


def send(job_id: int) -> bool:
    """Hand the job to the worker. When the broker is down the job stays
    queued, unsent, and `maintain` sends it once the broker is back."""
    try:
        background.task(RUN_EXPORT).delay(job_id)
    except Exception as error:  # noqa: BLE001 (any broker error: kombu, redis, socket)
        logger.warning("export %s not sent: %r", job_id, error)
        ExportJob.objects.filter(pk=job_id, sent_at__isnull=True).update(
            error=_("The export service is not available right now; the export starts "
                    "as soon as it is back."))
        return False
    ExportJob.objects.filter(pk=job_id, sent_at__isnull=True).update(sent_at=timezone.now())
    # Only a waiting job's "not available" note is stale now (an eager run
    # has already finished and may have failed with its own message).
    ExportJob.objects.filter(pk=job_id, status=JobStatus.QUEUED).update(error="")
    return True


# --- Running -----------------------------------------------------------------------------


def _subject_of(job: ExportJob, kind: registry.ExportKind) -> Any:
    return {registry.EVENT: job.event, registry.ROUND: job.round,
            registry.CLUB: job.club, registry.MEMBER: job.member}[kind.scope]


def _subject_name(job: ExportJob, kind: registry.ExportKind) -> str:
    subject = _subject_of(job, kind)
    if kind.scope == registry.ROUND:
        return f"{subject.event.title} {_('round')} {subject.number}"
    if kind.scope == registry.CLUB:
        return f"{subject.name} {job.options.get('year', '')}"
    if kind.scope == registry.MEMBER:
        return f"{subject.full_name} {job.options.get('year', '')}"
    return str(subject.title)


def _start(job_id: int) -> ExportJob | None:
    """Mark the job running (once: a second delivery of a finished or
    running job does nothing)."""
    with transaction.atomic():
        job = ExportJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status not in (JobStatus.QUEUED,):
            return None
        job.status = JobStatus.RUNNING
        job.attempts += 1
        job.heartbeat_at = timezone.now()
        job.done = job.total = 0
        job.error = ""
        job.save(update_fields=["status", "attempts", "heartbeat_at", "done", "total", "error"])
        return job


def run_job(job_id: int) -> None:
    job = _start(job_id)
    if job is None:
        return
    kind = registry.get(job.kind)
    assert kind is not None
    last = [0.0]
    step_delay = settings.EXPORTS_TEST_STEP_DELAY

    def progress(done: int, total: int) -> None:
        if step_delay:
            time.sleep(step_delay)  # tests only: time to kill a worker mid-export
        now = time.monotonic()
        if now - last[0] < HEARTBEAT_EVERY and done < total:
            return
        last[0] = now
        ExportJob.objects.filter(pk=job_id, status=JobStatus.RUNNING).update(
            done=min(done, total), total=total, heartbeat_at=timezone.now())

    try:
        keywords = {**job.options, **kind.fixed}
        with override(job.language):
            content = kind.render()(_subject_of(job, kind), language=job.language,
                                    progress=progress, **keywords)
            filename = kind.filename(_subject_name(job, kind))
    except Exception as error:
        logger.exception("export %s (%s) failed", job_id, job.kind)
        message = "; ".join(error.messages) if isinstance(error, ValidationError) else _(
            "The export failed. Try again; if it fails again, tell the organiser.")
        ExportJob.objects.filter(pk=job_id).update(
            status=JobStatus.FAILED, error=message, finished_at=timezone.now())
        return
    ExportJob.objects.filter(pk=job_id, status=JobStatus.RUNNING).update(
        status=JobStatus.DONE, content=content, size=len(content), filename=filename,
        content_type=kind.content_type, finished_at=timezone.now(), error="",
        done=F("total"))


# --- Keeping jobs honest -----------------------------------------------------------------

# A running job beats every HEARTBEAT_EVERY seconds and a sent one is taken
# by an idle worker at once: this long without either, its asker is told
# why the page does not move (the upkeep acts only after
# EXPORTS_STALE_SECONDS, and runs once a minute).
SILENT_SECONDS = 15


def delay_note(job: ExportJob, now: datetime.datetime | None = None) -> str:
    """Why a job that should be moving is not, for its asker; "" if it is."""
    now = now or timezone.now()
    silent = datetime.timedelta(seconds=SILENT_SECONDS)
    within = {"minutes": math.ceil(
        (settings.EXPORTS_STALE_SECONDS + settings.EXPORTS_UPKEEP_SECONDS) / 60)}
    if job.status == JobStatus.RUNNING and job.heartbeat_at and now - job.heartbeat_at > silent:
        return _("No sign of the export for %(seconds)s seconds. If the export service "
                 "stopped, the export starts again by itself within %(minutes)s minutes.") % {
            "seconds": int((now - job.heartbeat_at).total_seconds()), **within}
    if job.status == JobStatus.QUEUED and job.sent_at and now - job.sent_at > silent:
        return _("The export service is busy or not running; the export waits its turn. "
                 "If it was lost, it is sent again by itself within %(minutes)s minutes.") % within
    return ""


@dataclass(frozen=True)
class Maintenance:
    restarted: int
    failed: int
    resent: int
    deleted: int


def maintain(now: datetime.datetime | None = None) -> Maintenance:
    """Run again (or fail, after EXPORTS_MAX_ATTEMPTS) the jobs whose worker
    stopped beating; send again what the broker refused or lost; delete
    expired jobs and their files."""
    now = now or timezone.now()
    stale = now - datetime.timedelta(seconds=settings.EXPORTS_STALE_SECONDS)
    restarted = failed = resent = 0
    for job in ExportJob.objects.filter(status=JobStatus.RUNNING, heartbeat_at__lt=stale):
        if job.attempts >= settings.EXPORTS_MAX_ATTEMPTS:
            failed += ExportJob.objects.filter(pk=job.pk, status=JobStatus.RUNNING).update(
                status=JobStatus.FAILED, finished_at=now,
                error=_("The export was interrupted %(count)s times and has stopped. "
                        "Try again later.") % {"count": job.attempts})
        elif ExportJob.objects.filter(pk=job.pk, status=JobStatus.RUNNING,
                                      heartbeat_at__lt=stale).update(
                status=JobStatus.QUEUED, sent_at=None,
                error=_("The export was interrupted; it starts again.")):
            restarted += 1
            send(job.pk)
    unsent = ExportJob.objects.filter(status=JobStatus.QUEUED, sent_at__isnull=True,
                                      created_at__lt=now - datetime.timedelta(seconds=5))
    for job_id in list(unsent.values_list("pk", flat=True)):
        resent += send(job_id)
    # Sent, but never started: the broker lost the message (Redis restarted
    # without its data, a queue purged). A queue that is merely long gets a
    # second message per job, which `_start` ignores once the job has run.
    lost = ExportJob.objects.filter(status=JobStatus.QUEUED, sent_at__lt=stale)
    for job_id, sent_at in list(lost.values_list("pk", "sent_at")):
        if ExportJob.objects.filter(pk=job_id, status=JobStatus.QUEUED,
                                    sent_at=sent_at).update(sent_at=None):
            resent += send(job_id)
    deleted, _by_model = ExportJob.objects.filter(expires_at__lt=now).delete()
    return Maintenance(restarted=restarted, failed=failed, resent=resent, deleted=deleted)


def retry(job: ExportJob, user: Any, session_key: str = "") -> ExportJob:
    """A failed job asked for again: a new job with the same request."""
    kind = registry.get(job.kind)
    assert kind is not None
    subject = _subject_of(job, kind)
    return request_export(kind_name=job.kind, object_id=subject.pk, user=user,
                          session_key=session_key, language=job.language, options=job.options,
                          base_url=job.options.get("base_url", ""))
