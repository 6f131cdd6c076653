/**
 * The generated ALTER matrix of rules-matrix.test.ts, as data: table shapes, and operations
 * that apply to every table (on its own columns) or to one shape. Each shape lives in its own
 * database so that putting it back after an accepted ALTER is one DROP DATABASE away.
 */

export interface Shape {
  name: string;
  /** The table the operations alter. */
  table: string;
  /** CREATE TABLE (and INSERT) statements, `;`-separated. */
  setup: string;
  /** Only on this flavor (the others lack the feature). */
  only?: 'mysql' | 'mariadb';
  /** Statements that bring the table to its instant row-version limit (MySQL). */
  atRowVersionLimit?: boolean;
  /** Operations for this shape only. */
  ops: readonly string[];
  /** Leave out the operations every shape gets. */
  noCommon?: boolean;
}

/** Columns every regular shape has, so that the common operations apply to all. */
const COMMON_COLUMNS = `a INT NOT NULL DEFAULT 0, b VARCHAR(20), c INT NULL`;
const ROWS = (table: string) => `INSERT INTO ${table} (a, b, c) VALUES (1, 'x', 1), (2, 'z', 2)`;

/** Operations tried on every shape but those marked noCommon. */
export const COMMON_OPS: readonly string[] = [
  'ADD COLUMN x INT',
  'ADD COLUMN x INT FIRST',
  'ADD COLUMN x INT AFTER a',
  "ADD COLUMN x VARCHAR(10) NOT NULL DEFAULT 'q'",
  'ADD COLUMN x INT AS (a + 1) VIRTUAL',
  'ADD COLUMN x INT AS (a + 1) STORED',
  'DROP COLUMN c',
  'RENAME COLUMN b TO b2',
  'MODIFY COLUMN a BIGINT NOT NULL DEFAULT 0',
  'MODIFY COLUMN b VARCHAR(40)',
  'MODIFY COLUMN b VARCHAR(64)',
  'MODIFY COLUMN c INT NOT NULL',
  'ALTER COLUMN a SET DEFAULT 5',
  'ADD INDEX kb (b)',
  'ADD UNIQUE INDEX ua (a, id)',
  'RENAME TO t_renamed',
  'ENGINE=InnoDB',
  'FORCE',
  "COMMENT='x'",
  'AUTO_INCREMENT=1000',
  'STATS_PERSISTENT=0',
  'DEFAULT CHARSET=latin1',
  'CONVERT TO CHARACTER SET utf8mb4',
  'ROW_FORMAT=DYNAMIC',
  'ROW_FORMAT=COMPACT',
  'ROW_FORMAT=REDUNDANT',
  'ROW_FORMAT=COMPRESSED',
  'KEY_BLOCK_SIZE=8',
];

/** Column type changes on the wide table: every type the shapes hold, to what a DBA asks for. */
const WIDE_COLUMN_OPS: readonly string[] = [
  // VARCHAR length boundaries: 1-byte length prefix up to 255 bytes.
  'MODIFY COLUMN l1 VARCHAR(255) CHARACTER SET latin1',
  'MODIFY COLUMN l1 VARCHAR(256) CHARACTER SET latin1',
  'MODIFY COLUMN l255 VARCHAR(300) CHARACTER SET latin1',
  'MODIFY COLUMN m3 VARCHAR(85) CHARACTER SET utf8mb3',
  'MODIFY COLUMN m3 VARCHAR(86) CHARACTER SET utf8mb3',
  'MODIFY COLUMN m4 VARCHAR(63) CHARACTER SET utf8mb4',
  'MODIFY COLUMN m4 VARCHAR(64) CHARACTER SET utf8mb4',
  'MODIFY COLUMN w4 VARCHAR(200) CHARACTER SET utf8mb4',
  'MODIFY COLUMN b VARCHAR(10)',
  'MODIFY COLUMN l1 VARCHAR(200) CHARACTER SET utf8mb4',
  'MODIFY COLUMN m3 VARCHAR(80) CHARACTER SET utf8mb4',
  'MODIFY COLUMN l1 TEXT CHARACTER SET latin1',
  // ENUM / SET
  "MODIFY COLUMN e ENUM('a','b','c')",
  "MODIFY COLUMN e ENUM('a','c','b')",
  "MODIFY COLUMN e ENUM('a')",
  "MODIFY COLUMN s SET('x','y','z')",
  "MODIFY COLUMN s SET('y','x')",
  // numbers, dates
  'MODIFY COLUMN a INT UNSIGNED NOT NULL DEFAULT 0',
  'MODIFY COLUMN a SMALLINT NOT NULL DEFAULT 0',
  'MODIFY COLUMN a INT NULL DEFAULT 0',
  'MODIFY COLUMN dc DECIMAL(12,2)',
  'MODIFY COLUMN dc DECIMAL(10,3)',
  'MODIFY COLUMN dt DATETIME(3)',
  'MODIFY COLUMN dt TIMESTAMP NULL',
  'MODIFY COLUMN fl DOUBLE',
  // text, blob, json, char
  'MODIFY COLUMN tx MEDIUMTEXT',
  'MODIFY COLUMN tx TINYTEXT',
  'MODIFY COLUMN bl MEDIUMBLOB',
  'MODIFY COLUMN j LONGTEXT',
  'MODIFY COLUMN ch CHAR(20)',
  'MODIFY COLUMN ch VARCHAR(10)',
  'MODIFY COLUMN d VARCHAR(10) NOT NULL',
  "MODIFY COLUMN d VARCHAR(10) NULL COMMENT 'why'",
  "MODIFY COLUMN d VARCHAR(10) DEFAULT 'q'",
  'MODIFY COLUMN d VARCHAR(10) COLLATE utf8mb4_bin',
  'MODIFY COLUMN a INT NOT NULL DEFAULT 0 AFTER d',
  'MODIFY COLUMN a INT NOT NULL DEFAULT 0 FIRST',
  'CHANGE COLUMN d d2 VARCHAR(10)',
  'CHANGE COLUMN d d2 VARCHAR(20)',
  'ALTER COLUMN a DROP DEFAULT',
  "ALTER COLUMN d SET DEFAULT 'z'",
  // adding columns of every family
  'ADD COLUMN x BIGINT NOT NULL DEFAULT 7',
  'ADD COLUMN x TEXT',
  'ADD COLUMN x BLOB',
  'ADD COLUMN x JSON',
  "ADD COLUMN x ENUM('p','q') NOT NULL DEFAULT 'p'",
  'ADD COLUMN x DATETIME DEFAULT CURRENT_TIMESTAMP',
  'ADD COLUMN x DECIMAL(8,2)',
  'ADD COLUMN x VARCHAR(300) CHARACTER SET latin1',
  'ADD COLUMN x INT AS (a * 2) VIRTUAL AFTER a',
  'ADD COLUMN x INT AS (a * 2) STORED FIRST',
  "ADD COLUMN x VARCHAR(20) AS (CONCAT(b, 'x')) STORED",
  'ADD COLUMN x INT NOT NULL AUTO_INCREMENT UNIQUE',
  'ADD COLUMN x INT, ADD COLUMN y INT',
  // drops
  'DROP COLUMN tx',
  'DROP COLUMN j',
  'DROP COLUMN e',
  'DROP COLUMN a',
  'DROP COLUMN l1, DROP COLUMN l255',
  // indexes
  'ADD INDEX ktx (tx(10))',
  'ADD INDEX kl (l1)',
  'ADD INDEX kab (a, b)',
  'ADD INDEX kdesc (a DESC)',
  'ADD UNIQUE INDEX ud (d)',
  'ADD INDEX kj ((CAST(j->>"$.k" AS CHAR(10))))',
  'DROP INDEX ka',
  'RENAME INDEX ka TO ka2',
  'ALTER INDEX ka INVISIBLE',
  'ALTER INDEX ka IGNORED',
  'DROP INDEX ka, ADD INDEX ka (a, b)',
  'ADD FULLTEXT INDEX ftx (tx)',
  // constraints
  'ADD CONSTRAINT ck CHECK (a >= 0)',
  'DROP FOREIGN KEY fk_c',
  'ADD CONSTRAINT fk2 FOREIGN KEY (a) REFERENCES p (id)',
  'DROP PRIMARY KEY, ADD PRIMARY KEY (id, a)',
  'ORDER BY a',
  'RENAME TO t_renamed, ADD INDEX kr (a, b)',
  'RENAME TO t_renamed, MODIFY COLUMN c INT NOT NULL',
  // table options
  'STATS_AUTO_RECALC=0',
  'STATS_SAMPLE_PAGES=50',
  'PACK_KEYS=1',
  'CHECKSUM=1',
  'MAX_ROWS=1000',
  'MIN_ROWS=10',
  'AVG_ROW_LENGTH=100',
  'DELAY_KEY_WRITE=1',
  "COMPRESSION='zlib'",
  'PAGE_COMPRESSED=1',
  'DEFAULT COLLATE utf8mb4_bin',
  'CONVERT TO CHARACTER SET latin1',
  'ENGINE=MyISAM',
];

export const SHAPES: readonly Shape[] = [
  {
    name: 'wide',
    table: 't',
    setup: `CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB;
INSERT INTO p VALUES (0), (1), (2);
CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}, d VARCHAR(10) NULL,
  l1 VARCHAR(200) CHARACTER SET latin1, l255 VARCHAR(255) CHARACTER SET latin1,
  m3 VARCHAR(80) CHARACTER SET utf8mb3, m4 VARCHAR(60) CHARACTER SET utf8mb4,
  w4 VARCHAR(100) CHARACTER SET utf8mb4, e ENUM('a','b'), s SET('x','y'), j JSON, tx TEXT,
  bl BLOB, dt DATETIME, dc DECIMAL(10,2), fl FLOAT, ch CHAR(10),
  KEY ka (a), CONSTRAINT fk_c FOREIGN KEY (c) REFERENCES p (id))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
${ROWS('t')}`,
    ops: WIDE_COLUMN_OPS,
  },
  {
    name: 'generated',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY, ${COMMON_COLUMNS},
  gs INT AS (a + 10) STORED, gv INT AS (a * 3) VIRTUAL, KEY kgv (gv)) ENGINE=InnoDB;
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (2, 2, 'z', 2)`,
    ops: [
      'DROP COLUMN gs',
      'DROP COLUMN gv',
      'MODIFY COLUMN gs INT AS (a + 11) STORED',
      'MODIFY COLUMN gv INT AS (a * 4) VIRTUAL',
      'ADD INDEX kgs (gs)',
      'DROP INDEX kgv',
      'MODIFY COLUMN a BIGINT NOT NULL DEFAULT 0',
    ],
  },
  {
    name: 'fulltext',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}, body TEXT,
  FULLTEXT KEY fbody (body)) ENGINE=InnoDB;
${ROWS('t')}`,
    ops: ['DROP INDEX fbody', 'ADD FULLTEXT INDEX fb (b)', 'MODIFY COLUMN body MEDIUMTEXT'],
  },
  {
    name: 'spatial',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  g POINT NOT NULL, SPATIAL KEY sg (g)) ENGINE=InnoDB;
INSERT INTO t (a, b, c, g) VALUES (1, 'x', 1, POINT(1, 1))`,
    ops: [
      'DROP INDEX sg',
      'ADD COLUMN g2 POINT',
      'ADD COLUMN g2 GEOMETRY NOT NULL, ADD SPATIAL INDEX sg2 (g2)',
    ],
  },
  {
    name: 'foreign-key-in',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}) ENGINE=InnoDB;
${ROWS('t')};
CREATE TABLE ch (id INT PRIMARY KEY, tid INT, CONSTRAINT fk_in FOREIGN KEY (tid) REFERENCES t (id)) ENGINE=InnoDB;
INSERT INTO ch VALUES (1, 1)`,
    ops: [
      'MODIFY COLUMN id BIGINT NOT NULL AUTO_INCREMENT',
      'DROP PRIMARY KEY, ADD PRIMARY KEY (id, a)',
    ],
  },
  {
    name: 'compact',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  l1 VARCHAR(100) CHARACTER SET latin1) ENGINE=InnoDB ROW_FORMAT=COMPACT;
${ROWS('t')}`,
    ops: [
      'MODIFY COLUMN l1 VARCHAR(255) CHARACTER SET latin1',
      'MODIFY COLUMN l1 VARCHAR(256) CHARACTER SET latin1',
    ],
  },
  {
    name: 'redundant',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  l1 VARCHAR(100) CHARACTER SET latin1) ENGINE=InnoDB ROW_FORMAT=REDUNDANT;
${ROWS('t')}`,
    ops: [
      'MODIFY COLUMN l1 VARCHAR(256) CHARACTER SET latin1',
      'MODIFY COLUMN c INT NULL DEFAULT 3',
    ],
  },
  {
    name: 'compressed',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  l1 VARCHAR(100) CHARACTER SET latin1) ENGINE=InnoDB ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8;
${ROWS('t')}`,
    ops: [
      'KEY_BLOCK_SIZE=4',
      'MODIFY COLUMN l1 VARCHAR(256) CHARACTER SET latin1',
      'ROW_FORMAT=DYNAMIC KEY_BLOCK_SIZE=0',
    ],
  },
  {
    name: 'range-partitioned',
    table: 't',
    setup: `CREATE TABLE t (id INT NOT NULL, ${COMMON_COLUMNS}, PRIMARY KEY (id)) ENGINE=InnoDB
  PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (100), PARTITION p1 VALUES LESS THAN (200));
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (150, 2, 'z', 2)`,
    ops: [
      'ADD PARTITION (PARTITION p2 VALUES LESS THAN (300))',
      'DROP PARTITION p1',
      'TRUNCATE PARTITION p0',
      'REORGANIZE PARTITION p1 INTO (PARTITION p1a VALUES LESS THAN (150), PARTITION p1b VALUES LESS THAN (200))',
      'REBUILD PARTITION p0',
      'OPTIMIZE PARTITION p0',
      'ANALYZE PARTITION p0',
      'REMOVE PARTITIONING',
      'PARTITION BY HASH (id) PARTITIONS 2',
    ],
  },
  {
    name: 'hash-partitioned',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT NOT NULL, ${COMMON_COLUMNS}, PRIMARY KEY (id)) ENGINE=InnoDB
  PARTITION BY HASH (id) PARTITIONS 3;
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (150, 2, 'z', 2)`,
    ops: [
      'ADD PARTITION PARTITIONS 2',
      'COALESCE PARTITION 1',
      'ADD COLUMN x INT',
      'ADD INDEX kb (b)',
    ],
  },
  {
    name: 'no-primary-key',
    table: 't',
    setup: `CREATE TABLE t (id INT NOT NULL, ${COMMON_COLUMNS}) ENGINE=InnoDB;
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (2, 2, 'z', 2)`,
    ops: ['ADD PRIMARY KEY (id)', 'ADD UNIQUE INDEX uid (id)'],
  },
  {
    name: 'row-version-limit',
    table: 't',
    only: 'mysql',
    atRowVersionLimit: true,
    noCommon: true,
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}) ENGINE=InnoDB;
${ROWS('t')}`,
    ops: ['ADD COLUMN x INT', 'DROP COLUMN c', 'RENAME COLUMN b TO b2'],
  },
];
