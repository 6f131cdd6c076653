import { describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { planAlter, type PlanFacts } from '../../../src/shared/alter/plan-alter';
import { capabilitiesFor } from '../../../src/shared/server/capabilities';
import { v } from '../../../src/shared/server/version';
import type { ServerFlavor } from '../../../src/shared/server/flavor';

/**
 * The rules the wide server matrix (test/integration/alter/rules-matrix.test.ts) taught the
 * planner, each on a representative statement: what MySQL 9.7, MariaDB 10.11 and 11.8 did.
 */
const server = (flavor: ServerFlavor, version: string) => ({
  flavor,
  capabilities: capabilitiesFor(flavor, v(version)),
});
const MYSQL97 = server('mysql', '9.7.4');
const MARIADB1011 = server('mariadb', '10.11.19');
const MARIADB118 = server('mariadb', '11.8.6');

function plan(sql: string, s = MYSQL97, facts: PlanFacts = {}) {
  const r = parseAlter(sql, s.flavor === 'mariadb' ? 'mariadb' : 'mysql');
  if (!r.ok) throw new Error(r.error);
  return planAlter(r.alter, s, facts);
}
const how = (sql: string, s = MYSQL97, facts: PlanFacts = {}) => {
  const p = plan(sql, s, facts);
  return `${p.algorithm}/${p.lock}`;
};

const utf8mb4 = (name: string, type = 'varchar(20)') => ({
  name,
  columnType: type,
  nullable: true,
  maxBytesPerChar: 4,
  collation: 'utf8mb4_0900_ai_ci',
});

describe('table options', () => {
  it('changes metadata-only options in place on MySQL and instantly on MariaDB', () => {
    for (const option of ['STATS_PERSISTENT=0', 'PACK_KEYS=1', 'CHECKSUM=1', 'MAX_ROWS=1000']) {
      expect(how(`ALTER TABLE t ${option}`), option).toBe('inplace/none');
      expect(how(`ALTER TABLE t ${option}`, MARIADB1011), option).toBe('instant/none');
    }
    expect(how("ALTER TABLE t COMPRESSION='zlib'")).toBe('inplace/none');
    // KEY_BLOCK_SIZE is not metadata: it rewrites the pages.
    expect(how('ALTER TABLE t KEY_BLOCK_SIZE=4')).toBe('inplace-rebuild/none');
  });

  it('says unknown for encryption, which needs a keyring the table does not show', () => {
    const p = plan("ALTER TABLE t ENCRYPTION='Y'");
    expect(p.certainty).toBe('unknown');
    expect(p.clause).toBeNull();
    expect(plan('ALTER TABLE t ENCRYPTED=YES', MARIADB1011).certainty).toBe('unknown');
    // Turning off what the table does not have changes only the definition.
    expect(how("ALTER TABLE t ENCRYPTION='N'")).toBe('inplace/none');
    expect(how("ALTER TABLE t ENCRYPTION='N'", MYSQL97, { traits: ['encrypted'] })).not.toBe(
      'inplace/none',
    );
  });

  it('refuses options the flavor or InnoDB lacks, with the server reason', () => {
    expect(plan("ALTER TABLE t ENCRYPTION='Y'", MARIADB1011).rejected).toMatch(/1911/);
    expect(plan('ALTER TABLE t IETF_QUOTES=YES', MARIADB118).rejected).toMatch(/1911/);
    expect(plan('ALTER TABLE t ROW_FORMAT=FIXED', MYSQL97).rejected).toMatch(/1478/);
    expect(plan('ALTER TABLE t ROW_FORMAT=PAGE', MARIADB1011).rejected).toMatch(/1478/);
    expect(plan('ALTER TABLE t PAGE_COMPRESSION_LEVEL=3', MARIADB1011).rejected).toMatch(/1478/);
    expect(
      plan('ALTER TABLE t PAGE_COMPRESSED=1 PAGE_COMPRESSION_LEVEL=3', MARIADB1011).rejected,
    ).toBeNull();
    expect(plan('ALTER TABLE t ENGINE=Aria', MYSQL97).rejected).toMatch(/1286/);
    const withKeys: PlanFacts = { traits: ['foreign-keys'] };
    expect(plan('ALTER TABLE t ENGINE=MyISAM', MYSQL97, withKeys).rejected).toMatch(/3776/);
    expect(plan('ALTER TABLE t ENGINE=InnoDB', MYSQL97, withKeys).rejected).toBeNull();
  });

  it('says MariaDB 10.11 does not enforce the clause for another ENGINE or ORDER BY', () => {
    const p = plan('ALTER TABLE t ENGINE=MyISAM', MARIADB1011);
    expect(p.clauseIgnored).toBe(true);
    expect(p.clauseNote).toMatch(/does not enforce/);
    expect(plan('ALTER TABLE t ORDER BY a', MARIADB1011).clauseIgnored).toBe(true);
    expect(plan('ALTER TABLE t ENGINE=MyISAM', MARIADB118).clauseIgnored).toBe(false);
    expect(plan('ALTER TABLE t ENGINE=MyISAM', MYSQL97).clauseIgnored).toBe(false);
  });
});

describe('online copy', () => {
  it('copies with LOCK=NONE on MariaDB 11.8, not on 10.11 or MySQL', () => {
    const sql = 'ALTER TABLE t MODIFY COLUMN a BIGINT';
    expect(how(sql, MARIADB118)).toBe('copy/none');
    expect(plan(sql, MARIADB118).clause).toBe('ALGORITHM=COPY, LOCK=NONE');
    expect(how(sql, MARIADB1011)).toBe('copy/shared');
    expect(how(sql, MYSQL97)).toBe('copy/shared');
    expect(how('ALTER TABLE t ADD COLUMN x INT AS (a + 1) STORED', MARIADB118)).toBe('copy/none');
  });

  it('keeps writes waiting on MariaDB 11.8 when the table has a cascading foreign key', () => {
    const facts: PlanFacts = { traits: ['foreign-keys', 'cascading-foreign-keys'] };
    expect(how('ALTER TABLE t MODIFY COLUMN a BIGINT', MARIADB118, facts)).toBe('copy/shared');
    expect(
      how('ALTER TABLE t MODIFY COLUMN a BIGINT', MARIADB118, { traits: ['foreign-keys'] }),
    ).toBe('copy/none');
  });
});

describe('character sets and collations', () => {
  const unindexed: PlanFacts = {
    columns: [utf8mb4('b'), utf8mb4('tx', 'text')],
    indexedColumns: [],
  };
  const indexed: PlanFacts = { ...unindexed, indexedColumns: ['b'] };

  it('converts nothing when every text column already has the set and collation', () => {
    const sql = 'ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci';
    expect(how(sql, MYSQL97, indexed)).toBe('inplace/none');
    // Without COLLATE the server's default collation may differ: assumed to change.
    expect(how('ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4', MYSQL97, unindexed)).toBe(
      'inplace-rebuild/shared',
    );
    expect(how('ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4', MYSQL97, indexed)).toBe(
      'copy/shared',
    );
    expect(how('ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4', MARIADB1011, unindexed)).toBe(
      'instant/none',
    );
    expect(how('ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4', MARIADB1011, indexed)).toBe(
      'inplace/none',
    );
    expect(how('ALTER TABLE t CONVERT TO CHARACTER SET latin1', MYSQL97, unindexed)).toBe(
      'copy/shared',
    );
    // Not knowing the columns is the worst case.
    expect(how('ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4')).toBe('copy/shared');
  });

  it('changes a column collation in place (MySQL) or instantly (MariaDB) unless indexed', () => {
    const sql = 'ALTER TABLE t MODIFY COLUMN b VARCHAR(20) COLLATE utf8mb4_bin';
    expect(plan(sql, MYSQL97, unindexed).operations[0]?.columnChange).toBe('collation');
    expect(how(sql, MYSQL97, unindexed)).toBe('inplace/none');
    expect(how(sql, MARIADB1011, unindexed)).toBe('instant/none');
    expect(how(sql, MYSQL97, indexed)).toBe('copy/shared');
    expect(how(sql, MARIADB1011, indexed)).toBe('inplace/none');
  });

  it('takes a restated CHARACTER SET without COLLATE as a possible collation change', () => {
    const widen = 'ALTER TABLE t MODIFY COLUMN b VARCHAR(30) CHARACTER SET utf8mb4';
    expect(plan(widen, MYSQL97, unindexed).operations[0]?.columnChange).toBe('varchar-widen');
    expect(plan(widen, MYSQL97, indexed).operations[0]?.columnChange).toBe('type');
    const same = 'ALTER TABLE t MODIFY COLUMN b VARCHAR(20) CHARACTER SET utf8mb4';
    expect(plan(same, MYSQL97, unindexed).operations[0]?.columnChange).toBe('collation');
  });
});

describe('what the table facts settle', () => {
  it('compares CHARACTER SET without COLLATE with the server default collation when known', () => {
    const defaults = { utf8mb4: 'utf8mb4_0900_ai_ci' };
    const bin = { ...utf8mb4('bb'), collation: 'utf8mb4_bin' };
    const facts: PlanFacts = {
      columns: [utf8mb4('b'), bin],
      indexedColumns: ['bb'],
      defaultCollations: defaults,
    };
    // b keeps its (default) collation: only the definition changes.
    const b = plan(
      'ALTER TABLE t MODIFY COLUMN b VARCHAR(20) CHARACTER SET utf8mb4',
      MYSQL97,
      facts,
    );
    expect(b.operations[0]?.columnChange).toBe('same');
    // bb (utf8mb4_bin, indexed) would get the default collation: its index is re-sorted.
    const bb = plan(
      'ALTER TABLE t MODIFY COLUMN bb VARCHAR(20) CHARACTER SET utf8mb4',
      MYSQL97,
      facts,
    );
    expect(bb.operations[0]?.columnChange).toBe('collation');
    expect(`${bb.algorithm}/${bb.lock}`).toBe('copy/shared');
    // CONVERT TO the default collation re-sorts bb's index; to utf8mb4_bin only b changes.
    expect(how('ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4', MYSQL97, facts)).toBe(
      'copy/shared',
    );
    expect(
      how('ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin', MARIADB1011, facts),
    ).toBe('instant/none');
    const same: PlanFacts = {
      columns: [utf8mb4('b')],
      indexedColumns: ['b'],
      defaultCollations: defaults,
    };
    expect(how('ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4', MYSQL97, same)).toBe(
      'inplace/none',
    );
  });

  it('builds a UNIQUE index on nullable columns of a table without primary key without a rebuild', () => {
    const facts: PlanFacts = {
      traits: ['no-primary-key'],
      columns: [
        { name: 'id', columnType: 'int', nullable: false, maxBytesPerChar: null },
        { name: 'b', columnType: 'varchar(20)', nullable: true, maxBytesPerChar: 4 },
      ],
    };
    // NOT NULL: it becomes the clustered index, the table is rebuilt.
    expect(how('ALTER TABLE t ADD UNIQUE INDEX u (id)', MYSQL97, facts)).toBe(
      'inplace-rebuild/none',
    );
    expect(how('ALTER TABLE t ADD UNIQUE INDEX u (b)', MYSQL97, facts)).toBe('inplace/none');
    expect(how('ALTER TABLE t ADD UNIQUE INDEX u (id, b(5))', MARIADB1011, facts)).toBe(
      'inplace/none',
    );
  });

  it('only records a foreign key with checks off on MariaDB when an index already serves it', () => {
    const facts: PlanFacts = { foreignKeyChecks: false, indexes: [['id'], ['c', 'a']] };
    const sql = 'ALTER TABLE t ADD CONSTRAINT f FOREIGN KEY (c) REFERENCES p (id)';
    expect(how(sql, MARIADB1011, facts)).toBe('instant/none');
    expect(how(sql, MYSQL97, facts)).toBe('inplace/none');
    // No index starts with a: one is built.
    expect(
      how('ALTER TABLE t ADD CONSTRAINT f FOREIGN KEY (a) REFERENCES p (id)', MARIADB1011, facts),
    ).toBe('inplace/none');
    // With checks on, every row is checked.
    expect(how(sql, MARIADB1011, { indexes: facts.indexes })).toBe('copy/shared');
  });

  it('refuses DROP PARTITION of every partition', () => {
    const facts: PlanFacts = { partitions: 2, traits: ['partitioned'] };
    expect(plan('ALTER TABLE t DROP PARTITION p0, p1', MYSQL97, facts).rejected).toMatch(/1508/);
    expect(plan('ALTER TABLE t DROP PARTITION p0', MYSQL97, facts).rejected).toBeNull();
  });
});

describe('column types', () => {
  const col = (name: string, columnType: string, maxBytesPerChar: number | null = null) => ({
    name,
    columnType,
    nullable: true,
    maxBytesPerChar,
  });

  it('sees ZEROFILL, VARBINARY and YEAR(4) as the servers do', () => {
    const facts: PlanFacts = {
      columns: [
        col('n', 'int'),
        col('vb', 'varbinary(20)'),
        col('y', 'year(4)'),
        col('v', 'varchar(20)', 1),
      ],
    };
    expect(how('ALTER TABLE t MODIFY n INT ZEROFILL', MARIADB1011, facts)).toBe('copy/shared');
    expect(how('ALTER TABLE t MODIFY vb VARBINARY(40)', MYSQL97, facts)).toBe('inplace/none');
    expect(how('ALTER TABLE t MODIFY vb VARBINARY(300)', MYSQL97, facts)).toBe('copy/shared');
    expect(how('ALTER TABLE t MODIFY vb VARBINARY(300)', MARIADB1011, facts)).toBe('instant/none');
    expect(how('ALTER TABLE t MODIFY vb VARCHAR(20)', MARIADB1011, facts)).toBe('copy/shared');
    expect(how('ALTER TABLE t MODIFY v VARBINARY(20)', MARIADB1011, facts)).toBe('copy/shared');
    expect(
      plan('ALTER TABLE t MODIFY y YEAR NOT NULL', MARIADB1011, facts).operations[0]?.columnChange,
    ).toBe('nullability');
  });

  it('widens any VARCHAR of a REDUNDANT table instantly on MariaDB, not on MySQL', () => {
    const facts: PlanFacts = {
      columns: [col('l', 'varchar(200)', 1)],
      traits: ['redundant-row-format'],
    };
    const sql = 'ALTER TABLE t MODIFY l VARCHAR(300)';
    expect(how(sql, MARIADB1011, facts)).toBe('instant/none');
    expect(how(sql, MYSQL97, facts)).toBe('copy/shared');
    expect(how(sql, MARIADB1011, { columns: facts.columns })).toBe('copy/shared');
  });

  it('copies to make a column NOT NULL next to a STORED generated column on MariaDB', () => {
    const facts: PlanFacts = {
      columns: [col('c', 'int')],
      traits: ['stored-generated-columns'],
    };
    expect(how('ALTER TABLE t MODIFY c INT NOT NULL', MARIADB1011, facts)).toBe('copy/shared');
    expect(how('ALTER TABLE t MODIFY c INT NOT NULL', MYSQL97, facts)).toBe('inplace-rebuild/none');
  });
});

describe('columns and indexes', () => {
  it('drops an indexed column without a rebuild on MariaDB, and a VIRTUAL one on both', () => {
    const facts: PlanFacts = { indexedColumns: ['a', 'gv'], virtualColumns: ['gv'] };
    expect(how('ALTER TABLE t DROP COLUMN a', MARIADB1011, facts)).toBe('inplace/none');
    expect(how('ALTER TABLE t DROP COLUMN a', MYSQL97, facts)).toBe('inplace-rebuild/none');
    expect(how('ALTER TABLE t DROP COLUMN gv', MYSQL97, facts)).toBe('inplace/none');
    expect(how('ALTER TABLE t DROP COLUMN b', MYSQL97, facts)).toBe('instant/none');
  });

  it('never adds instantly a column with an expression default, its own index or (MySQL) CHECK', () => {
    expect(how('ALTER TABLE t ADD COLUMN x VARCHAR(36) DEFAULT (UUID())')).toBe('copy/shared');
    expect(how('ALTER TABLE t ADD COLUMN x INT DEFAULT (a + 1)', MARIADB118)).toBe('copy/none');
    expect(how('ALTER TABLE t ADD COLUMN x DATETIME DEFAULT CURRENT_TIMESTAMP')).toBe(
      'instant/none',
    );
    expect(how("ALTER TABLE t ADD COLUMN x INT DEFAULT 7 COMMENT 'key (old)'")).toBe(
      'instant/none',
    );
    expect(how('ALTER TABLE t ADD COLUMN x INT UNIQUE', MARIADB1011)).toBe('inplace-rebuild/none');
    expect(how('ALTER TABLE t ADD COLUMN x INT CHECK (x > 0)')).toBe('copy/shared');
    expect(how('ALTER TABLE t ADD COLUMN x INT CHECK (x > 0)', MARIADB1011)).toBe('instant/none');
  });

  it('copies to change the collation of a primary key column', () => {
    const facts: PlanFacts = {
      columns: [{ ...utf8mb4('k'), nullable: false }],
      indexedColumns: ['k'],
      primaryKeyColumns: ['k'],
    };
    const sql = 'ALTER TABLE t MODIFY COLUMN k VARCHAR(20) NOT NULL COLLATE utf8mb4_bin';
    expect(how(sql, MARIADB1011, facts)).toBe('copy/shared');
    expect(how(sql, MARIADB1011, { ...facts, primaryKeyColumns: [] })).toBe('inplace/none');
  });

  it('rebuilds the table while writes wait to add an AUTO_INCREMENT column', () => {
    const sql = 'ALTER TABLE t ADD COLUMN x INT NOT NULL AUTO_INCREMENT UNIQUE';
    expect(how(sql)).toBe('inplace-rebuild/shared');
    expect(how(sql, MARIADB118)).toBe('inplace-rebuild/shared');
  });

  it('refuses dropping the only index of a foreign key, and (MySQL) renaming a generated column source', () => {
    const facts: PlanFacts = { foreignKeyIndexes: ['fk_c'], generatedDependencies: ['a'] };
    expect(plan('ALTER TABLE t DROP INDEX fk_c', MARIADB1011, facts).rejected).toMatch(/1553/);
    expect(
      plan('ALTER TABLE t DROP INDEX fk_c, ADD INDEX k2 (c, a)', MARIADB1011, facts).rejected,
    ).toBeNull();
    expect(plan('ALTER TABLE t RENAME COLUMN a TO a2', MYSQL97, facts).rejected).toMatch(/3108/);
    expect(plan('ALTER TABLE t RENAME COLUMN a TO a2', MARIADB1011, facts).rejected).toBeNull();
    expect(plan('ALTER TABLE t RENAME COLUMN b TO b2', MYSQL97, facts).rejected).toBeNull();
  });

  it('refuses dropping a column of a foreign key, or making a SET NULL one NOT NULL', () => {
    const facts: PlanFacts = { foreignKeyColumns: ['c'], setNullForeignKeyColumns: ['c'] };
    expect(plan('ALTER TABLE t DROP COLUMN c', MYSQL97, facts).rejected).toMatch(/1828/);
    expect(plan('ALTER TABLE t DROP COLUMN b', MYSQL97, facts).rejected).toBeNull();
    expect(plan('ALTER TABLE t MODIFY COLUMN c INT NOT NULL', MARIADB1011, facts).rejected).toMatch(
      /1830/,
    );
    expect(
      plan('ALTER TABLE t MODIFY COLUMN c BIGINT NULL', MARIADB1011, facts).rejected,
    ).toBeNull();
  });

  it('places a new column with FIRST/AFTER by copying next to VIRTUAL columns on MariaDB', () => {
    const facts: PlanFacts = { traits: ['virtual-columns'] };
    expect(how('ALTER TABLE t ADD COLUMN x INT FIRST', MARIADB1011, facts)).toBe('copy/shared');
    expect(how('ALTER TABLE t ADD COLUMN x INT', MARIADB1011, facts)).toBe('instant/none');
  });

  it('builds a second FULLTEXT index in place, and adds a VIRTUAL column instantly next to one', () => {
    const facts: PlanFacts = { traits: ['fulltext-index'], hasFulltextIndex: true };
    expect(how('ALTER TABLE t ADD FULLTEXT INDEX f2 (b)', MYSQL97, facts)).toBe('inplace/shared');
    expect(how('ALTER TABLE t ADD FULLTEXT INDEX f2 (b)')).toBe('inplace-rebuild/shared');
    expect(how('ALTER TABLE t ADD COLUMN x INT AS (a + 1) VIRTUAL', MYSQL97, facts)).toBe(
      'instant/none',
    );
  });

  it("marks MariaDB IGNORED indexes instantly, and refuses the other flavor's words", () => {
    expect(how('ALTER TABLE t ALTER INDEX k IGNORED', MARIADB1011)).toBe('instant/none');
    expect(how('ALTER TABLE t ALTER INDEX k INVISIBLE', MYSQL97)).toBe('inplace/none');
    expect(plan('ALTER TABLE t ADD INDEX k (a) IGNORED', MYSQL97).rejected).toMatch(/1064/);
    expect(plan('ALTER TABLE t ADD INDEX k (a) INVISIBLE', MARIADB1011).rejected).toMatch(/1064/);
    expect(
      plan('ALTER TABLE t ADD FULLTEXT INDEX f (b) WITH PARSER ngram', MARIADB118).rejected,
    ).toMatch(/1128/);
  });

  it('plans column visibility, and refuses it on MariaDB', () => {
    const p = plan('ALTER TABLE t ALTER COLUMN c SET INVISIBLE');
    expect(p.operations[0]?.operation.kind).toBe('column-visibility');
    expect(`${p.algorithm}/${p.lock}`).toBe('instant/none');
    expect(plan('ALTER TABLE t ALTER COLUMN c SET INVISIBLE', MARIADB1011).rejected).toMatch(
      /1064/,
    );
  });

  it('drops a CHECK constraint instantly; MariaDB writes DROP CONSTRAINT', () => {
    expect(how('ALTER TABLE t DROP CHECK ck')).toBe('instant/none');
    const facts: PlanFacts = { checkConstraints: ['ck'] };
    expect(how('ALTER TABLE t DROP CONSTRAINT ck', MARIADB1011, facts)).toBe('instant/none');
    // A constraint not known to be a CHECK may be a foreign key: not instant on MySQL.
    expect(how('ALTER TABLE t DROP CONSTRAINT fk')).toBe('inplace/none');
    expect(plan('ALTER TABLE t DROP CHECK ck', MARIADB1011).rejected).toMatch(/1064/);
  });

  it('refuses SET DEFAULT CURRENT_TIMESTAMP without parentheses on MySQL', () => {
    expect(plan('ALTER TABLE t ALTER COLUMN d SET DEFAULT CURRENT_TIMESTAMP').rejected).toMatch(
      /1064/,
    );
    expect(
      plan('ALTER TABLE t ALTER COLUMN d SET DEFAULT (CURRENT_TIMESTAMP)').rejected,
    ).toBeNull();
  });
});

describe('MariaDB table kinds', () => {
  it('copies every change of a table with a long UNIQUE (hash) index, even a comment', () => {
    const facts: PlanFacts = { traits: ['long-unique-index'] };
    expect(how("ALTER TABLE t COMMENT='x'", MARIADB1011, facts)).toBe('copy/shared');
    expect(how('ALTER TABLE t ADD COLUMN x INT', MARIADB1011, facts)).toBe('copy/shared');
    expect(how('ALTER TABLE t ADD COLUMN x INT', MARIADB118, facts)).toBe('copy/none');
    expect(how('ALTER TABLE t RENAME TO t2', MARIADB1011, facts)).toBe('instant/none');
    expect(how("ALTER TABLE t COMMENT='x'", MYSQL97, facts)).toBe('inplace/none');
    const own: PlanFacts = { ...facts, longUniqueIndexes: ['utx'] };
    expect(how('ALTER TABLE t DROP INDEX utx', MARIADB1011, own)).toBe('inplace/none');
    expect(how('ALTER TABLE t DROP INDEX other', MARIADB1011, own)).toBe('copy/shared');
  });

  it('reads system versioning as its own operation, and refuses column changes on such a table', () => {
    const drop = plan('ALTER TABLE t DROP SYSTEM VERSIONING', MARIADB1011);
    expect(drop.operations[0]?.operation.kind).toBe('system-versioning');
    expect(`${drop.algorithm}/${drop.lock}`).toBe('inplace-rebuild/shared');
    expect(how('ALTER TABLE t ADD SYSTEM VERSIONING', MARIADB1011)).toBe('copy/shared');
    expect(plan('ALTER TABLE t DROP SYSTEM VERSIONING', MYSQL97).rejected).toMatch(/1064/);
    const versioned: PlanFacts = { traits: ['system-versioned'] };
    for (const op of [
      'ADD COLUMN x INT',
      'DROP COLUMN c',
      'MODIFY b VARCHAR(40)',
      'ADD UNIQUE u (a)',
    ]) {
      expect(plan(`ALTER TABLE t ${op}`, MARIADB1011, versioned).rejected, op).toMatch(/4119/);
    }
    for (const op of ['ADD INDEX k (a)', 'DROP INDEX k', 'RENAME COLUMN b TO b2', 'FORCE']) {
      expect(plan(`ALTER TABLE t ${op}`, MARIADB1011, versioned).rejected, op).toBeNull();
    }
  });
});

describe('partition maintenance', () => {
  it('proposes no clause for what MySQL accepts and ignores it for', () => {
    for (const op of ['ANALYZE', 'CHECK', 'OPTIMIZE', 'REPAIR']) {
      const p = plan(`ALTER TABLE t ${op} PARTITION p0`);
      expect(p.clause, op).toBeNull();
      expect(p.clauseIgnored, op).toBe(true);
      expect(p.proposedSql, op).toBe(`ALTER TABLE t ${op} PARTITION p0`);
    }
    expect(plan('ALTER TABLE t EXCHANGE PARTITION p0 WITH TABLE tx').clauseIgnored).toBe(true);
    // REBUILD PARTITION does honour the clause.
    expect(plan('ALTER TABLE t REBUILD PARTITION p0').clause).toBe(
      'ALGORITHM=INPLACE, LOCK=SHARED',
    );
    const maria = plan('ALTER TABLE t ANALYZE PARTITION p0', MARIADB1011);
    expect(maria.clause).toBeNull();
    expect(maria.clauseIgnored).toBe(false);
  });
});

describe('cells the wide matrix showed were planned too slow', () => {
  const MARIADB105 = server('mariadb', '10.5.23');

  it('turns PAGE_COMPRESSED on instantly on MariaDB 10.5, rebuilds on 10.11, unknown between', () => {
    expect(how('ALTER TABLE t PAGE_COMPRESSED=1', MARIADB105)).toBe('instant/none');
    expect(how('ALTER TABLE t PAGE_COMPRESSED=1', MARIADB1011)).toBe('inplace-rebuild/none');
    expect(how('ALTER TABLE t PAGE_COMPRESSED=1', MARIADB118)).toBe('inplace-rebuild/none');
    expect(plan('ALTER TABLE t PAGE_COMPRESSED=1', server('mariadb', '10.6.20')).certainty).toBe(
      'unknown',
    );
    // Next to a change that rebuilds, it is no longer instant.
    expect(how('ALTER TABLE t PAGE_COMPRESSED=1, FORCE', MARIADB105)).toBe('inplace-rebuild/none');
  });

  it('adds a column without a rebuild next to dropping an indexed one on MariaDB', () => {
    const facts: PlanFacts = { indexedColumns: ['a', 'd'] };
    const sql = 'ALTER TABLE t ADD COLUMN x INT, DROP COLUMN d';
    expect(how(sql, MARIADB1011, facts)).toBe('inplace/none');
    expect(how(sql, MARIADB118, facts)).toBe('inplace/none');
    expect(plan(sql, MARIADB1011, facts).clause).toBe('ALGORITHM=NOCOPY, LOCK=NONE');
    // Not next to an index that is built, nor on MySQL, which rebuilds for both.
    expect(how('ALTER TABLE t ADD COLUMN x INT, ADD INDEX kx (a)', MARIADB1011, facts)).toBe(
      'inplace-rebuild/none',
    );
    expect(how(sql, MYSQL97, facts)).toBe('inplace-rebuild/none');
  });

  it('re-collates unindexed VARCHARs in place on MySQL, but rebuilds for a TEXT column', () => {
    const bin = { ...utf8mb4('bb'), collation: 'utf8mb4_bin' };
    const facts: PlanFacts = { columns: [utf8mb4('b'), bin], indexedColumns: ['id', 'bb'] };
    const sql = 'ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin';
    expect(how(sql, MYSQL97, facts)).toBe('inplace/none');
    expect(how(sql, MARIADB1011, facts)).toBe('instant/none');
    const withText: PlanFacts = { ...facts, columns: [...facts.columns!, utf8mb4('tx', 'text')] };
    expect(how(sql, MYSQL97, withText)).toBe('inplace-rebuild/shared');
  });

  it('moves an unindexed VIRTUAL column restated unchanged instantly on MySQL', () => {
    const gv = { name: 'gv', columnType: 'int', nullable: true, maxBytesPerChar: null };
    const facts: PlanFacts = {
      columns: [gv],
      indexedColumns: ['id'],
      virtualColumns: ['gv'],
      virtualExpressions: { gv: '(`a` * 3)' },
    };
    const sql = 'ALTER TABLE t MODIFY COLUMN gv INT AS (a * 3) VIRTUAL FIRST';
    expect(how(sql, MYSQL97, facts)).toBe('instant/none');
    expect(how(sql, MARIADB1011, facts)).toBe('copy/shared');
    // A new expression, an index on it, or an expression not known: recomputed.
    expect(how('ALTER TABLE t MODIFY COLUMN gv INT AS (a * 4) VIRTUAL FIRST', MYSQL97, facts)).toBe(
      'copy/shared',
    );
    expect(how(sql, MYSQL97, { ...facts, indexedColumns: ['gv'] })).toBe('copy/shared');
    expect(how(sql, MYSQL97, { ...facts, virtualExpressions: {} })).toBe('copy/shared');
    // On MySQL before 9.7 only the manual speaks, and it says copy: unknown.
    expect(plan(sql, server('mysql', '8.0.40'), facts).certainty).toBe('unknown');
  });

  it('makes a character column its binary counterpart in place on MySQL', () => {
    const latin1 = {
      name: 'l',
      columnType: 'varchar(200)',
      nullable: true,
      maxBytesPerChar: 1,
      collation: 'latin1_swedish_ci',
    };
    const facts: PlanFacts = {
      columns: [latin1, utf8mb4('m', 'varchar(50)'), utf8mb4('tx', 'text')],
      indexedColumns: ['id'],
    };
    expect(how('ALTER TABLE t MODIFY COLUMN l VARBINARY(200)', MYSQL97, facts)).toBe(
      'inplace/none',
    );
    expect(how('ALTER TABLE t MODIFY COLUMN tx BLOB', MYSQL97, facts)).toBe('inplace/none');
    // Fewer bytes than the characters may take, or an index on it: converted by a copy.
    expect(how('ALTER TABLE t MODIFY COLUMN m VARBINARY(50)', MYSQL97, facts)).toBe('copy/shared');
    expect(
      how('ALTER TABLE t MODIFY COLUMN l VARBINARY(200)', MYSQL97, {
        ...facts,
        indexedColumns: ['l'],
      }),
    ).toBe('copy/shared');
    expect(how('ALTER TABLE t MODIFY COLUMN tx BLOB', MARIADB1011, facts)).toBe('copy/shared');
  });
});

describe('columns of keys (the key-columns and composite-primary-key shapes)', () => {
  const ids: PlanFacts = {
    columns: [
      { name: 'id', columnType: 'int', nullable: false, maxBytesPerChar: null },
      { name: 'u', columnType: 'int', nullable: true, maxBytesPerChar: null },
    ],
    primaryKeyColumns: ['id'],
    indexedColumns: ['id', 'c', 'd', 'u'],
    keys: [
      { name: 'PRIMARY', columns: ['id'], unique: true },
      { name: 'kcd', columns: ['c', 'd'], unique: false },
      { name: 'uu', columns: ['u'], unique: true },
    ],
    autoIncrementColumn: 'id',
    incomingForeignKeys: [{ name: 'fk_in', table: 'db.ch', columns: ['u'] }],
  };

  it('copies to drop the primary key column, unless the statement adds another key', () => {
    expect(how('ALTER TABLE t DROP COLUMN id', MYSQL97, ids)).toBe('copy/shared');
    expect(how('ALTER TABLE t DROP COLUMN id', MARIADB1011, ids)).toBe('copy/shared');
    expect(how('ALTER TABLE t DROP COLUMN id', MARIADB118, ids)).toBe('copy/none');
    expect(how('ALTER TABLE t DROP COLUMN id, ADD PRIMARY KEY (u)', MYSQL97, ids)).toBe(
      'inplace-rebuild/none',
    );
    // One column of a composite key: the key shrinks (MySQL rebuilds).
    const composite = { ...ids, primaryKeyColumns: ['id', 'k'] };
    expect(how('ALTER TABLE t DROP COLUMN id', MYSQL97, composite)).toBe('inplace-rebuild/none');
    expect(how('ALTER TABLE t DROP COLUMN k, DROP COLUMN id', MYSQL97, composite)).toBe(
      'copy/shared',
    );
  });

  it('rebuilds to drop a column from an index that keeps other columns, on MariaDB too', () => {
    expect(how('ALTER TABLE t DROP COLUMN c', MARIADB1011, ids)).toBe('inplace-rebuild/none');
    expect(how('ALTER TABLE t DROP COLUMN c', MYSQL97, ids)).toBe('inplace-rebuild/none');
    // The whole index goes: MariaDB drops it and the columns without a rebuild.
    expect(how('ALTER TABLE t DROP COLUMN c, DROP COLUMN d', MARIADB1011, ids)).toBe(
      'inplace/none',
    );
  });

  it('copies to make a column AUTO_INCREMENT; MySQL copies to take it off', () => {
    const plain = { ...ids, autoIncrementColumn: null };
    const add = 'ALTER TABLE t MODIFY COLUMN id INT NOT NULL AUTO_INCREMENT';
    expect(how(add, MYSQL97, plain)).toBe('copy/shared');
    expect(how(add, MARIADB1011, plain)).toBe('copy/shared');
    // No online copy for it on 11.8.
    expect(how(add, MARIADB118, plain)).toBe('copy/shared');
    const drop = 'ALTER TABLE t MODIFY COLUMN id INT NOT NULL';
    expect(how(drop, MYSQL97, ids)).toBe('copy/shared');
    expect(how(drop, MARIADB1011, ids)).toBe('instant/none');
    // Kept through a rename; and not claimed when the AUTO_INCREMENT column is not known.
    expect(
      how('ALTER TABLE t CHANGE COLUMN id id2 INT NOT NULL AUTO_INCREMENT', MYSQL97, ids),
    ).toBe('instant/none');
    const { autoIncrementColumn: _, ...unknown } = ids;
    expect(how(drop, MYSQL97, unknown)).toBe('instant/none');
  });

  it('renames a column another table references in place on MySQL, instantly on MariaDB', () => {
    for (const sql of [
      'ALTER TABLE t RENAME COLUMN u TO u2',
      'ALTER TABLE t CHANGE COLUMN u u2 INT',
    ]) {
      expect(how(sql, MYSQL97, ids), sql).toBe('inplace/none');
      expect(how(sql, MARIADB1011, ids), sql).toBe('instant/none');
    }
    // Without a rename, or on a column no other table references: instant.
    expect(how("ALTER TABLE t MODIFY COLUMN u INT COMMENT 'x'", MYSQL97, ids)).toBe('instant/none');
    expect(how('ALTER TABLE t RENAME COLUMN c TO c2', MYSQL97, ids)).toBe('instant/none');
  });
});

describe("MariaDB's innodb_instant_alter_column_allowed", () => {
  const facts = (setting: PlanFacts['instantAlterColumnAllowed']): PlanFacts => ({
    columns: [
      { name: 'a', columnType: 'int', nullable: true, maxBytesPerChar: null },
      { name: 'g', columnType: 'int', nullable: true, maxBytesPerChar: null },
    ],
    indexedColumns: [],
    virtualColumns: ['g'],
    instantAlterColumnAllowed: setting,
  });
  const cases = [
    'ALTER TABLE t ADD COLUMN x INT',
    'ALTER TABLE t ADD COLUMN x INT FIRST',
    'ALTER TABLE t DROP COLUMN a',
    'ALTER TABLE t MODIFY COLUMN a INT FIRST',
    'ALTER TABLE t DROP COLUMN g',
    'ALTER TABLE t RENAME COLUMN a TO a2',
  ];
  const plans = (setting: PlanFacts['instantAlterColumnAllowed'], s = MARIADB1011) =>
    cases.map((sql) => `${sql.slice(14)}: ${how(sql, s, facts(setting))}`);

  it('keeps what it names from being instant: the table is rebuilt in place', () => {
    expect(plans('add_last')).toEqual([
      'ADD COLUMN x INT: instant/none',
      'ADD COLUMN x INT FIRST: inplace-rebuild/none',
      'DROP COLUMN a: inplace-rebuild/none',
      'MODIFY COLUMN a INT FIRST: inplace-rebuild/none',
      'DROP COLUMN g: instant/none',
      'RENAME COLUMN a TO a2: instant/none',
    ]);
    expect(plans('never')).toEqual([
      'ADD COLUMN x INT: inplace-rebuild/none',
      'ADD COLUMN x INT FIRST: inplace-rebuild/none',
      'DROP COLUMN a: inplace-rebuild/none',
      'MODIFY COLUMN a INT FIRST: inplace-rebuild/none',
      'DROP COLUMN g: instant/none',
      'RENAME COLUMN a TO a2: instant/none',
    ]);
    expect(plan('ALTER TABLE t DROP COLUMN a', MARIADB1011, facts('add_last')).clause).toBe(
      'ALGORITHM=INPLACE, LOCK=NONE',
    );
  });

  it('changes nothing at its default, when not known, or on MySQL', () => {
    const all = [
      'ADD COLUMN x INT: instant/none',
      'ADD COLUMN x INT FIRST: instant/none',
      'DROP COLUMN a: instant/none',
      'MODIFY COLUMN a INT FIRST: instant/none',
      'DROP COLUMN g: instant/none',
      'RENAME COLUMN a TO a2: instant/none',
    ];
    expect(plans('add_drop_reorder')).toEqual(all);
    expect(plans(null)).toEqual(all);
    expect(plans('never', MYSQL97).slice(0, 3)).toEqual(all.slice(0, 3));
  });
});

describe("a new column's own REFERENCES clause", () => {
  it('adds a foreign key: a copy with foreign_key_checks on, a rebuild with them off', () => {
    const sql = 'ALTER TABLE t ADD COLUMN x INT REFERENCES p (id)';
    expect(how(sql, MYSQL97)).toBe('copy/shared');
    expect(how(sql, MARIADB1011)).toBe('copy/shared');
    expect(how(sql, MARIADB118)).toBe('copy/none');
    const unchecked: PlanFacts = { foreignKeyChecks: false };
    expect(how(sql, MYSQL97, unchecked)).toBe('inplace-rebuild/none');
    expect(how(sql, MARIADB1011, unchecked)).toBe('inplace-rebuild/none');
    // MySQL 8.4 ignored the clause; behaviour seen only on 9.7 is not promised there.
    expect(plan(sql, server('mysql', '8.4.3')).certainty).toBe('unknown');
    // The word in a comment is no clause.
    expect(how("ALTER TABLE t ADD COLUMN x INT COMMENT 'REFERENCES p'", MYSQL97)).toBe(
      'instant/none',
    );
  });
});

describe('ALTER CHECK / CONSTRAINT ... [NOT] ENFORCED', () => {
  it('is read as a CHECK constraint, not as a column named CHECK', () => {
    const r = parseAlter('ALTER TABLE t ALTER CHECK ck NOT ENFORCED', 'mysql');
    if (!r.ok) throw new Error(r.error);
    expect(r.alter.operations.map((o) => [o.kind, o.index, o.column])).toEqual([
      ['check-enforcement', 'ck', undefined],
    ]);
    const quoted = parseAlter('ALTER TABLE t ALTER `check` SET DEFAULT 1', 'mysql');
    if (!quoted.ok) throw new Error(quoted.error);
    expect(quoted.alter.operations[0]?.kind).toBe('set-default');
  });

  it('is instant NOT ENFORCED on MySQL, a copy ENFORCED; MariaDB has neither', () => {
    expect(how('ALTER TABLE t ALTER CHECK ck NOT ENFORCED')).toBe('instant/none');
    expect(how('ALTER TABLE t ALTER CONSTRAINT ck NOT ENFORCED')).toBe('instant/none');
    expect(how('ALTER TABLE t ALTER CHECK ck ENFORCED')).toBe('copy/shared');
    expect(plan('ALTER TABLE t ALTER CHECK ck NOT ENFORCED', MARIADB1011).rejected).toMatch(
      /error 1064/,
    );
    expect(
      plan('ALTER TABLE t ALTER CHECK ck ENFORCED', server('mysql', '8.0.15')).rejected,
    ).toMatch(/8\.0\.16/);
    expect(
      plan('ALTER TABLE t ALTER CONSTRAINT ck ENFORCED', server('mysql', '8.0.18')).rejected,
    ).toMatch(/8\.0\.19/);
  });
});
