// The hand being entered on the score-entry page (static/js/score-entry/
// entry.js and flags.js): the game input the form sends, the flags that
// decide who pays, and a saved hand loaded back into the form as entered.
// Run by `node --test tests/js/`.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

import {
  eastIsChosen, entryFromHand, entryProblem, freshEntry, gameInput, handPlayers, nextPlayers,
  readValue, winningTile,
} from "../../static/js/score-entry/entry.js";
import {
  FALSE_MAHJONG, PAO_PREFIX, isFalseMahjong, payFlags, useWords,
} from "../../static/js/score-entry/flags.js";

// The page hands the script the engine's words (entry_rules.words); here they
// come from the engine itself (pure Python, no Django), as the page gets them.
const ROOT = new URL("../../", import.meta.url).pathname;
useWords(JSON.parse(execFileSync("python3", ["-c",
  "import json; from scoring.engine import vocabulary as v; print(json.dumps({'pao_prefix': "
  + "v.PAO_PREFIX, 'false_mahjong': v.FALSE_MAHJONG, 'seven_five': v.SEVEN_FIVE}))"],
  { cwd: ROOT, encoding: "utf8" })));

// The page's tile notation: the real tile-picker.js (a classic script that
// sets window.TilePicker), run in this realm so its arrays compare equal.
globalThis.window = {};
vm.runInThisContext(readFileSync(new URL("../../static/js/tile-picker.js", import.meta.url), "utf8"));
const { tileString, parseTiles, add, emptyHand } = globalThis.window.TilePicker;
delete globalThis.window;

const players = [0, 1, 2, 3].map((position) => ({
  position, registration: 100 + position, name: "P" + position, seat_wind: "ESWN"[position], total: 0 }));
const NTS = { values: { limit: null, winner_only: false, unit: "points", flags: [] } };
const HONG_KONG = { values: { limit: 13, winner_only: true, unit: "fan", flags: ["pao", "false_mahjong", "seven_five"] } };

const input = (entry, rules = NTS, east = null) => gameInput(entry, { players, east, rules, tileString });

test("the script speaks the engine's flag words", () => {
  assert.equal(PAO_PREFIX, "pao:");
  assert.equal(FALSE_MAHJONG, "false_mahjong");
  assert.ok(isFalseMahjong(["x", "false_mahjong"]));
  assert.ok(!isFalseMahjong(undefined));
});

test("a hand by values sends every player's value, who won and who discarded", () => {
  const entry = freshEntry();
  Object.assign(entry.values, { 0: 8, 1: 40, 2: 0, 3: 12 });
  entry.winner = 1;
  entry.discarder = 2;
  assert.deepEqual(input(entry), { winner: 1, discarder: 2, east: null, values: { 0: 8, 1: 40, 2: 0, 3: 12 } });
});

test("a draw has no discarder and no flags", () => {
  const entry = freshEntry();
  entry.winner = null;
  entry.discarder = 3;
  entry.flags.add("seven_five");
  const sent = input(entry, HONG_KONG);
  assert.equal(sent.discarder, null);
  assert.deepEqual(sent.flags, []);
});

test("Hong Kong by values: the winner's fan only, the responsible player and the 7-5 rule as flags", () => {
  const entry = freshEntry();
  entry.winner = 0;
  entry.discarder = 3;
  entry.fan = 6;
  entry.pao = 2;
  assert.deepEqual(input(entry, HONG_KONG), { winner: 0, discarder: 3, east: null,
                                              values: { 0: 6, 1: 0, 2: 0, 3: 0 }, flags: ["pao:2"] });
  // The 7-5 rule makes the discarder the responsible player.
  entry.pao = null;
  entry.flags.add("seven_five");
  assert.deepEqual(input(entry, HONG_KONG).flags, ["pao:3", "seven_five"]);
  // A false mahjong: nobody's fan counts, no responsible player.
  entry.falseMahjong = true;
  assert.deepEqual(payFlags(entry), ["false_mahjong"]);
  assert.deepEqual(input(entry, HONG_KONG).values, { 0: 0, 1: 0, 2: 0, 3: 0 });
});

test("a hand by tiles in the engine's notation; a player without tiles gives a value", () => {
  const entry = freshEntry("tiles");
  entry.winner = 1;
  entry.discarder = null;
  entry.tiles[1] = { concealed: ["2m", "3m", "4m", "3s"], melds: [{ kind: "pung", tiles: ["6s", "6s", "6s"], open: true }],
                     bonus: ["1f"] };
  entry.values[0] = 16;
  entry.dead.add(2);
  entry.flags.add("last_tile");
  const sent = input(entry);
  assert.deepEqual(sent.tiles[1], { concealed: "234m3s", melds: [{ kind: "pung", tiles: "666s", open: true }], bonus: "1f" });
  assert.deepEqual(sent.tiles[0], { score: 16 });
  // Unless picked, the winning tile is the last tile tapped into the winner's hand.
  assert.equal(sent.winning_tile, "3s");
  assert.equal(winningTile(entry), "3s");
  assert.equal(sent.win_source, null);
  assert.deepEqual(sent.flags, ["last_tile"]);
  assert.deepEqual(sent.dead, [2]);
});

test("a saved hand comes back into the form as it was entered", () => {
  const hand = { number: 3, players: players.map((p) => ({ registration: p.registration, seat_wind: p.seat_wind, value: 0 })),
                 entry: { kind: "tiles", winner: 1, discarder: 2, flags: ["pao:3", "last_tile"],
                          winning_tile: "3s", win_source: "kong_replacement", dead: [0],
                          tiles: { 1: { concealed: "234m3s", melds: [{ kind: "pung", tiles: "666s" }] }, 3: { score: 4 } } } };
  const loaded = entryFromHand(hand, { players, rules: HONG_KONG, parseTiles });
  assert.equal(loaded.mode, "tiles");
  assert.equal(loaded.pao, 3);
  assert.deepEqual([...loaded.flags], ["last_tile"]);
  assert.deepEqual(loaded.tiles[1].concealed, ["2m", "3m", "4m", "3s"]);
  assert.deepEqual(loaded.tiles[1].melds, [{ kind: "pung", tiles: ["6s", "6s", "6s"], open: true }]);
  assert.equal(loaded.values[3], 4);
  assert.equal(loaded.winSource, "kong_replacement");
  assert.deepEqual([...loaded.dead], [0]);
  assert.equal(loaded.tilePlayer, 1);
  // Sent again, it is the same hand.
  const again = input(loaded, HONG_KONG);
  assert.deepEqual(again.tiles[1], { concealed: "234m3s", melds: [{ kind: "pung", tiles: "666s", open: true }] });
  assert.deepEqual(again.flags, ["last_tile", "pao:3"]);
});

test("the 7-5 rule's responsible player is not loaded as a pao chosen apart", () => {
  const hand = { players: [], entry: { kind: "values", winner: 0, discarder: 2, flags: ["pao:2", "seven_five"],
                                       values: { 0: 7, 1: 0, 2: 0, 3: 0 } } };
  const loaded = entryFromHand(hand, { players, rules: HONG_KONG, parseTiles });
  assert.equal(loaded.pao, null);
  assert.equal(loaded.fan, 7);
  const falseClaim = { players: [], entry: { kind: "values", winner: 0, discarder: null, flags: ["false_mahjong"], values: {} } };
  const claimed = entryFromHand(falseClaim, { players, rules: HONG_KONG, parseTiles });
  assert.equal(claimed.falseMahjong, true);
  assert.equal(claimed.fan, null);
});

test("a hand saved before entries were kept loads its values; who won is asked again", () => {
  const hand = { players: players.map((p) => ({ registration: p.registration, value: p.position * 10 })), entry: {} };
  const loaded = entryFromHand(hand, { players, rules: NTS, parseTiles });
  assert.deepEqual(loaded.values, { 0: 0, 1: 10, 2: 20, 3: 30 });
  assert.equal(loaded.winner, undefined);
});

test("who plays: a correction's players with their winds then; the dice's East moves the winds", () => {
  const hand = { players: [{ registration: 101, seat_wind: "E" }, { registration: 102, seat_wind: "S" }] };
  assert.deepEqual(handPlayers(hand, players).map((p) => [p.position, p.seat_wind]), [[1, "E"], [2, "S"]]);
  const state = { players, east: 0 };
  assert.equal(nextPlayers(state, null), players);
  assert.deepEqual(nextPlayers(state, 2).map((p) => p.seat_wind), ["W", "N", "E", "S"]);
  const five = [...players, { position: 4, registration: 104, name: "P4", seat_wind: null }];
  const schedule = [[3, 4, 0, 1, 2]];
  assert.deepEqual(nextPlayers({ players: five, east: 0 }, 3, schedule).map((p) => p.seat_wind),
                   ["W", "N", null, "E", "S"]);
});

test("the dice choose East for the first hand of the green dragon's round only", () => {
  const base = { correcting: null, prevailingWind: "G", hands: [{ prevailing_wind: "N" }], pending: 0 };
  assert.equal(eastIsChosen(base), true);
  assert.equal(eastIsChosen({ ...base, pending: 1 }), false);
  assert.equal(eastIsChosen({ ...base, hands: [{ prevailing_wind: "G" }] }), false);
  assert.equal(eastIsChosen({ ...base, prevailingWind: "E" }), false);
  assert.equal(eastIsChosen({ ...base, correcting: {} }), false);
});

test("a declared chow or pung is open; a kong is open unless declared concealed", () => {
  // score-interface.md: `open` is false only for a concealed (declared) kong.
  const hand = emptyHand();
  assert.equal(add(hand, "2m", "chow", true), "");
  add(hand, "6s", "pung", true);
  add(hand, "7z", "kong", false);
  add(hand, "1p", "kong", true);
  assert.deepEqual(hand.melds.map((m) => [m.kind, m.tiles.join(""), m.open]), [
    ["chow", "2m3m4m", true], ["pung", "6s6s6s", true], ["kong", "7z7z7z7z", true],
    ["kong", "1p1p1p1p", false]]);
  assert.equal(add(hand, "8m", "chow", false), "bad_chow");
});

test("a value that is not a whole number is refused by name, never rounded", () => {
  const typed = freshEntry();
  assert.deepEqual(["", "24", " 8 "].map((text) => readValue(typed, 0, text)), [null, 24, 8]);
  assert.equal(typed.unreadable.size, 0);
  for (const text of ["3.5", "3,5", "-2", "1e3"]) {
    assert.equal(readValue(typed, "fan", text), null);
    assert.equal(typed.unreadable.get("fan"), text);  // kept as typed, to be refused
  }
  assert.equal(readValue(typed, "fan", "5"), 5);
  assert.equal(typed.unreadable.size, 0);
  const entry = freshEntry();
  entry.winner = 1; entry.values = { 0: 8, 1: 40, 2: 0, 3: 16 };
  entry.unreadable.set(2, "3.5");
  assert.deepEqual(entryProblem(entry, { players, rules: NTS }), { code: "not_whole", name: "P2" });
  // By tiles the value of a player without tiles counts too; with tiles it does not.
  entry.mode = "tiles";
  assert.deepEqual(entryProblem(entry, { players, rules: NTS }), { code: "not_whole", name: "P2" });
  entry.tiles[2] = { concealed: ["1m"], melds: [], bonus: [] };
  assert.equal(entryProblem(entry, { players, rules: NTS }), null);
  entry.mode = "values";
  entry.unreadable.delete(2);
  assert.equal(entryProblem(entry, { players, rules: NTS }), null);
});

test("where only the winner's fan counts, the fan or the winner's tiles are asked for", () => {
  const entry = freshEntry();
  assert.equal(entryProblem(entry, { players, rules: HONG_KONG }), null);  // nobody chosen yet
  entry.winner = 3;
  assert.deepEqual(entryProblem(entry, { players, rules: HONG_KONG }), { code: "fan_missing", name: "P3" });
  entry.unreadable.set("fan", "3,5");
  assert.deepEqual(entryProblem(entry, { players, rules: HONG_KONG }), { code: "fan_not_whole", name: "P3" });
  entry.unreadable.delete("fan"); entry.fan = 5;
  assert.equal(entryProblem(entry, { players, rules: HONG_KONG }), null);
  // By tiles the fan field is not shown: it must not count unseen.
  entry.mode = "tiles";
  assert.deepEqual(entryProblem(entry, { players, rules: HONG_KONG }),
                   { code: "winner_tiles_missing", name: "P3" });
  entry.tiles[3] = { concealed: ["1m"], melds: [], bonus: [] };
  assert.equal(entryProblem(entry, { players, rules: HONG_KONG }), null);
  // A draw or a false mahjong has no winner's fan to ask for.
  entry.mode = "values"; entry.fan = null; entry.falseMahjong = true;
  assert.equal(entryProblem(entry, { players, rules: HONG_KONG }), null);
  entry.falseMahjong = false; entry.winner = null;
  assert.equal(entryProblem(entry, { players, rules: HONG_KONG }), null);
});

test("the initials of one table are told apart", async () => {
  const { distinctInitials } = await import("../../static/js/score-entry/text.js");
  assert.deepEqual(distinctInitials(["Hans van Dijk", "Petra van den Berg", "Eva de Boer", "Tom Jansen"]),
                   ["HvD", "PvdB", "EdB", "TJ"]);
  assert.deepEqual(distinctInitials(["Arjen Brouwer", "Anneke Bos", "Bram Dijkstra", "Marieke de Boer"]),
                   ["ArB", "AnB", "BD", "MdB"]);
  assert.deepEqual(distinctInitials(["Jan Smit", "Jan Smit", "Jo Smit", "Eva"]), ["JanS1", "JanS2", "JoS", "E"]);
});
