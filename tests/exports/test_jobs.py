"""Export jobs (exports.services, exports.views): asked for, run (eagerly
here: no broker), followed, downloaded by whoever asked only, run again when
a worker died, failed when it keeps dying, and deleted when expired."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation

from config.celery import app
from exports import services
from exports.models import ExportJob, JobStatus
from exports.registry import KINDS
from tests.exports.conftest import ask
from tournaments.models import Event, EventStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_kinds")]


def _job() -> ExportJob:
    return ExportJob.objects.get()


def test_an_export_runs_and_its_asker_downloads_it(
        organiser_client: Client, event: Event, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = ask(organiser_client, "test_text", event.pk, after_round="2")
    job = _job()
    assert response.status_code == 302 and response["Location"] == f"/en/exports/job/{job.token}/"
    assert job.status == JobStatus.DONE and (job.done, job.total) == (3, 3)
    assert job.attempts == 1 and job.sent_at is not None
    page = organiser_client.get(response["Location"]).content.decode()
    assert "Your file is ready." in page and "hx-get" not in page
    download = organiser_client.get(f"/en/exports/job/{job.token}/download/")
    assert download.status_code == 200
    assert download["Content-Type"] == "text/csv; charset=utf-8"
    assert 'attachment; filename="test-text-clubavond-januari.csv"' == download[
        "Content-Disposition"]
    assert b"".join(download.streaming_content) == b"Clubavond januari;en;[('after_round', 2)]"


def test_progress_reads_page_n_of_m_while_running(organiser_client: Client,
                                                  event: Event) -> None:
    ask(organiser_client, "test_text", event.pk)  # not committed: not sent
    ExportJob.objects.update(status=JobStatus.RUNNING, done=3, total=12,
                             heartbeat_at=timezone.now())
    fragment = organiser_client.get(f"/en/exports/job/{_job().token}/progress/").content.decode()
    assert "page 3 of 12" in fragment and 'hx-trigger="every 1s"' in fragment


def test_only_who_asked_sees_the_job(organiser_client: Client, member_client: Client,
                                     event: Event) -> None:
    ask(organiser_client, "test_text", event.pk)
    token = _job().token
    for other in (member_client, Client()):
        for path in ("", "progress/", "download/"):
            assert other.get(f"/en/exports/job/{token}/{path}").status_code == 404
    assert organiser_client.get("/en/exports/job/not-the-token/").status_code == 404


def test_an_anonymous_visitor_keeps_their_job_by_session(
        client: Client, event: Event, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = ask(client, "test_text", event.pk)
    assert response.status_code == 302
    job = _job()
    assert job.requested_by is None and job.session_key
    assert client.get(f"/en/exports/job/{job.token}/download/").status_code == 200
    assert Client().get(f"/en/exports/job/{job.token}/download/").status_code == 404


def test_a_draft_event_is_not_exported_for_outsiders(client: Client, event: Event) -> None:
    event.status = EventStatus.DRAFT
    event.save()
    assert ask(client, "test_text", event.pk).status_code == 404
    assert not ExportJob.objects.exists()


def test_bad_options_are_refused_with_the_field(organiser_client: Client, event: Event) -> None:
    response = ask(organiser_client, "test_text", event.pk, after_round="two")
    assert response.status_code == 400
    assert "after_round must be a whole number, not two." in response.content.decode()
    assert not ExportJob.objects.exists()


def test_a_failing_export_is_reported_and_can_be_asked_again(
        organiser_client: Client, event: Event, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        ask(organiser_client, "test_failing", event.pk)
    job = _job()
    assert job.status == JobStatus.FAILED and "The export failed." in job.error
    page = organiser_client.get(f"/en/exports/job/{job.token}/").content.decode()
    assert "Try again" in page
    with django_capture_on_commit_callbacks(execute=True):
        again = organiser_client.post(f"/en/exports/job/{job.token}/retry/")
    assert again.status_code == 302 and ExportJob.objects.count() == 2


def _running(event: Event, organiser: Any, *, attempts: int, beat_ago: int) -> ExportJob:
    return ExportJob.objects.create(
        kind="test_text", event=event, requested_by=organiser, status=JobStatus.RUNNING,
        attempts=attempts, sent_at=timezone.now(),
        heartbeat_at=timezone.now() - datetime.timedelta(seconds=beat_ago),
        expires_at=timezone.now() + datetime.timedelta(hours=1))


def test_a_job_whose_worker_died_runs_again(event: Event, organiser: Any, settings: Any) -> None:
    settings.EXPORTS_STALE_SECONDS = 60
    dead = _running(event, organiser, attempts=1, beat_ago=61)
    alive = _running(event, organiser, attempts=1, beat_ago=10)
    result = services.maintain()
    assert result.restarted == 1
    dead.refresh_from_db()
    alive.refresh_from_db()
    # No broker here: sent again means run again, at once.
    assert dead.status == JobStatus.DONE and dead.attempts == 2
    assert alive.status == JobStatus.RUNNING


def test_a_job_that_keeps_dying_fails_with_a_message(event: Event, organiser: Any,
                                                     settings: Any) -> None:
    settings.EXPORTS_MAX_ATTEMPTS = 3
    job = _running(event, organiser, attempts=3, beat_ago=10_000)
    assert services.maintain().failed == 1
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    # The upkeep runs outside any request: in the site's language (Dutch).
    assert job.error == ("De export is 3 keer onderbroken en gestopt. "
                         "Probeer het later opnieuw.")


def test_expired_jobs_are_deleted(event: Event, organiser: Any) -> None:
    job = _running(event, organiser, attempts=1, beat_ago=0)
    ExportJob.objects.filter(pk=job.pk).update(
        expires_at=timezone.now() - datetime.timedelta(seconds=1))
    assert services.maintain().deleted == 1
    assert not ExportJob.objects.exists()


def test_with_the_broker_down_the_job_waits_and_says_so(
        organiser_client: Client, event: Event, django_capture_on_commit_callbacks: Any) -> None:
    # A broker nobody listens on: the send fails at once, the request does not.
    saved = {key: app.conf[key] for key in ("task_always_eager", "broker_url",
                                            "task_publish_retry")}
    app.conf.update(task_always_eager=False, broker_url="redis://127.0.0.1:9/0",
                    task_publish_retry=False)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = ask(organiser_client, "test_text", event.pk)
        assert response.status_code == 302
        job = _job()
        assert job.status == JobStatus.QUEUED and job.sent_at is None
        page = organiser_client.get(response["Location"]).content.decode()
        assert "The export service is not available right now" in page
    finally:
        app.conf.update(saved)
    # Back: the upkeep sends it (and, eagerly here, runs it).
    ExportJob.objects.update(created_at=timezone.now() - datetime.timedelta(minutes=1))
    assert services.maintain().resent == 1
    assert _job().status == JobStatus.DONE


def test_a_job_whose_message_the_broker_lost_is_sent_again(
        event: Event, organiser: Any, settings: Any) -> None:
    # Sent, then never taken by a worker: Redis restarted without its data.
    settings.EXPORTS_STALE_SECONDS = 60
    lost = ExportJob.objects.create(
        kind="test_text", event=event, requested_by=organiser,
        sent_at=timezone.now() - datetime.timedelta(seconds=61),
        expires_at=timezone.now() + datetime.timedelta(hours=1))
    waiting = ExportJob.objects.create(
        kind="test_text", event=event, requested_by=organiser,
        sent_at=timezone.now() - datetime.timedelta(seconds=30),
        expires_at=timezone.now() + datetime.timedelta(hours=1))
    assert services.maintain().resent == 1
    lost.refresh_from_db()
    waiting.refresh_from_db()
    # No broker here: sent again means run, at once.
    assert lost.status == JobStatus.DONE and lost.attempts == 1
    assert waiting.status == JobStatus.QUEUED


def test_a_second_message_of_a_job_that_ran_does_nothing(event: Event, organiser: Any) -> None:
    job = ExportJob.objects.create(kind="test_text", event=event, requested_by=organiser,
                                   expires_at=timezone.now() + datetime.timedelta(hours=1))
    services.run_job(job.pk)
    services.run_job(job.pk)  # the message sent again while the first was only late
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.attempts == 1


def test_the_asker_is_told_when_a_job_stops_moving(
        organiser_client: Client, event: Event, organiser: Any, settings: Any) -> None:
    settings.EXPORTS_STALE_SECONDS = 120
    job = _running(event, organiser, attempts=1, beat_ago=2)
    progress = f"/en/exports/job/{job.token}/progress/"
    assert "No sign of the export" not in organiser_client.get(progress).content.decode()
    ExportJob.objects.filter(pk=job.pk).update(
        heartbeat_at=timezone.now() - datetime.timedelta(seconds=40))
    page = organiser_client.get(progress).content.decode()
    assert ("No sign of the export for 40 seconds. If the export service stopped, the export "
            "starts again by itself within 3 minutes.") in page
    # Sent, and no worker has taken it for a while.
    ExportJob.objects.filter(pk=job.pk).update(
        status=JobStatus.QUEUED, sent_at=timezone.now() - datetime.timedelta(seconds=40))
    page = organiser_client.get(progress).content.decode()
    assert "The export service is busy or not running" in page


def test_beat_runs_the_upkeep_every_minute() -> None:
    from django.conf import settings

    import exports.tasks  # noqa: F401 (registers the tasks)

    entry = settings.CELERY_BEAT_SCHEDULE["exports-maintenance"]
    assert entry["schedule"] == 60.0 and entry["task"] in app.tasks


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_files_name_says_its_format_once(language: str) -> None:
    """"Standings (PDF)" is saved as standings-<event>.pdf: the extension
    gives the format, the name does not repeat it (standings-pdf-....pdf)."""
    with translation.override(language):
        names = {kind.name: kind.filename("Voorjaarstoernooi 2026") for kind in KINDS.values()}
    for name in names.values():
        stem, extension = name.rsplit(".", 1)
        assert stem.endswith("-voorjaarstoernooi-2026")
        assert not any(part in stem.split("-") for part in ("pdf", "excel", "csv")), name
    assert len(set(names.values())) == len(names)
    if language == "en":
        assert names["standings_pdf"] == "standings-voorjaarstoernooi-2026.pdf"
        assert names["bond_csv"] == "results-for-the-nmb-voorjaarstoernooi-2026.csv"
