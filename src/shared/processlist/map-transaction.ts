import type { Transaction } from './transaction';
import { extraColumns, numberOf, textOf, type RawRow } from './raw-value';

const KNOWN = new Set([
  'trx_id',
  'trx_state',
  'trx_mysql_thread_id',
  'AGE_SECONDS',
  'WAIT_SECONDS',
  'trx_isolation_level',
  'trx_rows_locked',
  'trx_rows_modified',
  'trx_tables_locked',
  // Dates the ages above are computed from on the server (its clock and zone).
  'trx_started',
  'trx_wait_started',
]);

/**
 * A transaction from a row of information_schema.INNODB_TRX with two computed columns,
 * AGE_SECONDS and WAIT_SECONDS (server-side, so no clock or time zone differs). Returns null
 * for a row without a thread (e.g. a recovered XA transaction: nothing to show it against).
 */
export function transactionFrom(raw: RawRow): Transaction | null {
  const processId = numberOf(raw.trx_mysql_thread_id);
  const trxId = textOf(raw.trx_id);
  if (processId === null || processId === 0 || trxId === null) return null;
  return {
    processId,
    trxId,
    state: textOf(raw.trx_state) ?? '',
    ageSeconds: Math.max(0, numberOf(raw.AGE_SECONDS) ?? 0),
    waitSeconds: numberOf(raw.WAIT_SECONDS),
    isolation: textOf(raw.trx_isolation_level),
    rowsLocked: numberOf(raw.trx_rows_locked),
    rowsModified: numberOf(raw.trx_rows_modified),
    tablesLocked: numberOf(raw.trx_tables_locked),
    extra: extraColumns(raw, KNOWN),
  };
}
