import type { StatementClass } from '../../../src/shared/sql/statement-class';

/**
 * The classifier's table, shared with the integration test that runs every 'read' case on the
 * real servers inside a read-only transaction. The scratch database there has a table
 * `t (id INT PRIMARY KEY, v INT)` with rows, a stored function `bump()` that writes, and on
 * MariaDB a sequence `s`.
 */
export interface ClassifierCase {
  sql: string;
  kind: StatementClass['kind'];
  keyword: string;
  /** Classify for this flavor (default: flavor unknown). */
  flavor?: 'mysql' | 'mariadb';
  /** Where the statement is valid SQL, for the integration test; omitted: not run there. */
  runsOn?: ReadonlyArray<'mysql' | 'mariadb'>;
  /**
   * A read the server's read-only transaction refuses anyway (plain EXPLAIN of a write), or
   * that cannot run inside a transaction: run outside one, with the no-change check only.
   */
  outsideTransaction?: true;
}

const BOTH = ['mysql', 'mariadb'] as const;
const MYSQL = ['mysql'] as const;
const MARIADB = ['mariadb'] as const;

export const CLASSIFIER_CASES: readonly ClassifierCase[] = [
  // Plain reads.
  { sql: 'SELECT 1', kind: 'read', keyword: 'SELECT', runsOn: BOTH },
  { sql: 'select * from t where id = 1', kind: 'read', keyword: 'SELECT', runsOn: BOTH },
  {
    sql: '  -- why\n/* what */ # how\nSELECT v FROM t',
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  { sql: '(SELECT 1) UNION (SELECT 2)', kind: 'read', keyword: 'SELECT', runsOn: BOTH },
  { sql: '((SELECT id FROM t)) ORDER BY 1', kind: 'read', keyword: 'SELECT', runsOn: BOTH },
  {
    sql: 'SELECT /*+ MAX_EXECUTION_TIME(1000) */ * FROM t',
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: "SELECT COUNT(*), MAX(v), GROUP_CONCAT(v ORDER BY v SEPARATOR ';') FROM t",
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: "SELECT IF(v > 1, 'a', 'b'), CASE WHEN v THEN 1 END, COALESCE(NULL, v) FROM t",
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: 'SELECT CAST(v AS CHAR(10)), CONVERT(v, DECIMAL(10,2)), CHAR(65 USING utf8mb4) FROM t',
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: 'SELECT * FROM t WHERE id IN (1, 2) AND EXISTS (SELECT 1) AND NOT (v < 0)',
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: 'SELECT * FROM t AS t1 JOIN t AS t2 USING (id) FORCE INDEX (PRIMARY)',
    kind: 'read',
    keyword: 'SELECT',
  },
  {
    sql: 'SELECT * FROM t AS t1 JOIN t AS t2 USING (id)',
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: 'SELECT ROW_NUMBER() OVER (PARTITION BY v ORDER BY id), LAG(v) OVER w FROM t WINDOW w AS (ORDER BY id)',
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: "SELECT x FROM JSON_TABLE('[1,2]', '$[*]' COLUMNS (x INT PATH '$')) AS jt",
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: 'SELECT * FROM (SELECT 1, 2) AS d (a, b)',
    kind: 'read',
    keyword: 'SELECT',
    runsOn: MYSQL,
  },
  {
    sql: 'SELECT @@global.max_connections, @@session.sql_mode, DATABASE(), NOW(), UUID()',
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: "SELECT SLEEP(0), BENCHMARK(1, 1), LOAD_FILE('/nonexistent')",
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  {
    sql: "SELECT 'FOR UPDATE', 'INTO OUTFILE x', `for` FROM (SELECT 1 AS `for`) AS x -- FOR UPDATE",
    kind: 'read',
    keyword: 'SELECT',
    runsOn: BOTH,
  },
  { sql: "SELECT MD5('a')", kind: 'read', keyword: 'SELECT', flavor: 'mariadb', runsOn: MARIADB },
  { sql: 'SELECT v INTO @v FROM t WHERE id = 1', kind: 'read', keyword: 'SELECT', runsOn: BOTH },
  { sql: 'SELECT @a := 1', kind: 'read', keyword: 'SELECT', runsOn: BOTH },
  { sql: 'WITH c AS (SELECT 1 AS n) SELECT n FROM c', kind: 'read', keyword: 'WITH', runsOn: BOTH },
  {
    sql: 'WITH RECURSIVE c (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5), d AS (SELECT 2) SELECT SUM(n) FROM c',
    kind: 'read',
    keyword: 'WITH',
    runsOn: BOTH,
  },
  { sql: 'TABLE t', kind: 'read', keyword: 'TABLE', runsOn: MYSQL },
  { sql: 'VALUES ROW(1, 2), ROW(3, 4)', kind: 'read', keyword: 'VALUES', runsOn: MYSQL },
  { sql: 'VALUES (1, 2)', kind: 'read', keyword: 'VALUES', runsOn: MARIADB },
  {
    sql: 'SELECT LASTVAL(s), PREVIOUS VALUE FOR s',
    kind: 'read',
    keyword: 'SELECT',
    flavor: 'mariadb',
    runsOn: MARIADB,
  },
  // SHOW, EXPLAIN, HELP.
  { sql: 'SHOW TABLES', kind: 'read', keyword: 'SHOW', runsOn: BOTH },
  { sql: 'SHOW FULL PROCESSLIST', kind: 'read', keyword: 'SHOW', runsOn: BOTH },
  { sql: "SHOW VARIABLES LIKE '%timeout%'", kind: 'read', keyword: 'SHOW', runsOn: BOTH },
  { sql: 'SHOW CREATE TABLE t', kind: 'read', keyword: 'SHOW', runsOn: BOTH },
  { sql: 'EXPLAIN SELECT * FROM t', kind: 'read', keyword: 'EXPLAIN', runsOn: BOTH },
  {
    sql: 'EXPLAIN FORMAT=JSON SELECT * FROM t WHERE id = 1',
    kind: 'read',
    keyword: 'EXPLAIN',
    runsOn: BOTH,
  },
  { sql: 'DESCRIBE t', kind: 'read', keyword: 'DESCRIBE', runsOn: BOTH },
  { sql: 'DESC t id', kind: 'read', keyword: 'DESC', runsOn: BOTH },
  { sql: 'DESC SELECT 1', kind: 'read', keyword: 'DESC', runsOn: BOTH },
  { sql: 'EXPLAIN FOR CONNECTION 1', kind: 'read', keyword: 'EXPLAIN' },
  {
    sql: 'EXPLAIN UPDATE t SET v = 1',
    kind: 'read',
    keyword: 'EXPLAIN',
    runsOn: BOTH,
    outsideTransaction: true,
  },
  {
    sql: 'EXPLAIN DELETE FROM t WHERE id > 0',
    kind: 'read',
    keyword: 'EXPLAIN',
    runsOn: BOTH,
    outsideTransaction: true,
  },
  { sql: 'EXPLAIN ANALYZE SELECT * FROM t', kind: 'read', keyword: 'EXPLAIN', runsOn: MYSQL },
  {
    sql: 'EXPLAIN ANALYZE FORMAT=JSON SELECT * FROM t',
    kind: 'read',
    keyword: 'EXPLAIN',
    runsOn: MYSQL,
  },
  { sql: 'ANALYZE SELECT * FROM t', kind: 'read', keyword: 'ANALYZE', runsOn: MARIADB },
  { sql: 'ANALYZE FORMAT=JSON SELECT * FROM t', kind: 'read', keyword: 'ANALYZE', runsOn: MARIADB },
  { sql: "HELP 'SELECT'", kind: 'read', keyword: 'HELP', runsOn: BOTH },
  // Session-only statements.
  { sql: 'USE mysql', kind: 'read', keyword: 'USE', runsOn: BOTH },
  { sql: "SET @x = 1, @y = 'a'", kind: 'read', keyword: 'SET', runsOn: BOTH },
  { sql: 'SET NAMES utf8mb4', kind: 'read', keyword: 'SET', runsOn: BOTH },
  { sql: 'SET CHARACTER SET utf8mb4', kind: 'read', keyword: 'SET', runsOn: BOTH },
  { sql: "SET SESSION sql_mode = 'ANSI'", kind: 'read', keyword: 'SET', runsOn: BOTH },
  {
    sql: 'SET @@session.wait_timeout = 100, LOCAL net_read_timeout = 60',
    kind: 'read',
    keyword: 'SET',
    runsOn: BOTH,
  },
  { sql: 'SET wait_timeout = 100', kind: 'read', keyword: 'SET', runsOn: BOTH },
  { sql: 'SET @@wait_timeout := 100', kind: 'read', keyword: 'SET', runsOn: BOTH },
  {
    sql: 'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED',
    kind: 'read',
    keyword: 'SET',
    runsOn: BOTH,
    outsideTransaction: true,
  },
  {
    sql: 'SET TRANSACTION READ ONLY',
    kind: 'read',
    keyword: 'SET',
    runsOn: BOTH,
    outsideTransaction: true,
  },
  { sql: 'SET SESSION transaction_read_only = ON', kind: 'read', keyword: 'SET', runsOn: MYSQL },
  { sql: 'SET SESSION tx_read_only = 1', kind: 'read', keyword: 'SET', runsOn: MARIADB },
  {
    sql: 'SET STATEMENT max_statement_time = 10 FOR SELECT 1',
    kind: 'read',
    keyword: 'SET',
    runsOn: MARIADB,
  },
  // Transaction control.
  { sql: 'START TRANSACTION', kind: 'read', keyword: 'START', runsOn: BOTH },
  {
    sql: 'START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT',
    kind: 'read',
    keyword: 'START',
    runsOn: BOTH,
  },
  { sql: 'BEGIN', kind: 'read', keyword: 'BEGIN', runsOn: BOTH },
  { sql: 'BEGIN WORK', kind: 'read', keyword: 'BEGIN', runsOn: BOTH },
  { sql: 'COMMIT', kind: 'read', keyword: 'COMMIT', runsOn: BOTH },
  { sql: 'ROLLBACK', kind: 'read', keyword: 'ROLLBACK', runsOn: BOTH },
  { sql: 'SAVEPOINT sp1', kind: 'read', keyword: 'SAVEPOINT', runsOn: BOTH },
  { sql: 'RELEASE SAVEPOINT sp1', kind: 'read', keyword: 'RELEASE' },

  // Reads that are not read-only.
  { sql: 'SELECT * FROM t FOR UPDATE', kind: 'write', keyword: 'SELECT' },
  { sql: 'SELECT * FROM t WHERE id = 1 FOR UPDATE SKIP LOCKED', kind: 'write', keyword: 'SELECT' },
  { sql: 'SELECT * FROM t FOR SHARE NOWAIT', kind: 'write', keyword: 'SELECT' },
  { sql: 'SELECT * FROM t LOCK IN SHARE MODE', kind: 'write', keyword: 'SELECT' },
  { sql: '(SELECT * FROM t FOR UPDATE)', kind: 'write', keyword: 'SELECT' },
  { sql: "SELECT * FROM t INTO OUTFILE '/tmp/t.txt'", kind: 'write', keyword: 'SELECT' },
  { sql: "SELECT v INTO DUMPFILE '/tmp/v.bin' FROM t LIMIT 1", kind: 'write', keyword: 'SELECT' },
  { sql: "TABLE t INTO OUTFILE '/tmp/t.txt'", kind: 'write', keyword: 'TABLE' },
  { sql: "SELECT GET_LOCK('job', 0)", kind: 'write', keyword: 'SELECT' },
  { sql: "SELECT RELEASE_LOCK('job')", kind: 'write', keyword: 'SELECT' },
  { sql: 'SELECT NEXTVAL(s)', kind: 'write', keyword: 'SELECT', flavor: 'mariadb' },
  { sql: 'SELECT NEXT VALUE FOR s', kind: 'write', keyword: 'SELECT' },
  { sql: 'SELECT SETVAL(s, 100)', kind: 'write', keyword: 'SELECT', flavor: 'mariadb' },
  { sql: 'WITH c AS (SELECT 1) UPDATE t SET v = 2', kind: 'write', keyword: 'WITH' },
  {
    sql: 'WITH c AS (SELECT id FROM t) DELETE FROM t WHERE id IN (SELECT id FROM c)',
    kind: 'write',
    keyword: 'WITH',
  },
  { sql: 'WITH c AS (SELECT 1) SELECT * FROM t FOR UPDATE', kind: 'write', keyword: 'WITH' },
  { sql: 'EXPLAIN ANALYZE UPDATE t SET v = 2', kind: 'write', keyword: 'EXPLAIN' },
  { sql: 'EXPLAIN ANALYZE SELECT * FROM t FOR UPDATE', kind: 'write', keyword: 'EXPLAIN' },
  { sql: 'DESCRIBE ANALYZE DELETE FROM t', kind: 'write', keyword: 'DESCRIBE' },
  { sql: 'ANALYZE UPDATE t SET v = 2', kind: 'write', keyword: 'ANALYZE' },
  { sql: 'ANALYZE FORMAT=JSON DELETE FROM t', kind: 'write', keyword: 'ANALYZE' },
  { sql: 'ANALYZE TABLE t', kind: 'write', keyword: 'ANALYZE' },
  { sql: 'ANALYZE NO_WRITE_TO_BINLOG TABLE t', kind: 'write', keyword: 'ANALYZE' },
  { sql: 'ANALYZE LOCAL TABLE t UPDATE HISTOGRAM ON v', kind: 'write', keyword: 'ANALYZE' },
  // SET that reaches beyond the session.
  { sql: 'SET GLOBAL max_connections = 200', kind: 'write', keyword: 'SET' },
  { sql: 'SET PERSIST max_connections = 200', kind: 'write', keyword: 'SET' },
  { sql: 'SET PERSIST_ONLY max_connections = 200', kind: 'write', keyword: 'SET' },
  { sql: 'SET @@global.max_connections = 200', kind: 'write', keyword: 'SET' },
  { sql: 'SET @@PERSIST.max_connections = 200', kind: 'write', keyword: 'SET' },
  { sql: 'SET @a = 1, GLOBAL max_connections = 200', kind: 'write', keyword: 'SET' },
  { sql: "SET PASSWORD = 'secret'", kind: 'write', keyword: 'SET' },
  { sql: "SET PASSWORD FOR 'u'@'%' = 'secret'", kind: 'write', keyword: 'SET' },
  { sql: 'SET DEFAULT ROLE ALL TO u', kind: 'write', keyword: 'SET' },
  { sql: 'SET RESOURCE GROUP batch FOR 12', kind: 'write', keyword: 'SET' },
  { sql: 'SET GLOBAL TRANSACTION ISOLATION LEVEL SERIALIZABLE', kind: 'write', keyword: 'SET' },
  { sql: 'SET SESSION TRANSACTION READ WRITE', kind: 'write', keyword: 'SET' },
  { sql: 'SET transaction_read_only = OFF', kind: 'write', keyword: 'SET' },
  { sql: 'SET @@tx_read_only = 0', kind: 'write', keyword: 'SET' },
  {
    sql: "SET gtid_next = '3E11FA47-71CA-11E1-9E33-C80AA9429562:23'",
    kind: 'write',
    keyword: 'SET',
  },
  { sql: 'SET SESSION sql_log_bin = 0', kind: 'write', keyword: 'SET' },
  { sql: 'SET @@session.sql_log_bin = 0', kind: 'write', keyword: 'SET' },
  { sql: 'SET @x = 1, gtid_seq_no = 5', kind: 'write', keyword: 'SET' },
  { sql: "SET @lock = GET_LOCK('x', 0)", kind: 'write', keyword: 'SET' },
  {
    sql: 'SET STATEMENT max_statement_time = 10 FOR UPDATE t SET v = 1',
    kind: 'write',
    keyword: 'SET',
  },
  { sql: 'START TRANSACTION READ WRITE', kind: 'write', keyword: 'START' },
  // Writes.
  { sql: 'INSERT INTO t VALUES (100, 1)', kind: 'write', keyword: 'INSERT' },
  { sql: 'UPDATE t SET v = 1', kind: 'write', keyword: 'UPDATE' },
  { sql: 'DELETE FROM t', kind: 'write', keyword: 'DELETE' },
  { sql: 'REPLACE INTO t VALUES (1, 1)', kind: 'write', keyword: 'REPLACE' },
  { sql: "LOAD DATA INFILE '/tmp/t.txt' INTO TABLE t", kind: 'write', keyword: 'LOAD' },
  { sql: 'CREATE TABLE x (a INT)', kind: 'write', keyword: 'CREATE' },
  { sql: 'CREATE TEMPORARY TABLE x (a INT)', kind: 'write', keyword: 'CREATE' },
  { sql: 'ALTER TABLE t ADD COLUMN c INT', kind: 'write', keyword: 'ALTER' },
  { sql: 'DROP TABLE t', kind: 'write', keyword: 'DROP' },
  { sql: 'TRUNCATE t', kind: 'write', keyword: 'TRUNCATE' },
  { sql: 'RENAME TABLE t TO u', kind: 'write', keyword: 'RENAME' },
  { sql: 'GRANT SELECT ON *.* TO u', kind: 'write', keyword: 'GRANT' },
  { sql: 'KILL QUERY 42', kind: 'write', keyword: 'KILL' },
  { sql: 'FLUSH PRIVILEGES', kind: 'write', keyword: 'FLUSH' },
  { sql: 'OPTIMIZE TABLE t', kind: 'write', keyword: 'OPTIMIZE' },
  { sql: 'LOCK TABLES t READ', kind: 'write', keyword: 'LOCK' },
  { sql: 'START REPLICA', kind: 'write', keyword: 'START' },
  { sql: "CHANGE REPLICATION SOURCE TO SOURCE_HOST = 'h'", kind: 'write', keyword: 'CHANGE' },
  { sql: 'PURGE BINARY LOGS BEFORE NOW()', kind: 'write', keyword: 'PURGE' },
  { sql: "XA START 'x'", kind: 'write', keyword: 'XA' },

  // Cannot tell.
  { sql: '', kind: 'unknown', keyword: '' },
  { sql: '-- only a comment\n/* and another */', kind: 'unknown', keyword: '' },
  { sql: '/*!40101 SET NAMES utf8mb4 */', kind: 'unknown', keyword: 'SET' },
  { sql: '/*!50001 SELECT 1 */', kind: 'unknown', keyword: 'SELECT' },
  { sql: 'DO 1', kind: 'unknown', keyword: 'DO' },
  { sql: 'DO SLEEP(1)', kind: 'unknown', keyword: 'DO' },
  { sql: 'CALL p()', kind: 'unknown', keyword: 'CALL' },
  { sql: 'EXECUTE stmt', kind: 'unknown', keyword: 'EXECUTE' },
  { sql: 'BEGIN NOT ATOMIC SELECT 1; END', kind: 'unknown', keyword: 'BEGIN' },
  { sql: 'SELECT bump()', kind: 'unknown', keyword: 'SELECT' },
  { sql: 'SELECT v FROM t WHERE id = bump() + 1', kind: 'unknown', keyword: 'SELECT' },
  { sql: 'SELECT sys.format_bytes(1024)', kind: 'unknown', keyword: 'SELECT' },
  { sql: 'SELECT `db`.`f`(1)', kind: 'unknown', keyword: 'SELECT' },
  { sql: "SELECT `concat`('a')", kind: 'unknown', keyword: 'SELECT' },
  { sql: "SELECT MD5('a')", kind: 'unknown', keyword: 'SELECT', flavor: 'mysql' },
  { sql: 'SELECT NEXTVAL(s)', kind: 'unknown', keyword: 'SELECT', flavor: 'mysql' },
  { sql: 'WITH c AS (SELECT bump()) SELECT * FROM c', kind: 'unknown', keyword: 'WITH' },
  { sql: 'EXPLAIN SELECT bump()', kind: 'unknown', keyword: 'EXPLAIN' },
  { sql: 'EXPLAIN ANALYZE SELECT bump()', kind: 'unknown', keyword: 'EXPLAIN' },
  { sql: 'SET @x = bump()', kind: 'unknown', keyword: 'SET' },
  { sql: 'SHOW TABLES WHERE bump() > 0', kind: 'unknown', keyword: 'SHOW' },
  { sql: 'CHECK TABLE t', kind: 'unknown', keyword: 'CHECK' },
  { sql: 'HANDLER t OPEN', kind: 'unknown', keyword: 'HANDLER' },
  { sql: "PREPARE stmt FROM 'SELECT 1'", kind: 'unknown', keyword: 'PREPARE' },
  { sql: "'not a statement'", kind: 'unknown', keyword: "'not a statement'" },
  { sql: 'WITH c AS (SELECT 1)', kind: 'unknown', keyword: 'WITH' },
];
