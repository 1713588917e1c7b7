/* Drawing the form of the hand being entered (or corrected), and checking
 * it: the server's preview (the engine's breakdown and settlement) shortly
 * after each change, and the messages under the form.
 */
import { postJson } from "./api.js";
import { $, el } from "./dom.js";
import { entryProblem, hasTiles, playerTiles, winningTile } from "./entry.js";
import {
  FAN, RULES, T, TILE_NAMES, WINNER_ONLY, byPosition, eastChosen, formInput, may, page,
  playing, root, tileImg, windLabel,
} from "./page.js";
import { setOnline } from "./table-view.js";
import { fmt, signed } from "./text.js";

function option(name, value, label, checked) {
  const input = el("input", { type: "radio", name, value: value === null ? "" : String(value) });
  input.checked = checked;
  return el("label", {}, input, " ", label);
}

export function renderForm() {
  const { entry, correcting, state } = page;
  $("se-form").hidden = !(may().may_enter || correcting);
  $("se-form-title").textContent = correcting ? fmt(T.correcting, { number: correcting.number }) : T.enter_next;
  $("se-correcting").hidden = !correcting;
  $("se-correcting-text").textContent = correcting ? T.correcting_help : "";
  $("se-save").textContent = correcting ? T.save_correction : T.save_hand;
  const rows = $("se-rows");
  rows.replaceChildren(...playing().map((p) => {
    const id = "se-value-" + p.position;
    // Text with a numeric keypad: a number field turns "3,5" into 35 unseen.
    const value = el("input", { id, type: "text", inputmode: "numeric", pattern: "[0-9]*",
                                autocomplete: "off",
                                value: entry.unreadable.get(p.position) ?? entry.values[p.position] ?? "",
                                "data-position": p.position,
                                class: "se-value" });
    const dead = el("button", { type: "button", class: "se-dead", "data-position": p.position,
                                "aria-pressed": entry.dead.has(p.position) ? "true" : "false",
                                text: T.dead });
    return el("div", { class: "se-row" + (p.seat_wind === "E" ? " is-east" : "") },
      el("label", { for: id },
        el("span", { class: "se-wind", text: windLabel(p.seat_wind) }), " ", p.name),
      el("span", { class: "se-row-tiles", id: "se-row-tiles-" + p.position }),
      value, dead);
  }));
  $("se-winner").replaceChildren(
    ...playing().map((p) => option("winner", p.position, windLabel(p.seat_wind) + " " + p.name, entry.winner === p.position)),
    // A draw is one tap, next to the winners; the note under it says what it did.
    el("label", { id: "se-draw", class: "se-draw-option" },
      Object.assign(el("input", { type: "radio", name: "winner", value: "" }), { checked: entry.winner === null }),
      " ", T.draw));
  // Who discarded: the others, or self-drawn; nothing is chosen until the
  // scorekeeper chooses (a forgotten discarder is asked for, not assumed).
  $("se-discarder").replaceChildren(
    ...playing().filter((p) => p.position !== entry.winner).map((p) =>
      option("discarder", p.position, windLabel(p.seat_wind) + " " + p.name, entry.discarder === p.position)),
    option("discarder", null, T.wall, entry.discarder === null));
  const eastField = $("se-east-field");
  eastField.hidden = !eastChosen();
  if (!eastField.hidden) {
    const east = entry.east ?? state.east;
    $("se-east").replaceChildren(...state.players.map((p) =>
      option("east", p.position, p.name, east === p.position)));
  }
  $("se-tile-player").replaceChildren(...playing().map((p) =>
    option("tile-player", p.position, windLabel(p.seat_wind) + " " + p.name, entry.tilePlayer === p.position)));
  const pao = $("se-pao");
  if (pao) {
    pao.replaceChildren(el("option", { value: "", text: T.nobody_pao }),
      ...playing().map((p) => el("option", { value: String(p.position), text: windLabel(p.seat_wind) + " " + p.name })));
  }
  syncForm();
}

// The winner's fan, who is responsible (pao) and a false mahjong. The fan's
// label as the template words it, kept before it first names a winner.
let fanLabelText = null;
function syncPayments() {
  const entry = page.entry;
  const decided = entry.winner !== undefined && entry.winner !== null;
  const fanField = $("se-fan-field");
  if (fanField) {
    const fanLabel = $("se-fan-label");
    if (fanLabelText === null) fanLabelText = fanLabel.textContent;
    // A draw has no winner's fan: nothing to fill in, so nothing shown.
    fanField.hidden = entry.mode !== "values" || entry.winner === null;
    const fan = $("se-fan");
    const winner = decided ? byPosition(entry.winner) : null;
    fanLabel.textContent = winner ? fmt(T.fan_of, { name: winner.name }) : fanLabelText;
    fan.disabled = !decided || entry.falseMahjong;
    $("se-fan-limit").disabled = fan.disabled;
    const shown = entry.unreadable.get("fan") ?? (entry.falseMahjong || entry.fan === null ? "" : String(entry.fan));
    if (document.activeElement !== fan && fan.value !== shown) fan.value = shown;
  }
  const settle = $("se-settle");
  if (settle) settle.hidden = entry.winner === null;  // nobody won: nobody pays for a win
  const pao = $("se-pao");
  if (pao) {
    pao.value = entry.pao === null ? "" : String(entry.pao);
    pao.disabled = !decided || entry.falseMahjong;
    for (const choice of pao.options) {
      choice.disabled = choice.value !== "" && decided && Number(choice.value) === entry.winner;
    }
  }
  const falseMahjong = $("se-false-mahjong");
  if (falseMahjong) {
    falseMahjong.checked = entry.falseMahjong;
    falseMahjong.disabled = !decided;
  }
}

// What the form will save, in one line next to the Save button.
function summaryText() {
  const entry = page.entry;
  const name = (pos) => { const p = playing().find((q) => q.position === pos); return p ? windLabel(p.seat_wind) + " " + p.name : ""; };
  if (entry.winner === undefined) return T.choose_winner;
  if (entry.winner === null) return T.draw_summary;
  if (entry.falseMahjong) return fmt(T.false_mahjong_short, { name: name(entry.winner) });
  if (entry.discarder === undefined) return fmt(T.wins, { name: name(entry.winner) }) + " · " + T.choose_discarder;
  if (entry.discarder === null) return fmt(T.wins_self_drawn, { name: name(entry.winner) });
  return fmt(T.wins_on_discard, { name: name(entry.winner), discarder: name(entry.discarder) });
}

export const needsDiscarder = () => page.entry.winner !== undefined && page.entry.winner !== null && !page.entry.falseMahjong;

export function syncForm() {
  const { entry, state } = page;
  root.querySelectorAll("input[name=mode]").forEach((i) => { i.checked = i.value === entry.mode; });
  $("se-tiles-panel").hidden = entry.mode !== "tiles";
  // By tiles, who won and the tiles come first; the players' rows (values
  // of those without tiles, dead hands) after the picker.
  $("se-form").classList.toggle("is-tiles", entry.mode === "tiles");
  root.querySelectorAll(".se-values-only").forEach((node) => { node.hidden = entry.mode !== "values"; });
  root.querySelectorAll("input[name=winner]").forEach((i) => {
    i.checked = entry.winner !== undefined && i.value === (entry.winner === null ? "" : String(entry.winner));
  });
  root.querySelectorAll("input[name=east]").forEach((i) => { i.checked = Number(i.value) === (entry.east ?? state.east); });
  $("se-discarder-field").hidden = !needsDiscarder();
  root.querySelectorAll("input[name=discarder]").forEach((i) => {
    i.checked = entry.discarder !== undefined && i.value === (entry.discarder === null ? "" : String(entry.discarder));
  });
  const drawNote = $("se-draw-note");
  drawNote.hidden = entry.winner !== null;
  drawNote.textContent = entry.winner === null ? T.draw_done : "";
  $("se-summary").textContent = summaryText();
  const target = root.querySelector("input[name=target]:checked");
  $("se-concealed-kong-label").hidden = !target || target.value !== "kong";
  root.querySelectorAll(".se-dead").forEach((b) => {
    b.setAttribute("aria-pressed", entry.dead.has(Number(b.dataset.position)) ? "true" : "false");
  });
  root.querySelectorAll("input[name=flag], input[name=value-flag]").forEach((i) => {
    i.checked = entry.flags.has(i.value);
    i.disabled = entry.winner === null;
  });
  // Open the special circumstances when one is set (e.g. a loaded correction).
  if (entry.flags.size || entry.winSource) $("se-more").open = true;
  const bonus = entry.tilePlayer === null ? [] : playerTiles(entry, entry.tilePlayer).bonus;
  root.querySelectorAll(".se-bonus-tile").forEach((b) => {
    b.setAttribute("aria-pressed", bonus.includes(b.dataset.bonus) ? "true" : "false");
  });
  for (const p of playing()) {
    const input = $("se-value-" + p.position);
    const summary = $("se-row-tiles-" + p.position);
    const withTiles = entry.mode === "tiles" && hasTiles(entry, p.position);
    // Where only the winner's fan counts it is asked once, not per player.
    input.hidden = withTiles || WINNER_ONLY;
    summary.replaceChildren();
    if (withTiles) {
      const t = entry.tiles[p.position];
      summary.textContent = fmt(T.tile_count, {
        count: t.concealed.length + t.melds.reduce((n, m) => n + m.tiles.length, 0) }) +
        (t.bonus.length ? " + " + t.bonus.length + " " + T.flower_or_season : "");
    }
  }
  syncPayments();
  renderHand();
}

function renderHand() {
  const entry = page.entry;
  const pos = entry.tilePlayer;
  const box = $("se-hand-tiles");
  $("se-win-source").value = entry.winSource;
  if (pos === null) {
    box.replaceChildren();
    $("se-hand-title").textContent = T.tiles;
    $("se-hand-count").textContent = "";
    return;
  }
  const player = byPosition(pos);
  $("se-hand-title").textContent = fmt(T.tiles_of, { name: player.name });
  const t = playerTiles(entry, pos);
  const count = window.TilePicker.tileCount(t);
  $("se-hand-count").textContent = fmt(count === 1 ? T.tile_one : T.tile_other, { count });
  const winning = pos === entry.winner ? winningTile(entry) : null;
  window.TilePicker.renderTray(box, t, {
    img: tileImg, names: TILE_NAMES, winning,
    // Where only the winner's fan counts no value stands beside a player.
    texts: WINNER_ONLY ? { ...T, no_tiles: T.no_tiles_yet } : T,
    changed: () => {
      // A winning tile taken out of the hand is no longer the winning tile.
      const now = page.entry;
      if (now.winningTile && pos === now.winner && !t.concealed.includes(now.winningTile)) now.winningTile = null;
      changed();
    },
  });
}

function renderBreakdown(data) {
  const box = $("se-preview");
  const nameOf = {};
  data.players.forEach((p) => { nameOf[p.seat_wind] = p.name; });
  const parts = [];
  for (const [wind, hand] of Object.entries(data.breakdown || {})) {
    // Where a hand is worth fan, a non-winner's hand is worth nothing: not shown.
    if (FAN && !hand.items.length && !hand.value) continue;
    // The server words each row and the total in the user's language
    // (scoring/texts.py: the rule's name, "1 verdubbeling", "4 punten").
    const items = hand.items.map((item) => el("li", { text: item.text }));
    const total = hand.total_text;
    parts.push(el("div", { class: "se-breakdown" },
      el("h3", { text: windLabel(wind) + " " + nameOf[wind] + ": " + total }),
      el("ul", {}, ...items)));
  }
  // Who pays for whom, where the rule set says so (Hong Kong).
  const result = data.result || {};
  if (result.pao) {
    parts.push(el("p", { class: "se-pays", text: fmt(T.pao_pays, { name: windLabel(result.pao) + " " + nameOf[result.pao] }) }));
  }
  if (result.false_mahjong) {
    parts.push(el("p", { class: "se-pays", text: fmt(T.false_mahjong_pays,
      { name: windLabel(result.false_mahjong) + " " + nameOf[result.false_mahjong] }) }));
  }
  const rows = data.players.map((p) => el("tr", {},
    el("th", { scope: "row", text: windLabel(p.seat_wind) + " " + p.name }),
    el("td", { text: String(p.value) }), el("td", { text: signed(p.settlement) })));
  parts.push(el("table", { class: "table se-settlement" },
    el("caption", { text: T.settlement }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "" }),
      // Fan-based rule sets report the amount paid per the payment table.
      el("th", { scope: "col", text: FAN ? T.amount : T.value }), el("th", { scope: "col", text: T.settlement }))),
    el("tbody", {}, ...rows)));
  box.replaceChildren(...parts);
}

let lastError = null;
export function showMessage(text, kind) {
  if (kind === "error") lastError = text;
  $("se-preview").replaceChildren(el("p", { class: "alert alert-" + kind, role: kind === "error" ? "alert" : null, text }));
}

// Restoring a refused hand in the form redraws it; show the refusal again.
export function showLastError() { if (lastError) showMessage(lastError, "error"); }

// After a save: a confirmation in the save bar that stays on the screen
// (a live region: screen readers hear it), e.g. "Hand 3 saved: S Cor +96".
export function savedStatus(text, kind) {
  const box = $("se-saved");
  box.hidden = !text;
  box.className = "se-saved" + (kind ? " is-" + kind : "");
  box.textContent = text || "";
}

// A new hand starts with a tap adding a loose tile, and kongs open.
export function resetTargets() {
  root.querySelector('input[name=target][value="concealed"]').checked = true;
  $("se-concealed-kong").checked = false;
}

// --- Checking the hand: the server's preview -----------------------------------

let previewTimer = null;
let previewSeq = 0;

// After each change to the hand: redraw, and check it once it can be checked.
export function changed() {
  const entry = page.entry;
  syncForm();
  clearTimeout(previewTimer);
  const decided = entry.winner !== undefined;
  // The winner's fan not entered yet: nothing to check.
  const fanMissing = WINNER_ONLY && entry.mode === "values" && entry.winner !== null &&
    entry.winner !== undefined && entry.fan === null && !entry.falseMahjong;
  if (fanMissing) return;
  // Who discarded decides the settlement: no check until it is chosen.
  if (needsDiscarder() && entry.discarder === undefined) return;
  if (decided || (entry.mode === "tiles" && entry.tilePlayer !== null)) {
    previewTimer = setTimeout(preview, 350);
  }
}

// A pending or running check is for a hand being saved now: dropped.
export function cancelPreview() {
  clearTimeout(previewTimer);
  previewSeq++;
}

// What is missing or unreadable in the hand, in words, or "".
export function problemText() {
  const problem = entryProblem(page.entry, { players: playing(), rules: RULES });
  return problem ? fmt(T[problem.code], { name: problem.name }) : "";
}

export async function preview() {
  const entry = page.entry;
  clearTimeout(previewTimer);
  if (entry.winner === undefined) { showMessage(T.choose_winner, "info"); return; }
  if (needsDiscarder() && entry.discarder === undefined) { showMessage(T.choose_discarder_error, "info"); return; }
  const problem = problemText();
  if (problem) { showMessage(problem, "error"); return; }
  const seq = ++previewSeq;
  try {
    const body = page.correcting ? { ...formInput(), hand: page.correcting.number } : formInput();
    const { status, data } = await postJson(root, root.dataset.previewUrl, body);
    if (seq !== previewSeq) return;
    setOnline(true);
    if (status === 200) renderBreakdown(data);
    else showMessage(data.error || String(status), "error");
  } catch (e) {
    if (seq !== previewSeq) return;
    setOnline(false);
    showMessage(T.preview_offline, "info");
  }
}
