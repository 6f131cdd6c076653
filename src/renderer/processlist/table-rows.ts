import {
  attentionFor,
  worstSeverity,
  type AttentionThresholds,
} from '../../shared/processlist/attention';
import type { BlockingModel } from '../../shared/processlist/blocking-chains';
import type { ProcessRow } from '../../shared/processlist/process-row';
import { rowKey } from '../../shared/processlist/snapshot-diff';
import type { Transaction } from '../../shared/processlist/transaction';
import type { TableRow } from './process-columns';

const RANK = { ok: 0, info: 1, warning: 2, danger: 3 } as const;

/** Rows with their transaction and attention, as the table needs them. */
export function tableRows(
  rows: readonly ProcessRow[],
  transactions: readonly Transaction[],
  blocking: BlockingModel,
  thresholds: AttentionThresholds,
): TableRow[] {
  const trx = new Map(transactions.map((t) => [t.processId, t]));
  return rows.map((row) => {
    const transaction = trx.get(row.id);
    const attentions = attentionFor(row, transaction, blocking, thresholds);
    const severity = worstSeverity(attentions);
    return {
      key: rowKey(row),
      row,
      transaction,
      severity,
      attention: attentions.map((a) => a.text).join('; '),
      attentionRank:
        RANK[severity] * 10 +
        (blocking.waiting.has(row.id) ? 2 : 0) +
        (blocking.blocks.has(row.id) ? 1 : 0),
    };
  });
}
