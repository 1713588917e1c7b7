"""Every URL of the URLconf, as every role, with hostile values in each path
parameter, query parameter and form or JSON field: no answer is a 500, and
no answer does unbounded work.

Nothing here is a list of known pages. The URLs come from the URLconf
(`get_resolver()`, the admin's included), the query and form field names
from the project's own forms and filters (every `BaseForm` and `FilterSet`
subclass in the apps) and from the source (`request.GET.get("...")` and its
kin), the JSON keys from the score-entry API's contract. A new view, form
field or query parameter is walked without a line added here: if it forgets
to validate, this fails.

Work is counted, not timed: characters handed to the tile parser, SQL
queries and the size of the answer, per request.

Two passes: every URL x method x role with each value of HOSTILE in turn
(deterministic, the findings of issue 13 among them), then hypothesis
combines values at random (HOSTILE_EXAMPLES sweeps, 2 by default; raise it
locally to search longer, e.g. HOSTILE_EXAMPLES=200).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django import forms
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scoring.engine import tiles as engine_tiles
from tests.pages.test_permission_matrix import (  # noqa: F401 (fixtures)
    FIXED,
    World,
    _built_world,
    world,
)

# A walk through every URL (about 100 s): the slow pass.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
APPS = ("common", "config", "clubs", "tournaments", "scoring", "exports", "rankings", "stats",
        "operations")

# --- The hostile values ---------------------------------------------------------------

HUGE = "99999999999999999999"
TILES_200KB = "123m" * 50_000
HOSTILE: list[str] = [
    "²",  # a Unicode digit: str.isdigit() is True, int() fails
    "member-²", "nmb-²", "٣", "１２",  # Arabic-Indic and full-width digits
    HUGE, "-" + HUGE, "-1", "0", str(2**31), str(2**63), "1e308", "NaN", "inf", "0x10",
    "\x00", "a\x00b", "", " ", "x" * 20_000, "名前 ☃ 🀄", "' OR 1=1 --", "%", "\\",
    "9999-12-31", "0001-01-01", "2031-02-30", "99999-01-01",
    "²34456m123p789s11z", TILES_200KB, "1" * 5000 + "m",
    "//evil.example/x", "https://evil.example/", "javascript:alert(1)",
    "[]", "{}", "null", "true",
]

# JSON values for the API: the shapes the contract knows, with hostile contents.
HOSTILE_JSON: list[Any] = [
    None, True, -1, 0, 10**25, -(10**25), 2**63, 1.5, float("inf"), "²", HUGE, "x" * 2000,
    [], {}, [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]],
    {"0": 10**25, "1": -(10**25), "2": 0, "3": 0},
    {"0": 40, "1": 20, "2": 10, "3": 0, "99999999999999999999": 1},
    {"0": {"concealed": "²34456m123p789s11z", "melds": []}},
    {"0": {"concealed": "123m" * 100, "melds": [{"kind": "pung", "tiles": "555z"}] * 20}},
    {"0": {"concealed": "123m456p789s11z", "melds": "x" * 2000}},
    {"0": 1, "²": 2},
    {"1": 0, "0": 1, "-1": 2},
]
API_KEYS = ("submission_id", "expected_version", "values", "tiles", "winner", "east",
            "discarder", "flags", "dead", "winning_tile", "win_source", "positions", "game")

# Per request: what a page may cost at most, whatever it was sent. A real
# page of this world costs far less (the densest, an organiser's event page,
# about 60 queries); the bounds catch work that grows with the input.
MAX_PARSED_CHARACTERS = 4_000
MAX_QUERIES = 250
MAX_ANSWER_BYTES = 1_000_000

ROLES = ("admin", "org", "other_org", "sk", "member", "anon")


# --- What to send: from the URLconf, the forms and the source -------------------------

@dataclass(frozen=True)
class Url:
    name: str
    arguments: tuple[tuple[str, str], ...]  # (name, converter), in order
    admin: bool


def walk_urls() -> list[Url]:
    found: list[Url] = []

    def walk(patterns: list[Any], namespace: str, converters: dict[str, str],
             admin: bool) -> None:
        for pattern in patterns:
            own = _converters(pattern)
            if isinstance(pattern, URLResolver):
                inner = pattern.namespace or namespace
                walk(pattern.url_patterns, inner, {**converters, **own},
                     admin or pattern.namespace == "admin")
            elif isinstance(pattern, URLPattern) and pattern.name:
                name = f"{namespace}:{pattern.name}" if namespace else pattern.name
                found.append(Url(name, tuple({**converters, **own}.items()), admin))

    walk(get_resolver().url_patterns, "", {}, False)
    unique = {url.name: url for url in found}  # one pattern a name (the admin repeats some)
    return sorted(unique.values(), key=lambda url: url.name)


def _converters(pattern: Any) -> dict[str, str]:
    route = getattr(pattern.pattern, "_route", None)
    if route is not None:
        return {name: kind or "str"
                for kind, name in re.findall(r"<(?:(\w+):)?(\w+)>", route)}
    regex = getattr(pattern.pattern, "_regex", "")
    return {name: "regex" for name in re.findall(r"\(\?P<(\w+)>", regex)}


def _project_subclasses(base: type) -> Iterator[type]:
    seen: set[type] = set()
    stack = list(base.__subclasses__())
    while stack:
        cls = stack.pop()
        if cls in seen:
            continue
        seen.add(cls)
        stack.extend(cls.__subclasses__())
        if cls.__module__.split(".")[0] in APPS:
            yield cls


def field_names() -> list[str]:
    """Every field a form or filter of the project declares, and every name
    the views read from request.GET or request.POST themselves."""
    import django_filters  # type: ignore[import-untyped]
    from django.apps import apps

    for config in apps.get_app_configs():  # the forms and filters modules, imported
        if config.name in APPS:
            for module in ("forms", "filters", "views", "urls", "api"):
                try:
                    __import__(f"{config.name}.{module}")
                except ModuleNotFoundError:
                    pass
    names: set[str] = set()
    for form in _project_subclasses(forms.BaseForm):
        names.update(getattr(form, "base_fields", {}))
    for filterset in _project_subclasses(django_filters.FilterSet):
        names.update(filterset.base_filters)
    read = re.compile(r"request\.(?:GET|POST)(?:\.get|\.getlist|\.__getitem__)?"
                      r"[\(\[]\s*[\"'](\w+)[\"']")
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            names.update(read.findall(path.read_text(encoding="utf-8")))
    # django-tables2's own parameters, and Django admin's changelist's.
    names.update({"sort", "page", "q", "o", "p", "e", "_changelist_filters", "next",
                  "object_id", "year"})
    return sorted(names)


# --- Sending and judging --------------------------------------------------------------

@dataclass
class Work:
    parsed: int = 0


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Work:
    """Counts the characters the engine's tile parser reads (what passes
    its length limit; a memo hit counts too, as a new text would cost)."""
    counter = Work()
    original = engine_tiles._parse_memo

    def counting(text: str, *args: Any) -> Any:
        counter.parsed += len(text) if isinstance(text, str) else 0
        return original(text, *args)

    monkeypatch.setattr(engine_tiles, "_parse_memo", counting)
    return counter


@dataclass
class Walk:
    world: World
    work: Work
    clients: dict[str, Client]
    fields: list[str]
    failures: list[str] = field(default_factory=list)
    # The fixed sweeps must reach the views: a request of theirs that the
    # door would refuse for its size is the walk's own fault.
    within_the_door: bool = False

    def good(self, name: str, converter: str, url: Url) -> list[str]:
        """The world's own values for a URL argument, so a request reaches
        the view's deepest code before the hostile part is met."""
        values = [str(v) for v in (FIXED.get(url.name, {}).get(name),
                                   self.world.kwargs[""].get(name)) if v is not None]
        if name == "kind":
            values += ["standings_pdf", "hand_log_xlsx"]
        if name == "action":
            values += ["withdraw", "swap", "drop-out", "check-in", "late", "substitute",
                       "approve", "seat", "undo-check-in", "not-late", "undo-drop-out"]
        if name == "key":
            values += ["nmb-1001", f"member-{self.world.registration.member_id}"]
        if name == "ruleset":
            values += ["nts", "hongkong", "philos"]
        if name == "app_label":
            values += ["clubs", "tournaments", "auth"]
        if name == "object_id":
            values += [str(self.world.event.pk)]
        if not values:
            values = {"int": ["1"], "slug": ["a"]}.get(converter, ["x"])
        return values

    def url(self, url: Url, values: dict[str, str]) -> str | None:
        try:
            return reverse(url.name, kwargs=values or None)
        except NoReverseMatch:
            return None  # a value the converter does not match: the resolver's 404

    def send(self, url: Url, path: str, method: str, role: str, query: dict[str, str],
             body: dict[str, str] | None, json_body: Any = None) -> None:
        client = self.clients[role]
        if self.within_the_door:
            sizes = {"query": (len(urlencode(query)), django_settings.MAX_QUERY_BYTES),
                     "JSON": (len(json_body or ""), django_settings.MAX_API_REQUEST_BYTES),
                     "form": (len(urlencode(body or {})), django_settings.MAX_FORM_REQUEST_BYTES)}
            for what, (size, limit) in sizes.items():
                assert size <= limit, (f"the walk's {what} of {size} bytes is over the door's "
                                       f"{limit}: shorten the values so the views are reached")
        self.work.parsed = 0
        with CaptureQueriesContext(connection) as queries:
            try:
                if method == "GET":
                    response = client.get(path, query)
                elif json_body is not None:
                    response = client.post(path, json_body, content_type="application/json")
                else:
                    response = client.post(path, body or {})
            except Exception as error:  # the test client re-raises what a view raised
                self.failures.append(f"{method} {path} as {role}: raised {error!r:.300}"
                                     f" (query {_short(query)}, body {_short(body)},"
                                     f" json {_short(json_body)})")
                return
        size = len(response.content) if not response.streaming else 0
        problems = []
        if response.status_code >= 500:
            problems.append(f"status {response.status_code}")
        if self.work.parsed > MAX_PARSED_CHARACTERS:
            problems.append(f"{self.work.parsed} characters parsed")
        if len(queries) > MAX_QUERIES:
            problems.append(f"{len(queries)} queries")
        if size > MAX_ANSWER_BYTES:
            problems.append(f"an answer of {size} bytes")
        if problems:
            self.failures.append(f"{method} {path} as {role}: {', '.join(problems)}"
                                 f" (query {_short(query)}, body {_short(body)},"
                                 f" json {_short(json_body)})")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 200 else text[:200] + "…"


@pytest.fixture
def walk(world: World, work: Work, settings: Any) -> Walk:  # noqa: F811 (fixture)
    settings.RATELIMIT_ENABLE = False  # every request here is one visitor's
    clients = {}
    for role in ROLES:
        client = Client(raise_request_exception=True)
        user = world.users.get(role)
        if user is not None:
            client.force_login(user)
        clients[role] = client
    walk = Walk(world=world, work=work, clients=clients, fields=field_names())
    walk.fields = sorted(set(walk.fields) | page_fields(walk))
    return walk


def page_fields(walk: Walk) -> set[str]:
    """The names of the fields the pages show (forms build some of theirs
    as they go: a rule set's options, a hand's values per seat)."""
    names: set[str] = set()
    for url in walk_urls():
        if url.admin:
            continue
        path = walk.url(url, {name: walk.good(name, converter, url)[0]
                              for name, converter in url.arguments})
        if path is None:
            continue
        for role in ("admin", "sk"):
            response = walk.clients[role].get(path)
            if response.status_code == 200 and not response.streaming and \
                    "html" in response.get("Content-Type", ""):
                names.update(re.findall(r'<(?:input|select|textarea)[^>]*\sname="([^"]+)"',
                                        response.content.decode()))
    names.discard("csrfmiddlewaretoken")
    return names


def sweep(walk: Walk, urls: list[Url], roles_for: Any, choose: Any) -> None:
    """Every URL, both methods, as the roles `roles_for(index, url)` gives:
    path arguments, query and form fields and JSON keys each get what
    `choose(kind, name, position, good)` picks."""
    for index, url in enumerate(urls):
        for method in ("GET", "POST"):
            for role in (("admin",) if url.admin else roles_for(index, url)):
                # A NUL in an address is refused at the door (test_long_values_
                # meet_the_door); in a form's body it reaches the views.
                values = {name: _no_nul(choose("path", name, position,
                                               walk.good(name, converter, url)),
                                        walk.good(name, converter, url)[0])
                          for position, (name, converter) in enumerate(url.arguments)}
                path = walk.url(url, values)
                if path is None:  # the hostile value did not fit: try the good ones
                    path = walk.url(url, {name: walk.good(name, converter, url)[0]
                                          for name, converter in url.arguments})
                if path is None:
                    continue
                fields = {name: choose("field", name, position, None)
                          for position, name in enumerate(walk.fields)}
                if method == "GET":
                    query = {name: _no_nul(value, "") for name, value in fields.items()}
                    walk.send(url, path, method, role, query, None)
                elif "/api/" in path:
                    body = {key: choose("json", key, position, None)
                            for position, key in enumerate(API_KEYS)}
                    walk.send(url, path, method, role, {}, None,
                              json_body=json.dumps(body, allow_nan=True))
                else:
                    walk.send(url, path, method, role, {}, fields)


def _no_nul(value: Any, instead: str) -> Any:
    return instead if isinstance(value, str) and "\x00" in value else value


def test_the_walk_sees_every_url_and_field(walk: Walk) -> None:
    """The walk finds the URLs and fields on its own (a guard against the
    discovery silently finding nothing)."""
    names = {url.name for url in walk_urls()}
    assert {"scoring:check", "tournaments:api_hands", "exports:ask", "stats:player",
            "tournaments:season_year", "admin:index"} <= names
    assert {"after", "object_id", "table_number", "after_round", "start_date",
            "days", "kind", "page", "q", "value_0"} <= set(walk.fields), walk.fields
    assert any(name.startswith("option_") and "limit" in name for name in walk.fields)


# The deterministic pass: sweep r gives field j the value CORE[(r + j) % n],
# so over len(CORE) sweeps every field and path argument meets every value.
# The site administrator reaches every page; a second role, in turn, sees
# what the others see (a scorekeeper's API, a member's own pages, a visitor).
# Short enough that a request with one in every field passes the door (the
# query string and body limits of config/security.py, which the long values
# of HOSTILE meet) and reaches the views: with 123 fields (issue 17's EMA,
# MERS and penalty fields among them) a value of 100 characters took the
# query past 4096 bytes; 60 still passes every field's length limit that
# matters here (EMA number 8, country 3, city 80 is met by HOSTILE).
CORE = ["²", "member-²", HUGE, "-1", "x" * 60, "\x00", "9999-12-31", "", "名前 ☃ 🀄",
        "²34456m123p789s11z"]
# HOSTILE_SWEEPS=all: every value of HOSTILE short enough to pass the door
# (the long ones meet it in test_long_values_meet_the_door).
SHORT = [value for value in HOSTILE if len(value) <= 100]
SWEEP_VALUES = SHORT if os.environ.get("HOSTILE_SWEEPS") == "all" else CORE
SWEEPS = range(len(SWEEP_VALUES))
OTHER_ROLES = ("sk", "anon", "member", "org", "other_org")


@pytest.mark.parametrize("sweep_index", SWEEPS)
def test_every_url_with_hostile_values(walk: Walk, sweep_index: int) -> None:
    values = SWEEP_VALUES

    def roles(index: int, url: Url) -> tuple[str, ...]:
        return ("admin", OTHER_ROLES[(sweep_index + index) % len(OTHER_ROLES)])

    def choose(kind: str, name: str, position: int, good: list[str] | None) -> Any:
        if kind == "json":
            return HOSTILE_JSON[(sweep_index + position) % len(HOSTILE_JSON)]
        value = values[(sweep_index + position) % len(values)]
        if kind == "path":
            assert good is not None
            return value if value and "/" not in value else good[0]
        return value

    walk.within_the_door = True
    sweep(walk, walk_urls(), roles, choose)
    assert not walk.failures, f"{len(walk.failures)} failures:\n" + "\n".join(walk.failures[:40])


def test_long_values_meet_the_door(walk: Walk) -> None:
    """Every URL with one value longer than the door takes, or a NUL in its
    address: refused there (414, 413, 400) before any view, never a 500."""
    long_text = "x" * (django_settings.MAX_QUERY_BYTES + 1)
    for url in walk_urls():
        path = walk.url(url, {name: walk.good(name, converter, url)[0]
                              for name, converter in url.arguments})
        if path is None:
            continue
        get = walk.clients["admin"].get(path, {"q": long_text})
        post = walk.clients["admin"].post(path, {"title": TILES_200KB})
        upload = url.name in django_settings.UPLOAD_VIEWS
        assert get.status_code == 414, (path, get.status_code)
        assert walk.clients["admin"].get(path, {"q": "a\x00b"}).status_code == 400, path
        assert walk.clients["anon"].get(path.rstrip("/") + "%00/").status_code in (400, 404)
        assert post.status_code == (200 if upload else 413) or (
            upload and post.status_code < 500), (path, post.status_code)


HYPOTHESIS = hypothesis_settings(
    max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "2")), deadline=None, database=None,
    phases=[Phase.explicit, Phase.generate],  # a sweep is its own report: no shrinking
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                           HealthCheck.data_too_large, HealthCheck.large_base_example])

texts = (st.sampled_from(HOSTILE) | st.text(max_size=40)
         | st.integers().map(str) | st.from_regex(r"[0-9]{1,40}", fullmatch=True))
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
    | st.sampled_from(HOSTILE_JSON),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["0", "1", "2", "3", "concealed", "melds", "kind",
                                       "tiles", "²"]), children, max_size=4),
    max_leaves=12)


@HYPOTHESIS
@given(data=st.data())
def test_every_url_with_random_hostile_values(walk: Walk, data: st.DataObject) -> None:
    """One sweep an example: each field, path argument and JSON key gets one
    drawn value for the whole sweep (so an example stays small enough for
    hypothesis), each URL a drawn role."""
    walk.failures.clear()
    drawn: dict[tuple[str, str], Any] = {}

    def roles(index: int, url: Url) -> tuple[str, ...]:
        return (data.draw(st.sampled_from(ROLES), label=f"role of {url.name}"),)

    def choose(kind: str, name: str, position: int, good: list[str] | None) -> Any:
        if (kind, name) not in drawn:
            if kind == "json":
                strategy: Any = json_values
            elif kind == "path":
                assert good is not None
                strategy = st.sampled_from(good) | texts.filter(lambda v: "/" not in v)
            else:
                strategy = texts
            drawn[kind, name] = data.draw(strategy, label=f"{kind} {name}")
        value = drawn[kind, name]
        return value if kind != "path" or value else (good or ["x"])[0]

    sweep(walk, walk_urls(), roles, choose)
    assert not walk.failures, f"{len(walk.failures)} failures:\n" + "\n".join(walk.failures[:40])
