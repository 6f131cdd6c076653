import { describe, expect, it } from 'vitest';
import {
  lintMigration,
  lintStatement,
  loadSchemaDump,
  parseLintTarget,
  uniqueKeyId,
  type LiveTableFacts,
  type PlacedFinding,
} from '../../../src/shared/lint';

const SCHEMA = `
CREATE TABLE customers (
  id INT NOT NULL AUTO_INCREMENT,
  email VARCHAR(200) NOT NULL,
  name VARCHAR(100) CHARACTER SET utf8mb4 DEFAULT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY email (email)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
CREATE TABLE orders (
  id BIGINT NOT NULL,
  customer_id INT NOT NULL,
  status ENUM('new','paid','sent') NOT NULL DEFAULT 'new',
  qty SMALLINT NOT NULL DEFAULT 1,
  price DECIMAL(10,2) NOT NULL,
  price_x2 DECIMAL(11,2) AS (price * 2) VIRTUAL,
  note VARCHAR(255) DEFAULT NULL,
  PRIMARY KEY (id),
  KEY fk_customer (customer_id),
  CONSTRAINT fk_customer FOREIGN KEY (customer_id) REFERENCES customers (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
CREATE TABLE events (
  code VARCHAR(20) NOT NULL,
  at DATETIME NOT NULL,
  UNIQUE KEY code (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE logs (id INT PRIMARY KEY, msg TEXT, FULLTEXT KEY ft (msg)) ENGINE=InnoDB;
CREATE TABLE nokey (a INT, b INT);
CREATE VIEW recent AS SELECT id, note FROM orders;
`;

const mysql84 = parseLintTarget('mysql-8.4')!;

function lint(
  sql: string,
  options: { target?: string; live?: Record<string, LiveTableFacts> } = {},
) {
  const target = parseLintTarget(options.target ?? 'mysql-8.4')!;
  const { schema, problems } = loadSchemaDump(
    SCHEMA,
    target.flavor === 'mariadb' ? 'mariadb' : 'mysql',
  );
  expect(problems).toEqual([]);
  const report = lintMigration([{ name: 'V9__change.sql', text: sql }], {
    target,
    schema,
    live: new Map(Object.entries(options.live ?? {})),
  });
  expect(report.errors).toEqual([]);
  return report;
}

function rules(sql: string, options: Parameters<typeof lint>[1] = {}): string[] {
  return lint(sql, options).statements.flatMap((s) =>
    s.findings.map((f) => `${f.severity} ${f.rule}`),
  );
}

function findingOf(
  sql: string,
  rule: string,
  options: Parameters<typeof lint>[1] = {},
): PlacedFinding {
  const found = lint(sql, options)
    .statements.flatMap((s) => s.findings)
    .find((f) => f.rule === rule);
  if (!found) throw new Error(`no ${rule} finding for ${sql}`);
  return found;
}

describe('lint rules', () => {
  it('table-copy: a type change copies the table; the fix names the tool and why', () => {
    const f = findingOf('ALTER TABLE orders MODIFY note VARCHAR(300) NOT NULL;', 'table-copy');
    expect(f).toMatchObject({ severity: 'danger', file: 'V9__change.sql', line: 1, column: 20 });
    expect(f.fix).toContain('pt-online-schema-change --alter-foreign-keys-method=auto');
    expect(f.fix).toContain('foreign keys, which gh-ost does not support');
  });

  it('table-copy: gh-ost for a plain table, neither tool for a table without a key', () => {
    expect(findingOf('ALTER TABLE logs ENGINE=MyISAM;', 'table-copy').fix).toMatch(/^Use gh-ost/);
    expect(findingOf('ALTER TABLE nokey MODIFY b BIGINT;', 'table-copy').fix).toContain(
      'Neither gh-ost nor pt-online-schema-change can copy this table',
    );
  });

  it('table-rebuild with the explicit clause as the fix', () => {
    const f = findingOf(
      'ALTER TABLE orders ADD PRIMARY KEY (id, customer_id), DROP PRIMARY KEY;',
      'table-rebuild',
    );
    expect(f.severity).toBe('warning');
    expect(f.fix).toContain('ALGORITHM=INPLACE, LOCK=NONE');
  });

  it('lock-not-none: SHARED is a warning, EXCLUSIVE asked for is a danger', () => {
    expect(rules('ALTER TABLE orders MODIFY qty INT NOT NULL DEFAULT 1;')).toContain(
      'warning lock-not-none',
    );
    expect(rules('ALTER TABLE orders ADD INDEX n (note), LOCK=EXCLUSIVE;')).toContain(
      'danger lock-not-none',
    );
  });

  it('server-refuses: INSTANT asked for where the server must copy, and MariaDB-only syntax on MySQL', () => {
    expect(rules('ALTER TABLE orders MODIFY note TEXT, ALGORITHM=INSTANT;')).toContain(
      'danger server-refuses',
    );
    expect(rules('ALTER TABLE orders ALTER INDEX fk_customer IGNORED;')).toContain(
      'danger server-refuses',
    );
  });

  it('server-refuses: a type change of a column a foreign key uses, on either side', () => {
    for (const target of ['mysql-8.4', 'mariadb-10.11']) {
      const out = findingOf(
        'ALTER TABLE orders MODIFY customer_id BIGINT NOT NULL;',
        'server-refuses',
        {
          target,
        },
      );
      expect(out.message, target).toMatch(
        /referencing column of foreign key fk_customer: .*(3780|1832)/,
      );
      const into = findingOf(
        'ALTER TABLE customers MODIFY id BIGINT NOT NULL AUTO_INCREMENT;',
        'server-refuses',
        {
          target,
        },
      );
      expect(into.message, target).toMatch(
        /referenced by foreign key fk_customer of orders: .*(3780|1833)/,
      );
    }
    // What keeps the type passes; the session's foreign_key_checks is not known to the lint,
    // so MySQL's refusals that depend on it are not claimed.
    expect(
      rules("ALTER TABLE orders MODIFY customer_id INT NOT NULL COMMENT 'who';"),
    ).not.toContain('danger server-refuses');
  });

  it('plan-unknown: what only the server knows (a keyring for ENCRYPTION)', () => {
    expect(rules("ALTER TABLE orders ENCRYPTION='Y';", { target: 'mysql-9.7' })).toContain(
      'warning plan-unknown',
    );
    // The matrix saw MariaDB add a last column to a table with generated columns instantly.
    expect(
      rules('ALTER TABLE orders ADD COLUMN extra INT;', { target: 'mariadb-10.11' }),
    ).not.toContain('warning plan-unknown');
  });

  it('no-algorithm-clause: an instant change without ALGORITHM=INSTANT gets it as the fix', () => {
    const f = findingOf(
      'ALTER TABLE customers ADD COLUMN phone VARCHAR(20);',
      'no-algorithm-clause',
    );
    expect(f).toMatchObject({
      severity: 'info',
      fix: 'ALTER TABLE customers ALGORITHM=INSTANT, ADD COLUMN phone VARCHAR(20)',
    });
    expect(rules('ALTER TABLE customers ADD COLUMN phone VARCHAR(20), ALGORITHM=INSTANT;')).toEqual(
      [],
    );
  });

  it('mixed-instant-copy: splits an instant ADD COLUMN from a copying change', () => {
    const f = findingOf(
      'ALTER TABLE customers ADD COLUMN phone VARCHAR(20), MODIFY name VARCHAR(50);',
      'mixed-instant-copy',
    );
    expect(f.column).toBe(23);
    expect(f.fix).toBe(
      'Split it: ALTER TABLE customers ALGORITHM=INSTANT, ADD COLUMN phone VARCHAR(20); then ALTER TABLE customers ALGORITHM=COPY, LOCK=SHARED, MODIFY name VARCHAR(50);',
    );
  });

  it('metadata-lock-busy: live sessions holding the table', () => {
    const f = findingOf(
      'ALTER TABLE customers ADD COLUMN phone VARCHAR(20), ALGORITHM=INSTANT;',
      'metadata-lock-busy',
      {
        live: {
          customers: { sessions: [{ id: 42, user: 'app', seconds: 310, relation: 'holds' }] },
        },
      },
    );
    expect(f.message).toContain('42 (app, 310 s)');
    expect(f.fix).toContain('lock_wait_timeout');
  });

  it('metadata-lock-busy: open transactions that only may hold the table are a warning', () => {
    const f = findingOf(
      'ALTER TABLE customers ADD COLUMN phone VARCHAR(20), ALGORITHM=INSTANT;',
      'metadata-lock-busy',
      {
        live: {
          customers: {
            sessions: [{ id: 7, user: 'app', seconds: 3, relation: 'open-transaction' }],
          },
        },
      },
    );
    expect(f.severity).toBe('warning');
    expect(f.message).toContain('1 open transaction may hold');
  });

  it('row-version-limit: instant ADD COLUMN on a table at its limit rebuilds it', () => {
    const at = lint('ALTER TABLE customers ADD COLUMN phone VARCHAR(20);', {
      target: 'mysql-9.7',
      live: { customers: { rowVersions: 255 } },
    }).statements[0]!;
    expect(at.plan?.algorithm).toBe('inplace-rebuild');
    expect(at.findings.map((f) => `${f.severity} ${f.rule}`)).toContain('danger row-version-limit');
    const near = rules('ALTER TABLE customers ADD COLUMN phone VARCHAR(20);', {
      target: 'mysql-8.0.36',
      live: { customers: { rowVersions: 60 } },
    });
    expect(near).toContain('warning row-version-limit');
    expect(
      rules('ALTER TABLE customers ADD COLUMN phone VARCHAR(20);', {
        target: 'mysql-9.7',
        live: { customers: { rowVersions: 3 } },
      }),
    ).not.toContain('warning row-version-limit');
  });

  it('a server that copies ALTERs naming no algorithm (old_alter_table=ON) is planned so', () => {
    const live = {
      customers: { serverAlgorithm: { algorithm: 'COPY' as const, setting: 'old_alter_table=ON' } },
    };
    const copied = lint('ALTER TABLE customers ADD COLUMN phone VARCHAR(20);', {
      target: 'mysql-9.7',
      live,
    }).statements[0]!;
    expect(copied.plan?.algorithm).toBe('copy');
    expect(copied.findings.map((f) => `${f.severity} ${f.rule}`)).toContain('danger table-copy');
    const written = lint('ALTER TABLE customers ADD COLUMN phone VARCHAR(20), ALGORITHM=INSTANT;', {
      target: 'mysql-9.7',
      live,
    }).statements[0]!;
    expect(written.plan?.algorithm).toBe('instant');
  });

  it('row-version-limit counts instant changes made earlier in the same migration (a rebuild resets it)', () => {
    const sql = Array.from(
      { length: 5 },
      (_, n) => `ALTER TABLE customers ADD COLUMN c${n} INT, ALGORITHM=INSTANT;`,
    ).join('\n');
    const report = lint(sql, { target: 'mysql-8.0.36', live: { customers: { rowVersions: 62 } } });
    expect(report.statements.map((s) => s.plan?.algorithm)).toEqual([
      'instant',
      'instant',
      'inplace-rebuild',
      'instant',
      'instant',
    ]);
  });

  it('not-null-without-default: a new NOT NULL column, and a column made NOT NULL', () => {
    expect(rules('ALTER TABLE customers ADD COLUMN tier INT NOT NULL, ALGORITHM=INSTANT;')).toEqual(
      ['warning not-null-without-default'],
    );
    expect(
      rules('ALTER TABLE customers ADD COLUMN tier INT NOT NULL DEFAULT 0, ALGORITHM=INSTANT;'),
    ).toEqual([]);
    const f = findingOf(
      'ALTER TABLE orders MODIFY note VARCHAR(255) NOT NULL;',
      'not-null-without-default',
    );
    expect(f.message).toContain('becomes NOT NULL');
  });

  it('lossy-type-change: narrower integer, shorter string, fewer ENUM members, narrower charset', () => {
    expect(
      findingOf('ALTER TABLE orders MODIFY qty TINYINT NOT NULL DEFAULT 1;', 'lossy-type-change')
        .message,
    ).toContain('smallint narrows to tinyint');
    expect(
      findingOf('ALTER TABLE orders MODIFY note VARCHAR(100);', 'lossy-type-change').message,
    ).toContain('longer values are cut');
    expect(
      findingOf(
        "ALTER TABLE orders MODIFY status ENUM('new','paid') NOT NULL DEFAULT 'new';",
        'lossy-type-change',
      ).message,
    ).toContain("'sent'");
    expect(
      findingOf(
        'ALTER TABLE customers MODIFY name VARCHAR(100) CHARACTER SET latin1;',
        'lossy-type-change',
      ).message,
    ).toContain('from utf8mb4 to latin1');
    expect(
      findingOf('ALTER TABLE customers CONVERT TO CHARACTER SET utf8mb3;', 'lossy-type-change')
        .message,
    ).toContain('name (utf8mb4)');
    expect(
      rules(
        "ALTER TABLE orders MODIFY status ENUM('new','paid','sent','lost') NOT NULL DEFAULT 'new';",
      ),
    ).not.toContain('danger lossy-type-change');
    expect(rules('ALTER TABLE orders MODIFY qty INT NOT NULL DEFAULT 1;')).not.toContain(
      'danger lossy-type-change',
    );
  });

  it('lossy-type-change: the fix counts the rows the change would damage', () => {
    expect(
      findingOf('ALTER TABLE orders MODIFY note VARCHAR(100);', 'lossy-type-change').fix,
    ).toContain('SELECT COUNT(*) FROM `orders` WHERE CHAR_LENGTH(`note`) > 100');
    expect(
      findingOf('ALTER TABLE orders MODIFY qty TINYINT NOT NULL DEFAULT 1;', 'lossy-type-change')
        .fix,
    ).toContain('WHERE `qty` NOT BETWEEN -128 AND 127');
    expect(
      findingOf(
        "ALTER TABLE orders MODIFY status ENUM('new','paid') NOT NULL DEFAULT 'new';",
        'lossy-type-change',
      ).fix,
    ).toContain("WHERE `status` IN ('sent')");
  });

  it('drop-used-object: columns used by a foreign key, a generated column, a view; a needed index; a referenced table', () => {
    expect(
      findingOf('ALTER TABLE orders DROP COLUMN customer_id;', 'drop-used-object').message,
    ).toContain('foreign key fk_customer');
    expect(
      findingOf('ALTER TABLE orders DROP COLUMN price;', 'drop-used-object').message,
    ).toContain('generated column price_x2');
    expect(findingOf('ALTER TABLE orders DROP COLUMN note;', 'drop-used-object').message).toContain(
      'view recent',
    );
    expect(
      findingOf('ALTER TABLE customers DROP COLUMN id;', 'drop-used-object').message,
    ).toContain('fk_customer of table orders');
    expect(
      findingOf('ALTER TABLE orders DROP INDEX fk_customer;', 'drop-used-object').message,
    ).toContain('error 1553');
    expect(findingOf('DROP TABLE customers;', 'drop-used-object').message).toContain(
      'foreign key fk_customer of table orders',
    );
    expect(rules('DROP TABLE orders, customers;')).toEqual(['danger drop-used-object']);
    expect(
      rules(
        'ALTER TABLE orders DROP FOREIGN KEY fk_customer, DROP COLUMN customer_id, ALGORITHM=INPLACE, LOCK=NONE;',
      ),
    ).not.toContain('danger drop-used-object');
  });

  it('unique-duplicates: from the live duplicate check', () => {
    const live = {
      customers: { duplicates: new Map([[uniqueKeyId('customers', ['name']), true]]) },
    };
    const f = findingOf(
      'ALTER TABLE customers ADD UNIQUE KEY name_u (name);',
      'unique-duplicates',
      { live },
    );
    expect(f.fix).toContain('GROUP BY name HAVING COUNT(*) > 1');
    const clean = {
      customers: { duplicates: new Map([[uniqueKeyId('customers', ['name']), false]]) },
    };
    expect(
      rules('ALTER TABLE customers ADD UNIQUE KEY name_u (name);', { live: clean }),
    ).not.toContain('danger unique-duplicates');
  });

  it('drop-only-unique: the only unique key of a table without a primary key', () => {
    expect(rules('ALTER TABLE events DROP INDEX code;')).toContain('warning drop-only-unique');
    expect(
      rules('ALTER TABLE events DROP INDEX code, ADD UNIQUE KEY code2 (code, at);'),
    ).not.toContain('warning drop-only-unique');
    expect(rules('ALTER TABLE customers DROP INDEX email;')).not.toContain(
      'warning drop-only-unique',
    );
  });

  it('rename: column and table renames, a danger when a view uses the name', () => {
    expect(
      rules('ALTER TABLE customers RENAME COLUMN name TO full_name, ALGORITHM=INSTANT;'),
    ).toEqual(['warning rename']);
    expect(
      rules('ALTER TABLE orders CHANGE note remark VARCHAR(255) DEFAULT NULL, ALGORITHM=INSTANT;'),
    ).toEqual(['danger rename']);
    expect(rules('RENAME TABLE events TO happenings;')).toEqual(['warning rename']);
    // Foreign keys follow a renamed table (no danger for them); a view does not.
    expect(rules('RENAME TABLE customers TO clients;')).toEqual(['warning rename']);
    expect(rules('ALTER TABLE orders RENAME TO purchases, ALGORITHM=INSTANT;')).toEqual([
      'danger rename',
    ]);
  });

  it('says nothing about cost for a table created earlier in the same migration', () => {
    const report = lint(
      'CREATE TABLE fresh (id INT PRIMARY KEY, v INT);\nALTER TABLE fresh MODIFY v BIGINT, ADD COLUMN w INT NOT NULL;\n',
    );
    expect(
      report.statements.map((s) => [s.kind, s.plan?.algorithm ?? null, s.findings.length]),
    ).toEqual([
      ['create-table', null, 0],
      ['alter-table', 'copy', 0],
    ]);
  });

  it('unknown-table: a table that neither the schema nor the migration has', () => {
    expect(rules('ALTER TABLE nowhere ADD COLUMN a INT, ALGORITHM=INSTANT;')).toEqual([
      'info unknown-table',
    ]);
  });

  it('lintStatement is usable alone: a statement, a table model and a target', () => {
    const { schema } = loadSchemaDump(SCHEMA, 'mysql');
    const result = lintStatement(
      'ALTER TABLE orders MODIFY qty TINYINT',
      schema.tables.get('orders')!,
      mysql84,
      { schema },
    );
    expect(result.plan).toMatchObject({
      algorithm: 'copy',
      lock: 'shared',
      copy: true,
      rebuild: true,
    });
    expect(result.findings.map((f) => [f.rule, f.offset])).toContainEqual([
      'lossy-type-change',
      19,
    ]);
  });
});
