import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProcessRowSchema, type ProcessRow } from '../../../src/shared/processlist/process-row';
import type { ProcesslistSnapshot } from '../../../src/shared/processlist/snapshot';
import {
  PROCESS_ROW_WIRE_FIELDS,
  ProcesslistSnapshotWireSchema,
  ProcessRowTupleSchema,
  rowFromTuple,
  rowToTuple,
  snapshotFromWire,
  snapshotToWire,
} from '../../../src/shared/processlist/snapshot-wire';

const count = fc.option(fc.nat({ max: 1e9 }), { nil: null });
const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });
const rowArb: fc.Arbitrary<ProcessRow> = fc.record(
  {
    id: fc.nat(),
    threadId: fc.option(fc.nat(), { nil: null }),
    kind: fc.constantFrom('client', 'system', 'replication', 'daemon'),
    user: fc.string({ maxLength: 8 }),
    host: fc.string({ maxLength: 20 }),
    db: text,
    command: fc.string({ maxLength: 8 }),
    timeSeconds: fc.nat(),
    timeMs: fc.double({ min: 0, max: 1e9, noNaN: true }),
    state: text,
    info: text,
    infoLength: fc.nat(),
    infoBinary: fc.boolean(),
    rowsExamined: count,
    rowsSent: count,
    lockMs: count,
    tmpTables: count,
    tmpDiskTables: count,
    memoryBytes: count,
    memoryPeakBytes: count,
    progress: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
    progressStage: text,
    stage: fc.option(fc.record({ current: fc.nat(9), max: fc.nat(9) }, { noNullPrototype: true }), {
      nil: null,
    }),
    self: fc.boolean(),
    extra: fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.string(), fc.integer()), {
      noNullPrototype: true,
    }),
  },
  { noNullPrototype: true },
);

describe('processlist rows on the wire', () => {
  it('name every field of a row once, in the tuple schema’s order', () => {
    expect([...PROCESS_ROW_WIRE_FIELDS].sort()).toEqual(Object.keys(ProcessRowSchema.shape).sort());
    expect(new Set(PROCESS_ROW_WIRE_FIELDS).size).toBe(PROCESS_ROW_WIRE_FIELDS.length);
    const items = ProcessRowTupleSchema.def.items;
    expect(items.length).toBe(PROCESS_ROW_WIRE_FIELDS.length);
    PROCESS_ROW_WIRE_FIELDS.forEach((k, i) => expect(items[i], k).toBe(ProcessRowSchema.shape[k]));
  });

  it('put each field at its place and read it back from there', () => {
    // Every field a different value: a swap of two fields of the same type shows.
    const row: ProcessRow = {
      id: 1,
      threadId: 2,
      kind: 'client',
      user: 'u',
      host: 'h:3',
      db: 'd',
      command: 'Query',
      timeSeconds: 4,
      timeMs: 4.5,
      state: 's',
      info: 'SELECT 1',
      infoLength: 8,
      infoBinary: true,
      rowsExamined: 9,
      rowsSent: 10,
      lockMs: 11,
      tmpTables: 12,
      tmpDiskTables: 13,
      memoryBytes: 14,
      memoryPeakBytes: 15,
      progress: 16,
      progressStage: 'copy',
      stage: { current: 1, max: 2 },
      self: false,
      extra: { X: 'y' },
    };
    const tuple = rowToTuple(row);
    PROCESS_ROW_WIRE_FIELDS.forEach((k, i) => expect(tuple[i], k).toBe(row[k]));
    const back = rowFromTuple(tuple);
    expect(back).toStrictEqual(row);
    expect(Object.keys(back)).toEqual([...PROCESS_ROW_WIRE_FIELDS]);
  });

  it('round-trip any valid snapshot through the checked wire form', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 5 }), (rows) => {
        const snapshot: ProcesslistSnapshot = {
          takenAt: '2026-11-25T10:00:00.000Z',
          serverRun: { hostname: 'db-1', serverId: '1', startedAtMs: 1_700_000_000_000 },
          source: 'performance_schema',
          rows,
          transactions: [],
          waits: [],
          notices: [],
          pollMs: 3,
        };
        // Through JSON, as the browser mode's WebSocket carries it.
        const wire = ProcesslistSnapshotWireSchema.parse(
          JSON.parse(JSON.stringify(snapshotToWire(snapshot))),
        );
        expect(snapshotFromWire(wire)).toStrictEqual(snapshot);
      }),
    );
  });

  it('refuse a row whose values are out of place', () => {
    const tuple: unknown[] = [...rowToTuple(fc.sample(rowArb, { seed: 1, numRuns: 1 })[0]!)];
    [tuple[3], tuple[0]] = [tuple[0], tuple[3]];
    expect(ProcessRowTupleSchema.safeParse(tuple).success).toBe(false);
    expect(ProcessRowTupleSchema.safeParse(tuple.slice(1)).success).toBe(false);
  });
});
