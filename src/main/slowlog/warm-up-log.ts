// A made-up slow log that slow-log workers digest while the screen that will use them opens, so
// that V8 has compiled the reader's and the digest's hot paths before the user's log arrives
// (warmSlowLogWorkers in digest-slowlog-sources). Its statements vary in their literals, as a
// real log's do: texts that repeat would be answered by the fingerprint cache and leave the
// fingerprint code cold.

const STATEMENTS: ((n: number) => string)[] = [
  (n) => `SELECT id, state FROM jobs WHERE queue = 'q${n % 7}' AND id > ${n} LIMIT 100`,
  (n) => `UPDATE accounts SET balance = balance - ${n % 900}.25 WHERE account_id = ${n}`,
  (n) =>
    `insert into audit (who, what, at) values (${n % 40}, 'login', now()), (${n}, 'view', now())`,
  (n) =>
    `SELECT p.sku, SUM(l.qty)\n  FROM lines l\n  JOIN products p ON p.id = l.product_id\n WHERE l.order_id IN (${n}, ${n + 3}, ${n + 9})\n GROUP BY p.sku`,
  (n) => `DELETE FROM carts WHERE updated_at < '2026-0${(n % 9) + 1}-1${n % 10} 00:00:00'`,
  (n) => `/* report:daily */ SELECT COUNT(*) FROM visits WHERE day = ${20260000 + (n % 400)}`,
  (n) => `REPLACE INTO kv (k, v) VALUES ('key-${n}', 0x${(n * 2654435761).toString(16)})`,
];

/** About `bytes` characters of slow log (ASCII only), MySQL 8-style with some verbose lines. */
export function warmUpSlowLog(bytes: number): string {
  const parts: string[] = [
    '/usr/sbin/mysqld, Version: 8.4.0 (MySQL Community Server - GPL). started with:\n' +
      'Tcp port: 3306  Unix socket: /tmp/mysql.sock\nTime                 Id Command    Argument\n',
  ];
  let length = parts[0]!.length;
  const start = Date.UTC(2026, 0, 5, 9, 0, 0);
  for (let n = 0; length < bytes; n += 1) {
    const time = new Date(start + n * 7).toISOString().replace('Z', '000Z');
    const seconds = ((n * 48271) % 250000) / 1e6;
    // Every tenth entry carries Percona's and MariaDB's extra attributes, so those paths run too.
    const verbose =
      n % 10 === 0
        ? `# Bytes_sent: ${n % 5000}  Tmp_tables: ${n % 2}  Full_scan: ${n % 3 === 0 ? 'Yes' : 'No'}\n`
        : '';
    const entry =
      `# Time: ${time}\n` +
      `# User@Host: svc${n % 4}[svc${n % 4}] @ web-${n % 6}.lan [192.168.1.${n % 6}]  Id: ${200 + (n % 32)}\n` +
      `# Query_time: ${seconds.toFixed(6)}  Lock_time: ${(seconds / 40).toFixed(6)} ` +
      `Rows_sent: ${n % 50}  Rows_examined: ${(n * 17) % 9000}\n` +
      verbose +
      (n % 40 === 0 ? `use app${n % 2};\n` : '') +
      `SET timestamp=${Math.floor((start + n * 7) / 1000)};\n` +
      `${STATEMENTS[n % STATEMENTS.length]!(n)};\n`;
    parts.push(entry);
    length += entry.length;
  }
  return parts.join('');
}
