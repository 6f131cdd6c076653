import { useState } from 'react';
import type { DriftTableResult } from '../../../shared/api/drift';
import type { ApiErrorShape } from '../../../shared/api/errors';
import { formatCount } from '../../../shared/format/count';
import { ErrorNotice } from '../../app/ErrorNotice';
import { Notice } from '../../ui/Notice';
import { SeverityIcon } from '../../ui/SeverityIcon';

/** Differences listed on screen per table; all of them are in the fix. */
const SHOWN = 50;

const KIND_WORDS = {
  missing: 'missing on the replica',
  extra: 'only on the replica',
  changed: 'different values',
} as const;

export type FixOutcome =
  | { ran: number; failedStatement: string | null; error: ApiErrorShape | null }
  | { refused: ApiErrorShape };

/** One table's result: equal, the rows that differ by key, or why it was not compared. */
export function DriftTableCard({
  result,
  replicaName,
  onFix,
}: {
  result: DriftTableResult;
  replicaName: string;
  onFix: (result: DriftTableResult) => Promise<FixOutcome | null>;
}) {
  const [outcome, setOutcome] = useState<FixOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `${result.schema}.${result.table}`;
  const severity = result.skipped ? 'info' : result.differencesTotal > 0 ? 'warning' : 'ok';
  return (
    <li className={`drift-table drift-table-${severity}`} data-drift-table={name}>
      <div className="drift-table-head">
        <SeverityIcon severity={severity} />
        <strong className="mono">{name}</strong>
        <span className="rp-muted">
          {result.skipped
            ? 'not compared'
            : result.differencesTotal === 0
              ? `equal: ${formatCount(result.rows)} rows in ${formatCount(result.chunks)} chunks`
              : `${formatCount(result.differencesTotal)} row${result.differencesTotal === 1 ? '' : 's'} differ, in ${formatCount(result.chunksDiffering)} of ${formatCount(result.chunks)} chunks`}
          {result.pausedMs > 0 && ` · applier held ${Math.round(result.pausedMs)} ms`}
          {result.points > 1 &&
            ` · read at ${formatCount(result.points)} points, a new one every 30 s`}
        </span>
      </div>
      {result.skipped && <div className="rs-detail">{result.skipped}</div>}
      {result.differences.length > 0 && result.key && (
        <table className="drift-diffs">
          <thead>
            <tr>
              <th>{result.key.columns.join(', ')}</th>
              <th>on the replica</th>
            </tr>
          </thead>
          <tbody>
            {result.differences.slice(0, SHOWN).map((d) => (
              <tr key={`${d.kind}:${d.key.join('\u0000')}`} data-drift-kind={d.kind}>
                <td className="mono">{d.key.join(', ')}</td>
                <td>
                  {KIND_WORDS[d.kind]}
                  {d.columns && d.columns.length > 0 && (
                    <>
                      : <span className="mono">{d.columns.join(', ')}</span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result.differences.length > SHOWN && (
        <p className="rp-muted">
          …and {formatCount(result.differencesTotal - SHOWN)} more (all of them are in the fix).
        </p>
      )}
      {result.fix.length > 0 && (
        <div className="drift-fix">
          <button
            type="button"
            className="btn-small"
            disabled={
              busy || (outcome !== null && !('refused' in outcome) && outcome.error === null)
            }
            onClick={() => {
              setBusy(true);
              void onFix(result)
                .then((o) => o && setOutcome(o))
                .finally(() => setBusy(false));
            }}
          >
            {busy ? 'Fixing…' : `Review the fix on ${replicaName}`}
          </button>
          <span className="rp-muted">
            {formatCount(result.fix.length - 1)} statement{result.fix.length === 2 ? '' : 's'}, run
            with sql_log_bin = 0 so the repair is not an errant transaction (replicas of the replica
            need the same repair).
          </span>
        </div>
      )}
      {outcome && 'refused' in outcome && (
        <ErrorNotice error={outcome.refused} title="The fix was not run" />
      )}
      {outcome && !('refused' in outcome) && outcome.error === null && (
        <Notice severity="ok" role="status">
          Ran {formatCount(outcome.ran)} statements on {replicaName}. Compare again to check.
        </Notice>
      )}
      {outcome && !('refused' in outcome) && outcome.error !== null && (
        <ErrorNotice
          error={outcome.error}
          title={`Stopped after ${outcome.ran} statements, at: ${outcome.failedStatement ?? ''}`}
        />
      )}
    </li>
  );
}
