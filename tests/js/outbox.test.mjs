// The score-entry page's outbox (static/js/score-entry/outbox.js): hands
// queued on the device, kept across a reload, sent in order with their
// idempotency keys, retried after a failed send, dropped once saved, and
// refusals handled as the page expects. Run by `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Outbox, queueKey, submissionId } from "../../static/js/score-entry/outbox.js";

// localStorage as the browser has it: strings in, strings out.
class FakeStorage {
  constructor() { this.data = new Map(); }
  getItem(key) { return this.data.has(key) ? this.data.get(key) : null; }
  setItem(key, value) { this.data.set(key, String(value)); }
}

// A server that answers each POST from a script: a {status, data} answer,
// or "offline" (the fetch rejects). Records every body it was sent.
function fakeServer(...answers) {
  const sent = [];
  const post = async (body) => {
    sent.push(structuredClone(body));
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return typeof answer === "function" ? answer(body) : answer;
  };
  return { sent, post };
}

const saved = (body) => ({ status: 201, data: { hand: { id: body.submission_id, number: 1 }, version: 1 } });

function outbox({ storage = new FakeStorage(), post, handlers = {} } = {}) {
  let n = 0;
  const calls = [];
  const record = (name) => (...args) => { calls.push([name, ...args]); };
  const box = new Outbox({
    storage, key: queueKey(7), post,
    handlers: { unreachable: record("unreachable"), reached: record("reached"), saved: record("saved"),
                refusedOnTheSpot: record("refusedOnTheSpot"), kept: record("kept"), ...handlers },
    now: () => 1000, newId: () => "id-" + ++n,
  });
  return { box, storage, calls };
}

const input = (winner) => ({ winner, discarder: null, east: null, values: { 0: 10, 1: 20, 2: 30, 3: 40 } });

test("a hand is queued with its own submission_id and the table's version", () => {
  const { box } = outbox({ post: fakeServer("offline").post });
  const { item, ahead } = box.enqueue(input(0), 5);
  assert.equal(ahead, 0);
  assert.equal(item.submission_id, "id-1");
  assert.equal(item.status, "pending");
  assert.equal(item.attempts, 0);
  assert.equal(item.fromForm, true);
  assert.equal(item.created, 1000);
  assert.deepEqual(item.body, { ...input(0), submission_id: "id-1", expected_version: 5 });
  assert.equal(box.pendingCount(), 1);
});

test("each hand queued behind others expects the version they leave", () => {
  const { box } = outbox({ post: fakeServer("offline").post });
  box.enqueue(input(0), 5);
  const { item, ahead } = box.enqueue(input(1), 5);
  assert.equal(ahead, 1);
  assert.equal(item.body.expected_version, 6);
  assert.equal(item.body.submission_id, "id-2");
});

test("the queue outlives a reload: it is kept in storage under the table's key", () => {
  const storage = new FakeStorage();
  const first = outbox({ storage, post: fakeServer("offline").post }).box;
  first.enqueue(input(0), 3);
  first.enqueue(input(1), 3);
  assert.ok(storage.getItem("score-entry-queue-7"));
  const reloaded = outbox({ storage, post: fakeServer("offline").post }).box;
  assert.deepEqual(reloaded.items().map((i) => i.submission_id), ["id-1", "id-2"]);
  assert.equal(reloaded.pendingCount(), 2);
});

test("a damaged queue reads as empty", () => {
  const storage = new FakeStorage();
  storage.setItem(queueKey(7), "{not json");
  assert.deepEqual(outbox({ storage, post: fakeServer("offline").post }).box.items(), []);
});

test("pending hands are sent in the order they were entered and leave the queue when saved", async () => {
  const server = fakeServer(saved);
  const { box, storage, calls } = outbox({ post: server.post });
  box.enqueue(input(0), 0);
  box.enqueue(input(1), 0);
  box.enqueue(input(2), 0);
  await box.flush();
  assert.deepEqual(server.sent.map((b) => b.submission_id), ["id-1", "id-2", "id-3"]);
  assert.deepEqual(server.sent.map((b) => b.expected_version), [0, 1, 2]);
  assert.deepEqual(box.items(), []);
  // Emptied, not forgotten: the browser tests read "[]".
  assert.equal(storage.getItem(queueKey(7)), "[]");
  assert.deepEqual(calls.filter((c) => c[0] === "saved").map((c) => c[1].submission_id), ["id-1", "id-2", "id-3"]);
});

test("without a connection nothing is lost: the hand stays pending and goes out later", async () => {
  const server = fakeServer("offline", "offline", saved);
  const { box, calls } = outbox({ post: server.post });
  box.enqueue(input(0), 0);
  box.enqueue(input(1), 0);
  await box.flush();
  // The first failure stops the round: the second hand is not tried behind it.
  assert.equal(server.sent.length, 1);
  assert.equal(box.pendingCount(), 2);
  assert.deepEqual(calls.map((c) => c[0]), ["unreachable"]);
  await box.flush();
  assert.equal(box.pendingCount(), 2);
  await box.flush();  // the connection is back
  assert.deepEqual(box.items(), []);
  // The same submission_id every time: the server saves the hand once.
  assert.deepEqual(server.sent.map((b) => b.submission_id), ["id-1", "id-1", "id-1", "id-2"]);
});

test("a server error counts an attempt and keeps the hand pending", async () => {
  const server = fakeServer({ status: 502, data: {} }, saved);
  const { box } = outbox({ post: server.post });
  box.enqueue(input(0), 0);
  await box.flush();
  assert.equal(box.items()[0].status, "pending");
  assert.equal(box.items()[0].attempts, 1);
  await box.flush();
  assert.deepEqual(box.items(), []);
});

test("a retry after a lost answer sends the same submission_id (idempotency key)", async () => {
  // The server saved the hand but the answer never arrived; the retry gets
  // the hand it already saved (200) and the hand leaves the queue.
  const server = fakeServer("offline", (body) => ({ status: 200, data: { hand: { id: 9 }, version: 1 } }));
  const { box } = outbox({ post: server.post });
  box.enqueue(input(0), 0);
  await box.flush();
  await box.flush();
  assert.equal(server.sent[0].submission_id, server.sent[1].submission_id);
  assert.deepEqual(box.items(), []);
});

test("the form's hand refused on its first try leaves the queue: the form still holds it", async () => {
  const refusal = { status: 400, data: { error: "Bad hand" } };
  const { box, calls } = outbox({ post: fakeServer(refusal).post });
  const { item } = box.enqueue(input(0), 0);
  assert.equal(await box.flushOne(item), "refused");
  assert.deepEqual(box.items(), []);
  const [name, refused, data, status] = calls.at(-1);
  assert.equal(name, "refusedOnTheSpot");
  assert.equal(refused.submission_id, "id-1");
  assert.deepEqual([data, status], [refusal.data, 400]);
});

test("a refusal of a hand sent later is kept, with the server's message", async () => {
  const { box, calls } = outbox({ post: fakeServer({ status: 400, data: { error: "Bad hand" } }).post });
  const { item } = box.enqueue(input(0), 0);
  box.update(item.submission_id, { fromForm: false });
  await box.flush();
  assert.deepEqual(box.items().map((i) => [i.status, i.message, i.fromForm]), [["refused", "Bad hand", false]]);
  assert.equal(box.pendingCount(), 0);
  assert.deepEqual(calls.at(-1).slice(0, 3), ["kept", box.items()[0], 400]);
});

test("a conflict is kept, stops nothing behind it, and a retry sends it on the table as it is now", async () => {
  const server = fakeServer({ status: 409, data: { error: "The table changed" } }, saved);
  const { box, calls } = outbox({ post: server.post });
  const { item } = box.enqueue(input(0), 4);
  assert.equal(await box.flushOne(item), "kept");
  const [kept] = box.items();
  assert.deepEqual([kept.status, kept.message, kept.fromForm], ["conflict", "The table changed", false]);
  assert.equal(calls.at(-1)[0], "kept");
  assert.equal(calls.at(-1)[2], 409);
  // Kept hands wait for the scorekeeper: a flush leaves them alone.
  await box.flush();
  assert.equal(server.sent.length, 1);
  // Retry: pending again on the version the page knows now, same submission_id.
  box.requeue(item.submission_id, 6);
  assert.deepEqual(box.items().map((i) => [i.status, i.message, i.body.expected_version, i.resent]),
                   [["pending", "", 6, true]]);
  await box.flush();
  assert.deepEqual(box.items(), []);
  // Saved: the page is told it was a hand sent again (it confirms it).
  assert.equal(calls.at(-1)[0], "saved");
  assert.equal(calls.at(-1)[1].resent, true);
  assert.deepEqual(server.sent.map((b) => [b.submission_id, b.expected_version]), [["id-1", 4], ["id-1", 6]]);
});

test("a kept hand can be discarded", async () => {
  const { box } = outbox({ post: fakeServer({ status: 403, data: {} }).post });
  const { item } = box.enqueue(input(0), 0);
  await box.flushOne(item);
  assert.deepEqual(box.items().map((i) => [i.status, i.message]), [["refused", "403"]]);
  box.remove(item.submission_id);
  assert.deepEqual(box.items(), []);
  assert.equal(box.requeue(item.submission_id, 1), null);
});

test("one send at a time: the form's hand waits for the send under way, then the rest follow", async () => {
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const order = [];
  const post = async (body) => {
    order.push("start " + body.submission_id);
    if (body.submission_id === "id-1") await gate;
    order.push("end " + body.submission_id);
    return saved(body);
  };
  const { box } = outbox({ post });
  box.enqueue(input(0), 0);
  const running = box.flush();
  const again = box.flush();
  assert.equal(running, again);  // a second flush joins the first
  const { item } = box.enqueue(input(1), 0);
  const outcome = box.flushOne(item);
  await Promise.resolve();
  release();
  assert.equal(await outcome, "saved");
  await running;
  assert.deepEqual(order, ["start id-1", "end id-1", "start id-2", "end id-2"]);
  assert.deepEqual(box.items(), []);
});

test("the form's hand already sent by a flush under way counts as saved", async () => {
  const { box } = outbox({ post: fakeServer(saved).post });
  const { item } = box.enqueue(input(0), 0);
  const running = box.flush();
  assert.equal(await box.flushOne(item), "saved");
  await running;
});

test("the page's reactions run after the queue is updated", async () => {
  const storage = new FakeStorage();
  const seen = [];
  const { box } = outbox({
    storage, post: fakeServer(saved).post,
    handlers: { saved: async () => { seen.push(JSON.parse(storage.getItem(queueKey(7))).length); } },
  });
  box.enqueue(input(0), 0);
  await box.flush();
  assert.deepEqual(seen, [0]);
});

test("submission ids are random UUIDs, also where randomUUID is missing (plain http)", () => {
  const pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  assert.match(submissionId(), pattern);
  const withoutRandomUUID = { getRandomValues: (bytes) => globalThis.crypto.getRandomValues(bytes) };
  const ids = new Set(Array.from({ length: 50 }, () => submissionId(withoutRandomUUID)));
  assert.equal(ids.size, 50);
  for (const id of ids) assert.match(id, pattern);
});
