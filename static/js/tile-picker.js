/* The tile picker shared by the score-entry page (score-entry/) and the
 * "Check a hand" page (check-hand.js): a player's tiles being built from
 * taps on the 34 tiles of templates/scoring/tile_picker.html, shown in a
 * tray, in the engine's notation ("22m4p").
 *
 * A hand is { concealed: ["2m", ...], melds: [{kind, tiles, open}], bonus: [] }.
 * A tap adds to it what the chosen target says: a loose tile, a chow
 * (starting at the tile), a pung, a kong, or the winning tile, which is also
 * a tile of the hand (the engine counts it among the concealed tiles).
 * A declared chow or pung lies open on the table; a kong is open unless the
 * scorekeeper says it was declared concealed (score-interface.md: `open` is
 * false only for a concealed kong). A set still in the hand is entered as
 * loose tiles: the engine finds it among the concealed tiles.
 */
window.TilePicker = (function () {
  "use strict";

  // Suits, then flowers (f) and seasons (j, "jaargetijden") as bonus tiles.
  const SUITS = "mpszfj";

  // ["2m","2m","4p"] -> "22m4p": the engine's notation, grouped by suit.
  function tileString(codes) {
    let out = "";
    for (const suit of SUITS) {
      const digits = codes.filter((c) => c[1] === suit).map((c) => c[0]).sort();
      if (digits.length) out += digits.join("") + suit;
    }
    return out;
  }

  // "22m4p" -> ["2m","2m","4p"].
  function parseTiles(text) {
    const codes = [];
    let digits = [];
    for (const char of text || "") {
      if (char >= "0" && char <= "9") digits.push(char);
      else { digits.forEach((digit) => codes.push(digit + char)); digits = []; }
    }
    return codes;
  }

  const emptyHand = () => ({ concealed: [], melds: [], bonus: [] });
  const tileCount = (hand) => hand.concealed.length + hand.melds.reduce((n, m) => n + m.tiles.length, 0);

  // Add `code` to `hand` as `target` says. Returns "bad_chow" when a chow
  // cannot start at the tile, "winning" when it became the winning tile, else "".
  function add(hand, code, target, concealedKong) {
    const [n, suit] = [Number(code[0]), code[1]];
    if (target === "concealed") { hand.concealed.push(code); return ""; }
    if (target === "winning") { hand.concealed.push(code); return "winning"; }
    if (target === "chow") {
      if (suit === "z" || n > 7) return "bad_chow";
      hand.melds.push({ kind: "chow", tiles: [code, (n + 1) + suit, (n + 2) + suit], open: true });
      return "";
    }
    const kong = target === "kong";
    hand.melds.push({ kind: target, tiles: Array(kong ? 4 : 3).fill(code), open: !(kong && concealedKong) });
    return "";
  }

  // The tray: the hand's tiles as buttons that take a tile (or meld) out
  // again. `o`: { img(code), names, texts: {chow, pung, kong, open,
  // concealed, winning_tile, no_tiles}, winning (code or null), changed() }.
  function renderTray(box, hand, o) {
    const el = (tag, attrs, ...children) => {
      const node = document.createElement(tag);
      for (const [key, value] of Object.entries(attrs || {})) {
        if (value === null || value === undefined || value === false) continue;
        if (key === "text") node.textContent = value;
        else if (key === "onclick") node.addEventListener("click", value);
        else node.setAttribute(key, value);
      }
      for (const child of children) if (child) node.append(child);
      return node;
    };
    // The winning tile is the last of its kind among the concealed tiles.
    const winningAt = o.winning ? hand.concealed.lastIndexOf(o.winning) : -1;
    const parts = hand.concealed.map((code, index) => el("button", {
      type: "button", class: "se-tile small" + (index === winningAt ? " is-winning" : ""),
      "aria-label": o.names[code] + (index === winningAt ? " (" + o.texts.winning_tile + ")" : "") + " ×",
      onclick: () => { hand.concealed.splice(index, 1); o.changed(); } }, o.img(code)));
    hand.melds.forEach((meld, index) => {
      const label = o.texts[meld.kind] + " " + (meld.open ? o.texts.open : o.texts.concealed);
      parts.push(el("button", { type: "button", class: "se-meld" + (meld.open ? "" : " is-concealed"),
        "aria-label": label + ": " + meld.tiles.map((c) => o.names[c]).join(", ") + " ×",
        onclick: () => { hand.melds.splice(index, 1); o.changed(); } },
        el("span", { class: "se-meld-kind", text: label }), ...meld.tiles.map(o.img)));
    });
    hand.bonus.forEach((code, index) => {
      parts.push(el("button", { type: "button", class: "se-bonus-chip", "aria-label": o.names[code] + " ×",
        text: o.names[code], onclick: () => { hand.bonus.splice(index, 1); o.changed(); } }));
    });
    box.replaceChildren(...(parts.length ? parts : [el("p", { class: "muted se-tray-empty", text: o.texts.no_tiles })]));
  }

  return { tileString, parseTiles, emptyHand, tileCount, add, renderTray };
})();
