/* Changes to the table's saved hands: corrections, deletions,
 * confirmations and the seats. These are never queued: they must be made
 * against the table as it is now, so they need a connection, wait until
 * the hands not yet sent are sent, and a version conflict shows what
 * changed (the table and its history are re-read).
 */
import { postJson } from "./api.js";
import { $ } from "./dom.js";
import { endCorrection, startCorrection } from "./form.js";
import { cancelPreview, showMessage } from "./form-view.js";
import { HAND_URLS, T, formInput, page, root } from "./page.js";
import { loadHistory, refreshState } from "./sync.js";
import {
  focusAction, forgetSeats, listStatus, renderHands, seatsStatus, setOnline,
} from "./table-view.js";
import { fmt } from "./text.js";

const pendingCount = () => page.outbox.pendingCount();
const handUrl = (action, number) => HAND_URLS[action].replace("/HAND/", "/" + number + "/");

// One change at a time; null when the network failed (the message says
// the change needs a connection: it is not kept on the device).
async function sendChange(url, body, show) {
  if (page.busy) return null;
  if (!navigator.onLine) { show(T.needs_connection, "error"); return null; }
  page.busy = true;
  try {
    const result = await postJson(root, url, body);
    setOnline(true);
    return result;
  } catch (e) {
    setOnline(false);
    show(T.needs_connection, "error");
    return null;
  } finally {
    page.busy = false;
  }
}

// A refused change: say why, and show the table as it is now.
async function refused(status, data, number, show) {
  const message = data.error || String(status);
  if (status === 409) show(message + " " + T.check_again, "error");
  else if (status === 404 && number !== null) show(fmt(T.gone, { number }), "error");
  else show(message, "error");
  if (status === 409 || status === 404 || status === 403) {
    await refreshState();
    await loadHistory();  // it says what changed, and who did it
  }
}

export async function saveCorrection() {
  if (pendingCount() > 0) { showMessage(T.send_first, "error"); return; }
  cancelPreview();
  const number = page.correcting.number;
  const result = await sendChange(handUrl("correct", number),
                                  { ...formInput(), expected_version: page.state.version }, showMessage);
  if (!result) return;
  const { status, data } = result;
  if (status !== 200) { await refused(status, data, number, showMessage); return; }
  page.hands = page.hands.map((h) => (h.number === number ? data.hand : h));
  endCorrection();
  listStatus(fmt(T.corrected, { number }), "success");
  await refreshState();
  await loadHistory();
  focusAction(number, "correct");
}

async function deleteHand(number) {
  if (pendingCount() > 0) { listStatus(T.send_first, "error"); return; }
  const result = await sendChange(handUrl("delete", number), { expected_version: page.state.version }, listStatus);
  page.deleteAsked = null;
  if (!result) { renderHands(); return; }
  const { status, data } = result;
  if (status !== 200) { renderHands(); await refused(status, data, number, listStatus); return; }
  page.hands = page.hands.filter((h) => h.number !== number);
  if (page.correcting && page.correcting.number === number) endCorrection();
  renderHands();
  listStatus(fmt(T.deleted, { number }), "success");
  await refreshState();
  await loadHistory();
  $("se-hands-title").focus();
}

async function confirmHand(number) {
  const result = await sendChange(handUrl("confirm", number), {}, listStatus);
  if (!result) return;
  const { status, data } = result;
  if (status !== 200) { await refused(status, data, number, listStatus); return; }
  page.hands = page.hands.map((h) => (h.number === number ? data.hand : h));
  renderHands();
  listStatus(fmt(T.confirmed_hand, { number }), "success");
  await refreshState();
  await loadHistory();
}

function onAction(event) {
  const button = event.target.closest("[data-action]");
  if (!button || page.busy) return;
  const number = Number(button.dataset.number);
  const action = button.dataset.action;
  if (action === "correct") startCorrection(number);
  else if (action === "delete") {
    if (!navigator.onLine) { listStatus(T.needs_connection, "error"); return; }
    page.deleteAsked = number;
    page.deleteAskedAt = Date.now();
    renderHands();
    $("se-delete-question").focus();
  } else if (action === "delete-no") {
    page.deleteAsked = null;
    renderHands();
    focusAction(number, "delete");
  } else if (action === "delete-yes") {
    if (Date.now() - page.deleteAskedAt < 500) return;  // the second half of a double tap
    deleteHand(number);
  } else if (action === "confirm") confirmHand(number);
}

function onEscape(event) {
  if (event.key !== "Escape" || page.deleteAsked === null) return;
  const number = page.deleteAsked;
  page.deleteAsked = null;
  renderHands();
  focusAction(number, "delete");
}

async function saveSeats(event, seatsForm) {
  event.preventDefault();
  const state = page.state;
  // Who really sat in each seat -> where each recorded seat's player sat.
  const realSeat = {};
  for (const select of seatsForm.querySelectorAll(".se-seat-select")) {
    const registration = Number(select.value);
    if (registration in realSeat) {
      const player = state.players.find((p) => p.registration === registration);
      seatsStatus(fmt(T.seats_twice, { name: player ? player.name : "" }), "error");
      return;
    }
    realSeat[registration] = Number(select.dataset.position);
  }
  const positions = {};
  for (const p of state.players) {
    if (realSeat[p.registration] !== p.position) positions[p.position] = realSeat[p.registration];
  }
  if (!Object.keys(positions).length) { seatsStatus(T.seats_same, "info"); return; }
  if (pendingCount() > 0) { seatsStatus(T.send_first, "error"); return; }
  const result = await sendChange(root.dataset.seatsUrl, { positions, expected_version: state.version },
                                  seatsStatus);
  if (!result) return;
  const { status, data } = result;
  if (status !== 200) { await refused(status, data, null, seatsStatus); return; }
  page.hands = data.hands;
  seatsStatus(fmt(T.seats_saved, { count: data.hands.length }), "success");
  forgetSeats();
  await refreshState();
  await loadHistory();
}

export function setUpChanges() {
  root.addEventListener("click", onAction);
  root.addEventListener("keydown", onEscape);
  const seatsForm = $("se-seats-form");
  if (seatsForm) seatsForm.addEventListener("submit", (event) => saveSeats(event, seatsForm));
}
