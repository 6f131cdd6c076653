// `npm run bench`: each figure is printed as a ratio against a baseline measured in the same
// run on the same server, so machines of different speed give comparable numbers.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { createBackend } from '../../src/main/backend/backend';
import type { Peer } from '../../src/main/backend/peer';
import { keySecretBox } from '../../src/main/store/key-secret-box';
import { startServer } from '../servers/instance';
import { benchConnectAndDescribe } from './connect-and-describe';

async function main(): Promise<void> {
  const server = await startServer('mysql', { name: 'bench' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-'));
  try {
    const backend = await createBackend({
      mode: 'web',
      dataDir,
      secretBox: keySecretBox(new Uint8Array(32), 'key-file'),
    });
    let receive: (m: unknown) => void = () => {};
    const waiting = new Map<number, (m: unknown) => void>();
    const peer: Peer = {
      id: 'bench',
      send: (m) => {
        if (m.t === 'result') waiting.get(m.id)?.(m);
      },
      onMessage: (r) => (receive = r),
      onClose: () => {},
    };
    backend.attach(peer);
    let nextId = 1;
    const call = (method: string, params: unknown) =>
      new Promise<unknown>((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        receive({ t: 'call', id, method, params });
      });

    const settings = {
      ...defaultConnectionSettings(),
      name: 'bench',
      endpoint: { kind: 'tcp' as const, host: server.host, port: server.port },
      user: server.user,
      passwordMode: 'none' as const,
      tls: { mode: 'off' as const },
    };
    const result = await benchConnectAndDescribe({
      baseline: async () => {
        const conn = await mysql.createConnection({ host: server.host, port: server.port, user: server.user });
        await conn.query(
          'SELECT VERSION(), @@version_comment, @@hostname, CONNECTION_ID(), @@system_time_zone, @@time_zone',
        );
        await conn.query("SHOW GLOBAL STATUS LIKE 'Uptime'");
        await conn.end();
      },
      sightline: async () => {
        const reply = (await call('connections.test', { settings, secrets: {} })) as { ok: boolean };
        if (!reply.ok) throw new Error(`connections.test failed: ${JSON.stringify(reply)}`);
      },
    });
    console.log(result);
    await backend.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await server.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
