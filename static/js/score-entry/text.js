/* Small text helpers of the score-entry page. Pure. */

// "Hand %(number)s saved" with {number: 3}: Django's gettext placeholders.
export const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (m, key) => values[key]);

export const signed = (n) => (n > 0 ? "+" + n : String(n));

// Hans van Dijk: HvD (the narrow columns of the list of hands).
export const initials = (name) => (name || "").split(/\s+/).filter(Boolean).map((word) => word[0]).join("");
