import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultConnectionSettings,
  type ConnectionSettings,
} from '../../../src/shared/api/connection';
import { queryRow, withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';

failOnUnhandledErrors();

function settingsFor(
  name: string,
  s: { host: string; port: number; user: string; password: string },
): ConnectionSettings {
  return {
    ...defaultConnectionSettings(),
    name,
    endpoint: { kind: 'tcp', host: s.host, port: s.port },
    // MariaDB here has no TLS; new connections now default to 'required'.
    tls: { mode: 'preferred' },
    user: s.user,
    passwordMode: s.password === '' ? 'none' : 'saved',
    connectTimeoutMs: 5000,
  };
}

async function versionOf(s: ServerEndpoint): Promise<string> {
  return withConnection(s, async (c) => String((await queryRow(c, 'SELECT VERSION() AS v')).v));
}

describe('the backend, as a screen uses it', () => {
  let b: BackendUnderTest;
  const servers = testServers();
  const dedicated = useDedicatedServer('mariadb');

  beforeAll(async () => {
    b = await startBackend();
  });
  afterAll(async () => b?.dispose());

  it('tests a connection to MySQL 9.7 and MariaDB 10.11 and tells their flavors apart', async () => {
    const mysql = await b.call('connections.test', {
      settings: settingsFor('m', servers.mysql),
      secrets: {},
    });
    const mariadb = await b.call('connections.test', {
      settings: settingsFor('d', servers.mariadb),
      secrets: {},
    });
    expect(mysql.ok && mysql.value.flavor).toBe('mysql');
    expect(mysql.ok && mysql.value.versionText).toBe(await versionOf(servers.mysql));
    expect(mysql.ok && mysql.value.capabilities.explainJsonV2).toBe(true);
    expect(mariadb.ok && mariadb.value.flavor).toBe('mariadb');
    expect(mariadb.ok && mariadb.value.versionText).toBe(await versionOf(servers.mariadb));
    expect(mariadb.ok && mariadb.value.capabilities.analyzeJson).toBe(true);
  });

  it('tests an edited connection with its saved password when none is retyped', async () => {
    const saved = await b.call('connections.save', {
      settings: { ...settingsFor('pw', servers.mysql), user: 'sightline', passwordMode: 'saved' },
      secrets: { password: 'sightline-pw' },
    });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const settings = {
      ...settingsFor('pw', servers.mysql),
      user: 'sightline',
      passwordMode: 'saved' as const,
    };
    const withSaved = await b.call('connections.test', {
      id: saved.value.id,
      settings,
      secrets: {},
    });
    expect(withSaved).toMatchObject({ ok: true, value: { flavor: 'mysql' } });
    const withWrong = await b.call('connections.test', {
      id: saved.value.id,
      settings,
      secrets: { password: 'nope' },
    });
    expect(withWrong).toMatchObject({
      ok: false,
      error: { code: 'AUTH_FAILED', serverCode: 1045, sqlState: '28000' },
    });
  });

  it('reports a lost session as an event, fails while the server is down, and reconnects after', async () => {
    const server = dedicated();
    const saved = await b.call('connections.save', {
      settings: settingsFor('restart', server),
      secrets: {},
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const opened = await b.call('session.open', { connectionId: saved.value.id });
    if (!opened.ok) throw new Error(opened.error.message);

    await server.stop();
    const lost = (await b.nextEvent('session.lost')) as {
      sessionId: string;
      connectionId: string;
      error: { code: string };
    };
    expect(lost).toMatchObject({
      sessionId: opened.value.sessionId,
      connectionId: saved.value.id,
      error: { code: 'CONNECTION_LOST' },
    });

    const whileDown = await b.call('session.status', { sessionId: opened.value.sessionId });
    expect(whileDown).toMatchObject({ ok: false, error: { code: 'CONNECTION_REFUSED' } });

    await server.start();
    const after = await b.call('session.status', { sessionId: opened.value.sessionId });
    expect(after.ok && after.value.reconnected).toBe(true);
    expect(after.ok && after.value.server.uptimeSeconds).toBeLessThan(60);
    const again = await b.call('session.status', { sessionId: opened.value.sessionId });
    expect(again.ok && again.value.reconnected).toBe(false);
  });

  it('refuses a session id that belongs to nobody', async () => {
    expect(await b.call('session.status', { sessionId: 'not-a-session' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No open session not-a-session' },
    });
  });
  it('closes the sessions of a screen that goes away', async () => {
    const server = dedicated();
    const saved = await b.call('connections.save', {
      settings: settingsFor('close', server),
      secrets: {},
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const opened = await b.call('session.open', { connectionId: saved.value.id });
    if (!opened.ok) throw new Error(opened.error.message);
    const id = opened.value.server.connectionId;
    const present = async () =>
      withConnection(server, async (c) =>
        Number(
          (
            await queryRow(
              c,
              'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ?',
              [id],
            )
          ).n,
        ),
      );
    expect(await present()).toBe(1);
    b.closePeer();
    await expect.poll(present, { timeout: 5000 }).toBe(0);
  });
});
