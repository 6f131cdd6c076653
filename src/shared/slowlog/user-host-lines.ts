// The `# User@Host: user[user] @ host [ip]  Id: 12` lines of a slow log, read with
// pt-query-digest's pattern. A log repeats few users and hosts on every entry: the names a line
// gives are kept by the line's text up to its last `]` (what they depend on), so that a line
// seen lately costs a comparison instead of the pattern, its match and its strings.
import type { SlowLogEntry } from './entry';
import { detachedText } from './detached-text';
import type { SlowLogAttributes } from './entry-attributes';

const USER_HOST =
  /# User@Host: ([^[]+|\[[^[]+\])[^\n]*?@ ([^\t\n\v\f\r ]*) \[([^\n]*)\][\t\n\v\f\r ]*(?:Id:[\t\n\v\f\r ]*(\d+))?/;

/** Lines kept (a power of two), each in the slot its hash gives; a new line replaces the old. */
const SLOTS = 256;

/**
 * Reads User@Host lines for one reader. Why a line's prefix decides its names: every character
 * the pattern's three groups and the text between them match lies before the `\]` that ends
 * the third group, which its greedy `[^\n]*` puts on the line's last `]`; what follows that `]`
 * (white space and `Id: n`) only ever matches the optional tail, which gives the fourth group.
 */
export class UserHostLines {
  /** Per slot: a line's text up to and with its last `]`, and what it gave. */
  private readonly keys = new Array<string | undefined>(SLOTS).fill(undefined);
  private readonly users = new Array<string>(SLOTS).fill('');
  private readonly hosts = new Array<string>(SLOTS).fill('');
  private readonly ips = new Array<string>(SLOTS).fill('');

  /**
   * Reads the line `text[start, end)` (`line`, if given: the same text as a string of its own)
   * into `entry` if it is a User@Host line: user, host, ip, and Thread_id unless `skipThreadId`.
   * Returns whether it was one.
   */
  read(
    text: string,
    start: number,
    end: number,
    line: string | undefined,
    entry: SlowLogEntry,
    skipThreadId: boolean,
  ): boolean {
    // The pattern needs a `]`; the Id, when wanted, needs the pattern.
    const close = skipThreadId ? text.lastIndexOf(']', end - 1) : -1;
    if (close >= start) {
      const length = close + 1 - start;
      const slot = prefixHash(text, start, close) & (SLOTS - 1);
      const key = this.keys[slot];
      if (key !== undefined && key.length === length && text.slice(start, close + 1) === key) {
        entry.user = this.users[slot]!;
        entry.host = this.hosts[slot]!;
        entry.ip = this.ips[slot]!;
        return true;
      }
    }
    const match = USER_HOST.exec(line ?? text.slice(start, end));
    if (!match) return false;
    entry.user = match[1]!;
    entry.ip = match[3]!;
    entry.host = match[2] || match[3]!;
    if (close >= start) {
      const slot = prefixHash(text, start, close) & (SLOTS - 1);
      this.keys[slot] = detachedText(text.slice(start, close + 1));
      entry.user = this.users[slot] = detachedText(entry.user);
      entry.host = this.hosts[slot] = detachedText(entry.host);
      entry.ip = this.ips[slot] = detachedText(entry.ip);
    }
    if (match[4] && !skipThreadId) (entry.attributes as SlowLogAttributes).setThreadId(match[4]);
    return true;
  }
}

/**
 * A hash of the line `text[start, close]` (`close` its last `]`) from its length and the
 * characters where lines differ most: the user's first ones and the ip's last ones. Lines that
 * differ elsewhere share it and take turns in its slot; a whole comparison tells them apart.
 */
function prefixHash(text: string, start: number, close: number): number {
  const length = close - start;
  let hash = length;
  const user = start + 13;
  for (let at = user; at < user + 4 && at < close; at += 1)
    hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  for (let at = close - 1; at > close - 5 && at > user; at -= 1)
    hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash ^ (hash >>> 16);
}
