/* Drawing the table's side of the score-entry page: the header (hand,
 * prevailing wind, players and totals), the list of hands with their
 * actions, the hands not yet sent, the seats panel, the history and the
 * status lines. What the buttons do is in changes.js and saving.js (they
 * listen on the page's root).
 */
import { $, el } from "./dom.js";
import { isFalseMahjong } from "./flags.js";
import {
  FAN, RULES, T, WIND_LETTERS, byPosition, eastChosen, may, nextHandPlayers, page, root, windLabel,
} from "./page.js";
import { distinctInitials, fmt, signed } from "./text.js";

export function renderHeader() {
  const state = page.state;
  $("se-hand-number").textContent = state.hand_number;
  $("se-prevailing").textContent = windLabel(state.prevailing_wind);
  $("se-version").textContent = state.version;
  const list = $("se-players");
  list.replaceChildren(...(page.correcting ? state.players : nextHandPlayers()).map((p) => el("li",
    { class: "se-player" + (p.seat_wind === "E" ? " is-east" : ""), "data-position": p.position },
    el("span", { class: "se-wind", "aria-hidden": "true", text: windLabel(p.seat_wind) }),
    el("span", { class: "se-name", text: p.name }),
    el("span", { class: "visually-hidden", text: p.seat_wind ? " (" + windLabel(p.seat_wind) + ")" : "" }),
    p.seat_wind === "E" ? el("span", { class: "se-east-tag", text: T.east }) : null,
    // At a table of 5 one player sits out each hand: say so, not only "–".
    p.seat_wind ? null : el("span", { class: "se-east-tag se-out-tag", text: T.sits_out }),
    el("span", { class: "se-total", text: signed(p.total) }))));
}

export function setOnline(online) {
  const badge = $("se-network");
  badge.dataset.online = online ? "true" : "false";
  badge.textContent = online ? T.online : T.offline;
}

// Status lines above the list of hands and in the seats panel (the form
// has its own, #se-preview); live regions, so screen readers hear them.
function statusIn(id) {
  return (text, kind) => {
    const box = $(id);
    if (!box) return;
    if (text) box.replaceChildren(el("span", { class: "alert alert-" + (kind || "info"), text }));
    else box.replaceChildren();
  };
}
export const listStatus = statusIn("se-list-status");
export const seatsStatus = statusIn("se-seats-status");

// --- The list of hands -------------------------------------------------------

function actionButton(action, hand, label, ariaLabel, look) {
  return el("button", { type: "button", class: "button small " + (look ?? "secondary"),
                        "data-action": action, "data-number": hand.number,
                        "aria-label": ariaLabel || null, text: label });
}

function handActions(hand, columns) {
  const n = { number: hand.number };
  const items = [];
  if (page.deleteAsked === hand.number) {
    items.push(el("span", { class: "se-question", id: "se-delete-question", tabindex: "-1",
                            text: fmt(T.delete_question, n) }),
      actionButton("delete-no", hand, T.delete_no),
      // Its name is what it says ("Yes, delete"), after the question that
      // names the hand: a name of its own would not match its text.
      actionButton("delete-yes", hand, T.delete_yes, null, "danger"));
  } else {
    if (may().may_change) {
      items.push(actionButton("correct", hand, T.correct, fmt(T.correct_hand, n)),
        actionButton("delete", hand, T.delete, fmt(T.delete_hand, n), "danger"));
    }
    if (hand.awaiting_confirmation) {
      items.push(hand.may_confirm
        ? actionButton("confirm", hand, T.confirm, fmt(T.confirm_hand, n), "")
        : el("span", { class: "se-waiting", text: T.waiting_other }));
    }
  }
  if (!items.length) return null;
  return el("tr", { class: "se-hand-actions", "data-actions-for": hand.number },
    el("td", { colspan: columns }, el("div", { class: "se-row-actions" }, ...items)));
}

// Back to a hand's button after a question or a correction (keyboard users).
export function focusAction(number, action) {
  const button = root.querySelector(`[data-action="${action}"][data-number="${number}"]`);
  if (button) button.focus();
}

// On a phone the list of hands must fit 360 px with five players: their
// columns are headed by initials (Hans van Dijk: HvD) and the full name
// is kept for screen readers, in a tooltip and on wider screens (app.css).
const nameParts = (full, short) => [el("span", { class: "se-col-short", "aria-hidden": "true", text: short }),
                                    el("span", { class: "se-col-full", text: full })];

export function renderHands() {
  const { state, hands, correcting } = page;
  const players = state.players;
  const shortName = {};
  distinctInitials(players.map((p) => p.name)).forEach((text, i) => { shortName[players[i].position] = text; });
  const head = el("thead", {}, el("tr", {},
    el("th", { scope: "col", text: T.hand }),
    ...players.map((p) => el("th", { scope: "col", title: p.name }, ...nameParts(p.name, shortName[p.position]))),
    el("th", { scope: "col", text: T.winner })));
  const body = el("tbody", {}, ...hands.flatMap((hand) => {
    const settlement = {};
    let winner = [T.draw];
    hand.players.forEach((s) => { settlement[s.registration] = s; });
    if (hand.entry && hand.entry.winner !== null && hand.entry.winner !== undefined) {
      const name = (byPosition(hand.entry.winner) || {}).name || "";
      const short = shortName[hand.entry.winner] || "";
      winner = nameParts(name, short);
      // A false mahjong's claimer is given as the winner, but nobody won.
      if (isFalseMahjong(hand.entry.flags)) {
        winner = nameParts(fmt(T.false_mahjong_short, { name }), fmt(T.false_mahjong_short, { name: short }));
      }
    }
    const row = el("tr", { "data-hand": hand.number,
                           class: correcting && correcting.number === hand.number ? "is-correcting" : null },
      el("th", { scope: "row", text: hand.number + " " + windLabel(hand.prevailing_wind) +
        (hand.confirmed || !state.requires_confirmation ? "" : " (" + T.unconfirmed + ")") }),
      ...players.map((p) => {
        const s = settlement[p.registration];
        return el("td", {}, ...(s ? [el("span", { class: "se-cell-wind", text: windLabel(s.seat_wind) }),
                                     " " + signed(s.settlement)] : []));
      }),
      el("td", { class: "se-winner-cell" }, ...winner));
    const actions = handActions(hand, players.length + 2);
    return actions ? [row, actions] : [row];
  }), ...page.outbox.items().map((item) => el("tr", { class: "se-unsent" },
    el("th", { scope: "row", text: "…" }),
    el("td", { colspan: players.length + 1, text: queuedHand(item) + " · " + statusText(item) }))));
  const totals = el("tfoot", {}, el("tr", {}, el("th", { scope: "row", text: T.total }),
    ...players.map((p) => el("td", { text: signed(p.total) })), el("td", {})));
  $("se-hands").replaceChildren(head, body, totals);
}

// --- The hands not yet sent ---------------------------------------------------

// What a hand not yet sent is, so the scorekeeper can tell whether to send
// it again or discard it: "Winner: Zoë Dijkstra, value 3", or a draw.
function queuedHand(item) {
  const body = item.body || {};
  const winner = body.winner === null || body.winner === undefined ? null : byPosition(body.winner);
  if (!winner) return T.winner + ": " + T.nobody;
  const value = body.values ? body.values[body.winner] : undefined;
  if (value === undefined) return T.winner + ": " + winner.name;
  return T.winner + ": " + winner.name + ", " + (FAN ? fmt(T.fan_count, { fan: value }) : T.value_total + " " + value);
}

export function statusText(item) {
  if (item.status === "conflict") return T.conflict + ": " + item.message;
  if (item.status === "refused") return T.refused + ": " + item.message;
  return T.waiting;
}

// When a hand was queued, in the page's language and as the history gives
// times ("20:22", in the site's time zone), not in the browser's own locale
// ("8:22:28 PM") or the phone's zone.
function queuedAt(created) {
  const options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  if (RULES.time_zone) options.timeZone = RULES.time_zone;
  return new Date(created).toLocaleTimeString(document.documentElement.lang || undefined, options);
}

function renderQueue() {
  const queue = page.outbox.items();
  $("se-queue-section").hidden = queue.length === 0;
  // Retry and Discard: saving.js listens for them (data-queue-action).
  $("se-queue").replaceChildren(...queue.map((item) => el("li", { class: "se-queue-item", "data-status": item.status },
    el("span", { class: "se-queue-hand", text: queuedHand(item) + " · " }),
    el("span", { text: statusText(item) }),
    el("span", { class: "muted", text: " " + queuedAt(item.created) }),
    item.status !== "pending" ? el("span", { class: "se-queue-actions" },
      el("button", { type: "button", class: "button small", text: T.retry,
                     "data-queue-action": "retry", "data-id": item.submission_id }),
      el("button", { type: "button", class: "button small danger", text: T.discard,
                     "data-queue-action": "discard", "data-id": item.submission_id })) : null)));
}

export function renderAll() {
  // Once the green dragon's round has its first hand, its East is the table's.
  if (page.entry && !eastChosen() && page.entry.east !== null) page.entry.east = null;
  const eastField = $("se-east-field");
  if (eastField && !eastChosen()) eastField.hidden = true;
  renderHeader(); renderHands(); renderQueue(); renderSeats();
}

// --- The seats panel -------------------------------------------------------------

// Redrawn only when the recorded seating changes, so a periodic refresh
// never undoes choices being made.
let seatsDrawn = null;
export function forgetSeats() { seatsDrawn = null; }

function renderSeats() {
  const box = $("se-seat-rows");
  if (!box) return;
  const players = page.state.players;
  const key = JSON.stringify(players.map((p) => [p.position, p.registration]));
  if (key === seatsDrawn) return;
  seatsDrawn = key;
  box.replaceChildren(...players.map((p) => {
    const id = "se-seat-" + p.position;
    const label = p.position < 4
      ? fmt(T.seat_wind, { number: p.position + 1, wind: WIND_LETTERS["ESWN"[p.position]] })
      : fmt(T.seat_fifth, { number: p.position + 1 });
    const select = el("select", { id, class: "se-seat-select", "data-position": p.position },
      ...players.map((q) => {
        const choice = el("option", { value: q.registration, text: q.name });
        choice.selected = q.registration === p.registration;
        return choice;
      }));
    return el("div", { class: "field se-seat-row" }, el("label", { for: id, text: label }), select);
  }));
}

// --- The history -------------------------------------------------------------------

function playedText(s) {
  return s ? fmt(FAN ? T.history_player_amount : T.history_player, { wind: windLabel(s.seat_wind), value: s.value,
                                      settlement: signed(s.settlement) }) : T.did_not_play;
}

// Only what changed: "value 40 → 48, settlement +160 → +192".
function changeText(old, now) {
  if (!old || !now) return playedText(old) + " → " + playedText(now);
  const parts = [];
  if (old.seat_wind !== now.seat_wind) parts.push(T.wind_word + " " + windLabel(old.seat_wind) + " → " + windLabel(now.seat_wind));
  if (old.value !== now.value) parts.push((FAN ? T.amount_word : T.value_total) + " " + old.value + " → " + now.value);
  if (old.settlement !== now.settlement) parts.push(T.settlement_word + " " + signed(old.settlement) + " → " + signed(now.settlement));
  return parts.join(", ");
}

export function renderHistory() {
  const list = $("se-history");
  const history = page.history;
  if (!history.length) { list.replaceChildren(el("li", { class: "muted", text: T.history_empty })); return; }
  list.replaceChildren(...history.map((change) => {
    // A correction shows only what it changed; a new or deleted hand all of it.
    const both = change.action === "corrected" || change.action === "reseated";
    const lines = (change.players || []).filter((p) => !both || p.changed).map((p) => el("li", {},
      el("span", { class: "se-history-name", text: p.name + ": " }),
      both ? changeText(p.old, p.new) : playedText(p.new || p.old)));
    const winner = change.winner || {};
    const name = (w) => (w === null ? T.nobody : w);
    if ("old" in winner && "new" in winner) {
      if (winner.old !== winner.new) {
        lines.push(el("li", { text: T.winner + ": " + name(winner.old) + " → " + name(winner.new) }));
      }
    } else if ("old" in winner || "new" in winner) {
      lines.push(el("li", { text: T.winner + ": " + name("new" in winner ? winner.new : winner.old) }));
    }
    return el("li", { class: "se-history-item", "data-change": change.action, "data-number": change.number },
      el("p", { class: "se-history-text", text: change.text }),
      lines.length ? el("ul", { class: "se-history-players" }, ...lines) : null);
  }));
}
