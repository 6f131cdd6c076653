import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlterFinding, AlterPreflight } from '../../../src/shared/api/alter';
import { testServers } from '../../servers/provided';
import { connectTo, withConnection } from '../../servers/connect';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession, runStatement } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

failOnUnhandledErrors();

const DB = 'sl_alter_findings';
const servers = testServers();

/**
 * The ALTER screen's preflight carries `sightline lint`'s findings for the typed statement, on
 * the live table: what only the server knows (duplicates, a foreign key of another table) is
 * found, and a harmless change is clean.
 */
describe.each([
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
] as const)('lint findings in the ALTER preflight (%s)', (_name, server) => {
  let b: BackendUnderTest;
  let sessionId: string;

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB}; USE ${DB};
        CREATE TABLE account (id INT PRIMARY KEY, email VARCHAR(80) NOT NULL, nick VARCHAR(40),
          note VARCHAR(200)) ENGINE=InnoDB;
        INSERT INTO account VALUES (1, 'a@x', 'a', 'first'), (2, 'a@x', 'b', 'second'), (3, 'c@x', 'c', NULL);
        CREATE TABLE invoice (id INT PRIMARY KEY, account_id INT NOT NULL,
          CONSTRAINT fk_invoice_account FOREIGN KEY (account_id) REFERENCES account (id)) ENGINE=InnoDB;`),
    );
    b = await startBackend();
    sessionId = await openSession(b, server, 'findings');
    await runStatement(b, sessionId, `USE ${DB}`);
  });
  afterAll(async () => {
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
    await b?.dispose();
  });

  async function findings(sql: string): Promise<AlterFinding[]> {
    const r = await b.call('alter.preflight', { sessionId, sql });
    if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
    return (r.value as AlterPreflight).findings;
  }
  const rules = (list: AlterFinding[]) => list.map((f) => f.rule);

  it('finds the duplicates a new unique key would fail on', async () => {
    const found = await findings('ALTER TABLE account ADD UNIQUE KEY uq_email (email)');
    const dup = found.find((f) => f.rule === 'unique-duplicates');
    expect(dup).toMatchObject({ severity: 'danger', line: 1 });
    expect(dup?.message).toContain('email');
    // Without duplicates there is nothing to say about them.
    expect(
      rules(await findings('ALTER TABLE account ADD UNIQUE KEY uq_nick (nick)')),
    ).not.toContain('unique-duplicates');
  });

  it("names another table's foreign key on a column being dropped", async () => {
    const found = await findings('ALTER TABLE account DROP PRIMARY KEY, DROP COLUMN id');
    const used = found.find((f) => f.rule === 'drop-used-object');
    expect(used?.message).toContain('fk_invoice_account');
  });

  it('says a narrowing can cut data, worst findings first, with where and a fix', async () => {
    const found = await findings('ALTER TABLE account\n  MODIFY note VARCHAR(20)');
    expect(rules(found)).toContain('lossy-type-change');
    const lossy = found.find((f) => f.rule === 'lossy-type-change')!;
    expect(lossy.line).toBe(2);
    const order = { danger: 0, warning: 1, info: 2 };
    const ranks = found.map((f) => order[f.severity]);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    expect(found.some((f) => f.fix !== null)).toBe(true);
  });

  it('names the sessions preflight found on the table, and only those', async () => {
    const holder = await connectTo(server);
    try {
      // A locking read: MariaDB lists the transaction in INNODB_TRX at once.
      await holder.query('BEGIN');
      await holder.query(`SELECT * FROM ${DB}.account WHERE id = 1 FOR UPDATE`);
      const [idRows] = await holder.query('SELECT CONNECTION_ID() AS id');
      const holderId = Number((idRows as Array<{ id: number }>)[0]?.id);
      // InnoDB refreshes INNODB_TRX only when it was not read in the last 0.1 s (MariaDB reads
      // blockers from it, and preflights ran just before): wait, reading less often than that,
      // until it lists the holder, as a DBA's click a moment later would see it.
      await expect
        .poll(
          async () => {
            const [rows] = await holder.query(
              'SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = ?',
              [holderId],
            );
            return Number((rows as Array<{ n: unknown }>)[0]?.n);
          },
          { interval: 250, timeout: 10_000 },
        )
        .toBe(1);
      const r = await b.call('alter.preflight', {
        sessionId,
        sql: 'ALTER TABLE account ADD COLUMN seen INT',
      });
      if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
      const p = r.value as AlterPreflight;
      const busy = p.findings.find((f) => f.rule === 'metadata-lock-busy');
      expect(busy?.message).toContain(`${holderId} (root,`);
      // The same sessions as the blockers preflight lists: one reading, both places.
      const named = [...(busy?.message ?? '').matchAll(/(\d+) \(root,/g)].map((m) => Number(m[1]));
      expect(named.sort()).toEqual(
        p.blockers
          .map((x) => x.processId)
          .slice(0, 3)
          .sort(),
      );
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.destroy();
    }
  });

  it('only asks for the explicit clause on an instant column added at the end', async () => {
    const found = await findings('ALTER TABLE account ADD COLUMN added_at DATETIME NULL');
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'no-algorithm-clause',
        severity: 'info',
        fix: 'ALTER TABLE account ALGORITHM=INSTANT, ADD COLUMN added_at DATETIME NULL',
      }),
    ]);
  });
});
