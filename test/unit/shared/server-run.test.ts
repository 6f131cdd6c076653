import { describe, expect, it } from 'vitest';
import {
  describeServerRun,
  sameServerRun,
  SERVER_RUN_START_TOLERANCE_MS,
  type ServerRun,
} from '../../../src/shared/server/server-run';

const run: ServerRun = {
  hostname: 'db-1',
  serverId: '7',
  startedAtMs: Date.UTC(2026, 10, 25, 19, 9, 21),
};

describe('server runs', () => {
  it('are the same within the start tolerance, on the same host and server id', () => {
    expect(sameServerRun(run, { ...run })).toBe(true);
    expect(
      sameServerRun(run, { ...run, startedAtMs: run.startedAtMs + SERVER_RUN_START_TOLERANCE_MS }),
    ).toBe(true);
    expect(
      sameServerRun(run, { ...run, startedAtMs: run.startedAtMs - SERVER_RUN_START_TOLERANCE_MS }),
    ).toBe(true);
  });

  it('differ after a restart, or on another server behind the same address', () => {
    expect(
      sameServerRun(run, {
        ...run,
        startedAtMs: run.startedAtMs + SERVER_RUN_START_TOLERANCE_MS + 1,
      }),
    ).toBe(false);
    expect(sameServerRun(run, { ...run, hostname: 'db-2' })).toBe(false);
    expect(sameServerRun(run, { ...run, serverId: '8' })).toBe(false);
  });

  it('are described with host, server id and start in UTC', () => {
    expect(describeServerRun(run)).toBe('db-1 (server id 7), up since 2026-11-25 19:09:21 UTC');
  });
});
