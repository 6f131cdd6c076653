import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveFacts } from '../../../src/main/services/lint/read-live-schema';
import { emptySchema } from '../../../src/shared/lint';
import { detectFlavor } from '../../../src/shared/server/flavor';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { openScratchDatabase, type ScratchDatabase } from '../sql/scratch-database';

// `lint --connect` reads the algorithm the server imposes on ALTERs naming none, as the
// migration tool's session will have it (set per session here; a my.cnf sets it for all).
const servers = testServers();

describe.each([
  ['MySQL 9.7', servers.mysql, 'SET SESSION old_alter_table = ON', 'old_alter_table=ON'],
  [
    'MariaDB 10.11',
    servers.mariadb,
    "SET SESSION alter_algorithm = 'COPY'",
    'alter_algorithm=COPY',
  ],
] as Array<[string, ServerEndpoint, string, string]>)(
  'live facts of %s',
  (_label, server, set, setting) => {
    let scratch: ScratchDatabase & { close(): Promise<void> };
    let conn: mysql.Connection;

    beforeAll(async () => {
      scratch = await openScratchDatabase(server);
      conn = await scratch.connect();
      await conn.query('CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB');
    });
    afterAll(async () => {
      await scratch?.close();
    });

    it('carry the imposed algorithm, and none when the server picks', async () => {
      const read = async () => {
        const [rows] = await conn.query({
          sql: 'SELECT VERSION(), @@version_comment',
          rowsAsArray: true,
        });
        const [version, comment] = (rows as string[][])[0]!;
        const detected = detectFlavor(version!, comment!)!;
        const facts = await readLiveFacts(
          conn,
          detected,
          scratch.name,
          { tables: ['t'], uniqueKeys: [] },
          emptySchema(),
          async () => [],
        );
        return facts.get('t')?.serverAlgorithm;
      };
      expect(await read()).toBeNull();
      await conn.query(set);
      expect(await read()).toEqual({ algorithm: 'COPY', setting });
    });
  },
);
