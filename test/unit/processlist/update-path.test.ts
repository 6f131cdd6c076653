import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '../../../src/shared/processlist/attention';
import { blockingModel, type BlockingModel } from '../../../src/shared/processlist/blocking-chains';
import {
  applyFilter,
  DEFAULT_FILTER,
  type ProcessFilter,
} from '../../../src/shared/processlist/filters';
import { tickedForKill } from '../../../src/shared/processlist/kill-plan';
import type { LockWait } from '../../../src/shared/processlist/lock-wait';
import type { ProcessRow } from '../../../src/shared/processlist/process-row';
import {
  ENABLE_STAGES_CONSUMER,
  stageProgressNotice,
} from '../../../src/shared/processlist/processlist-source';
import { clockTime } from '../../../src/renderer/ui/clock-time';
import {
  COLUMNS,
  columnsForWidth,
  contentFloors,
  gridTracks,
  sortRows,
  squeezeFloors,
  TICK_TRACK_PX,
  type ColumnKey,
  type SortDirection,
  type TableRow,
} from '../../../src/renderer/processlist/process-columns';
import { shownTableRows, tableRows } from '../../../src/renderer/processlist/table-rows';
import { row, running } from './row-fixture';

/** The sort as it was before it read each value once: the reference the new one must match. */
function referenceSort(rows: readonly TableRow[], key: ColumnKey, dir: SortDirection) {
  const column = COLUMNS.find((c) => c.key === key)!;
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = column.value(a);
    const vb = column.value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      const c =
        typeof va === 'number' && typeof vb === 'number'
          ? va - vb
          : String(va).localeCompare(String(vb));
      if (c !== 0) return c * sign;
    }
    return a.row.id - b.row.id;
  });
}

/** The filtering as the screen did it before `shownTableRows`. */
function referenceShown(
  all: readonly TableRow[],
  filter: ProcessFilter,
  blocking: BlockingModel,
  key: ColumnKey,
  dir: SortDirection,
) {
  const byId = new Map(all.map((r) => [r.row.id, r]));
  const { shown, hiddenBy } = applyFilter(
    all.map((r) => r.row),
    filter,
  );
  const rows = shown.map((r) => byId.get(r.id)!);
  for (const r of all) {
    if (r.row.command === 'Sleep' && blocking.blocks.has(r.row.id) && !rows.includes(r))
      rows.push(r);
  }
  return { shownRows: referenceSort(rows, key, dir), hiddenBy };
}

/** A deterministic mix of 600 sessions: sleepers, runners, system threads, ties, nulls, accents. */
function sessions(): { rows: ProcessRow[]; waits: LockWait[] } {
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const users = ['app', 'App', 'éric', 'zoe', 'batch', ''];
  const infos = ['SELECT 1', 'select 1', 'UPDATE t SET a = 1', 'Éléphant', null, 'ALTER TABLE t'];
  const rows: ProcessRow[] = [];
  for (let id = 1; id <= 600; id++) {
    const kind = next(20) === 0 ? 'system' : 'client';
    const info = infos[next(infos.length)]!;
    const seconds = next(5) * 7;
    rows.push(
      info === null
        ? row({
            id,
            kind,
            user: users[next(users.length)]!,
            timeSeconds: seconds,
            timeMs: seconds * 1000,
          })
        : running(id, info, seconds, {
            kind,
            user: users[next(users.length)]!,
            db: next(3) === 0 ? null : 'shop',
            rowsExamined: next(4) === 0 ? null : next(1000),
            memoryBytes: next(4) === 0 ? null : next(5) * 1024,
          }),
    );
  }
  const waits: LockWait[] = [];
  for (let w = 0; w < 40; w++) {
    waits.push({
      kind: 'row',
      waitingId: 300 + w,
      blockingId: 1 + next(60),
      schema: 's',
      object: 't',
      index: null,
      waitingMode: 'X',
      blockingMode: 'X',
      granted: true,
    });
  }
  return { rows, waits };
}

describe('the update path of the processlist screen', () => {
  const { rows, waits } = sessions();
  const blocking = blockingModel(waits);
  const all = tableRows(rows, [], blocking, DEFAULT_THRESHOLDS);

  it('sorts exactly as comparing with localeCompare did, by every column both ways', () => {
    for (const c of COLUMNS) {
      for (const dir of ['asc', 'desc'] as const) {
        expect(sortRows(all, c.key, dir).map((r) => r.key)).toEqual(
          referenceSort(all, c.key, dir).map((r) => r.key),
        );
      }
    }
  });

  it('shows the same rows in the same order, with the same hidden counts, as before', () => {
    const filters: ProcessFilter[] = [
      DEFAULT_FILTER,
      { ...DEFAULT_FILTER, hideSleeping: false, hideSystem: false },
      { ...DEFAULT_FILTER, user: 'app' },
      { ...DEFAULT_FILTER, hideSleeping: false, minSeconds: 10, text: 'select' },
    ];
    for (const filter of filters) {
      for (const [key, dir] of [
        ['attention', 'desc'],
        ['user', 'asc'],
        ['info', 'desc'],
      ] as const) {
        const got = shownTableRows(all, filter, blocking, { key, dir });
        const want = referenceShown(all, filter, blocking, key, dir);
        expect(got.shownRows.map((r) => r.key)).toEqual(want.shownRows.map((r) => r.key));
        expect(got.hiddenBy).toEqual(want.hiddenBy);
      }
    }
  });

  it('keeps a sleeping blocker in view when sleepers are hidden, and counts it as hidden', () => {
    const blockedBySleeper = blockingModel([waitOf(2, 1)]);
    const few = tableRows(
      [row({ id: 1 }), running(2, 'UPDATE t SET a = 1', 3), row({ id: 3 })],
      [],
      blockedBySleeper,
      DEFAULT_THRESHOLDS,
    );
    const got = shownTableRows(few, DEFAULT_FILTER, blockedBySleeper, {
      key: 'attention',
      dir: 'desc',
    });
    expect(got.shownRows.map((r) => r.row.id)).toEqual([2, 1]);
    expect(got.hiddenBy).toEqual({ hideSleeping: 2 });
  });

  it('finds nothing ticked without keying every row when nothing is ticked', () => {
    expect(tickedForKill(rows, new Set())).toEqual([]);
    expect(tickedForKill(rows, new Set([all[9]!.key, all[3]!.key]))).toEqual([4, 10]);
  });

  it('writes the clock as toLocaleTimeString did', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2026, 0, 3); t += 7 * 60 * 1000 + 13_000) {
      const d = new Date(t);
      expect(clockTime(d)).toBe(d.toLocaleTimeString('en-GB', { hour12: false }));
    }
  });
});

function waitOf(waitingId: number, blockingId: number): LockWait {
  return {
    kind: 'row',
    waitingId,
    blockingId,
    schema: 's',
    object: 't',
    index: null,
    waitingMode: 'X',
    blockingMode: 'X',
    granted: true,
  };
}

describe('the notice that MySQL stage progress is off', () => {
  it('names the consumer and the statement that turns it on, for performance_schema rows', () => {
    expect(stageProgressNotice('performance_schema', 'off')).toEqual({
      key: 'stages-consumer',
      missing: "the performance_schema consumer 'events_stages_current' (it is off)",
      shownInstead:
        "no stage progress in the Progress column. To turn it on: UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_stages_current';",
    });
    expect(ENABLE_STAGES_CONSUMER).toBe(
      "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_stages_current';",
    );
  });

  it('says nothing when it is on, unknown, or the rows come from information_schema', () => {
    expect(stageProgressNotice('performance_schema', 'on')).toBeNull();
    expect(stageProgressNotice('performance_schema', 'unknown')).toBeNull();
    expect(stageProgressNotice('information_schema', 'off')).toBeNull();
  });
});

describe('the columns that fit the table', () => {
  const keys = (width: number) => columnsForWidth(width).map((c) => c.key);

  it('shows every column when the floors and room for long values fit', () => {
    expect(keys(1400)).toEqual(COLUMNS.map((c) => c.key));
    // The same array each time, so memoised rows see no change.
    expect(columnsForWidth(1400)).toBe(columnsForWidth(2000));
  });

  it('leaves out rows sent, lock time, temporary tables, progress... as the table narrows', () => {
    const all = COLUMNS.map((c) => c.key);
    const floors = COLUMNS.reduce((sum, c) => sum + c.min, 0);
    const full = TICK_TRACK_PX + floors + 150;
    expect(keys(full)).toEqual(all);
    expect(keys(full - 1)).toEqual(all.filter((k) => k !== 'rowsSent'));
    // The table of a 1,280 px window with the connection rail open (about 945 px).
    expect(keys(945)).toEqual(
      all.filter((k) => !['rowsSent', 'lock', 'tmpTables', 'progress'].includes(k)),
    );
    // Very narrow (the details pane open in a small window): only the key columns are left.
    expect(keys(300)).toEqual(['attention', 'id', 'time', 'state', 'info']);
  });

  /** Each character 7 px wide: a stand-in for the canvas the table measures with. */
  const measure = (text: string) => text.length * 7;
  const withState = (id: number, state: string, attention = ''): TableRow => ({
    key: String(id),
    row: { ...running(id, 'SELECT 1', 1), state },
    transaction: undefined,
    severity: attention ? 'danger' : 'ok',
    attention,
    attentionRank: 0,
  });

  it('sizes attention and state to their longest text, within a cap', () => {
    const rows = [
      withState(1, 'Waiting for table metadata lock', 'Blocked by #12345'),
      withState(2, 'executing'),
    ];
    const floors = contentFloors(rows, measure);
    // 31 characters × 7 px + 12 px padding = 229, in 16 px steps: 240.
    expect(floors.state).toBe(240);
    // 17 × 7 + 12 + 18 (the severity icon) = 149: 160.
    expect(floors.attention).toBe(160);
    // 'Query' is narrower than its bold header 'Command' and the sort arrow:
    // 7 × 7 × 1.1 + 14 + 10 = 77.9, in 16 px steps: 80.
    expect(floors.command).toBe(80);
    const huge = contentFloors([withState(3, 'x'.repeat(200))], measure);
    expect(huge.state).toBe(COLUMNS.find((c) => c.key === 'state')!.fitMax);
  });

  it('leaves out other columns before it narrows a key cell below its text', () => {
    const floors = contentFloors(
      [withState(1, 'Waiting for table metadata lock', 'Blocked by #12345')],
      measure,
    );
    for (const width of [1400, 945, 700, 500]) {
      const shown = columnsForWidth(width, floors);
      const tracks = gridTracks(shown, floors);
      expect(tracks).toContain(`minmax(${floors.state}px, 1fr)`);
      expect(tracks).toContain(`minmax(${floors.attention}px, 1.4fr)`);
    }
    expect(columnsForWidth(700, floors).map((c) => c.key)).not.toContain('memory');
  });

  it('squeezes the key columns (not below 120 px) when even the fewest columns do not fit', () => {
    const floors = contentFloors(
      [withState(1, 'Waiting for table metadata lock', 'Blocked by #10; Blocks 1 session')],
      measure,
    );
    const fewest = columnsForWidth(300, floors);
    // Wide enough: unchanged.
    expect(squeezeFloors(fewest, floors, 2000)).toBe(floors);
    const squeezed = squeezeFloors(fewest, floors, 600);
    expect(squeezed.state!).toBeLessThan(floors.state!);
    expect(squeezed.attention!).toBeLessThan(floors.attention!);
    // The statement keeps its floor and 30 px more beside them, after the rows' 3 px border
    // (to a px, rounding down).
    const used =
      fewest.reduce((sum, c) => sum + (squeezed[c.key] ?? c.min), TICK_TRACK_PX) + 30 + 3;
    expect(used).toBeLessThanOrEqual(600);
    expect(used).toBeGreaterThanOrEqual(598);
    const tight = squeezeFloors(fewest, floors, 100);
    expect(tight.state).toBe(120);
    expect(tight.attention).toBe(120);
  });

  it('gives each column a floor and a share of the rest, after the tick box', () => {
    expect(gridTracks(columnsForWidth(300)).split(' ')[0]).toBe('24px');
    expect(gridTracks(COLUMNS.filter((c) => c.key === 'info'))).toBe('24px minmax(120px, 3.5fr)');
  });
});
