"""Names with HTML and script in them (members, guests, events, clubs) are
shown as text on every page, in the JSON the score-entry page reads, in the
charts, and in every export; names that start like a formula stay text in
spreadsheets."""

from __future__ import annotations

import csv
import datetime
import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone, translation
from openpyxl import load_workbook

from exports import registry
from exports.models import ExportJob, JobStatus
from stats import charts
from tests.exports.pdf_support import pages as pdf_pages
from tests.pages.test_permission_matrix import FIXED, MATRIX, _arguments
from tests.security.hostile import (
    CLUB,
    EVENT,
    FIRST,
    FORMULA_TRIGGERS,
    GUEST,
    GUEST_CLUB,
    LAST,
    RAW,
    SHOWN,
    Hostile,
    build,
)
from tests.security.test_headers import inline_code
from tests.support.db import built_once_per_module, fresh_copy
from tournaments.models import Event, Penalty

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english() -> Any:
    with translation.override("en"):
        yield


def build_with_its_organiser() -> Hostile:
    organiser = User.objects.create_user("alice", password="password", is_staff=True)
    with override_settings(RANKING_MIN_RESULTS=1):  # one tournament is enough to be ranked
        return build(organiser)


_built_hostile = built_once_per_module(build_with_its_organiser)


@pytest.fixture
def hostile(db: None, _built_hostile: Hostile, settings: Any) -> Hostile:
    settings.RANKING_MIN_RESULTS = 1  # one tournament is enough to be ranked
    return fresh_copy(_built_hostile)


def page_arguments(hostile: Hostile, name: str) -> dict[str, Any]:
    job = ExportJob.objects.create(
        kind="standings_pdf", event=hostile.running, requested_by=hostile.organiser,
        status=JobStatus.DONE, content=b"%PDF-", size=5, filename="standings.pdf",
        content_type="application/pdf", expires_at=timezone.now() + datetime.timedelta(hours=1))
    # A penalty with a hostile reason, for the penalties pages.
    penalty = Penalty.objects.create(
        event=hostile.running, round=hostile.round, registration=hostile.registration,
        points=10, reason=FIRST[:200], recorded_by=hostile.organiser)
    available = {
        "slug": hostile.club.slug, "member_id": hostile.members[0].pk, "year": 2031,
        "event_id": hostile.running.pk, "registration_id": hostile.registration.pk,
        "round_id": hostile.round.pk, "table_id": hostile.table.pk, "number": 1,
        "kind": "standings_pdf", "token": job.token, "object_id": hostile.running.pk,
        "penalty_id": penalty.pk,
    }
    kwargs = {key: available[key] for key in _arguments(name) if key in available}
    kwargs.update(FIXED.get(name, {}))
    if name == "exports:ema_check":
        kwargs = {key: hostile.finished.pk for key in kwargs}
        as_mcr(hostile.finished)
    kwargs.update({
        "stats:player": {"key": "nmb-9000"},
        "rankings:player": {"ruleset": "nts", "key": "nmb-9000"},
        "password_reset_confirm": {"uidb64": "MQ", "token": "x"},
    }.get(name, {}))
    return kwargs


# Pages that must show the hostile names (escaped), not merely not break.
SHOWING = {
    "clubs:list", "clubs:detail", "clubs:member_edit", "tournaments:season",
    "tournaments:season_year", "tournaments:all_time", "tournaments:list", "tournaments:detail",
    "tournaments:edit",
    "tournaments:standings", "tournaments:standings_live", "tournaments:round_results",
    "tournaments:player", "tournaments:round", "tournaments:table", "tournaments:table_cards",
    "tournaments:score_entry", "tournaments:penalties", "tournaments:penalty_correct",
    "tournaments:penalty_remove", "stats:player", "stats:club", "stats:event", "rankings:index",
    "rankings:ruleset", "rankings:player", "exports:job", "tournaments:my_events",
}


def test_every_page_shows_the_names_as_text(hostile: Hostile) -> None:
    organiser = Client()
    organiser.force_login(hostile.organiser)
    member = Client()
    assert hostile.members[0].user is not None
    member.force_login(hostile.members[0].user)
    rows = sorted({row.name for row in MATRIX if row.method == "GET" and not row.variant})
    shown_on = set()
    for name in rows:
        client = member if name == "tournaments:my_events" else organiser
        url = reverse(name, kwargs=page_arguments(hostile, name) or None)
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        content_type = response["Content-Type"]
        if not content_type.startswith("text/html"):
            # JSON (read by the score-entry script into textContent), the service
            # worker, the download: never HTML, never sniffed as HTML.
            assert content_type.split(";")[0] in (
                "application/json", "text/javascript", "application/pdf"), (url, content_type)
            assert response["X-Content-Type-Options"] == "nosniff"
            continue
        page = response.content.decode()
        for raw in RAW:
            assert raw not in page, f"{url}: {raw!r} unescaped"
        assert not inline_code(page), url
        if SHOWN in page:
            shown_on.add(name)
    assert SHOWING <= shown_on, f"the names are missing on {sorted(SHOWING - shown_on)}"


def test_the_public_pages_for_anonymous_visitors(hostile: Hostile, client: Client) -> None:
    for url in (reverse("tournaments:standings", args=[hostile.running.pk]),
                reverse("tournaments:standings", args=[hostile.finished.pk]) + "?club=x",
                reverse("tournaments:season", args=[hostile.club.slug]),
                reverse("stats:event", args=[hostile.running.pk]),
                reverse("rankings:index") + "?q=script"):
        page = client.get(url).content.decode()
        assert SHOWN in page, url
        for raw in RAW:
            assert raw not in page, f"{url}: {raw!r} unescaped"


def test_the_standings_filter_lists_the_clubs_as_text(hostile: Hostile, client: Client) -> None:
    url = reverse("tournaments:standings", args=[hostile.running.pk])
    page = client.get(url).content.decode()
    assert "&lt;/td&gt;&lt;script&gt;alert(&#x27;gclub&#x27;)" in page
    filtered = client.get(url, {"club": GUEST_CLUB})
    assert filtered.status_code == 200
    assert "</td><script>" not in filtered.content.decode()


def test_the_score_entry_api_returns_the_names_as_json_data(hostile: Hostile) -> None:
    client = Client()
    client.force_login(hostile.organiser)
    response = client.get(reverse("tournaments:api_table", args=[hostile.table.pk]))
    assert response["Content-Type"] == "application/json"
    names = str(response.json())
    assert "alert(" in names


# --- Charts --------------------------------------------------------------------------------


def test_the_charts_escape_their_labels() -> None:
    label = f"{FIRST} {LAST}"
    svg = charts.bar_chart([(label, 3), (GUEST, 2)], chart_id=f"x{CLUB}", title=CLUB,
                           desc=EVENT)
    svg += charts.line_chart([(1, 2), (2, 5)], chart_id=label, title=label, desc=GUEST_CLUB,
                             x_ticks=[(1, EVENT), (2, GUEST)], point_labels=[CLUB, label])
    for raw in RAW:
        assert raw not in svg
    assert "&lt;script&gt;" in svg
    assert not inline_code(svg)


# --- Exports -------------------------------------------------------------------------------


def as_mcr(event: Event) -> None:
    """The EMA takes only MCR and Riichi results (issue 17): the finished
    event's table results, read as an MCR event's, for its EMA pages and files."""
    Event.objects.filter(pk=event.pk).update(ruleset="mcr")


def export(hostile: Hostile, kind: registry.ExportKind,
           capture: Any) -> bytes:
    client = Client()
    client.force_login(hostile.organiser)
    options: dict[str, Any] = {}
    if kind.name.startswith("ema_"):
        as_mcr(hostile.finished)
        options["export_anyway"] = "on"  # the hostile members have no EMA number
    if kind.scope == registry.EVENT:
        subject = hostile.finished.pk
    elif kind.scope == registry.ROUND:
        subject = hostile.closed.pk
    elif kind.scope == registry.CLUB:
        subject = hostile.club.pk
    else:
        subject = hostile.members[0].pk
    with capture(execute=True):
        response = client.post(reverse("exports:ask", args=[kind.name]),
                               {"object_id": subject, "year": 2031, **options})
    assert response.status_code == 302, response.content.decode()[:2000]
    job = ExportJob.objects.get(token=response["Location"].rstrip("/").split("/")[-1])
    assert job.status == JobStatus.DONE, job.error
    assert job.content is not None
    return bytes(job.content)


KINDS = list(registry.KINDS.values())
NAME_PARTS = ("alert('first')", "alert('guest')", "alert('event')", "alert('club')")


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_export_keeps_the_names_as_text(
        kind: registry.ExportKind, hostile: Hostile,
        django_capture_on_commit_callbacks: Any) -> None:
    content = export(hostile, kind, django_capture_on_commit_callbacks)
    if kind.extension == "pdf":
        text = "\n".join(pdf_pages(content))
        # Shown literally: reportlab's markup is escaped, nothing is a tag.
        assert "<script>alert('first')</script>" in text or "alert('first')" in text \
            or kind.name == "blank_score_sheets_pdf" and "alert('event')" in text, text[:500]
        assert "alert(" in text
    elif kind.extension == "xlsx":
        texts = check_workbook(content)
        assert any(part in text for text in texts for part in NAME_PARTS), texts[:20]
    else:
        texts = check_csv(content)
        assert any(part in text for text in texts for part in NAME_PARTS), texts[:20]


def check_workbook(content: bytes) -> list[str]:
    """Every text of the workbook; no cell is a formula, and every text that
    starts like one is a string cell with the quote prefix."""
    workbook = load_workbook(io.BytesIO(content))
    texts = []
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"{sheet.title}!{cell.coordinate}: {cell.value!r}"
                if isinstance(cell.value, str):
                    texts.append(cell.value)
                    if cell.value.startswith(FORMULA_TRIGGERS):
                        assert cell.data_type == "s" and cell.quotePrefix, (
                            f"{sheet.title}!{cell.coordinate}: {cell.value!r}")
    return texts


def check_csv(content: bytes) -> list[str]:
    """Every field of the CSV file; none starts like a formula (the app puts
    a single quote before such a text)."""
    text = content.decode("utf-8-sig")
    dialect = csv.Sniffer().sniff(text.splitlines()[0], delimiters=";,")
    fields = [field for row in csv.reader(io.StringIO(text), dialect) for field in row]
    for field in fields:
        if field and not _is_number(field):
            assert not field.startswith(FORMULA_TRIGGERS), field
    return fields


def _is_number(text: str) -> bool:
    try:
        float(text.replace(",", "."))
    except ValueError:
        return False
    return True
