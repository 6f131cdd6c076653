import type { LockWait } from './lock-wait';
import { numberOf, textOf, type RawRow } from './raw-value';

/** `schema`.`table` (InnoDB's LOCK_TABLE wording) split in two, backquotes undone. */
export function splitQualifiedName(text: string): { schema: string | null; name: string } {
  const m = /^`((?:[^`]|``)*)`\.`((?:[^`]|``)*)`$/.exec(text);
  if (m) return { schema: m[1]!.replace(/``/g, '`'), name: m[2]!.replace(/``/g, '`') };
  return { schema: null, name: text };
}

/**
 * A row-lock wait from a row with WAITING_ID and BLOCKING_ID (processlist ids), LOCK_SCHEMA,
 * LOCK_TABLE (or a qualified `schema`.`table` in LOCK_TABLE alone), LOCK_INDEX, WAITING_MODE and
 * BLOCKING_MODE. Both sources (performance_schema.data_lock_waits, INNODB_LOCK_WAITS) are
 * queried into these names. Null when either side has no processlist id.
 */
export function rowLockWaitFrom(raw: RawRow): LockWait | null {
  const waitingId = numberOf(raw.WAITING_ID);
  const blockingId = numberOf(raw.BLOCKING_ID);
  if (waitingId === null || blockingId === null) return null;
  let schema = textOf(raw.LOCK_SCHEMA);
  let object = textOf(raw.LOCK_TABLE);
  if (schema === null && object !== null) {
    const split = splitQualifiedName(object);
    schema = split.schema;
    object = split.name;
  }
  return {
    kind: 'row',
    waitingId,
    blockingId,
    schema,
    object,
    index: textOf(raw.LOCK_INDEX),
    waitingMode: textOf(raw.WAITING_MODE),
    blockingMode: textOf(raw.BLOCKING_MODE),
    granted: true,
  };
}
