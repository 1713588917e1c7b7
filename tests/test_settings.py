"""Settings from the environment.

Settings are read once per process, so each case imports them in a fresh
Python process with a controlled environment; this process is untouched.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string
from whitenoise.storage import CompressedManifestStaticFilesStorage

from config.env import env_bool, env_choice, env_int, env_list, env_str

# Settings are read at start-up, so each case starts a fresh Python process
# (about a second): the slow pass.
pytestmark = pytest.mark.slow

BASE_DIR = Path(__file__).resolve().parent.parent
GOOD_KEY = "k" * 20 + "0123456789abcdefghijklmnopqrstuvwxyz"  # 56 characters
PRODUCTION = {
    "DJANGO_ENV": "production",
    "SECRET_KEY": GOOD_KEY,
    "ALLOWED_HOSTS": "mahjong.example",
}

PRINT_SETTINGS = """
import json
from django.conf import settings
names = ["DEBUG", "ENVIRONMENT", "ALLOWED_HOSTS", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
         "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_PROXY_SSL_HEADER",
         "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CELERY_TASK_ALWAYS_EAGER",
         "CELERY_TASK_EAGER_PROPAGATES", "STORAGES", "CACHES", "WEB_RULESETS"]
values = {name: getattr(settings, name, None) for name in names}
db = settings.DATABASES["default"]
values["DATABASE"] = {"ENGINE": db["ENGINE"], "NAME": str(db["NAME"]), "OPTIONS": db.get("OPTIONS", {})}
print(json.dumps(values))
"""


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # Only PATH is inherited: no DEBUG, DATABASE_URL, ... from the caller's shell.
    clean_env = {"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "config.settings", **env}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=BASE_DIR,
        env=clean_env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def load_settings(**env: str) -> dict:
    process = run_python(PRINT_SETTINGS, env)
    assert process.returncode == 0, process.stderr
    return json.loads(process.stdout)


def refusal(**env: str) -> str:
    """The error message of settings that refuse to load."""
    process = run_python(PRINT_SETTINGS, env)
    assert process.returncode != 0, "the settings loaded, but should have refused"
    assert "ImproperlyConfigured" in process.stderr
    return process.stderr.strip().splitlines()[-1]


# --- development defaults ----------------------------------------------------


def test_it_defaults_to_development_with_sqlite() -> None:
    values = load_settings()
    assert values["ENVIRONMENT"] == "development"
    assert values["DEBUG"] is True
    assert values["DATABASE"]["ENGINE"] == "django.db.backends.sqlite3"
    assert values["DATABASE"]["NAME"] == str(BASE_DIR / "db.sqlite3")
    assert values["DATABASE"]["OPTIONS"]["timeout"] > 0


def test_it_runs_celery_eagerly_without_a_broker() -> None:
    values = load_settings()
    assert values["CELERY_TASK_ALWAYS_EAGER"] is True
    assert values["CELERY_TASK_EAGER_PROPAGATES"] is True


def test_it_uses_redis_as_broker_and_result_backend_when_set() -> None:
    values = load_settings(CELERY_BROKER_URL="redis://localhost:6379/0")
    assert values["CELERY_TASK_ALWAYS_EAGER"] is False
    assert values["CELERY_BROKER_URL"] == "redis://localhost:6379/0"
    assert values["CELERY_RESULT_BACKEND"] == "redis://localhost:6379/0"


def test_it_refuses_a_broker_that_is_not_redis() -> None:
    assert "CELERY_BROKER_URL" in refusal(CELERY_BROKER_URL="amqp://localhost")


def test_its_cache_is_shared_by_every_process() -> None:
    # The computed standings are shared by all app processes: never process memory.
    cache = load_settings()["CACHES"]["default"]
    assert cache["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    redis = load_settings(CACHE_URL="redis://localhost:6379/1")["CACHES"]["default"]
    assert redis == {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                     "LOCATION": "redis://localhost:6379/1",
                     "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2}}
    # A Redis that hangs fails a call after the timeout instead of holding the
    # request (tests/pages/test_cache_outage.py).
    slow = load_settings(CACHE_URL="redis://localhost:6379/1", CACHE_TIMEOUT_SECONDS="5")
    assert slow["CACHES"]["default"]["OPTIONS"]["socket_timeout"] == 5


def test_it_refuses_a_cache_that_is_not_redis() -> None:
    assert "CACHE_URL" in refusal(CACHE_URL="memcached://localhost")


def test_it_selects_postgresql_from_database_url() -> None:
    values = load_settings(DATABASE_URL="postgres://user:secret@db.example:5432/mahjong")
    assert values["DATABASE"]["ENGINE"] == "django.db.backends.postgresql"
    assert values["DATABASE"]["NAME"] == "mahjong"


def test_a_sqlite_database_url_waits_for_locks_like_the_default() -> None:
    # Without the busy timeout, concurrent score entry fails at once with
    # "database is locked" (found by bench/web.py under load).
    values = load_settings(DATABASE_URL="sqlite:////tmp/mahjong-test.sqlite3")
    assert values["DATABASE"]["ENGINE"] == "django.db.backends.sqlite3"
    assert values["DATABASE"]["OPTIONS"] == {
        "timeout": 20, "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"}


CONCURRENT_WRITERS = """
import threading, django
django.setup()
from django.core.management import call_command
from django.db import connection, transaction
from django.contrib.auth.models import Group
call_command("migrate", "auth", verbosity=0)
errors = []
def writer(n):
    try:
        for i in range(25):
            with transaction.atomic():
                group = Group.objects.create(name=f"w{n}-{i}")
                group.name += "!"
                group.save()
    except Exception as error:  # what the test is about
        errors.append(repr(error))
    finally:
        connection.close()
threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
[t.start() for t in threads]; [t.join() for t in threads]
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    mode = cursor.fetchone()[0]
print(mode, Group.objects.count(), errors[:1])
"""


def test_concurrent_writers_on_sqlite_queue_instead_of_failing(tmp_path: Path) -> None:
    # The embedded default: 8 writers at once never see "database is locked".
    process = run_python(CONCURRENT_WRITERS,
                         {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    assert process.returncode == 0, process.stderr
    assert process.stdout.split() == ["wal", "200", "[]"]


def test_it_refuses_an_unknown_database_url_without_echoing_it() -> None:
    message = refusal(DATABASE_URL="nosuchdb://user:secret@db.example/mahjong")
    assert "DATABASE_URL" in message
    assert "secret" not in message


def test_it_offers_every_rule_set_unless_told_fewer() -> None:
    assert load_settings()["WEB_RULESETS"] == []
    assert load_settings(WEB_RULESETS="nts")["WEB_RULESETS"] == ["nts"]


def test_it_refuses_an_unknown_rule_set() -> None:
    message = refusal(WEB_RULESETS="nts,zung")
    assert "WEB_RULESETS" in message and "zung" in message


def test_it_refuses_a_bad_boolean() -> None:
    assert "DEBUG='maybe'" in refusal(DEBUG="maybe")


def test_it_refuses_an_unknown_environment() -> None:
    assert "DJANGO_ENV" in refusal(DJANGO_ENV="staging")


# --- production ----------------------------------------------------------------


def test_it_accepts_proper_production_settings() -> None:
    values = load_settings(**PRODUCTION)
    assert values["DEBUG"] is False
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] >= 31_536_000
    assert values["SECURE_PROXY_SSL_HEADER"] is None
    assert values["ALLOWED_HOSTS"] == ["mahjong.example"]
    # whitenoise's compressed manifest storage, also hashing module imports.
    storage = import_string(values["STORAGES"]["staticfiles"]["BACKEND"])
    assert issubclass(storage, CompressedManifestStaticFilesStorage)
    assert storage.support_js_module_import_aggregation


def test_static_files_go_where_static_root_says() -> None:
    code = "from django.conf import settings; print(settings.STATIC_ROOT)"
    assert run_python(code, {}).stdout.strip() == str(BASE_DIR / "staticfiles")
    assert run_python(code, {"STATIC_ROOT": "/srv/mahjong/static"}).stdout.strip() == (
        "/srv/mahjong/static")


def test_it_trusts_the_proxy_header_only_when_told() -> None:
    values = load_settings(**PRODUCTION, TRUST_X_FORWARDED_PROTO="true")
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_it_refuses_debug_in_production() -> None:
    assert "DEBUG" in refusal(**PRODUCTION, DEBUG="true")


@pytest.mark.parametrize(
    "secret_key",
    [
        pytest.param(None, id="unset"),
        pytest.param("", id="empty"),
        pytest.param("django-insecure-dev-only-do-not-use-in-production", id="development-key"),
        pytest.param("too-short", id="short"),
    ],
)
def test_it_refuses_production_without_a_real_secret_key(secret_key: str | None) -> None:
    env = dict(PRODUCTION)
    if secret_key is None:
        del env["SECRET_KEY"]
    else:
        env["SECRET_KEY"] = secret_key
    assert "SECRET_KEY" in refusal(**env)


def test_it_refuses_production_without_allowed_hosts() -> None:
    env = {name: value for name, value in PRODUCTION.items() if name != "ALLOWED_HOSTS"}
    assert "ALLOWED_HOSTS" in refusal(**env)


# What `make prod` and docs/operations.md's deployment set besides the minimum
# (production refuses to start without PRODUCTION's three).
BOND_WIDE = {
    "DATABASE_URL": "postgres://mahjong:secret@db.example:5432/mahjong",
    "CACHE_URL": "redis://redis.example:6379/1",
    "CELERY_BROKER_URL": "redis://redis.example:6379/0",
    "CSRF_TRUSTED_ORIGINS": "https://mahjong.example",
    "TRUST_X_FORWARDED_PROTO": "on",
    "STATIC_ROOT": "/srv/mahjong/static",
    "WEB_RULESETS": "nts",
}


@pytest.mark.parametrize("deployment", [
    pytest.param({}, id="minimal"),
    pytest.param(BOND_WIDE, id="bond-wide"),
])
def test_it_passes_the_deployment_checks_in_production(deployment: dict[str, str]) -> None:
    # Subdomains and preloading are the deployer's choice; with them on,
    # Django's deployment checks have nothing left to warn about.
    env = {**PRODUCTION, **deployment, "SECURE_HSTS_INCLUDE_SUBDOMAINS": "on",
           "SECURE_HSTS_PRELOAD": "on"}
    code = "import sys; from django.core.management import execute_from_command_line; execute_from_command_line(sys.argv)"
    process = subprocess.run(
        [sys.executable, "-c", code, "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env={"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert process.returncode == 0, process.stderr


# --- the helpers, in this process --------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1", True),
        ("true", True),
        ("Yes", True),
        ("ON", True),
        ("0", False),
        ("false", False),
        ("no", False),
        ("off", False),
    ],
)
def test_it_reads_booleans(monkeypatch: pytest.MonkeyPatch, raw: str, expected: bool) -> None:
    monkeypatch.setenv("SOME_FLAG", raw)
    assert env_bool("SOME_FLAG", not expected) is expected


def test_it_uses_the_default_for_unset_or_empty_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOME_VALUE", raising=False)
    assert env_str("SOME_VALUE", "default") == "default"
    monkeypatch.setenv("SOME_VALUE", "  ")
    assert env_bool("SOME_VALUE", True) is True
    assert env_int("SOME_VALUE", 7) == 7
    assert env_list("SOME_VALUE", ["a"]) == ["a"]


def test_it_refuses_a_bad_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOME_NUMBER", "ten")
    with pytest.raises(ImproperlyConfigured, match="SOME_NUMBER"):
        env_int("SOME_NUMBER", 1)
    monkeypatch.setenv("SOME_NUMBER", "-1")
    with pytest.raises(ImproperlyConfigured, match="minimum"):
        env_int("SOME_NUMBER", 1, minimum=0)


def test_it_splits_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOME_LIST", " a.example, b.example ,,")
    assert env_list("SOME_LIST") == ["a.example", "b.example"]


def test_it_refuses_an_unknown_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOME_CHOICE", "blue")
    with pytest.raises(ImproperlyConfigured, match="red, green"):
        env_choice("SOME_CHOICE", "red", ("red", "green"))
