import { describe, expect, it } from 'vitest';
import { significantTokens } from '../../../src/shared/sql/lexer';
import { splitStatements, type SplitOptions } from '../../../src/shared/sql/split-statements';
import { FIXTURES, readFixture, withCrlf, withoutDelimiterCommands } from './fixtures/fixtures';

/** Just the statement texts. */
const texts = (sql: string, options: SplitOptions = {}) =>
  splitStatements(sql, options).map((s) => s.text);

describe('splitStatements: delimiters, quotes and comments', () => {
  it('splits at semicolons and keeps positions', () => {
    const sql = 'SELECT 1;\n  SELECT 2 ;SELECT 3';
    expect(splitStatements(sql)).toEqual([
      { text: 'SELECT 1', start: 0, end: 8, line: 1, column: 1, delimiter: ';' },
      { text: 'SELECT 2', start: 12, end: 20, line: 2, column: 3, delimiter: ';' },
      { text: 'SELECT 3', start: 22, end: 30, line: 2, column: 13, delimiter: null },
    ]);
  });

  it('skips empty statements and whitespace- or comment-only pieces', () => {
    expect(texts(';;  ;\n-- c\n;/* c */;# c\n;')).toEqual([]);
    expect(texts('')).toEqual([]);
    expect(texts('SELECT 1;\n\n-- trailing comment\n/* and another */\n')).toEqual(['SELECT 1']);
  });

  it('leaves leading and trailing comments out of the text', () => {
    const [statement] = splitStatements('-- why\n/* what */ SELECT 1 /* after */ -- end\n;');
    expect(statement).toMatchObject({ text: 'SELECT 1', line: 2, column: 12 });
  });

  it('ignores delimiters inside strings, quoted names and comments', () => {
    expect(
      texts(
        `SELECT 'a;b', "c;d", \`e;f\`, 'g''h;', "i""j;", \`k\`\`l;\` -- m;\n# n;\n/* o; */ FROM t; SELECT 2`,
      ),
    ).toEqual([
      `SELECT 'a;b', "c;d", \`e;f\`, 'g''h;', "i""j;", \`k\`\`l;\` -- m;\n# n;\n/* o; */ FROM t`,
      'SELECT 2',
    ]);
  });

  it('honours backslash escapes, or not under NO_BACKSLASH_ESCAPES', () => {
    const sql = "SELECT 'a\\';b'; SELECT 2";
    expect(texts(sql)).toEqual(["SELECT 'a\\';b'", 'SELECT 2']);
    expect(texts(sql, { noBackslashEscapes: true })).toEqual(["SELECT 'a\\'", "b'; SELECT 2"]);
    expect(texts('SELECT "a\\";b"; SELECT 2')).toEqual(['SELECT "a\\";b"', 'SELECT 2']);
  });

  it('reads "x" as a name under ANSI_QUOTES (no backslash escapes in names)', () => {
    expect(texts('SELECT "a\\"; SELECT 2', { ansiQuotes: true })).toEqual([
      'SELECT "a\\"',
      'SELECT 2',
    ]);
    expect(texts('SELECT "a\\"; SELECT 2')).toEqual(['SELECT "a\\"; SELECT 2']);
  });

  it('takes -- as a comment only before a space, a control character or the end', () => {
    expect(texts('SELECT 1 --x;\nSELECT 2')).toEqual(['SELECT 1 --x', 'SELECT 2']);
    expect(texts('SELECT 1 -- x;\n;SELECT 2')).toEqual(['SELECT 1', 'SELECT 2']);
    expect(texts('SELECT 1 --\tx;\n;SELECT 2')).toEqual(['SELECT 1', 'SELECT 2']);
    expect(texts('SELECT 1 --\x01x;\n;')).toEqual(['SELECT 1']);
    // `--;`: not a comment, so the delimiter counts; the server reads the trailing -- as one.
    expect(texts('SELECT 6 --;SELECT 7')).toEqual(['SELECT 6 --', 'SELECT 7']);
    expect(texts('SELECT 6 --')).toEqual(['SELECT 6']);
  });

  it('ends a statement at \\g and \\G as the clients do, under any delimiter', () => {
    // What mariadb and mysql --commands sent, read from the server's general log.
    expect(splitStatements('SELECT 1\\G\nSELECT 2 \\g')).toMatchObject([
      { text: 'SELECT 1', delimiter: '\\G' },
      { text: 'SELECT 2', delimiter: '\\g' },
    ]);
    expect(texts('SELECT 4 /* \\G */, 5\\gSELECT 6;')).toEqual([
      'SELECT 4 /* \\G */, 5',
      'SELECT 6',
    ]);
    expect(texts('SELECT "\\G", `a\\G` \\G # \\G\nSELECT 13 --\\G\n;')).toEqual([
      'SELECT "\\G", `a\\G`',
      'SELECT 13 --',
    ]);
    // A DELIMITER line after `\G` is a command again, so the body below stays whole.
    const script =
      'SELECT 1\\G\nDELIMITER //\nCREATE PROCEDURE p() BEGIN DELETE FROM t; DELETE FROM u; END//\n' +
      'SELECT 7 // SELECT 8\\G\nDELIMITER ;\n';
    expect(texts(script)).toEqual([
      'SELECT 1',
      'CREATE PROCEDURE p() BEGIN DELETE FROM t; DELETE FROM u; END',
      'SELECT 7',
      'SELECT 8',
    ]);
    // Inside a BEGIN ... END kept whole under `;` too: the clients cut there.
    expect(texts('CREATE PROCEDURE p() BEGIN SELECT 9\\G SELECT 10; END;')).toEqual([
      'CREATE PROCEDURE p() BEGIN SELECT 9',
      'SELECT 10',
      'END',
    ]);
    // Other client commands are left to the server, which refuses them.
    expect(texts('SELECT 1 \\c')).toEqual(['SELECT 1 \\c']);
  });

  it('keeps optimizer hints whole', () => {
    expect(texts('SELECT /*+ SET_VAR(a = 1); */ 1; SELECT 2')).toEqual([
      'SELECT /*+ SET_VAR(a = 1); */ 1',
      'SELECT 2',
    ]);
  });

  it('keeps a statement that ends inside an unterminated string or comment', () => {
    expect(texts("SELECT 1; SELECT 'open; string")).toEqual(['SELECT 1', "SELECT 'open; string"]);
    expect(texts('SELECT 1; SELECT 2 /* open; comment')).toEqual(['SELECT 1', 'SELECT 2']);
  });
});

describe('splitStatements: executable comments', () => {
  it('treats their content as SQL: a delimiter inside one ends the statement, as the clients do', () => {
    expect(texts('SELECT 1 /*! ; SELECT 2 */; SELECT 3')).toEqual([
      'SELECT 1 /*!',
      'SELECT 2 */',
      'SELECT 3',
    ]);
    expect(texts('SELECT 1 /*!99999 ; */')).toEqual(['SELECT 1 /*!99999', '*/']);
  });

  it('keeps a statement made only of an executable comment', () => {
    expect(texts('/*!40101 SET NAMES utf8mb4 */;/*!99999 SELECT 1 */;')).toEqual([
      '/*!40101 SET NAMES utf8mb4 */',
      '/*!99999 SELECT 1 */',
    ]);
  });

  it('lexes strings and comments inside them: their delimiters do not count', () => {
    expect(texts("SELECT 1 /*! , ';' /* ; */ */; SELECT 2")).toEqual([
      "SELECT 1 /*! , ';' /* ; */ */",
      'SELECT 2',
    ]);
  });

  it('takes /*M! as SQL on MariaDB and as a comment on MySQL', () => {
    const sql = 'SELECT 1 /*M! ; */ + 1; SELECT 2';
    expect(texts(sql, { flavor: 'mysql' })).toEqual(['SELECT 1 /*M! ; */ + 1', 'SELECT 2']);
    expect(texts(sql)).toEqual(['SELECT 1 /*M! ; */ + 1', 'SELECT 2']);
    expect(texts(sql, { flavor: 'mariadb' })).toEqual(['SELECT 1 /*M!', '*/ + 1', 'SELECT 2']);
    expect(texts('/*M!100100 SET @a = 1 */;', { flavor: 'mysql' })).toEqual([]);
  });

  it('keeps a mysqldump trigger inside /*!50003 ... */ whole, with or without DELIMITER', () => {
    const body =
      "/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`%`*/ /*!50003 TRIGGER t BEFORE INSERT ON x FOR EACH ROW BEGIN SET NEW.a = 1; SET NEW.b = ';'; END */";
    expect(texts(`DELIMITER ;;\n${body};;\nDELIMITER ;\nSELECT 1;`)).toEqual([body, 'SELECT 1']);
    expect(texts(`${body};\nSELECT 1;`)).toEqual([body, 'SELECT 1']);
  });
});

describe('splitStatements: DELIMITER', () => {
  it('changes the delimiter, in any case, at the start of a line', () => {
    const statements = splitStatements(
      'delimiter $$\nSELECT 1; SELECT 2$$\n  DeLiMiTeR //\nSELECT 3 //\nDELIMITER ;\nSELECT 4;',
    );
    expect(statements.map((s) => [s.text, s.delimiter])).toEqual([
      ['SELECT 1; SELECT 2', '$$'],
      ['SELECT 3', '//'],
      ['SELECT 4', ';'],
    ]);
  });

  it('is not a command inside a pending statement or after other text on its line', () => {
    expect(texts('SELECT 3\ndelimiter ;\nSELECT 4;')).toEqual(['SELECT 3\ndelimiter', 'SELECT 4']);
    expect(texts('/* c */ DELIMITER $$\nSELECT 1$$')).toEqual(['DELIMITER $$\nSELECT 1$$']);
    expect(texts("SELECT 'x\nDELIMITER $$\n'; SELECT 2")).toEqual([
      "SELECT 'x\nDELIMITER $$\n'",
      'SELECT 2',
    ]);
  });

  it('is a command after a comment-only line, and ignores the rest of its line', () => {
    expect(texts('-- next\nDELIMITER $$ ignored; words\nSELECT 1; $$')).toEqual(['SELECT 1;']);
  });

  it('takes a quoted argument, and refuses a missing one or one with a backslash', () => {
    expect(texts("DELIMITER 'ab cd'\nSELECT 1 ab cd SELECT 2")).toEqual(['SELECT 1', 'SELECT 2']);
    expect(texts('DELIMITER\nSELECT 1;')).toEqual(['DELIMITER\nSELECT 1']);
    expect(texts('DELIMITER \\x\nSELECT 1;')).toEqual(['DELIMITER \\x\nSELECT 1']);
  });

  it('matches the delimiter anywhere outside quotes, even glued to a name, as the client does', () => {
    expect(texts('DELIMITER $$\nSELECT 12$$SELECT a$$\nSELECT 1 AS `x$$`$$')).toEqual([
      'SELECT 12',
      'SELECT a',
      'SELECT 1 AS `x$$`',
    ]);
    expect(texts('DELIMITER //\nSELECT 4//2 //')).toEqual(['SELECT 4', '2']);
  });

  it('works with CRLF line ends', () => {
    expect(texts('DELIMITER $$\r\nSELECT 1; $$\r\nDELIMITER ;\r\nSELECT 2;\r\n')).toEqual([
      'SELECT 1;',
      'SELECT 2',
    ]);
  });
});

describe('splitStatements: compound statements without DELIMITER', () => {
  it('keeps BEGIN ... END bodies of procedures, functions, triggers and events whole', () => {
    const programs = [
      'CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END',
      "CREATE DEFINER = `root`@`localhost` PROCEDURE db.p(IN a INT) COMMENT 'x;' BEGIN SET @a = a; END",
      "CREATE DEFINER='a'@'%' FUNCTION f(x INT) RETURNS VARCHAR(10) CHARACTER SET utf8mb4 DETERMINISTIC BEGIN RETURN 'x;'; END",
      "CREATE FUNCTION g() RETURNS SET('a', 'b') NO SQL BEGIN RETURN 'a'; END",
      'CREATE OR REPLACE AGGREGATE FUNCTION agg(x INT) RETURNS INT BEGIN DECLARE s INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR NOT FOUND RETURN s; LOOP FETCH GROUP NEXT ROW; SET s = s + x; END LOOP; END',
      'CREATE TRIGGER tr BEFORE UPDATE ON t FOR EACH ROW FOLLOWS other BEGIN SET NEW.a = 1; END',
      'CREATE EVENT e ON SCHEDULE EVERY 1 DAY STARTS NOW() ON COMPLETION PRESERVE DO BEGIN DELETE FROM t; END',
      'ALTER EVENT e DO BEGIN DELETE FROM t; END',
      'CREATE PROCEDURE IF NOT EXISTS p() BEGIN END',
      'CREATE PROCEDURE p() l1: BEGIN LEAVE l1; END l1',
    ];
    for (const program of programs) {
      expect(texts(`${program};\nSELECT 1;`), program).toEqual([program, 'SELECT 1']);
    }
  });

  it('follows nested IF, CASE, LOOP, REPEAT, WHILE, FOR and handler blocks', () => {
    const body = [
      'CREATE PROCEDURE p(v INT) BEGIN',
      '  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;',
      "  DECLARE CONTINUE HANDLER FOR SQLSTATE '02000' SET @done = 1;",
      "  IF v > 1 THEN SELECT 'a'; ELSEIF v > 0 THEN SELECT 'b'; ELSE IF v < -5 THEN SELECT 'c'; END IF; END IF;",
      '  CASE v WHEN 1 THEN SELECT 1; ELSE BEGIN END; END CASE;',
      '  lbl: LOOP IF v > 3 THEN LEAVE lbl; END IF; SET v = v + 1; END LOOP lbl;',
      '  REPEAT SET v = v - 1; UNTIL v < 0 END REPEAT;',
      '  WHILE v < 2 DO SET v = v + 1; END WHILE;',
      '  FOR i IN 1..3 DO SELECT i; END FOR;',
      "  SELECT CASE WHEN v THEN (CASE v WHEN 1 THEN 2 END) ELSE 0 END, IF(v, 1, 2), REPEAT('x', 2);",
      'END',
    ].join('\n');
    expect(texts(`${body};\nSELECT 1;`)).toEqual([body, 'SELECT 1']);
  });

  it('does not take columns named begin or end for blocks', () => {
    const body =
      'CREATE PROCEDURE p() BEGIN SELECT begin, end FROM spans WHERE end > begin; UPDATE spans SET end = begin; INSERT INTO spans (begin, end) SELECT t.begin, t.end FROM t; END';
    expect(texts(`${body}; SELECT 2`)).toEqual([body, 'SELECT 2']);
    expect(texts('SELECT begin, end FROM spans; SELECT 2')).toEqual([
      'SELECT begin, end FROM spans',
      'SELECT 2',
    ]);
  });

  it('ends simple routine bodies at their delimiter', () => {
    expect(
      texts(
        'CREATE PROCEDURE p() SELECT CASE WHEN 1 THEN 2 END; CREATE FUNCTION f() RETURNS INT RETURN IF(1, 2, 3); SELECT 3',
      ),
    ).toEqual([
      'CREATE PROCEDURE p() SELECT CASE WHEN 1 THEN 2 END',
      'CREATE FUNCTION f() RETURNS INT RETURN IF(1, 2, 3)',
      'SELECT 3',
    ]);
  });

  it('keeps MariaDB compound statements outside stored programs whole', () => {
    const compounds = [
      'BEGIN NOT ATOMIC DECLARE x INT; SELECT x; END',
      "IF @a THEN SELECT 'y'; ELSE SELECT 'n'; END IF",
      'CASE WHEN @a THEN SELECT 1; ELSE SELECT 2; END CASE',
      'LOOP SET @a = @a + 1; IF @a > 3 THEN SELECT 1; END IF; END LOOP',
      'WHILE @a < 3 DO SET @a = @a + 1; END WHILE',
      'REPEAT SET @a = @a + 1; UNTIL @a > 3 END REPEAT',
      'FOR i IN 1..3 DO SELECT i; END FOR',
    ];
    for (const compound of compounds) {
      expect(texts(`${compound};\nSELECT 1;`), compound).toEqual([compound, 'SELECT 1']);
    }
  });

  it('splits BEGIN (the transaction) at its delimiter', () => {
    expect(texts('BEGIN; SELECT 1; COMMIT; BEGIN WORK; ROLLBACK')).toEqual([
      'BEGIN',
      'SELECT 1',
      'COMMIT',
      'BEGIN WORK',
      'ROLLBACK',
    ]);
  });

  it('does not track blocks while another delimiter is in force (plain client splitting)', () => {
    expect(texts('DELIMITER $$\nBEGIN NOT ATOMIC SELECT 1$$ SELECT 2; END$$')).toEqual([
      'BEGIN NOT ATOMIC SELECT 1',
      'SELECT 2; END',
    ]);
  });

  it('leaves other statements alone', () => {
    expect(
      texts('CREATE TABLE event (begin INT, end INT); CREATE VIEW v AS SELECT 1; SELECT 2'),
    ).toEqual(['CREATE TABLE event (begin INT, end INT)', 'CREATE VIEW v AS SELECT 1', 'SELECT 2']);
  });
});

describe('splitStatements: MySQL dollar quotes', () => {
  it('keeps $$ ... $$ and $tag$ ... $tag$ routine bodies whole on MySQL', () => {
    const js = 'CREATE FUNCTION f() RETURNS INT LANGUAGE JAVASCRIPT AS $$ let a = 1; return a; $$';
    const tagged = 'CREATE FUNCTION g() RETURNS INT LANGUAGE JAVASCRIPT AS $js$ return 1; $js$';
    expect(texts(`${js}; ${tagged}; SELECT 1`)).toEqual([js, tagged, 'SELECT 1']);
  });

  it('has no dollar quotes on MariaDB, and none inside names', () => {
    expect(texts('SELECT $$; $$', { flavor: 'mariadb' })).toEqual(['SELECT $$', '$$']);
    expect(texts('SELECT a$$; SELECT 2')).toEqual(['SELECT a$$', 'SELECT 2']);
  });
});

describe('splitStatements: positions', () => {
  it('counts lines at \\n only and columns in UTF-16 code units', () => {
    const sql = '😀; SELECT 1;\r\n  SELECT "日本";\n\tSELECT 3';
    expect(splitStatements(sql).map((s) => [s.text, s.start, s.line, s.column])).toEqual([
      ['😀', 0, 1, 1],
      ['SELECT 1', 4, 1, 5],
      ['SELECT "日本"', 17, 2, 3],
      ['SELECT 3', 31, 3, 2],
    ]);
    for (const s of splitStatements(sql)) expect(sql.slice(s.start, s.end)).toBe(s.text);
  });
});

describe('splitStatements: the fixture corpus', () => {
  it.each(FIXTURES)('$file splits into $statements statements', (fixture) => {
    const flavor = fixture.flavors.includes('mysql') ? 'mysql' : 'mariadb';
    const text = readFixture(fixture.file);
    const statements = splitStatements(text, { ...fixture.options, flavor });
    expect(statements).toHaveLength(fixture.statements);
    for (const s of statements) {
      expect(text.slice(s.start, s.end)).toBe(s.text);
      // It starts with SQL, not with whitespace or a plain comment.
      expect(significantTokens(s.text, { ...fixture.options, flavor })[0]?.start).toBe(0);
      expect(s.text).toBe(s.text.trimEnd());
    }
    // The same script with CRLF line ends: same statements, same places.
    const crlf = splitStatements(withCrlf(text), { ...fixture.options, flavor });
    expect(crlf.map((s) => [s.text.replaceAll('\r\n', '\n'), s.line, s.column])).toEqual(
      statements.map((s) => [s.text, s.line, s.column]),
    );
  });

  it('splits the dump the same without its DELIMITER commands', () => {
    const text = readFixture('dump.sql');
    expect(texts(withoutDelimiterCommands(text))).toEqual(texts(text));
  });
});

describe('splitStatements: size', () => {
  it('splits a 1 MB script of 10,000 statements', () => {
    const parts: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      parts.push(
        i % 100 === 0
          ? `CREATE PROCEDURE p${i}() BEGIN DECLARE x INT DEFAULT ${i}; IF x > 0 THEN SET x = x - 1; END IF; SELECT x; END;`
          : `INSERT INTO t VALUES (${i}, 'text; with ''quotes'' and \\' escapes', "more; text") /* c; */; -- note ${i};`,
      );
    }
    const sql = parts.join('\n');
    expect(sql.length).toBeGreaterThan(1_000_000);
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(10_000);
    expect(statements[9_999]).toMatchObject({ line: 10_000, column: 1, delimiter: ';' });
    expect(statements[100]!.text).toMatch(/^CREATE PROCEDURE p100\(\).*END$/);
  });
});
