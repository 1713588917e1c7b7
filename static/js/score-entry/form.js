/* What the scorekeeper does in the form: choosing who won and who
 * discarded, values and fan, tiles tapped into the tray, flowers and
 * seasons, dead hands, a false mahjong; Clear and Check; and a saved hand
 * loaded into the form to be corrected (and put back).
 */
import { $ } from "./dom.js";
import { freshEntry, playerTiles, readValue } from "./entry.js";
import {
  changed, preview, renderForm, resetTargets, savedStatus, showMessage, syncForm,
} from "./form-view.js";
import { T, handEntry, page, playing, root } from "./page.js";
import { focusAction, listStatus, renderAll, renderHands } from "./table-view.js";

// The next hand's entry, in the mode the scorekeeper last used.
export const newEntry = () => freshEntry(page.entry ? page.entry.mode : "values");

function chooseTilePlayer() {
  const entry = page.entry;
  if (entry.tilePlayer === null) {
    entry.tilePlayer = entry.winner ?? playing()[0].position;
    renderForm();
  }
}

function toggleBonus(code) {
  // Each flower and season is in the set once: a second tap takes it back.
  chooseTilePlayer();
  const entry = page.entry;
  const t = playerTiles(entry, entry.tilePlayer);
  const index = t.bonus.indexOf(code);
  if (index >= 0) t.bonus.splice(index, 1);
  else {
    for (const other of Object.values(entry.tiles)) {
      const at = other.bonus.indexOf(code);
      if (at >= 0) other.bonus.splice(at, 1);
    }
    t.bonus.push(code);
  }
  changed();
}

function addTile(code) {
  chooseTilePlayer();
  const entry = page.entry;
  const targetInput = root.querySelector("input[name=target]:checked");
  const t = playerTiles(entry, entry.tilePlayer);
  const added = window.TilePicker.add(t, code, targetInput.value, $("se-concealed-kong").checked);
  if (added === "bad_chow") { showMessage(T.bad_chow, "error"); return; }
  if (added === "winning") {
    // Picked once: in the hand and the winning tile. The next tap adds a tile again.
    entry.winningTile = code;
    if (entry.winner === undefined || entry.winner === null) {
      entry.winner = entry.tilePlayer;
      renderForm();
    }
    root.querySelector('input[name=target][value="concealed"]').checked = true;
  }
  changed();
}

function onChange(event) {
  const entry = page.entry;
  const target = event.target;
  if (target.name === "mode") entry.mode = target.value;
  else if (target.name === "winner") {
    entry.winner = target.value === "" ? null : Number(target.value);
    if (entry.winner === entry.discarder || entry.winner === null) entry.discarder = undefined;
    if (entry.winner === null) renderForm();
    if (entry.winner === entry.pao || entry.winner === null) entry.pao = null;
    if (entry.winner === null) entry.falseMahjong = false;
    if (entry.winner !== null) {
      entry.tilePlayer = entry.winner;
      entry.dead.delete(entry.winner);
      renderForm();
    }
  } else if (target.name === "discarder") entry.discarder = target.value === "" ? null : Number(target.value);
  else if (target.name === "east") {
    entry.east = Number(target.value);
    renderAll();
    renderForm();
  } else if (target.name === "target") { syncForm(); return; }
  else if (target.name === "flag" || target.name === "value-flag") {
    if (target.checked) entry.flags.add(target.value);
    else entry.flags.delete(target.value);
  }
  else if (target.id === "se-pao") entry.pao = target.value === "" ? null : Number(target.value);
  else if (target.id === "se-false-mahjong") {
    entry.falseMahjong = target.checked;
    // A false mahjong has no responsible player (001 Valse Mahjong).
    if (entry.falseMahjong) entry.pao = null;
  }
  else if (target.name === "tile-player") entry.tilePlayer = Number(target.value);
  else if (target.id === "se-win-source") entry.winSource = target.value;
  else return;
  changed();
}

function onInput(event) {
  const entry = page.entry;
  const target = event.target;
  if (target.id === "se-fan") {
    entry.fan = readValue(entry, "fan", target.value);
    changed();
    return;
  }
  if (!target.classList.contains("se-value")) return;
  const position = Number(target.dataset.position);
  entry.values[position] = readValue(entry, position, target.value) ?? 0;
  changed();
}

function onClick(event) {
  const entry = page.entry;
  const dead = event.target.closest(".se-dead");
  if (dead) {
    const pos = Number(dead.dataset.position);
    if (entry.dead.has(pos)) entry.dead.delete(pos);
    else {
      entry.dead.add(pos);
      // A dead hand cannot win; who won is asked again (not a silent draw).
      if (entry.winner === pos) { entry.winner = undefined; entry.discarder = undefined; }
    }
    // Dead hands are part of a hand by tiles (values of the others still count).
    entry.mode = "tiles";
    changed();
    return;
  }
  if (event.target.closest("#se-fan-limit")) {
    entry.fan = Number($("se-fan-limit").dataset.limit);
    entry.unreadable.delete("fan");
    changed();
    return;
  }
  const tile = event.target.closest(".se-picker .se-tile");
  if (tile) { addTile(tile.dataset.tile); return; }
  const bonus = event.target.closest(".se-bonus-tile");
  if (bonus) toggleBonus(bonus.dataset.bonus);
}

function falseMahjong() {
  // A false mahjong: whoever claimed it (the chosen winner, else the
  // player whose tiles are shown) has a dead hand; nobody wins.
  const entry = page.entry;
  const who = entry.winner ?? entry.tilePlayer;
  if (who === null || who === undefined) { showMessage(T.choose_winner, "info"); return; }
  entry.dead.add(who);
  entry.winner = null;
  entry.discarder = undefined;
  entry.mode = "tiles";
  changed();
}

function clear() {
  resetTargets();
  // While correcting, Clear goes back to the hand as it was saved.
  page.entry = page.correcting ? handEntry(page.correcting) : newEntry();
  renderForm();
  $("se-preview").replaceChildren();
}

// --- Corrections: a saved hand in the form --------------------------------------

export function startCorrection(number) {
  const hand = page.hands.find((h) => h.number === number);
  if (!hand) return;
  if (!navigator.onLine) { listStatus(T.needs_connection, "error"); return; }
  if (!page.correcting) page.stashed = page.entry;
  savedStatus("");
  page.correcting = hand;
  page.deleteAsked = null;
  page.entry = handEntry(hand);
  renderForm();
  renderHands();
  $("se-preview").replaceChildren();
  listStatus("");
  $("se-form").scrollIntoView({ block: "start" });
  $("se-form-title").focus();
  changed();  // checks the loaded hand: its breakdown and settlement
}

export function endCorrection() {
  page.correcting = null;
  page.entry = page.stashed || newEntry();
  page.stashed = null;
  renderForm();
  renderHands();
  $("se-preview").replaceChildren();
}

export function setUpForm() {
  root.addEventListener("change", onChange);
  root.addEventListener("input", onInput);
  root.addEventListener("click", onClick);
  $("se-false").addEventListener("click", falseMahjong);
  $("se-clear").addEventListener("click", clear);
  $("se-check").addEventListener("click", preview);
  $("se-cancel").addEventListener("click", () => {
    const number = page.correcting && page.correcting.number;
    endCorrection();
    focusAction(number, "correct");
  });
}
