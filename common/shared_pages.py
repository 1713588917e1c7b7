"""Pages that are the same for every anonymous reader (a published event's
standings, its round results, the rankings), served whole from the shared
cache with validators, so that a full hall and a national audience cost
one rendering per change of the results, not one per reader.

Who shares a page: a GET without a session cookie (nobody logged in, no
session of an anonymous visitor either) and without a pending message. A
logged-in reader sees their own menu, so their page is rendered for them
and marked private.

What a shared page carries: an ETag and Last-Modified from the data's
version (never from a hash of the body: a page rebuilt from the same data
would hash the same, but a page served while another process recomputes
must keep its own version), and `Cache-Control: public, max-age=...`, so
that the reader's browser and a reverse proxy in front (docs/operations.md)
may keep it for SHARED_PAGE_MAX_AGE seconds and then ask again with
If-None-Match, answered 304 while nothing changed.

A shared page holds no CSRF token: its two forms (the language buttons and
the export buttons) do not need one for an anonymous reader (see
exports.views.ask and config.urls).
"""

from __future__ import annotations

import datetime
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date

from common.caches import cache_errors


@dataclass(frozen=True)
class StoredPage:
    """A rendered page as the cache keeps it."""

    body: bytes
    content_type: str


class NotShared(Exception):  # noqa: N818 (a signal, not an error)
    """Raised by a page's renderer when the request turned out not to be one
    every reader shares (a query the page's own links do not make): the
    page is answered to this request alone and nothing is stored."""

    def __init__(self, response: HttpResponse) -> None:
        super().__init__("not a shared page")
        self.response = response


# The pages this process served last, with the version each belongs to: a
# copy, served only while the shared cache says its version is still the
# current one, so it saves the page's trip to the cache (and unpickling it),
# never the check. A few hundred pages of some tens of kB each.
REMEMBERED_PAGES = 256
_remembered: OrderedDict[str, tuple[str, StoredPage]] = OrderedDict()
_remembered_lock = threading.Lock()


def remembered(key: str, version: str) -> StoredPage | None:
    """The page kept under `key` if it is of `version`."""
    with _remembered_lock:
        kept = _remembered.get(key)
        if kept is None or kept[0] != version:
            return None
        _remembered.move_to_end(key)
        return kept[1]


def remember(key: str, version: str, page: StoredPage) -> None:
    with _remembered_lock:
        _remembered[key] = (version, page)
        _remembered.move_to_end(key)
        while len(_remembered) > REMEMBERED_PAGES:
            _remembered.popitem(last=False)


def rendered(render: Callable[[], HttpResponse]) -> HttpResponse:
    """The page rendered for this request alone, shared or not."""
    try:
        return render()
    except NotShared as not_shared:
        return not_shared.response


def is_shared_reader(request: HttpRequest) -> bool:
    """Whether the request is answered with the page every anonymous reader
    gets. Decided from the cookies alone: reading the session would cost a
    query."""
    return (request.method == "GET"
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
            and "messages" not in request.COOKIES)


def key_of(request: HttpRequest) -> str:
    """The page's name in the cache: its path (the language is its prefix)
    and query. The caller shares only queries its own links make."""
    return hashlib.sha256(request.get_full_path().encode()).hexdigest()[:32]


def stored(render: Callable[[], HttpResponse]) -> Callable[[], StoredPage]:
    """The renderer of a page, as a computation for the cache: only a
    complete 200 page is kept."""
    def compute() -> StoredPage:
        response = render()
        if response.status_code != 200 or response.streaming:
            raise NotShared(response)
        return StoredPage(response.content, response["Content-Type"])

    return compute


def respond(request: HttpRequest, page: StoredPage, *, version: str | None,
            changed_at: float | None) -> HttpResponse:
    """The stored page with its validators, or 304 when the reader's copy is
    this version. `version` None (no reachable cache): no validators."""
    response = HttpResponse(page.body, content_type=page.content_type)
    patch_cache_control(response, public=True, max_age=settings.SHARED_PAGE_MAX_AGE)
    # A browser that has just logged in must not show its copy of the
    # anonymous page (a proxy bypasses its cache on the session cookie,
    # docs/operations.md).
    patch_vary_headers(response, ("Cookie",))
    if version is None:
        return response
    etag = '"' + hashlib.sha256(f"{version}|{key_of(request)}".encode()).hexdigest()[:32] + '"'
    response["ETag"] = etag
    last_modified = int(changed_at) if changed_at is not None else None
    if last_modified is not None:
        response["Last-Modified"] = http_date(last_modified)
    answer = get_conditional_response(request, etag=etag, last_modified=last_modified,
                                      response=response)
    return answer if answer is not None else response


def serve(request: HttpRequest, *, name: str, version: str | None,
          fetch: Callable[[], tuple[StoredPage, str | None]],
          changed_at: Callable[[str], float | None]) -> HttpResponse:
    """The page every anonymous reader shares (the caller has checked
    is_shared_reader and that the query is one the page's links make),
    under `name`, built from validated values only, never from what a
    visitor typed, or every made-up value would be an entry.

    `version` is the current version of what the page shows, read cheaply
    (None when not known): while this process's copy is of it, the copy is
    served. Else `fetch` gives the page and the version it belongs to (from
    the shared cache, or rendered), which its validators come from."""
    name = hashlib.sha256(name.encode()).hexdigest()[:40]
    page = remembered(name, version) if version is not None else None
    if page is None:
        try:
            page, version = fetch()
        except NotShared as not_shared:
            return private(not_shared.response)
        if version is not None:
            remember(name, version, page)
    return respond(request, page, version=version,
                   changed_at=changed_at(version) if version is not None else None)


# A kept page expires on its own after a day: a stale version is never
# served, this only frees the space.
KEEP_SECONDS = 24 * 60 * 60


def kept(name: str, version: str, render: Callable[[], HttpResponse]) -> tuple[StoredPage, str]:
    """A `fetch` for serve: the page kept in the shared cache under `name`
    if it is of `version`, else rendered and kept. `version` must have been
    read before rendering, so a page is never older than its version says.
    (An event's pages are kept by tournaments.services.results_cache
    instead, which knows what a page was built on.)"""
    key = "shared-page:" + hashlib.sha256(name.encode()).hexdigest()[:40]
    try:
        found: tuple[str, StoredPage] | None = cache.get(key)
    except cache_errors():
        found = None
    if found is not None and found[0] == version:
        return found[1], version
    page = stored(render)()
    try:
        cache.set(key, (version, page), KEEP_SECONDS)
    except cache_errors():
        pass  # served all the same; the next reader renders it again
    return page, version


def private(response: HttpResponse) -> HttpResponse:
    """A page rendered for one reader: a shared cache must not keep it, and
    the browser asks again each time."""
    patch_cache_control(response, private=True, no_cache=True)
    return response


def as_of(changed_at: float | None) -> datetime.datetime:
    """The moment a page's data last changed, for "results as of"; now when
    it is not known."""
    if changed_at is None:
        return datetime.datetime.now(tz=datetime.UTC)
    return datetime.datetime.fromtimestamp(changed_at, tz=datetime.UTC)
