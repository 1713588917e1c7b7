/* Small text helpers of the score-entry page. Pure. */

// "Hand %(number)s saved" with {number: 3}: Django's gettext placeholders.
export const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => values[key]);

export const signed = (n) => (n > 0 ? "+" + n : String(n));

// The initials of the players of one table (Hans van Dijk: HvD; the narrow
// columns of the list of hands), told apart: where two share
// them, more of the first name is shown (Arjen Brouwer: ArB, Anneke Bos:
// AnB), and where that is not enough, a number.
export function distinctInitials(names) {
  const words = names.map((name) => (name || "").split(/\s+/).filter(Boolean));
  const short = (i, k) => (words[i].length ? words[i][0].slice(0, k) + words[i].slice(1).map((w) => w[0]).join("") : "");
  const length = names.map(() => 1);
  const result = names.map((name, i) => short(i, 1));
  // Each pass lengthens the first name of every player still sharing
  // initials; it ends when none is shared or no first name can grow.
  for (let longer = true; longer;) {
    const clash = result.map((text, i) => result.some((other, j) => j !== i && other === text));
    longer = false;
    clash.forEach((c, i) => {
      if (c && words[i].length && length[i] < words[i][0].length) { length[i] += 1; result[i] = short(i, length[i]); longer = true; }
    });
  }
  const seen = {};
  return result.map((text) => {
    const twins = result.filter((other) => other === text).length;
    if (twins < 2) return text;
    seen[text] = (seen[text] || 0) + 1;
    return text + seen[text];
  });
}
