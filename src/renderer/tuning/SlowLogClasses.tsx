import { useState } from 'react';
import {
  SLOWLOG_TOP_CLASSES,
  type SlowLogClass,
  type SlowLogRanking,
} from '../../shared/api/slowlog';
import { formatExactCount } from '../../shared/format/count';
import { formatMs, formatRows } from '../../shared/explain/format-plan-figures';
import { slowLogTimeText } from '../../shared/slowlog/timestamp';
import { sortSlowLogClasses } from './slowlog-columns';

const SORTABLE: Array<{ key: SlowLogRanking; label: string; title: string }> = [
  { key: 'count', label: 'Count', title: 'Statements in the class' },
  { key: 'time', label: 'Total', title: 'Total Query_time' },
  { key: 'avg', label: 'Avg', title: 'Average Query_time' },
];

const ms = (seconds: number) => formatMs(seconds * 1000);
/** `11-25 10:00:00 UTC`: the year is in the summary's time range and the hover; the zone always. */
const shortTime = (time: string | null) => (time ? slowLogTimeText(time, true) : '—');
const fullTime = (time: string | null) => (time ? slowLogTimeText(time) : '');

/** The log's classes, the top of the chosen ranking, one row each; a row opens its detail. */
export function SlowLogClasses({
  classes,
  own,
  selected,
  onSelect,
}: {
  classes: readonly SlowLogClass[];
  /** Checksums of Sightline's own classes, marked as such. */
  own: ReadonlySet<string>;
  selected: string | null;
  onSelect: (checksum: string) => void;
}) {
  const [by, setBy] = useState<SlowLogRanking>('time');
  const rows = sortSlowLogClasses(classes, by, SLOWLOG_TOP_CLASSES);
  const header = (key: SlowLogRanking, label: string, title: string) => (
    <th key={key} className="num" title={title} aria-sort={by === key ? 'descending' : 'none'}>
      <button type="button" className="btn-link" onClick={() => setBy(key)}>
        {label}
        {by === key ? ' ▼' : ''}
      </button>
    </th>
  );
  return (
    <table className="tune-table slowlog-table" aria-label="Slow log classes">
      <thead>
        <tr>
          <th>Fingerprint</th>
          {SORTABLE.map((c) => header(c.key, c.label, c.title))}
          <th
            className="num"
            title="95th percentile of Query_time, estimated as pt-query-digest does: from buckets 5% wide, so up to 5% below the true value"
          >
            p95
          </th>
          {header('rows-examined', 'Examined', 'Rows examined, in all')}
          <th className="num" title="Rows sent, in all">
            Sent
          </th>
          <th className="num">First seen</th>
          <th className="num">Last seen</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr
            key={c.checksum}
            className={c.checksum === selected ? 'tune-selected' : undefined}
            onClick={() => onSelect(c.checksum)}
            data-testid="slowlog-row"
            data-checksum={c.checksum}
          >
            <td className="tune-text" title={c.fingerprint}>
              {own.has(c.checksum) && (
                <span
                  className="tune-own-mark"
                  title="Sightline's own statements (tagged /* sightline */)"
                  data-testid="slowlog-own-mark"
                >
                  Sightline
                </span>
              )}
              <span className="mono">{c.fingerprint}</span>
            </td>
            <td className="num">{formatExactCount(c.count)}</td>
            <td className="num" title={`${c.queryTime.sum.toFixed(6)} s`}>
              {ms(c.queryTime.sum)}
            </td>
            <td className="num" title={`${c.queryTime.avg.toFixed(6)} s`}>
              {ms(c.queryTime.avg)}
            </td>
            <td
              className="num"
              title={
                // Of one or two values, or equal ones, pt's figure is the largest value itself.
                c.count < 3 || c.queryTime.p95 === c.queryTime.max
                  ? `${c.queryTime.p95.toFixed(6)} s`
                  : `${c.queryTime.p95.toFixed(6)} s (the lower bound of its 5% bucket)`
              }
            >
              {ms(c.queryTime.p95)}
            </td>
            <td className="num" title={formatExactCount(c.rowsExamined.sum)}>
              {formatRows(c.rowsExamined.sum)}
            </td>
            <td className="num" title={formatExactCount(c.rowsSent.sum)}>
              {formatRows(c.rowsSent.sum)}
            </td>
            <td className="num tune-seen" title={fullTime(c.firstSeen)}>
              {shortTime(c.firstSeen)}
            </td>
            <td className="num tune-seen" title={fullTime(c.lastSeen)}>
              {shortTime(c.lastSeen)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
