import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIVEN_UP_MESSAGE } from '../../../src/main/db/db-session';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { threadRunning } from '../../servers/running-statement';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, waitDone } from './session-helpers';

// Cancel while the server is frozen (SIGSTOP: a stalled disk, a cut network; it accepts new
// connections and never greets): no KILL can be sent, and the answer says so in words, that the
// statement still waits and how to give it up, instead of the bare connect error it was. The
// statement is not given up behind the user's back (that would roll back an open transaction);
// once the server answers again it ends as it would have.

failOnUnhandledErrors();

describe('MySQL 9.7: Cancel while the server is frozen', () => {
  const dedicated = useDedicatedServer('mysql', { name: 'frozen-cancel' });
  let b: BackendUnderTest;
  let server: RunningServer;

  beforeAll(async () => {
    server = dedicated();
    b = await startBackend();
  });
  afterAll(async () => {
    server?.resume();
    await b?.dispose();
  });

  const noKill = () =>
    `No KILL was sent: Connecting to 127.0.0.1:${server.port} timed out after 10 s: the server accepted the connection but never sent its greeting. The statement is still waiting on its connection; it ends when the server answers again, or give the connection up (an open transaction is then rolled back).`;

  it('says no KILL was sent and the statement still waits; it ends once the server answers', async () => {
    const sessionId = await openSession(b, server, 'frozen');
    const started = await b.call('query.start', {
      sessionId,
      sql: 'SELECT SLEEP(4) AS frozen_statement',
    });
    if (!started.ok) throw new Error(started.error.message);
    const { queryId } = started.value;
    await threadRunning(server, 'frozen_statement');
    server.pause();
    try {
      const cancelled = await b.call('query.cancel', { queryId });
      expect(cancelled).toEqual({
        ok: true,
        value: {
          cancelled: false,
          reason: noKill(),
          serverSilent: true,
        },
      });
      const status = await b.call('query.status', { queryId });
      expect(status.ok && status.value.state).toBe('running');
    } finally {
      server.resume();
    }
    const ended = await waitDone(b, queryId, 30_000);
    expect(ended.state).toBe('done');
  });

  it('gives the connection up when asked: the statement fails at once, the next one reconnects', async () => {
    const sessionId = await openSession(b, server, 'given-up');
    const started = await b.call('query.start', {
      sessionId,
      sql: 'SELECT SLEEP(4) AS given_up_statement',
    });
    if (!started.ok) throw new Error(started.error.message);
    const { queryId } = started.value;
    await threadRunning(server, 'given_up_statement');
    server.pause();
    try {
      const cancelled = await b.call('query.cancel', { queryId });
      expect(cancelled).toEqual({
        ok: true,
        value: { cancelled: false, reason: noKill(), serverSilent: true },
      });
      expect(await b.call('query.giveUp', { queryId })).toEqual({
        ok: true,
        value: { givenUp: true },
      });
      const ended = await waitDone(b, queryId, 5_000);
      expect(ended.state).toBe('error');
      expect(ended.error).toEqual({ code: 'CONNECTION_LOST', message: GIVEN_UP_MESSAGE });
      expect(await b.nextEvent('session.lost')).toMatchObject({
        sessionId,
        error: { code: 'CONNECTION_LOST', message: GIVEN_UP_MESSAGE },
      });
      // Nothing left to give up.
      expect(await b.call('query.giveUp', { queryId })).toEqual({
        ok: true,
        value: { givenUp: false },
      });
    } finally {
      server.resume();
    }
    const next = await b.call('query.start', { sessionId, sql: 'SELECT 1 AS after_giving_up' });
    if (!next.ok) throw new Error(next.error.message);
    expect((await waitDone(b, next.value.queryId, 30_000)).state).toBe('done');
  });

  it('gives up the connection of an EXPLAIN ANALYZE the frozen server holds', async () => {
    const sessionId = await openSession(b, server, 'explain-given-up');
    const explained = b.call('explain.run', {
      sessionId,
      sql: 'SELECT SLEEP(4) AS given_up_analyze',
      analyze: true,
    });
    await threadRunning(server, 'given_up_analyze');
    server.pause();
    try {
      expect(await b.call('explain.cancel', { sessionId })).toEqual({
        ok: true,
        value: { cancelled: false, reason: noKill(), serverSilent: true },
      });
      expect(await b.call('explain.giveUp', { sessionId })).toEqual({
        ok: true,
        value: { givenUp: true },
      });
      expect(await explained).toEqual({
        ok: false,
        error: { code: 'CONNECTION_LOST', message: GIVEN_UP_MESSAGE },
      });
    } finally {
      server.resume();
    }
    const again = await b.call('explain.run', { sessionId, sql: 'SELECT 1', analyze: false });
    expect(again.ok).toBe(true);
  });
});
