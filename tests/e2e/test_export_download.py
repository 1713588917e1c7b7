"""Exports in one step, in a real browser (issue 15, item 14): a file ready
at once downloads straight from the button and the reader stays on the
page; a slow one downloads by itself when its page sees it finished."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from exports import services, views
from exports.models import ExportJob, JobStatus
from tests.exports.pdf_support import played_tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 900}, accept_downloads=True)
    yield context.new_page()
    context.close()


def test_a_ready_file_downloads_from_the_button(page: Any, live_server: Any,
                                                artifacts: Path) -> None:
    played = played_tournament()
    standings = f"{live_server.url}/events/{played.event.pk}/standings/"
    page.goto(standings)
    with page.expect_download() as download:
        page.click("form[action='/exports/standings_pdf/'] button")
    assert download.value.suggested_filename.endswith(".pdf")
    assert ExportJob.objects.get().status == JobStatus.DONE
    assert page.url == standings  # no job page in between


def test_a_slow_file_downloads_by_itself_when_ready(page: Any, live_server: Any,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    artifacts: Path) -> None:
    played = played_tournament()
    monkeypatch.setattr(services, "send", lambda job_id: True)  # a busy worker
    monkeypatch.setattr(views, "WAIT_FOR_FAST_EXPORT", 0.2)
    page.goto(f"{live_server.url}/events/{played.event.pk}/standings/")
    page.click("form[action='/exports/standings_pdf/'] button")
    page.wait_for_url("**/exports/job/*/")
    job = ExportJob.objects.get()
    assert job.status == JobStatus.QUEUED
    page.screenshot(path=str(artifacts / "export-waiting-390.png"))
    with page.expect_download(timeout=10_000) as download:
        services.run_job(job.pk)  # the worker gets to it
    assert download.value.suggested_filename == ExportJob.objects.get().filename
    # The link stays, for a browser that blocked the download.
    link = page.locator(f"a[href='/exports/job/{job.token}/download/']")
    assert link.is_visible()
    page.screenshot(path=str(artifacts / "export-ready-390.png"))
