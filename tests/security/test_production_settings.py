"""Security settings as production reads them from the environment: secure
cookies (checked on a real login in a production process), the e-mail
settings and the proxy setting. Each case runs in a fresh process
(tests/test_settings.py)."""

from __future__ import annotations

import json

import pytest

from tests.test_settings import PRODUCTION, run_python

# Each case starts a fresh Python process (about a second): the slow pass.
pytestmark = pytest.mark.slow

LOGIN_IN_PRODUCTION = """
import json
import django
django.setup()
from django.core.management import call_command
from django.contrib.auth.models import User
from django.test import Client
call_command("migrate", verbosity=0)
User.objects.create_user("dora", "dora@example.org", "right-password")
client = Client(HTTP_HOST="mahjong.example")
plain = client.get("/accounts/login/")  # over HTTP: sent to HTTPS first
response = client.post("/accounts/login/", {"username": "dora", "password": "right-password"},
                       secure=True)
language = client.post("/i18n/setlang/", {"language": "en", "next": "/"}, secure=True)
cookies = {}
for answer in (response, language):
    for name, morsel in answer.cookies.items():
        cookies[name] = {"secure": bool(morsel["secure"]), "httponly": bool(morsel["httponly"]),
                         "samesite": morsel["samesite"]}
print(json.dumps({"status": response.status_code, "plain": [plain.status_code, plain["Location"]],
                  "hsts": response.get("Strict-Transport-Security", ""),
                  "csp": response.get("Content-Security-Policy", ""), "cookies": cookies}))
"""

PRINT_EMAIL = """
import json
from django.conf import settings
names = ["EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_USE_TLS",
         "EMAIL_USE_SSL", "EMAIL_TIMEOUT", "DEFAULT_FROM_EMAIL", "SERVER_EMAIL",
         "TRUST_X_FORWARDED_FOR", "AXES_FAILURE_LIMIT", "LANGUAGE_COOKIE_SECURE"]
values = {name: getattr(settings, name) for name in names}
values["AXES_COOLOFF_MINUTES"] = settings.AXES_COOLOFF_TIME.total_seconds() / 60
print(json.dumps(values))
"""


def load(code: str, **env: str) -> dict:
    process = run_python(code, env)
    assert process.returncode == 0, process.stderr
    return json.loads(process.stdout.strip().splitlines()[-1])


def test_production_cookies_are_secure_and_http_only() -> None:
    values = load(LOGIN_IN_PRODUCTION, **PRODUCTION, DATABASE_URL="sqlite://:memory:")
    assert values["status"] == 302
    assert values["plain"] == [301, "https://mahjong.example/accounts/login/"]
    assert values["hsts"].startswith("max-age=31536000")
    assert "frame-ancestors 'none'" in values["csp"]
    cookies = values["cookies"]
    assert cookies["sessionid"] == {"secure": True, "httponly": True, "samesite": "Lax"}
    # The score-entry page reads the CSRF cookie, so it is not HttpOnly.
    assert cookies["csrftoken"] == {"secure": True, "httponly": False, "samesite": "Lax"}
    assert cookies["django_language"]["secure"] is True
    assert cookies["django_language"]["samesite"] == "Lax"


def test_development_prints_mails_on_the_console() -> None:
    values = load(PRINT_EMAIL)
    assert values["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert values["TRUST_X_FORWARDED_FOR"] is False
    assert values["AXES_FAILURE_LIMIT"] == 5
    assert values["AXES_COOLOFF_MINUTES"] == 15


def test_production_sends_mails_by_smtp_from_the_environment() -> None:
    values = load(PRINT_EMAIL, **PRODUCTION)
    assert values["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert values["EMAIL_HOST"] == "localhost"
    assert values["LANGUAGE_COOKIE_SECURE"] is True
    values = load(PRINT_EMAIL, **PRODUCTION, EMAIL_HOST="smtp.example.org", EMAIL_PORT="587",
                  EMAIL_HOST_USER="mahjong", EMAIL_HOST_PASSWORD="secret", EMAIL_USE_TLS="yes",
                  DEFAULT_FROM_EMAIL="Mahjong <noreply@mahjong.example>", EMAIL_TIMEOUT="5")
    assert values["EMAIL_HOST"] == "smtp.example.org"
    assert values["EMAIL_PORT"] == 587
    assert values["EMAIL_HOST_USER"] == "mahjong"
    assert values["EMAIL_USE_TLS"] is True and values["EMAIL_USE_SSL"] is False
    assert values["EMAIL_TIMEOUT"] == 5
    assert values["DEFAULT_FROM_EMAIL"] == "Mahjong <noreply@mahjong.example>"
    assert values["SERVER_EMAIL"] == values["DEFAULT_FROM_EMAIL"]


def test_an_smtp_server_in_development_is_used_when_set() -> None:
    values = load(PRINT_EMAIL, EMAIL_HOST="127.0.0.1", EMAIL_PORT="1025")
    assert values["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"


def test_tls_and_ssl_together_are_refused() -> None:
    process = run_python(PRINT_EMAIL, {"EMAIL_USE_TLS": "on", "EMAIL_USE_SSL": "on"})
    assert process.returncode != 0
    assert "EMAIL_USE_TLS" in process.stderr.strip().splitlines()[-1]


def test_login_throttling_is_configurable() -> None:
    values = load(PRINT_EMAIL, LOGIN_FAILURE_LIMIT="10", LOGIN_COOLOFF_MINUTES="60",
                  TRUST_X_FORWARDED_FOR="true")
    assert values["AXES_FAILURE_LIMIT"] == 10
    assert values["AXES_COOLOFF_MINUTES"] == 60
    assert values["TRUST_X_FORWARDED_FOR"] is True
    process = run_python(PRINT_EMAIL, {"LOGIN_FAILURE_LIMIT": "0"})
    assert "LOGIN_FAILURE_LIMIT" in process.stderr.strip().splitlines()[-1]
