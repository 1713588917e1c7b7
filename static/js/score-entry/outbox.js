/* The outbox of the score-entry page: hands saved on this device but not
 * yet accepted by the server, so a dropped connection loses nothing.
 *
 * Every hand saved from the form goes into a queue kept in storage
 * (localStorage, one key per table), with its own submission_id. The queue
 * is sent in order, one hand at a time, when the connection is back (the
 * page calls flush() on the online event and periodically). The server
 * answers a repeated submission_id with the hand it already saved, so a
 * retry after a lost answer never creates a second hand.
 *
 * What a send may come to ("outcomes"):
 *   "saved"    200/201: the hand leaves the queue;
 *   "refused"  400 for a hand just saved from the form, on its first try:
 *              it leaves the queue, the form still holds it (fix it there);
 *   "network"  no answer, or 5xx: it stays pending and is tried again;
 *   "kept"     any other refusal (409 conflict, 400 later, 403...): it stays
 *              as "conflict" or "refused" with the server's message until
 *              the scorekeeper retries it (requeue) or discards it (remove).
 *
 * Pure: no DOM. Storage, the POST and the page's reactions are injected,
 * so `node --test` (tests/js/) checks it with a fake localStorage.
 */

// Where a table's queue is kept (also read by the browser tests).
export const queueKey = (tableId) => "score-entry-queue-" + tableId;

// A new submission_id (the idempotency key of a hand): a random UUID.
export function submissionId(crypto = globalThis.crypto) {
  if (crypto && crypto.randomUUID) return crypto.randomUUID();
  // Pages served over plain http on a hall's network have no randomUUID.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const nothing = () => {};

export class Outbox {
  /* storage: localStorage or alike; key: queueKey(table); post(body) ->
   * Promise<{status, data}>, rejecting when the network fails; handlers:
   * what the page does on each outcome (all optional):
   *   unreachable()                  the POST failed: offline
   *   reached()                      the server answered
   *   saved(item, data)              the hand is saved (after it left the queue)
   *   refusedOnTheSpot(item, data)   the form's hand was refused (it left the queue)
   *   kept(item, status, data)       a refusal kept in the queue (item as stored) */
  constructor({ storage, key, post, handlers = {}, now = Date.now, newId = submissionId }) {
    this.storage = storage;
    this.key = key;
    this.post = post;
    this.handlers = { unreachable: nothing, reached: nothing, saved: nothing,
                      refusedOnTheSpot: nothing, kept: nothing, ...handlers };
    this.now = now;
    this.newId = newId;
    // The send under way: one at a time, so hands go in the order entered.
    this.flushing = null;
  }

  items() {
    try { return JSON.parse(this.storage.getItem(this.key) || "[]"); } catch (e) { return []; }
  }

  store(queue) { this.storage.setItem(this.key, JSON.stringify(queue)); }

  update(id, changes) {
    const queue = this.items();
    const item = queue.find((i) => i.submission_id === id);
    if (item) Object.assign(item, changes);
    this.store(queue);
    return item;
  }

  remove(id) { this.store(this.items().filter((i) => i.submission_id !== id)); }

  pendingCount() { return this.items().filter((i) => i.status === "pending").length; }

  /* The form's hand (the game input) into the queue. Each queued hand
   * expects the table (`version`: as this page knows it) as the hands
   * ahead of it leave it. Returns the item and how many were ahead. */
  enqueue(input, version) {
    const queue = this.items();
    const ahead = queue.filter((i) => i.status === "pending").length;
    const item = {
      submission_id: this.newId(), created: this.now(), status: "pending", message: "", attempts: 0,
      fromForm: true,
      body: { ...input, submission_id: null, expected_version: version + ahead },
    };
    item.body.submission_id = item.submission_id;
    queue.push(item);
    this.store(queue);
    return { item, ahead };
  }

  /* A kept hand sent again (same submission_id) on top of the table as it
   * is now (`version`), after the scorekeeper has seen what changed;
   * `resent`: the page confirms it when it is saved, as a hand from the form. */
  requeue(id, version) {
    const item = this.items().find((i) => i.submission_id === id);
    if (!item) return null;
    return this.update(id, { status: "pending", message: "", resent: true,
                             body: { ...item.body, expected_version: version } });
  }

  // Every pending hand, in order, until the queue is empty or the network fails.
  flush() {
    if (!this.flushing) this.flushing = this.sendAll().finally(() => { this.flushing = null; });
    return this.flushing;
  }

  async sendAll() {
    for (;;) {
      const item = this.items().find((i) => i.status === "pending");
      if (!item) return;
      const outcome = await this.send(item);
      if (outcome === "network") return;
    }
  }

  /* The form's hand just queued, sent now after any send under way; the
   * others follow when it is saved. Returns its outcome ("saved" too when
   * it already left the queue, or is no longer pending). */
  async flushOne(item) {
    if (this.flushing) await this.flushing;
    const current = this.items().find((i) => i.submission_id === item.submission_id);
    if (!current || current.status !== "pending") return "saved";
    let outcome;
    this.flushing = this.send(current).then((o) => { outcome = o; }).finally(() => { this.flushing = null; });
    await this.flushing;
    if (outcome === "saved") this.flush();
    return outcome;
  }

  async send(item) {
    let result;
    try {
      result = await this.post(item.body);
    } catch (e) {
      this.handlers.unreachable();
      return "network";
    }
    this.handlers.reached();
    const { status, data } = result;
    if (status === 200 || status === 201) {
      this.remove(item.submission_id);
      await this.handlers.saved(item, data);
      return "saved";
    }
    if (status === 400 && item.fromForm && item.attempts === 0) {
      // Refused on the spot: the form still holds the hand; fix it there.
      this.remove(item.submission_id);
      this.handlers.refusedOnTheSpot(item, data, status);
      return "refused";
    }
    if (status >= 500 || status === 0) {
      this.update(item.submission_id, { attempts: item.attempts + 1 });
      return "network";
    }
    const kept = this.update(item.submission_id, { status: status === 409 ? "conflict" : "refused",
                                                   message: data.error || String(status), fromForm: false });
    await this.handlers.kept(kept || item, status, data);
    return "kept";
  }
}
