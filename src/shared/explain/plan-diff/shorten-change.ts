/** Longest text one side of a changed condition keeps in a report line. */
export const CHANGE_SIDE_MAX = 60;

/** Characters of unchanged text kept either side of what changed. */
const CONTEXT = 16;

/**
 * The two sides of a changed text (a condition, an operation's words) shortened for one
 * report line, each at most `max` characters: what both share at the start and end is cut
 * down to a little context around the part that differs, marked with `…`, so a long condition
 * changed in one literal still shows that literal on both sides. Short texts come back whole.
 */
export function shortenChange(
  before: string,
  after: string,
  max: number = CHANGE_SIDE_MAX,
): { before: string; after: string } {
  if (before.length <= max && after.length <= max) return { before, after };
  let prefix = 0;
  const shorter = Math.min(before.length, after.length);
  while (prefix < shorter && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix++;
  const from = Math.max(0, prefix - CONTEXT);
  const cut = (text: string) => {
    const to = text.length - Math.max(0, suffix - CONTEXT);
    let middle = text.slice(from, to);
    const head = from > 0 ? '…' : '';
    let tail = to < text.length ? '…' : '';
    if (head.length + middle.length + tail.length > max) {
      middle = middle.slice(0, max - head.length - 1);
      tail = '…';
    }
    return `${head}${middle}${tail}`;
  };
  return { before: cut(before), after: cut(after) };
}
