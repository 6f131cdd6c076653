import { attentionFor, type AttentionThresholds } from '../../shared/processlist/attention';
import { worstOf } from '../../shared/severity';
import type { BlockingModel } from '../../shared/processlist/blocking-chains';
import { filterTest, type FilterPart, type ProcessFilter } from '../../shared/processlist/filters';
import type { ProcessRow, ThreadKind } from '../../shared/processlist/process-row';
import { rowKey } from '../../shared/processlist/snapshot-diff';
import type { Transaction } from '../../shared/processlist/transaction';
import { sortRows, type ColumnKey, type SortDirection, type TableRow } from './process-columns';

const RANK = { ok: 0, info: 1, warning: 2, danger: 3 } as const;

/** Rows with their transaction and attention, as the table needs them. */
export function tableRows(
  rows: readonly ProcessRow[],
  transactions: readonly Transaction[],
  blocking: BlockingModel,
  thresholds: AttentionThresholds,
): TableRow[] {
  const trx = new Map(transactions.map((t) => [t.processId, t]));
  // Kinds are asked only of waiting sessions, and only when there are some.
  let kinds: Map<number, ThreadKind> | null = null;
  const kindOf = (id: number) => (kinds ??= new Map(rows.map((r) => [r.id, r.kind]))).get(id);
  return rows.map((row) => {
    const transaction = trx.get(row.id);
    const attentions = attentionFor(row, transaction, blocking, thresholds, kindOf);
    // Most sessions need no attention: no severity to rank and no text to join for them.
    const severity = attentions.length === 0 ? 'ok' : worstOf(attentions);
    return {
      key: rowKey(row),
      row,
      transaction,
      severity,
      attention: attentions.length === 0 ? '' : attentions.map((a) => a.text).join('; '),
      attentionShort:
        attentions.length === 0
          ? ''
          : attentions[0]!.text + (attentions.length > 1 ? ` +${attentions.length - 1}` : ''),
      attentionRank:
        RANK[severity] * 10 +
        (blocking.waiting.has(row.id) ? 2 : 0) +
        (blocking.blocks.has(row.id) ? 1 : 0),
    };
  });
}

/**
 * The rows the table shows, in order: those the filter keeps, plus blocked sessions' sleeping
 * blockers whatever the filter says about sleeping (they hold the locks), sorted; and how many
 * each filter part hid. One pass over the rows, run once per poll.
 */
export function shownTableRows(
  all: readonly TableRow[],
  filter: ProcessFilter,
  blocking: BlockingModel,
  sort: { key: ColumnKey; dir: SortDirection },
): { shownRows: TableRow[]; hiddenBy: Partial<Record<FilterPart, number>> } {
  const rows: TableRow[] = [];
  const hiddenBy: Partial<Record<FilterPart, number>> = {};
  const test = filterTest(filter);
  for (const r of all) {
    const part = test(r.row);
    if (part === null) rows.push(r);
    else {
      hiddenBy[part] = (hiddenBy[part] ?? 0) + 1;
      if (r.row.command === 'Sleep' && blocking.blocks.has(r.row.id)) rows.push(r);
    }
  }
  return { shownRows: sortRows(rows, sort.key, sort.dir), hiddenBy };
}
