import type mysql from 'mysql2/promise';

/**
 * A varied workload for the slow log: literals of every kind, IN and VALUES lists, comments,
 * multi-line statements, `use`, stored procedures, errors, administrator commands (ping and quit), non-UTF-8 bytes and a
 * `FLUSH SLOW LOGS` in the middle (header lines mid-file). `latin1` is a connection whose
 * character set is latin1, for statements with bytes that are not UTF-8.
 */
export async function runSlowLogWorkload(
  connection: mysql.Connection,
  latin1: mysql.Connection,
): Promise<void> {
  const run = async (sql: string) => {
    await connection.query(sql);
  };
  await run('CREATE DATABASE IF NOT EXISTS sl_one');
  await run('CREATE DATABASE IF NOT EXISTS sl_two');
  await run('USE sl_one');
  await run(
    'CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(40), v DOUBLE, b VARBINARY(40), KEY(name))',
  );
  await run('CREATE TABLE sl_two.u (id INT AUTO_INCREMENT PRIMARY KEY, t_id INT, note TEXT)');
  for (let i = 0; i < 40; i += 1) {
    await run(`INSERT INTO t VALUES (${i}, 'name${i % 7}', ${i * 1.5}, NULL)`);
  }
  await run(
    "INSERT INTO sl_two.u (t_id, note) VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e')",
  );
  for (let i = 0; i < 12; i += 1) {
    await run(`SELECT * FROM t WHERE id = ${i}`);
    await run(`select name from t where name = 'name${i % 3}' and v > ${i}.5`);
    await run(`SELECT * FROM t WHERE id IN (${[1, 2, 3].slice(0, (i % 3) + 1).join(', ')})`);
    await run(`SELECT /* comment ${i} */ COUNT(*) FROM t -- trailing ${i}\n WHERE v < -${i}`);
    await run(`UPDATE t SET v = v + 1 WHERE id = ${i}`);
  }
  await run(
    'SELECT t.id,\n       u.note\n  FROM t\n  JOIN sl_two.u u ON u.t_id = t.id\n WHERE t.id > 2\n ORDER BY t.id ASC, u.note DESC\n LIMIT 5',
  );
  await run("SELECT 'it''s', \"dq\", 0x1F, b'101', TRUE, NULL FROM DUAL");
  await run('SELECT name FROM t WHERE id = 1 UNION ALL SELECT name FROM t WHERE id = 2');
  await run("INSERT INTO t (id, name, b) VALUES (100, 'bin', X'FFFE00C3')");
  await run("SELECT * FROM t WHERE b = X'FFFE00C3'");
  // Sent in latin1, so the log holds bytes that are not UTF-8.
  await latin1.query("SELECT 'caf\u00e9 \u00ff' AS latin, 'NA\u00cfVE' AS upper_latin");
  await latin1.query("SELECT 'd\u00e9j\u00e0' AS latin, 'NA\u00cfVE' AS upper_latin");
  await run('CREATE PROCEDURE p(IN n INT) BEGIN SELECT n + 1; END');
  await run('CALL p(3)');
  await run('USE sl_two');
  await run('SELECT COUNT(*) FROM u');
  await run('DELETE FROM u WHERE id > 100');
  await run('SELECT SLEEP(0.2)');
  await run('SELECT id FROM sl_one.t ORDER BY name LIMIT 3, 4');
  await run('SELECT id FROM sl_one.t ORDER BY name LIMIT 7 OFFSET 2');
  await connection.query('SELECT * FROM no_such_table').catch(() => undefined);
  await run('FLUSH SLOW LOGS');
  await run('SELECT id FROM sl_one.t WHERE id BETWEEN 1 AND 5');
  await connection.ping();
  await run('SHOW TABLES');
  await run('SET @x = 1');
  await run('DROP DATABASE sl_one');
  await run('DROP DATABASE sl_two');
}
