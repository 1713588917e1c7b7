"""The scorekeeper's score-entry page for one table, its preview endpoint and
the service worker that keeps the page usable when the hall's network drops.

    GET  /tables/<id>/score/          the page (login required; 404 for anyone
                                      who may not keep the score there)
    POST /api/tables/<id>/preview/    score a hand as submit_hand would,
                                      without saving: breakdown, settlement
    GET  /tables/score-sw.js          the service worker; its scope (/tables/,
                                      or /en/tables/) covers every table page

Saving goes to the existing POST /api/tables/<id>/hands/ (tournaments.api).
"""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from clubs import access
from tournaments.api import api_view, hand_input, json_body
from tournaments.services import hands

# The 34 tiles in the engine's notation, in picker order.
TILES = ([f"{n}{suit}" for suit in "mps" for n in range(1, 10)]
         + [f"{n}z" for n in range(1, 8)])

# What the service worker keeps for a reload without a connection.
SHELL_FILES = ["css/app.css", "js/score-entry.js"] + [f"tiles/{tile}.svg" for tile in TILES]


def tile_names() -> dict[str, str]:
    """Each tile's name in the user's language (labels and alt texts)."""
    suits = {"m": _("characters"), "p": _("circles"), "s": _("bamboo")}
    names = {f"{n}{suit}": _("%(number)s of %(suit)s") % {"number": n, "suit": name}
             for suit, name in suits.items() for n in range(1, 10)}
    names.update({"1z": _("East wind"), "2z": _("South wind"), "3z": _("West wind"),
                  "4z": _("North wind"), "5z": _("White dragon"), "6z": _("Green dragon"),
                  "7z": _("Red dragon")})
    return names


def wind_letters() -> dict[str, str]:
    # Translators: one-letter abbreviations of the winds East, South, West, North.
    return {"E": _("E"), "S": _("S"), "W": _("W"), "N": _("N")}


def page_texts() -> dict[str, str]:
    """The texts the page's script shows, in the user's language."""
    return {
        "online": _("Online"), "offline": _("Offline: hands are kept on this device"),
        "nobody": _("Nobody (draw)"), "wall": _("Nobody (self-drawn)"),
        "value": _("Value"), "dead": _("Dead hand"), "east": _("East"),
        "total": _("Total"), "tiles_of": _("Tiles of %(name)s"),
        "no_tiles": _("No tiles yet: the value above counts."),
        "waiting": _("Not yet sent"), "sending": _("Sending…"),
        "conflict": _("Conflict"), "refused": _("Refused"),
        "retry": _("Send again"), "discard": _("Discard"),
        "saved": _("Hand %(number)s saved."),
        "queued": _("No connection: the hand is kept on this device and sent when the "
                    "connection is back."),
        "choose_winner": _("Choose who won, or tap Draw."),
        "points": _("points"), "doublings": _("doublings"), "value_total": _("value"),
        "settlement": _("Settlement"), "hand": _("Hand"), "winner": _("Winner"),
        "draw": _("Draw"), "preview_offline": _("Checking needs a connection; the hand "
                                                "is checked when it is sent."),
        "chow": _("chow"), "pung": _("pung"), "kong": _("kong"),
        "concealed": _("concealed"), "open": _("open"),
        "bad_chow": _("A chow needs three tiles in a row of one suit."),
        "unconfirmed": _("not confirmed"),
        "tile_count": _("%(count)s tiles"),
    }


@login_required
@never_cache
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = access.get_table_for_scorekeeper(request.user, table_id)
    hand_list = [hands.hand_json(hand) for hand in table.hands.order_by("number")]
    names = tile_names()
    letters = wind_letters()
    return render(request, "tournaments/entry/table.html", {
        "table": table,
        "state": hands.table_state(table),
        "hands": hand_list,
        "tiles": [{"code": code, "name": names[code],
                   "letter": letters["ESWN"[int(code[0]) - 1]]
                   if code[1] == "z" and int(code[0]) <= 4 else ""}
                  for code in TILES],
        "tile_names": names,
        "wind_letters": letters,
        "messages_js": page_texts(),
    })


@require_POST
@api_view
def preview(request: HttpRequest, table_id: int) -> HttpResponse:
    table = access.get_table_for_scorekeeper(request.user, table_id)
    return JsonResponse(hands.preview_hand(table, hand_input(json_body(request))))


SERVICE_WORKER = """// The score-entry page's service worker: network first, the cache when
// the network fails, so a reload in a hall without a connection still shows
// the page. Hands themselves wait in the page's localStorage queue.
const CACHE = "score-entry-v1";
const SHELL = %(shell)s;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))
  )).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Only pages and static files; the JSON API is always live.
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.includes("/api/")) {
    return;
  }
  event.respondWith(
    fetch(request).then((response) => {
      if (response.ok && response.type === "basic") {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return response;
    }).catch(() => caches.match(request, {ignoreVary: true}).then(
      (cached) => cached || Response.error()))
  );
});
"""


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    shell = json.dumps([static(path) for path in SHELL_FILES])
    response = HttpResponse(SERVICE_WORKER % {"shell": shell},
                            content_type="text/javascript; charset=utf-8")
    # A browser checks for a new worker at most daily when cached; keep it fresh.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = request.path.rsplit("/", 1)[0] + "/"
    return response
