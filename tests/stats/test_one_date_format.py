"""One date format (issue 15, item 14): a two-day tournament was dated
16-10-2026 in the statistics (its first day, short) and 17 oktober 2026 in
the ranking (its last day). Every page now gives the event's days in the
site's DATE_FORMAT: "1–2 maart 2031"."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils import translation

from common.dates import dates_text
from stats import services
from tests.stats.conftest import World
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_dates_text() -> None:
    with translation.override("nl"):
        assert dates_text(datetime.date(2026, 10, 16)) == "16 oktober 2026"
        assert dates_text(datetime.date(2026, 10, 16), 2) == "16–17 oktober 2026"
        assert dates_text(datetime.date(2026, 10, 31), 2) == "31 oktober – 1 november 2026"
        assert dates_text(datetime.date(2026, 12, 31), 2) == (
            "31 december 2026 – 1 januari 2027")


def test_statistics_pages_date_the_event_as_its_other_pages(world: World,
                                                            client: Client) -> None:
    event = Event.objects.get(title="Voorjaarstoernooi")
    event.days = 2
    event.save()
    services.recompute_all()
    for url in ("/players/nmb-1001/statistics/", f"/events/{event.pk}/statistics/",
                f"/events/{event.pk}/standings/"):
        html = client.get(url).content.decode()
        assert "1–2 maart 2031" in html, url
        assert "01-03-2031" not in html and "02-03-2031" not in html, url
