"""A database that cannot be reached gives 503 with a clear message (issue 8:
"no 500 page for score entry ... a clear message where something is
unavailable"), found by bench/soak/'s PostgreSQL restart."""

from __future__ import annotations

import json

from django.db.utils import InterfaceError, OperationalError
from django.test import RequestFactory
from django.utils import translation

from config.errors import server_error


def answer(path: str, error: Exception) -> tuple[int, str, str]:
    request = RequestFactory().post(path)
    with translation.override("en"):
        try:
            raise error
        except Exception:
            response = server_error(request)
    return response.status_code, response.get("Retry-After", ""), response.content.decode()


def test_the_api_answers_503_as_json_when_the_database_is_down() -> None:
    status, retry, body = answer("/api/tables/1/hands/",
                                 OperationalError("server closed the connection"))
    assert (status, retry) == (503, "15")
    assert json.loads(body) == {"error": json.loads(body)["error"], "retry": True}
    assert "nothing was saved" in json.loads(body)["error"]


def test_a_page_answers_503_with_a_message() -> None:
    status, _retry, body = answer("/en/tables/1/score/", InterfaceError("connection already closed"))
    assert status == 503
    assert "Temporarily unavailable" in body and "nothing was saved" in body


def test_any_other_error_is_still_a_500() -> None:
    status, retry, _body = answer("/en/", ValueError("a bug"))
    assert (status, retry) == (500, "")
