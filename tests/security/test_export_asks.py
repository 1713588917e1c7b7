"""Absurd export asks (issue 13, finding 4): an object id or option that is
no plain number, or one larger than any database holds, is refused with a
404 or a message, never a 500 or a job that cannot run."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from exports.models import ExportJob
from tests.exports.conftest import test_kinds  # noqa: F401 (fixture)
from tournaments.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_kinds")]


@pytest.fixture(autouse=True)
def _english() -> Any:
    with translation.override("en"):
        yield


@pytest.mark.parametrize("object_id", ["²", "١", "１", "99999999999999999999", "-1", "1e3", ""])
def test_an_object_id_that_is_no_plain_number_is_not_found(
        event: Event, object_id: str) -> None:
    response = Client().post("/en/exports/standings_pdf/", {"object_id": object_id})
    assert response.status_code == 404
    assert not ExportJob.objects.exists()


@pytest.mark.parametrize(("value", "message"), [
    ("²", "after_round must be a whole number, not ²."),
    ("x" * 5000, "after_round must be a whole number, not " + "x" * 19 + "…."),
    ("99999999999999999999", "after_round must be a whole number, not 99999999999999999999."),
    ("40000", "after_round must be a whole number up to 32767, not 40000."),
])
def test_an_absurd_option_is_refused_with_a_message(event: Event, value: str,
                                                    message: str) -> None:
    response = Client().post("/en/exports/test_text/",
                             {"object_id": event.pk, "after_round": value})
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page
    assert len(page) < 20_000
    assert not ExportJob.objects.exists()
