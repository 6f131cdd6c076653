// The server's own slow log read over the connection's SSH tunnel (SFTP, read-only) through a
// real OpenSSH server: the sources list says it is there, the classes are the core digest's of
// the same file read locally, and a file that is gone is named with the reason.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import { readSlowLogSources } from '../../../src/main/slowlog/read-slowlog-sources';
import { SlowLogDigest } from '../../../src/shared/slowlog';
import { withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { ended } from './slowlog-run';
import { startSshd, type SshServer } from '../db/sshd';
import { waitForSlowLogText } from '../../servers/slow-log-file';

describe('slow log API: the server’s file over SSH (MySQL 9.7)', () => {
  const server = useDedicatedServer('mysql', {
    name: 'slowlog-ssh',
    extraArgs: ['--slow-query-log=ON', '--long-query-time=0', '--slow-query-log-file=slow.log'],
  });
  let b: BackendUnderTest;
  let sshd: SshServer;
  let sessionId: string;
  let plainSessionId: string;
  let log: string;

  beforeAll(async () => {
    sshd = await startSshd();
    b = await startBackend();
    const saved = await b.call('connections.save', {
      settings: {
        ...defaultConnectionSettings(),
        name: 'slowlog-ssh',
        // The database as the SSH host sees it: the same machine here.
        endpoint: { kind: 'tcp', host: '127.0.0.1', port: server().port },
        tls: { mode: 'preferred' },
        user: server().user,
        passwordMode: server().password === '' ? 'none' : 'saved',
        ssh: {
          host: sshd.host,
          port: sshd.port,
          user: sshd.user,
          auth: 'key',
          privateKeyFile: sshd.clientKey,
          hostKeySha256: sshd.hostKeySha256,
        },
      },
      secrets: {
        sshPassphrase: sshd.passphrase,
        ...(server().password === '' ? {} : { password: server().password }),
      },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const opened = await b.call('session.open', { connectionId: saved.value.id });
    if (!opened.ok) throw new Error(opened.error.message);
    sessionId = opened.value.sessionId;
    plainSessionId = await openSession(b, server(), 'slowlog-no-ssh');
    log = join(server().dataDir, 'slow.log');
  }, 120_000);

  afterAll(async () => {
    await b?.dispose();
    await sshd?.stop();
  });

  const sources = async (id: string) => {
    const r = await b.call('slowlog.sources', { sessionId: id });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.sources.find((s) => s.kind === 'ssh')!;
  };

  it('offers the server’s file where the connection has a tunnel, and says why not elsewhere', async () => {
    expect(await sources(sessionId)).toEqual({
      kind: 'ssh',
      label: "The server's file over SSH",
      available: true,
      reason: `${log} over SFTP, read-only.`,
    });
    expect(await sources(plainSessionId)).toMatchObject({
      available: false,
      reason: 'This connection has no SSH tunnel.',
    });
    const refused = await b.call('slowlog.analyzeServerFile', { sessionId: plainSessionId });
    expect(!refused.ok && refused.error.code).toBe('INVALID_REQUEST');
  });

  it('reads the file the server writes into the classes the same file gives locally', async () => {
    await withConnection(server(), async (c) => {
      await c.query('CREATE DATABASE sl_ssh');
      await c.query('USE sl_ssh');
      await c.query('CREATE TABLE t (a INT PRIMARY KEY)');
      for (let i = 0; i < 7; i += 1) await c.query(`SELECT * FROM t WHERE a = ${i}`);
      // Stops the log here: the server goes on logging (this backend's statements) into a new
      // file, and the renamed one, whole, is compared below.
      await c.query("SELECT 'sl-ssh-end'");
    });
    await waitForSlowLogText(log, "SELECT 'sl-ssh-end'");
    // The server's file, held still: renamed away and the server told to reopen its log (so
    // the backend's next statements go to a new slow.log), then renamed back in its place.
    const held = `${log}.held`;
    await rename(log, held);
    await withConnection(server(), (c) => c.query('FLUSH SLOW LOGS'));
    const bytes = await readFile(held);
    await rename(held, log);

    const r = await b.call('slowlog.analyzeServerFile', { sessionId, filter: { db: 'sl_ssh' } });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    expect(r.value.path).toBe(`ssh://${sshd.user}@127.0.0.1:${sshd.port}${log}`);
    expect(r.value.totalBytes).toBe(bytes.length);
    const done = await ended(b, r.value.runId);
    expect(done.error).toBeNull();
    expect(done.bytesRead).toBe(bytes.length);

    const digest = new SlowLogDigest({ db: 'sl_ssh' });
    await readSlowLogSources([log], (e) => digest.add(e));
    const core = digest.results();
    const result = done.result!;
    expect(result.entries).toBe(digest.count);
    expect(result.filteredOut).toBe(digest.filteredOut);
    expect(result.classes.map((c) => [c.checksum, c.count, c.queryTime.sum]).sort()).toEqual(
      core.map((c) => [c.checksum, c.count, c.numeric.get('Query_time')!.sum]).sort(),
    );
    expect(result.classes.find((c) => c.fingerprint === 'select * from t where a = ?')!.count).toBe(
      7,
    );

    // A gzip-compressed log in its place reads the same through the same reader.
    const plain = await readFile(log);
    await writeFile(log, gzipSync(plain));
    try {
      const z = await b.call('slowlog.analyzeServerFile', { sessionId, filter: { db: 'sl_ssh' } });
      if (!z.ok) throw new Error(z.error.message);
      const zipped = await ended(b, z.value.runId);
      expect(zipped.bytesRead).toBe(plain.length);
      expect(zipped.result!.classes).toEqual(result.classes);
    } finally {
      await writeFile(log, plain);
    }

    // Two windows of the server's file, read once over SFTP, as the same file compares locally.
    const windows = { before: { db: 'sl_ssh' }, after: { db: 'sl_ssh', user: 'nobody' } };
    const overSsh = await b.call('slowlog.compareServerLog', {
      sessionId,
      source: 'ssh',
      ...windows,
    });
    if (!overSsh.ok) throw new Error(overSsh.error.message);
    const remote = (await ended(b, overSsh.value.runId)).comparison!;
    const local = await b.call('slowlog.compare', {
      sessionId,
      before: { path: log, filter: windows.before },
      after: { path: log, filter: windows.after },
    });
    if (!local.ok) throw new Error(local.error.message);
    const here = (await ended(b, local.value.runId)).comparison!;
    const shape = (c: typeof here) =>
      c.classes.map((x) => [x.checksum, x.change, x.before?.count ?? 0, x.after?.count ?? 0]);
    expect(shape(remote)).toEqual(shape(here));
    expect(remote.before.path).toBe(`ssh://${sshd.user}@127.0.0.1:${sshd.port}${log}`);
    expect(
      remote.classes.find((c) => c.fingerprint === 'select * from t where a = ?'),
    ).toMatchObject({ change: 'gone', countChange: -7 });
  });

  it('names the file and the reason when it is gone', async () => {
    const away = `${log}.away`;
    await rename(log, away);
    try {
      expect(await sources(sessionId)).toEqual({
        kind: 'ssh',
        label: "The server's file over SSH",
        available: false,
        reason: `${log}: no such file on the SSH host (is the SSH host the database server?)`,
      });
      const r = await b.call('slowlog.analyzeServerFile', { sessionId });
      expect(!r.ok && [r.error.code, r.error.message]).toEqual([
        'FILE_ERROR',
        `${log}: no such file on the SSH host (is the SSH host the database server?)`,
      ]);
    } finally {
      await rename(away, log);
    }
  });
});
