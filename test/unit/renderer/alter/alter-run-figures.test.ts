import { describe, expect, it } from 'vitest';
import type { AlterRunStatus } from '../../../../src/shared/api/alter';
import {
  outcomeLine,
  staleProgressNotice,
  runFigures,
  stageWords,
  stateSeverity,
  stateWords,
} from '../../../../src/renderer/alter/run-figures';

const base: AlterRunStatus = {
  runId: 'r1',
  connectionId: 'c1',
  schema: 's',
  table: 't',
  sql: 'ALTER TABLE t FORCE',
  state: 'running',
  progress: {
    percent: 42.125,
    stage: 'stage/innodb/alter table (insert)',
    workCompleted: 1234.4,
    workEstimated: 5000,
    percentPerSecond: 1.2345,
    etaSeconds: 192,
    elapsedSeconds: 30,
  },
  progressSource: 'stages',
  blockers: [],
  processId: 12,
  startedAt: '2026-11-22T03:00:00.000Z',
  endedAt: null,
  elapsedMs: 30_000,
  error: null,
  tableUnchanged: null,
  applied: null,
  stages: [],
  instrumentsEnabled: true,
  outcome: null,
  progressReadAt: '2026-11-22T03:00:30.000Z',
  progressReadError: null,
};

describe('runFigures', () => {
  it('formats a running ALTER in the app style', () => {
    expect(runFigures(base, Date.parse('2026-11-22T03:00:31.500Z'))).toEqual({
      percent: '42.1 %',
      rate: '1.23 %/s',
      eta: '3 min 12 s',
      elapsed: '31.5 s',
      work: '1,234 of 5,000',
    });
  });

  it('shows dashes for what is unknown, and no ETA once ended', () => {
    const waiting = { ...base, progress: null };
    expect(runFigures(waiting, Date.parse('2026-11-22T03:00:01Z'))).toEqual({
      percent: '—',
      rate: '—',
      eta: '—',
      elapsed: '30.0 s',
      work: '—',
    });
    const ended = {
      ...base,
      state: 'done' as const,
      endedAt: '2026-11-22T03:01:00Z',
      elapsedMs: 60_000,
    };
    expect(runFigures(ended, Date.parse('2026-11-22T04:00:00Z'))).toMatchObject({
      eta: '—',
      elapsed: '1 min',
    });
  });

  it('maps states to severities', () => {
    expect(
      (['running', 'waiting-lock', 'done', 'failed', 'cancelled', 'unknown'] as const).map((s) =>
        stateSeverity(s),
      ),
    ).toEqual(['info', 'warning', 'ok', 'danger', 'warning', 'warning']);
  });

  it('says what the check of an unknown outcome found, once it found out', () => {
    expect(
      [null, true, false].map((a) => [stateWords('unknown', a), stateSeverity('unknown', a)]),
    ).toEqual([
      ['Outcome unknown', 'warning'],
      ['Applied (checked after the lost connection)', 'ok'],
      ['Not applied (checked after the lost connection)', 'warning'],
    ]);
    expect(stateWords('done', true)).toBe('Done');
  });
});

describe('ALTER words', () => {
  it('says what a stage instrument means instead of its name', () => {
    expect(stageWords('stage/innodb/alter table (read PK and internal sort)')).toBe(
      'reading the rows and sorting the index entries',
    );
    expect(stageWords('stage/sql/copy to tmp table')).toBe('copying the rows to a new table');
    // Unknown: the name without its instrument prefix.
    expect(stageWords('stage/innodb/alter table (something new)')).toBe(
      'alter table (something new)',
    );
  });

  it('does not repeat the state when the outcome already says it', () => {
    expect(outcomeLine('done', null, 'Done in 36.2 s.')).toBe('Done in 36.2 s.');
    expect(outcomeLine('failed', null, 'Duplicate entry 1 for key PRIMARY.')).toBe(
      `${stateWords('failed')}: Duplicate entry 1 for key PRIMARY.`,
    );
  });
});

describe('staleProgressNotice', () => {
  const failing = {
    ...base,
    progressReadError: {
      code: 'CONNECTION_LOST' as const,
      message: 'The connection to db1:3306 was lost: The server db1:3306 did not answer in time.',
    },
  };

  it('says nothing while reads succeed, or once the run has ended', () => {
    expect(staleProgressNotice(base, Date.parse('2026-11-22T03:01:00Z'))).toBeNull();
    const ended = { ...failing, endedAt: '2026-11-22T03:02:00.000Z', state: 'done' as const };
    expect(staleProgressNotice(ended, Date.parse('2026-11-22T03:03:00Z'))).toBeNull();
  });

  it('says since when the figures are old, and why', () => {
    const at = new Date('2026-11-22T03:00:30.000Z');
    const clock = [at.getHours(), at.getMinutes(), at.getSeconds()]
      .map((n) => String(n).padStart(2, '0'))
      .join(':');
    expect(staleProgressNotice(failing, Date.parse('2026-11-22T03:01:15Z'))).toEqual({
      title: `Progress not read since ${clock} (45.0 s ago)`,
      detail:
        'The connection to db1:3306 was lost: The server db1:3306 did not answer in time. The figures below are from that read; Sightline keeps trying. The ALTER itself may still be running on the server.',
    });
  });

  it('says so when no read has succeeded yet', () => {
    const never = { ...failing, progressReadAt: null, progress: null };
    expect(staleProgressNotice(never, Date.parse('2026-11-22T03:01:15Z'))).toEqual({
      title: 'Progress could not be read yet',
      detail:
        'The connection to db1:3306 was lost: The server db1:3306 did not answer in time. The figures below are from before the first read; Sightline keeps trying. The ALTER itself may still be running on the server.',
    });
  });
});
