// The pt-online-schema-change command line Sightline writes, run for real (Debian's Percona
// Toolkit) against the test servers: first as written (a dry run), then with --execute.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineToolCommands } from '../../../src/shared/alter/online-schema-tools';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { parseServerVersion } from '../../../src/shared/server/version';
import { connectTo } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';

const run = promisify(execFile);
const DB = 'sl_ptosc';
const servers = testServers();

describe.each([
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
  ['MariaDB 11.8', servers.mariadb118!],
] as Array<[string, ServerEndpoint]>)(
  'pt-online-schema-change as written for %s',
  (label, server) => {
    let conn: mysql.Connection;
    let command = '';
    let notes: string[] = [];

    const createTable = async () =>
      (
        (await conn.query(`SHOW CREATE TABLE ${DB}.t`)) as unknown as [[{ 'Create Table': string }]]
      )[0][0]['Create Table'];

    /** The command as a user runs it, bar the password prompt (the test login has none). */
    const runCommand = async (line: string) => {
      expect(line).toContain('--ask-pass \\\n  ');
      const { stdout } = await run('bash', ['-c', line.replace('--ask-pass \\\n  ', '')], {
        timeout: 60_000,
      });
      return stdout;
    };

    beforeAll(async () => {
      conn = await connectTo(server);
      await conn.query(
        `DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB};
       CREATE TABLE ${DB}.t (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;
       INSERT INTO ${DB}.t WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 200) SELECT n, n * 2 FROM s;
       CREATE TABLE ${DB}.child (id INT PRIMARY KEY, t_id INT, FOREIGN KEY (t_id) REFERENCES ${DB}.t (id)) ENGINE=InnoDB;
       INSERT INTO ${DB}.child VALUES (1, 1), (2, 200);
       CREATE TABLE ${DB}.log (n INT);
       CREATE TRIGGER ${DB}.t_ai AFTER INSERT ON ${DB}.t FOR EACH ROW INSERT INTO ${DB}.log VALUES (NEW.id);`,
      );
      const [[row]] = (await conn.query('SELECT VERSION() AS v')) as unknown as [[{ v: string }]];
      const parsed = parseAlter(
        `ALTER TABLE ${DB}.t ADD COLUMN w INT NOT NULL DEFAULT 7, ADD INDEX v_idx (v)`,
      );
      if (!parsed.ok) throw new Error(parsed.error);
      const pt = onlineToolCommands(
        parsed.alter,
        { host: server.host, port: server.port, user: server.user, schema: DB, table: 't' },
        {
          hasForeignKeys: true,
          hasTriggers: true,
          replicaCount: 0,
          server: {
            flavor: /mariadb/i.test(row.v) ? 'mariadb' : 'mysql',
            version: parseServerVersion(row.v)!,
          },
        },
      ).find((c) => c.tool === 'pt-online-schema-change')!;
      command = pt.command ?? '';
      expect(command).not.toBe('');
      notes = pt.notes;
    });

    afterAll(async () => {
      await conn?.query(`DROP DATABASE IF EXISTS ${DB}`);
      await conn?.end();
    });

    it('is a dry run that leaves the table as it was', async () => {
      const before = await createTable();
      const out = await runCommand(command);
      expect(out).toContain(`Dry run complete.  \`${DB}\`.\`t\` was not altered.`);
      expect(await createTable()).toBe(before);
    });

    it('with --execute, changes the table, keeping its rows, child foreign key and trigger', async () => {
      expect(command).toContain('--dry-run');
      const out = await runCommand(command.replace('--dry-run', '--execute'));
      expect(out).toContain(`Successfully altered \`${DB}\`.\`t\`.`);
      const after = await createTable();
      expect(after).toMatch(/`w` int(\(11\))? NOT NULL DEFAULT '?7'?/);
      expect(after).toContain('KEY `v_idx` (`v`)');
      const [[counts]] = (await conn.query(
        `SELECT COUNT(*) AS n, SUM(v) AS sv, SUM(w) AS sw FROM ${DB}.t`,
      )) as unknown as [[{ n: number; sv: string; sw: string }]];
      expect(counts).toEqual({ n: 200, sv: '40200', sw: '1400' });
      // The child still points at `t` (the rebuilt one), and the trigger moved with the table.
      const [fks] = (await conn.query(
        `SELECT REFERENCED_TABLE_NAME AS ref FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = ?`,
        [DB],
      )) as unknown as [Array<{ ref: string }>];
      expect(fks).toEqual([{ ref: 't' }]);
      await conn.query(`INSERT INTO ${DB}.t (id, v) VALUES (201, 0)`);
      const [logged] = (await conn.query(`SELECT n FROM ${DB}.log`)) as unknown as [
        Array<{ n: number }>,
      ];
      expect(logged).toEqual([{ n: 201 }]);
      // What the notes said about this server's toolkit and replica search.
      expect(notes.some((n) => n.startsWith('--recursion-method=none'))).toBe(
        label.startsWith('MySQL'),
      );
    });
  },
);
