// A generated slow log that mixes what makes cutting and merging hard: MySQL entries with a
// `# Time:` each and `use db;` only now and then, MariaDB entries with `# Time:` only when the
// second changes and a `Schema:`, administrator commands that pt reads by looking ahead,
// multi-line statements, latin1 bytes, `# explain:` lines, an attribute whose first values are
// text and a few later ones numbers (entries 6000-6099), statements tagged as Sightline's own,
// and a last entry cut short.
// Query_time takes 64 values (the slowest of a class ties often), Lock_time a thousand; both
// have six decimals that binary floating point cannot hold exactly.
import type { SlowLogDigest } from '../../../src/shared/slowlog';
import { attributeTotals, classToPtJson } from '../../../src/shared/slowlog';

const SHAPES: ((n: number) => string)[] = [
  (n) => `SELECT * FROM orders WHERE id = ${n}`,
  (n) => `select name from customers where email = 'caf\xe9${n}@example.com'`,
  (n) => `SELECT * FROM items WHERE id IN (${n}, ${n + 1}${n % 3 ? `, ${n + 2}` : ''})`,
  (n) => `INSERT INTO events (kind, at) VALUES ('click', ${n}), ('view', ${n + 1})`,
  (n) => `UPDATE t${n % 7} SET visits = visits + 1 WHERE id = ${n % 500}`,
  (n) =>
    `SELECT c.id,\n       SUM(o.total)\n  FROM customers c\n WHERE c.region = ${n % 12}\n LIMIT ${n % 9}`,
  (n) => `/* app:checkout */ SELECT stock FROM items WHERE sku = 'SKU-${n % 200}'`,
  // Sightline's own polling, and the same shape sent by the application now and then: the
  // class is Sightline's own only while every statement of it is tagged.
  (n) =>
    `${n % 5 === 0 ? '' : '/* sightline */ '}SELECT COUNT(*) FROM performance_schema.threads WHERE id > ${n}`,
];

function queryTime(n: number): string {
  return (((n * 7919) % 64) / 8 + 0.000137).toFixed(6);
}

function mysqlEntry(n: number): string {
  const time = new Date(Date.UTC(2026, 10, 25) + n * 250).toISOString().replace('Z', '000Z');
  const use = n % 397 === 0 ? `use shop${n % 4};\n` : '';
  const weird =
    n % 50 !== 0 ? '' : n < 600 ? '  Weird: abc' : n >= 6000 && n < 6100 ? '  Weird: 7' : '';
  const head =
    `# Time: ${time}\n# User@Host: app${n % 3}[app${n % 3}] @ app-${n % 5}.internal [10.0.0.${n % 5}]  Id: ${n % 64}\n` +
    `# Query_time: ${queryTime(n)}  Lock_time: ${((n % 997) / 1e6).toFixed(6)} Rows_sent: ${n % 21}  Rows_examined: ${(n * 31) % 5000}${weird}\n`;
  const set = `SET timestamp=${1795000000 + Math.floor(n / 4)};\n`;
  if (n % 211 === 0) return `${head}${use}${set}# administrator command: Ping;\n`;
  return `${head}${use}${set}${SHAPES[n % SHAPES.length]!(n)};\n`;
}

function mariadbEntry(n: number): string {
  // `# Time:` only when the second changes: every 16th entry here.
  const seconds = Math.floor(n / 16);
  const time =
    n % 16 === 0
      ? `# Time: 261126 ${String(Math.floor(seconds / 3600) % 24).padStart(2, '0')}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}\n`
      : '';
  const explain =
    n % 13 === 0 ? `# explain: id\tselect_type\ttable\n# explain: 1\tSIMPLE\tt\n` : '';
  return (
    `${time}# User@Host: maria${n % 2}[maria${n % 2}] @ localhost []\n` +
    `# Thread_id: ${n % 40}  Schema: db${n % 3}  QC_hit: No\n` +
    `# Query_time: ${queryTime(n)}  Lock_time: ${((n % 991) / 1e6).toFixed(6)}  Rows_sent: ${n % 5}  Rows_examined: ${n % 77}\n` +
    `# Rows_affected: 0  Bytes_sent: ${n % 300}\n# Full_scan: ${n % 2 ? 'Yes' : 'No'}  Filesort: No\n` +
    `${explain}SET timestamp=${1795100000 + seconds};\n${SHAPES[n % SHAPES.length]!(n)};\n`
  );
}

/** About `bytes` bytes of slow log as a byte string (write it with 'latin1'). */
export function variedSlowLog(bytes: number): string {
  const parts: string[] = [
    '/usr/sbin/mysqld, Version: 8.4.3 (MySQL Community Server - GPL). started with:\n' +
      'Tcp port: 3306  Unix socket: /tmp/mysql.sock\nTime                 Id Command    Argument\n',
    'use shop0;\n',
  ];
  let size = parts.join('').length;
  for (let n = 0; size < bytes; n += 1) {
    // Stretches of MySQL and of MariaDB (a server restarted as the other, say).
    const text = Math.floor(n / 250) % 4 === 3 ? mariadbEntry(n) : mysqlEntry(n);
    parts.push(text);
    size += text.length;
  }
  // Cut short: the last entry has no statement, and no final newline.
  parts.push('# Time: 2026-11-27T00:00:00.000000Z\n# User@Host: app0[app0] @ x [10.0.0.9]  Id: 1');
  return parts.join('');
}

/** Everything a digest found, as comparable plain data (classes in order, as pt's JSON). */
export function digestFigures(digest: SlowLogDigest): unknown {
  const classes = digest.results();
  const totals = attributeTotals(classes);
  return {
    classes: classes.map((c) => ({ json: classToPtJson(c, totals), raw: c })),
    count: digest.count,
    filteredOut: digest.filteredOut,
    types: [...digest.types],
    carry: digest.carry,
  };
}
