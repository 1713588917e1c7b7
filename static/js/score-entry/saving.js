/* Saving the next hand: the form's hand goes into the outbox (outbox.js)
 * and is sent at once when it can be; what the page shows for each outcome
 * (saved, refused on the spot, waiting for the connection, kept with a
 * conflict), and Retry and Discard on the hands not yet sent.
 */
import { postJson } from "./api.js";
import { saveCorrection } from "./changes.js";
import { $ } from "./dom.js";
import { isFalseMahjong } from "./flags.js";
import { newEntry } from "./form.js";
import {
  cancelPreview, needsDiscarder, problemText, renderForm, resetTargets, savedStatus, showLastError,
  showMessage,
} from "./form-view.js";
import { Outbox, queueKey } from "./outbox.js";
import { T, byPosition, formInput, page, root, saveSnapshot, windLabel } from "./page.js";
import { applySaved, refreshState } from "./sync.js";
import { listStatus, renderAll, setOnline, statusText } from "./table-view.js";
import { fmt, signed } from "./text.js";

// After a save: a confirmation in the save bar that stays on the screen,
// e.g. "Hand 3 saved: S Cor +96", and the scorekeeper is back at the start
// of the next hand's entry.
function announceSaved(hand) {
  const winner = hand.entry && hand.entry.winner !== null && hand.entry.winner !== undefined
    && !isFalseMahjong(hand.entry.flags) ? byPosition(hand.entry.winner) : null;
  const score = winner && hand.players.find((s) => s.registration === winner.registration);
  savedStatus(score ? fmt(T.saved_winner, { number: hand.number, wind: windLabel(score.seat_wind),
                                             name: winner.name, settlement: signed(score.settlement) })
                    : fmt(T.saved, { number: hand.number }), "success");
  $("se-preview").replaceChildren();  // the check of the hand just saved
  listStatus("");  // "Hand 3 deleted." is about the list before this hand
  $("se-form").scrollIntoView({ block: "start" });
  $("se-form-title").focus({ preventScroll: true });
}

// The table's outbox, and what the page shows when a queued hand is sent.
export function tableOutbox() {
  return new Outbox({
    storage: localStorage,
    key: queueKey(root.dataset.table),
    post: (body) => postJson(root, root.dataset.handsUrl, body),
    handlers: {
      unreachable() { setOnline(false); renderAll(); },
      reached() { setOnline(true); },
      async saved(item, data) {
        if (!applySaved(item.body.expected_version, data)) {
          if (!page.hands.some((h) => h.id === data.hand.id)) page.hands.push(data.hand);
          page.hands.sort((a, b) => a.number - b.number);
          page.state.version = Math.max(page.state.version, data.version);
          saveSnapshot();
          renderAll();
          await refreshState();
        }
        // The form's hand, or a kept one the scorekeeper sent again: "Hand 3 saved: ...".
        if (item.fromForm || item.resent) announceSaved(data.hand);
      },
      refusedOnTheSpot(item, data, status) {
        renderAll();
        showMessage(data.error || String(status), "error");
      },
      async kept(item, status) {
        if (status === 409) await refreshState();
        renderAll();
      },
    },
  });
}

async function retry(id) {
  // After a conflict the scorekeeper has seen what changed: send the hand
  // again on top of the table as it is now (same submission_id).
  await refreshState();
  page.outbox.requeue(id, page.state.version);
  renderAll();
  page.outbox.flush();
}

async function save(event) {
  event.preventDefault();
  const entry = page.entry;
  if (entry.winner === undefined) { showMessage(T.choose_winner, "error"); $("se-winner").querySelector("input").focus(); return; }
  if (needsDiscarder() && entry.discarder === undefined) {
    showMessage(T.choose_discarder_error, "error");
    $("se-discarder").querySelector("input").focus();
    return;
  }
  const problem = problemText();
  if (problem) { showMessage(problem, "error"); return; }
  if (page.correcting) { saveCorrection(); return; }
  // A pending or running check belongs to the hand being saved now.
  cancelPreview();
  const outbox = page.outbox;
  const { item, ahead } = outbox.enqueue(formInput(), page.state.version);
  const saved = entry;
  page.entry = newEntry();
  resetTargets();
  renderForm();
  renderAll();
  savedStatus("");
  if (ahead > 0) {
    savedStatus(T.queued, "info");
    outbox.flush();
    return;
  }
  const outcome = await outbox.flushOne(item);
  if (outcome === "refused") { page.entry = saved; renderForm(); showLastError(); }
  else if (outcome === "network") savedStatus(T.queued, "info");
  else if (outcome === "kept") {
    showMessage(statusText(outbox.items().find((i) => i.submission_id === item.submission_id) || item), "error");
  }
  outbox.update(item.submission_id, { fromForm: false });
}

export function setUpSaving() {
  $("se-form").addEventListener("submit", save);
  root.addEventListener("click", (event) => {
    const button = event.target.closest("[data-queue-action]");
    if (!button) return;
    const id = button.dataset.id;
    if (button.dataset.queueAction === "retry") retry(id);
    else { page.outbox.remove(id); renderAll(); }
  });
}
