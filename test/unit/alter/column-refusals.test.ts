import { describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { planAlter, type PlanFacts } from '../../../src/shared/alter/plan-alter';
import { capabilitiesFor } from '../../../src/shared/server/capabilities';
import { v } from '../../../src/shared/server/version';
import type { ServerFlavor } from '../../../src/shared/server/flavor';

const server = (flavor: ServerFlavor, version: string) => ({
  flavor,
  capabilities: capabilitiesFor(flavor, v(version)),
});
const MYSQL = server('mysql', '9.7.4');
const MARIADB = server('mariadb', '10.11.19');

function plan(sql: string, s: typeof MYSQL, facts: PlanFacts) {
  const r = parseAlter(sql, s.flavor === 'mariadb' ? 'mariadb' : 'mysql');
  if (!r.ok) throw new Error(r.error);
  return planAlter(r.alter, s, facts);
}

const int = (name: string, columnType: string, nullable = false) => ({
  name,
  columnType,
  nullable,
  maxBytesPerChar: null,
});

/** orders(customer_id) → customers(id), orders(code) → customers(code), as the servers had. */
const ORDERS: PlanFacts = {
  columns: [
    int('id', 'int'),
    int('customer_id', 'int unsigned'),
    {
      name: 'code',
      columnType: 'varchar(20)',
      nullable: true,
      maxBytesPerChar: 4,
      collation: 'utf8mb4_0900_ai_ci',
    },
    int('n', 'int', true),
  ],
  foreignKeyColumns: ['customer_id', 'code'],
  foreignKeys: [
    { name: 'fk_cust', columns: ['customer_id'] },
    { name: 'fk_code', columns: ['code'] },
  ],
  indexedColumns: ['id', 'customer_id', 'code'],
  autoIncrementColumn: 'id',
  foreignKeyChecks: true,
};

const CUSTOMERS: PlanFacts = {
  columns: [int('id', 'int unsigned'), int('n', 'int')],
  incomingForeignKeys: [{ name: 'fk_cust', table: 'shop.orders', columns: ['id'] }],
  indexedColumns: ['id'],
};

describe('a type change of a column a foreign key uses', () => {
  it('is refused on MySQL with error 3780 when the integer type grows, naming the key', () => {
    const p = plan('ALTER TABLE orders MODIFY customer_id BIGINT UNSIGNED NOT NULL', MYSQL, ORDERS);
    expect(p.rejected).toBe(
      "column customer_id is the referencing column of foreign key fk_cust: the two columns' integer types would differ in size or sign, MySQL error 3780 (even with foreign_key_checks=0); drop the foreign key, change the columns on both sides, then add it back (or change only what keeps the type: name, comment, default, NULL); seen on MySQL 9.7, MariaDB 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)",
    );
    expect(p.clause).toBeNull();
    expect(p.summary.startsWith('Refused: the server will not run this statement')).toBe(true);
    // No online-tool advice for what never runs.
    expect(p.risks.map((r) => r.text).filter((t) => /gh-ost|rewritten/.test(t))).toEqual([]);
  });

  it('is refused on MariaDB with error 1832, even with foreign_key_checks=0', () => {
    for (const foreignKeyChecks of [true, false]) {
      const p = plan('ALTER TABLE orders MODIFY customer_id BIGINT UNSIGNED NOT NULL', MARIADB, {
        ...ORDERS,
        foreignKeyChecks,
      });
      expect(p.rejected).toMatch(
        /^column customer_id is the referencing column of foreign key fk_cust: MariaDB refuses to change the type of a column a foreign key uses, error 1832 \(1846 when it is renamed too\), even with foreign_key_checks=0;/,
      );
    }
  });

  it('is refused from the referenced side too (MySQL 3780, MariaDB 1833), naming the other table', () => {
    const sql = 'ALTER TABLE customers MODIFY id BIGINT UNSIGNED NOT NULL';
    expect(plan(sql, MYSQL, CUSTOMERS).rejected).toMatch(
      /^column id is referenced by foreign key fk_cust of shop\.orders: .* MySQL error 3780 /,
    );
    expect(plan(sql, MARIADB, CUSTOMERS).rejected).toMatch(
      /^column id is referenced by foreign key fk_cust of shop\.orders: MariaDB .* error 1833 /,
    );
    expect(plan('ALTER TABLE customers MODIFY id INT NOT NULL', MYSQL, CUSTOMERS).rejected).toMatch(
      /error 3780/,
    );
  });

  it('refuses a sign change on MySQL whatever foreign_key_checks says', () => {
    const p = plan('ALTER TABLE orders MODIFY customer_id INT NOT NULL', MYSQL, {
      ...ORDERS,
      foreignKeyChecks: false,
    });
    expect(p.rejected).toMatch(/error 3780 \(even with foreign_key_checks=0\)/);
  });

  it('lets MySQL lengthen a VARCHAR within its length prefix, and refuses it on MariaDB', () => {
    const sql = 'ALTER TABLE orders MODIFY code VARCHAR(40)';
    expect(plan(sql, MYSQL, ORDERS).rejected).toBeNull();
    expect(plan(sql, MARIADB, ORDERS).rejected).toMatch(/error 1832/);
  });

  it('has MySQL refuse other string changes only with foreign_key_checks on', () => {
    const cases: Array<[string, RegExp]> = [
      [
        'ALTER TABLE orders MODIFY code VARCHAR(100)',
        /MySQL refuses this change of its type, error 1832 \(with foreign_key_checks=1\)/,
      ],
      ['ALTER TABLE orders MODIFY code VARCHAR(10)', /error 1832 \(with foreign_key_checks=1\)/],
      [
        'ALTER TABLE orders MODIFY code VARCHAR(20) COLLATE utf8mb4_bin',
        /character sets or collations would differ, MySQL error 3780 \(with foreign_key_checks=1\)/,
      ],
      ['ALTER TABLE orders MODIFY code VARCHAR(20) CHARACTER SET latin1', /MySQL error 3780/],
    ];
    for (const [sql, reason] of cases) {
      expect(plan(sql, MYSQL, ORDERS).rejected, sql).toMatch(reason);
      expect(plan(sql, MYSQL, { ...ORDERS, foreignKeyChecks: false }).rejected, sql).toBeNull();
    }
  });

  it('claims no refusal that depends on foreign_key_checks when the session is not known', () => {
    const { foreignKeyChecks: _, ...unknownSession } = ORDERS;
    expect(
      plan('ALTER TABLE orders MODIFY code VARCHAR(10)', MYSQL, unknownSession).rejected,
    ).toBeNull();
    expect(
      plan('ALTER TABLE orders MODIFY customer_id BIGINT UNSIGNED NOT NULL', MYSQL, unknownSession)
        .rejected,
    ).toMatch(/error 3780/);
  });

  it('lets both flavors change what keeps the type', () => {
    for (const sql of [
      'ALTER TABLE orders MODIFY customer_id INT UNSIGNED NULL',
      "ALTER TABLE orders MODIFY customer_id INT UNSIGNED NOT NULL COMMENT 'x'",
      'ALTER TABLE orders MODIFY customer_id INT UNSIGNED NOT NULL DEFAULT 1',
      'ALTER TABLE orders CHANGE customer_id cid INT UNSIGNED NOT NULL',
      'ALTER TABLE orders MODIFY customer_id INT UNSIGNED NOT NULL FIRST',
      "ALTER TABLE customers MODIFY id INT UNSIGNED NOT NULL COMMENT 'x'",
    ]) {
      const facts = sql.includes('customers') ? CUSTOMERS : ORDERS;
      expect(plan(sql, MYSQL, facts).rejected, sql).toBeNull();
      expect(plan(sql, MARIADB, facts).rejected, sql).toBeNull();
    }
  });

  it('tells the two sides of a key of the table to itself apart', () => {
    const facts: PlanFacts = {
      columns: [int('id', 'int'), int('parent_id', 'int', true)],
      foreignKeys: [{ name: 'fk_parent', columns: ['parent_id'] }],
      incomingForeignKeys: [{ name: 'fk_parent', table: 'shop.tree', columns: ['id'] }],
      foreignKeyChecks: true,
    };
    expect(plan('ALTER TABLE tree MODIFY parent_id BIGINT', MYSQL, facts).rejected).toMatch(
      /^column parent_id is the referencing column of foreign key fk_parent: /,
    );
    expect(plan('ALTER TABLE tree MODIFY id BIGINT NOT NULL', MYSQL, facts).rejected).toMatch(
      /^column id is referenced by foreign key fk_parent of shop\.tree: /,
    );
  });

  it('makes no claim for a column no foreign key uses, or when the column is not known', () => {
    expect(plan('ALTER TABLE orders MODIFY n BIGINT', MYSQL, ORDERS).rejected).toBeNull();
    const { columns: _, ...unknownColumns } = ORDERS;
    const sql = 'ALTER TABLE orders MODIFY customer_id BIGINT UNSIGNED NOT NULL';
    expect(plan(sql, MYSQL, unknownColumns).rejected).toBeNull();
    expect(plan(sql, MARIADB, unknownColumns).rejected).toBeNull();
  });
});

describe('the risk of a column type conversion', () => {
  const risksOf = (sql: string, facts: PlanFacts = ORDERS) =>
    plan(sql, MYSQL, facts).risks.filter((r) => /\bcolumn n\b/i.test(r.text));

  it('does not claim truncation for a widening, and says every row is rewritten', () => {
    expect(risksOf('ALTER TABLE orders MODIFY n BIGINT')).toEqual([
      {
        severity: 'info',
        text: 'Column n widens from int to bigint: every value fits, but every row is rewritten.',
      },
    ]);
    expect(risksOf('ALTER TABLE orders MODIFY n DECIMAL(20,0)')).toEqual([
      {
        severity: 'info',
        text: 'Column n widens from int to decimal(20,0): every value fits, but every row is rewritten.',
      },
    ]);
  });

  it('still warns, with the reason, for a narrowing or a sign change', () => {
    expect(risksOf('ALTER TABLE orders MODIFY n SMALLINT')).toEqual([
      {
        severity: 'warning',
        text: 'Converting column n can truncate or reject values that do not fit the new type: int narrows to smallint: larger values are out of range.',
      },
    ]);
    expect(risksOf('ALTER TABLE orders MODIFY n INT UNSIGNED')).toEqual([
      {
        severity: 'warning',
        text: 'Converting column n can truncate or reject values that do not fit the new type: int becomes unsigned: negative values are out of range.',
      },
    ]);
  });

  it('keeps the plain warning when the current column is not known', () => {
    expect(risksOf('ALTER TABLE orders MODIFY n BIGINT', {})).toEqual([
      {
        severity: 'warning',
        text: 'Converting column n can truncate or reject values that do not fit the new type.',
      },
    ]);
  });
});

describe('a generated column over the AUTO_INCREMENT column', () => {
  it('is refused by MySQL (3109), VIRTUAL or STORED', () => {
    for (const kind of ['VIRTUAL', 'STORED']) {
      expect(
        plan(`ALTER TABLE orders ADD COLUMN g INT AS (id * 2) ${kind}`, MYSQL, ORDERS).rejected,
      ).toBe(
        "the generated column's expression uses the AUTO_INCREMENT column id: MySQL refuses it, error 3109 (seen on 9.7)",
      );
    }
    expect(
      plan('ALTER TABLE orders ADD COLUMN g INT AS (`id` + 1)', MYSQL, ORDERS).rejected,
    ).toMatch(/error 3109/);
  });

  it('is refused by MariaDB only when STORED (1901)', () => {
    expect(
      plan('ALTER TABLE orders ADD COLUMN g INT AS (id * 2) VIRTUAL', MARIADB, ORDERS).rejected,
    ).toBeNull();
    expect(
      plan('ALTER TABLE orders ADD COLUMN g INT AS (id * 2) PERSISTENT', MARIADB, ORDERS).rejected,
    ).toMatch(/MariaDB refuses it, error 1901/);
  });

  it('is not claimed for other columns, a mere mention in a string, or an unknown table', () => {
    const sqls = [
      'ALTER TABLE orders ADD COLUMN g INT AS (customer_id * 2) VIRTUAL',
      "ALTER TABLE orders ADD COLUMN g VARCHAR(9) AS (CONCAT(code, 'id')) VIRTUAL",
      'ALTER TABLE orders ADD COLUMN g INT AS (n + 1) VIRTUAL',
    ];
    for (const sql of sqls) expect(plan(sql, MYSQL, ORDERS).rejected, sql).toBeNull();
    const { autoIncrementColumn: _, ...unknown } = ORDERS;
    expect(
      plan('ALTER TABLE orders ADD COLUMN g INT AS (id * 2) VIRTUAL', MYSQL, unknown).rejected,
    ).toBeNull();
  });
});

describe('dropping or renaming a column something else uses', () => {
  /** The USE_SETUP table of rules-matrix.test.ts, as planFactsOf reads it. */
  const USED: PlanFacts = {
    columns: ['id', 'a', 'b', 'c', 'd', 'e', 'p', 'q', 'g', 'gs'].map((n) => int(n, 'int', true)),
    indexedColumns: ['id', 'p', 'q'],
    virtualColumns: ['g'],
    keys: [
      { name: 'PRIMARY', columns: ['id'], unique: true },
      { name: 'upq', columns: ['p', 'q'], unique: true },
    ],
    generatedColumnUses: { g: ['a'], gs: ['b'] },
    checkConstraintColumns: { ck_cd: ['c', 'd'], ck_e: ['e'] },
  };
  const answers = (s: typeof MYSQL) =>
    [
      'DROP COLUMN a',
      'DROP COLUMN b',
      'DROP COLUMN a, DROP COLUMN g',
      'CHANGE COLUMN a a2 INT',
      'DROP COLUMN c',
      'DROP COLUMN c, DROP CONSTRAINT ck_cd',
      'RENAME COLUMN d TO d2',
      'CHANGE COLUMN d d2 INT',
      'DROP COLUMN e',
      'RENAME COLUMN e TO e2',
      'DROP COLUMN p',
      'DROP COLUMN p, DROP INDEX upq',
    ].map((c) => {
      const refused = plan(`ALTER TABLE t ${c}`, s, USED).rejected;
      return `${c}: ${refused === null ? 'runs' : (/error (\d+)/.exec(refused)?.[1] ?? refused)}`;
    });

  it('is refused as MySQL 9.7 refused it', () => {
    expect(answers(MYSQL)).toEqual([
      'DROP COLUMN a: 3108',
      'DROP COLUMN b: 3108',
      'DROP COLUMN a, DROP COLUMN g: runs',
      'CHANGE COLUMN a a2 INT: 3108',
      'DROP COLUMN c: 3959',
      'DROP COLUMN c, DROP CONSTRAINT ck_cd: runs',
      'RENAME COLUMN d TO d2: 3959',
      'CHANGE COLUMN d d2 INT: 3959',
      'DROP COLUMN e: runs',
      'RENAME COLUMN e TO e2: 3959',
      'DROP COLUMN p: runs',
      'DROP COLUMN p, DROP INDEX upq: runs',
    ]);
  });

  it('is refused as MariaDB 10.11 and 11.8 refused it', () => {
    expect(answers(MARIADB)).toEqual([
      'DROP COLUMN a: 1054',
      'DROP COLUMN b: 1054',
      'DROP COLUMN a, DROP COLUMN g: runs',
      'CHANGE COLUMN a a2 INT: runs',
      'DROP COLUMN c: 1054',
      'DROP COLUMN c, DROP CONSTRAINT ck_cd: runs',
      'RENAME COLUMN d TO d2: runs',
      'CHANGE COLUMN d d2 INT: runs',
      'DROP COLUMN e: runs',
      'RENAME COLUMN e TO e2: runs',
      'DROP COLUMN p: 1072',
      'DROP COLUMN p, DROP INDEX upq: runs',
    ]);
  });

  it('is not claimed when what uses the column is not known', () => {
    const { generatedColumnUses: _g, checkConstraintColumns: _c, keys: _k, ...unknown } = USED;
    for (const c of ['DROP COLUMN a', 'DROP COLUMN c', 'RENAME COLUMN d TO d2', 'DROP COLUMN p']) {
      expect(plan(`ALTER TABLE t ${c}`, MYSQL, unknown).rejected, c).toBeNull();
      expect(plan(`ALTER TABLE t ${c}`, MARIADB, unknown).rejected, c).toBeNull();
    }
  });
});

describe('dropping or renaming a column an expression uses (MySQL)', () => {
  const EXPRESSIONS: PlanFacts = {
    columns: ['id', 'a', 'b', 'c'].map((n) => int(n, 'int', true)),
    expressionUses: [
      { kind: 'functional-index', name: 'kf', columns: ['a'] },
      { kind: 'default', name: 'c', columns: ['b'] },
    ],
  };
  const answer = (c: string, s = MYSQL) => {
    const refused = plan(`ALTER TABLE t ${c}`, s, EXPRESSIONS).rejected;
    return refused === null ? 'runs' : (/error (\d+)/.exec(refused)?.[1] ?? refused);
  };

  it('is refused as MySQL 9.7 refused it', () => {
    const clauses = [
      'DROP COLUMN a',
      'RENAME COLUMN a TO a2',
      'DROP COLUMN a, DROP INDEX kf',
      'DROP COLUMN b',
      'CHANGE COLUMN b b2 INT',
      'DROP COLUMN b, DROP COLUMN c',
      "MODIFY COLUMN a INT COMMENT 'x'",
    ];
    expect(clauses.map((c) => `${c}: ${answer(c)}`)).toEqual([
      'DROP COLUMN a: 3837',
      'RENAME COLUMN a TO a2: 3837',
      'DROP COLUMN a, DROP INDEX kf: runs',
      'DROP COLUMN b: 3766',
      'CHANGE COLUMN b b2 INT: 3766',
      'DROP COLUMN b, DROP COLUMN c: runs',
      "MODIFY COLUMN a INT COMMENT 'x': runs",
    ]);
    // MariaDB's behaviour was not checked: no claim.
    expect(answer('DROP COLUMN b', MARIADB)).toBe('runs');
  });
});

describe('dropping the last key that starts with the AUTO_INCREMENT column', () => {
  const T: PlanFacts = {
    columns: [int('id', 'int'), int('x', 'int', true)],
    autoIncrementColumn: 'id',
    keys: [
      { name: 'k_id', columns: ['id'], unique: false },
      { name: 'k_x', columns: ['x'], unique: false },
    ],
  };
  const PK: PlanFacts = { ...T, keys: [{ name: 'PRIMARY', columns: ['id'], unique: true }] };

  it('is refused by both flavors (1075), the primary key too', () => {
    for (const s of [MYSQL, MARIADB]) {
      expect(plan('ALTER TABLE t DROP INDEX k_id', s, T).rejected).toBe(
        'index k_id is the only key that starts with the AUTO_INCREMENT column id: the server refuses to drop it, error 1075 (add another key starting with id in the same statement; seen on MySQL 9.7, MariaDB 10.11 and 11.8)',
      );
      expect(plan('ALTER TABLE t DROP PRIMARY KEY', s, PK).rejected).toMatch(
        /^the primary key is the only key that starts with the AUTO_INCREMENT column id: .*error 1075/,
      );
    }
  });

  it('is not claimed when another key starts with it, is added, or the column changes', () => {
    const sqls = [
      'ALTER TABLE t DROP INDEX k_x',
      'ALTER TABLE t DROP INDEX k_id, ADD INDEX k2 (id, x)',
      'ALTER TABLE t DROP INDEX k_id, ADD UNIQUE KEY u (`id`)',
      'ALTER TABLE t ADD PRIMARY KEY (id), DROP INDEX k_id',
      'ALTER TABLE t DROP INDEX k_id, MODIFY id INT NOT NULL',
    ];
    for (const sql of sqls) expect(plan(sql, MYSQL, T).rejected, sql).toBeNull();
    const two: PlanFacts = {
      ...T,
      keys: [...T.keys!, { name: 'k_idx', columns: ['id', 'x'], unique: false }],
    };
    expect(plan('ALTER TABLE t DROP INDEX k_id', MYSQL, two).rejected).toBeNull();
    expect(plan('ALTER TABLE t DROP INDEX k_id, DROP INDEX k_idx', MYSQL, two).rejected).toMatch(
      /error 1075/,
    );
    // Keys or the column not known: no claim.
    const { keys: _, ...noKeys } = T;
    expect(plan('ALTER TABLE t DROP INDEX k_id', MYSQL, noKeys).rejected).toBeNull();
    expect(
      plan('ALTER TABLE t DROP INDEX k_id', MYSQL, { ...T, autoIncrementColumn: null }).rejected,
    ).toBeNull();
  });
});

describe('a second AUTO_INCREMENT column', () => {
  const T: PlanFacts = {
    autoIncrementColumn: 'id',
    keys: [
      { name: 'k_id', columns: ['id'], unique: false },
      { name: 'k_x', columns: ['x'], unique: false },
    ],
  };
  it('is refused by both flavors (1075), for MODIFY, CHANGE and ADD COLUMN', () => {
    for (const s of [MYSQL, MARIADB]) {
      expect(plan('ALTER TABLE t MODIFY x INT NOT NULL AUTO_INCREMENT', s, T).rejected).toBe(
        "id is already the table's AUTO_INCREMENT column: the server refuses a second one (x), error 1075 (in the same statement, MODIFY id without AUTO_INCREMENT or drop it; seen on MySQL 9.7, MariaDB 10.11 and 11.8)",
      );
      expect(plan('ALTER TABLE t CHANGE x x2 INT NOT NULL auto_increment', s, T).rejected).toMatch(
        /^id is already .*a second one \(x2\), error 1075/,
      );
      expect(plan('ALTER TABLE t ADD COLUMN m INT AUTO_INCREMENT UNIQUE', s, T).rejected).toMatch(
        /a second one \(m\), error 1075/,
      );
    }
  });
  it('is not claimed when the statement releases the other, for the column itself, or unknown', () => {
    for (const sql of [
      'ALTER TABLE t MODIFY id INT NOT NULL, MODIFY x INT NOT NULL AUTO_INCREMENT',
      'ALTER TABLE t DROP COLUMN id, MODIFY x INT NOT NULL AUTO_INCREMENT',
      'ALTER TABLE t MODIFY id BIGINT NOT NULL AUTO_INCREMENT',
      "ALTER TABLE t ADD COLUMN m INT COMMENT 'AUTO_INCREMENT'",
    ])
      expect(plan(sql, MYSQL, T).rejected, sql).toBeNull();
    const sql = 'ALTER TABLE t MODIFY x INT NOT NULL AUTO_INCREMENT';
    expect(plan(sql, MYSQL, { ...T, autoIncrementColumn: null }).rejected).toBeNull();
    const { autoIncrementColumn: _, ...unknown } = T;
    expect(plan(sql, MYSQL, unknown).rejected).toBeNull();
    // Still releasing it keeps the refusal: the other stays AUTO_INCREMENT.
    expect(
      plan('ALTER TABLE t MODIFY id BIGINT AUTO_INCREMENT, MODIFY x INT AUTO_INCREMENT', MYSQL, T)
        .rejected,
    ).toMatch(/error 1075/);
  });
});

describe('a FULLTEXT index on a column that is not text', () => {
  const D: PlanFacts = {
    columns: [
      int('id', 'int'),
      { name: 't', columnType: 'text', nullable: true, maxBytesPerChar: 4 },
      { name: 'v', columnType: 'varchar(40)', nullable: true, maxBytesPerChar: 4 },
      int('n', 'decimal(9,2)', true),
    ],
  };
  it('is refused by both flavors (1283), naming the column and its type', () => {
    for (const s of [MYSQL, MARIADB])
      expect(plan('ALTER TABLE d ADD FULLTEXT INDEX ft (t, n)', s, D).rejected).toBe(
        'column n (decimal(9,2)) cannot be part of a FULLTEXT index, only CHAR, VARCHAR and TEXT columns can: the server refuses it, error 1283 (seen on MySQL 9.7, MariaDB 10.11 and 11.8)',
      );
  });
  it('is not claimed for text columns, a column the statement redefines, or unknown columns', () => {
    for (const sql of [
      'ALTER TABLE d ADD FULLTEXT INDEX ft (t, v)',
      'ALTER TABLE d ADD FULLTEXT (`v`)',
      'ALTER TABLE d MODIFY n TEXT, ADD FULLTEXT INDEX ft (n)',
      'ALTER TABLE d ADD FULLTEXT INDEX ft (gone)',
    ])
      expect(plan(sql, MYSQL, D).rejected, sql).toBeNull();
    expect(plan('ALTER TABLE d ADD FULLTEXT INDEX ft (n)', MYSQL, {}).rejected).toBeNull();
  });
});
