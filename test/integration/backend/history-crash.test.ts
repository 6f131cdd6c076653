import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import type { QueryStatus } from '../../../src/shared/api/query';
import { HISTORY_FILE_NAME } from '../../../src/main/store/history-store';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackendProcess, type BackendProcess } from './backend-process';

failOnUnhandledErrors();

const CYCLES = 8;
const STATEMENTS_PER_CYCLE = 6;

/** The statements in history.jsonl as it is on disk now. */
async function statementsOnDisk(dataDir: string): Promise<string[]> {
  let text = '';
  try {
    text = await readFile(path.join(dataDir, HISTORY_FILE_NAME), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .flatMap((l) => {
      try {
        return [String((JSON.parse(l) as { sql: unknown }).sql)];
      } catch {
        return [];
      }
    });
}

/**
 * Runs `statements` one after another in the session, each started the moment the previous one
 * is announced finished, and SIGKILLs the backend in the same tick the last one is announced:
 * the screen has just learned it finished, and the backend gets no chance to do anything more.
 */
function runThenKill(
  backend: BackendProcess,
  sessionId: string,
  statements: string[],
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const finished: string[] = [];
    let next = 0;
    const start = () => {
      const sql = statements[next++]!;
      backend.call('query.start', { sessionId, sql }).catch(reject);
    };
    backend.onEvent((name, payload) => {
      if (name !== 'query.update') return;
      const status = payload as QueryStatus;
      if (status.state === 'running' || finished.includes(status.sql)) return;
      if (status.state !== 'done') reject(new Error(`${status.sql}: ${status.state}`));
      finished.push(status.sql);
      if (next < statements.length) start();
      else void backend.kill().then(() => resolve(finished), reject);
    });
    start();
  });
}

describe('the history of a finished statement survives a SIGKILL of the backend', () => {
  let dataDir: string;
  let backend: BackendProcess | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-history-crash-'));
  });
  afterAll(async () => {
    await backend?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`keeps every statement announced finished, over ${CYCLES} kills`, async () => {
    const server = testServers().mysql;
    const announced: string[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      backend = await startBackendProcess(dataDir);
      let [connection] = await backend.call('connections.list', {});
      if (!connection) {
        connection = await backend.call('connections.save', {
          settings: {
            ...defaultConnectionSettings(),
            name: 'Crash test',
            endpoint: { kind: 'tcp', host: server.host, port: server.port },
            user: server.user,
            passwordMode: server.password === '' ? 'none' : 'saved',
          },
          secrets: server.password === '' ? {} : { password: server.password },
        });
      }
      const { sessionId } = await backend.call('session.open', { connectionId: connection.id });
      const statements = Array.from(
        { length: STATEMENTS_PER_CYCLE },
        (_, i) => `SELECT 'cycle ${cycle} statement ${i}' AS marker`,
      );
      announced.push(...(await runThenKill(backend, sessionId, statements)));
      backend = null;
      const onDisk = await statementsOnDisk(dataDir);
      expect(
        announced.filter((sql) => !onDisk.includes(sql)),
        `missing from ${HISTORY_FILE_NAME} after kill ${cycle + 1}`,
      ).toEqual([]);
    }
    expect(announced).toHaveLength(CYCLES * STATEMENTS_PER_CYCLE);
    expect((await statementsOnDisk(dataDir)).sort()).toEqual([...announced].sort());
  }, 120_000);
});
