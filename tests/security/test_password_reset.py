"""Password reset by e-mail (Django's views, the site's templates): the mail
is sent, its link sets a new password once, and an unknown address gets the
very same answer (no way to find out who has an account)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

ADDRESS = "dora@example.org"
NEW_PASSWORD = "mahjong-tiles-44"


@pytest.fixture
def dora(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("dora", ADDRESS, "old-password")


def url(name: str, language: str = "en", **kwargs: str) -> str:
    with translation.override(language):
        return str(reverse(name, kwargs=kwargs or None))


def ask(client: Client, address: str, language: str = "en"):  # type: ignore[no-untyped-def]
    return client.post(url("password_reset", language), {"email": address}, follow=True)


def link_in(message: mail.EmailMessage) -> str:
    found = re.search(r"https?://testserver(/\S+)", str(message.body))
    assert found, message.body
    return found.group(1)


def without_tokens(page: str) -> str:
    """A page without its CSRF tokens, which differ on every request."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)


def test_the_login_page_links_to_it(client: Client) -> None:
    page = client.get(url("login")).content.decode()
    assert f'href="{url("password_reset")}"' in page
    assert "Forgot your password?" in page


def test_the_mail_is_sent_and_its_link_sets_a_new_password_once(client: Client, dora: User) -> None:
    response = ask(client, ADDRESS)
    assert response.redirect_chain == [(url("password_reset_done"), 302)]
    assert "Check your e-mail" in response.content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [ADDRESS]
    assert "new password" in message.subject
    assert "\n" not in message.subject
    link = link_in(message)
    assert link.startswith("/en/accounts/password/reset/")

    # The link leads to the form (Django moves the token out of the URL first).
    response = client.get(link, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Set a new password" in page and 'name="new_password1"' in page
    form_url = response.redirect_chain[-1][0]

    response = client.post(form_url, {"new_password1": NEW_PASSWORD,
                                      "new_password2": NEW_PASSWORD}, follow=True)
    assert response.redirect_chain[-1][0] == url("password_reset_complete")
    assert "Your new password is saved" in response.content.decode()
    dora.refresh_from_db()
    assert dora.check_password(NEW_PASSWORD)

    # Logging in works with it; the link is used up.
    fresh = Client()
    assert fresh.post(url("login"), {"username": "dora", "password": NEW_PASSWORD}
                      ).status_code == 302
    again = Client().get(link, follow=True).content.decode()
    assert "not valid" in again and 'name="new_password1"' not in again


def test_a_weak_new_password_is_refused_with_the_reason(client: Client, dora: User) -> None:
    ask(client, ADDRESS)
    response = client.get(link_in(mail.outbox[0]), follow=True)
    form_url = response.redirect_chain[-1][0]
    response = client.post(form_url, {"new_password1": "12345678", "new_password2": "12345678"})
    assert response.status_code == 200
    assert "too common" in response.content.decode()
    dora.refresh_from_db()
    assert dora.check_password("old-password")


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client: Client, dora: User) -> None:
    known = ask(client, ADDRESS)
    unknown = ask(Client(), "nobody@example.org")
    assert unknown.redirect_chain == known.redirect_chain
    assert without_tokens(unknown.content.decode()) == without_tokens(known.content.decode())
    assert len(mail.outbox) == 1  # only dora's


def test_a_user_who_cannot_log_in_gets_no_mail(client: Client, dora: User) -> None:
    dora.is_active = False
    dora.save()
    assert ask(client, ADDRESS).redirect_chain == [(url("password_reset_done"), 302)]
    assert mail.outbox == []


def test_the_dutch_site_sends_a_dutch_link(client: Client, dora: User) -> None:
    ask(client, ADDRESS, language="nl")
    link = link_in(mail.outbox[0])
    assert link.startswith("/accounts/password/reset/")
    with translation.override("nl"):
        assert client.get(link, follow=True).status_code == 200


def test_a_forged_or_wrong_link_shows_the_not_valid_page(client: Client, dora: User) -> None:
    for link in (url("password_reset_confirm", uidb64="MQ", token="set-password"),
                 url("password_reset_confirm", uidb64="<script>", token="x'--"),
                 url("password_reset_confirm", uidb64="MTIzNDU2Nzg5", token="abc-def")):
        response = client.get(link, follow=True)
        assert response.status_code == 200
        assert "not valid" in response.content.decode()


def test_an_address_with_a_header_in_it_is_refused(client: Client, dora: User) -> None:
    response = client.post(url("password_reset"), {"email": f"{ADDRESS}\nBcc: x@example.org"})
    assert response.status_code == 200
    assert mail.outbox == []
