import { useState } from 'react';
import type { DriftTableResult } from '../../../shared/api/drift';
import type { ApiErrorShape } from '../../../shared/api/errors';
import { formatCount } from '../../../shared/format/count';
import { ErrorNotice } from '../../app/ErrorNotice';
import { Notice } from '../../ui/Notice';
import { SeverityIcon } from '../../ui/SeverityIcon';
import { WorkRunning } from '../../ui/WorkRunning';
import { driftTableSummary } from './drift-table-summary';

/** Differences listed on screen per table; all of them are in the fix. */
const SHOWN = 50;

const KIND_WORDS = {
  missing: 'missing on the replica',
  extra: 'only on the replica',
  changed: 'different values',
} as const;

export type FixOutcome =
  | {
      ran: number;
      /** Statements that found their row no longer as compared, and left it alone. */
      skipped: string[];
      failedStatement: string | null;
      error: ApiErrorShape | null;
    }
  | { refused: ApiErrorShape };

/**
 * One table's result: equal, the rows that differ by key, or why it was not compared; and its
 * fix, with how long it has run and Cancel while it runs (one statement per row, each waiting
 * up to 30 s for a table the replica's applier holds).
 */
export function DriftTableCard({
  result,
  replicaName,
  onFix,
  onCancelFix,
}: {
  result: DriftTableResult;
  replicaName: string;
  /** Asks, then runs the fix; `onSent` once it is sent (after the confirmation). */
  onFix: (result: DriftTableResult, onSent: () => void) => Promise<FixOutcome | null>;
  /** Cancels the running fix; why it could not, or null. */
  onCancelFix: (result: DriftTableResult) => Promise<string | null>;
}) {
  const [outcome, setOutcome] = useState<FixOutcome | null>(null);
  /** Date.now() when the fix was sent; null when none runs. */
  const [fixingSince, setFixingSince] = useState<number | null>(null);
  const busy = fixingSince !== null;
  const [cancelProblem, setCancelProblem] = useState<string | null>(null);
  const name = `${result.schema}.${result.table}`;
  const severity = result.skipped ? 'info' : result.differencesTotal > 0 ? 'warning' : 'ok';
  return (
    <li className={`drift-table drift-table-${severity}`} data-drift-table={name}>
      <div className="drift-table-head">
        <SeverityIcon severity={severity} />
        <strong className="mono">{name}</strong>
        <span className="rp-muted">
          {result.skipped ? 'not compared' : driftTableSummary(result)}
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
              // The time counts from the confirmation on: the fix is sent when it is given.
              void onFix(result, () => {
                setOutcome(null);
                setFixingSince(Date.now());
              })
                .then((o) => o && setOutcome(o))
                .finally(() => setFixingSince(null));
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
      {outcome && !('refused' in outcome) && outcome.skipped.length > 0 && (
        <Notice severity="warning" testId="drift-fix-skipped">
          {formatCount(outcome.skipped.length)}{' '}
          {outcome.skipped.length === 1 ? 'statement changed' : 'statements changed'} no row: the
          row is no longer as compared on {replicaName} (a newer write reached it since), so it was
          left alone rather than set back. Compare again to see what is left.
          <details>
            <summary>Statements left alone</summary>
            <pre className="mono">{outcome.skipped.map((sql) => `${sql};`).join('\n')}</pre>
          </details>
        </Notice>
      )}
      {fixingSince !== null && (
        <WorkRunning
          title={`Fixing ${name} on ${replicaName}`}
          hint="one statement per row, each committed on its own"
          since={fixingSince}
          onCancel={() => {
            setCancelProblem(null);
            void onCancelFix(result).then(setCancelProblem);
          }}
          testId="drift-fix-running"
          elapsedTestId="drift-fix-elapsed"
        />
      )}
      {fixingSince !== null && cancelProblem && (
        <Notice severity="warning" testId="drift-fix-cancel-problem">
          {cancelProblem}
        </Notice>
      )}
      {outcome && !('refused' in outcome) && outcome.error?.code === 'CANCELLED' && (
        <Notice severity="info" testId="drift-fix-cancelled">
          {outcome.error.message}
        </Notice>
      )}
      {outcome &&
        !('refused' in outcome) &&
        outcome.error &&
        outcome.error.code !== 'CANCELLED' && (
          <ErrorNotice
            error={outcome.error}
            title={`Stopped after ${outcome.ran} statements, at: ${outcome.failedStatement ?? ''}`}
          />
        )}
    </li>
  );
}
