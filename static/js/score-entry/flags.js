/* The game's flags that decide who pays, as the score-entry page stores
 * them in a hand's entry: "pao:<position>" (the responsible player, who
 * pays for everyone) and "false_mahjong" (the chosen winner claimed it
 * wrongly; nobody wins), and Hong Kong's 7-5 rule.
 *
 * The words are the engine's (scoring/engine/vocabulary.py): the page's
 * data carries them (entry_rules.words) and readPage() hands them to
 * useWords() before anything else runs, so the script never spells them.
 * Pure: no DOM, so `node --test` can load it.
 */

export let PAO_PREFIX = null;
export let FALSE_MAHJONG = null;
export let SEVEN_FIVE = null;

export function useWords(words) {
  PAO_PREFIX = words.pao_prefix;
  FALSE_MAHJONG = words.false_mahjong;
  SEVEN_FIVE = words.seven_five;
}

// Whether a saved hand's flags say it was a false mahjong.
export const isFalseMahjong = (flags) => (flags || []).includes(FALSE_MAHJONG);

// The flags that decide who pays, from the hand in the form.
export function payFlags(entry) {
  const flags = [];
  // The 7-5 rule makes the discarder pay for everyone: the responsible player.
  const sevenFive = entry.flags.has(SEVEN_FIVE) && entry.discarder !== null && entry.discarder !== undefined;
  if (entry.pao !== null && entry.pao !== undefined) flags.push(PAO_PREFIX + entry.pao);
  else if (sevenFive && !entry.falseMahjong) flags.push(PAO_PREFIX + entry.discarder);
  if (entry.falseMahjong) flags.push(FALSE_MAHJONG);
  return flags;
}

// A saved hand's flags back into the form's fields: the responsible player,
// a false mahjong, and the other circumstances in `entry.flags`.
export function loadFlags(entry, savedFlags) {
  for (const flag of savedFlags || []) {
    if (flag.startsWith(PAO_PREFIX)) entry.pao = Number(flag.slice(PAO_PREFIX.length));
    else if (flag === FALSE_MAHJONG) entry.falseMahjong = true;
    else entry.flags.add(flag);
  }
  // The 7-5 rule's responsible player is its discarder: not a pao chosen apart.
  if (entry.flags.has(SEVEN_FIVE) && entry.pao === entry.discarder) entry.pao = null;
}
