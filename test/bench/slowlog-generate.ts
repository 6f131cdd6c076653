// Writes a synthetic MySQL slow log of a given size: a few dozen statement shapes with varied
// literals, IN lists, multi-row INSERTs, multi-line statements, comments, `use` lines and
// administrator commands, with MySQL 8's `# Time:` and User@Host lines.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const SHAPES: ((n: number) => string)[] = [
  (n) => `SELECT * FROM orders WHERE id = ${n}`,
  (n) =>
    `SELECT id, total FROM orders WHERE customer_id = ${n % 997} AND status = 'paid' ORDER BY created_at DESC LIMIT 20`,
  (n) => `select name, email from customers where email = 'user${n}@example.com'`,
  (n) =>
    `SELECT * FROM items WHERE id IN (${[n, n + 1, n + 2, n + 7].slice(0, (n % 4) + 1).join(', ')})`,
  (n) =>
    `INSERT INTO events (kind, payload, at) VALUES ('click', '{"x": ${n}}', NOW()), ('view', 'p${n}', NOW())`,
  (n) =>
    `UPDATE customers SET visits = visits + 1, last_seen = '2026-11-25 10:${String(n % 60).padStart(2, '0')}:00' WHERE id = ${n % 5000}`,
  (n) => `DELETE FROM sessions WHERE expires < ${1700000000 + n}`,
  (n) =>
    `SELECT c.id,\n       SUM(o.total) AS spent\n  FROM customers c\n  JOIN orders o ON o.customer_id = c.id\n WHERE c.region = ${n % 12}\n GROUP BY c.id\n ORDER BY spent DESC\n LIMIT ${10 + (n % 5)}`,
  (n) => `/* app:checkout */ SELECT stock FROM items WHERE sku = 'SKU-${n % 20000}' FOR UPDATE`,
  (n) =>
    `SELECT COUNT(*) FROM audit_log WHERE created_at > '2026-11-${String((n % 28) + 1).padStart(2, '0')}'`,
  (n) => `CALL refresh_totals(${n % 100})`,
  (n) =>
    `SELECT a FROM t${n % 40} WHERE b = ${n} UNION ALL SELECT a FROM t${n % 40} WHERE b = ${n + 1}`,
];

/** Digits of quoted literals spelled as letters (`'user17@x'` → `'userbh@x'`). */
function lettered(statement: string): string {
  return statement.replace(/'[^']*'/g, (quoted) =>
    quoted.replace(/[0-9]/g, (digit) => String.fromCharCode(97 + Number(digit))),
  );
}

function entry(n: number, time: Date, literals: number, letters: boolean): string {
  const stamp = time.toISOString().replace('Z', '').concat('000Z');
  const queryTime = ((n * 7919) % 100000) / 1e6 + (n % 97 === 0 ? 1.5 : 0);
  const rowsExamined = (n * 31) % 5000;
  const head =
    `# Time: ${stamp}\n# User@Host: app${n % 3}[app${n % 3}] @ app-${n % 5}.internal [10.0.0.${n % 5}]  Id: ${1000 + (n % 64)}\n` +
    `# Query_time: ${queryTime.toFixed(6)}  Lock_time: ${(queryTime / 50).toFixed(6)} Rows_sent: ${n % 21}  Rows_examined: ${rowsExamined}\n`;
  const use = n % 50 === 0 ? `use shop${n % 3};\n` : '';
  const set = `SET timestamp=${Math.floor(time.getTime() / 1000)};\n`;
  if (n % 211 === 0) return `${head}${use}${set}# administrator command: Ping;\n`;
  const statement = SHAPES[n % SHAPES.length]!(n % literals);
  return `${head}${use}${set}${letters ? lettered(statement) : statement};\n`;
}

/**
 * Writes about `bytes` bytes of slow log to `path`; returns how many entries were written.
 * `literals` bounds the distinct literal values per shape (default: all differ), so statement
 * texts repeat as they do in real logs. `letters` spells the digits of quoted literals as
 * letters, so texts differ in more than digits (the fingerprint cache cannot merge them).
 */
export async function writeSlowLog(
  path: string,
  bytes: number,
  literals = Number.MAX_SAFE_INTEGER,
  letters = false,
): Promise<number> {
  const out = createWriteStream(path);
  out.write(
    '/usr/sbin/mysqld, Version: 8.4.3 (MySQL Community Server - GPL). started with:\nTcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\nTime                 Id Command    Argument\n',
  );
  let written = 0;
  let n = 0;
  const start = Date.UTC(2026, 10, 25, 0, 0, 0);
  while (written < bytes) {
    const parts: string[] = [];
    for (let k = 0; k < 2000; k += 1, n += 1)
      parts.push(entry(n, new Date(start + n * 3), literals, letters));
    const text = parts.join('');
    written += text.length;
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return n;
}
