"""Django settings, read from environment variables (see docs/configuration.md).

Without any environment variable this is a development setup: DEBUG on, an
insecure development key, SQLite in db.sqlite3 and Celery tasks run eagerly.
DJANGO_ENV=production switches to production defaults and refuses to start
with DEBUG on or without a real SECRET_KEY.
"""

import re
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.caches import redis_cache
from config.env import env_bool, env_choice, env_int, env_list, env_str
from scoring.engine import RULESETS as _ENGINE_RULESETS

BASE_DIR = Path(__file__).resolve().parent.parent

ENVIRONMENT = env_choice("DJANGO_ENV", "development", ("development", "production"))
PRODUCTION = ENVIRONMENT == "production"

# Only ever used in development: production refuses to start with it.
DEV_SECRET_KEY = "django-insecure-dev-only-do-not-use-in-production"

DEBUG = env_bool("DEBUG", not PRODUCTION)
SECRET_KEY = env_str("SECRET_KEY", DEV_SECRET_KEY)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", () if PRODUCTION else ("localhost", "127.0.0.1", "[::1]"))
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles, so runserver serves static files like production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_filters",
    # Login throttling and rate limits (docs/security.md).
    "axes",
    "django_ratelimit",
    "csp",
    "clubs",
    "tournaments",
    "scoring",
    "exports",
    "rankings",
    "stats",
    # Running an installation: backups (export_data, import_data), `make prod`.
    "operations",
    # The site's own system checks (config/checks.py).
    "config.apps.SiteConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before whitenoise, so static files get the headers too (an SVG opened
    # on its own is a document).
    "config.security.StaticCSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before anything reads a request's body (the CSRF check does).
    "config.security.RequestSizeMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A request over a rate limit gets the 429 page (RATELIMIT_VIEW).
    "django_ratelimit.middleware.RatelimitMiddleware",
    # Last: turns a locked-out login into the login page with the lockout message.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------

# Concurrent score entry on SQLite: wait for a lock instead of failing at once
# with "database is locked"; IMMEDIATE takes the write lock at BEGIN, so waits
# happen there. Applied to a sqlite:/// DATABASE_URL too.
# SQLite under concurrent score entry: writers queue for the lock (timeout,
# BEGIN IMMEDIATE) instead of failing with "database is locked"; in WAL mode
# readers of the standings never wait for a writer, and synchronous=NORMAL
# syncs at checkpoints instead of every commit (a power cut, not a crash of
# the app, can lose the last moments; PostgreSQL is the production database).
SQLITE_OPTIONS = {
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}

DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    try:
        DATABASES = {
            "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
        }
    except ValueError as exc:
        # The message names the scheme only; never echo the URL (it holds a password).
        raise ImproperlyConfigured(f"DATABASE_URL is not usable: {exc}") from None
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(BASE_DIR / "db.sqlite3"),
            "OPTIONS": dict(SQLITE_OPTIONS),
            "CONN_MAX_AGE": 60,
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Authentication ---------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# The axes backend first: it refuses a locked-out login before the password
# is even checked (docs/security.md).
AUTHENTICATION_BACKENDS = [
    "config.security.AxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# --- Security (docs/security.md) ----------------------------------------------

# Login throttling (django-axes): after LOGIN_FAILURE_LIMIT failed logins for
# one user name from one address, that pair is refused (even with the right
# password) for LOGIN_COOLOFF_MINUTES; other users and other addresses are
# not affected. Only failures are stored (no log of every login).
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True
# The login page with the lockout message (429), not a bare error page.
AXES_LOCKOUT_CALLABLE = "config.security.lockout_response"
# The client's address: REMOTE_ADDR, or behind a reverse proxy that sets
# X-Forwarded-For itself, the address that proxy saw (config/security.py).
AXES_CLIENT_IP_CALLABLE = "common.clients.client_ip"
TRUST_X_FORWARDED_FOR = env_bool("TRUST_X_FORWARDED_FOR", False)

# Password reset by e-mail: the link is valid for a day and only once.
PASSWORD_RESET_TIMEOUT = 24 * 60 * 60

# Rate limits (django-ratelimit, common/ratelimits.py): "count/period" per
# client, over it a 429 page. Generous for a person, even an organiser on a
# tournament day; tight for a script.
# Export asks (POST /exports/<kind>/), per user, or per address when not
# logged in (a venue's players share one). Identical asks reuse the job.
RATELIMIT_EXPORTS = env_str("RATELIMIT_EXPORTS", "60/h")
# "Check a hand" (POST /scoring/check/), per user.
RATELIMIT_HAND_CHECK = env_str("RATELIMIT_HAND_CHECK", "30/m")
# Password-reset mails: per e-mail address (over it silently no mail, the
# same page) and per client address (over it the 429 page).
RATELIMIT_PASSWORD_RESET_ADDRESS = env_str("RATELIMIT_PASSWORD_RESET_ADDRESS", "3/h")
RATELIMIT_PASSWORD_RESET_IP = env_str("RATELIMIT_PASSWORD_RESET_IP", "10/h")
for _rate_name in ("RATELIMIT_EXPORTS", "RATELIMIT_HAND_CHECK",
                   "RATELIMIT_PASSWORD_RESET_ADDRESS", "RATELIMIT_PASSWORD_RESET_IP"):
    if not re.fullmatch(r"[1-9][0-9]*/([1-9][0-9]*)?[smhd]", globals()[_rate_name]):
        raise ImproperlyConfigured(
            f"{_rate_name}={globals()[_rate_name]!r}: give a count per period, e.g. 60/h "
            "(s, m, h or d).")
RATELIMIT_USE_CACHE = "ratelimit"
RATELIMIT_VIEW = "common.ratelimits.too_many_requests"
# The client's address as the login throttling counts it (TRUST_X_FORWARDED_FOR).
RATELIMIT_IP_META_KEY = "common.ratelimits.client_address"
# django-ratelimit warns of every cache backend outside its short list
# (memcached, django-redis), Django's own RedisCache included; the site's
# own check (config/checks.py, mahjong.E002) refuses a cache whose
# increments are not atomic or not shared instead.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]

# Request bodies, by kind of entrance (config.security.RequestSizeMiddleware,
# 413 with a page or JSON saying so, before anything parses the body): the
# biggest the site takes is a member list of up to 2 MB with its form (the
# upload and its confirmation, UPLOAD_VIEWS); a hand for the score-entry API
# is under 2 KB; every other form is a few fields. The limits below it are
# Django's own, for what gets through (a body sent without its length).
MAX_REQUEST_BYTES = 2 * 1024 * 1024 + 256 * 1024
MAX_API_REQUEST_BYTES = 16 * 1024
MAX_FORM_REQUEST_BYTES = 64 * 1024
UPLOAD_VIEWS = frozenset({"clubs:member_import", "clubs:member_import_confirm",
                          "clubs:ema_players", "clubs:ema_players_confirm"})
# The query string: gunicorn refuses a request line over 4094 bytes; the
# site refuses the same everywhere (414), development server included.
MAX_QUERY_BYTES = 4 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES  # form fields and JSON bodies
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES  # an upload up to this is kept in memory
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
DATA_UPLOAD_MAX_NUMBER_FILES = 1

# Headers on every response (SecurityMiddleware, XFrameOptionsMiddleware,
# django-csp, django-permissions-policy).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Scripts and styles only from the site's own static files: no inline
# scripts, style attributes or event handlers in any template
# (tests/security/test_headers.py checks them); charts and QR codes are
# inline SVG, which needs nothing more.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# Browser features the site never uses, refused for it and anything it embeds
# (only features browsers know: Chromium warns on every page of one it does
# not, as it did of "bluetooth").
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: [] for feature in (
        "accelerometer", "autoplay", "browsing-topics", "camera",
        "display-capture", "geolocation", "gyroscope", "hid", "magnetometer", "microphone",
        "midi", "payment", "serial", "usb")
}
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
# The score-entry page reads the CSRF token from the cookie (static/js/
# score-entry/api.js); HttpOnly would not protect it anyway (Django's docs).
CSRF_COOKIE_HTTPONLY = False
LANGUAGE_COOKIE_SAMESITE = "Lax"

# --- E-mail -------------------------------------------------------------------

# Development prints mails on the console unless EMAIL_HOST is set;
# production sends them by SMTP (EMAIL_HOST, by default a mail server on
# this machine).
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured(
        "EMAIL_USE_TLS (STARTTLS, usually port 587) and EMAIL_USE_SSL (usually port 465) "
        "exclude each other: set one of them.")
# A mail server that does not answer must not hang the page that sends.
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "webmaster@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend" if PRODUCTION or env_str("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend")

# --- Internationalisation ---------------------------------------------------

LANGUAGE_CODE = "nl"
LANGUAGES = [
    ("nl", _("Dutch")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "Europe/Amsterdam"
USE_TZ = True

# --- Pages ------------------------------------------------------------------

# How often (seconds) the live standings page asks for the standings again
# (htmx); the browser tests set it to 1.
STANDINGS_POLL_SECONDS = 10
# How long (seconds) a reader's browser or a reverse proxy may keep a page
# every anonymous reader shares (standings, round results, rankings) before
# asking again (with If-None-Match: 304 while nothing changed). Half a poll:
# a poll never gets a copy older than what it would have seen.
SHARED_PAGE_MAX_AGE = 5

# --- Static files (served by whitenoise) -------------------------------------

STATIC_URL = "static/"
# Where `collectstatic` puts the files whitenoise serves (STATIC_ROOT: e.g. a
# directory outside a read-only checkout).
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # The manifest storage needs `collectstatic`, so only production uses it.
        "BACKEND": (
            "config.storage.StaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        ),
    },
}

# Outside production, serve files straight from static/ and the apps (no
# collectstatic), also when DEBUG is off, as in the tests.
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = not PRODUCTION
# Files browsers ask for at the site's root (/favicon.ico), served as they are
# by whitenoise; the pages link static/favicon.svg.
WHITENOISE_ROOT = BASE_DIR / "public"

# --- Cache -------------------------------------------------------------------

# Computed standings are shared by every app process (tournaments.services.
# results_cache), so the cache is never process memory: by default a table in
# the database (`manage.py createcachetable`, run by `make run`), or Redis
# with CACHE_URL=redis://host:6379/1.
CACHE_URL = env_str("CACHE_URL")
if not CACHE_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                          "LOCATION": "django_cache",
                          "OPTIONS": {"MAX_ENTRIES": 5000}}}
elif CACHE_URL.startswith(("redis://", "rediss://")):
    CACHE_TIMEOUT_SECONDS = env_int("CACHE_TIMEOUT_SECONDS", 2, minimum=1)
    CACHES = {"default": redis_cache(CACHE_URL, CACHE_TIMEOUT_SECONDS)}
else:
    raise ImproperlyConfigured(
        f"CACHE_URL={CACHE_URL!r}: use a redis:// URL, or leave it empty for the database.")
# The rate limits count in the same place, through a backend whose `incr` is
# atomic and keeps the counter's expiry (config/dbcache.py; Redis's is).
CACHES["ratelimit"] = (dict(CACHES["default"]) if CACHE_URL else
                       {**CACHES["default"], "BACKEND": "config.dbcache.DatabaseCache"})

# --- Celery -----------------------------------------------------------------

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
if CELERY_BROKER_URL:
    if not CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
        raise ImproperlyConfigured("CELERY_BROKER_URL must be a redis:// or rediss:// URL.")
    CELERY_RESULT_BACKEND = CELERY_BROKER_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    # No broker: run tasks in the calling process and let their errors surface.
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True

# The periodic upkeep of export jobs (exports.services.maintain): rerun what a
# dead worker left, delete expired files. Run `celery -A config beat`.
EXPORTS_UPKEEP_SECONDS = 60.0
CELERY_BEAT_SCHEDULE = {
    "exports-maintenance": {"task": "exports.maintain_exports",
                            "schedule": EXPORTS_UPKEEP_SECONDS},
}
CELERY_TASK_IGNORE_RESULT = True
# With Redis down, asking for an export must answer at once (the job waits and
# says so), not hang in the broker's retries.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0,
                                    "interval_step": 0.5, "interval_max": 0.5}

# --- Rule sets ----------------------------------------------------------------

# The rule sets organisers may choose for an event; empty offers every rule set
# of the engine. An installation may offer fewer (the bond: only "nts").
WEB_RULESETS = tuple(env_list("WEB_RULESETS"))
_unknown_rulesets = sorted(set(WEB_RULESETS) - set(_ENGINE_RULESETS))
if _unknown_rulesets:
    raise ImproperlyConfigured(
        f"WEB_RULESETS names unknown rule set(s) {', '.join(_unknown_rulesets)}; "
        f"the engine has: {', '.join(_ENGINE_RULESETS)}.")

# --- Exports ----------------------------------------------------------------

# How long a finished export can be downloaded before the upkeep deletes it.
EXPORTS_KEEP_HOURS = env_int("EXPORTS_KEEP_HOURS", 24, minimum=1)
# The same ask again (kind, object, options, language, asker) within this
# many seconds gets the job already made: waiting, running, or done while
# the event's results are unchanged (exports.services.request_export).
EXPORTS_REUSE_SECONDS = 300
# A running export whose heartbeat is older than this is taken for dead.
EXPORTS_STALE_SECONDS = env_int("EXPORTS_STALE_SECONDS", 120, minimum=5)
# How often an export is started before it is reported failed.
EXPORTS_MAX_ATTEMPTS = 3
# Tests only: a pause per progress step, to stop a worker mid-export.
EXPORTS_TEST_STEP_DELAY = float(env_str("EXPORTS_TEST_STEP_DELAY", "0") or 0)

# --- National rankings (rankings/) -------------------------------------------

# The formula's constants (rankings/formula.py; docs/rankings-and-statistics.md),
# by default the EMA's MERS method. RANKING_AGE_FACTORS and
# RANKING_MIN_RESULTS can be set from the environment.


def _env_numbers(name: str, default: tuple[float, ...]) -> tuple[float, ...]:
    try:
        values = tuple(float(item) for item in env_list(name)) or default
    except ValueError:
        raise ImproperlyConfigured(
            f"{name} must be numbers separated by commas, e.g. 1,0.5.") from None
    return values


# Duration weight of a tournament of 1, 2, 3, ... days (the last for longer).
RANKING_DAY_WEIGHTS = (1.0, 2.0, 3.0)
# Players weight: (up to this many ranked players, weight); None: any more.
RANKING_PLAYER_WEIGHTS = ((40, 0.0), (80, 0.5), (None, 1.0))
# A factor per full year a result is older than the computation day; older
# results no longer count: full weight for a year, half the next, then out.
RANKING_AGE_FACTORS = _env_numbers("RANKING_AGE_FACTORS", (1.0, 0.5))
# Counting results a player needs to be ranked.
RANKING_MIN_RESULTS = env_int("RANKING_MIN_RESULTS", 2, minimum=1)
# rating = share x part A + (1 - share) x part B.
RANKING_PART_A_SHARE = 0.5
# Part A: the best ceil(minimum + extra x (n - minimum)) of n results,
# padded with results of 0 and weight RANKING_PADDING_WEIGHT up to minimum.
RANKING_PART_A_MINIMUM = 5
RANKING_PART_A_EXTRA = 0.8
RANKING_PADDING_WEIGHT = 1.0
# Part B: the best this many results.
RANKING_PART_B_BEST = 4
# The winner's base rank (and the rating's maximum).
RANKING_SCALE = 1000.0
# Countries weight: (up to this many countries, weight); None: any more.
RANKING_COUNTRY_WEIGHTS = ((5, 0.0), (9, 0.5), (None, 1.0))
# Added to the weight of a tournament that qualifies for a championship.
RANKING_QUALIFIER_WEIGHT = 1.0
# MERS: part B from the list padded to RANKING_PART_A_MINIMUM, and base ranks
# rounded to whole numbers (half up). False/False: the product before issue 17.
RANKING_PAD_PART_B = True
RANKING_WHOLE_BASE_RANKS = True
# With a broker, changes within this many seconds give one recomputation
# (debounce: common/background.py); without one it runs after the commit.
RANKING_DEBOUNCE_SECONDS = env_int("RANKING_DEBOUNCE_SECONDS", 5, minimum=0)
# A requested recomputation that never ran (a lost task) stops blocking new
# requests after this long.
RANKING_PENDING_SECONDS = 600

try:
    from rankings.formula import RankingConfig as _RankingConfig

    _RankingConfig(
        scale=RANKING_SCALE, day_weights=RANKING_DAY_WEIGHTS,
        player_weights=RANKING_PLAYER_WEIGHTS, age_factors=RANKING_AGE_FACTORS,
        min_results=RANKING_MIN_RESULTS, part_a_share=RANKING_PART_A_SHARE,
        part_a_minimum=RANKING_PART_A_MINIMUM, part_a_extra=RANKING_PART_A_EXTRA,
        padding_weight=RANKING_PADDING_WEIGHT, part_b_best=RANKING_PART_B_BEST,
        country_weights=RANKING_COUNTRY_WEIGHTS, qualifier_weight=RANKING_QUALIFIER_WEIGHT,
        pad_part_b=RANKING_PAD_PART_B, whole_base_ranks=RANKING_WHOLE_BASE_RANKS)
except ValueError as _error:
    raise ImproperlyConfigured(f"The ranking settings are not usable: {_error}") from None

# Results age by the day: recompute every ranking each night (celery beat).
CELERY_BEAT_SCHEDULE["rankings-nightly"] = {
    "task": "rankings.recompute", "schedule": crontab(hour=3, minute=30)}
# Statistics follow every change in the background; the nightly run from
# scratch is a safety net for a change a worker missed (a broker that was down).
CELERY_BEAT_SCHEDULE["stats-nightly"] = {
    "task": "stats.recompute_all", "schedule": crontab(hour=3, minute=45)}

# --- Production -------------------------------------------------------------

if PRODUCTION:
    if DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_ENV=production refuses to start with DEBUG on: unset DEBUG or set DEBUG=false."
        )
    if SECRET_KEY == DEV_SECRET_KEY or len(SECRET_KEY) < 50:
        raise ImproperlyConfigured(
            "DJANGO_ENV=production refuses to start without a real SECRET_KEY: set it to a "
            "random value of at least 50 characters, e.g. the output of "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`."
        )
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured(
            "DJANGO_ENV=production needs ALLOWED_HOSTS: the host names this site is served on, "
            "comma-separated."
        )

    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000, minimum=0)
    # These two bind every subdomain too, so they are a per-domain decision.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    if env_bool("TRUST_X_FORWARDED_PROTO", False):
        # Only behind a proxy that terminates TLS and sets this header itself;
        # otherwise a client could claim to be on HTTPS.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
