import { useState } from 'react';
import type { StatementFlipView, TopStatement } from '../../shared/api/tuning';
import { formatExactCount } from '../../shared/format/count';
import { formatMs, formatRows } from '../../shared/explain/format-plan-figures';
import { examinedPerSent } from '../../shared/tuning/digest-diff';
import { itemOfStatement } from '../../shared/tuning/statement-identity';
import type { ToolScreenProps } from '../app/tool-screen';
import { SeverityIcon } from '../ui/SeverityIcon';
import { FlipFlag } from './FlipFlag';
import { fullScans, ratioSeverity, sortStatements, type SortKey } from './statement-columns';

const COLUMNS: Array<{ key: SortKey; label: string; title: string }> = [
  { key: 'totalLatencyMs', label: 'Total', title: 'Total latency' },
  { key: 'avgLatencyMs', label: 'Avg', title: 'Average latency per call' },
  { key: 'calls', label: 'Calls', title: 'Executions' },
  { key: 'rowsExamined', label: 'Examined', title: 'Rows examined' },
  { key: 'rowsSent', label: 'Sent', title: 'Rows sent' },
  { key: 'examinedPerSent', label: 'Exam/sent', title: 'Rows examined per row sent or changed' },
  {
    key: 'fullScans',
    label: 'Full scans',
    title: 'Executions without an index (SUM_NO_INDEX_USED + SUM_NO_GOOD_INDEX_USED)',
  },
  { key: 'tmpDiskTables', label: 'Tmp disk', title: 'Temporary tables created on disk' },
  { key: 'sortMergePasses', label: 'Sort merges', title: 'Sort merge passes' },
  { key: 'errors', label: 'Err/warn', title: 'Errors / warnings' },
  { key: 'lastSeen', label: 'Last seen', title: 'First and last seen (server time)' },
];

function Num({ n, format = formatRows }: { n: number; format?: (n: number) => string }) {
  return (
    <td className="num" title={formatExactCount(Math.round(n))}>
      {format(n)}
    </td>
  );
}

/** A statement's identity in the list: its schema and digest. */
export function statementKey(s: TopStatement): string {
  return `${s.schema ?? ''}/${s.digest ?? ''}`;
}

/** The digest summary's rows, sorted by the column the user picked (the most first). */
export function StatementTable({
  statements: unsorted,
  selected,
  onSelect,
  withSchema,
  flips = [],
  showCompare,
}: {
  statements: readonly TopStatement[];
  selected: string | null;
  onSelect: (key: string) => void;
  /** Show each statement's schema (no schema filter). */
  withSchema: boolean;
  /** Statements whose plan changed: flagged, one click into the compare. */
  flips?: readonly StatementFlipView[];
  showCompare?: ToolScreenProps['showCompare'];
}) {
  const [sortKey, onSort] = useState<SortKey>('totalLatencyMs');
  const statements = sortStatements(unsorted, sortKey);
  return (
    <table className="tune-table" aria-label="Top statements">
      <thead>
        <tr>
          <th>Statement</th>
          {COLUMNS.map((c) => (
            <th
              key={c.key}
              className="num"
              title={c.title}
              aria-sort={sortKey === c.key ? 'descending' : 'none'}
            >
              <button type="button" className="btn-link" onClick={() => onSort(c.key)}>
                {c.label}
                {sortKey === c.key ? ' ▼' : ''}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {statements.map((s) => {
          const ratio = examinedPerSent(s);
          const sev = ratioSeverity(ratio);
          const k = statementKey(s);
          const flip = itemOfStatement(flips, s);
          return (
            <tr
              key={k}
              className={k === selected ? 'tune-selected' : undefined}
              onClick={() => onSelect(k)}
              data-testid="tune-row"
            >
              <td className="tune-text" title={s.digestText ?? ''}>
                {s.schema && withSchema && <span className="tune-schema">{s.schema}</span>}
                {s.own && (
                  <span
                    className="tune-own-mark"
                    title="Sightline's own statement (tagged /* sightline */)"
                    data-testid="tune-own-mark"
                  >
                    Sightline
                  </span>
                )}
                <span className="mono">{s.digestText ?? '(other statements)'}</span>
                {flip && <FlipFlag flip={flip} showCompare={showCompare} />}
              </td>
              <Num n={s.totalLatencyMs} format={formatMs} />
              <Num n={s.calls ? s.totalLatencyMs / s.calls : 0} format={formatMs} />
              <Num n={s.calls} />
              <Num n={s.rowsExamined} />
              <Num n={s.rowsSent} />
              <td className={`num tune-ratio-${sev}`} title="Rows examined per row sent">
                {sev !== 'ok' && (
                  <>
                    <SeverityIcon severity={sev} />{' '}
                  </>
                )}
                {formatRows(ratio)}
              </td>
              <td className={`num${fullScans(s) ? ' tune-bad' : ''}`}>
                {formatExactCount(fullScans(s))}
              </td>
              <Num n={s.tmpDiskTables} />
              <Num n={s.sortMergePasses} />
              <td className="num">
                {s.errors}/{s.warnings}
              </td>
              <td className="num tune-seen" title={`First seen ${s.firstSeen}`}>
                {s.lastSeen.slice(5, 19)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
