/* The table as the server sees it now, and its history: re-read now and
 * then and after every change, so a second device sees new hands to
 * confirm and a conflict shows what changed.
 */
import { getJson } from "./api.js";
import { endCorrection } from "./form.js";
import { renderForm } from "./form-view.js";
import { savedHistory, savedTable } from "./merge.js";
import { T, page, root, saveSnapshot } from "./page.js";
import { listStatus, renderAll, renderHistory } from "./table-view.js";
import { fmt } from "./text.js";

export async function refreshState() {
  try {
    const fresh = await getJson(root.dataset.api);
    if (fresh) applyState(fresh);
  } catch (e) { /* offline: keep what we know */ }
}

// A saved hand's answer merged (merge.js): true when the page needs no
// request; false when it must read the table again.
export function applySaved(expected, data) {
  const history = savedHistory(page.history, page.historyVersion, expected, data);
  if (history) {
    page.history = history.history;
    page.historyVersion = history.version;
    renderHistory();
  }
  const table = savedTable(page.state, page.hands, expected, data);
  if (table) applyState(table);
  return table !== null;
}

// The table as the server sees it now: from GET /api/tables/<id>/, or
// merged from the answer to a saved hand (applySaved).
export function applyState(fresh) {
  const state = page.state;
  // An answer overtaken by a save of this page is older than what it knows.
  if (fresh.version < state.version) return;
  if (fresh.round_status !== state.round_status) {
    // Started or closed meanwhile: what may be done changed; the page
    // says so from the server (hands not yet sent stay on the device).
    window.location.reload();
    return;
  }
  const positionsChanged = JSON.stringify(fresh.players.map((p) => [p.position, p.seat_wind])) !==
    JSON.stringify(state.players.map((p) => [p.position, p.seat_wind]));
  page.state = fresh;
  page.hands = fresh.hands;
  saveSnapshot();
  if (page.correcting) {
    const current = page.hands.find((h) => h.number === page.correcting.number);
    if (current) page.correcting = current;
    else {
      const number = page.correcting.number;
      endCorrection();
      listStatus(fmt(T.gone, { number }), "error");
    }
  }
  renderAll();
  if (positionsChanged || page.correcting) renderForm();
  if (fresh.version !== page.historyVersion) loadHistory();
}

export async function loadHistory() {
  try {
    const data = await getJson(root.dataset.historyUrl);
    if (!data) return;
    page.history = data.changes;
    page.historyVersion = data.version;
    renderHistory();
  } catch (e) { /* offline: the history shown stays */ }
}
