import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession } from './session-helpers';

// A server that stops answering (SIGSTOP: frozen, as on a stalled disk or behind a network cut;
// its sockets stay open and nothing fails) while a screen reads on a session's side connection
// (Tuning's top statements, the schema browser): the read gives the side connection up after
// the read timeout and says so, and the next read, once the server answers, runs on a new one.
// Before, the read waited as long as the server slept: Tuning (one refresh at a time) kept its
// last list as if current, the browser's spinner turned, and every later read of the session's
// side connection queued behind it.

failOnUnhandledErrors();

describe('side connection reads on a server that stops answering (MySQL 9.7)', () => {
  const dedicated = useDedicatedServer('mysql', { name: 'frozen-tuning' });
  let b: BackendUnderTest;
  let server: RunningServer;

  beforeAll(async () => {
    server = dedicated();
    b = await startBackend({ readTimeoutMs: 2_000 });
  });
  afterAll(async () => {
    server?.resume();
    await b?.dispose();
  });

  const statements = (sessionId: string) =>
    b.call('tuning.statements', { sessionId, schema: null, baselineId: null });

  const silent = () => ({
    ok: false,
    error: {
      code: 'CONNECTION_LOST',
      message: `The connection to 127.0.0.1:${server.port} was lost: The server 127.0.0.1:${server.port} did not answer in time.`,
    },
  });

  it('Tuning gives the side connection up, says the server did not answer, and reads again after', async () => {
    const sessionId = await openSession(b, server, 'tuning');
    const first = await statements(sessionId);
    if (!first.ok) throw new Error(first.error.message);
    if (!first.value.available) throw new Error(first.value.reason);

    server.pause();
    try {
      expect(await statements(sessionId)).toEqual(silent());
    } finally {
      server.resume();
    }

    const after = await statements(sessionId);
    if (!after.ok) throw new Error(after.error.message);
    if (!after.value.available) throw new Error(after.value.reason);
    expect(Date.parse(after.value.takenAt)).toBeGreaterThan(Date.parse(first.value.takenAt));
  });

  it('the schema browser gives the side connection up, and the next read answers', async () => {
    const sessionId = await openSession(b, server, 'browser');
    const first = await b.call('schema.objects', { sessionId, schema: 'mysql' });
    if (!first.ok) throw new Error(first.error.message);
    server.pause();
    try {
      expect(await b.call('schema.objects', { sessionId, schema: 'mysql' })).toEqual(silent());
    } finally {
      server.resume();
    }
    expect(await b.call('schema.objects', { sessionId, schema: 'mysql' })).toEqual(first);
  });
});

describe('the wait for a frozen server, as set in Settings (MySQL 9.7)', () => {
  const dedicated = useDedicatedServer('mysql', { name: 'frozen-setting' });
  let b: BackendUnderTest;
  let server: RunningServer;

  beforeAll(async () => {
    server = dedicated();
    // No fixed limit: the backend asks the user's setting at each read.
    b = await startBackend();
  });
  afterAll(async () => {
    server?.resume();
    await b?.dispose();
  });

  it('a saved wait applies to the next read of every screen, without reconnecting', async () => {
    const sessionId = await openSession(b, server, 'browser');
    const first = await b.call('schema.objects', { sessionId, schema: 'mysql' });
    if (!first.ok) throw new Error(first.error.message);
    expect(await b.call('settings.screenReads', {})).toEqual({
      ok: true,
      value: { timeoutSeconds: 30 },
    });
    expect(await b.call('settings.saveScreenReads', { timeoutSeconds: 2 })).toEqual({
      ok: true,
      value: { timeoutSeconds: 2 },
    });
    server.pause();
    try {
      // With the 30 s default the read would still be waiting when the 15 s run out.
      const outcome = await Promise.race([
        b.call('schema.objects', { sessionId, schema: 'mysql' }),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 15 s'), 15_000)),
      ]);
      expect(outcome).toEqual({
        ok: false,
        error: {
          code: 'CONNECTION_LOST',
          message: `The connection to 127.0.0.1:${server.port} was lost: The server 127.0.0.1:${server.port} did not answer in time.`,
        },
      });
    } finally {
      server.resume();
    }
    expect(await b.call('schema.objects', { sessionId, schema: 'mysql' })).toEqual(first);
  });
});
