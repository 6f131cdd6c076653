/**
 * Passwords never reach Sightline's data folder: statements carrying them, of every clause form
 * each server has, plain and wrapped in PREPARE / EXECUTE IMMEDIATE / SET @s, run through the
 * real backend on real servers in sessions with and without NO_BACKSLASH_ESCAPES and
 * ANSI_QUOTES; then every file the backend wrote is searched for the random passwords.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SqlFlavor } from '../../../src/shared/sql/lexer';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import {
  quoteString,
  SECRET_FORMS,
  wrap,
  type QuotingMode,
  type Wrapping,
} from '../../unit/sql/secret-statements';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, runStatement } from './session-helpers';

failOnUnhandledErrors();

const USER = "'sl_mask_u'@'%'";
const DB = 'sl_mask_db';

/** A password: a random core (what is searched for) inside quote, escape and comment characters. */
function password(): { core: string; password: string } {
  const core = `Qz${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
  return { core, password: `'"\\;*/ ${core} --\\'#` };
}

async function filesUnder(dir: string): Promise<Array<{ path: string; text: string }>> {
  const out: Array<{ path: string; text: string }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, text: await readFile(path, 'latin1') });
  }
  return out;
}

const MODES: Array<{ name: string; modes: string[] }> = [
  { name: 'default', modes: [] },
  { name: 'NO_BACKSLASH_ESCAPES', modes: ['NO_BACKSLASH_ESCAPES'] },
  { name: 'ANSI_QUOTES', modes: ['ANSI_QUOTES'] },
  { name: 'both', modes: ['NO_BACKSLASH_ESCAPES', 'ANSI_QUOTES'] },
];

/** What undoes whatever a form may have set up on the server. */
function cleanup(flavor: SqlFlavor): string[] {
  return [
    'DEALLOCATE PREPARE sl_mask_stmt',
    'DROP SERVER IF EXISTS sl_mask_srv',
    flavor === 'mysql' ? "RESET REPLICA ALL FOR CHANNEL 'sl_mask'" : "RESET SLAVE 'sl_mask' ALL",
  ];
}

const servers = testServers();
const endpoints: Array<{ name: string; server: ServerEndpoint; flavor: SqlFlavor }> = [
  { name: 'MySQL 9.7', server: servers.mysql, flavor: 'mysql' },
  { name: 'MariaDB 10.11', server: servers.mariadb, flavor: 'mariadb' },
  ...(servers.mariadb118
    ? [{ name: 'MariaDB 11.8', server: servers.mariadb118, flavor: 'mariadb' as const }]
    : []),
];

describe.each(endpoints)('passwords in the data folder ($name)', ({ server, flavor }) => {
  it('are masked in history, plans and every other file, in every sql_mode', async () => {
    const b: BackendUnderTest = await startBackend();
    const cores: string[] = [];
    let recorded = 0;
    let setup: string | null = null;
    try {
      try {
        setup = await openSession(b, server, 'setup');
        for (const sql of [
          `DROP USER IF EXISTS ${USER}, 'sl_mask_a'@'%', 'sl_mask_b'@'%'`,
          `CREATE USER ${USER}`,
          `DROP DATABASE IF EXISTS ${DB}`,
          `CREATE DATABASE ${DB}`,
          `CREATE TABLE ${DB}.t (id INT PRIMARY KEY, c VARBINARY(64), d VARBINARY(64))`,
          `CREATE TABLE ${DB}.a (id INT PRIMARY KEY, d VARBINARY(64))`,
        ]) {
          expect((await runStatement(b, setup, sql)).error).toBeNull();
        }

        for (const { modes } of MODES) {
          const session = await openSession(b, server, `mask ${modes.join(',')}`);
          const mode: QuotingMode = {
            flavor,
            noBackslashEscapes: modes.includes('NO_BACKSLASH_ESCAPES'),
            ansiQuotes: modes.includes('ANSI_QUOTES'),
          };
          if (modes.length > 0) {
            const setMode = `SET SESSION sql_mode = CONCAT(@@sql_mode, ',${modes.join(',')}')`;
            expect((await runStatement(b, session, setMode)).error).toBeNull();
          }
          const wrappings: Wrapping[] = ['plain', 'prepare', 'variable', 'execute-immediate'];

          for (const form of SECRET_FORMS.filter((f) => f.flavors.includes(flavor))) {
            for (const wrapping of wrappings) {
              const secrets = [password(), password()];
              cores.push(...secrets.slice(0, form.secrets).map((s) => s.core));
              const sql = form.build((n) => quoteString(secrets[n]!.password, mode), USER);
              for (const statement of wrap(sql, wrapping, mode)) {
                await runStatement(b, session, statement);
                recorded++;
              }
              for (const statement of cleanup(flavor)) await runStatement(b, session, statement);
            }
          }

          // The case: read with backslash escapes, the first literal would swallow the
          // second clause. The session's real mode masks exactly the two literals.
          const tricky = password();
          cores.push(tricky.core);
          const nbe = `CREATE USER 'sl_mask_a'@'%' IDENTIFIED BY 'x\\', 'sl_mask_b'@'%' IDENTIFIED BY ${quoteString(tricky.password, mode)}`;
          const ran = await runStatement(b, session, nbe);
          recorded++;
          if (mode.noBackslashEscapes) {
            expect(ran.error).toBeNull();
            const found = await b.call('history.search', { text: 'sl_mask_b', limit: 1 });
            if (!found.ok) throw new Error(found.error.message);
            expect(found.value.entries[0]?.sql).toBe(
              "CREATE USER 'sl_mask_a'@'%' IDENTIFIED BY '***', 'sl_mask_b'@'%' IDENTIFIED BY '***'",
            );
          }
          await runStatement(b, session, "DROP USER IF EXISTS 'sl_mask_a'@'%', 'sl_mask_b'@'%'");

          // plans.jsonl: the explained statement, its EXPLAIN and the plan document.
          // MariaDB prints a quote in a condition as `\'`, which is not JSON: its plan could not
          // be read at all, so its key has no quote.
          const key = flavor === 'mysql' ? password() : { ...password(), password: '' };
          if (key.password === '') key.password = key.core;
          cores.push(key.core);
          const explained = await b.call('explain.run', {
            sessionId: session,
            sql: `SELECT id FROM ${DB}.t WHERE d <> AES_ENCRYPT('data', ${quoteString(key.password, mode)})`,
            analyze: false,
          });
          if (!explained.ok) throw new Error(`${modes.join()}: ${explained.error.message}`);
          expect(explained.value.document).toContain(key.core);

          // alter-history.jsonl: an ALTER run whose statement holds a key, and one that fails.
          if (modes.length === 0) {
            for (const [n, ok] of [
              [1, true],
              [2, false],
            ] as const) {
              const alterKey = password();
              cores.push(alterKey.core);
              const key = quoteString(alterKey.password, mode);
              // MySQL refuses AES_ENCRYPT in a DEFAULT under binary logging (1674, unsafe); a
              // virtual column is allowed.
              const column =
                flavor === 'mysql'
                  ? `ADD COLUMN e${n} VARBINARY(64) AS (AES_ENCRYPT(d, ${key})) VIRTUAL`
                  : `ADD COLUMN e${n} VARBINARY(64) DEFAULT (AES_ENCRYPT('data', ${key}))`;
              const started = await b.call('alter.run', {
                sessionId: session,
                sql: `ALTER TABLE ${DB}.a ${column}${ok ? '' : ', ADD COLUMN e1 INT'}`,
                lockWaitTimeoutSeconds: 10,
                enableStageInstruments: false,
              });
              if (!started.ok) throw new Error(started.error.message);
              let status = started.value;
              while (status.endedAt === null) {
                await new Promise((r) => setTimeout(r, 50));
                const s = await b.call('alter.status', { runId: status.runId });
                if (!s.ok) throw new Error(s.error.message);
                status = s.value;
              }
              expect(status.state, status.outcome ?? undefined).toBe(ok ? 'done' : 'failed');
            }
            const alters = await b.call('alter.history', {});
            if (!alters.ok) throw new Error(alters.error.message);
            expect(alters.value).toHaveLength(2);
            // MySQL reads a generated column's expression again, with the sql_mode of whoever
            // opens the table: under NO_BACKSLASH_ESCAPES the key's escapes no longer parse.
            await runStatement(b, session, `DROP TABLE ${DB}.a`);
          }
          await b.call('session.close', { sessionId: session });
        }
      } finally {
        if (setup !== null) {
          for (const sql of [
            ...cleanup(flavor),
            `DROP USER IF EXISTS ${USER}, 'sl_mask_a'@'%', 'sl_mask_b'@'%'`,
            `DROP DATABASE IF EXISTS ${DB}`,
          ]) {
            await runStatement(b, setup, sql);
          }
        }
        // Closing writes what the stores still hold.
        await b.backend.close();
      }

      const files = await filesUnder(b.dataDir);
      const names = files.map((f) => f.path.slice(b.dataDir.length + 1));
      expect(names).toEqual(
        expect.arrayContaining(['history.jsonl', 'plans.jsonl', 'alter-history.jsonl']),
      );
      expect(files.find((f) => f.path === join(b.dataDir, 'plans.jsonl'))?.text).toContain(
        'AES_ENCRYPT',
      );
      const historyLines = files
        .find((f) => f.path === join(b.dataDir, 'history.jsonl'))!
        .text.split('\n');
      expect(historyLines.length).toBeGreaterThan(recorded);
      for (const file of files) {
        const lower = file.text.toLowerCase();
        const leaked = cores.filter((core) => lower.includes(core.toLowerCase()));
        expect(leaked, file.path).toEqual([]);
      }
    } finally {
      await rm(b.dataDir, { recursive: true, force: true });
    }
  });
});
