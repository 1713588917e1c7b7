/* The hand being entered on the score-entry page: the form's model, the
 * game input it sends (the JSON API's body), a saved hand loaded back into
 * it, and who plays the hand with which wind.
 *
 * Pure: no DOM. What it needs of the page comes as arguments: the table's
 * players, the rule set's options for hands by values (`rules`, the page's
 * "se-rules" JSON: score_entry_page.entry_options) and the tile notation
 * (tile-picker.js: tileString, parseTiles).
 */
import { loadFlags, payFlags } from "./flags.js";

export function freshEntry(mode = "values") {
  return {
    // winner and discarder: undefined until chosen; a winner of null is a
    // draw, a discarder of null a self-drawn win (never a silent default).
    // east: the East the dice chose in the green dragon's round, else null.
    mode,
    values: {}, winner: undefined, discarder: undefined, east: null, dead: new Set(),
    tiles: {}, winningTile: null, winSource: "", tilePlayer: null, flags: new Set(),
    // Where the rule set has them: the winner's fan, the responsible
    // player (pao, a position) and a false mahjong by the chosen winner.
    fan: null, pao: null, falseMahjong: false,
    // The inputs whose text is not a whole number of 0 or more ("3.5",
    // "3,5", "-2"), "fan" or a position, with that text, which stays in
    // the field: never rounded, refused by name.
    unreadable: new Map(),
  };
}

// A typed value of the input `key` ("fan" or a position): the number, or
// null when empty or unreadable. Text that is not a whole number of 0 or
// more is kept in entry.unreadable, to be refused by name (entryProblem).
export function readValue(entry, key, text) {
  if (!/^\d*$/.test(text.trim())) {
    entry.unreadable.set(key, text);
    return null;
  }
  entry.unreadable.delete(key);
  return text.trim() === "" ? null : Number(text.trim());
}

/* What keeps the hand from being checked or saved, before the server is
 * asked: { code, name } with the player the message names, or null.
 * "not_whole" / "fan_not_whole": a value that is not a whole number;
 * "fan_missing": where only the winner's fan counts, no fan for the winner;
 * "winner_tiles_missing": by tiles, no tiles for such a winner (the fan is
 * asked under Values only, so it would count unseen). */
export function entryProblem(entry, { players, rules }) {
  const name = (position) => (players.find((p) => p.position === position) || {}).name || "";
  const winner = entry.winner;
  const winnerOnly = !!(rules.values || {}).winner_only;
  const values = entry.mode === "values";
  if (values && winnerOnly && entry.unreadable.has("fan")) return { code: "fan_not_whole", name: name(winner) };
  if (!winnerOnly) {
    // By tiles, a player without tiles still gives a value.
    const bad = players.find((p) => entry.unreadable.has(p.position) && (values || !hasTiles(entry, p.position)));
    if (bad) return { code: "not_whole", name: bad.name };
  }
  if (!winnerOnly || winner === undefined || winner === null || entry.falseMahjong) return null;
  if (values && (entry.fan === null || entry.fan === undefined)) return { code: "fan_missing", name: name(winner) };
  if (!values && !hasTiles(entry, winner)) return { code: "winner_tiles_missing", name: name(winner) };
  return null;
}

// The players of a saved hand (a correction) with their winds then.
export function handPlayers(hand, players) {
  const windOf = {};
  hand.players.forEach((s) => { windOf[s.registration] = s.seat_wind; });
  return players.filter((p) => windOf[p.registration])
    .map((p) => ({ ...p, seat_wind: windOf[p.registration] }));
}

// The players of the next hand with their winds; an East chosen by the
// dice (the green dragon's round) moves the winds, at a table of 5 by the
// rule set's schedule (which also says who sits out).
const WINDS = "ESWN";
export function nextPlayers(state, east, fiveSchedule) {
  if (east === null || east === undefined || east === state.east) return state.players;
  const size = state.players.length;
  if (size === 5) {
    const row = (fiveSchedule || []).find((r) => r[0] === east);
    if (!row) return state.players;
    return state.players.map((p) => {
      const index = row.slice(0, 4).indexOf(p.position);
      return { ...p, seat_wind: index >= 0 ? WINDS[index] : null };
    });
  }
  return state.players.map((p) => ({ ...p, seat_wind: WINDS[(p.position - east + size) % size] }));
}

// The dice choose East when the green dragon's round starts (003 "Drie
// spelers", "Vijf spelers"): offered for its first hand, unless a hand
// still waiting on this device (`pending`) may already be that first hand.
export function eastIsChosen({ correcting, prevailingWind, hands, pending }) {
  if (correcting || prevailingWind !== "G") return false;
  if (pending > 0) return false;
  const last = hands.length ? hands[hands.length - 1] : null;
  return !last || last.prevailing_wind !== "G";
}

export function playerTiles(entry, position) {
  if (!entry.tiles[position]) entry.tiles[position] = { concealed: [], melds: [], bonus: [] };
  return entry.tiles[position];
}

export function hasTiles(entry, position) {
  const t = entry.tiles[position];
  return !!t && (t.concealed.length > 0 || t.melds.length > 0 || t.bonus.length > 0);
}

// Unless chosen, the winning tile is the last tile tapped into the winner's hand.
export function winningTile(entry) {
  if (entry.winningTile) return entry.winningTile;
  const t = entry.winner === null || entry.winner === undefined ? null : entry.tiles[entry.winner];
  return t && t.concealed.length ? t.concealed[t.concealed.length - 1] : null;
}

// A player's value in the hand: where only the winner's counts, the
// winner's fan (nothing for a false mahjong) and 0 for everyone else.
export function valueOf(entry, position, winner, winnerOnly) {
  if (!winnerOnly) return entry.values[position] || 0;
  return position === winner && !entry.falseMahjong ? entry.fan || 0 : 0;
}

/* The body the JSON API scores or saves: `players` are those who play the
 * hand, `east` the East the dice chose (or null), `rules` the page's rules. */
export function gameInput(entry, { players, east, rules, tileString }) {
  const values = rules.values || {};
  const winnerOnly = !!values.winner_only;
  const input = { winner: entry.winner === undefined ? null : entry.winner,
                  discarder: entry.discarder ?? null, east };
  if (input.winner === null) input.discarder = null;
  if (entry.mode === "values") {
    input.values = {};
    for (const p of players) input.values[p.position] = valueOf(entry, p.position, input.winner, winnerOnly);
    // Only rule sets whose settlement of values depends on them take flags.
    if ((values.flags || []).length > 0) {
      const flags = [...payFlags(entry), ...[...entry.flags].filter((f) => (values.flags || []).includes(f))];
      input.flags = input.winner === null ? [] : flags.sort();
    }
    return input;
  }
  input.tiles = {};
  for (const p of players) {
    const pos = p.position;
    const t = entry.tiles[pos];
    input.tiles[pos] = hasTiles(entry, pos) ? {
      concealed: tileString(t.concealed),
      melds: t.melds.map((m) => ({ kind: m.kind, tiles: tileString(m.tiles), open: m.open })),
      ...(t.bonus.length ? { bonus: tileString(t.bonus) } : {}),
    } : { score: valueOf(entry, pos, input.winner, winnerOnly) };
  }
  input.winning_tile = input.winner === null ? null : winningTile(entry);
  input.win_source = input.winner === null ? null : (entry.winSource || null);
  // A draw has no circumstances of a win.
  input.flags = input.winner === null ? [] : [...new Set([...entry.flags, ...payFlags(entry)])].sort();
  input.dead = [...entry.dead].sort();
  return input;
}

// A saved hand back into the form, as it was entered.
export function entryFromHand(hand, { players, rules, parseTiles }) {
  const winnerOnly = !!(rules.values || {}).winner_only;
  const loaded = freshEntry();
  const saved = hand.entry || {};
  const positionOf = {};
  players.forEach((p) => { positionOf[p.registration] = p.position; });
  if (!saved.kind) {
    // Saved before entries were kept: its values; who won is asked again.
    loaded.mode = "values";
    hand.players.forEach((s) => { loaded.values[positionOf[s.registration]] = s.value; });
    return loaded;
  }
  loaded.mode = saved.kind;
  loaded.winner = saved.winner ?? null;
  loaded.discarder = saved.discarder ?? null;
  loadFlags(loaded, saved.flags);
  const winnerKey = loaded.winner === null ? null : String(loaded.winner);
  if (saved.kind === "values") {
    for (const [pos, value] of Object.entries(saved.values || {})) loaded.values[Number(pos)] = value;
    if (winnerOnly && winnerKey !== null && !loaded.falseMahjong) loaded.fan = (saved.values || {})[winnerKey] ?? null;
    return loaded;
  }
  for (const [pos, data] of Object.entries(saved.tiles || {})) {
    if (data.score !== undefined) {
      loaded.values[Number(pos)] = data.score;
      if (winnerOnly && pos === winnerKey && !loaded.falseMahjong) loaded.fan = data.score;
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
