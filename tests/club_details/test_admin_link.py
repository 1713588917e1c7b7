""""Beheer" (the admin) is linked only for those the admin lets in (issue 15,
finding 3: organisers were led to an empty admin from the navigation and
the home page's button)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club

pytestmark = pytest.mark.django_db

NAV_LINK = '<a href="/admin/">Beheer</a>'
HOME_BUTTON = "Naar het beheer"


def page_for(user: User | None, url: str) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(url).content.decode()


@pytest.mark.parametrize("url", ["/", "/clubs/fu-hing/", "/clubs/fu-hing/event-defaults/"])
def test_an_organiser_with_staff_status_sees_no_admin_link(club: Club, organiser: User,
                                                           url: str) -> None:
    assert organiser.is_staff  # as the issue found them: staff, not superusers
    html = page_for(organiser, url)
    assert "/admin/" not in html
    assert HOME_BUTTON not in html


def test_a_superuser_gets_the_link_and_the_button(club: Club,
                                                  django_user_model: type[User]) -> None:
    root = django_user_model.objects.create_superuser("root", password="pw")
    html = page_for(root, "/")
    assert NAV_LINK in html
    assert HOME_BUTTON in html
    assert 'href="/admin/"' in html and html.count('href="/admin/"') == 2


def test_members_and_visitors_see_no_admin_link(member: object) -> None:
    carol = User.objects.get(username="carol")
    for user in (carol, None):
        assert "/admin/" not in page_for(user, "/")
