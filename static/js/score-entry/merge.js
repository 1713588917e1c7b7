/* What the answer to a saved hand changes in what the page knows. The
 * answer (tournaments.api, submit_hand) carries only what changed since the
 * view of the table the hand was sent on (`expected`, its
 * expected_version): the hand, the table for the next hand without the
 * saved hands and permissions, and the history's rows made at that version
 * or later. Pure functions, for sync.js to apply and tests/js to try.
 */

/* The table and its hands after the answer; null when the page's view is
 * not the one the hand was sent on, or the table moved on by more than this
 * hand (another device changed it): the page then reads the table again. */
export function savedTable(state, hands, expected, data) {
  if (!data.table || state.version !== expected || data.version !== expected + 1) return null;
  const merged = hands.filter((h) => h.id !== data.hand.id).map((h) => ({ ...h }));
  merged.push(data.hand);
  merged.sort((a, b) => a.number - b.number);
  // A confirmation does not move the version: the table says which hands
  // still wait for one.
  const waiting = new Set(data.table.unconfirmed);
  for (const hand of merged) {
    if (!hand.confirmed && !waiting.has(hand.number)) {
      Object.assign(hand, { confirmed: true, awaiting_confirmation: false, may_confirm: false });
    }
  }
  return { ...data.table, hands: merged, permissions: state.permissions };
}

/* The history after the answer: its rows made at version `expected` or
 * later, merged into a history read at that version or later (the rows
 * made before it never change), newest first. Null when the history shown
 * is older than that, or has rows without an id (a page from before them):
 * the page then reads the history again. */
export function savedHistory(history, historyVersion, expected, data) {
  if (!data.changes || historyVersion === null || historyVersion < expected) return null;
  if (history.some((c) => c.id === undefined)) return null;
  const known = new Set(history.map((c) => c.id));
  return {
    history: [...data.changes.filter((c) => !known.has(c.id)), ...history].sort((a, b) => b.id - a.id),
    version: Math.max(historyVersion, data.version),
  };
}
