import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { createBackend } from '../../src/main/backend/backend';
import type { Peer } from '../../src/main/backend/peer';
import { keySecretBox } from '../../src/main/store/key-secret-box';
import { startServer } from '../servers/instance';
import { median, timeEach, type Bench } from './bench';

/**
 * Connect + describe the server: Sightline's `connections.test` through the backend's router,
 * against mysql2 doing the same queries by hand. Interleaved rounds, so drift hits both alike.
 */
export const connectAndDescribe: Bench = {
  name: 'connect+describe',
  async run() {
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
      const baseline = async () => {
        const conn = await mysql.createConnection({
          host: server.host,
          port: server.port,
          user: server.user,
        });
        await conn.query(
          'SELECT VERSION(), @@version_comment, @@hostname, CONNECTION_ID(), @@system_time_zone, @@time_zone',
        );
        await conn.query("SHOW GLOBAL STATUS LIKE 'Uptime'");
        await conn.end();
      };
      const sightline = async () => {
        const reply = (await call('connections.test', { settings, secrets: {} })) as {
          ok: boolean;
        };
        if (!reply.ok) throw new Error(`connections.test failed: ${JSON.stringify(reply)}`);
      };
      await timeEach(3, baseline);
      await timeEach(3, sightline);
      const base: number[] = [];
      const ours: number[] = [];
      for (let round = 0; round < 5; round++) {
        base.push(...(await timeEach(10, baseline)));
        ours.push(...(await timeEach(10, sightline)));
      }
      await backend.close();
      const b = median(base);
      const s = median(ours);
      return [
        'connect+describe (MySQL 9.7, TCP, no TLS)',
        `  baseline mysql2 by hand    : ${b.toFixed(2)} ms median of ${base.length}`,
        `  sightline connections.test : ${s.toFixed(2)} ms median of ${ours.length}`,
        `  ratio sightline/baseline   : ${(s / b).toFixed(2)}`,
      ].join('\n');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await server.destroy();
    }
  },
};
