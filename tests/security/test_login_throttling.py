"""Login throttling (django-axes, docs/security.md): after 5 failed logins
for one user name from one address, that pair is refused for the cool-off,
even with the right password, with the lockout message on the login page;
other users and other addresses log in as usual."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from axes.models import AccessAttempt  # type: ignore[import-untyped]
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

LIMIT = 5
MESSAGE = "Too many failed attempts"


@pytest.fixture(autouse=True)
def _english() -> object:
    with translation.override("en"):
        yield


@pytest.fixture
def dora(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("dora", "dora@example.org", "right-password")


@pytest.fixture
def eddy(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("eddy", "eddy@example.org", "eddy-password")


def log_in(client: Client, username: str, password: str, **extra: Any) -> Any:
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def fail(client: Client, username: str, times: int = LIMIT, **extra: Any) -> None:
    for _ in range(times):
        log_in(client, username, "wrong", **extra)


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_four_failures_do_not_lock_out(client: Client, dora: User) -> None:
    fail(client, "dora", LIMIT - 1)
    response = log_in(client, "dora", "right-password")
    assert response.status_code == 302
    assert logged_in(client)


def test_the_sixth_attempt_is_refused_with_the_message_even_with_the_right_password(
        client: Client, dora: User) -> None:
    for attempt in range(1, LIMIT + 1):
        response = log_in(client, "dora", "wrong")
        assert response.status_code == (429 if attempt == LIMIT else 200)
    response = log_in(client, "dora", "right-password")
    assert response.status_code == 429
    assert not logged_in(client)
    page = response.content.decode()
    # The login page itself, with the message and the way out; not a bare error.
    assert MESSAGE in page
    assert "blocked for 15 minutes" in page
    assert reverse("password_reset") in page
    assert 'name="password"' in page
    assert response["Content-Type"].startswith("text/html")


def test_the_lockout_message_is_in_dutch_on_the_dutch_site(client: Client, dora: User) -> None:
    with translation.override("nl"):
        url = reverse("login")
    assert not url.startswith("/en/")
    for _ in range(LIMIT):
        response = client.post(url, {"username": "dora", "password": "wrong"})
    assert response.status_code == 429
    assert '<html lang="nl">' in response.content.decode()


def test_another_user_is_not_affected(client: Client, dora: User, eddy: User) -> None:
    fail(client, "dora")
    response = log_in(client, "eddy", "eddy-password")
    assert response.status_code == 302
    assert logged_in(client)


def test_the_same_user_from_another_address_is_not_affected(client: Client, dora: User) -> None:
    fail(client, "dora")
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert log_in(other, "dora", "right-password").status_code == 302
    assert logged_in(other)


def test_the_lockout_ends_after_the_cool_off(client: Client, dora: User, settings: object) -> None:
    settings.AXES_COOLOFF_TIME = datetime.timedelta(minutes=2)  # type: ignore[attr-defined]
    fail(client, "dora")
    response = log_in(client, "dora", "right-password")
    assert response.status_code == 429
    assert "blocked for 2 minutes" in response.content.decode()
    # Three minutes later (the failures are dated back; nothing sleeps).
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - datetime.timedelta(minutes=3))
    response = log_in(client, "dora", "right-password")
    assert response.status_code == 302
    assert logged_in(client)


def test_a_success_clears_the_failures(client: Client, dora: User) -> None:
    fail(client, "dora", LIMIT - 1)
    assert log_in(client, "dora", "right-password").status_code == 302
    client.post(reverse("logout"))
    fail(client, "dora", LIMIT - 1)
    assert log_in(client, "dora", "right-password").status_code == 302


def test_a_new_password_by_e_mail_ends_the_lockout(client: Client, dora: User) -> None:
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    fail(client, "dora")
    uid = urlsafe_base64_encode(force_bytes(dora.pk))
    token = default_token_generator.make_token(dora)
    link = reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token})
    form_url = client.get(link)["Location"]
    response = client.post(form_url, {"new_password1": "a new pass phrase 7",
                                      "new_password2": "a new pass phrase 7"})
    assert response.status_code == 302
    assert log_in(client, "dora", "a new pass phrase 7").status_code == 302


def test_the_admin_login_is_throttled_too(client: Client, django_user_model: type[User]) -> None:
    django_user_model.objects.create_superuser("root", "root@example.org", "root-password")
    url = reverse("admin:login")
    for _ in range(LIMIT):
        client.post(url, {"username": "root", "password": "wrong"})
    response = client.post(url, {"username": "root", "password": "root-password"})
    assert response.status_code == 429
    assert MESSAGE in response.content.decode()
    assert not logged_in(client)


# --- Behind a reverse proxy -----------------------------------------------------


def test_x_forwarded_for_is_ignored_unless_trusted(client: Client, dora: User) -> None:
    # Without TRUST_X_FORWARDED_FOR a client cannot escape the lockout by
    # claiming another address in the header.
    for number in range(LIMIT):
        log_in(client, "dora", "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{number}")
    response = log_in(client, "dora", "right-password", HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert response.status_code == 429
    assert AccessAttempt.objects.get().ip_address == "127.0.0.1"


def test_behind_a_trusted_proxy_the_address_it_saw_counts(
        client: Client, dora: User, settings: object) -> None:
    settings.TRUST_X_FORWARDED_FOR = True  # type: ignore[attr-defined]
    # The proxy (REMOTE_ADDR 127.0.0.1) appends the address it saw; what the
    # client sent itself stands to the left and is not believed.
    fail(client, "dora", HTTP_X_FORWARDED_FOR="10.9.9.9, 203.0.113.5")
    assert AccessAttempt.objects.get().ip_address == "203.0.113.5"
    locked = log_in(client, "dora", "right-password", HTTP_X_FORWARDED_FOR="10.1.1.1, 203.0.113.5")
    assert locked.status_code == 429
    # Another client behind the same proxy is not locked out.
    other = Client()
    assert log_in(other, "dora", "right-password",
                  HTTP_X_FORWARDED_FOR="203.0.113.6").status_code == 302


def test_a_forwarded_value_that_is_no_address_falls_back_to_the_connection(
        settings: object) -> None:
    from django.test import RequestFactory

    from common.clients import client_ip

    settings.TRUST_X_FORWARDED_FOR = True  # type: ignore[attr-defined]
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR="1.2.3.4, <script>",
                                   REMOTE_ADDR="192.0.2.1")
    assert client_ip(request) == "192.0.2.1"
    settings.TRUST_X_FORWARDED_FOR = False  # type: ignore[attr-defined]
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR="1.2.3.4", REMOTE_ADDR="192.0.2.1")
    assert client_ip(request) == "192.0.2.1"


def test_authenticate_without_a_request_still_works(dora: User) -> None:
    # Scripts, the shell and the test client's login() have no client to
    # throttle; they authenticate as before.
    from django.contrib.auth import authenticate

    assert authenticate(username="dora", password="right-password") == dora
    assert authenticate(username="dora", password="wrong") is None
    assert Client().login(username="dora", password="right-password")
