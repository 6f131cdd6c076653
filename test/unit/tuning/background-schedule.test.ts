import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConnectionSettingsSchema,
  defaultConnectionSettings,
} from '../../../src/shared/api/connection';
import type { CallContext } from '../../../src/main/backend/handlers';
import type { DbSession } from '../../../src/main/db/db-session';
import { SessionRegistry } from '../../../src/main/services/session-registry';
import {
  BackgroundExplains,
  type TopRow,
} from '../../../src/main/services/tuning/background-explains';
import { ConnectionStore } from '../../../src/main/store/connection-store';
import { openKeyFileSecretBox } from '../../../src/main/store/key-file-secret-box';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const ctx: CallContext = { peerId: 'screen', emit: () => undefined, onPeerClose: () => undefined };

function row(digest: string, sample: string | null, sampleTruncated = false): TopRow {
  return {
    schema: 'shop',
    digest,
    digestText: sample,
    sample,
    sampleTruncated,
    calls: 10,
    totalLatencyMs: 5,
    maxLatencyMs: 1,
    lockLatencyMs: 0,
    errors: 0,
    warnings: 0,
    rowsAffected: 0,
    rowsSent: 0,
    rowsExamined: 0,
    tmpTables: 0,
    tmpDiskTables: 0,
    sortMergePasses: 0,
    noIndexUsed: 0,
    noGoodIndexUsed: 0,
    firstSeen: '',
    lastSeen: '',
    extra: {},
  };
}

/**
 * The scheduler over a real connection store and session registry; the server side (reading
 * the digest table, explaining) is what the integration tests run for real: here it is the
 * timing of runs that is under test, which a real server cannot stage.
 */
async function setUp(top: () => Promise<TopRow[]>) {
  const dir = await mkdtemp(join(tmpdir(), 'sl-bg-'));
  dirs.push(dir);
  const store = await ConnectionStore.open(dir, await openKeyFileSecretBox(join(dir, 'key')));
  const saved = await store.save(
    undefined,
    { ...defaultConnectionSettings(), name: 'local', passwordMode: 'none' },
    {},
  );
  const sessions = new SessionRegistry();
  const fakeSession = { close: async () => undefined } as unknown as DbSession;
  const { sessionId } = sessions.add(saved.id, 'screen', fakeSession);
  let inFlight = 0;
  let most = 0;
  const explained: string[] = [];
  const background = new BackgroundExplains({
    store,
    sessions,
    readTop: async (_s, _c, limit) => (await top()).slice(0, limit),
    onlyReads: async () => (sql) => !sql.startsWith('UPDATE'),
    explainOne: async (_s, _c, r) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      explained.push(r.sample);
      inFlight--;
    },
  });
  return { store, sessions, sessionId, background, explained, most: () => most };
}

const on = { enabled: true, intervalMinutes: 10, topStatements: 10, allowOnProduction: false };

describe('BackgroundExplains', () => {
  it('never overlaps itself: a second "run now" waits for the first', async () => {
    const t = await setUp(async () => [row('a', 'SELECT 1'), row('b', 'SELECT 2')]);
    await t.background.save(t.sessionId, ctx, on);
    const [first, second] = await Promise.all([
      t.background.runNow(t.sessionId, ctx),
      t.background.runNow(t.sessionId, ctx),
    ]);
    expect(t.most()).toBe(1);
    expect(t.explained).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 1', 'SELECT 2']);
    expect(first.lastRun!.explained).toHaveLength(2);
    expect(second.state).toBe('waiting');
  });

  it('reports what it skipped, and waits twice as long after a failed run', async () => {
    let fail = false;
    const t = await setUp(async () => {
      if (fail) throw new Error('performance_schema is OFF');
      return [row('a', 'SELECT 1'), row('b', 'SELECT * FROM t WHERE', true), row('c', null)];
    });
    await t.background.save(t.sessionId, ctx, on);
    const ok = await t.background.runNow(t.sessionId, ctx);
    expect(ok.lastRun).toMatchObject({
      considered: 3,
      explained: ['SELECT 1'],
      skipped: [
        { reason: 'truncated', count: 1 },
        { reason: 'no-sample', count: 1 },
      ],
      error: null,
    });
    fail = true;
    const failed = await t.background.runNow(t.sessionId, ctx);
    expect(failed.lastRun!.error).toBe('performance_schema is OFF');
    expect(failed.failuresInARow).toBe(1);
    const wait = Date.parse(failed.nextRunAt!) - Date.parse(failed.lastRun!.finishedAt);
    expect(wait).toBeGreaterThan(19 * 60_000);
    expect(wait).toBeLessThanOrEqual(20 * 60_000 + 1000);
    fail = false;
    const again = await t.background.runNow(t.sessionId, ctx);
    expect(again.failuresInARow).toBe(0);
  });

  it('keeps its settings with the connection and stops with the session', async () => {
    const t = await setUp(async () => [row('a', 'SELECT 1')]);
    const status = await t.background.save(t.sessionId, ctx, { ...on, intervalMinutes: 30 });
    expect(status.state).toBe('waiting');
    const saved = t.store.list()[0]!;
    expect(saved.backgroundExplains).toEqual({ ...on, intervalMinutes: 30 });
    await t.sessions.close(t.sessionId);
    expect(() => t.background.status(t.sessionId, ctx)).toThrow(/No open session/);
  });

  it('refuses on a production connection unless allowed there', async () => {
    const t = await setUp(async () => [row('a', 'SELECT 1')]);
    const saved = t.store.list()[0]!;
    await t.store.save(
      saved.id,
      { ...ConnectionSettingsSchema.parse(saved), production: true },
      {},
    );
    const blocked = await t.background.save(t.sessionId, ctx, on);
    expect(blocked).toMatchObject({ state: 'blocked', nextRunAt: null });
    await expect(t.background.runNow(t.sessionId, ctx)).rejects.toThrow(/marked production/);
    expect(t.explained).toEqual([]);
    const allowed = await t.background.save(t.sessionId, ctx, { ...on, allowOnProduction: true });
    expect(allowed.state).toBe('waiting');
    await t.background.runNow(t.sessionId, ctx);
    expect(t.explained).toEqual(['SELECT 1']);
  });
});
