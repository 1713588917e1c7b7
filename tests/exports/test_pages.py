"""The exports from the pages a user has: the standings page (anyone), the
event and round pages (organisers), with the real renderers run as jobs
(eagerly: no broker in these tests) and every file read back."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from exports.models import ExportJob, JobStatus
from tests.exports.pdf_support import pages, played_tournament
from tests.exports.sample import csv_rows

pytestmark = pytest.mark.django_db


def _organiser(played: Any, django_user_model: type[User]) -> Client:
    user = django_user_model.objects.create_user("org")
    played.club.organisers.add(user)
    client = Client()
    client.force_login(user)
    return client


def _export(client: Client, kind: str, object_id: int, capture: Any, **options: Any) -> Any:
    with capture(execute=True):
        response = client.post(f"/en/exports/{kind}/", {"object_id": object_id, **options})
    assert response.status_code == 302, response.content[:500]
    job = ExportJob.objects.order_by("-pk").first()
    assert job is not None and job.status == JobStatus.DONE, job and job.error
    download = client.get(f"/en/exports/job/{job.token}/download/")
    assert download.status_code == 200
    return job, b"".join(download.streaming_content)


def test_anyone_downloads_the_standings_pdf_from_the_standings_page(
        client: Client, django_capture_on_commit_callbacks: Any) -> None:
    played = played_tournament()
    page = client.get(f"/en/events/{played.event.pk}/standings/").content.decode()
    assert 'action="/en/exports/standings_pdf/"' in page
    assert 'action="/en/exports/standings_xlsx/"' in page
    job, pdf = _export(client, "standings_pdf", played.event.pk,
                       django_capture_on_commit_callbacks)
    assert job.filename.endswith(".pdf") and job.requested_by is None
    text = "\n".join(pages(pdf))
    assert "Désirée Heemskerk" in text and "31415" in text


def test_the_organiser_exports_cards_for_a_round_with_its_score_entry_links(
        django_user_model: type[User], django_capture_on_commit_callbacks: Any) -> None:
    played = played_tournament()
    organiser = _organiser(played, django_user_model)
    round_ = played.event.rounds.order_by("number").first()
    assert round_ is not None
    page = organiser.get(f"/en/rounds/{round_.pk}/").content.decode()
    assert 'action="/en/exports/table_cards_pdf/"' in page
    _job, pdf = _export(organiser, "table_cards_pdf", round_.pk,
                        django_capture_on_commit_callbacks)
    table = round_.tables.order_by("number").first()
    assert table is not None
    assert f"http://testserver/en/tables/{table.pk}/score/" in "\n".join(pages(pdf))


def test_the_bond_export_waits_for_the_finished_event(
        django_user_model: type[User], django_capture_on_commit_callbacks: Any) -> None:
    played = played_tournament(finish=False)
    organiser = _organiser(played, django_user_model)
    page = organiser.get(f"/en/events/{played.event.pk}/").content.decode()
    assert "These can be made once the event is finished" in page
    response = organiser.post("/en/exports/bond_csv/", {"object_id": played.event.pk})
    assert response.status_code == 400
    assert "finished" in response.content.decode()
    assert not ExportJob.objects.exists()


def test_the_event_page_lists_players_without_a_member_number_before_the_bond_export(
        django_user_model: type[User], django_capture_on_commit_callbacks: Any) -> None:
    played = played_tournament()
    organiser = _organiser(played, django_user_model)
    page = organiser.get(f"/en/events/{played.event.pk}/").content.decode()
    assert "players have no NMB member number:" in page
    assert "Lotte Gast" in page and "Cor Smit" in page
    assert 'action="/en/exports/bond_csv/"' in page
    _job, data = _export(organiser, "bond_csv", played.event.pk,
                         django_capture_on_commit_callbacks)
    rows = csv_rows(data)
    assert any("Heemskerk" in row for row in rows)


def test_a_member_exports_their_own_season(
        django_user_model: type[User], django_capture_on_commit_callbacks: Any) -> None:
    played = played_tournament()
    member = played.players[0].member
    assert member is not None
    member.user = django_user_model.objects.create_user("desiree")
    member.save()
    client = Client()
    client.force_login(member.user)
    page = client.get("/en/events/mine/").content.decode()
    assert 'action="/en/exports/season_sheet_pdf/"' in page
    _job, pdf = _export(client, "season_sheet_pdf", member.pk,
                        django_capture_on_commit_callbacks, year="2030")
    assert "Désirée Heemskerk" in "\n".join(pages(pdf))
    # Another member's season is not theirs to export.
    other = played.players[2].member
    assert other is not None
    assert client.post("/en/exports/season_sheet_pdf/",
                       {"object_id": other.pk, "year": "2030"}).status_code == 404


def test_blank_and_filled_score_sheets_are_two_exports_of_a_round(
        django_user_model: type[User], django_capture_on_commit_callbacks: Any) -> None:
    played = played_tournament()
    organiser = _organiser(played, django_user_model)
    round_ = played.event.rounds.order_by("number").first()
    assert round_ is not None
    _job, blank = _export(organiser, "blank_score_sheets_pdf", round_.pk,
                          django_capture_on_commit_callbacks)
    _job, filled = _export(organiser, "score_sheets_pdf", round_.pk,
                           django_capture_on_commit_callbacks)
    assert "Filled score sheets" not in "\n".join(pages(blank))
    assert "Filled score sheets" in "\n".join(pages(filled))
