import type { SlowLogComparison as Comparison } from '../../shared/api/slowlog';
import { formatExactCount } from '../../shared/format/count';
import { formatMs } from '../../shared/explain/format-plan-figures';
import { slowLogTimeText } from '../../shared/slowlog/timestamp';
import { slowLogFilterText, slowLogRatioText } from './slowlog-columns';

const ms = (seconds: number) => formatMs(seconds * 1000);
const signed = (n: number, text: string) => (n > 0 ? `+${text}` : n < 0 ? `−${text}` : text);

const CHANGE_WORDS = {
  new: 'new',
  gone: 'gone',
  slower: 'slower',
  faster: 'faster',
  same: 'about the same',
} as const;

function WindowLine({ name, side }: { name: string; side: Comparison['before'] }) {
  const filter = slowLogFilterText(side.filter);
  return (
    <li>
      <strong>{name}</strong> <span className="mono">{side.path}</span>
      {filter && <span className="mono"> ({filter})</span>}: {formatExactCount(side.entries)}{' '}
      statements in {formatExactCount(side.classesTotal)} classes
      {side.timeRange &&
        `, ${slowLogTimeText(side.timeRange.first)} to ${slowLogTimeText(side.timeRange.last)}`}
      {side.filteredOut > 0 && (
        <span className="hint"> · {formatExactCount(side.filteredOut)} left out by the filter</span>
      )}
    </li>
  );
}

/** Two windows compared: what each held, then every class's change, the largest first. */
export function SlowLogComparison({ comparison: c }: { comparison: Comparison }) {
  const counts = (Object.keys(CHANGE_WORDS) as Array<keyof typeof CHANGE_WORDS>)
    .filter((k) => c.counts[k] > 0)
    .map((k) => `${formatExactCount(c.counts[k])} ${CHANGE_WORDS[k]}`);
  return (
    <div className="slowlog-comparison" data-testid="slowlog-comparison">
      <ul className="slowlog-windows">
        <WindowLine name="Before" side={c.before} />
        <WindowLine name="After" side={c.after} />
      </ul>
      <p className="slowlog-summary" data-testid="slowlog-compare-counts">
        {counts.length > 0 ? `${counts.join(', ')}.` : 'Neither window holds a statement.'}{' '}
        <span className="hint">
          Ranked by the change of total query time; slower or faster when the average moved by 10 %
          and at least 1 ms.
          {c.ownLeftOut > 0 &&
            ` ${formatExactCount(c.ownLeftOut)} classes of Sightline’s own statements left out.`}
        </span>
      </p>
      <div className="tune-table-wrap">
        <table className="tune-table slowlog-table" aria-label="Slow log classes compared">
          <thead>
            <tr>
              <th>Change</th>
              <th>Fingerprint</th>
              <th className="num" title="Statements before → after">
                Count
              </th>
              <th className="num" title="Average Query_time before">
                Avg before
              </th>
              <th className="num" title="Average Query_time after">
                Avg after
              </th>
              <th className="num" title="Average after over average before">
                Ratio
              </th>
              <th className="num" title="Total Query_time after minus before">
                Total change
              </th>
            </tr>
          </thead>
          <tbody>
            {c.classes.map((row) => (
              <tr key={row.checksum} data-testid="slowlog-compare-row" data-change={row.change}>
                <td>
                  <span className={`slowlog-change slowlog-change-${row.change}`}>
                    {CHANGE_WORDS[row.change]}
                  </span>
                </td>
                <td className="tune-text" title={row.fingerprint}>
                  <span className="mono">{row.fingerprint}</span>
                </td>
                <td className="num">
                  {formatExactCount(row.before?.count ?? 0)} →{' '}
                  {formatExactCount(row.after?.count ?? 0)}
                </td>
                <td className="num">{row.before ? ms(row.before.queryTimeAvg) : '—'}</td>
                <td className="num">{row.after ? ms(row.after.queryTimeAvg) : '—'}</td>
                <td className="num">{slowLogRatioText(row)}</td>
                <td className="num" title={`${row.timeChange.toFixed(6)} s`}>
                  {signed(row.timeChange, ms(Math.abs(row.timeChange)))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
