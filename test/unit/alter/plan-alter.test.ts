import { describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { planAlter, type PlanFacts } from '../../../src/shared/alter/plan-alter';
import { ALTER_RULES, ruleFor } from '../../../src/shared/alter/alter-rules';
import { capabilitiesFor, CAPABILITY_KEYS } from '../../../src/shared/server/capabilities';
import { v } from '../../../src/shared/server/version';
import type { ServerFlavor } from '../../../src/shared/server/flavor';

const server = (flavor: ServerFlavor, version: string) => ({
  flavor,
  capabilities: capabilitiesFor(flavor, v(version)),
});
const MYSQL97 = server('mysql', '9.7.4');
const MYSQL8020 = server('mysql', '8.0.20');
const MYSQL8011 = server('mysql', '8.0.11');
const MARIADB1011 = server('mariadb', '10.11.19');
const MARIADB103 = server('mariadb', '10.3.39');

function plan(sql: string, s = MYSQL97, facts: PlanFacts = {}) {
  const r = parseAlter(sql, s.flavor === 'mariadb' ? 'mariadb' : 'mysql');
  if (!r.ok) throw new Error(r.error);
  return planAlter(r.alter, s, facts);
}

describe('the rules table', () => {
  it('has, for every situation, a last row any server qualifies for', () => {
    const none = Object.fromEntries(CAPABILITY_KEYS.map((k) => [k, false])) as never;
    for (const [key, rows] of Object.entries(ALTER_RULES)) {
      expect(rows.length, key).toBeGreaterThan(0);
      expect(rows.at(-1)?.needs ?? [], key).toEqual([]);
      expect(ruleFor(key as never, none)).toBe(rows.at(-1));
    }
  });

  it('follows the versions: instant ADD COLUMN last from MySQL 8.0.12, anywhere and DROP from 8.0.29', () => {
    expect(plan('ALTER TABLE t ADD COLUMN x INT', MYSQL8011).algorithm).toBe('inplace-rebuild');
    expect(plan('ALTER TABLE t ADD COLUMN x INT', MYSQL8020).algorithm).toBe('instant');
    expect(plan('ALTER TABLE t ADD COLUMN x INT FIRST', MYSQL8020).algorithm).toBe(
      'inplace-rebuild',
    );
    expect(plan('ALTER TABLE t DROP COLUMN x', MYSQL8020).algorithm).toBe('inplace-rebuild');
    expect(plan('ALTER TABLE t ADD COLUMN x INT FIRST', MYSQL97).algorithm).toBe('instant');
    expect(plan('ALTER TABLE t DROP COLUMN x', MYSQL97).algorithm).toBe('instant');
    expect(plan('ALTER TABLE t ADD COLUMN x INT AFTER a', MARIADB103).algorithm).toBe(
      'inplace-rebuild',
    );
    expect(plan('ALTER TABLE t ADD COLUMN x INT AFTER a', MARIADB1011).algorithm).toBe('instant');
  });

  it('differs between flavors where the servers do', () => {
    expect(plan('ALTER TABLE t RENAME INDEX a TO b', MYSQL97).algorithm).toBe('inplace');
    expect(plan('ALTER TABLE t RENAME INDEX a TO b', MARIADB1011).algorithm).toBe('instant');
    expect(plan("ALTER TABLE t COMMENT='x'", MYSQL97).algorithm).toBe('inplace');
    expect(plan("ALTER TABLE t COMMENT='x'", MARIADB1011).algorithm).toBe('instant');
  });
});

describe('planAlter', () => {
  it('plans each operation and the statement, and proposes the clause (MySQL 9.7)', () => {
    const p = plan('ALTER TABLE shop.orders ADD INDEX ix_c (c), ALTER COLUMN a SET DEFAULT 1');
    expect(p.operations.map((o) => [o.operation.kind, o.algorithm, o.lock])).toEqual([
      ['add-index', 'inplace', 'none'],
      ['set-default', 'inplace', 'none'],
    ]);
    expect(p.algorithm).toBe('inplace');
    expect(p.lock).toBe('none');
    expect(p.clause).toBe('ALGORITHM=INPLACE, LOCK=NONE');
    expect(p.proposedSql).toBe(
      'ALTER TABLE shop.orders ALGORITHM=INPLACE, LOCK=NONE, ADD INDEX ix_c (c), ALTER COLUMN a SET DEFAULT 1',
    );
    expect(p.summary).toBe(
      'In place, without a rebuild: the server works inside the existing table; reads and writes go on. Other sessions keep reading and writing (a brief metadata lock at the start and the end).',
    );
    expect(p.risks).toEqual([
      {
        severity: 'info',
        text: 'ALTER COLUMN a SET DEFAULT 1: instant on its own, but not in this statement; run it separately to keep it instant.',
      },
    ]);
    // Checked on the servers: an ADD COLUMN next to an ADD INDEX rebuilds the table.
    const mixed = plan('ALTER TABLE t ADD COLUMN x INT, ADD INDEX kx (a)');
    expect(mixed.algorithm).toBe('inplace-rebuild');
    expect(mixed.operations[0]?.why).toBe(
      'the table is rebuilt in place; reads and writes go on, and writes made meanwhile are replayed at the end (instant on its own, but not next to the other changes)',
    );
  });

  it('uses NOCOPY on MariaDB for in-place work without a rebuild, and INSTANT alone', () => {
    expect(plan('ALTER TABLE t ADD INDEX i (a)', MARIADB1011).clause).toBe(
      'ALGORITHM=NOCOPY, LOCK=NONE',
    );
    expect(plan('ALTER TABLE t ADD COLUMN x INT', MARIADB1011).clause).toBe('ALGORITHM=INSTANT');
    expect(plan('ALTER TABLE t FORCE', MARIADB1011).clause).toBe('ALGORITHM=INPLACE, LOCK=NONE');
  });

  it('replaces the ALGORITHM/LOCK written and warns when they cannot work', () => {
    const p = plan('ALTER TABLE t MODIFY a BIGINT, ALGORITHM=INPLACE, LOCK=NONE');
    expect(p.algorithm).toBe('copy');
    expect(p.lock).toBe('shared');
    expect(p.proposedSql).toBe('ALTER TABLE t ALGORITHM=COPY, LOCK=SHARED, MODIFY a BIGINT');
    expect(p.risks.map((r) => r.severity)).toEqual(['danger', 'danger', 'danger', 'warning']);
    expect(p.risks[0]?.text).toBe(
      'The statement asks for ALGORITHM=INPLACE, but this needs copy: the server will refuse it.',
    );
  });

  it('compares CHANGE/MODIFY with the current column', () => {
    const columns = [
      { name: 'b', columnType: 'varchar(20)', nullable: true, maxBytesPerChar: 4 },
      { name: 'n', columnType: 'int', nullable: true, maxBytesPerChar: null },
      { name: 'w', columnType: 'varchar(60)', nullable: true, maxBytesPerChar: 4 },
    ];
    const kinds = (sql: string, s = MYSQL97) =>
      plan(sql, s, { columns }).operations.map((o) => [o.columnChange, o.algorithm]);
    expect(kinds('ALTER TABLE t CHANGE b b2 VARCHAR(20)')).toEqual([['same', 'instant']]);
    expect(kinds('ALTER TABLE t MODIFY b VARCHAR(40)')).toEqual([['varchar-widen', 'inplace']]);
    expect(kinds('ALTER TABLE t MODIFY b VARCHAR(40)', MARIADB1011)).toEqual([
      ['varchar-widen', 'instant'],
    ]);
    // 64 characters of utf8mb4 need 256 bytes: a second length byte, every row rewritten.
    // From 80 bytes (at most 127) MariaDB still widens instantly; from 240 bytes it copies.
    expect(kinds('ALTER TABLE t MODIFY b VARCHAR(64)')).toEqual([['varchar-widen-short', 'copy']]);
    expect(kinds('ALTER TABLE t MODIFY b VARCHAR(64)', MARIADB1011)).toEqual([
      ['varchar-widen-short', 'instant'],
    ]);
    expect(kinds('ALTER TABLE t MODIFY w VARCHAR(64)', MARIADB1011)).toEqual([
      ['varchar-widen-prefix', 'copy'],
    ]);
    expect(kinds('ALTER TABLE t MODIFY n INT(11) NOT NULL')).toEqual([
      ['nullability', 'inplace-rebuild'],
    ]);
    expect(kinds('ALTER TABLE t MODIFY n INTEGER AFTER b')).toEqual([
      ['reorder', 'inplace-rebuild'],
    ]);
    expect(kinds('ALTER TABLE t MODIFY n BIGINT')).toEqual([['type', 'copy']]);
    expect(plan('ALTER TABLE t MODIFY n INT').operations[0]?.why).toBe(
      'a new data type converts every value: every row is copied into a new table; writes wait until the copy is done (assumed: the current column is not known, so a type change is the worst case)',
    );
  });

  it('rebuilds instead of an instant ADD/DROP when the table ran out of row versions or has FULLTEXT', () => {
    const full = plan('ALTER TABLE t ADD COLUMN x INT', MYSQL97, { rowVersions: 255 });
    expect(full.algorithm).toBe('inplace-rebuild');
    expect(full.operations[0]?.why).toBe(
      'the table has used all 255 instant row versions (INNODB_TABLES.TOTAL_ROW_VERSIONS = 255); the next ADD/DROP COLUMN rebuilds it, which resets the count: the table is rebuilt in place',
    );
    expect(plan('ALTER TABLE t ADD COLUMN x INT', MYSQL8020, { rowVersions: 64 }).algorithm).toBe(
      'instant',
    );
    const near = plan('ALTER TABLE t DROP COLUMN x', MYSQL97, { rowVersions: 250 });
    expect(near.risks.at(-1)).toEqual({
      severity: 'warning',
      text: "Instant ADD/DROP COLUMN uses one of the table's 255 row versions (250 used so far).",
    });
    expect(
      plan('ALTER TABLE t ADD COLUMN x INT', MARIADB1011, { hasFulltextIndex: true }).algorithm,
    ).toBe('inplace-rebuild');
  });

  it('plans keys, foreign keys and engines from the statement and the facts', () => {
    expect(plan('ALTER TABLE t DROP PRIMARY KEY').algorithm).toBe('copy');
    expect(plan('ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, a)').algorithm).toBe(
      'inplace-rebuild',
    );
    expect(plan('ALTER TABLE t ADD FOREIGN KEY (a) REFERENCES p (id)').algorithm).toBe('copy');
    expect(
      plan('ALTER TABLE t ADD FOREIGN KEY (a) REFERENCES p (id)', MYSQL97, {
        foreignKeyChecks: false,
      }).algorithm,
    ).toBe('inplace');
    expect(plan('ALTER TABLE t ENGINE=InnoDB').algorithm).toBe('inplace-rebuild');
    expect(plan('ALTER TABLE t ENGINE=MyISAM').algorithm).toBe('copy');
    expect(plan('ALTER TABLE t ENGINE=InnoDB', MYSQL97, { engine: 'MyISAM' }).algorithm).toBe(
      'copy',
    );
    expect(plan('ALTER TABLE t ADD FULLTEXT INDEX f (b)').lock).toBe('shared');
  });

  it('puts the clause where partition clauses accept it, or says MariaDB has none', () => {
    expect(plan('ALTER TABLE t DROP PARTITION p1').proposedSql).toBe(
      'ALTER TABLE t ALGORITHM=INPLACE, LOCK=NONE, DROP PARTITION p1',
    );
    expect(plan('ALTER TABLE t TRUNCATE PARTITION p1').proposedSql).toBe(
      'ALTER TABLE t ALGORITHM=INSTANT, TRUNCATE PARTITION p1',
    );
    expect(plan('ALTER TABLE t PARTITION BY HASH (id) PARTITIONS 2').proposedSql).toBe(
      'ALTER TABLE t ALGORITHM=COPY, LOCK=SHARED PARTITION BY HASH (id) PARTITIONS 2',
    );
    const m = plan('ALTER TABLE t DROP PARTITION p1', MARIADB1011);
    expect(m.clause).toBeNull();
    expect(m.clauseNote).toBe(
      'MariaDB does not accept ALGORITHM= or LOCK= with partition management: the server chooses.',
    );
    expect(m.proposedSql).toBe('ALTER TABLE t DROP PARTITION p1');
    expect(plan('ALTER TABLE t REMOVE PARTITIONING', MARIADB1011).proposedSql).toBe(
      'ALTER TABLE t ALGORITHM=COPY, LOCK=SHARED REMOVE PARTITIONING',
    );
  });

  it('names the risks of destructive operations and of what it does not know', () => {
    expect(plan('ALTER TABLE t DROP COLUMN secret').risks).toEqual([
      {
        severity: 'warning',
        text: 'Dropping column secret destroys its data: there is no undo but a backup.',
      },
    ]);
    expect(plan('ALTER TABLE t DISCARD TABLESPACE').risks.at(-1)).toEqual({
      severity: 'warning',
      text: '“DISCARD TABLESPACE” is not recognised; the plan assumes the worst (a copy).',
    });
  });
});

describe('the advice before dropping an index', () => {
  const slow = (sql: string, s = MYSQL97) =>
    plan(sql, s).risks.find((r) => r.text.includes('may become slow'))?.text;

  it('hides it first the way the server can, and never a primary key (the servers refuse)', () => {
    expect(slow('ALTER TABLE t DROP INDEX ix_c')).toBe(
      'Queries that use index ix_c may become slow; make it INVISIBLE first to try (ALTER INDEX ix_c INVISIBLE).',
    );
    // MariaDB has no INVISIBLE index (1064); 10.6+ has IGNORED.
    expect(slow('ALTER TABLE t DROP INDEX ix_c', MARIADB1011)).toBe(
      'Queries that use index ix_c may become slow; make it IGNORED first to try (ALTER INDEX ix_c IGNORED).',
    );
    expect(slow('ALTER TABLE t DROP INDEX ix_c', MARIADB103)).toBe(
      'Queries that use index ix_c may become slow.',
    );
    // MySQL 9.7: error 3522, a primary key index cannot be invisible; MariaDB 10.11: error 4174.
    expect(slow('ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (a, b)')).toBe(
      'Queries that use the primary key may become slow.',
    );
    expect(slow('ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (a, b)', MARIADB1011)).toBe(
      'Queries that use the primary key may become slow.',
    );
  });
});

describe('planAlter with ALGORITHM/LOCK written', () => {
  it('says what the statement as written does, and proposes the best', () => {
    const p = plan('ALTER TABLE t ALGORITHM=COPY, FORCE');
    expect(p.algorithm).toBe('copy');
    expect(p.lock).toBe('shared');
    expect(p.clause).toBe('ALGORITHM=INPLACE, LOCK=NONE');
    expect(p.risks[0]).toEqual({
      severity: 'warning',
      text: 'ALGORITHM=COPY is written: the table is copied while writes wait, where inplace with a rebuild would do (the proposed statement).',
    });
    expect(plan('ALTER TABLE t ADD INDEX i (a), LOCK=EXCLUSIVE').lock).toBe('exclusive');
  });

  it('warns that MariaDB 10.11 does not enforce the clause when repartitioning, and 11.8 does', () => {
    expect(plan('ALTER TABLE t PARTITION BY HASH (id)', MARIADB1011).clauseNote).toBe(
      'MariaDB accepts but does not enforce ALGORITHM=INSTANT or NOCOPY when repartitioning: it copies the table anyway.',
    );
    expect(
      plan('ALTER TABLE t PARTITION BY HASH (id)', server('mariadb', '11.8.6')).clauseNote,
    ).toBeNull();
  });
});

describe('the cases the server matrix found', () => {
  it('copies for a STORED generated column, keeps a VIRTUAL one instant', () => {
    for (const s of [MYSQL97, MARIADB1011]) {
      expect(plan('ALTER TABLE t ADD COLUMN x INT AS (a + 1) STORED', s).algorithm).toBe('copy');
      expect(plan('ALTER TABLE t ADD COLUMN x INT AS (a + 1) VIRTUAL', s).algorithm).toBe(
        'instant',
      );
    }
  });

  it('plans slower on FULLTEXT, SPATIAL and COMPRESSED tables', () => {
    const fulltext: PlanFacts = { traits: ['fulltext-index'], hasFulltextIndex: true };
    expect(plan('ALTER TABLE t FORCE', MYSQL97, fulltext)).toMatchObject({
      algorithm: 'copy',
      lock: 'shared',
    });
    expect(plan('ALTER TABLE t FORCE', MARIADB1011, fulltext)).toMatchObject({
      algorithm: 'inplace-rebuild',
      lock: 'shared',
    });
    expect(plan('ALTER TABLE t FORCE', MYSQL97, { traits: ['spatial-index'] }).lock).toBe('shared');
    expect(
      plan('ALTER TABLE t ADD COLUMN x INT', MYSQL97, { traits: ['compressed-row-format'] })
        .algorithm,
    ).toBe('inplace-rebuild');
  });

  it('plans a MariaDB table with an indexed VIRTUAL column as the servers do, unknown where unseen', () => {
    const facts: PlanFacts = { traits: ['indexed-virtual-columns', 'virtual-columns'] };
    const add = plan('ALTER TABLE t ADD COLUMN x INT', MARIADB1011, facts);
    expect([add.algorithm, add.lock]).toEqual(['inplace-rebuild', 'shared']);
    const first = plan('ALTER TABLE t ADD COLUMN x INT FIRST', MARIADB1011, facts);
    expect([first.algorithm, first.lock]).toEqual(['copy', 'shared']);
    const p = plan('ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, a)', MARIADB1011, facts);
    expect(p.certainty).toBe('unknown');
    expect(p.clause).toBeNull();
    expect(p.summary).toMatch(/^Unknown: .*ALGORITHM=INSTANT first/);
    expect(plan('ALTER TABLE t ADD COLUMN x INT', MYSQL97, facts).algorithm).toBe('instant');
  });

  it('predicts what the server refuses outright, with its reason', () => {
    expect(plan('ALTER TABLE t ALTER INDEX k IGNORED', MYSQL97).rejected).toMatch(/1064/);
    expect(plan('ALTER TABLE t ALTER INDEX k IGNORED', MARIADB1011).rejected).toBeNull();
    expect(plan('ALTER TABLE t ALTER INDEX k INVISIBLE', MARIADB1011).rejected).toMatch(/1064/);
    const compact: PlanFacts = { traits: ['explicit-uncompressed-row-format'] };
    expect(plan('ALTER TABLE t KEY_BLOCK_SIZE=8', MYSQL97, compact).rejected).toMatch(/1478/);
    expect(
      plan('ALTER TABLE t ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8', MYSQL97, compact).rejected,
    ).toBeNull();
    const kbs: PlanFacts = { traits: ['key-block-size'] };
    expect(plan('ALTER TABLE t ROW_FORMAT=DYNAMIC', MYSQL97, kbs).clause).toBeNull();
    expect(
      plan('ALTER TABLE t ROW_FORMAT=DYNAMIC KEY_BLOCK_SIZE=0', MYSQL97, kbs).rejected,
    ).toBeNull();
  });

  it('keeps appending ENUM/SET members instant, not inserting them', () => {
    const columns = [
      { name: 'e', columnType: "enum('a','b')", nullable: true, maxBytesPerChar: 4 },
    ];
    const alg = (sql: string) => plan(sql, MYSQL97, { columns }).algorithm;
    expect(alg("ALTER TABLE t MODIFY e ENUM('a','b','c')")).toBe('instant');
    expect(alg("ALTER TABLE t MODIFY e ENUM('a','c','b')")).toBe('copy');
  });

  it('does not drop an indexed column instantly', () => {
    const facts: PlanFacts = { indexedColumns: ['a'] };
    expect(plan('ALTER TABLE t DROP COLUMN a', MYSQL97, facts).algorithm).toBe('inplace-rebuild');
    expect(plan('ALTER TABLE t DROP COLUMN b', MYSQL97, facts).algorithm).toBe('instant');
  });
});

describe('the words between ALTER and TABLE', () => {
  const columns = [
    { name: 'a', columnType: 'int', nullable: true, maxBytesPerChar: null },
    { name: 'b', columnType: 'varchar(20)', nullable: true, maxBytesPerChar: 4 },
  ];

  it('are refused by MySQL, which has no ALTER ONLINE or IGNORE TABLE (error 1064)', () => {
    for (const sql of [
      'ALTER ONLINE TABLE t ADD COLUMN x INT',
      'ALTER IGNORE TABLE t ADD UNIQUE INDEX ua (a)',
    ]) {
      const p = plan(sql, MYSQL97);
      expect(p.rejected, sql).toMatch(/^MySQL has no ALTER (ONLINE|IGNORE) TABLE .*1064$/);
      expect(p.clause, sql).toBeNull();
    }
    expect(plan('ALTER OFFLINE TABLE t ADD COLUMN x INT', MARIADB1011).rejected).toMatch(/1064$/);
    expect(plan('ALTER ONLINE TABLE t ADD COLUMN x INT', MARIADB1011).rejected).toBeNull();
  });

  it('MariaDB ONLINE: a lock it cannot keep is said to make the server refuse the statement', () => {
    const p = plan('ALTER ONLINE TABLE t MODIFY a BIGINT', MARIADB1011, { columns });
    expect([p.algorithm, p.lock]).toEqual(['copy', 'shared']);
    expect(p.proposedSql).toBe('ALTER ONLINE TABLE t ALGORITHM=COPY, LOCK=SHARED, MODIFY a BIGINT');
    expect(p.risks).toContainEqual({
      severity: 'danger',
      text: 'ALTER ONLINE asks for LOCK=NONE, but this needs LOCK=SHARED: the server will refuse the statement as written (the proposed one says LOCK=SHARED).',
    });
    const fine = plan('ALTER ONLINE TABLE t ADD INDEX kb (b)', MARIADB1011, { columns });
    expect(fine.risks.some((r) => r.text.startsWith('ALTER ONLINE'))).toBe(false);
  });

  it('MariaDB IGNORE with a new unique key: a copy that deletes duplicates, under LOCK=SHARED', () => {
    const p = plan('ALTER IGNORE TABLE t ADD UNIQUE INDEX ua (a)', MARIADB1011, { columns });
    expect([p.algorithm, p.lock, p.proposedSql]).toEqual([
      'copy',
      'shared',
      'ALTER IGNORE TABLE t ALGORITHM=COPY, LOCK=SHARED, ADD UNIQUE INDEX ua (a)',
    ]);
    expect(p.risks.find((r) => r.text.startsWith('ALTER IGNORE'))?.severity).toBe('danger');
    // Without a new unique key IGNORE changes nothing here.
    const add = plan('ALTER IGNORE TABLE t ADD COLUMN x INT', MARIADB1011, { columns });
    expect([add.algorithm, add.lock]).toEqual(['instant', 'none']);
    // MariaDB 11.8 copies online, but not with IGNORE.
    const copy = plan('ALTER IGNORE TABLE t MODIFY a BIGINT', server('mariadb', '11.8.6'), {
      columns,
    });
    expect([copy.algorithm, copy.lock]).toEqual(['copy', 'shared']);
  });
});

describe('a key declared in a CHANGE/MODIFY COLUMN', () => {
  const columns = [
    { name: 'a', columnType: 'int', nullable: true, maxBytesPerChar: null },
    { name: 'b', columnType: 'varchar(20)', nullable: true, maxBytesPerChar: 4 },
  ];

  it('is built like ADD UNIQUE: the column change is no longer instant', () => {
    for (const [s, clause] of [
      [MYSQL97, 'ALGORITHM=INPLACE, LOCK=NONE'],
      [MARIADB1011, 'ALGORITHM=NOCOPY, LOCK=NONE'],
    ] as const) {
      const p = plan('ALTER TABLE t CHANGE COLUMN b b2 VARCHAR(20) UNIQUE', s, { columns });
      expect([p.algorithm, p.lock, p.clause]).toEqual(['inplace', 'none', clause]);
      expect(p.operations.map((o) => o.operation.text)).toEqual([
        'CHANGE COLUMN b b2 VARCHAR(20) UNIQUE',
        'ADD UNIQUE KEY (`b2`)',
      ]);
      expect(p.proposedSql).toBe(`ALTER TABLE t ${clause}, CHANGE COLUMN b b2 VARCHAR(20) UNIQUE`);
    }
    // The word in a comment is no key.
    const comment = plan("ALTER TABLE t MODIFY b VARCHAR(20) COMMENT 'UNIQUE'", MYSQL97, {
      columns,
    });
    expect(comment.algorithm).toBe('instant');
  });
});

describe('ALGORITHM=INPLACE written on what would be instant', () => {
  it('MySQL does it in place (ADD/DROP COLUMN rebuild); MariaDB stays instant', () => {
    const add = plan('ALTER TABLE t ADD COLUMN x INT, ALGORITHM=INPLACE', MYSQL97);
    expect([add.algorithm, add.lock, add.proposedSql]).toEqual([
      'inplace-rebuild',
      'none',
      'ALTER TABLE t ALGORITHM=INSTANT, ADD COLUMN x INT',
    ]);
    expect(add.risks).toContainEqual({
      severity: 'warning',
      text: 'ALGORITHM=INPLACE is written: MySQL then does it inplace with a rebuild, where instant would do (the proposed statement).',
    });
    const rename = plan('ALTER TABLE t RENAME COLUMN a TO a2, ALGORITHM=INPLACE', MYSQL97);
    expect(rename.algorithm).toBe('inplace');
    const maria = plan('ALTER TABLE t ADD COLUMN x INT, ALGORITHM=INPLACE', MARIADB1011);
    expect(maria.algorithm).toBe('instant');
  });
});

describe('an algorithm the server imposes (old_alter_table, alter_algorithm)', () => {
  const copyMysql: PlanFacts = {
    serverAlgorithm: { algorithm: 'COPY', setting: 'old_alter_table=ON' },
  };
  const copyMariadb: PlanFacts = {
    serverAlgorithm: { algorithm: 'COPY', setting: 'alter_algorithm=COPY' },
  };

  it('copies a statement that names no algorithm, and says which setting does it', () => {
    const p = plan('ALTER TABLE t ADD COLUMN x INT', MYSQL97, copyMysql);
    expect([p.algorithm, p.lock, p.proposedSql]).toEqual([
      'copy',
      'shared',
      'ALTER TABLE t ALGORITHM=INSTANT, ADD COLUMN x INT',
    ]);
    expect(p.risks[0]).toEqual({
      severity: 'danger',
      text: "The statement names no ALGORITHM=, so the server's old_alter_table=ON applies: the table is copied while writes wait, where instant would do (the proposed statement, which names its algorithm).",
    });
    expect(
      plan('ALTER TABLE t ADD COLUMN x INT, ALGORITHM=DEFAULT', MYSQL97, copyMysql).algorithm,
    ).toBe('copy');
    // A written algorithm wins on MySQL.
    expect(
      plan('ALTER TABLE t ADD COLUMN x INT, ALGORITHM=INSTANT', MYSQL97, copyMysql).algorithm,
    ).toBe('instant');
  });

  it('MariaDB under alter_algorithm=COPY copies a written INSTANT too: INPLACE is proposed', () => {
    const p = plan('ALTER TABLE t ADD COLUMN x INT, ALGORITHM=INSTANT', MARIADB1011, copyMariadb);
    expect([p.algorithm, p.clause]).toEqual(['copy', 'ALGORITHM=INPLACE']);
    expect(p.risks[0]!.text).toBe(
      "The server's alter_algorithm=COPY overrides the written ALGORITHM=INSTANT (MariaDB then copies): the table is copied while writes wait, where instant would do (the proposed statement, which names its algorithm).",
    );
    const inplace = plan(
      'ALTER TABLE t ADD COLUMN x INT, ALGORITHM=INPLACE',
      MARIADB1011,
      copyMariadb,
    );
    expect(inplace.algorithm).toBe('instant');
  });

  it('a stricter setting makes the server refuse what it cannot meet', () => {
    const p = plan('ALTER TABLE t MODIFY a BIGINT', MARIADB1011, {
      columns: [{ name: 'a', columnType: 'int', nullable: true, maxBytesPerChar: null }],
      serverAlgorithm: { algorithm: 'INSTANT', setting: 'alter_algorithm=INSTANT' },
    });
    expect(p.risks).toContainEqual({
      severity: 'danger',
      text: "The statement names no ALGORITHM=, so the server's alter_algorithm=INSTANT applies, asking for INSTANT, but this needs copy: the server will refuse it (the proposed statement names its algorithm).",
    });
  });
});

describe('a second primary key', () => {
  const withPk: PlanFacts = {
    columns: [
      { name: 'id', columnType: 'int', nullable: false, maxBytesPerChar: null },
      { name: 'x', columnType: 'int', nullable: true, maxBytesPerChar: null },
    ],
    keys: [{ name: 'PRIMARY', columns: ['id'], unique: true }],
  };
  const withoutPk: PlanFacts = { ...withPk, keys: [] };

  it('is refused (1068) when the table facts say it has one, in every form', () => {
    for (const clause of [
      'ADD PRIMARY KEY (x)',
      'MODIFY x INT PRIMARY KEY',
      'MODIFY id INT KEY',
      'ADD COLUMN y INT PRIMARY KEY',
    ]) {
      for (const s of [MYSQL97, MARIADB1011]) {
        const p = plan(`ALTER TABLE t ${clause}`, s, withPk);
        expect(p.rejected, clause).toMatch(/already has a primary key \(id\).*error 1068/);
        expect(p.clause, clause).toBeNull();
      }
    }
  });

  it('is not claimed without facts, without a primary key, or with DROP PRIMARY KEY', () => {
    expect(plan('ALTER TABLE t ADD PRIMARY KEY (x)').rejected).toBeNull();
    expect(plan('ALTER TABLE t ADD PRIMARY KEY (x)', MYSQL97, withoutPk).rejected).toBeNull();
    const replaced = plan(
      'ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, x)',
      MYSQL97,
      withPk,
    );
    expect(replaced.rejected).toBeNull();
    expect(replaced.algorithm).toBe('inplace-rebuild');
    expect(
      plan('ALTER TABLE t ADD PRIMARY KEY (x), DROP PRIMARY KEY', MYSQL97, withPk).rejected,
    ).toBeNull();
    expect(plan('ALTER TABLE t ADD UNIQUE KEY (x)', MYSQL97, withPk).rejected).toBeNull();
    expect(plan('ALTER TABLE t MODIFY x INT UNIQUE KEY', MYSQL97, withPk).rejected).toBeNull();
  });

  it('is refused when one statement declares two, whatever the facts', () => {
    expect(plan('ALTER TABLE t ADD PRIMARY KEY (x), ADD PRIMARY KEY (id)').rejected).toMatch(
      /declares 2 primary keys.*error 1068/,
    );
  });
});

describe('ADD PRIMARY KEY and NULLs', () => {
  const cols = (nullable: boolean): PlanFacts => ({
    columns: [{ name: 'x', columnType: 'int', nullable, maxBytesPerChar: null }],
    keys: [],
  });
  const texts = (facts?: PlanFacts) =>
    plan('ALTER TABLE t ADD PRIMARY KEY (x)', MYSQL97, facts).risks.map((r) => r.text);

  it('says a NULL fails it (or is turned into 0 without strict mode) unless the column is NOT NULL', () => {
    expect(texts(cols(true)).join('\n')).toMatch(
      /fails if one holds a NULL \(error 1138 or 1265 under a strict sql_mode\).*turns each NULL into 0 or ''/,
    );
    expect(texts().join('\n')).toMatch(/holds a NULL/);
    expect(texts(cols(false)).join('\n')).not.toMatch(/NULL/);
    expect(texts(cols(false)).join('\n')).toMatch(/duplicate value/);
  });
});

describe("MariaDB's NOWAIT and WAIT n", () => {
  it('are read as the lock wait, and the rest is planned as without them', () => {
    const nowait = plan('ALTER TABLE t NOWAIT ADD COLUMN y INT', MARIADB1011);
    expect(nowait.certainty).toBe('known');
    expect(nowait.algorithm).toBe('instant');
    expect(nowait.proposedSql).toBe('ALTER TABLE t NOWAIT ALGORITHM=INSTANT, ADD COLUMN y INT');
    expect(nowait.risks.map((r) => r.text)).toContain(
      "NOWAIT: if another session holds the table’s metadata lock, the server gives up at once with error 1205 and changes nothing. It sets the statement's lock wait and nothing else: the algorithm and lock are the ones planned.",
    );
    const wait = plan('ALTER TABLE s.t WAIT 5 ADD INDEX kx (x), LOCK=NONE', MARIADB1011);
    expect(wait.certainty).toBe('known');
    expect(wait.algorithm).toBe('inplace');
    expect(wait.proposedSql).toBe(
      'ALTER TABLE s.t WAIT 5 ALGORITHM=NOCOPY, LOCK=NONE, ADD INDEX kx (x)',
    );
    expect(wait.risks.map((r) => r.text).join('\n')).toMatch(
      /^WAIT 5: the server waits at most 5 s for the table’s metadata lock/m,
    );
    const r = parseAlter('ALTER TABLE t WAIT 0.5 FORCE', 'mariadb');
    expect(r.ok && r.alter.lockWait).toEqual({ seconds: 0.5 });
  });

  it('are refused on MySQL (1064)', () => {
    expect(plan('ALTER TABLE t NOWAIT ADD COLUMN y INT').rejected).toMatch(/no NOWAIT.*1064/);
    expect(plan('ALTER TABLE t WAIT 5 ADD COLUMN y INT').rejected).toMatch(/no WAIT.*1064/);
  });
});

describe('utf8mb3 to utf8mb4 for one column', () => {
  const facts: PlanFacts = {
    columns: [
      {
        name: 'u',
        columnType: 'varchar(20)',
        nullable: true,
        maxBytesPerChar: 3,
        collation: 'utf8mb3_general_ci',
      },
      {
        name: 'w',
        columnType: 'varchar(70)',
        nullable: true,
        maxBytesPerChar: 3,
        collation: 'utf8mb3_general_ci',
      },
      {
        name: 'tx',
        columnType: 'text',
        nullable: true,
        maxBytesPerChar: 3,
        collation: 'utf8mb3_general_ci',
      },
      {
        name: 'ch',
        columnType: 'char(10)',
        nullable: true,
        maxBytesPerChar: 3,
        collation: 'utf8mb3_general_ci',
      },
      {
        name: 'k',
        columnType: 'varchar(20)',
        nullable: true,
        maxBytesPerChar: 3,
        collation: 'utf8mb3_general_ci',
      },
    ],
    indexedColumns: ['k'],
  };
  const MARIADB105 = server('mariadb', '10.5.23');
  const at = (sql: string, s: ReturnType<typeof server>) => {
    const p = plan(`ALTER TABLE t ${sql}`, s, facts);
    return `${p.certainty} ${p.algorithm}/${p.lock}`;
  };

  it('is instant on MariaDB and in place on MySQL for an unindexed VARCHAR or TEXT', () => {
    for (const sql of [
      'MODIFY u VARCHAR(20) CHARACTER SET utf8mb4',
      'MODIFY u VARCHAR(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
      'MODIFY u VARCHAR(20) COLLATE utf8mb4_general_ci',
      'MODIFY tx TEXT CHARACTER SET utf8mb4',
    ]) {
      expect(at(sql, MARIADB1011), sql).toBe('known instant/none');
      expect(at(sql, MARIADB105), sql).toBe('known instant/none');
      expect(at(sql, MYSQL97), sql).toBe('known inplace/none');
    }
  });

  it('stays a copy where the servers copy: indexed, CHAR, past 255 bytes, other changes too', () => {
    for (const sql of [
      'MODIFY k VARCHAR(20) CHARACTER SET utf8mb4',
      'MODIFY ch CHAR(10) CHARACTER SET utf8mb4',
      'MODIFY w VARCHAR(70) CHARACTER SET utf8mb4',
      'MODIFY u VARCHAR(20) CHARACTER SET utf8mb4 NOT NULL',
      'MODIFY u VARCHAR(30) CHARACTER SET utf8mb4',
      'MODIFY u VARCHAR(20) CHARACTER SET latin1',
    ]) {
      expect(at(sql, MARIADB1011), sql).toBe('known copy/shared');
      expect(at(sql, MYSQL97), sql).toBe('known copy/shared');
    }
  });

  it('is not promised on a MySQL older than the servers it was seen on', () => {
    expect(at('MODIFY u VARCHAR(20) CHARACTER SET utf8mb4', MYSQL8020)).toBe(
      'unknown copy/exclusive',
    );
  });
});
