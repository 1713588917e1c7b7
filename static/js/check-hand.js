/* "Check a hand" with the score-entry page's tile picker (tile-picker.js):
 * the winner's tiles tapped into a tray, the rule set, the winds, how the
 * hand was won and its special circumstances, written as one game in the
 * format of score_games into the JSON field and sent with the form. The JSON
 * field stays for those who paste a game; a posted game is loaded back into
 * the picker when it is one winner's hand (the others given as scores).
 */
(function () {
  "use strict";

  const builder = document.getElementById("check-builder");
  if (!builder || !window.TilePicker) return;
  const P = window.TilePicker;
  const data = JSON.parse(document.getElementById("check-data").textContent);
  const T = data.texts;
  const $ = (id) => document.getElementById(id);
  const form = builder.closest("form");
  const textarea = form.querySelector("textarea");
  const details = $("check-json");
  const SEATS = ["E", "S", "W", "N"];
  const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => values[key]);
  const tilesBase = builder.querySelector(".se-picker img").getAttribute("src").replace(/[^/]*$/, "");

  let hand = P.emptyHand();
  let winning = null;

  const checked = (name) => (form.querySelector(`input[name=${name}]:checked`) || {}).value;
  const seat = () => checked("check-seat") || "S";
  const source = () => checked("check-source") || "discard";
  const img = (code) => {
    const node = document.createElement("img");
    node.src = tilesBase + code + ".svg";
    node.alt = data.tile_names[code] || code;
    node.width = 30;
    node.height = 42;
    return node;
  };
  const winningTile = () => winning || (hand.concealed.length ? hand.concealed[hand.concealed.length - 1] : null);

  function renderFlags() {
    const box = $("check-flags");
    const before = new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
    const flags = data.flags[$("check-ruleset").value] || [];
    $("check-flags-field").hidden = flags.length === 0;
    box.replaceChildren(...flags.map((flag) => {
      const label = document.createElement("label");
      label.className = "se-check";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.name = "check-flag";
      input.value = flag.name;
      input.checked = before.has(flag.name);
      label.append(input, " ", flag.label);
      return label;
    }));
  }

  function renderDiscarder() {
    const select = $("check-discarder");
    const kept = select.value;
    const names = {};
    form.querySelectorAll("input[name=check-seat]").forEach((i) => { names[i.value] = i.parentElement.textContent.trim(); });
    select.replaceChildren(...SEATS.filter((s) => s !== seat()).map((s) => {
      const choice = document.createElement("option");
      choice.value = s;
      choice.textContent = names[s];
      return choice;
    }));
    if ([...select.options].some((o) => o.value === kept)) select.value = kept;
    // A discard, or the kong robbed from a player, comes from someone.
    $("check-discarder-field").hidden = !["discard", "robbed_kong"].includes(source());
  }

  function render() {
    if (winning && !hand.concealed.includes(winning)) winning = null;
    const count = P.tileCount(hand);
    $("check-count").textContent = fmt(count === 1 ? T.tile_one : T.tile_other, { count });
    P.renderTray($("check-tiles"), hand, { img, names: data.tile_names, texts: T, winning: winningTile(), changed: render });
    const target = checked("check-target");
    $("check-concealed-kong-label").hidden = target !== "kong";
    renderDiscarder();
  }

  function game() {
    const winner = seat();
    const players = {};
    for (const s of SEATS) {
      players[s] = s !== winner ? { score: 0 } : {
        concealed: P.tileString(hand.concealed),
        melds: hand.melds.map((m) => ({ kind: m.kind, tiles: P.tileString(m.tiles), open: m.open })),
      };
    }
    const from = ["discard", "robbed_kong"].includes(source());
    return {
      ruleset: $("check-ruleset").value, options: {}, prevailing_wind: $("check-prevailing").value,
      players, winner, winning_tile: winningTile(), win_source: source(),
      discarder: from ? $("check-discarder").value : null,
      flags: [...form.querySelectorAll("input[name=check-flag]:checked")].map((i) => i.value).sort(),
      dead: [],
    };
  }

  // A posted game back into the picker, when the picker can show it.
  function load(text) {
    let posted;
    try { posted = JSON.parse(text); } catch (e) { return false; }
    if (!posted || typeof posted !== "object" || !SEATS.includes(posted.winner)) return false;
    const players = posted.players || {};
    const own = players[posted.winner];
    const others = SEATS.filter((s) => s !== posted.winner && players[s] && !("score" in players[s]));
    if (!own || others.length || typeof own.concealed !== "string") return false;
    if (![...$("check-ruleset").options].some((o) => o.value === posted.ruleset)) return false;
    $("check-ruleset").value = posted.ruleset;
    if (SEATS.includes(posted.prevailing_wind)) $("check-prevailing").value = posted.prevailing_wind;
    form.querySelector(`input[name=check-seat][value=${posted.winner}]`).checked = true;
    const how = form.querySelector(`input[name=check-source][value="${posted.win_source}"]`);
    if (how) how.checked = true;
    hand = { concealed: P.parseTiles(own.concealed), bonus: [],
             melds: (own.melds || []).map((m) => ({ kind: m.kind, tiles: P.parseTiles(m.tiles), open: m.open !== false })) };
    winning = posted.winning_tile || null;
    renderFlags();
    for (const flag of posted.flags || []) {
      const box = form.querySelector(`input[name=check-flag][value="${flag}"]`);
      if (box) box.checked = true;
    }
    renderDiscarder();
    if (posted.discarder) $("check-discarder").value = posted.discarder;
    return true;
  }

  builder.addEventListener("click", (event) => {
    const tile = event.target.closest(".se-picker .se-tile");
    if (!tile) return;
    const target = checked("check-target");
    const added = P.add(hand, tile.dataset.tile, target, $("check-concealed-kong").checked);
    $("check-message").textContent = added === "bad_chow" ? T.bad_chow : "";
    if (added === "winning") {
      // Picked once: in the hand and the winning tile; the next tap adds a tile again.
      winning = tile.dataset.tile;
      form.querySelector("input[name=check-target][value=concealed]").checked = true;
    }
    render();
  });
  builder.addEventListener("change", (event) => {
    if (event.target.id === "check-ruleset") renderFlags();
    render();
  });
  form.addEventListener("submit", (event) => {
    // The picker's button sends the picked hand; the JSON button the text as typed.
    if (event.submitter && event.submitter.id === "check-score") textarea.value = JSON.stringify(game());
  });

  builder.hidden = false;
  renderFlags();
  const posted = textarea.value.trim();
  const loaded = posted ? load(posted) : true;
  // The JSON stays open where it is what the page has to say: an error in
  // it, or a game the picker cannot show.
  details.open = details.hasAttribute("data-errors") || !loaded;
  if (!loaded) $("check-message").textContent = T.not_loaded;
  render();
})();
