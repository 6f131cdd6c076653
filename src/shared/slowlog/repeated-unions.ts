import { isSpaceCode, isWordCode } from './perl-char-classes';

/**
 * Steps (characters compared, separators tried) one statement's UNION rule may take, past which
 * the rest of it keeps its UNIONs: only text built to be slow gets there (see collapseRepeatedUnions).
 */
export function unionRuleBudget(length: number): number {
  // Far more than any statement written by hand needs (a thousand different UNIONed SELECTs
  // take about a million), and a few tens of milliseconds at most.
  return 20 * length + 20_000_000;
}

/**
 * pt-query-digest's `s/\b(select\s.*?)(?:(\sunion(?:\sall)?)\s\1)+/$1 \/*repeat$2*\//g` without
 * the regex: the regex tried, at every SELECT, every longer and longer first branch up to the
 * end of the line, comparing each with what follows each UNION: cubic on a statement of many
 * UNIONed SELECTs that differ (5 s at 350 KB, hours at the 16 MB a statement can have), on the
 * backend's only thread. Here only the places right before a UNION are tried, each compare
 * ends at the first difference, and the same answer comes out. A statement that still needs
 * more than `budget` steps (hostile text) keeps its UNIONs from there on.
 */
export function collapseRepeatedUnions(
  text: string,
  budget = unionRuleBudget(text.length),
): string {
  const unions = unionSeparators(text);
  if (unions.length === 0) return text;
  let out = '';
  let copied = 0;
  let work = 0;
  let u0 = 0; // first separator not before the current start
  for (let i = nextSelect(text, 0); i >= 0 && work <= budget; i = nextSelect(text, i + 1)) {
    // `.*?` stops at a newline: the first branch cannot reach past it.
    const lineEnd = lineEndFrom(text, i + 7);
    while (u0 < unions.length && unions[u0]!.at < i + 7) u0 += 1;
    for (let u = u0; u < unions.length && work <= budget; u += 1) {
      const sep = unions[u]!;
      if (sep.at > lineEnd) break;
      const length = sep.at - i;
      const same = sameLength(text, i, sep.next, length);
      work += 2 + same;
      if (same !== length) continue;
      // One repeat found: take every further one (the regex's `+` is greedy).
      let end = sep.next + length;
      let last = sep;
      for (let r = u + 1; r < unions.length && work <= budget; r += 1) {
        const more = unions[r]!;
        if (more.at < end) continue;
        if (more.at > end) break;
        const same = sameLength(text, i, more.next, length);
        work += 2 + same;
        if (same !== length) break;
        end = more.next + length;
        last = more;
      }
      out += `${text.slice(copied, sep.at)} /*repeat${text.slice(last.at, last.next - 1)}*/`;
      copied = end;
      // The regex goes on from the end of the match.
      i = end - 1;
      break;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

interface Separator {
  /** Where `\sunion(\sall)?\s` starts (its first white space). */
  at: number;
  /** Just past it: where the repeated first branch must start. */
  next: number;
}

/**
 * Every `\sunion(?:\sall)?\s` of the text, in order. With ` all` there, only the long form can
 * be followed by the first branch (which starts with `select`, never with `all`).
 */
function unionSeparators(text: string): Separator[] {
  const out: Separator[] = [];
  for (let at = text.indexOf('union', 1); at >= 0; at = text.indexOf('union', at + 1)) {
    const start = at - 1;
    if (!isSpaceCode(text.charCodeAt(start))) continue;
    let after = at + 5;
    if (
      isSpaceCode(text.charCodeAt(after)) &&
      text.startsWith('all', after + 1) &&
      isSpaceCode(text.charCodeAt(after + 4))
    )
      after += 4;
    if (!isSpaceCode(text.charCodeAt(after))) continue;
    out.push({ at: start, next: after + 1 });
  }
  return out;
}

/** The next `\bselect\s` at or after `from`, or -1. */
function nextSelect(text: string, from: number): number {
  for (let i = text.indexOf('select', from); i >= 0; i = text.indexOf('select', i + 1))
    if (!isWordCode(text.charCodeAt(i - 1)) && isSpaceCode(text.charCodeAt(i + 6))) return i;
  return -1;
}

/** The index of the first newline at or after `from`, or the text's length. */
function lineEndFrom(text: string, from: number): number {
  const at = text.indexOf('\n', from);
  return at < 0 ? text.length : at;
}

/**
 * How many characters of `text[b, b+length)` were compared to `text[a, a+length)` before the
 * first difference: `length` when they are equal, -1 when it does not fit in the text.
 */
function sameLength(text: string, a: number, b: number, length: number): number {
  if (b + length > text.length) return -1;
  // The last characters first: SELECTs that differ mostly differ at their end (a table name,
  // an alias), after a long common beginning.
  if (text.charCodeAt(a + length - 1) !== text.charCodeAt(b + length - 1)) return 0;
  let k = 0;
  while (k < length && text.charCodeAt(a + k) === text.charCodeAt(b + k)) k += 1;
  return k;
}
