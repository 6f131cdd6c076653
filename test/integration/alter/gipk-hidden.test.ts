import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { planFactsOf } from '../../../src/main/services/alter/preflight';
import { readCreateTable, readTableFacts } from '../../../src/main/services/alter/read-table-facts';
import { readLiveSchema } from '../../../src/main/services/lint/read-live-schema';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { planAlter } from '../../../src/shared/alter/plan-alter';
import type { ServerInfo } from '../../../src/shared/server/server-info';
import { connectTo } from '../../servers/connect';
import { testServers } from '../../servers/provided';

/**
 * MySQL's generated invisible primary key under show_gipk_in_create_table_and_information_schema
 * = OFF (a DBA's or a managed service's choice): SHOW CREATE TABLE and information_schema hide
 * `my_row_id` and its PRIMARY KEY, yet the table has one and the server acts on it.
 */
const DB = 'sl_alter_gipk_hidden';

describe('a generated invisible primary key the session hides, on MySQL 9.7', () => {
  let conn: Connection;
  let server: ServerInfo;

  beforeAll(async () => {
    conn = await connectTo(testServers().mysql);
    server = await readServerInfo(conn, false);
    await conn.query(`DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB}; USE ${DB};
      SET SESSION sql_generate_invisible_primary_key = ON;
      CREATE TABLE g (x INT NOT NULL, y INT) ENGINE=InnoDB;
      SET SESSION sql_generate_invisible_primary_key = OFF;
      INSERT INTO g (x, y) VALUES (1, 1), (2, 2);
      SET SESSION show_gipk_in_create_table_and_information_schema = OFF`);
  });
  afterAll(async () => {
    await conn?.query(`DROP DATABASE IF EXISTS ${DB}`);
    await conn?.end();
  });

  const shown = async () => {
    const [rows] = await conn.query(
      'SELECT @@session.show_gipk_in_create_table_and_information_schema AS v',
    );
    return Number((rows as Array<{ v: unknown }>)[0]?.v);
  };

  it('reads the key as there, and leaves the session hiding it', async () => {
    // What the session itself shows: no key at all.
    const [cols] = await conn.query(
      'SELECT COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
      [DB, 'g'],
    );
    expect((cols as Array<{ c: string }>).map((r) => r.c)).toEqual(['x', 'y']);

    const facts = await readTableFacts(conn, server, DB, 'g');
    expect(facts.hasPrimaryKey).toBe(true);
    expect(facts.columns.map((c) => c.name)).toEqual(['my_row_id', 'x', 'y']);
    expect(facts.createTable).toContain('PRIMARY KEY (`my_row_id`)');
    expect(await readCreateTable(conn, server.flavor, DB, 'g')).toBe(facts.createTable);
    expect(await shown()).toBe(0);
  });

  it('plans ADD PRIMARY KEY as the refusal the server gives', async () => {
    const sql = 'ALTER TABLE g ADD PRIMARY KEY (x)';
    const parsed = parseAlter(sql, 'mysql');
    if (!parsed.ok) throw new Error(parsed.error);
    const facts = await readTableFacts(conn, server, DB, 'g');
    const plan = planAlter(parsed.alter, server, planFactsOf(facts, true));
    expect(plan.rejected).toContain('1068');
    await expect(conn.query(sql)).rejects.toMatchObject({ errno: 1068 });
  });

  it('gives lint --connect the primary key', async () => {
    const schema = await readLiveSchema(conn, DB, 'mysql');
    const g = schema.tables.get('g');
    expect(g?.indexes.find((i) => i.kind === 'primary')?.columns).toEqual(['my_row_id']);
    expect(await shown()).toBe(0);
  });
});
