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
 */
(function () {
  "use strict";

  const root = document.getElementById("score-entry");
  if (!root) return;

  const json = (id) => JSON.parse(document.getElementById(id).textContent);
  const T = json("se-messages");
  const TILE_NAMES = json("se-tile-names");
  const WIND_LETTERS = json("se-wind-letters");
  const tableId = root.dataset.table;
  const QUEUE_KEY = "score-entry-queue-" + tableId;
  const SNAPSHOT_KEY = "score-entry-state-" + tableId;
  const RETRY_MS = 15000;

  let state = json("se-state");
  let hands = json("se-hand-list");
  try {
    // A reload without a connection shows the page as the service worker
    // cached it; the device may know a newer state than that copy.
    const snapshot = JSON.parse(localStorage.getItem(SNAPSHOT_KEY) || "null");
    if (snapshot && snapshot.state && snapshot.state.version > state.version) {
      state = snapshot.state;
      hands = snapshot.hands;
    }
  } catch (e) { /* a damaged snapshot is ignored */ }

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
  function freshEntry() {
    return {
      mode: entry ? entry.mode : "values",
      values: {}, winner: undefined, discarder: null, dead: new Set(),
      tiles: {}, winningTile: null, winSource: "", tilePlayer: null,
    };
  }

  const playing = () => state.players.filter((p) => p.seat_wind);
  const byPosition = (position) => state.players.find((p) => p.position === position);
  const playerTiles = (position) => {
    if (!entry.tiles[position]) entry.tiles[position] = { concealed: [], melds: [] };
    return entry.tiles[position];
  };
  const hasTiles = (position) => {
    const t = entry.tiles[position];
    return !!t && (t.concealed.length > 0 || t.melds.length > 0);
  };

  // Unless chosen, the winning tile is the last tile tapped into the winner's hand.
  function winningTile() {
    if (entry.winningTile) return entry.winningTile;
    const t = entry.winner === null || entry.winner === undefined ? null : entry.tiles[entry.winner];
    return t && t.concealed.length ? t.concealed[t.concealed.length - 1] : null;
  }

  const SUITS = "mpsz";
  function tileString(codes) {
    // ["2m","2m","4p"] -> "22m4p": the engine's notation, grouped by suit.
    let out = "";
    for (const suit of SUITS) {
      const digits = codes.filter((c) => c[1] === suit).map((c) => c[0]).sort();
      if (digits.length) out += digits.join("") + suit;
    }
    return out;
  }

  function gameInput() {
    const input = { winner: entry.winner === undefined ? null : entry.winner,
                    discarder: entry.discarder, east: null };
    if (input.winner === null) input.discarder = null;
    if (entry.mode === "values") {
      input.values = {};
      for (const p of playing()) input.values[p.position] = entry.values[p.position] || 0;
      return input;
    }
    input.tiles = {};
    for (const p of playing()) {
      const pos = p.position;
      input.tiles[pos] = hasTiles(pos) ? {
        concealed: tileString(entry.tiles[pos].concealed),
        melds: entry.tiles[pos].melds.map((m) => ({ kind: m.kind, tiles: tileString(m.tiles), open: m.open })),
      } : { score: entry.values[pos] || 0 };
    }
    input.winning_tile = input.winner === null ? null : winningTile();
    input.win_source = input.winner === null ? null : (entry.winSource || null);
    input.flags = [];
    input.dead = [...entry.dead].sort();
    return input;
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
    list.replaceChildren(...state.players.map((p) => el("li",
      { class: "se-player" + (p.seat_wind === "E" ? " is-east" : ""), "data-position": p.position },
      el("span", { class: "se-wind", "aria-hidden": "true", text: windLabel(p.seat_wind) }),
      el("span", { class: "se-name", text: p.name }),
      el("span", { class: "visually-hidden", text: p.seat_wind ? " (" + windLabel(p.seat_wind) + ")" : "" }),
      p.seat_wind === "E" ? el("span", { class: "se-east-tag", text: T.east }) : null,
      el("span", { class: "se-total", text: signed(p.total) }))));
  }

  function option(name, value, label, checked) {
    const input = el("input", { type: "radio", name, value: value === null ? "" : String(value) });
    input.checked = checked;
    return el("label", {}, input, " ", label);
  }

  function renderForm() {
    const rows = $("se-rows");
    rows.replaceChildren(...playing().map((p) => {
      const id = "se-value-" + p.position;
      const value = el("input", { id, type: "number", inputmode: "numeric", step: "1", min: "0",
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
    const choices = (containerId, name, noneLabel, selected) => {
      $(containerId).replaceChildren(
        ...playing().map((p) => option(name, p.position, windLabel(p.seat_wind) + " " + p.name, selected === p.position)),
        option(name, null, noneLabel, selected === null));
    };
    choices("se-winner", "winner", T.nobody, entry.winner);
    choices("se-discarder", "discarder", T.wall, entry.discarder);
    $("se-tile-player").replaceChildren(...playing().map((p) =>
      option("tile-player", p.position, windLabel(p.seat_wind) + " " + p.name, entry.tilePlayer === p.position)));
    syncForm();
  }

  function syncForm() {
    root.querySelectorAll("input[name=mode]").forEach((i) => { i.checked = i.value === entry.mode; });
    $("se-tiles-panel").hidden = entry.mode !== "tiles";
    root.querySelectorAll("input[name=winner]").forEach((i) => {
      i.checked = entry.winner !== undefined && i.value === (entry.winner === null ? "" : String(entry.winner));
    });
    root.querySelectorAll("input[name=discarder]").forEach((i) => {
      i.checked = i.value === (entry.discarder === null ? "" : String(entry.discarder));
      i.disabled = entry.winner === null || (i.value !== "" && Number(i.value) === entry.winner);
    });
    root.querySelectorAll(".se-dead").forEach((b) => {
      b.setAttribute("aria-pressed", entry.dead.has(Number(b.dataset.position)) ? "true" : "false");
    });
    for (const p of playing()) {
      const input = $("se-value-" + p.position);
      const summary = $("se-row-tiles-" + p.position);
      const withTiles = entry.mode === "tiles" && hasTiles(p.position);
      input.hidden = withTiles;
      summary.replaceChildren();
      if (withTiles) {
        const t = entry.tiles[p.position];
        summary.textContent = fmt(T.tile_count, {
          count: t.concealed.length + t.melds.reduce((n, m) => n + m.tiles.length, 0) });
      }
    }
    renderHand();
  }

  function renderHand() {
    const pos = entry.tilePlayer;
    const box = $("se-hand-tiles");
    if (pos === null) { box.replaceChildren(); return; }
    const player = byPosition(pos);
    $("se-hand-title").textContent = fmt(T.tiles_of, { name: player.name });
    const t = playerTiles(pos);
    const parts = t.concealed.map((code, index) => el("button", {
      type: "button", class: "se-tile small", "aria-label": TILE_NAMES[code] + " ×",
      onclick: () => { t.concealed.splice(index, 1); changed(); } }, tileImg(code)));
    t.melds.forEach((meld, index) => {
      const label = T[meld.kind] + " " + (meld.open ? T.open : T.concealed);
      parts.push(el("button", { type: "button", class: "se-meld", "aria-label": label + ": " +
        meld.tiles.map((c) => TILE_NAMES[c]).join(", ") + " ×",
        onclick: () => { t.melds.splice(index, 1); changed(); } },
        el("span", { class: "se-meld-kind", text: label }), ...meld.tiles.map(tileImg)));
    });
    box.replaceChildren(...(parts.length ? parts : [el("p", { class: "muted", text: T.no_tiles })]));
    const winning = $("se-winning-tile");
    const tile = winningTile();
    winning.replaceChildren(tile ? tileImg(tile) : "–");
    $("se-win-source").value = entry.winSource;
  }

  function renderBreakdown(data) {
    const box = $("se-preview");
    const nameOf = {};
    data.players.forEach((p) => { nameOf[p.seat_wind] = p.name; });
    const parts = [];
    for (const [wind, hand] of Object.entries(data.breakdown || {})) {
      const items = hand.items.map((item) => el("li", { text: item.rule.replace(/_/g, " ") + ": " +
        (item.points !== undefined ? item.points + " " + T.points : "") +
        (item.doublings !== undefined ? item.doublings + " " + T.doublings : "") }));
      parts.push(el("div", { class: "se-breakdown" },
        el("h3", { text: windLabel(wind) + " " + nameOf[wind] + ": " + hand.points + " " + T.points +
          ", " + hand.doublings + " " + T.doublings + " = " + hand.value }),
        el("ul", {}, ...items)));
    }
    const rows = data.players.map((p) => el("tr", {},
      el("th", { scope: "row", text: windLabel(p.seat_wind) + " " + p.name }),
      el("td", { text: String(p.value) }), el("td", { text: signed(p.settlement) })));
    parts.push(el("table", { class: "table se-settlement" },
      el("caption", { text: T.settlement }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "" }),
        el("th", { scope: "col", text: T.value }), el("th", { scope: "col", text: T.settlement }))),
      el("tbody", {}, ...rows)));
    box.replaceChildren(...parts);
  }

  let lastError = null;
  function showMessage(text, kind) {
    if (kind === "error") lastError = text;
    $("se-preview").replaceChildren(el("p", { class: "alert alert-" + kind, role: kind === "error" ? "alert" : null, text }));
  }

  function renderHands() {
    const players = state.players;
    const head = el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: T.hand }),
      ...players.map((p) => el("th", { scope: "col", text: p.name })),
      el("th", { scope: "col", text: T.winner })));
    const nameOf = (registration) => (players.find((p) => p.registration === registration) || {}).name;
    const body = el("tbody", {}, ...hands.map((hand) => {
      const settlement = {};
      let winner = T.draw;
      hand.players.forEach((s) => { settlement[s.registration] = s; });
      if (hand.entry && hand.entry.winner !== null && hand.entry.winner !== undefined) {
        winner = (byPosition(hand.entry.winner) || {}).name || "";
      }
      return el("tr", { "data-hand": hand.number },
        el("th", { scope: "row", text: hand.number + " " + windLabel(hand.prevailing_wind) +
          (hand.confirmed || !state.requires_confirmation ? "" : " (" + T.unconfirmed + ")") }),
        ...players.map((p) => {
          const s = settlement[p.registration];
          return el("td", { text: s ? windLabel(s.seat_wind) + " " + signed(s.settlement) : "" });
        }),
        el("td", { text: winner || nameOf(null) || "" }));
    }), ...loadQueue().map((item) => el("tr", { class: "se-unsent" },
      el("th", { scope: "row", text: "…" }),
      el("td", { colspan: players.length + 1, text: statusText(item) }))));
    const totals = el("tfoot", {}, el("tr", {}, el("th", { scope: "row", text: T.total }),
      ...players.map((p) => el("td", { text: signed(p.total) })), el("td", {})));
    $("se-hands").replaceChildren(head, body, totals);
  }

  function renderAll() { renderHeader(); renderHands(); renderQueue(); }

  // --- Changes to the hand being entered ---------------------------------------

  let previewTimer = null;
  function changed() {
    syncForm();
    clearTimeout(previewTimer);
    const decided = entry.winner !== undefined;
    if (decided || (entry.mode === "tiles" && entry.tilePlayer !== null)) {
      previewTimer = setTimeout(preview, 350);
    }
  }

  root.addEventListener("change", (event) => {
    const target = event.target;
    if (target.name === "mode") entry.mode = target.value;
    else if (target.name === "winner") {
      entry.winner = target.value === "" ? null : Number(target.value);
      if (entry.winner === entry.discarder) entry.discarder = null;
      if (entry.winner !== null) {
        entry.tilePlayer = entry.winner;
        entry.dead.delete(entry.winner);
        renderForm();
      }
    } else if (target.name === "discarder") entry.discarder = target.value === "" ? null : Number(target.value);
    else if (target.name === "tile-player") entry.tilePlayer = Number(target.value);
    else if (target.id === "se-win-source") entry.winSource = target.value;
    else return;
    changed();
  });

  root.addEventListener("input", (event) => {
    const target = event.target;
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
        if (entry.winner === pos) entry.winner = null;
      }
      // Dead hands are part of a hand by tiles (values of the others still count).
      entry.mode = "tiles";
      changed();
      return;
    }
    const tile = event.target.closest(".se-picker .se-tile");
    if (tile) addTile(tile.dataset.tile);
  });

  function addTile(code) {
    if (entry.tilePlayer === null) {
      entry.tilePlayer = entry.winner ?? playing()[0].position;
      renderForm();
    }
    const target = root.querySelector("input[name=target]:checked").value;
    const open = $("se-open").checked;
    const t = playerTiles(entry.tilePlayer);
    const [n, suit] = [Number(code[0]), code[1]];
    if (target === "concealed") t.concealed.push(code);
    else if (target === "winning") {
      entry.winningTile = code;
    } else if (target === "chow") {
      if (suit === "z" || n > 7) { showMessage(T.bad_chow, "error"); return; }
      t.melds.push({ kind: "chow", tiles: [code, (n + 1) + suit, (n + 2) + suit], open });
    } else {
      t.melds.push({ kind: target, tiles: Array(target === "kong" ? 4 : 3).fill(code),
                     open: target === "kong" ? open : true });
    }
    changed();
  }

  $("se-draw").addEventListener("click", () => {
    entry.winner = null;
    entry.discarder = null;
    changed();
  });

  $("se-false").addEventListener("click", () => {
    // A false mahjong: whoever claimed it (the chosen winner, else the
    // player whose tiles are shown) has a dead hand; nobody wins.
    const who = entry.winner ?? entry.tilePlayer;
    if (who === null || who === undefined) { showMessage(T.choose_winner, "info"); return; }
    entry.dead.add(who);
    entry.winner = null;
    entry.discarder = null;
    entry.mode = "tiles";
    changed();
  });

  $("se-clear").addEventListener("click", () => { entry = freshEntry(); renderForm(); $("se-preview").replaceChildren(); });
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
    const seq = ++previewSeq;
    try {
      const { status, data } = await postJson(root.dataset.previewUrl, gameInput());
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
      const fresh = await response.json();
      const positionsChanged = JSON.stringify(fresh.players.map((p) => [p.position, p.seat_wind])) !==
        JSON.stringify(state.players.map((p) => [p.position, p.seat_wind]));
      state = fresh;
      saveSnapshot();
      renderAll();
      if (positionsChanged) renderForm();
    } catch (e) { /* offline: keep what we know */ }
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
      await refreshState();
      if (item.fromForm) announce(fmt(T.saved, { number: data.hand.number }));
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

  function announce(text) { showMessage(text, "success"); }

  $("se-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (entry.winner === undefined) { showMessage(T.choose_winner, "error"); return; }
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
    renderForm();
    renderAll();
    if (ahead > 0) {
      showMessage(T.queued, "info");
      flush();
      return;
    }
    const outcome = await flushOne(item);
    if (outcome === "refused") { entry = saved; renderForm(); showMessageKeep(); }
    else if (outcome === "network") showMessage(T.queued, "info");
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

  // --- Start ---------------------------------------------------------------------

  entry = freshEntry();
  renderAll();
  renderForm();
  setOnline(navigator.onLine);
  window.addEventListener("online", () => { setOnline(true); flush(); });
  window.addEventListener("offline", () => setOnline(false));
  setInterval(() => { if (navigator.onLine) flush(); }, RETRY_MS);
  flush();
  if ("serviceWorker" in navigator && root.dataset.sw) {
    navigator.serviceWorker.register(root.dataset.sw).catch(() => { /* works without */ });
  }
})();
