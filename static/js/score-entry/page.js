/* What the score-entry page knows: the server's data (the JSON script
 * elements of templates/tournaments/entry/table.html, read once by
 * readPage()) and the page's state shared by its modules (`page`), with
 * the questions about it that every part asks (who plays the hand, may the
 * user enter hands...).
 */
import { el } from "./dom.js";
import { eastIsChosen, entryFromHand, gameInput, handPlayers, nextPlayers } from "./entry.js";
import { useWords } from "./flags.js";

// The server's data, set once by readPage().
export let root = null;
export let T = {};             // the texts, in the user's language (tournaments.views.score_entry.page_texts)
export let TILE_NAMES = {};
export let WIND_LETTERS = {};
export let HAND_URLS = {};
// What the rule set asks of a hand by values (score_entry_page.entry_options):
// the highest value, whether only the winner's value counts (Hong Kong:
// the winner's fan) and the flags that change a settlement of values.
export let RULES = {};
export let VALUES = {};
export let WINNER_ONLY = false;
export let FAN = false;

// The page's state. state: the table as last known (GET /api/tables/<id>/);
// hands: its hands; entry: the hand in the form; correcting: the saved hand
// being corrected (as the server sent it), or null while entering the next
// hand; stashed: a half-entered next hand meanwhile; busy: a change (not a
// queued hand) is being sent; outbox: the hands not yet sent (outbox.js).
export const page = {
  state: null, hands: [], history: [], historyVersion: null,
  entry: null, correcting: null, stashed: null, busy: false, outbox: null,
  // The hand whose deletion waits for a second tap, and since when (a
  // double tap on Delete must not also hit "Yes, delete").
  deleteAsked: null, deleteAskedAt: 0,
};

export const snapshotKey = (tableId) => "score-entry-state-" + tableId;

export function readPage(element) {
  const json = (id) => JSON.parse(document.getElementById(id).textContent);
  root = element;
  T = json("se-messages");
  TILE_NAMES = json("se-tile-names");
  WIND_LETTERS = json("se-wind-letters");
  HAND_URLS = json("se-hand-urls");
  RULES = json("se-rules");
  useWords(RULES.words);
  VALUES = RULES.values || {};
  WINNER_ONLY = !!VALUES.winner_only;
  FAN = VALUES.unit === "fan";
  page.state = json("se-state");
  page.hands = page.state.hands;
  page.history = json("se-history-data");
  page.historyVersion = page.state.version;
  try {
    // A reload without a connection shows the page as the service worker
    // cached it; the device may know a newer state than that copy.
    const snapshot = JSON.parse(localStorage.getItem(snapshotKey(root.dataset.table)) || "null");
    if (snapshot && snapshot.state && snapshot.state.version > page.state.version) {
      // What the user may do is the server's word, not the device's.
      page.state = { ...snapshot.state, permissions: page.state.permissions };
      page.hands = snapshot.hands || [];
    }
  } catch (e) { /* a damaged snapshot is ignored */ }
}

export function saveSnapshot() {
  try {
    localStorage.setItem(snapshotKey(root.dataset.table), JSON.stringify({ state: page.state, hands: page.hands }));
  } catch (e) { /* full */ }
}

export const may = () => page.state.permissions || {};

// The dice choose the East of the green dragon's round's first hand.
export const eastChosen = () => eastIsChosen({
  correcting: page.correcting, prevailingWind: page.state.prevailing_wind, hands: page.hands,
  pending: page.outbox.pendingCount() });

// The players of the next hand with their winds (an East the dice chose moves them).
export const nextHandPlayers = () => nextPlayers(page.state, page.entry.east, RULES.five_schedule);

// The players of the hand in the form: for a correction, that hand's
// players with their winds then; else the next hand's.
export const playing = () => (page.correcting ? handPlayers(page.correcting, page.state.players)
  : nextHandPlayers().filter((p) => p.seat_wind));

export const byPosition = (position) => page.state.players.find((p) => p.position === position);

export const windLabel = (wind) => (wind ? WIND_LETTERS[wind] : "–");

export const tileImg = (code) => el("img", { src: root.dataset.tiles + code + ".svg", alt: TILE_NAMES[code],
                                             width: 30, height: 42 });

// What the form's hand sends to the server (preview, save, correction);
// the tile notation is the engine's, shared with "Check a hand" (tile-picker.js).
export const formInput = () => gameInput(page.entry, {
  players: playing(), rules: RULES, tileString: window.TilePicker.tileString,
  east: !page.correcting && eastChosen() ? (page.entry.east ?? page.state.east) : null });

// A saved hand back into the form, as it was entered.
export const handEntry = (hand) => entryFromHand(hand, {
  players: page.state.players, rules: RULES, parseTiles: window.TilePicker.parseTiles });
