import type { SqlFlavor } from '../../../src/shared/sql/lexer';

/** A script for the command-line clients and the splitter; `flavors` default: both. */
export interface CorpusScript {
  name: string;
  text: string;
  flavors?: SqlFlavor[];
}

/**
 * Scripts that stress the lexer, each run through the real clients (see sql-text-oracle.test.ts).
 * Left out on purpose, where the splitter differs from the clients by design: compound bodies
 * without DELIMITER (kept whole), a `;` inside an optimizer hint (the mysql client cuts there,
 * the server reads the hint), and multi-line `$$ ... $$` on MySQL (the mysql client drops the
 * newline after a DELIMITER line inside it).
 */
export const CLIENT_SCRIPTS: CorpusScript[] = [
  {
    name: 'comments of each kind',
    text:
      'SELECT 1 -- c;\n, 2;\nSELECT 3 --x\n;\nSELECT 4 # h;\n;\n/* a; */ SELECT /* /* */ 5;\n' +
      'SELECT /*+ NO_INDEX(t) */ 6 FROM (SELECT 1 a) t;\nSELECT 7 /*!80000 , 8 */;\n' +
      'SELECT 9 /*M!100500 , 10 */;\nSELECT 11 --\n;\nSELECT 12 -- \t;\n;\nSELECT 13 /* ; */;',
  },
  {
    name: 'quotes and escapes',
    text:
      "SELECT 'it''s;', \"a\\\";b\", 'x\\\\';\nSELECT 'a\\'; b', \"c\"\"d;\";\n" +
      "SELECT _utf8mb4'x;' COLLATE utf8mb4_bin, N'n;', X'3B', b'00111011', 0x3B;\n" +
      'SELECT `a;b`, `c``d;`, `--e`, `#f` FROM (SELECT 1 `a;b`, 2 `c``d;`, 3 `--e`, 4 `#f`) t;\n' +
      "SELECT @`v;`, @'w;', @@session.sql_mode IS NOT NULL;",
  },
  {
    name: 'go commands',
    text:
      'SELECT 1\\G\nSELECT 2 \\g\nSELECT 3 /* \\G */, 4\\gSELECT 5;\nSELECT "\\G", `a\\G` \\G\n' +
      'SELECT 6 --\\G\n;\nSELECT 7 # \\G\n;',
  },
  {
    name: 'DELIMITER blocks and stored programs',
    text:
      'DROP PROCEDURE IF EXISTS p1;\nDELIMITER //\n' +
      'CREATE PROCEDURE p1(IN n INT)\nBEGIN\n  DECLARE i INT DEFAULT 0;\n  lbl: LOOP\n' +
      '    SET i = i + 1;\n    IF i >= n THEN LEAVE lbl; END IF;\n  END LOOP lbl;\n' +
      '  CASE i WHEN 1 THEN SELECT 1; ELSE SELECT i; END CASE;\nEND//\n' +
      'CALL p1(2)//\nSELECT 8 // SELECT 9\\G\ndelimiter $$ trailing words\n' +
      'CREATE TABLE IF NOT EXISTS tt (a INT)$$\n' +
      'CREATE TRIGGER tr BEFORE INSERT ON tt FOR EACH ROW BEGIN SET NEW.a = NEW.a + 1; END$$\n' +
      'CREATE EVENT IF NOT EXISTS ev ON SCHEDULE EVERY 1 DAY DISABLE DO BEGIN DELETE FROM tt; END$$\n' +
      "DELIMITER ';'\nINSERT INTO tt VALUES (1);\nSELECT a FROM tt;",
  },
  {
    name: 'MariaDB compound statements under DELIMITER',
    flavors: ['mariadb'],
    text:
      'DELIMITER ;;\nBEGIN NOT ATOMIC\n  DECLARE x INT DEFAULT 0;\n  w: WHILE x < 2 DO SET x = x + 1; END WHILE w;\n' +
      '  SELECT x;\nEND;;\nIF 1 THEN SELECT 1; ELSE SELECT 2; END IF;;\nDELIMITER ;\nSELECT 10;',
  },
  {
    name: 'line endings and spaces',
    text:
      'SELECT 1\r\n, 2;\r\n-- c\r\nSELECT\t3;\r\n\r\nSELECT 4 /* \r\n */;\n' +
      'SELECT 5 \u00a0;\nSELECT 6\u3000;\nSELECT\u20287;\nSELECT 8 -- \u00a0x\n;\nSELECT 9',
  },
  {
    name: 'no final delimiter, empty statements',
    text: ';;\n  ;\nSELECT 1;;; /* x */ ;\n# only\nSELECT 2 -- end',
  },
];

/**
 * Statements for Format SQL: each is formatted and, on MySQL, compared by STATEMENT_DIGEST (which
 * keeps optimizer hints and the content of executable comments the server runs, and replaces
 * literals by `?`); reads are also run both ways and their rows compared.
 */
export const FORMAT_STATEMENTS: string[] = [
  "SELECT 1.5e-3, .5, 1.e2, 1e+2, -1, 1 - -1, 2 --1, 0x1F, x'1f', b'01', 0b01, N'x', _utf8mb4'x' COLLATE utf8mb4_bin",
  "SELECT 1<=>1, '{\"a\":1}'->>'$.a', 1!=2, 1<>2, 1<<1, 4>>1, @v:=1, !1, ~1, 1^2, 5 DIV 2, 5 MOD 2",
  'SELECT count (*) FROM (SELECT 1) t',
  'SELECT COUNT(*), count(1), CURRENT_USER IS NOT NULL FROM (SELECT 1) t',
  'SELECT 1.2.3',
  'SELECT 1.a FROM (SELECT 1 a) `1`',
  "SELECT 'a' 'b', \"c\" 'd', 'it''s', 'x\\'y'",
  "SELECT ROW(1,2) = ROW(1,2), CONVERT('a' USING utf8mb4), CAST(1 AS CHAR(3))",
  'SELECT /*+ MAX_EXECUTION_TIME(1000) */ 1',
  'SELECT 1 -- x\n, 2 #y\n, 3 /* z */',
  'SELECT `a``b`, `select` FROM (SELECT 1 `a``b`, 2 `select`) t WHERE 1 = 1 - 0',
  'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM c WHERE n<3) SELECT * FROM c',
  'SELECT a, SUM(b) OVER w FROM (SELECT 1 a, 2 b) t WINDOW w AS (PARTITION BY a ORDER BY b)',
  'SELECT a FROM (SELECT 1 a UNION SELECT 2) t GROUP BY a WITH ROLLUP',
  "SELECT 1 FROM dual WHERE 1 IN (1,2) AND 2 BETWEEN 1 AND 3 OR 'x' LIKE 'x%' ESCAPE '!'",
  "SELECT JSON_EXTRACT('{\"a\":[1,2]}', '$.a[1]'), 9e99, 1.0E-10",
  'SELECT 1\r\n, 2\t,3',
  "SELECT @@session.sql_mode IS NOT NULL, @`a b`, @'c'",
  "SELECT IF(1, 'y', 'n'), CASE WHEN 1 THEN 'a' ELSE 'b' END, COALESCE(NULL, 2)",
  'SELECT a.* FROM (SELECT 1 a) a LIMIT 1, 2',
];

/**
 * Every password form the servers take, with the flavors that accept it. Each password is `pw`
 * and a number (or `old` and one, or the one hash), so the masked text can be searched for it;
 * every other literal says `keep`.
 */
export const SECRET_STATEMENTS: Array<{ sql: string; flavors: SqlFlavor[] }> = [
  { sql: "CREATE USER sl_u1@'%' IDENTIFIED BY 'pw1' COMMENT 'keep1'", flavors: ['mysql'] },
  { sql: "CREATE USER sl_u2 IDENTIFIED BY 'pw2'", flavors: ['mysql', 'mariadb'] },
  {
    sql: "CREATE USER sl_u3 IDENTIFIED WITH caching_sha2_password BY 'pw3'",
    flavors: ['mysql'],
  },
  {
    sql: "CREATE USER sl_u4 IDENTIFIED WITH mysql_native_password AS '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19'",
    flavors: ['mysql', 'mariadb'],
  },
  {
    sql: "ALTER USER sl_u2 IDENTIFIED BY 'pw5' REPLACE 'old5' RETAIN CURRENT PASSWORD",
    flavors: ['mysql'],
  },
  { sql: "SET PASSWORD FOR sl_u2 = 'pw7'", flavors: ['mysql', 'mariadb'] },
  { sql: "SET PASSWORD FOR sl_u2 = PASSWORD('pw8')", flavors: ['mariadb'] },
  {
    sql: "CREATE USER sl_u5 IDENTIFIED BY PASSWORD '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19'",
    flavors: ['mariadb'],
  },
  {
    sql: "CREATE USER sl_u6 IDENTIFIED VIA mysql_native_password USING PASSWORD('pw10')",
    flavors: ['mariadb'],
  },
  {
    sql: "CREATE USER sl_u7 IDENTIFIED VIA ed25519 USING PASSWORD('pw11') OR unix_socket",
    flavors: ['mariadb'],
  },
  {
    sql: "GRANT SELECT ON *.* TO sl_u8 IDENTIFIED BY 'pw12'",
    flavors: ['mariadb'],
  },
  {
    sql: "CHANGE REPLICATION SOURCE TO SOURCE_HOST='keep2', SOURCE_USER='keep3', SOURCE_PASSWORD='pw13', SOURCE_SSL_CA='keep4'",
    flavors: ['mysql'],
  },
  {
    sql: "CHANGE MASTER TO MASTER_HOST='keep5', MASTER_USER='keep6', MASTER_PASSWORD='pw14'",
    flavors: ['mariadb'],
  },
  {
    sql: "CREATE SERVER sl_s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'keep7', PASSWORD 'pw15', HOST 'keep8')",
    flavors: ['mysql', 'mariadb'],
  },
  { sql: "ALTER SERVER sl_s OPTIONS (PASSWORD 'pw16')", flavors: ['mysql', 'mariadb'] },
  { sql: "SELECT PASSWORD('pw17'), 'keep9'", flavors: ['mariadb'] },
  {
    sql: "CREATE USER sl_u9 IDENTIFIED BY 'pw18' AND IDENTIFIED BY 'pw19'",
    flavors: ['mysql'],
  },
  {
    sql: "SET STATEMENT max_statement_time=1 FOR CREATE USER sl_u10 IDENTIFIED BY 'pw20'",
    flavors: ['mariadb'],
  },
  {
    sql: "ALTER USER sl_u2 IDENTIFIED BY 'pw21', sl_u4 IDENTIFIED BY 'pw22'",
    flavors: ['mysql', 'mariadb'],
  },
];

/** START REPLICA / START SLAVE with a password: the server refuses them without a source. */
export const SECRET_STATEMENTS_REFUSED: Array<{ sql: string; flavors: SqlFlavor[] }> = [
  { sql: "START REPLICA USER='keep10' PASSWORD='pw23'", flavors: ['mysql'] },
  { sql: "START GROUP_REPLICATION USER='keep11', PASSWORD='pw24'", flavors: ['mysql'] },
];
