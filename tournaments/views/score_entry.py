"""The scorekeeper's score-entry page for one table, its preview endpoint and
the service worker that keeps the page usable when the hall's network drops.

    GET  /tables/<id>/score/          the page (login required; 404 for anyone
                                      who may not keep the score there)
    POST /api/tables/<id>/preview/    score a hand as submit_hand would,
                                      without saving: breakdown, settlement
    GET  /tables/score-sw.js          the service worker; its scope (/tables/,
                                      or /en/tables/) covers every table page

Saving goes to the existing POST /api/tables/<id>/hands/ (tournaments.api);
corrections, deletions, confirmations, seat corrections and the audit trail
to their endpoints there. A preview body may name the hand it corrects
("hand": number): it is then scored as that hand (its prevailing wind and
East), as the correction will be.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scoring import texts, tiles
from scoring.engine import FALSE_MAHJONG, PAO, PAO_PREFIX, SEVEN_FIVE
from scoring.engine.tiles import BONUS_CODES, TILE_CODES
from scoring.tiles import picker_tiles, tile_names, wind_letters
from tournaments import access
from tournaments.api import api_view, hand_input, json_body
from tournaments.seating import five_player_schedule
from tournaments.services import hands, score_entry_page, table_scores

# What the service worker keeps for a reload without a connection, with
# every module of the score-entry script (static/js/score-entry/) included.
SCORE_ENTRY_MODULES = sorted(f"js/score-entry/{module.name}" for module in
                             (settings.BASE_DIR / "static" / "js" / "score-entry").glob("*.js"))
SHELL_FILES = (["css/app.css", "js/tile-picker.js", *SCORE_ENTRY_MODULES]
               + [f"tiles/{tile}.svg" for tile in TILE_CODES])


def bonus_tiles() -> list[dict[str, str]]:
    """Flowers 1f-4f and seasons 1j-4j, for rule sets that use them."""
    return [{"code": code, "name": (_("Flower %(number)s") if code.endswith("f")
                                    else _("Season %(number)s")) % {"number": code[0]}}
            for code in BONUS_CODES]


def tile_choices(event: Any) -> dict[str, Any]:
    """Only what the event's rule set accepts (score_entry_page.entry_options):
    its flags, a responsible player (pao) and a false mahjong where it has
    them, its bonus tiles, and how hands by values are entered."""
    options = score_entry_page.entry_options(event)
    # The engine's hand flags (every flag but who pays) in its order,
    # worded as on "Check a hand".
    labels, sources = texts.flag_labels(), texts.win_source_labels()
    return {
        "flags": [{"name": name, "label": label} for name, label in labels.items()
                  if name in options["flags"]],
        "pao": options["pao"],
        "false_mahjong": options["false_mahjong"],
        "bonus_tiles": bonus_tiles() if options["bonus_tiles"] else [],
        "win_sources": [{"name": name, "label": sources.get(name, name.replace("_", " "))}
                        for name in options["win_sources"]],
        "values": {"limit": options["value_limit"], "winner_only": options["winner_only"],
                   "unit": options["unit"], "flags": options["value_flags"],
                   "minimum": options["value_minimum"], "cap": options["value_cap"]},
        # By values the flags that are not "who pays" (those have their own
        # fields): Hong Kong's 7-5 rule.
        "value_flags": [{"name": name, "label": labels.get(name) or texts.flag_label(name)}
                        for name in options["value_flags"]
                        if name not in (PAO, FALSE_MAHJONG)],
    }


def page_texts() -> dict[str, str]:
    """The texts the page's script shows, in the user's language."""
    return {
        "online": _("Online"), "offline": _("Offline: hands are kept on this device"),
        "nobody": _("Nobody (draw)"), "wall": _("Self-drawn (nobody discarded)"),
        # What the form will save, next to the Save button.
        "draw_summary": _("Draw: nobody wins"),
        "draw_done": _("Draw chosen: nobody wins and nobody discarded. The settlement of the "
                       "players' values is shown below; tap Save hand."),
        "wins": _("%(name)s wins"),
        "wins_self_drawn": _("%(name)s wins, self-drawn"),
        "wins_on_discard": _("%(name)s wins on the discard of %(discarder)s"),
        "choose_discarder": _("who discarded?"),
        "choose_discarder_error": _("Choose who discarded the winning tile, or Self-drawn."),
        "winning_tile": _("winning tile"),
        "value": _("Value"), "dead": _("Dead hand"), "east": _("East"),
        "sits_out": _("sits out this hand"),
        "total": _("Total"), "tiles_of": _("Tiles of %(name)s"),
        "no_tiles": _("No tiles yet: the value above counts."),
        "no_tiles_yet": _("No tiles yet."),
        "waiting": _("Not yet sent"), "sending": _("Sending…"),
        "conflict": _("Conflict"), "refused": _("Refused"),
        "retry": _("Send again"), "discard": _("Discard"),
        "saved": _("Hand %(number)s saved."),
        # Translators: e.g. "Hand 3 saved: S Cor +96" (seat wind letter, winner, settlement).
        "saved_winner": _("Hand %(number)s saved: %(wind)s %(name)s %(settlement)s"),
        "queued": _("No connection: the hand is kept on this device and sent when the "
                    "connection is back."),
        "choose_winner": _("Choose who won, or tap Draw."),
        # Refused on the phone before the server is asked (entry.js entryProblem).
        "not_whole": _("%(name)s: a value must be a whole number of 0 or more, such as 8 or "
                       "24."),
        "fan_not_whole": _("The fan of %(name)s must be a whole number, such as 3 or 8."),
        "fan_missing": _("Enter the fan of %(name)s, the winner, or tap the limit."),
        "winner_tiles_missing": _("Tap the tiles of %(name)s, the winner, or enter the fan "
                                  "under Values."),
        "value_total": _("value"),
        "settlement": _("Settlement"), "hand": _("Hand"), "winner": _("Winner"),
        "draw": _("Draw"), "preview_offline": _("Checking needs a connection; the hand "
                                                "is checked when it is sent."),
        "chow": _("chow"), "pung": _("pung"), "kong": _("kong"),
        "concealed": _("concealed"), "open": _("open"),
        "bad_chow": _("A chow needs three tiles in a row of one suit."),
        "unconfirmed": _("not confirmed"),
        "tile_count": _("%(count)s tiles"),
        **{key: value for key, value in tiles.tray_texts().items() if key.startswith("tile_")},
        # Corrections, deletions, confirmations.
        # Translators: a verb on a button (correct the hand), not "right".
        "correct": _("Correct"), "delete": _("Delete"), "confirm": _("Confirm"),
        "correct_hand": _("Correct hand %(number)s"),
        "delete_hand": _("Delete hand %(number)s"),
        "confirm_hand": _("Confirm hand %(number)s"),
        "delete_question": _("Delete hand %(number)s? It stays in the history."),
        "delete_yes": _("Yes, delete"), "delete_no": _("Keep it"),
        "correcting": _("Correcting hand %(number)s"),
        "correcting_help": _("Saving replaces the saved hand; its old values stay in the "
                             "history."),
        "save_correction": _("Save correction"), "save_hand": _("Save hand"),
        "enter_next": _("Enter the next hand"),
        "corrected": _("Hand %(number)s corrected."),
        "deleted": _("Hand %(number)s deleted."),
        "confirmed_hand": _("Hand %(number)s confirmed."),
        "waiting_other": _("Waiting for confirmation by a second person"),
        "needs_connection": _("Corrections, deletions and confirmations need a connection. "
                              "Try again when the connection is back."),
        "send_first": _("Wait until the hands not yet sent have been sent."),
        "gone": _("Hand %(number)s no longer exists; the list has been updated."),
        "check_again": _("Check the hand against the list and save again."),
        # Seat correction.
        "seats_saved": _("Seats corrected; the settlements of %(count)s hands were "
                         "recomputed."),
        "seats_twice": _("%(name)s is chosen for two seats: every player sits in one seat."),
        "seats_same": _("Nobody changes seats."),
        "seat_wind": _("Seat %(number)s (%(wind)s at the start of the round)"),
        "seat_fifth": _("Seat %(number)s (the fifth player)"),
        # History.
        "history_empty": _("No changes yet."),
        "did_not_play": _("did not play"),
        "history_player": _("%(wind)s, value %(value)s, settlement %(settlement)s"),
        # Hong Kong: the winner's value is entered as fan and stored as the
        # amount the payment table gives it ("Amount" in the check).
        "history_player_amount": _("%(wind)s, amount %(value)s, settlement %(settlement)s"),
        "amount_word": _("amount"), "fan_count": _("%(fan)s fan"),
        "wind_word": _("wind"), "settlement_word": _("settlement"), "tiles": _("Tiles"),
        "flower_or_season": _("bonus tile"),
        # Rule sets whose hand value is the winner's fan (Hong Kong).
        "amount": _("Amount"),
        "fan_of": _("Fan of %(name)s"),
        "nobody_pao": _("Nobody"),
        "pao_pays": _("%(name)s is responsible (pao) and pays for everyone."),
        "false_mahjong_pays": _("False mahjong: %(name)s pays the penalty; nobody wins."),
        "false_mahjong_short": _("false mahjong: %(name)s"),
    }


def hand_urls(table_id: int) -> dict[str, str]:
    """The URLs of one hand's changes, with HAND where the number goes."""
    return {action: reverse(f"tournaments:api_hand_{action}", args=[table_id, 0]).replace(
        "/hands/0/", "/hands/HAND/") for action in ("correct", "delete", "confirm")}


@login_required
@never_cache
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        table = access.get_table_for_scorekeeper(request.user, table_id)
    except Http404:
        elsewhere = access.kept_elsewhere(request.user, table_id)
        if elsewhere is None:
            raise
        # A scorekeeper of this event at the wrong table: where to go instead.
        other, kept = elsewhere
        return render(request, "tournaments/entry/not_your_table.html",
                      {"table": other, "kept": kept}, status=403)
    if table_scores.by_table(table.round.event) is not None:
        # MCR, Riichi: no hands, the table's result is entered whole.
        return redirect(reverse("tournaments:table_results", args=[table.round_id])
                        + f"#table-{table.number}")
    names = tile_names()
    letters = wind_letters()
    choices = tile_choices(table.round.event)
    names.update({tile["code"]: tile["name"] for tile in choices["bonus_tiles"]})
    return render(request, "tournaments/entry/table.html", {
        "table": table,
        "state": score_entry_page.page_state(table, request.user),
        "history": score_entry_page.history(table),
        "hand_urls": hand_urls(table.pk),
        "tiles": picker_tiles(names),
        "choices": choices,
        # What the script needs of the rule set for hands by values.
        "entry_rules": {"ruleset": table.round.event.ruleset, "values": choices["values"],
                        "pao": choices["pao"], "false_mahjong": choices["false_mahjong"],
                        # Who plays with whom as East at a table of 5, for an
                        # East the dice chose in the green dragon's round.
                        "five_schedule": five_player_schedule(table.round.event.ruleset),
                        # The engine's words for who pays (static/js/score-entry/flags.js).
                        "words": {"pao_prefix": PAO_PREFIX, "false_mahjong": FALSE_MAHJONG,
                                  "seven_five": SEVEN_FIVE},
                        # A kept hand's time in the zone the history's times
                        # are in, whatever zone the phone is set to.
                        "time_zone": timezone.get_current_timezone_name()},
        "tile_names": names,
        "wind_letters": letters,
        "messages_js": page_texts(),
    })


@require_POST
@api_view
def preview(request: HttpRequest, table_id: int) -> HttpResponse:
    table = access.get_table_for_scorekeeper(request.user, table_id)
    body = json_body(request)
    number = body.pop("hand", None)
    correcting = None
    if number is not None:
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValidationError(_("hand must be the number of the hand being corrected."))
        correcting = hands.hand_to_change(table, number)
    scored = hands.preview_hand(table, hand_input(body), correcting=correcting)
    # Each row's rule name and count, each hand's total, in the user's
    # language (scoring/texts.py): "text" and "total_text" beside the engine's keys.
    scored["breakdown"] = texts.breakdowns(table.round.event.ruleset, scored["breakdown"])
    return JsonResponse(scored)


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
