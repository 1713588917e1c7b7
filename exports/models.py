"""An export job: one file asked for by a user, made in the background.

The file itself is kept in the database (`content`), not on a server's disk:
any app process on any host can serve the download, and the periodic
cleanup deletes it with its row. A job is found by its `token` (random, 43
characters), which is the whole download link: links cannot be guessed, and
the download view still checks that the user may see the job's event.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Member
from tournaments.models import Event, Round


def new_token() -> str:
    return secrets.token_urlsafe(32)


class JobStatus(models.TextChoices):
    QUEUED = "queued", _("waiting")
    RUNNING = "running", _("in progress")
    DONE = "done", _("ready")
    FAILED = "failed", _("failed")


class ExportJob(models.Model):
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    kind = models.CharField(_("export"), max_length=40)
    language = models.CharField(max_length=8, default="nl")
    # What the export is of; the view checks the user's rights on it.
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="export_jobs")
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="export_jobs")
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="export_jobs")
    member = models.ForeignKey(Member, null=True, blank=True, on_delete=models.CASCADE,
                               related_name="export_jobs")
    options = models.JSONField(default=dict, blank=True)
    # Who asked: a user, or an anonymous visitor's session (public standings).
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.CASCADE, related_name="export_jobs")
    session_key = models.CharField(max_length=40, blank=True)

    status = models.CharField(max_length=10, choices=JobStatus.choices,
                              default=JobStatus.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    # Set while the job runs, at every step: a job whose heartbeat stops (a
    # killed worker) is found by the periodic check and run again or failed.
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    # Set once the broker accepted the job; a job without it was never sent
    # (the broker was down) and is sent again by the periodic check.
    sent_at = models.DateTimeField(null=True, blank=True)

    filename = models.CharField(max_length=200, blank=True)
    content_type = models.CharField(max_length=100, blank=True)
    content = models.BinaryField(null=True, blank=True, editable=False)
    size = models.PositiveIntegerField(default=0)

    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("export")
        verbose_name_plural = _("exports")
        indexes = [models.Index(fields=["status", "heartbeat_at"]),
                   models.Index(fields=["expires_at"])]
        constraints = [
            models.CheckConstraint(condition=Q(done__lte=models.F("total")) | Q(total=0),
                                   name="export_progress_within_total"),
            models.CheckConstraint(
                condition=~Q(status=JobStatus.DONE) | Q(content__isnull=False),
                name="export_done_has_content"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} ({self.get_status_display()})"
