import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlterHistoryStore } from '../../../src/main/store/alter-history-store';
import { HistoryStore } from '../../../src/main/store/history-store';
import { PlanStore } from '../../../src/main/store/plan-store';
import { maskSecrets, maskSecretsForSession } from '../../../src/shared/sql/mask-secrets';
import { useTempDirs } from '../store/temp-dirs';
import { secretCaseArb, type SecretCase } from './secret-statements';

const tempDir = useTempDirs();

/** Every file under `dir`, read as text. */
async function filesUnder(dir: string): Promise<Array<{ path: string; text: string }>> {
  const out: Array<{ path: string; text: string }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, text: await readFile(path, 'utf8') });
  }
  return out;
}

function leaks(text: string, c: SecretCase): string[] {
  const lower = text.toLowerCase();
  return c.cores.filter((core) => lower.includes(core.toLowerCase()));
}

/** What a server's syntax error says about a statement: it quotes it from some point on. */
function syntaxError(sql: string): string {
  return `You have an error in your SQL syntax; check the manual near '${sql.slice(12)}' at line 1`;
}

describe('secret masking, property', () => {
  it('leaves no password of any clause form, wrapping or sql_mode in the masked text', () => {
    fc.assert(
      fc.property(secretCaseArb, (c) => {
        for (const sql of c.statements) {
          expect(leaks(maskSecrets(sql, c.mode), c), sql).toEqual([]);
          const known = { flavor: c.mode.flavor, noBackslashEscapes: c.mode.noBackslashEscapes };
          for (const lexing of [
            { ...known, ansiQuotes: c.mode.ansiQuotes },
            { flavor: null, noBackslashEscapes: null, ansiQuotes: null },
            { ...known, ansiQuotes: null },
          ]) {
            expect(leaks(maskSecretsForSession(sql, lexing), c), sql).toEqual([]);
          }
        }
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('writes no password to any file of the data folder (history, plans, ALTER history)', async () => {
    await fc.assert(
      fc.asyncProperty(secretCaseArb, fc.boolean(), async (c, knowsMode) => {
        const dir = await tempDir();
        const history = await HistoryStore.open(dir);
        const plans = await PlanStore.open(dir);
        const alters = new AlterHistoryStore(dir);
        for (const sql of c.statements) {
          await history.append({
            connectionId: 'c1',
            connectionName: 'local',
            connectionColor: 'teal',
            schema: null,
            startedAt: '2026-11-25T00:00:00.000Z',
            durationMs: 1,
            state: 'error',
            rows: null,
            affectedRows: null,
            error: { code: 'SERVER_ERROR', serverCode: 1064, message: syntaxError(sql) },
            sql,
            lexing: {
              flavor: null,
              noBackslashEscapes: knowsMode ? c.mode.noBackslashEscapes : null,
              ansiQuotes: null,
            },
          });
          await plans.add({
            recordedAt: '2026-11-25T00:00:00.000Z',
            connectionId: 'c1',
            connectionName: 'local',
            serverVersion: '9.7.0',
            shape: 'x',
            sql,
            explainSql: `EXPLAIN FORMAT=JSON ${sql}`,
            dialect: 'mysql-json-v2',
            document: JSON.stringify({ query_plan: { condition: sql } }),
          });
          await alters.add({
            runId: 'r1',
            connectionId: 'c1',
            connectionName: 'local',
            server: '9.7.0',
            schema: 's',
            table: 't',
            sql,
            algorithm: 'inplace-rebuild',
            lock: 'none',
            startedAt: '2026-11-25T00:00:00.000Z',
            endedAt: '2026-11-25T00:00:01.000Z',
            state: 'failed',
            outcome: syntaxError(sql),
            tableBytes: null,
          });
        }
        await history.flush();
        await plans.flush();
        const files = await filesUnder(dir);
        expect(files.length).toBeGreaterThanOrEqual(3);
        for (const file of files) expect(leaks(file.text, c), file.path).toEqual([]);
      }),
      { numRuns: 150 },
    );
    // Each run opens three stores in a folder of its own: seconds on a busy machine.
  }, 120_000);
});
