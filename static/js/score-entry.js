/* The score-entry page of one table: plain JavaScript, no framework.
 *
 * Hands are entered by values or by tiles, checked by the server's preview
 * (the engine's breakdown and settlement) and saved through the JSON API.
 * Every save first goes into a queue in localStorage, so a dropped
 * connection loses nothing: queued hands are shown as "not yet sent" and
 * sent, in order and each with its own submission_id, when the connection
 * is back (the online event and a periodic retry). The server answers a
 * repeated submission_id with the hand it already saved, so a retry after a
 * lost answer never creates a second hand.
 *
 * For a thumb (issue 15): tiles are tapped into a tray that stays on the
 * screen (tile-picker.js, shared with "Check a hand"), the winning tile is
 * picked once and counted in the hand, who discarded is always chosen
 * (self-drawn too), a draw is one tap and says what it did, and in the
 * green dragon's round the scorekeeper gives the East the dice chose.
 *
 * Saved hands can be corrected (loaded back into the form: values or tiles
 * as entered), deleted and confirmed, and the seats corrected. These are
 * never queued: they must be made against the table as it is now, so they
 * need a connection and a version conflict shows what changed. The page
 * re-reads the table now and then, so a second device sees new hands to
 * confirm; the History section shows the audit trail.
 */
(function () {
  "use strict";

  const root = document.getElementById("score-entry");
  if (!root) return;

  const json = (id) => JSON.parse(document.getElementById(id).textContent);
  const T = json("se-messages");
  const TILE_NAMES = json("se-tile-names");
  const WIND_LETTERS = json("se-wind-letters");
  const HAND_URLS = json("se-hand-urls");
  // What the rule set asks of a hand by values (score_sheet.entry_options):
  // the highest value, whether only the winner's value counts (Hong Kong:
  // the winner's fan) and the flags that change a settlement of values.
  const RULES = json("se-rules");
  const VALUES = RULES.values || {};
  const WINNER_ONLY = !!VALUES.winner_only;
  const FAN = VALUES.unit === "fan";
  const VALUE_FLAGS = (VALUES.flags || []).length > 0;
  const PAO = "pao:";
  const tableId = root.dataset.table;
  const QUEUE_KEY = "score-entry-queue-" + tableId;
  const SNAPSHOT_KEY = "score-entry-state-" + tableId;
  const RETRY_MS = 15000;

  let state = json("se-state");
  let hands = state.hands;
  let history = json("se-history-data");
  let historyVersion = state.version;
  try {
    // A reload without a connection shows the page as the service worker
    // cached it; the device may know a newer state than that copy.
    const snapshot = JSON.parse(localStorage.getItem(SNAPSHOT_KEY) || "null");
    if (snapshot && snapshot.state && snapshot.state.version > state.version) {
      // What the user may do is the server's word, not the device's.
      state = { ...snapshot.state, permissions: state.permissions };
      hands = snapshot.hands || [];
    }
  } catch (e) { /* a damaged snapshot is ignored */ }
  const may = () => state.permissions || {};

  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  };
  const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => values[key]);
  const signed = (n) => (n > 0 ? "+" + n : String(n));

  // --- The hand being entered ----------------------------------------------

  let entry;
  // The saved hand being corrected (as the server sent it), or null while
  // entering the next hand; `stashed` keeps a half-entered next hand meanwhile.
  let correcting = null;
  let stashed = null;
  function freshEntry() {
    return {
      // winner and discarder: undefined until chosen; a winner of null is a
      // draw, a discarder of null a self-drawn win (never a silent default).
      // east: the East the dice chose in the green dragon's round, else null.
      mode: entry ? entry.mode : "values",
      values: {}, winner: undefined, discarder: undefined, east: null, dead: new Set(),
      tiles: {}, winningTile: null, winSource: "", tilePlayer: null, flags: new Set(),
      // Where the rule set has them: the winner's fan, the responsible
      // player (pao, a position) and a false mahjong by the chosen winner.
      fan: null, pao: null, falseMahjong: false,
    };
  }

  // The players of the hand in the form: for a correction, that hand's
  // players with their winds then; else the next hand's.
  function handPlayers(hand) {
    const windOf = {};
    hand.players.forEach((s) => { windOf[s.registration] = s.seat_wind; });
    return state.players.filter((p) => windOf[p.registration])
      .map((p) => ({ ...p, seat_wind: windOf[p.registration] }));
  }
  // The players of the next hand with their winds; an East chosen by the
  // dice (the green dragon's round) moves the winds, at a table of 5 by the
  // rule set's schedule (which also says who sits out).
  const WINDS = "ESWN";
  function nextPlayers() {
    if (entry.east === null || entry.east === undefined || entry.east === state.east) return state.players;
    const size = state.players.length;
    if (size === 5) {
      const row = (RULES.five_schedule || []).find((r) => r[0] === entry.east);
      if (!row) return state.players;
      return state.players.map((p) => {
        const index = row.slice(0, 4).indexOf(p.position);
        return { ...p, seat_wind: index >= 0 ? WINDS[index] : null };
      });
    }
    return state.players.map((p) => ({ ...p, seat_wind: WINDS[(p.position - entry.east + size) % size] }));
  }
  // The dice choose East when the green dragon's round starts (003 "Drie
  // spelers", "Vijf spelers"): offered for its first hand.
  function eastIsChosen() {
    if (correcting || state.prevailing_wind !== "G") return false;
    // A hand still waiting on this device may already be that first hand.
    if (loadQueue().some((item) => item.status === "pending")) return false;
    const last = hands.length ? hands[hands.length - 1] : null;
    return !last || last.prevailing_wind !== "G";
  }
  const playing = () => (correcting ? handPlayers(correcting) : nextPlayers().filter((p) => p.seat_wind));
  const byPosition = (position) => state.players.find((p) => p.position === position);
  const playerTiles = (position) => {
    if (!entry.tiles[position]) entry.tiles[position] = { concealed: [], melds: [], bonus: [] };
    return entry.tiles[position];
  };
  const hasTiles = (position) => {
    const t = entry.tiles[position];
    return !!t && (t.concealed.length > 0 || t.melds.length > 0 || t.bonus.length > 0);
  };

  // Unless chosen, the winning tile is the last tile tapped into the winner's hand.
  function winningTile() {
    if (entry.winningTile) return entry.winningTile;
    const t = entry.winner === null || entry.winner === undefined ? null : entry.tiles[entry.winner];
    return t && t.concealed.length ? t.concealed[t.concealed.length - 1] : null;
  }

  // The engine's notation, shared with "Check a hand" (tile-picker.js).
  const { tileString, parseTiles } = window.TilePicker;

  // A player's value in the hand: where only the winner's counts, the
  // winner's fan (nothing for a false mahjong) and 0 for everyone else.
  function valueOf(position, winner) {
    if (!WINNER_ONLY) return entry.values[position] || 0;
    return position === winner && !entry.falseMahjong ? entry.fan || 0 : 0;
  }

  // The flags that decide who pays: "pao:<position>" and "false_mahjong".
  function payFlags() {
    const flags = [];
    // The 7-5 rule makes the discarder pay for everyone: the responsible player.
    const sevenFive = entry.flags.has("seven_five") && entry.discarder !== null && entry.discarder !== undefined;
    if (entry.pao !== null && entry.pao !== undefined) flags.push(PAO + entry.pao);
    else if (sevenFive && !entry.falseMahjong) flags.push(PAO + entry.discarder);
    if (entry.falseMahjong) flags.push("false_mahjong");
    return flags;
  }

  function gameInput() {
    const input = { winner: entry.winner === undefined ? null : entry.winner,
                    discarder: entry.discarder ?? null,
                    east: !correcting && eastIsChosen() ? (entry.east ?? state.east) : null };
    if (input.winner === null) input.discarder = null;
    if (entry.mode === "values") {
      input.values = {};
      for (const p of playing()) input.values[p.position] = valueOf(p.position, input.winner);
      // Only rule sets whose settlement of values depends on them take flags.
      if (VALUE_FLAGS) {
        const flags = [...payFlags(), ...[...entry.flags].filter((f) => (VALUES.flags || []).includes(f))];
        input.flags = input.winner === null ? [] : flags.sort();
      }
      return input;
    }
    input.tiles = {};
    for (const p of playing()) {
      const pos = p.position;
      const t = entry.tiles[pos];
      input.tiles[pos] = hasTiles(pos) ? {
        concealed: tileString(t.concealed),
        melds: t.melds.map((m) => ({ kind: m.kind, tiles: tileString(m.tiles), open: m.open })),
        ...(t.bonus.length ? { bonus: tileString(t.bonus) } : {}),
      } : { score: valueOf(pos, input.winner) };
    }
    input.winning_tile = input.winner === null ? null : winningTile();
    input.win_source = input.winner === null ? null : (entry.winSource || null);
    // A draw has no circumstances of a win.
    input.flags = input.winner === null ? [] : [...new Set([...entry.flags, ...payFlags()])].sort();
    input.dead = [...entry.dead].sort();
    return input;
  }

  // A saved hand back into the form, as it was entered.
  function entryFromHand(hand) {
    const loaded = freshEntry();
    const saved = hand.entry || {};
    const positionOf = {};
    state.players.forEach((p) => { positionOf[p.registration] = p.position; });
    if (!saved.kind) {
      // Saved before entries were kept: its values; who won is asked again.
      loaded.mode = "values";
      hand.players.forEach((s) => { loaded.values[positionOf[s.registration]] = s.value; });
      return loaded;
    }
    loaded.mode = saved.kind;
    loaded.winner = saved.winner ?? null;
    loaded.discarder = saved.discarder ?? null;
    const savedFlags = saved.flags || [];
    for (const flag of savedFlags) {
      if (flag.startsWith(PAO)) loaded.pao = Number(flag.slice(PAO.length));
      else if (flag === "false_mahjong") loaded.falseMahjong = true;
      else loaded.flags.add(flag);
    }
    // The 7-5 rule's responsible player is its discarder: not a pao chosen apart.
    if (loaded.flags.has("seven_five") && loaded.pao === loaded.discarder) loaded.pao = null;
    const winnerKey = loaded.winner === null ? null : String(loaded.winner);
    if (saved.kind === "values") {
      for (const [pos, value] of Object.entries(saved.values || {})) loaded.values[Number(pos)] = value;
      if (WINNER_ONLY && winnerKey !== null && !loaded.falseMahjong) loaded.fan = (saved.values || {})[winnerKey] ?? null;
      return loaded;
    }
    for (const [pos, data] of Object.entries(saved.tiles || {})) {
      if (data.score !== undefined) {
        loaded.values[Number(pos)] = data.score;
        if (WINNER_ONLY && pos === winnerKey && !loaded.falseMahjong) loaded.fan = data.score;
        continue;
      }
      loaded.tiles[Number(pos)] = {
        concealed: parseTiles(data.concealed),
        melds: (data.melds || []).map((m) => ({ kind: m.kind, tiles: parseTiles(m.tiles), open: m.open !== false })),
        bonus: parseTiles(data.bonus),
      };
    }
    loaded.winningTile = saved.winning_tile || null;
    loaded.winSource = saved.win_source || "";
    loaded.dead = new Set(saved.dead || []);
    loaded.tilePlayer = loaded.winner ?? null;
    return loaded;
  }

  // --- Drawing the page -------------------------------------------------------

  const windLabel = (wind) => (wind ? WIND_LETTERS[wind] : "–");
  const tileImg = (code) => el("img", { src: root.dataset.tiles + code + ".svg", alt: TILE_NAMES[code],
                                        width: 30, height: 42 });

  function renderHeader() {
    $("se-hand-number").textContent = state.hand_number;
    $("se-prevailing").textContent = windLabel(state.prevailing_wind);
    $("se-version").textContent = state.version;
    const list = $("se-players");
    list.replaceChildren(...(correcting ? state.players : nextPlayers()).map((p) => el("li",
      { class: "se-player" + (p.seat_wind === "E" ? " is-east" : ""), "data-position": p.position },
      el("span", { class: "se-wind", "aria-hidden": "true", text: windLabel(p.seat_wind) }),
      el("span", { class: "se-name", text: p.name }),
      el("span", { class: "visually-hidden", text: p.seat_wind ? " (" + windLabel(p.seat_wind) + ")" : "" }),
      p.seat_wind === "E" ? el("span", { class: "se-east-tag", text: T.east }) : null,
      // At a table of 5 one player sits out each hand: say so, not only "–".
      p.seat_wind ? null : el("span", { class: "se-east-tag se-out-tag", text: T.sits_out }),
      el("span", { class: "se-total", text: signed(p.total) }))));
  }

  function option(name, value, label, checked) {
    const input = el("input", { type: "radio", name, value: value === null ? "" : String(value) });
    input.checked = checked;
    return el("label", {}, input, " ", label);
  }

  function renderForm() {
    $("se-form").hidden = !(may().may_enter || correcting);
    $("se-form-title").textContent = correcting ? fmt(T.correcting, { number: correcting.number }) : T.enter_next;
    $("se-correcting").hidden = !correcting;
    $("se-correcting-text").textContent = correcting ? T.correcting_help : "";
    $("se-save").textContent = correcting ? T.save_correction : T.save_hand;
    const rows = $("se-rows");
    rows.replaceChildren(...playing().map((p) => {
      const id = "se-value-" + p.position;
      const value = el("input", { id, type: "number", inputmode: "numeric", step: "1", min: "0",
                                  max: VALUES.limit ?? null,
                                  value: entry.values[p.position] ?? "", "data-position": p.position,
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
    eastField.hidden = !eastIsChosen();
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

  // The winner's fan, who is responsible (pao) and a false mahjong.
  const fanLabel = $("se-fan-label");
  const fanLabelText = fanLabel ? fanLabel.textContent : "";
  function syncPayments() {
    const decided = entry.winner !== undefined && entry.winner !== null;
    const fanField = $("se-fan-field");
    if (fanField) {
      fanField.hidden = entry.mode !== "values";
      const fan = $("se-fan");
      const winner = decided ? byPosition(entry.winner) : null;
      fanLabel.textContent = winner ? fmt(T.fan_of, { name: winner.name }) : fanLabelText;
      fan.disabled = !decided || entry.falseMahjong;
      $("se-fan-limit").disabled = fan.disabled;
      const shown = entry.falseMahjong || entry.fan === null ? "" : String(entry.fan);
      if (document.activeElement !== fan && fan.value !== shown) fan.value = shown;
    }
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
    const name = (pos) => { const p = playing().find((q) => q.position === pos); return p ? windLabel(p.seat_wind) + " " + p.name : ""; };
    if (entry.winner === undefined) return T.choose_winner;
    if (entry.winner === null) return T.draw_summary;
    if (entry.falseMahjong) return fmt(T.false_mahjong_short, { name: name(entry.winner) });
    if (entry.discarder === undefined) return fmt(T.wins, { name: name(entry.winner) }) + " · " + T.choose_discarder;
    if (entry.discarder === null) return fmt(T.wins_self_drawn, { name: name(entry.winner) });
    return fmt(T.wins_on_discard, { name: name(entry.winner), discarder: name(entry.discarder) });
  }

  const needsDiscarder = () => entry.winner !== undefined && entry.winner !== null && !entry.falseMahjong;

  function syncForm() {
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
    $("se-open-label").hidden = !target || ["concealed", "winning"].includes(target.value);
    root.querySelectorAll(".se-dead").forEach((b) => {
      b.setAttribute("aria-pressed", entry.dead.has(Number(b.dataset.position)) ? "true" : "false");
    });
    root.querySelectorAll("input[name=flag], input[name=value-flag]").forEach((i) => {
      i.checked = entry.flags.has(i.value);
      i.disabled = entry.winner === null;
    });
    // Open the special circumstances when one is set (e.g. a loaded correction).
    if (entry.flags.size || entry.winSource) $("se-more").open = true;
    const bonus = entry.tilePlayer === null ? [] : playerTiles(entry.tilePlayer).bonus;
    root.querySelectorAll(".se-bonus-tile").forEach((b) => {
      b.setAttribute("aria-pressed", bonus.includes(b.dataset.bonus) ? "true" : "false");
    });
    for (const p of playing()) {
      const input = $("se-value-" + p.position);
      const summary = $("se-row-tiles-" + p.position);
      const withTiles = entry.mode === "tiles" && hasTiles(p.position);
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
    const t = playerTiles(pos);
    const count = window.TilePicker.tileCount(t);
    $("se-hand-count").textContent = fmt(count === 1 ? T.tile_one : T.tile_other, { count });
    const winning = pos === entry.winner ? winningTile() : null;
    window.TilePicker.renderTray(box, t, {
      img: tileImg, names: TILE_NAMES, texts: T, winning,
      changed: () => {
        // A winning tile taken out of the hand is no longer the winning tile.
        if (entry.winningTile && pos === entry.winner && !t.concealed.includes(entry.winningTile)) entry.winningTile = null;
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
  function showMessage(text, kind) {
    if (kind === "error") lastError = text;
    $("se-preview").replaceChildren(el("p", { class: "alert alert-" + kind, role: kind === "error" ? "alert" : null, text }));
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
  const listStatus = statusIn("se-list-status");
  const seatsStatus = statusIn("se-seats-status");

  // The hand whose deletion waits for a second tap, and since when (a
  // double tap on Delete must not also hit "Yes, delete").
  let deleteAsked = null;
  let deleteAskedAt = 0;
  let busy = false;

  function actionButton(action, hand, label, ariaLabel, look) {
    return el("button", { type: "button", class: "button small " + (look ?? "secondary"),
                          "data-action": action, "data-number": hand.number,
                          "aria-label": ariaLabel || null, text: label });
  }

  function handActions(hand, columns) {
    const n = { number: hand.number };
    const items = [];
    if (deleteAsked === hand.number) {
      items.push(el("span", { class: "se-question", id: "se-delete-question", tabindex: "-1",
                              text: fmt(T.delete_question, n) }),
        actionButton("delete-no", hand, T.delete_no),
        actionButton("delete-yes", hand, T.delete_yes, fmt(T.delete_hand, n), "danger"));
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

  // On a phone the list of hands must fit 360 px with five players: their
  // columns are headed by initials (Hans van Dijk: HvD) and the full name
  // is kept for screen readers, in a tooltip and on wider screens (app.css).
  const initials = (name) => (name || "").split(/\s+/).filter(Boolean).map((word) => word[0]).join("");
  const nameParts = (full, short) => [el("span", { class: "se-col-short", "aria-hidden": "true", text: short }),
                                      el("span", { class: "se-col-full", text: full })];

  function renderHands() {
    const players = state.players;
    const head = el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: T.hand }),
      ...players.map((p) => el("th", { scope: "col", title: p.name }, ...nameParts(p.name, initials(p.name)))),
      el("th", { scope: "col", text: T.winner })));
    const body = el("tbody", {}, ...hands.flatMap((hand) => {
      const settlement = {};
      let winner = [T.draw];
      hand.players.forEach((s) => { settlement[s.registration] = s; });
      if (hand.entry && hand.entry.winner !== null && hand.entry.winner !== undefined) {
        const name = (byPosition(hand.entry.winner) || {}).name || "";
        winner = nameParts(name, initials(name));
        // A false mahjong's claimer is given as the winner, but nobody won.
        if ((hand.entry.flags || []).includes("false_mahjong")) {
          winner = nameParts(fmt(T.false_mahjong_short, { name }), fmt(T.false_mahjong_short, { name: initials(name) }));
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
    }), ...loadQueue().map((item) => el("tr", { class: "se-unsent" },
      el("th", { scope: "row", text: "…" }),
      el("td", { colspan: players.length + 1, text: statusText(item) }))));
    const totals = el("tfoot", {}, el("tr", {}, el("th", { scope: "row", text: T.total }),
      ...players.map((p) => el("td", { text: signed(p.total) })), el("td", {})));
    $("se-hands").replaceChildren(head, body, totals);
  }

  function renderAll() {
    // Once the green dragon's round has its first hand, its East is the table's.
    if (entry && !eastIsChosen() && entry.east !== null) entry.east = null;
    const eastField = $("se-east-field");
    if (eastField && !eastIsChosen()) eastField.hidden = true;
    renderHeader(); renderHands(); renderQueue(); renderSeats();
  }

  // --- The seats panel -------------------------------------------------------------

  // Redrawn only when the recorded seating changes, so a periodic refresh
  // never undoes choices being made.
  let seatsDrawn = null;
  function renderSeats() {
    const box = $("se-seat-rows");
    if (!box) return;
    const key = JSON.stringify(state.players.map((p) => [p.position, p.registration]));
    if (key === seatsDrawn) return;
    seatsDrawn = key;
    box.replaceChildren(...state.players.map((p) => {
      const id = "se-seat-" + p.position;
      const label = p.position < 4
        ? fmt(T.seat_wind, { number: p.position + 1, wind: WIND_LETTERS["ESWN"[p.position]] })
        : fmt(T.seat_fifth, { number: p.position + 1 });
      const select = el("select", { id, class: "se-seat-select", "data-position": p.position },
        ...state.players.map((q) => {
          const choice = el("option", { value: q.registration, text: q.name });
          choice.selected = q.registration === p.registration;
          return choice;
        }));
      return el("div", { class: "field se-seat-row" }, el("label", { for: id, text: label }), select);
    }));
  }

  // --- The history -------------------------------------------------------------------

  function playedText(s) {
    return s ? fmt(T.history_player, { wind: windLabel(s.seat_wind), value: s.value,
                                        settlement: signed(s.settlement) }) : T.did_not_play;
  }

  // Only what changed: "value 40 → 48, settlement +160 → +192".
  function changeText(old, now) {
    if (!old || !now) return playedText(old) + " → " + playedText(now);
    const parts = [];
    if (old.seat_wind !== now.seat_wind) parts.push(T.wind_word + " " + windLabel(old.seat_wind) + " → " + windLabel(now.seat_wind));
    if (old.value !== now.value) parts.push(T.value_total + " " + old.value + " → " + now.value);
    if (old.settlement !== now.settlement) parts.push(T.settlement_word + " " + signed(old.settlement) + " → " + signed(now.settlement));
    return parts.join(", ");
  }

  function renderHistory() {
    const list = $("se-history");
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

  async function loadHistory() {
    try {
      const response = await fetch(root.dataset.historyUrl, { credentials: "same-origin",
                                                             headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const data = await response.json();
      history = data.changes;
      historyVersion = data.version;
      renderHistory();
    } catch (e) { /* offline: the history shown stays */ }
  }

  // --- Changes to the hand being entered ---------------------------------------

  let previewTimer = null;
  function changed() {
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

  root.addEventListener("change", (event) => {
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
  });

  root.addEventListener("input", (event) => {
    const target = event.target;
    if (target.id === "se-fan") {
      const n = parseInt(target.value, 10);
      entry.fan = Number.isNaN(n) ? null : n;
      changed();
      return;
    }
    if (!target.classList.contains("se-value")) return;
    const n = parseInt(target.value, 10);
    entry.values[Number(target.dataset.position)] = Number.isNaN(n) ? 0 : n;
    changed();
  });

  root.addEventListener("click", (event) => {
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
      changed();
      return;
    }
    const tile = event.target.closest(".se-picker .se-tile");
    if (tile) { addTile(tile.dataset.tile); return; }
    const bonus = event.target.closest(".se-bonus-tile");
    if (bonus) toggleBonus(bonus.dataset.bonus);
  });

  function chooseTilePlayer() {
    if (entry.tilePlayer === null) {
      entry.tilePlayer = entry.winner ?? playing()[0].position;
      renderForm();
    }
  }

  function toggleBonus(code) {
    // Each flower and season is in the set once: a second tap takes it back.
    chooseTilePlayer();
    const t = playerTiles(entry.tilePlayer);
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
    const targetInput = root.querySelector("input[name=target]:checked");
    const t = playerTiles(entry.tilePlayer);
    const added = window.TilePicker.add(t, code, targetInput.value, $("se-open").checked);
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

  $("se-false").addEventListener("click", () => {
    // A false mahjong: whoever claimed it (the chosen winner, else the
    // player whose tiles are shown) has a dead hand; nobody wins.
    const who = entry.winner ?? entry.tilePlayer;
    if (who === null || who === undefined) { showMessage(T.choose_winner, "info"); return; }
    entry.dead.add(who);
    entry.winner = null;
    entry.discarder = undefined;
    entry.mode = "tiles";
    changed();
  });

  // A new hand starts with a tap adding a loose tile, and melds concealed.
  function resetTargets() {
    root.querySelector('input[name=target][value="concealed"]').checked = true;
    $("se-open").checked = false;
  }

  $("se-clear").addEventListener("click", () => {
    resetTargets();
    // While correcting, Clear goes back to the hand as it was saved.
    entry = correcting ? entryFromHand(correcting) : freshEntry();
    renderForm();
    $("se-preview").replaceChildren();
  });
  $("se-check").addEventListener("click", preview);

  // --- Talking to the server ------------------------------------------------------

  function csrfToken() {
    const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
    const input = root.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  async function postJson(url, body) {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(),
                 Accept: "application/json" },
      body: JSON.stringify(body),
    });
    let data = {};
    try { data = await response.json(); } catch (e) { /* not JSON: a proxy's page */ }
    return { status: response.status, data };
  }

  let previewSeq = 0;
  async function preview() {
    clearTimeout(previewTimer);
    if (entry.winner === undefined) { showMessage(T.choose_winner, "info"); return; }
    if (needsDiscarder() && entry.discarder === undefined) { showMessage(T.choose_discarder_error, "info"); return; }
    const seq = ++previewSeq;
    try {
      const body = correcting ? { ...gameInput(), hand: correcting.number } : gameInput();
      const { status, data } = await postJson(root.dataset.previewUrl, body);
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

  function setOnline(online) {
    const badge = $("se-network");
    badge.dataset.online = online ? "true" : "false";
    badge.textContent = online ? T.online : T.offline;
  }

  async function refreshState() {
    try {
      const response = await fetch(root.dataset.api, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!response.ok) return;
      applyState(await response.json());
    } catch (e) { /* offline: keep what we know */ }
  }

  // The table as the server sees it now: from GET /api/tables/<id>/, or
  // from the answer to a saved hand (which carries it, saving a request).
  function applyState(fresh) {
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
    state = fresh;
    hands = fresh.hands;
    saveSnapshot();
    if (correcting) {
      const current = hands.find((h) => h.number === correcting.number);
      if (current) correcting = current;
      else {
        const number = correcting.number;
        endCorrection();
        listStatus(fmt(T.gone, { number }), "error");
      }
    }
    renderAll();
    if (positionsChanged || correcting) renderForm();
    if (fresh.version !== historyVersion) loadHistory();
  }

  function saveSnapshot() {
    try { localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ state, hands })); } catch (e) { /* full */ }
  }

  // --- The queue of hands not yet sent --------------------------------------------

  function loadQueue() {
    try { return JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]"); } catch (e) { return []; }
  }
  function storeQueue(queue) { localStorage.setItem(QUEUE_KEY, JSON.stringify(queue)); }
  function updateItem(id, changes) {
    const queue = loadQueue();
    const item = queue.find((i) => i.submission_id === id);
    if (item) Object.assign(item, changes);
    storeQueue(queue);
    return item;
  }
  function removeItem(id) { storeQueue(loadQueue().filter((i) => i.submission_id !== id)); }

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    // Pages served over plain http on a hall's network have no randomUUID.
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  function statusText(item) {
    if (item.status === "conflict") return T.conflict + ": " + item.message;
    if (item.status === "refused") return T.refused + ": " + item.message;
    return T.waiting;
  }

  function renderQueue() {
    const queue = loadQueue();
    $("se-queue-section").hidden = queue.length === 0;
    $("se-queue").replaceChildren(...queue.map((item) => el("li", { class: "se-queue-item", "data-status": item.status },
      el("span", { text: statusText(item) }),
      el("span", { class: "muted", text: " " + new Date(item.created).toLocaleTimeString() }),
      item.status !== "pending" ? el("span", { class: "se-queue-actions" },
        el("button", { type: "button", class: "button small", text: T.retry, onclick: () => retry(item.submission_id) }),
        el("button", { type: "button", class: "button small danger", text: T.discard, onclick: () => {
          removeItem(item.submission_id); renderAll(); } })) : null)));
  }

  async function retry(id) {
    // After a conflict the scorekeeper has seen what changed: send the hand
    // again on top of the table as it is now (same submission_id).
    await refreshState();
    updateItem(id, { status: "pending", message: "", body: { ...loadQueue().find((i) => i.submission_id === id).body,
      expected_version: state.version } });
    renderAll();
    flush();
  }

  // One send at a time: queued hands go in the order they were entered.
  let flushing = null;
  function flush() {
    if (!flushing) flushing = sendAll().finally(() => { flushing = null; });
    return flushing;
  }

  async function sendAll() {
    for (;;) {
      const item = loadQueue().find((i) => i.status === "pending");
      if (!item) return;
      const outcome = await send(item);
      if (outcome === "network") return;
    }
  }

  async function send(item) {
    let result;
    try {
      result = await postJson(root.dataset.handsUrl, item.body);
    } catch (e) {
      setOnline(false);
      renderAll();
      return "network";
    }
    setOnline(true);
    const { status, data } = result;
    if (status === 200 || status === 201) {
      removeItem(item.submission_id);
      if (!hands.some((h) => h.id === data.hand.id)) hands.push(data.hand);
      hands.sort((a, b) => a.number - b.number);
      state.version = Math.max(state.version, data.version);
      saveSnapshot();
      renderAll();
      if (data.state) applyState(data.state);
      else await refreshState();
      if (item.fromForm) announceSaved(data.hand);
      return "saved";
    }
    if (status === 400 && item.fromForm && item.attempts === 0) {
      // Refused on the spot: the form still holds the hand; fix it there.
      removeItem(item.submission_id);
      renderAll();
      showMessage(data.error || String(status), "error");
      return "refused";
    }
    if (status >= 500 || status === 0) {
      updateItem(item.submission_id, { attempts: item.attempts + 1 });
      return "network";
    }
    updateItem(item.submission_id, { status: status === 409 ? "conflict" : "refused",
                                      message: data.error || String(status), fromForm: false });
    if (status === 409) await refreshState();
    renderAll();
    return "kept";
  }

  // After a save: a confirmation in the save bar that stays on the screen
  // (a live region: screen readers hear it), e.g. "Hand 3 saved: S Cor +96",
  // and the scorekeeper is back at the start of the next hand's entry.
  function savedStatus(text, kind) {
    const box = $("se-saved");
    box.hidden = !text;
    box.className = "se-saved" + (kind ? " is-" + kind : "");
    box.textContent = text || "";
  }

  function announceSaved(hand) {
    const winner = hand.entry && hand.entry.winner !== null && hand.entry.winner !== undefined
      && !(hand.entry.flags || []).includes("false_mahjong") ? byPosition(hand.entry.winner) : null;
    const score = winner && hand.players.find((s) => s.registration === winner.registration);
    savedStatus(score ? fmt(T.saved_winner, { number: hand.number, wind: windLabel(score.seat_wind),
                                               name: winner.name, settlement: signed(score.settlement) })
                      : fmt(T.saved, { number: hand.number }), "success");
    $("se-preview").replaceChildren();  // the check of the hand just saved
    $("se-form").scrollIntoView({ block: "start" });
    $("se-form-title").focus({ preventScroll: true });
  }

  $("se-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (entry.winner === undefined) { showMessage(T.choose_winner, "error"); $("se-winner").querySelector("input").focus(); return; }
    if (needsDiscarder() && entry.discarder === undefined) {
      showMessage(T.choose_discarder_error, "error");
      $("se-discarder").querySelector("input").focus();
      return;
    }
    if (correcting) { saveCorrection(); return; }
    // A pending or running check belongs to the hand being saved now.
    clearTimeout(previewTimer);
    previewSeq++;
    const queue = loadQueue();
    const ahead = queue.filter((i) => i.status === "pending").length;
    const item = {
      submission_id: newId(), created: Date.now(), status: "pending", message: "", attempts: 0,
      fromForm: true,
      // Each queued hand expects the table as the hands ahead of it leave it.
      body: { ...gameInput(), submission_id: null, expected_version: state.version + ahead },
    };
    item.body.submission_id = item.submission_id;
    queue.push(item);
    storeQueue(queue);
    const saved = entry;
    entry = freshEntry();
    resetTargets();
    renderForm();
    renderAll();
    savedStatus("");
    if (ahead > 0) {
      savedStatus(T.queued, "info");
      flush();
      return;
    }
    const outcome = await flushOne(item);
    if (outcome === "refused") { entry = saved; renderForm(); showMessageKeep(); }
    else if (outcome === "network") savedStatus(T.queued, "info");
    else if (outcome === "kept") showMessage(statusText(loadQueue().find((i) => i.submission_id === item.submission_id) || item), "error");
    updateItem(item.submission_id, { fromForm: false });
  });

  // Restoring a refused hand in the form redraws it; show the refusal again.
  function showMessageKeep() { if (lastError) showMessage(lastError, "error"); }

  async function flushOne(item) {
    if (flushing) await flushing;
    const current = loadQueue().find((i) => i.submission_id === item.submission_id);
    if (!current || current.status !== "pending") return "saved";
    let outcome;
    flushing = send(current).then((o) => { outcome = o; }).finally(() => { flushing = null; });
    await flushing;
    if (outcome === "saved") flush();
    return outcome;
  }

  // --- Corrections, deletions, confirmations, seats: online only ---------------------

  const pendingCount = () => loadQueue().filter((i) => i.status === "pending").length;
  const handUrl = (action, number) => HAND_URLS[action].replace("/HAND/", "/" + number + "/");

  // One change at a time; null when the network failed (the message says
  // the change needs a connection: it is not kept on the device).
  async function sendChange(url, body, show) {
    if (busy) return null;
    if (!navigator.onLine) { show(T.needs_connection, "error"); return null; }
    busy = true;
    try {
      const result = await postJson(url, body);
      setOnline(true);
      return result;
    } catch (e) {
      setOnline(false);
      show(T.needs_connection, "error");
      return null;
    } finally {
      busy = false;
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

  function focusAction(number, action) {
    const button = root.querySelector(`[data-action="${action}"][data-number="${number}"]`);
    if (button) button.focus();
  }

  function startCorrection(number) {
    const hand = hands.find((h) => h.number === number);
    if (!hand) return;
    if (!navigator.onLine) { listStatus(T.needs_connection, "error"); return; }
    if (!correcting) stashed = entry;
    savedStatus("");
    correcting = hand;
    deleteAsked = null;
    entry = entryFromHand(hand);
    renderForm();
    renderHands();
    $("se-preview").replaceChildren();
    listStatus("");
    $("se-form").scrollIntoView({ block: "start" });
    $("se-form-title").focus();
    changed();  // checks the loaded hand: its breakdown and settlement
  }

  function endCorrection() {
    correcting = null;
    entry = stashed || freshEntry();
    stashed = null;
    renderForm();
    renderHands();
    $("se-preview").replaceChildren();
  }

  $("se-cancel").addEventListener("click", () => {
    const number = correcting && correcting.number;
    endCorrection();
    focusAction(number, "correct");
  });

  async function saveCorrection() {
    if (pendingCount() > 0) { showMessage(T.send_first, "error"); return; }
    clearTimeout(previewTimer);
    previewSeq++;
    const number = correcting.number;
    const result = await sendChange(handUrl("correct", number),
                                    { ...gameInput(), expected_version: state.version }, showMessage);
    if (!result) return;
    const { status, data } = result;
    if (status !== 200) { await refused(status, data, number, showMessage); return; }
    hands = hands.map((h) => (h.number === number ? data.hand : h));
    endCorrection();
    listStatus(fmt(T.corrected, { number }), "success");
    await refreshState();
    await loadHistory();
    focusAction(number, "correct");
  }

  async function deleteHand(number) {
    if (pendingCount() > 0) { listStatus(T.send_first, "error"); return; }
    const result = await sendChange(handUrl("delete", number), { expected_version: state.version }, listStatus);
    deleteAsked = null;
    if (!result) { renderHands(); return; }
    const { status, data } = result;
    if (status !== 200) { renderHands(); await refused(status, data, number, listStatus); return; }
    hands = hands.filter((h) => h.number !== number);
    if (correcting && correcting.number === number) endCorrection();
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
    hands = hands.map((h) => (h.number === number ? data.hand : h));
    renderHands();
    listStatus(fmt(T.confirmed_hand, { number }), "success");
    await refreshState();
    await loadHistory();
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (!button || busy) return;
    const number = Number(button.dataset.number);
    const action = button.dataset.action;
    if (action === "correct") startCorrection(number);
    else if (action === "delete") {
      if (!navigator.onLine) { listStatus(T.needs_connection, "error"); return; }
      deleteAsked = number;
      deleteAskedAt = Date.now();
      renderHands();
      $("se-delete-question").focus();
    } else if (action === "delete-no") {
      deleteAsked = null;
      renderHands();
      focusAction(number, "delete");
    } else if (action === "delete-yes") {
      if (Date.now() - deleteAskedAt < 500) return;  // the second half of a double tap
      deleteHand(number);
    } else if (action === "confirm") confirmHand(number);
  });

  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || deleteAsked === null) return;
    const number = deleteAsked;
    deleteAsked = null;
    renderHands();
    focusAction(number, "delete");
  });

  const seatsForm = $("se-seats-form");
  if (seatsForm) {
    seatsForm.addEventListener("submit", async (event) => {
      event.preventDefault();
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
      hands = data.hands;
      seatsStatus(fmt(T.seats_saved, { count: data.hands.length }), "success");
      seatsDrawn = null;
      await refreshState();
      await loadHistory();
    });
  }

  // --- Start ---------------------------------------------------------------------

  entry = freshEntry();
  renderAll();
  renderForm();
  renderHistory();
  setOnline(navigator.onLine);
  window.addEventListener("online", () => { setOnline(true); flush(); });
  window.addEventListener("offline", () => setOnline(false));
  // Hands not yet sent go out; and the table is re-read, so hands saved on
  // another device (to confirm, or corrected there) show up here too.
  setInterval(() => {
    if (!navigator.onLine) return;
    flush();
    if (!document.hidden && !busy) refreshState();
  }, RETRY_MS);
  flush();
  if ("serviceWorker" in navigator && root.dataset.sw) {
    navigator.serviceWorker.register(root.dataset.sw).catch(() => { /* works without */ });
  }
})();
