// Passwords never end up in plaintext anywhere browser mode writes: the data folder (saved
// connections, history, settings, key files) and its logs (stdout/stderr of the supervisor and
// the backend), after saving, testing, connecting and running statements that carry secrets.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pageProtocols } from './harness/api-socket';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { testServers } from '../servers/provided';
import { startWebApp, type RunningWebApp } from './harness/web-app';

/** One WebSocket kept open, as a page keeps it: sessions belong to the connection that opened them. */
async function connectApi(app: RunningWebApp) {
  const host = `127.0.0.1:${app.port}`;
  const ws = new WebSocket(`ws://${host}/api`, pageProtocols(app), {
    origin: `http://${host}`,
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waiting = new Map<
    number,
    (m: { ok: boolean; value?: unknown; error?: { message: string } }) => void
  >();
  ws.on('message', (d: Buffer) => {
    const m = JSON.parse(d.toString()) as { t: string; id: number; ok: boolean };
    if (m.t === 'result') waiting.get(m.id)?.(m);
  });
  let next = 1;
  return {
    call(method: string, params: unknown): Promise<unknown> {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (m) => {
          waiting.delete(id);
          if (m.ok) resolve(m.value);
          else reject(new Error(`${method} failed: ${m.error?.message}`));
        });
        ws.send(JSON.stringify({ t: 'call', id, method, params }));
      });
    },
    close: () => ws.close(),
  };
}

const USER = 'sl_secrets_e2e';

/** Every file under `dir`, with its bytes. */
async function allFiles(dir: string): Promise<Array<{ file: string; bytes: Buffer }>> {
  const out: Array<{ file: string; bytes: Buffer }> = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await allFiles(full)));
    else out.push({ file: full, bytes: await readFile(full) });
  }
  return out;
}

/** The forms a secret could be written in by mistake. */
function encodings(secret: string): string[] {
  const b = Buffer.from(secret);
  return [secret, b.toString('base64'), b.toString('base64url'), b.toString('hex')];
}

describe('secrets at rest and in logs (browser mode)', () => {
  const servers = testServers();
  const run = Date.now().toString(36);
  const saved = `Saved-Pw-${run}`;
  const typedWrong = `Wrong-Pw-${run}`;
  const inStatement = `Stmt-Pw-${run}`;
  const inTypo = `Typo-Pw-${run}`;
  let app: RunningWebApp;
  let dataDir = '';

  beforeAll(async () => {
    // Our own folder, so it outlives the app and can be searched after it stopped.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-secrets-'));
    app = await startWebApp({ dataDir });
  });
  afterAll(async () => {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  let callApi: (app: RunningWebApp, method: string, params: unknown) => Promise<unknown>;

  async function waitDone(queryId: string): Promise<{ state: string }> {
    for (let i = 0; i < 200; i++) {
      const s = (await callApi(app, 'query.status', { queryId })) as { state: string };
      if (s.state !== 'running') return s;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('statement did not finish');
  }

  it('are found in no file of the data folder and in no log line', async () => {
    const api = await connectApi(app);
    callApi = (_app, method, params) => api.call(method, params);
    const s = servers.mysql;
    const settings = {
      ...defaultConnectionSettings(),
      name: 'Secrets',
      endpoint: { kind: 'tcp' as const, host: s.host, port: s.port },
      user: s.user,
      passwordMode: 'saved' as const,
    };
    // A wrong password, tested: the failure is logged nowhere with the password.
    await expect(
      callApi(app, 'connections.test', { settings, secrets: { password: typedWrong } }),
    ).rejects.toThrow(/Access denied|password/i);
    const conn = (await callApi(app, 'connections.save', {
      settings: { ...settings, user: USER },
      secrets: { password: saved },
    })) as { id: string };
    const root = (await callApi(app, 'connections.save', {
      settings: { ...settings, name: 'Root', passwordMode: s.password ? 'saved' : 'none' },
      secrets: s.password ? { password: s.password } : {},
    })) as { id: string };
    const { sessionId } = (await callApi(app, 'session.open', { connectionId: root.id })) as {
      sessionId: string;
    };
    for (const sql of [
      `DROP USER IF EXISTS '${USER}'@'%'`,
      `CREATE USER '${USER}'@'%' IDENTIFIED BY '${saved}'`,
      `ALTER USER '${USER}'@'%' IDENTIFIED BY '${inStatement}'`,
      `ALTER USERR '${USER}'@'%' IDENTIFIED BY '${inTypo}'`,
      `ALTER USER '${USER}'@'%' IDENTIFIED BY '${saved}'`,
    ]) {
      const started = (await callApi(app, 'query.start', { sessionId, sql })) as {
        queryId: string;
      };
      await waitDone(started.queryId);
    }
    // The saved password really works: it was stored, encrypted, and read back.
    const opened = (await callApi(app, 'session.open', { connectionId: conn.id })) as {
      sessionId: string;
    };
    await callApi(app, 'session.close', { sessionId: opened.sessionId });
    const dropped = (await callApi(app, 'query.start', {
      sessionId,
      sql: `DROP USER '${USER}'@'%'`,
    })) as { queryId: string };
    await waitDone(dropped.queryId);
    const history = (await callApi(app, 'history.search', { limit: 10 })) as {
      entries: Array<{ sql: string }>;
    };
    expect(history.entries.map((e) => e.sql)).toContain(
      `ALTER USERR '${USER}'@'%' IDENTIFIED BY '***'`,
    );
    api.close();
    await app.stop();

    const files = await allFiles(dataDir);
    expect(files.map((f) => path.basename(f.file)).sort()).toEqual(
      expect.arrayContaining(['connections.json', 'history.jsonl', 'secret.key']),
    );
    const leaks: string[] = [];
    const log = Buffer.from(app.output());
    for (const secret of [saved, typedWrong, inStatement, inTypo]) {
      for (const form of encodings(secret)) {
        for (const f of files)
          if (f.bytes.includes(Buffer.from(form))) leaks.push(`${f.file}: ${form}`);
        if (log.includes(Buffer.from(form))) leaks.push(`log: ${form}`);
      }
    }
    expect(leaks).toEqual([]);
    // The log is not empty: the check above read something real.
    expect(app.output()).toMatch(/SIGHTLINE_URL=/);
  });
});
