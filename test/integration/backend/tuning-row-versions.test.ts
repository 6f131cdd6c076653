// Schema health's row-version findings read INNODB_TABLES, which writes names in the server's
// file-name encoding (`order-items` is `order@002ditems`) and lists each partition on its own.
// A schema and tables whose names need that encoding must still be found, and named as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { MIN_ROW_VERSIONS, readHealth } from '../../../src/main/services/tuning/read-health';
import { withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';

const server = testServers().mysql;
const db = `sl-rv-${Math.random().toString(36).slice(2, 8)}`;
const q = (name: string) => `\`${name}\``;

/** Instant ADD/DROP COLUMN pairs: each statement is one row version. */
const versions = (table: string, n: number) =>
  Array.from({ length: n }, (_, k) =>
    k % 2 === 0
      ? `ALTER TABLE ${q(table)} ADD COLUMN v INT, ALGORITHM=INSTANT`
      : `ALTER TABLE ${q(table)} DROP COLUMN v, ALGORITHM=INSTANT`,
  ).join(';');

describe('row versions in schema health on MySQL 9.7', () => {
  beforeAll(async () => {
    await withConnection(server!, async (c) => {
      await c.query(`CREATE DATABASE ${q(db)}`);
      await c.query(`USE ${q(db)}`);
      await c.query('CREATE TABLE `order-items` (id INT PRIMARY KEY, a INT)');
      await c.query(`CREATE TABLE \`by range\` (id INT PRIMARY KEY, a INT)
        PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN (20))`);
      await c.query('CREATE TABLE plain (id INT PRIMARY KEY, a INT)');
      await c.query(
        [
          versions('order-items', MIN_ROW_VERSIONS + 2),
          versions('by range', MIN_ROW_VERSIONS),
          versions('plain', 2),
        ].join(';'),
      );
    });
  });
  afterAll(async () => {
    await withConnection(server!, (c) => c.query(`DROP DATABASE IF EXISTS ${q(db)}`));
  });

  it('finds tables whose names InnoDB encodes, once each, by their own names', async () => {
    const found = await withConnection(server!, async (c) => {
      const info = await readServerInfo(c, false);
      const health = await readHealth(c, info, db);
      return health.findings.filter((f) => f.kind === 'row-versions').map((f) => f.title);
    });
    expect(found.sort()).toEqual([
      `by range has ${MIN_ROW_VERSIONS} row versions from instant DDL`,
      `order-items has ${MIN_ROW_VERSIONS + 2} row versions from instant DDL`,
    ]);
  });
});
