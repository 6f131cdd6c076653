import type { ProcessRow } from '../../../src/shared/processlist/process-row';

/** A client row in Sleep; tests override what they are about. */
export function row(overrides: Partial<ProcessRow> & { id: number }): ProcessRow {
  return {
    threadId: null,
    kind: 'client',
    user: 'app',
    host: '10.0.0.5:53122',
    db: 'shop',
    command: 'Sleep',
    timeSeconds: 0,
    timeMs: 0,
    state: null,
    info: null,
    infoLength: 0,
    infoBinary: false,
    rowsExamined: null,
    rowsSent: null,
    lockMs: null,
    tmpTables: null,
    tmpDiskTables: null,
    memoryBytes: null,
    memoryPeakBytes: null,
    progress: null,
    progressStage: null,
    stage: null,
    self: false,
    extra: {},
    ...overrides,
  };
}

/** A client running `info` for `seconds`. */
export function running(id: number, info: string, seconds: number, more: Partial<ProcessRow> = {}) {
  return row({
    id,
    command: 'Query',
    state: 'executing',
    info,
    infoLength: info.length,
    timeSeconds: Math.floor(seconds),
    timeMs: seconds * 1000,
    ...more,
  });
}
