/** One MariaDB GTID, `domain-server-seq`. */
export interface MariadbGtid {
  domainId: number;
  serverId: number;
  seqNo: bigint;
}

export type MariadbGtidListParseResult =
  { ok: true; gtids: MariadbGtid[] } | { ok: false; error: string };

const UINT32_MAX = 4294967295n;
// What C's isspace() skips before a number (MariaDB reads them with strtoull).
const C_SPACE = ' \t\n\v\f\r';
const DIGITS = /[0-9]+/y;
const UINT64_MAX = 18446744073709551615n;

/**
 * Parses a MariaDB GTID list (`gtid_binlog_pos`, `gtid_slave_pos`, `gtid_current_pos`,
 * `gtid_binlog_state`, ...) as MariaDB 10.11 reads one: `domain-server-seq` items separated
 * by `,`; `''` is the empty list. What the server showed (`SET GLOBAL gtid_slave_pos`):
 * each number may be preceded by whitespace or `+` (`' 0-1-5'`, `'0- 1-5'`, `'0-+1-5'`,
 * `'0-1-5, 1-2-3'` are accepted), but nothing may follow a number except `-` or `,` (a
 * trailing space, `'0 -1-5'`, `'0-1-5 ,1-2-3'`, `'0-1-5,'`, `',0-1-5'` and `'1-1-1,,2-2-2'`
 * are refused), and domain and server ids must fit 32 bits, sequence numbers 64 bits.
 * Items keep their order; a domain may repeat (gtid_binlog_state lists one item per server).
 */
export function parseMariadbGtidList(text: string): MariadbGtidListParseResult {
  const gtids: MariadbGtid[] = [];
  if (text === '') return { ok: true, gtids };
  let pos = 0;
  const fail = (what: string): MariadbGtidListParseResult => ({
    ok: false,
    error: `not a MariaDB GTID list: ${what} at position ${pos} of ${quoted(text, pos)}`,
  });
  for (;;) {
    const numbers: bigint[] = [];
    for (let part = 0; part < 3; part++) {
      if (part > 0) {
        if (text[pos] !== '-') return fail('expected "-"');
        pos++;
      }
      while (pos < text.length && C_SPACE.includes(text[pos]!)) pos++;
      if (text[pos] === '+') pos++;
      DIGITS.lastIndex = pos;
      const digits = DIGITS.exec(text)?.[0];
      if (digits === undefined) return fail('expected a number');
      const significant = digits.replace(/^0+(?=.)/, '');
      const value = significant.length > 20 ? UINT64_MAX + 1n : BigInt(significant);
      if (value > (part < 2 ? UINT32_MAX : UINT64_MAX)) return fail('number out of range');
      numbers.push(value);
      pos += digits.length;
    }
    gtids.push({ domainId: Number(numbers[0]), serverId: Number(numbers[1]), seqNo: numbers[2]! });
    if (pos === text.length) return { ok: true, gtids };
    if (text[pos] !== ',') return fail('expected ","');
    pos++;
  }
}

// A list can run to many KB (one item per domain and server): errors quote only around the fault.
const QUOTED_MAX = 80;
const AROUND = 30;

function quoted(text: string, pos: number): string {
  if (text.length <= QUOTED_MAX) return `"${text}"`;
  const start = Math.max(0, pos - AROUND);
  const end = Math.min(text.length, pos + AROUND);
  const excerpt = `${start > 0 ? '...' : ''}${text.slice(start, end)}${end < text.length ? '...' : ''}`;
  return `${text.length} characters, near "${excerpt}"`;
}

/** Like `parseMariadbGtidList`, throwing for text MariaDB would refuse. */
export function requireMariadbGtidList(text: string): MariadbGtid[] {
  const result = parseMariadbGtidList(text);
  if (!result.ok) throw new Error(result.error);
  return result.gtids;
}

/** `domain-server-seq`. */
export function formatMariadbGtid(gtid: MariadbGtid): string {
  return `${gtid.domainId}-${gtid.serverId}-${gtid.seqNo}`;
}

/** Items joined by `,` in the given order, as MariaDB prints its lists. */
export function formatMariadbGtidList(gtids: readonly MariadbGtid[]): string {
  return gtids.map(formatMariadbGtid).join(',');
}
