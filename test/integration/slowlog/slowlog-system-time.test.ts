// MySQL with log_timestamps=SYSTEM and a session time zone other than UTC: the file writes each
// time with its UTC offset and mysql.slow_log's start_time reads in the session's zone. Both
// must give the same instants, and the screen's text must name the zone it shows.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowLogSeconds, slowLogZone } from '../../../src/shared/slowlog';
import { withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { ended } from './slowlog-run';

describe('slow log times with log_timestamps=SYSTEM (MySQL 9.7)', () => {
  const server = useDedicatedServer('mysql', {
    name: 'slowlog-system-time',
    extraArgs: [
      '--slow-query-log=ON',
      '--long-query-time=0',
      '--slow-query-log-file=slow.log',
      '--log-output=FILE,TABLE',
      '--log-timestamps=SYSTEM',
      '--default-time-zone=+05:00',
    ],
  });
  let b: BackendUnderTest;
  let sessionId: string;

  beforeAll(async () => {
    b = await startBackend();
    sessionId = await openSession(b, server(), 'slowlog-system-time');
  });
  afterAll(async () => {
    await b?.dispose();
  });

  it('reads the file and mysql.slow_log as the same instants, zone named', async () => {
    await withConnection(server(), async (c) => {
      await c.query('TRUNCATE TABLE mysql.slow_log');
      await c.query("SELECT 'sl-system-time' AS marker");
    });
    const log = join(server().dataDir, 'slow.log');
    await expect
      .poll(async () => (await readFile(log, 'latin1')).includes("'sl-system-time'"))
      .toBe(true);
    const text = await readFile(log, 'latin1');
    // The server writes its offset (the OS zone of the test machine), not `Z`.
    expect(text).toMatch(/^# Time: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}[+-]\d\d:\d\d$/m);

    const file = await b.call('slowlog.analyze', { sessionId, path: log });
    if (!file.ok) throw new Error(file.error.message);
    const table = await b.call('slowlog.analyzeTable', { sessionId });
    if (!table.ok) throw new Error(table.error.message);
    const fromFile = (await ended(b, file.value.runId)).result!;
    const fromTable = (await ended(b, table.value.runId)).result!;
    const marker = (r: typeof fromFile) =>
      r.classes.find((c) => c.fingerprint.startsWith('select ? as marker'))!;
    const fileTime = marker(fromFile).lastSeen!;
    const tableTime = marker(fromTable).lastSeen!;
    expect(slowLogZone(fileTime)).toMatch(/^UTC[+-]\d\d:\d\d$/);
    expect(slowLogZone(tableTime)).toBe('UTC');
    // The file's time is when the entry was written, the table's when the statement started:
    // the same second, or the next one.
    const apart = slowLogSeconds(fileTime)! - slowLogSeconds(tableTime)!;
    expect([0, 1]).toContain(apart);
  });
});
