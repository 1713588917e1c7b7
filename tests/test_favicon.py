"""Browsers ask every site for /favicon.ico: it is there (no 404 in the log on
every page), and the pages link the SVG icon."""

import pytest
from django.test import Client


@pytest.mark.django_db
def test_favicon_ico_is_served_at_the_root(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    assert b"".join(response.streaming_content)[:4] == b"\x00\x00\x01\x00"  # an ICO file


@pytest.mark.django_db
def test_the_pages_link_the_svg_icon(client: Client) -> None:
    page = client.get("/").content.decode()
    assert 'rel="icon" href="/static/favicon.svg"' in page
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200
    assert b"<svg" in b"".join(icon.streaming_content)
