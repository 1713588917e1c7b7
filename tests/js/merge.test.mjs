// What the answer to a saved hand changes in what the score-entry page knows
// (static/js/score-entry/merge.js): merged when the page's view is the one the
// hand was sent on, else null (the page reads the table again). Run by
// `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { savedHistory, savedTable } from "../../static/js/score-entry/merge.js";

const hand = (id, number, confirmed = false) => ({
  id, number, confirmed, awaiting_confirmation: !confirmed, may_confirm: !confirmed,
});
const page = (version, hands) => ({ version, hands, east: 0, permissions: { may_change: true } });
const answer = (version, newHand, unconfirmed, changes = []) => ({
  hand: newHand, version, changes,
  table: { version, east: 1, hand_number: newHand.number + 1, unconfirmed },
});

test("a hand saved on the page's view is added, with the table for the next hand", () => {
  const state = page(4, [hand(10, 1), hand(11, 2)]);
  const table = savedTable(state, state.hands, 4, answer(5, hand(12, 3), [1, 2, 3]));
  assert.deepEqual(table.hands.map((h) => h.id), [10, 11, 12]);
  assert.equal(table.version, 5);
  assert.equal(table.east, 1);
  assert.deepEqual(table.permissions, { may_change: true });  // kept: the answer has none
});

test("a confirmation made elsewhere (no new version) shows from the table's waiting list", () => {
  const state = page(4, [hand(10, 1), hand(11, 2)]);
  const table = savedTable(state, state.hands, 4, answer(5, hand(12, 3), [2, 3]));
  assert.deepEqual(table.hands.map((h) => [h.number, h.confirmed, h.may_confirm]),
                   [[1, true, false], [2, false, true], [3, false, true]]);
  assert.equal(state.hands[0].confirmed, false);  // the page's own copy is not changed
});

test("a repeat of a hand the page already has does not add it twice", () => {
  const state = page(4, [hand(10, 1), hand(12, 2)]);
  const table = savedTable(state, state.hands, 4, answer(5, hand(12, 2), [1, 2]));
  assert.deepEqual(table.hands.map((h) => h.id), [10, 12]);
});

test("the table changed by another device, or a view other than the page's: read it again", () => {
  const state = page(4, [hand(10, 1)]);
  assert.equal(savedTable(state, state.hands, 4, answer(6, hand(12, 3), [])), null);
  assert.equal(savedTable(state, state.hands, 3, answer(4, hand(12, 3), [])), null);
  assert.equal(savedTable(state, state.hands, 4, { hand: hand(12, 2), version: 5 }), null);
});

const change = (id, version, action = "created") => ({ id, version, action });

test("the history gets the rows made since, newest first, each once", () => {
  const history = [change(7, 4, "confirmed"), change(6, 4), change(5, 3)];
  const merged = savedHistory(history, 4, 4, {
    version: 5, changes: [change(8, 5), change(7, 4, "confirmed"), change(6, 4)] });
  assert.deepEqual(merged.history.map((c) => c.id), [8, 7, 6, 5]);
  assert.equal(merged.version, 5);
});

test("a history older than the view the hand was sent on is read again", () => {
  assert.equal(savedHistory([change(5, 3)], 3, 4, { version: 5, changes: [change(8, 5)] }), null);
  assert.equal(savedHistory([change(5, 3)], null, 4, { version: 5, changes: [change(8, 5)] }), null);
  assert.equal(savedHistory([{ version: 3 }], 4, 4, { version: 5, changes: [change(8, 5)] }), null);
  assert.equal(savedHistory([change(5, 3)], 4, 4, { version: 5 }), null);
});
