/* The score-entry page of one table: native ES modules, no framework and
 * no bundler (templates/tournaments/entry/table.html loads this module;
 * tile-picker.js, a classic script shared with "Check a hand", runs first).
 *
 * Hands are entered by values or by tiles (form.js, form-view.js, the
 * model in entry.js), checked by the server's preview (the engine's
 * breakdown and settlement) and saved through the JSON API. Every save
 * first goes into a queue in localStorage (outbox.js, saving.js), so a
 * dropped connection loses nothing: queued hands are shown as "not yet
 * sent" and sent, in order and each with its own submission_id, when the
 * connection is back (the online event and a periodic retry). The server
 * answers a repeated submission_id with the hand it already saved, so a
 * retry after a lost answer never creates a second hand.
 *
 * For a thumb (issue 15): tiles are tapped into a tray that stays on the
 * screen (tile-picker.js), the winning tile is picked once and counted in
 * the hand, who discarded is always chosen (self-drawn too), a draw is one
 * tap and says what it did, and in the green dragon's round the
 * scorekeeper gives the East the dice chose.
 *
 * Saved hands can be corrected (loaded back into the form: values or tiles
 * as entered), deleted and confirmed, and the seats corrected (changes.js).
 * These are never queued: they must be made against the table as it is
 * now, so they need a connection and a version conflict shows what
 * changed. The page re-reads the table now and then (sync.js), so a second
 * device sees new hands to confirm; the History section shows the audit
 * trail (table-view.js).
 *
 * Module map: pure (no DOM; unit-tested by `node --test tests/js/`):
 * flags.js, entry.js, outbox.js, text.js. The page: page.js (its data and
 * state), dom.js, api.js, table-view.js, form-view.js, form.js, sync.js,
 * saving.js, changes.js; this module starts it.
 */
import { setUpChanges } from "./changes.js";
import { newEntry, setUpForm } from "./form.js";
import { renderForm } from "./form-view.js";
import { page, readPage } from "./page.js";
import { setUpSaving, tableOutbox } from "./saving.js";
import { refreshState } from "./sync.js";
import { renderAll, renderHistory, setOnline } from "./table-view.js";

// How often hands not yet sent are tried again and the table re-read.
const RETRY_MS = 15000;

function start(root) {
  readPage(root);
  page.outbox = tableOutbox();
  setUpForm();
  setUpSaving();
  setUpChanges();
  page.entry = newEntry();
  renderAll();
  renderForm();
  renderHistory();
  setOnline(navigator.onLine);
  window.addEventListener("online", () => { setOnline(true); page.outbox.flush(); });
  window.addEventListener("offline", () => setOnline(false));
  // Hands not yet sent go out; and the table is re-read, so hands saved on
  // another device (to confirm, or corrected there) show up here too.
  setInterval(() => {
    if (!navigator.onLine) return;
    page.outbox.flush();
    if (!document.hidden && !page.busy) refreshState();
  }, RETRY_MS);
  page.outbox.flush();
  if ("serviceWorker" in navigator && root.dataset.sw) {
    navigator.serviceWorker.register(root.dataset.sw).catch(() => { /* works without */ });
  }
}

const root = document.getElementById("score-entry");
if (root) start(root);
