"""An export in one step (issue 15, item 14): a file that is ready within a
second is downloaded straight from the button; a slower one downloads by
itself once its page sees it finished, the link staying as a fallback."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.test import Client

from exports import services, views
from exports.models import ExportJob, JobStatus
from tests.exports.conftest import ask
from tests.exports.pdf_support import played_tournament


def _download_url(job: ExportJob) -> str:
    return f"/en/exports/job/{job.token}/download/"


def _job_url(job: ExportJob) -> str:
    return f"/en/exports/job/{job.token}/"


@pytest.mark.django_db(transaction=True)
def test_a_fast_export_goes_straight_to_the_file(client: Client) -> None:
    # No transaction around the request (as on the site): the job is sent
    # and, without a broker, made at once.
    played = played_tournament()
    response = ask(client, "standings_pdf", played.event.pk)
    job = ExportJob.objects.get()
    assert job.status == JobStatus.DONE
    assert response.status_code == 302 and response["Location"] == _download_url(job)
    download = client.get(response["Location"])
    assert download.status_code == 200
    assert b"".join(download.streaming_content).startswith(b"%PDF-")


@pytest.mark.django_db(transaction=True)
def test_a_slow_export_shows_its_page_after_a_second(
        client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    played = played_tournament()
    monkeypatch.setattr(services, "send", lambda job_id: True)  # a busy worker
    monkeypatch.setattr(views, "WAIT_FOR_FAST_EXPORT", 0.3)
    started = time.monotonic()
    response = ask(client, "standings_pdf", played.event.pk)
    waited = time.monotonic() - started
    job = ExportJob.objects.get()
    assert job.status == JobStatus.QUEUED
    assert response["Location"] == _job_url(job)
    assert 0.3 <= waited < 2


@pytest.mark.django_db
def test_the_same_ask_again_gets_the_ready_file(
        client: Client, django_capture_on_commit_callbacks: Any) -> None:
    played = played_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        first = ask(client, "standings_pdf", played.event.pk)
    job = ExportJob.objects.get()
    # Inside the test's transaction the job is sent only on commit: its page.
    assert first["Location"] == _job_url(job)
    again = ask(client, "standings_pdf", played.event.pk)
    assert ExportJob.objects.count() == 1
    assert again["Location"] == _download_url(job)


@pytest.mark.django_db
def test_the_poll_that_sees_the_file_ready_starts_the_download(
        client: Client, django_capture_on_commit_callbacks: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    played = played_tournament()
    monkeypatch.setattr(services, "send", lambda job_id: True)
    with django_capture_on_commit_callbacks(execute=True):
        ask(client, "standings_pdf", played.event.pk)
    job = ExportJob.objects.get()
    page = client.get(_job_url(job)).content.decode()
    assert "js/export-download.js" in page and "js/htmx.min.js" in page
    services.run_job(job.pk)
    progress = client.get(f"/en/exports/job/{job.token}/progress/").content.decode()
    assert "data-auto-download" in progress and _download_url(job) in progress
    assert "downloads by itself" in progress
    # Coming back to the page of a finished job downloads nothing by itself.
    page = client.get(_job_url(job)).content.decode()
    assert "data-auto-download" not in page and _download_url(job) in page
